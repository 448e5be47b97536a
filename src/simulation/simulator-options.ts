import { Duration } from 'cdk8s';
import { ClusterProfile } from '../cluster-profile';
import { HorizontalPodAutoscalerCondition } from '../status';

/** Options of `HpaSimulator`: the cluster, the controller's flags and the starting state. */
export interface HpaSimulatorOptions {
  /**
   * The cluster: its version and gates decide whether `tolerance` is read (HPAConfigurableTolerance),
   * whether scale to zero follows the ScaledToZero condition (HPAScaleToZero, 1.36+) and whether
   * External fallbacks apply (HPAExternalMetricFallback).
   *
   * @default - the HPA's own profile for `fromConstruct`, else the newest release the library knows with its default gates
   */
  readonly cluster?: ClusterProfile;

  /**
   * `--horizontal-pod-autoscaler-sync-period`: the time between syncs.
   * @default Duration.seconds(15)
   */
  readonly syncPeriod?: Duration;

  /**
   * `--horizontal-pod-autoscaler-tolerance`, both directions. As in the controller, 0 means the default.
   * @default 0.1
   */
  readonly tolerance?: number;

  /**
   * `--horizontal-pod-autoscaler-downscale-stabilization`: the window without `behavior`, and
   * the scale-down window when `behavior.scaleDown.stabilizationWindowSeconds` is unset.
   * @default Duration.minutes(5)
   */
  readonly downscaleStabilization?: Duration;

  /**
   * The target's replicas before the first sync.
   * @default - `minReplicas`, or 1 when `minReplicas` is 0
   */
  readonly initialReplicas?: number;

  /**
   * The HPA's conditions before the first sync, e.g. `ScaledToZero=True` for a target the HPA
   * scaled to zero before.
   * @default - none
   */
  readonly initialConditions?: HorizontalPodAutoscalerCondition[];

  /**
   * The request each pod (for ContainerResource: the container) has, by resource name (or
   * `container/resource`), in the unit of the usages in the trace. Used by Utilization targets.
   * @default - 100 for every resource: usages read as percentages of the request
   */
  readonly podRequests?: { [resource: string]: number };

  /**
   * The HPA's scale target, as a manifest (a Deployment, StatefulSet, ... as written, or as read
   * from a cluster). A replay of recorded history, whose usages are in base units (cores, bytes),
   * compares a Utilization metric's usages with the requests of its pod template, read as the
   * controller reads the pods' requests (every container it counts, native sidecars and
   * pod-level requests as the cluster's release and gates have it; for ContainerResource, the
   * container's), unless `podRequests` gives the request. A trace's usages are percent unless
   * `podRequests` says otherwise. Each result's `SimulatedMetric` says which request a run used.
   * @default - for `fromConstruct`, the HPA's target when it is a workload of the construct tree; else none
   */
  readonly workload?: any;

  /**
   * Simulate even when the HPA has validation errors. Without it, `fromManifest` and
   * `fromConstruct` refuse such an HPA (a controller given `minReplicas: 3, maxReplicas: 2`
   * oscillates in ways no cluster would show) with an error listing the issues.
   * @default false
   */
  readonly skipValidation?: boolean;

  /**
   * How long the controller's API calls take (`--api-latency scale=40ms,metrics=10ms` on the
   * command line): each sync lasts as long as its calls.
   * @default - 40 ms per scale read or update, 10 ms per metrics read
   */
  readonly apiLatency?: ControllerApiLatency;

  /**
   * From the HPA informer's start to the first sync (`--first-sync-delay`). From 1.37 syncs drift
   * by their own duration until the drift and this delay add up to one sync period; from then on
   * the informer's resync, every period from its start, holds them on its grid.
   * @default Duration.millis(100)
   */
  readonly firstSyncDelay?: Duration;

  /**
   * The wall-clock time of simulation time 0, for `lastTransitionTime` (RFC 3339).
   * @default '1970-01-01T00:00:00Z'
   */
  readonly startTime?: string;
}

/**
 * How long the controller's API calls take, in a cluster: they decide when each sync starts
 * (from 1.37 a sync starts one period after the previous one ended) and which recommendations
 * and scale events are in a window at its exact edge.
 */
export interface ControllerApiLatency {
  /**
   * One read or update of the target's scale subresource.
   * @default Duration.millis(40)
   */
  readonly scale?: Duration;

  /**
   * One metrics read (one per metric of the HPA, each sync that reads the metrics).
   * @default Duration.millis(10)
   */
  readonly metrics?: Duration;
}

/** Options of `HpaSimulator.run()`. */
export interface SimulationRunOptions {
  /** The last sync time, in seconds; syncs run at 0, syncPeriod, 2 * syncPeriod, ... up to it. */
  readonly until: number;
}
