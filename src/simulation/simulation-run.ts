/**
 * One simulation: the controller's state and its `reconcileAutoscaler`, sync by sync. Loaded on
 * the first `HpaSimulator` use, to keep `require('cdk8s-hpa')` light.
 */
import { ClusterFacts } from '../model/cluster-facts';
import { toMilli } from '../model/quantity';
import { GATE_SCALE_TO_ZERO, KubernetesRelease } from '../private/kubernetes-releases';
import { ConditionType } from '../status';
import { Conditions, FAILED_GET_REASON } from './conditions';
import { SimMetric, SimSpec } from './hpa-spec';
import { MetricObservation } from './metric-observation';
import {
  clampToBehaviorWindows, convertDesiredReplicasWithBehaviorRate, convertDesiredReplicasWithRules, maxOverDownscaleWindow,
  outsideBehaviorWindows, outsideDownscaleWindow, Recommendation, ScaleEvent, stabilizeRecommendation, stabilizeWithBehaviors,
  secondsSince, storeScaleEvent,
} from './normalization';
import { combineProposals, computeProposal, DEFAULT_POD_REQUEST, MetricProposal, Tolerances } from './replica-calculator';
import { MetricStepResult, SimulationStep } from './simulation-step';
import { SimulationTrace } from './simulation-trace';
import { HpaSimulatorOptions } from './simulator-options';
import { SyncCalls, SyncClock, syncLatencies, SyncLatencies } from './sync-timing';

/**
 * What one metric reports over time, read forward as the syncs move on: a trace's entries, or a
 * history read step by step.
 */
export interface ObservationSource {
  /** When `at` returns another observation next; Infinity when it never does. */
  readonly nextChange: number;
  /** What the metric reports at `time` (never earlier than the last call's); undefined: nothing yet, it fails. */
  at(time: number): MetricObservation | undefined;
}

/** What a run reads besides the spec: each metric's observations (spec order), the manual scales. */
export interface RunInput {
  readonly sources: readonly ObservationSource[];
  readonly manual: ReadonlyArray<{ readonly time: number; readonly replicas: number }>;
}

/** A trace's entries as the run reads them; throws on a metric the spec does not have. */
export function traceInput(spec: SimSpec, trace: SimulationTrace): RunInput {
  const byId = new Map(spec.metrics.map(m => [m.id, [] as Array<{ time: number; observation: MetricObservation }>]));
  for (const e of trace.entries) {
    const list = byId.get(e.metric);
    if (!list) {
      throw new Error(`HpaSimulator: the trace names metric ${JSON.stringify(e.metric)}; the HPA's metrics are ${spec.metrics.map(m => JSON.stringify(m.id)).join(', ')}`);
    }
    list.push({ time: e.time, observation: e.observation });
  }
  return { sources: spec.metrics.map(m => new ObservationCursor(byId.get(m.id)!)), manual: trace.manualScales };
}

/**
 * The request of each pod (each container for ContainerResource) that a Utilization metric's
 * usage is compared with, in the unit of the usages: `podRequests` by `container/resource`, then
 * by resource, else 100.
 */
export function podRequest(m: SimMetric, podRequests: { readonly [resource: string]: number } | undefined): number {
  const requests = podRequests ?? {};
  return (m.container !== undefined ? requests[`${m.container}/${m.resource}`] : undefined)
    ?? (m.resource !== undefined ? requests[m.resource] : undefined)
    ?? DEFAULT_POD_REQUEST;
}

/** What a metric reports over time, read with a cursor since syncs only move forward. */
class ObservationCursor implements ObservationSource {
  private next = 0;
  private current: MetricObservation | undefined;
  constructor(private readonly entries: Array<{ time: number; observation: MetricObservation }>) {}
  public at(time: number): MetricObservation | undefined {
    while (this.next < this.entries.length && this.entries[this.next].time <= time) {
      this.current = this.entries[this.next++].observation;
    }
    return this.current;
  }

  /** When the observation changes next (`at` returns another entry from then on). */
  public get nextChange(): number {
    return this.next < this.entries.length ? this.entries[this.next].time : Infinity;
  }
}

/**
 * Syncs that repeat one that did not scale: the step they repeat, and what could end the
 * repetition. Such a sync leaves what the next one reads as it found it or as that one would
 * leave it: the replica count and status, each metric's last result and first failure, the
 * conditions (set again to the same: no sync sets a condition to two statuses in turn). So with
 * the same observations the next syncs find the same, until an observation or a manual scale is
 * due, a failing metric's fallback starts, or a recommendation leaves a stabilization window
 * and the stabilization gives another count.
 */
interface Hold {
  readonly step: SimulationStep;
  /** The first time an observation or a manual scale is due. */
  readonly until: number;
  /** The metrics whose fallback is not active yet though they fail. */
  readonly pendingFallbacks: number[];
  /** The proposal each sync stabilizes and records, and what the stabilization gave; none when no sync records one. */
  readonly stabilization: Stabilization | undefined;
  /**
   * The recommendations other than the proposal: the stabilization over them and the proposal
   * is the stabilization over all (more proposals change neither a min nor a max).
   */
  readonly others: Recommendation[];
  /** The clocks of the repeated syncs, whose proposals are recorded when the repetition ends. */
  readonly clocks: number[];
  /** The API calls of each repeated sync: the held one's. */
  readonly calls: SyncCalls;
}

/** One sync's stabilization: the proposal it recorded and the count it gave. */
interface Stabilization {
  readonly desired: number;
  readonly replicas: number;
}

/** The state of one run: what the controller keeps in memory and in the HPA status. */
export class Run {
  private current: number;
  private statusDesired: number;
  private readonly latencies: SyncLatencies;
  /** The controller's clock, from the first sync on (see `syncs`). */
  private clock!: SyncClock;
  /** The API calls of the last full sync. */
  private calls: SyncCalls = { metricReads: 0, rescaled: false };
  private readonly conditions: Conditions;
  private recommendations: Recommendation[] | undefined;
  private readonly upEvents: ScaleEvent[] = [];
  private readonly downEvents: ScaleEvent[] = [];
  private readonly firstFailure: Array<number | undefined>;
  private readonly cursors: readonly ObservationSource[];
  private readonly manual: RunInput['manual'];
  private manualNext = 0;
  private readonly requests: number[];
  private readonly tolerances: Tolerances;
  private readonly gateZero: boolean;
  private readonly conditionBasedZero: boolean;
  private readonly hasFallback: boolean;
  private readonly validMessages: string[];
  /**
   * The last sync's per-metric results. A sync whose results equal them (most syncs between
   * two observations) shares the same objects: a week of syncs keeps one set per change.
   */
  private lastResults: MetricStepResult[] = [];
  /** Each metric's last proposal, with the observation and replica count it was computed for. */
  private readonly proposals: Array<{ observation: MetricObservation | undefined; current: number; proposal: MetricProposal } | undefined> = [];
  /** The last sync's stabilization, if it had one. */
  private lastStabilization: Stabilization | undefined;
  /** Each metric's proposal in the current sync (fallbacks in place of failing metrics). */
  private readonly proposed: Array<number | undefined>;

  private readonly release: KubernetesRelease;

  constructor(
    private readonly spec: SimSpec,
    cluster: ClusterFacts,
    options: HpaSimulatorOptions,
    private readonly downscaleWindow: number,
    input: RunInput,
  ) {
    this.current = options.initialReplicas ?? (spec.minReplicas > 0 ? spec.minReplicas : 1);
    // A new HPA's status is empty: a first sync whose metrics all fail leaves desiredReplicas at 0.
    this.statusDesired = 0;
    this.release = cluster.release;
    this.latencies = syncLatencies(options);
    const start = Date.parse(options.startTime ?? '1970-01-01T00:00:00Z');
    if (Number.isNaN(start)) throw new Error(`HpaSimulator: startTime ${JSON.stringify(options.startTime)} is not an RFC 3339 time`);
    this.conditions = new Conditions(options.initialConditions ?? [],
      seconds => new Date(start + seconds * 1000).toISOString().replace(/\.000Z$/, 'Z'));
    this.firstFailure = spec.metrics.map(() => undefined);
    this.proposed = spec.metrics.map(() => undefined);
    this.cursors = input.sources;
    this.manual = input.manual;
    this.requests = spec.metrics.map(m => toMilli(podRequest(m, options.podRequests)));
    this.tolerances = spec.tolerance;
    this.gateZero = cluster.gatesOn[GATE_SCALE_TO_ZERO];
    this.conditionBasedZero = cluster.release.controller.scaledToZeroCondition;
    this.hasFallback = spec.metrics.some(m => m.fallback !== undefined);
    this.validMessages = spec.metrics.map(m => `the HPA was able to successfully calculate a replica count from ${m.id}`);
  }

  /**
   * The syncs at 0, `period`, 2 * `period`, ... up to `until`. With `fastForward`, a sync that
   * would repeat the last one (see `Hold`) only checks its stabilization and repeats its step.
   */
  public syncs(period: number, until: number, fastForward: boolean): SimulationStep[] {
    const steps: SimulationStep[] = [];
    this.clock = new SyncClock(this.release, period, this.latencies);
    let hold: Hold | undefined;
    // Integer sync counter: no drift from adding floating periods.
    for (let k = 0; k * period <= until; k++) {
      const now = k * period;
      if (hold !== undefined) {
        if (this.repeats(hold, now)) {
          steps.push({ ...hold.step, time: now, syncStart: this.clock.start });
          this.clock.next(hold.calls);
          continue;
        }
        this.recordHeld(hold);
      }
      const step = this.sync(now);
      this.clock.next(this.calls);
      hold = fastForward && step.replicas === step.currentReplicas ? this.hold(step, now, (k + 1) * period) : undefined;
      steps.push(step);
    }
    return steps;
  }

  /**
   * What could end a repetition of `step`, the sync at `now`; undefined when it cannot repeat,
   * or not even at `next`, the next sync (a trace that changes every sync builds no hold).
   */
  private hold(step: SimulationStep, now: number, next: number): Hold | undefined {
    const stabilization = this.lastStabilization;
    // With behaviors, a stabilized count other than the current one meets the rate limits,
    // which change as scale events age.
    if (stabilization !== undefined && this.spec.behavior && stabilization.replicas !== step.currentReplicas) return undefined;
    let until = this.manualNext < this.manual.length ? this.manual[this.manualNext].time : Infinity;
    for (const cursor of this.cursors) until = Math.min(until, cursor.nextChange);
    if (!(next < until)) return undefined;
    const pendingFallbacks: number[] = [];
    this.spec.metrics.forEach((m, i) => {
      if (m.fallback && this.firstFailure[i] !== undefined && !this.fallbackDue(i, now)) pendingFallbacks.push(i);
    });
    const others = stabilization ? this.recommendations!.filter(r => r.recommendation !== stabilization.desired) : [];
    return { step, until, pendingFallbacks, stabilization, others, clocks: [], calls: this.calls };
  }

  /**
   * Whether the sync at `now` repeats the held step: the stabilization gives the same count.
   * Then its clock moves on as the sync's would, and its proposal waits to be recorded.
   */
  private repeats(hold: Hold, now: number): boolean {
    if (!(now < hold.until)) return false;
    for (const i of hold.pendingFallbacks) if (this.fallbackDue(i, now)) return false;
    const clock = this.clock.decided(hold.calls.metricReads);
    const held = hold.stabilization;
    if (held !== undefined) {
      if (hold.others.length > 0) {
        const b = this.spec.behavior;
        const s = b ? clampToBehaviorWindows(hold.others, clock, this.current, held.desired, b.scaleUp, b.scaleDown)
          : maxOverDownscaleWindow(hold.others, clock, this.downscaleWindow, held.desired);
        if (s.replicas !== held.replicas) return false;
      }
      hold.clocks.push(clock);
    }
    return true;
  }

  /**
   * Records the proposals of the repeated syncs. Each sync would have put its proposal in the
   * place of a recommendation out of every window, which stays out: the recommendations a later
   * stabilization reads are the same when the ones out of every window at the last repeated
   * sync are dropped and the proposals still in a window are added.
   */
  private recordHeld(hold: Hold): void {
    const clocks = hold.clocks;
    if (hold.stabilization === undefined || clocks.length === 0) return;
    const last = clocks[clocks.length - 1];
    const recs = this.recommendations!.filter(r => !this.outsideEveryWindow(secondsSince(last, r.timestamp)));
    // The clocks increase: the proposals still in a window are the last ones.
    let first = clocks.length;
    while (first > 0 && !this.outsideEveryWindow(secondsSince(last, clocks[first - 1]))) first--;
    for (let i = first; i < clocks.length; i++) recs.push({ recommendation: hold.stabilization.desired, timestamp: clocks[i] });
    this.recommendations = recs;
  }

  /** Whether a recommendation `age` seconds old is out of every stabilization window, for good. */
  private outsideEveryWindow(age: number): boolean {
    const b = this.spec.behavior;
    return b ? outsideBehaviorWindows(age, b.scaleUp, b.scaleDown) : outsideDownscaleWindow(age, this.downscaleWindow);
  }

  /** Whether metric `i`, failing since `firstFailure[i]`, is on its fallback at `now`. */
  private fallbackDue(i: number, now: number): boolean {
    return now - this.firstFailure[i]! >= this.spec.metrics[i].fallback!.failureDurationSeconds;
  }

  /** One `reconcileAutoscaler`. */
  public sync(now: number): SimulationStep {
    this.lastStabilization = undefined;
    while (this.manualNext < this.manual.length && this.manual[this.manualNext].time <= now) {
      this.current = this.manual[this.manualNext++].replicas;
    }
    const spec = this.spec;
    const conds = this.conditions;
    const current = this.current;
    const min = spec.minReplicas;
    const max = spec.maxReplicas;
    conds.set(ConditionType.ABLE_TO_SCALE, true, 'SucceededGetScale', "the HPA controller was able to get the target's current scale", now);
    // Recorded once the scale is read, before the metrics are.
    if (!this.recommendations) this.recommendations = [{ recommendation: current, timestamp: this.clock.scaleRead }];

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
    let metricReads = 0;

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
      metricReads = spec.metrics.length;
      metricResults = computed.results;
      if (computed.blocked) {
        // Blocked: no scale, nothing recorded, status.desiredReplicas kept.
        this.calls = { metricReads, rescaled: false };
        return this.step(now, current, current, this.statusDesired, metricResults, computed.error);
      }
      error = computed.error;
      desired = Math.max(0, computed.replicas);
      // The controller's clock once the metrics are read.
      const clock = this.clock.decided(metricReads);
      desired = spec.behavior
        ? this.normalizeWithBehaviors(now, clock, current, desired)
        : this.normalizeWithoutBehavior(now, clock, current, desired);
      // From zero to a raised minReplicas: upstream lifts the count to minReplicas after
      // normalization and keeps the condition normalization set (ScaleUpLimit, say).
      if (current === 0 && min !== 0 && s2z && desired < min) desired = min;
      rescale = desired !== current;
    }

    if (rescale) {
      conds.set(ConditionType.ABLE_TO_SCALE, true, 'SucceededRescale', `the HPA controller was able to update the target scale to ${desired}`, now);
      if (spec.behavior) {
        // Recorded once the scale update returned.
        const at = this.clock.scaled(metricReads);
        storeScaleEvent(this.upEvents, this.downEvents, spec.behavior.scaleUp, spec.behavior.scaleDown, current, desired, at);
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
    this.calls = { metricReads, rescaled: rescale };
    return this.step(now, current, this.current, desired, metricResults, error);
  }

  private step(time: number, currentReplicas: number, replicas: number, desiredReplicas: number,
    metrics: MetricStepResult[], error: string | undefined): SimulationStep {
    return {
      time,
      syncStart: this.clock.start,
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
    const proposals = this.proposed;
    let anyFallback = false;
    const last = this.lastResults;
    /** This sync's results, from the first one that differs from the last sync's. */
    let results: MetricStepResult[] | undefined;
    for (let i = 0; i < spec.metrics.length; i++) {
      const metric = spec.metrics[i];
      const p = this.proposal(i, this.cursors[i].at(now), current);
      let proposal = p.replicas;
      let fallbackActive = false;
      if (metric.fallback) {
        if (p.error !== undefined) {
          if (this.firstFailure[i] === undefined) this.firstFailure[i] = now;
          if (this.fallbackDue(i, now)) {
            proposal = metric.fallback.replicas;
            fallbackActive = true;
            anyFallback = true;
          }
        } else {
          this.firstFailure[i] = undefined;
        }
      }
      proposals[i] = proposal;
      const prev = last[i];
      const firstFailureTime = this.firstFailure[i];
      if (prev !== undefined && prev.usage === p.usage && prev.proposal === proposal && prev.error === p.error
        && prev.fallbackActive === fallbackActive && prev.firstFailureTime === firstFailureTime) {
        results?.push(prev);
      } else {
        results ??= last.slice(0, i);
        results.push({
          metric: metric.id,
          usage: p.usage,
          proposal,
          error: p.error,
          fallbackActive,
          firstFailureTime,
          fallbackReplicas: metric.fallback?.replicas,
        });
      }
    }
    if (results !== undefined) this.lastResults = results;
    if (this.hasFallback) {
      this.conditions.set(ConditionType.EXTERNAL_METRIC_FALLBACK_ACTIVE, anyFallback,
        anyFallback ? 'FallbackActive' : 'FallbackInactive',
        anyFallback ? 'an External metric is failing and its fallback replica count is in use' : 'no External metric is using its fallback replica count', now);
    }
    const combined = combineProposals(proposals, current);
    const first = combined.firstInvalid >= 0 ? spec.metrics[combined.firstInvalid] : undefined;
    const firstError = first && `failed to get ${first.id} ${first.type} metric value: ${this.lastResults[combined.firstInvalid].error}`;
    const error = first && `invalid metrics (${combined.invalid} invalid out of ${spec.metrics.length}), first error is: ${firstError}`;
    if (combined.blocked) {
      this.conditions.set(ConditionType.SCALING_ACTIVE, false, first ? FAILED_GET_REASON[first.type] : '', `the HPA was unable to compute the replica count: ${firstError}`, now);
    } else {
      this.conditions.set(ConditionType.SCALING_ACTIVE, true, 'ValidMetricFound', this.validMessages[Math.max(combined.chosen, 0)], now);
    }
    return { replicas: combined.replicas, blocked: combined.blocked, error, results: this.lastResults };
  }

  /**
   * Metric `i`'s proposal: `computeProposal`, again only when the observation or the replica
   * count changed since the last sync (it depends on nothing else that changes in a run).
   */
  private proposal(i: number, observation: MetricObservation | undefined, current: number): MetricProposal {
    const memo = this.proposals[i];
    if (memo !== undefined && memo.observation === observation && memo.current === current) return memo.proposal;
    const proposal = computeProposal({
      metric: this.spec.metrics[i],
      observation,
      currentReplicas: current,
      tolerances: this.tolerances,
      requestMilli: this.requests[i],
      controller: this.release.controller,
    });
    this.proposals[i] = { observation, current, proposal };
    return proposal;
  }

  /** `normalizeDesiredReplicas` (no behavior). */
  private normalizeWithoutBehavior(now: number, clock: number, current: number, desired: number): number {
    const stabilized = stabilizeRecommendation(this.recommendations!, clock, this.downscaleWindow, desired);
    this.lastStabilization = { desired, replicas: stabilized };
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
  private normalizeWithBehaviors(now: number, clock: number, current: number, desired: number): number {
    const b = this.spec.behavior!;
    const stabilized = stabilizeWithBehaviors(this.recommendations!, clock, current, desired, b.scaleUp, b.scaleDown);
    this.lastStabilization = { desired, replicas: stabilized.replicas };
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
      now: clock,
      saturates: this.release.controller.replicaCountsSaturate,
    });
    this.conditions.set(ConditionType.SCALING_LIMITED, out.replicas !== stabilized.replicas, out.reason, out.message, now);
    return out.replicas;
  }
}
