/** What one simulation run found, sync by sync: the data `SimulationResult` holds and renders. */
import { HorizontalPodAutoscalerCondition } from '../status';

/** One metric in one sync. */
export interface MetricStepResult {
  /** The metric, as `HpaSimulator.metricIds` names it. */
  readonly metric: string;
  /**
   * What the controller compared with the target: a whole percent for Utilization, the
   * integer-divided average for AverageValue pod metrics, the (summed) value for Object and
   * External, in base units.
   * @default - the metric failed
   */
  readonly usage?: number;
  /**
   * The replica count this metric proposed (the fallback replicas while the fallback is active).
   * @default - the metric failed
   */
  readonly proposal?: number;
  /**
   * Why the metric failed.
   * @default - it did not fail
   */
  readonly error?: string;
  /** Whether the External fallback's replica count is in use. */
  readonly fallbackActive: boolean;
  /**
   * When the current run of consecutive failures began, in seconds (metrics with a fallback).
   * @default - not failing, or no fallback
   */
  readonly firstFailureTime?: number;
  /**
   * The fallback replica count of an External metric with a fallback.
   * @default - no fallback
   */
  readonly fallbackReplicas?: number;
}

/** One sync of the controller. */
export interface SimulationStep {
  /** Seconds from the start: the sync's place on the period grid (0, syncPeriod, 2 * syncPeriod, ...), where the trace is read. */
  readonly time: number;
  /**
   * Seconds from the first sync's start to this sync's, on the controller's clock: `time` where
   * the release keeps syncs on the period grid; from 1.37 later, as each sync starts one period
   * after the previous one ended, until the drift meets the HPA informer's resync (see
   * `HpaSimulatorOptions.firstSyncDelay`): less than one period later.
   */
  readonly syncStart: number;
  /** The target's replicas when the sync began. */
  readonly currentReplicas: number;
  /** The target's replicas after the sync. */
  readonly replicas: number;
  /** `status.desiredReplicas` after the sync. */
  readonly desiredReplicas: number;
  /** Per-metric results; empty when the sync did not read the metrics (min/max correction, scaling disabled). */
  readonly metrics: MetricStepResult[];
  /** `status.conditions` after the sync. */
  readonly conditions: HorizontalPodAutoscalerCondition[];
  /** Whether the sync returned an error (a metric failed, whether or not it blocked scaling). */
  readonly reportedError: boolean;
  /**
   * The error the sync returned.
   * @default - none
   */
  readonly error?: string;
}

/** Where the request a Utilization metric's usages were compared with came from. */
export enum PodRequestSource {
  /** `HpaSimulatorOptions.podRequests` (`--pod-request` on the command line). */
  POD_REQUESTS = 'podRequests',
  /**
   * The target workload's pod template (`HpaSimulatorOptions.workload`), read as the controller
   * reads the pods' requests: a replay of recorded history, whose usages are in base units.
   */
  WORKLOAD = 'workload',
  /** None known (or a trace, whose usages are percent unless `podRequests` says otherwise): 100, so usages read as percent of the request. */
  PERCENT = 'percent',
}

/** A metric as the result describes it. */
export interface SimulatedMetric {
  /** The metric's id. */
  readonly id: string;
  /** `Resource`, `ContainerResource`, `Pods`, `Object` or `External`. */
  readonly type: string;
  /** `Utilization`, `AverageValue` or `Value`. */
  readonly targetType: string;
  /** The target, in the units of `MetricStepResult.usage`. */
  readonly target: number;
  /**
   * For a Utilization metric, the request of each pod (for ContainerResource: of its container)
   * that the run compared usages with, in the usages' unit: cores or bytes, or 100 for usages
   * in percent.
   * @default - not a Utilization metric
   */
  readonly request?: number;
  /**
   * For a Utilization metric, where `request` came from.
   * @default - not a Utilization metric
   */
  readonly requestSource?: PodRequestSource;
  /**
   * For a Utilization metric, the request the target workload's pods have for its resource, as
   * the controller sums their containers' (in base units: cores, bytes), whether or not the run
   * used it.
   * @default - no workload was given, or it requests no such resource
   */
  readonly workloadRequest?: number;
}

/** @internal */
export interface SimulationResultProps {
  readonly name: string;
  readonly minReplicas: number;
  readonly maxReplicas: number;
  readonly metrics: SimulatedMetric[];
  readonly steps: SimulationStep[];
  /** The workload whose requests the simulator read, as `Kind/name`. */
  readonly workload?: string;
  /** Per metric, for a Utilization metric, its resource and the key of `podRequests` that gives (or would give) its request. */
  readonly requestKeys?: ReadonlyArray<RequestKey | undefined>;
  /** Whether the run read a trace (usages in percent unless `podRequests` gives the request), not recorded history. */
  readonly trace?: boolean;
}

/**
 * A Utilization metric's resource and the key of `podRequests` that gives, or would give, its request (`cpu`, `app/cpu`).
 * @internal
 */
export interface RequestKey {
  readonly resource: string;
  readonly key: string;
}
