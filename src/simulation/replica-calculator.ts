/**
 * One metric's proposed replica count, ported from replica_calculator.go
 * (`GetResourceReplicas`, `calcPlainMetricReplicas`, `GetObjectMetricReplicas`,
 * `GetObjectPerPodMetricReplicas`, `GetExternalMetricReplicas`,
 * `GetExternalPerPodMetricReplicas`) for pods that are all Running and Ready.
 *
 * Arithmetic is the controller's: int64 milli-units, utilization truncated to a whole percent,
 * averages by integer division, ratios and `ceil` in float64.
 */
import { SimMetric } from './hpa-spec';
import { MetricObservation, ObservationKind } from './metric-observation';
import { toMilli } from '../model/quantity';
import { INT32_MAX, INT32_MIN } from '../private/constants';
import { ControllerBehaviour } from '../private/kubernetes-releases';

/** The request the simulator gives pods by default, so that usages read as percentages of it. */
export const DEFAULT_POD_REQUEST = 100;

/** The controller's tolerance band (`tolerances.isWithin`). */
export interface Tolerances {
  readonly up: number;
  readonly down: number;
}

/** `(1 - down) <= ratio <= (1 + up)`, both bounds inclusive, in float64. */
export function isWithin(t: Tolerances, ratio: number): boolean {
  return (1.0 - t.down) <= ratio && ratio <= (1.0 + t.up);
}

/** The outcome for one metric. */
export interface MetricProposal {
  /** The proposed replica count; undefined on error. */
  readonly replicas?: number;
  /** What the controller compared with the target, in display units (percent, or base units). */
  readonly usage?: number;
  /** Why the metric could not be computed. */
  readonly error?: string;
}

/** The inputs of one computation. */
export interface CalcInput {
  readonly metric: SimMetric;
  readonly observation: MetricObservation | undefined;
  /** `scale.spec.replicas`; also the number of (ready) pods and `scale.status.replicas`. */
  readonly currentReplicas: number;
  readonly tolerances: Tolerances;
  /** The per-pod request (or the container's request) in milli-units, for Utilization. */
  readonly requestMilli: number;
  /** The release's controller facts: which conversions to int32 saturate. */
  readonly controller: ControllerBehaviour;
}

/**
 * A replica count from a float64, as the controller's amd64 build converts it: `ceilToInt32`
 * where the release saturates (or caps that conversion), else Go's `int32(math.Ceil(x))`, which
 * gives MinInt32 past the int32 range (and for NaN).
 */
export function ceilToReplicas(x: number, saturates: boolean): number {
  const c = Math.ceil(x);
  if (c >= INT32_MIN && c <= INT32_MAX) return c;
  if (saturates && c > INT32_MAX) return INT32_MAX;
  return INT32_MIN;
}

/** Computes one metric's proposal. */
export function computeProposal(input: CalcInput): MetricProposal {
  const { metric, observation } = input;
  if (!observation) return { error: `no metric ${metric.id} in the trace yet` };
  if (observation.kind === ObservationKind.FAILURE) return { error: observation.message };
  switch (metric.type) {
    case 'Resource':
    case 'ContainerResource':
    case 'Pods':
      return podMetric(input, observation);
    case 'Object':
    case 'External':
      return objectOrExternal(input, observation);
  }
}

function podMetric(input: CalcInput, obs: MetricObservation): MetricProposal {
  const { metric, currentReplicas: current } = input;
  const saturates = input.controller.replicaCountsSaturate;
  if (obs.kind === ObservationKind.VALUE) {
    throw new Error(`HpaSimulator: metric ${metric.id} (${metric.type}) takes per-pod observations (perPodUsage, totalUsage, podSamples), not a value`);
  }
  if (current === 0) return { error: 'no pods returned by selector while calculating replica count' };
  // Samples as sum and count over the pods that have one (milli-units).
  let sum: number;
  let count: number;
  if (obs.kind === ObservationKind.PER_POD_USAGE) {
    sum = toMilli(obs.values[0]) * current;
    count = current;
  } else if (obs.kind === ObservationKind.TOTAL_USAGE) {
    sum = toMilli(obs.values[0]);
    count = current;
  } else {
    const used = obs.values.slice(0, current);
    sum = used.reduce((acc, v) => acc + toMilli(v), 0);
    count = used.length;
  }
  if (count === 0) return { error: 'did not receive metrics for targeted pods (pods might be unready)' };
  const missing = current - count;

  if (metric.targetType === 'Utilization') {
    const request = input.requestMilli;
    if (request <= 0) return { error: `missing request for ${metric.resource}` };
    const utilization = utilizationPercent(sum, request * count, saturates);
    const ratio = utilization / metric.target;
    const usage = utilization;
    if (missing === 0) {
      return { replicas: isWithin(input.tolerances, ratio) ? current : ceilToReplicas(ratio * count, saturates), usage };
    }
    // Missing pods: 100% of their request (or the target above 100%) on a scale-down, 0 on a
    // scale-up; at a ratio of exactly 1.0 neither, and the second pass sees the reporting pods only.
    const counted = ratio === 1.0 ? count : current;
    const fill = ratio < 1.0 ? idiv(request * Math.max(100, metric.target), 100) * missing : 0;
    const newRatio = utilizationPercent(sum + fill, request * counted, saturates) / metric.target;
    return { replicas: adjusted(input, ratio, newRatio, counted), usage };
  }

  // AverageValue (Resource, ContainerResource, Pods): integer average over the samples.
  const average = idiv(sum, count);
  const ratio = average / metric.target;
  const usage = average / 1000;
  if (missing === 0) {
    return { replicas: isWithin(input.tolerances, ratio) ? current : ceilToReplicas(ratio * count, saturates), usage };
  }
  // Missing pods: the target on a scale-down, 0 on a scale-up; at a ratio of exactly 1.0 neither.
  const counted = ratio === 1.0 ? count : current;
  const fill = ratio < 1.0 ? metric.target * missing : 0;
  const newRatio = idiv(sum + fill, counted) / metric.target;
  return { replicas: adjusted(input, ratio, newRatio, counted), usage };
}

/**
 * The second pass of `calcPlainMetricReplicas` / `GetResourceReplicas` with missing pods;
 * `samples` is the number of pods in it (`len(metrics)` upstream).
 */
function adjusted(input: CalcInput, ratio: number, newRatio: number, samples: number): number {
  const current = input.currentReplicas;
  if (isWithin(input.tolerances, newRatio) || (ratio < 1.0 && newRatio > 1.0) || (ratio > 1.0 && newRatio < 1.0)) {
    return current;
  }
  const next = ceilToReplicas(newRatio * samples, input.controller.replicaCountsSaturate);
  if ((newRatio < 1.0 && next > current) || (newRatio > 1.0 && next < current)) return current;
  return next;
}

function objectOrExternal(input: CalcInput, obs: MetricObservation): MetricProposal {
  const { metric, currentReplicas: current } = input;
  if (obs.kind !== ObservationKind.VALUE) {
    throw new Error(`HpaSimulator: metric ${metric.id} (${metric.type}) takes value() or series(), not per-pod observations`);
  }
  if (metric.type === 'Object' && obs.values.length !== 1) {
    throw new Error(`HpaSimulator: metric ${metric.id} is an Object metric: it has one value, not a series`);
  }
  if (obs.values.length === 0) return { error: `no external metrics returned for ${metric.id}` };
  const value = Math.min(obs.values.reduce((acc, v) => acc + toMilli(v), 0), Number.MAX_SAFE_INTEGER);
  const usage = value / 1000;
  const { replicaCountsSaturate: saturates, externalPerPodCapped, usageRatioCapped } = input.controller;
  if (metric.targetType === 'AverageValue') {
    // GetObjectPerPodMetricReplicas / GetExternalPerPodMetricReplicas: statusReplicas == current.
    const ratio = value / (metric.target * current);
    if (isWithin(input.tolerances, ratio)) return { replicas: current, usage };
    const capped = saturates || (metric.type === 'External' && externalPerPodCapped);
    return { replicas: ceilToReplicas(value / metric.target, capped), usage };
  }
  const ratio = value / metric.target;
  if (current === 0) return { replicas: ceilToReplicas(ratio, saturates), usage };
  if (isWithin(input.tolerances, ratio)) return { replicas: current, usage };
  return { replicas: ceilToReplicas(ratio * current, saturates || usageRatioCapped), usage };
}

/**
 * `GetResourceUtilizationRatio`'s whole percent of the pods' total request. Before 1.38 it is
 * int64 arithmetic (the total times 100 wraps past 2^63) converted to int32, which keeps the low
 * 32 bits: past 2^31 % it wraps, to a lower or a negative utilization. From 1.38 it is exact and
 * clamped to the int32 range (kubernetes/kubernetes#142192).
 */
export function utilizationPercent(totalMilli: number, requestsMilli: number, saturates: boolean): number {
  if (totalMilli * 100 < 2 ** 50) {
    const percent = idiv(totalMilli * 100, requestsMilli);
    if (percent <= INT32_MAX) return percent;
  }
  const total = BigInt(Math.round(totalMilli)) * 100n;
  const requests = BigInt(Math.round(requestsMilli));
  if (saturates) {
    const percent = total / requests;
    return percent > BigInt(INT32_MAX) ? INT32_MAX : Number(percent);
  }
  return Number(BigInt.asIntN(32, BigInt.asIntN(64, total) / requests));
}

/** Integer division of non-negative integers, exact beyond 2^53 too (int64 in Go). */
export function idiv(a: number, b: number): number {
  if (a < 2 ** 50 && b < 2 ** 50) {
    let q = Math.floor(a / b);
    if (q * b > a) q--;
    else if ((q + 1) * b <= a) q++;
    return q;
  }
  return Number(BigInt(Math.round(a)) / BigInt(Math.round(b)));
}

/** The metrics' proposals together, as `computeReplicasForMetrics` combines them. */
export interface CombinedProposal {
  /** The highest proposal; 0 when no metric proposes one. */
  readonly replicas: number;
  /** The index of the metric that proposes it; -1 when none does. */
  readonly chosen: number;
  /** How many metrics propose nothing (they failed). */
  readonly invalid: number;
  /** The index of the first of them; -1 when none failed. */
  readonly firstInvalid: number;
  /** Whether the controller stops here: every metric failed, or one failed and the rest would scale down. */
  readonly blocked: boolean;
}

/**
 * `computeReplicasForMetrics` after each metric's proposal (a failing metric's fallback in its
 * place): the highest proposal wins; a failing metric blocks a scale-down, not a scale-up.
 */
export function combineProposals(proposals: ReadonlyArray<number | undefined>, current: number): CombinedProposal {
  let replicas = 0;
  let chosen = -1;
  let invalid = 0;
  let firstInvalid = -1;
  for (let i = 0; i < proposals.length; i++) {
    const proposal = proposals[i];
    if (proposal === undefined) {
      if (invalid === 0) firstInvalid = i;
      invalid++;
    } else if (replicas === 0 || proposal > replicas) {
      replicas = proposal;
      chosen = i;
    }
  }
  return { replicas, chosen, invalid, firstInvalid, blocked: invalid >= proposals.length || (invalid > 0 && replicas < current) };
}
