import { ApiObject, Duration } from 'cdk8s';
import { ClusterProfile } from '../cluster-profile';
import { HorizontalPodAutoscalerV2 } from '../horizontal-pod-autoscaler-v2';
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS, DEFAULT_TOLERANCE } from '../private/constants';
import { durationSeconds } from '../private/duration';
import { GATE_SCALE_TO_ZERO } from '../private/kubernetes-releases';
import { ConditionType, HorizontalPodAutoscalerCondition } from '../status';
import { Conditions } from './conditions';
import { decodeSpec, SimMetric, SimSpec, toMilli } from './hpa-spec';
import { MetricObservation } from './metric-observation';
import {
  convertDesiredReplicasWithBehaviorRate, convertDesiredReplicasWithRules, Recommendation, ScaleEvent,
  stabilizeRecommendation, stabilizeWithBehaviors, storeScaleEvent,
} from './normalization';
import { computeProposal, Tolerances } from './replica-calculator';
import { MetricStepResult, SimulationResult, SimulationStep } from './simulation-result';
import { SimulationTrace } from './simulation-trace';

/** The controller's `--horizontal-pod-autoscaler-sync-period` default, in seconds. */
const DEFAULT_SYNC_PERIOD_SECONDS = 15;
/** The first release whose controller uses the ScaledToZero condition (KEP-2021 rework). */
const SCALED_TO_ZERO_CONDITION_SINCE_MINOR = 36;
/** A request that makes usages read as percentages of it. */
const DEFAULT_POD_REQUEST = 100;

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
   * The wall-clock time of simulation time 0, for `lastTransitionTime` (RFC 3339).
   * @default '1970-01-01T00:00:00Z'
   */
  readonly startTime?: string;
}

/** Options of `HpaSimulator.run()`. */
export interface SimulationRunOptions {
  /** The last sync time, in seconds; syncs run at 0, syncPeriod, 2 * syncPeriod, ... up to it. */
  readonly until: number;
}

/**
 * Replays the HPA controller's decisions for an autoscaling/v2 HPA over a metric trace, sync
 * by sync.
 *
 * A port of the rules of kube-controller-manager's `horizontal.go` and `replica_calculator.go`:
 * per-metric proposals with the tolerance band, the maximum over metrics (a failing metric
 * blocks scale-down, not scale-up), stabilization windows, scaling policies and `selectPolicy`
 * with `behavior` (defaulted as the API server defaults it) or the older path without it,
 * min/max clamping, the status conditions, scale to zero and External-metric fallback. All pods
 * are assumed Running and Ready. Pure and deterministic: the same inputs give the same steps.
 *
 * @example
 * declare const hpa: HorizontalPodAutoscalerV2;
 * const result = HpaSimulator.fromConstruct(hpa).run(
 *   SimulationTrace.create()
 *     .at(0, 'cpu', MetricObservation.perPodUsage(50))
 *     .at(60, 'cpu', MetricObservation.perPodUsage(200)),
 *   { until: 600 });
 * const csv = result.toCsv();
 */
export class HpaSimulator {
  /** A simulator for an `autoscaling/v2` HorizontalPodAutoscaler manifest (a plain object). */
  public static fromManifest(manifest: any, options: HpaSimulatorOptions = {}): HpaSimulator {
    return new HpaSimulator(manifest, options, options.cluster ?? ClusterProfile.of());
  }

  /** A simulator for an HPA construct, from the manifest it renders, with its cluster profile. */
  public static fromConstruct(hpa: HorizontalPodAutoscalerV2, options: HpaSimulatorOptions = {}): HpaSimulator {
    const resource = hpa.node.findChild('Resource') as ApiObject;
    return new HpaSimulator(resource.toJson(), options, options.cluster ?? hpa.cluster);
  }

  private readonly spec: SimSpec;
  private readonly profile: ClusterProfile;
  private readonly syncPeriod: number;
  private readonly downscaleWindow: number;
  private readonly options: HpaSimulatorOptions;

  private constructor(manifest: any, options: HpaSimulatorOptions, profile: ClusterProfile) {
    this.options = options;
    this.profile = profile;
    this.syncPeriod = options.syncPeriod ? durationSeconds(options.syncPeriod) : DEFAULT_SYNC_PERIOD_SECONDS;
    if (!(this.syncPeriod > 0)) throw new Error('HpaSimulator: syncPeriod must be positive');
    this.downscaleWindow = options.downscaleStabilization
      ? durationSeconds(options.downscaleStabilization) : DEFAULT_DOWNSCALE_STABILIZATION_SECONDS;
    // SetDefaults_HPAControllerConfiguration: a tolerance of 0 is replaced by the default.
    const tolerance = options.tolerance ? options.tolerance : DEFAULT_TOLERANCE;
    this.spec = decodeSpec(manifest, profile, { tolerance, downscaleStabilizationSeconds: this.downscaleWindow });
  }

  /** How traces and results name the spec's metrics, in spec order. */
  public get metricIds(): string[] {
    return this.spec.metrics.map(m => m.id);
  }

  /** Runs the controller over `trace`, one sync per period from time 0 to `until`. */
  public run(trace: SimulationTrace, options: SimulationRunOptions): SimulationResult {
    const run = new Run(this.spec, this.profile, this.options, this.downscaleWindow, trace);
    const steps: SimulationStep[] = [];
    // Integer sync counter: no drift from adding floating periods.
    for (let k = 0; k * this.syncPeriod <= options.until; k++) {
      steps.push(run.sync(k * this.syncPeriod));
    }
    return SimulationResult._create({
      name: this.spec.name,
      minReplicas: this.spec.minReplicas,
      maxReplicas: this.spec.maxReplicas,
      metrics: this.spec.metrics.map(m => ({ id: m.id, type: m.type, targetType: m.targetType, target: displayTarget(m) })),
      steps,
    });
  }
}

function displayTarget(m: SimMetric): number {
  return m.targetType === 'Utilization' ? m.target : m.target / 1000;
}

/** What a metric reports over time, read with a cursor since syncs only move forward. */
class ObservationCursor {
  private next = 0;
  private current: MetricObservation | undefined;
  constructor(private readonly entries: Array<{ time: number; observation: MetricObservation }>) {}
  public at(time: number): MetricObservation | undefined {
    while (this.next < this.entries.length && this.entries[this.next].time <= time) {
      this.current = this.entries[this.next++].observation;
    }
    return this.current;
  }
}

const FAILED_GET_REASON: { [type: string]: string } = {
  Resource: 'FailedGetResourceMetric',
  ContainerResource: 'FailedGetContainerResourceMetric',
  Pods: 'FailedGetPodsMetric',
  Object: 'FailedGetObjectMetric',
  External: 'FailedGetExternalMetric',
};

/** The state of one run: what the controller keeps in memory and in the HPA status. */
class Run {
  private current: number;
  private statusDesired: number;
  private readonly conditions: Conditions;
  private recommendations: Recommendation[] | undefined;
  private readonly upEvents: ScaleEvent[] = [];
  private readonly downEvents: ScaleEvent[] = [];
  private readonly firstFailure: Array<number | undefined>;
  private readonly cursors: ObservationCursor[];
  private readonly manual: Array<{ time: number; replicas: number }>;
  private manualNext = 0;
  private readonly requests: number[];
  private readonly tolerances: Tolerances;
  private readonly gateZero: boolean;
  private readonly conditionBasedZero: boolean;
  private readonly hasFallback: boolean;
  private readonly validMessages: string[];

  constructor(
    private readonly spec: SimSpec,
    profile: ClusterProfile,
    options: HpaSimulatorOptions,
    private readonly downscaleWindow: number,
    trace: SimulationTrace,
  ) {
    this.current = options.initialReplicas ?? (spec.minReplicas > 0 ? spec.minReplicas : 1);
    this.statusDesired = this.current;
    const start = Date.parse(options.startTime ?? '1970-01-01T00:00:00Z');
    if (Number.isNaN(start)) throw new Error(`HpaSimulator: startTime ${JSON.stringify(options.startTime)} is not an RFC 3339 time`);
    this.conditions = new Conditions(options.initialConditions ?? [],
      seconds => new Date(start + seconds * 1000).toISOString().replace(/\.000Z$/, 'Z'));
    this.firstFailure = spec.metrics.map(() => undefined);
    const byId = new Map(spec.metrics.map(m => [m.id, [] as Array<{ time: number; observation: MetricObservation }>]));
    for (const e of trace.entries) {
      const list = byId.get(e.metric);
      if (!list) {
        throw new Error(`HpaSimulator: the trace names metric ${JSON.stringify(e.metric)}; the HPA's metrics are ${spec.metrics.map(m => JSON.stringify(m.id)).join(', ')}`);
      }
      list.push({ time: e.time, observation: e.observation });
    }
    this.cursors = spec.metrics.map(m => new ObservationCursor(byId.get(m.id)!));
    this.manual = trace.manualScales;
    const requests = options.podRequests ?? {};
    this.requests = spec.metrics.map(m => toMilli(
      (m.container !== undefined ? requests[`${m.container}/${m.resource}`] : undefined)
      ?? (m.resource !== undefined ? requests[m.resource] : undefined)
      ?? DEFAULT_POD_REQUEST));
    this.tolerances = spec.tolerance;
    this.gateZero = profile.isGateEnabled(GATE_SCALE_TO_ZERO);
    this.conditionBasedZero = profile.minor >= SCALED_TO_ZERO_CONDITION_SINCE_MINOR;
    this.hasFallback = spec.metrics.some(m => m.fallback !== undefined);
    this.validMessages = spec.metrics.map(m => `the HPA was able to successfully calculate a replica count from ${m.id}`);
  }

  /** One `reconcileAutoscaler`. */
  public sync(now: number): SimulationStep {
    while (this.manualNext < this.manual.length && this.manual[this.manualNext].time <= now) {
      this.current = this.manual[this.manualNext++].replicas;
    }
    const spec = this.spec;
    const conds = this.conditions;
    const current = this.current;
    const min = spec.minReplicas;
    const max = spec.maxReplicas;
    conds.set(ConditionType.ABLE_TO_SCALE, true, 'SucceededGetScale', "the HPA controller was able to get the target's current scale", now);
    if (!this.recommendations) this.recommendations = [{ recommendation: current, timestamp: now }];

    const s2z = this.gateZero && conds.isTrue(ConditionType.SCALED_TO_ZERO);
    let path: 'disabled' | 'max' | 'min' | 'metrics';
    if (current === 0 && this.conditionBasedZero) {
      path = s2z && (min !== 0 || spec.hasObjectOrExternal) ? 'metrics' : 'disabled';
    } else if (current === 0 && min !== 0) {
      path = 'disabled';
    } else if (current > max) {
      path = 'max';
    } else if (current < min) {
      path = 'min';
    } else {
      path = 'metrics';
    }

    let desired = 0;
    let rescale = true;
    let error: string | undefined;
    let metricResults: MetricStepResult[] = [];

    if (path === 'disabled') {
      desired = 0;
      rescale = false;
      conds.set(ConditionType.SCALING_ACTIVE, false, 'ScalingDisabled', 'scaling is disabled since the replica count of the target is zero', now);
      if (this.conditionBasedZero && !this.gateZero) conds.remove(ConditionType.SCALED_TO_ZERO);
    } else if (path === 'max') {
      desired = max;
    } else if (path === 'min') {
      desired = min;
    } else {
      const computed = this.computeReplicasForMetrics(now, current);
      metricResults = computed.results;
      if (computed.blocked) {
        // Blocked: no scale, nothing recorded, status.desiredReplicas kept.
        return this.step(now, current, current, this.statusDesired, metricResults, computed.error);
      }
      error = computed.error;
      desired = Math.max(0, computed.replicas);
      desired = spec.behavior
        ? this.normalizeWithBehaviors(now, current, desired)
        : this.normalizeWithoutBehavior(now, current, desired);
      if (current === 0 && min !== 0 && s2z && desired < min) {
        desired = min;
        conds.set(ConditionType.SCALING_LIMITED, true, 'TooFewReplicas', 'the desired replica count is less than the minimum replica count', now);
      }
      rescale = desired !== current;
    }

    if (rescale) {
      conds.set(ConditionType.ABLE_TO_SCALE, true, 'SucceededRescale', `the HPA controller was able to update the target scale to ${desired}`, now);
      if (spec.behavior) {
        storeScaleEvent(this.upEvents, this.downEvents, spec.behavior.scaleUp, spec.behavior.scaleDown, current, desired, now);
      }
      if (this.conditionBasedZero) {
        if (!this.gateZero) {
          conds.remove(ConditionType.SCALED_TO_ZERO);
        } else if (current > 0 && desired === 0 && min === 0 && spec.hasObjectOrExternal) {
          conds.set(ConditionType.SCALED_TO_ZERO, true, 'ScaledToZero', 'the HPA scaled the target to zero', now);
        } else {
          conds.set(ConditionType.SCALED_TO_ZERO, false, 'NotScaledToZero', 'the target is not scaled to zero by the HPA', now);
        }
      }
      this.current = desired;
    } else {
      desired = current;
    }
    this.statusDesired = desired;
    return this.step(now, current, this.current, desired, metricResults, error);
  }

  private step(time: number, currentReplicas: number, replicas: number, desiredReplicas: number,
    metrics: MetricStepResult[], error: string | undefined): SimulationStep {
    return {
      time,
      currentReplicas,
      replicas,
      desiredReplicas,
      metrics,
      conditions: this.conditions.snapshot(),
      reportedError: error !== undefined,
      error,
    };
  }

  /** `computeReplicasForMetrics`, with the External fallback of KEP-5679. */
  private computeReplicasForMetrics(now: number, current: number) {
    const spec = this.spec;
    let replicas = 0;
    let invalid = 0;
    let firstError: string | undefined;
    let firstReason = '';
    let chosen = -1;
    let anyFallback = false;
    const results: MetricStepResult[] = [];
    for (let i = 0; i < spec.metrics.length; i++) {
      const metric = spec.metrics[i];
      const p = computeProposal({
        metric,
        observation: this.cursors[i].at(now),
        currentReplicas: current,
        tolerances: this.tolerances,
        requestMilli: this.requests[i],
      });
      let proposal = p.replicas;
      let fallbackActive = false;
      if (metric.fallback) {
        if (p.error !== undefined) {
          if (this.firstFailure[i] === undefined) this.firstFailure[i] = now;
          if (now - this.firstFailure[i]! >= metric.fallback.failureDurationSeconds) {
            proposal = metric.fallback.replicas;
            fallbackActive = true;
            anyFallback = true;
          }
        } else {
          this.firstFailure[i] = undefined;
        }
      }
      results.push({
        metric: metric.id,
        usage: p.usage,
        proposal,
        error: p.error,
        fallbackActive,
        firstFailureTime: this.firstFailure[i],
        fallbackReplicas: metric.fallback?.replicas,
      });
      if (proposal === undefined) {
        if (invalid === 0) {
          firstReason = FAILED_GET_REASON[metric.type];
          firstError = `failed to get ${metric.id} ${metric.type} metric value: ${p.error}`;
        }
        invalid++;
        continue;
      }
      if (replicas === 0 || proposal > replicas) {
        replicas = proposal;
        chosen = i;
      }
    }
    if (this.hasFallback) {
      this.conditions.set(ConditionType.EXTERNAL_METRIC_FALLBACK_ACTIVE, anyFallback,
        anyFallback ? 'FallbackActive' : 'FallbackInactive',
        anyFallback ? 'an External metric is failing and its fallback replica count is in use' : 'no External metric is using its fallback replica count', now);
    }
    const error = invalid > 0 ? `invalid metrics (${invalid} invalid out of ${spec.metrics.length}), first error is: ${firstError}` : undefined;
    const blocked = invalid >= spec.metrics.length || (invalid > 0 && replicas < current);
    if (blocked) {
      this.conditions.set(ConditionType.SCALING_ACTIVE, false, firstReason, `the HPA was unable to compute the replica count: ${firstError}`, now);
    } else {
      this.conditions.set(ConditionType.SCALING_ACTIVE, true, 'ValidMetricFound', this.validMessages[Math.max(chosen, 0)], now);
    }
    return { replicas, blocked, error, results };
  }

  /** `normalizeDesiredReplicas` (no behavior). */
  private normalizeWithoutBehavior(now: number, current: number, desired: number): number {
    const stabilized = stabilizeRecommendation(this.recommendations!, now, this.downscaleWindow, desired);
    if (stabilized !== desired) {
      this.conditions.set(ConditionType.ABLE_TO_SCALE, true, 'ScaleDownStabilized', 'recent recommendations were higher than current one, applying the highest recent recommendation', now);
    } else {
      this.conditions.set(ConditionType.ABLE_TO_SCALE, true, 'ReadyForNewScale', 'recommended size matches current size', now);
    }
    const out = convertDesiredReplicasWithRules(current, stabilized, this.spec.minReplicas, this.spec.maxReplicas);
    this.conditions.set(ConditionType.SCALING_LIMITED, out.replicas !== stabilized, out.reason, out.message, now);
    return out.replicas;
  }

  /** `normalizeDesiredReplicasWithBehaviors`. */
  private normalizeWithBehaviors(now: number, current: number, desired: number): number {
    const b = this.spec.behavior!;
    const stabilized = stabilizeWithBehaviors(this.recommendations!, now, current, desired, b.scaleUp, b.scaleDown);
    if (stabilized.replicas !== desired) {
      this.conditions.set(ConditionType.ABLE_TO_SCALE, true, stabilized.reason, stabilized.message, now);
    } else {
      this.conditions.set(ConditionType.ABLE_TO_SCALE, true, 'ReadyForNewScale', 'recommended size matches current size', now);
    }
    const out = convertDesiredReplicasWithBehaviorRate({
      current,
      desired: stabilized.replicas,
      min: this.spec.minReplicas,
      max: this.spec.maxReplicas,
      up: b.scaleUp,
      down: b.scaleDown,
      upEvents: this.upEvents,
      downEvents: this.downEvents,
      now,
    });
    this.conditions.set(ConditionType.SCALING_LIMITED, out.replicas !== stabilized.replicas, out.reason, out.message, now);
    return out.replicas;
  }
}
