/**
 * The controller's arithmetic redone from an HPA's status: each metric's proposal from its
 * reported value, with the simulator's replica calculator (`computeProposal`), the proposals
 * combined as the controller combines them (`combineProposals`), and what the next sync would
 * set where the status tells enough (the simulator's normalization).
 */
import { MetricExplanation, SimulateSuggestion } from './hpa-explanation';
import { groupPods, PodGroups, proposalWithPods } from './pod-groups';
import { parseQuantity, toMilli } from '../model/quantity';
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS } from '../private/constants';
import { ControllerBehaviour } from '../private/kubernetes-releases';
import { fmt, plural, seconds } from '../private/words';
import { displayTarget, SimMetric, SimSpec } from '../simulation/hpa-spec';
import { MetricObservation } from '../simulation/metric-observation';
import {
  calculateScaleDownLimitWithBehaviors, calculateScaleUpLimitWithScalingRules, convertDesiredReplicasWithRules,
} from '../simulation/normalization';
import { combineProposals, computeProposal, DEFAULT_POD_REQUEST, isWithin } from '../simulation/replica-calculator';
import { formatTraceCsv, TraceRow } from '../simulation/trace-csv';
import { ConditionType, HorizontalPodAutoscalerStatus, MetricStatus } from '../status';

/** The arithmetic of one status. */
export interface Arithmetic {
  readonly metrics: MetricExplanation[];
  /** The trace rows that replay the reported values, per metric. */
  readonly rows: TraceRow[];
  readonly proposal?: number;
  readonly winning?: string;
  readonly blocked: boolean;
  /** Why the pods the controller counts apart change a metric's proposal, by metric id. */
  readonly countedApart: { readonly [metric: string]: string };
  /** What the next sync sets, from the proposal the explanation states (`settle`). */
  readonly next?: number;
  readonly upLimit?: number;
}

/**
 * The controller's arithmetic, per metric and combined, from the reported current values. The
 * replay rows hold a pod metric as the total load over the current pods (spread over however many
 * pods run, as a fixed amount of work is), or, with `perPodLoad`, as a load per pod that stays
 * whatever the pod count.
 */
export function computeArithmetic(
  spec: SimSpec, status: HorizontalPodAutoscalerStatus, now: number, unknowns: string[], controller: ControllerBehaviour, perPodLoad = false,
  pods: ReadonlyArray<{ readonly [key: string]: any }> = [],
): Arithmetic {
  const current = status.currentReplicas;
  const tol = spec.tolerance;
  const band = `[${fmt(1 - tol.down)}, ${fmt(1 + tol.up)}]`;
  const metrics: MetricExplanation[] = [];
  const rows: TraceRow[] = [];
  const proposals: Array<number | undefined> = [];
  const countedApart: { [metric: string]: string } = {};
  let perPodTotals = false;

  for (const metric of spec.metrics) {
    const path = `spec.metrics[${metric.index}]`;
    const target = displayTarget(metric);
    const unit = metric.targetType === 'Utilization' ? '%' : '';
    const base = { path, metric: metric.id, type: metric.type, targetType: metric.targetType, target };
    const reported = metricStatusFor(metric, status.currentMetrics ?? []);
    const value = reported ? currentValue(metric, reported) : undefined;
    const fb = status.externalMetricFallbacks?.[metric.id];
    const fallbackActive = metric.fallback !== undefined && fb?.fallbackActive === true;

    if (value === undefined) {
      rows.push({
        time: '0',
        metric: metric.id,
        observation: 'failure',
        value: 'no value in the HPA status',
        comment: fb?.firstFailureTime && metric.fallback
          ? `${metric.id} has failed since ${fb.firstFailureTime}; here it fails from 0s, so its fallback starts at ${metric.fallback.failureDurationSeconds}s`
          : undefined,
      });
      if (fallbackActive) {
        const replicas = metric.fallback!.replicas;
        metrics.push({ ...base, fallbackActive, proposedReplicas: replicas, explanation: `no current value: the metric is failing; its fallback proposes ${replicas} replicas` });
        proposals.push(replicas);
      } else {
        proposals.push(undefined);
        const disabled = (status.conditions ?? []).some(c => c.type === ConditionType.SCALING_ACTIVE && c.reason === 'ScalingDisabled');
        metrics.push({
          ...base,
          fallbackActive,
          explanation: disabled
            ? 'no current value: scaling is disabled at zero replicas, so the controller does not read it'
            : 'no current value: the metric failed, so it proposes nothing (ScalingActive names the first failure)',
        });
      }
      continue;
    }

    let observation: MetricObservation;
    let ratio: number;
    let words: string;
    let groups: PodGroups | undefined;
    if (metric.type === 'Object' || metric.type === 'External') {
      if (metric.targetType === 'AverageValue') {
        // The status holds the per-pod average, rounded up; the controller divided the total.
        perPodTotals = true;
        const total = value.number * current;
        observation = MetricObservation.value(total);
        rows.push({ time: '0', metric: metric.id, observation: 'value', value: fmt(total) });
        ratio = value.number / target;
        words = `${value.text} per pod (${fmt(total)} in total over ${current}) vs target ${fmt(target)} per pod: ratio ${fmt(ratio)}`;
      } else {
        observation = MetricObservation.value(value.number);
        rows.push({ time: '0', metric: metric.id, observation: 'value', value: value.text });
        ratio = value.number / target;
        words = `${value.text} vs target ${fmt(target)}: ratio ${fmt(ratio)}`;
      }
    } else {
      observation = MetricObservation.perPodUsage(value.number);
      groups = groupPods(pods, metric.type === 'Pods' ? undefined : metric.resource, now);
      // The status averages the ready pods: their total is the load (the others use next to nothing).
      const reporting = groups && groups.ready > 0 ? groups.ready : current;
      rows.push(podLoadRow(metric.id, value, metric.targetType === 'Utilization' ? '% of request' : '', reporting, perPodLoad, reporting !== current ? 'ready pods' : 'pods'));
      ratio = toMilli(value.number) / (metric.targetType === 'Utilization' ? toMilli(metric.target) : metric.target);
      words = metric.targetType === 'Utilization'
        ? `${value.text}% of request vs target ${fmt(target)}%: ratio ${fmt(ratio)}`
        : `${value.text} per pod vs target ${fmt(target)}${unit}: ratio ${fmt(ratio)}`;
    }
    const computed = computeProposal({
      metric,
      observation,
      currentReplicas: current,
      tolerances: tol,
      requestMilli: toMilli(DEFAULT_POD_REQUEST),
      controller,
    });
    const within = isWithin(tol, ratio);
    let proposed = computed.replicas;
    let explanation: string;
    const withPods = proposed !== undefined && groups
      ? proposalWithPods(metric, value.number, groups, current, tol, controller.replicaCountsSaturate) : undefined;
    if (proposed === undefined) {
      explanation = `${words}; no proposal: ${computed.error}`;
    } else if (withPods) {
      // The controller's count: the pods not ready or left out change it.
      explanation = `the ${plural(groups!.ready, 'ready pod')}: ${words}${withPods.how}`
        + (withPods.replicas !== proposed ? ` (the status's value over all ${current} pods would give ${proposed})` : '');
      if (withPods.replicas !== proposed) countedApart[metric.id] = countedApartWords(groups!, ratio);
      proposed = withPods.replicas;
    } else if (within) {
      explanation = `${words}, within the tolerance band ${band}: keeps ${proposed}`;
    } else {
      const objectOrExternal = metric.type === 'Object' || metric.type === 'External';
      let how = `ceil(${fmt(ratio)} × ${current})`;
      if (objectOrExternal && metric.targetType === 'AverageValue') how = `ceil(${fmt(value.number * current)} / ${fmt(target)})`;
      else if (objectOrExternal && current === 0) how = `from zero, ceil(${fmt(ratio)})`;
      explanation = `${words}, ${ratio > 1 ? 'above' : 'below'} the tolerance band ${band}: ${how} = ${proposed}`;
    }
    if (fallbackActive) {
      proposed = metric.fallback!.replicas;
      explanation += `; the fallback of ${proposed} replicas stands in for it`;
    }
    metrics.push({ ...base, current: value.number, ratio, withinTolerance: within, proposedReplicas: proposed, fallbackActive, explanation });
    proposals.push(proposed);
  }
  if (perPodTotals) {
    unknowns.push('the total of an AverageValue Object or External metric: the status holds the per-pod average rounded up, so the total is taken as average × replicas');
  }
  const combined = combineProposals(proposals, current);
  const proposal = combined.chosen >= 0 ? combined.replicas : undefined;
  const winning = combined.chosen >= 0 ? spec.metrics[combined.chosen].id : undefined;
  return { metrics, rows, proposal, winning, blocked: combined.blocked, countedApart };
}

/** `3 pods not ready counted as using nothing`: why the pods change a metric's proposal. */
function countedApartWords(groups: PodGroups, ratio: number): string {
  const parts: string[] = [];
  if (groups.unready > 0) parts.push(`${plural(groups.unready, 'pod')} not ready ${ratio > 1 ? 'counted as using nothing' : 'left out'}`);
  if (groups.ignored > 0) parts.push(`${plural(groups.ignored, 'pod')} being deleted or failed left out`);
  if (parts.length === 0) parts.push(`over the ${plural(groups.ready, 'ready pod')}`);
  return parts.join(', ');
}

/**
 * The arithmetic with what the next sync would set from `proposal`, the proposal the explanation
 * states (the controller's own where the status pins another): one count for the headline, the
 * findings and the verbose lines alike.
 */
export function settle(
  arithmetic: Arithmetic, spec: SimSpec, status: HorizontalPodAutoscalerStatus, proposal: number | undefined, now: number, unknowns: string[],
  controller: ControllerBehaviour,
): Arithmetic {
  if (arithmetic.blocked || proposal === undefined) return arithmetic;
  const { next, upLimit } = nextReplicas(spec, status, proposal, now, unknowns, controller.replicaCountsSaturate);
  return { ...arithmetic, next, upLimit };
}

/**
 * A pod metric's replay row: the total over the current pods as `totalUsage` (the count the
 * controller settles at with a fixed amount of work), or the value of each pod as `perPodUsage`.
 */
function podLoadRow(
  id: string, value: { number: number; text: string }, unit: string, current: number, perPodLoad: boolean, pods: string,
): TraceRow {
  if (perPodLoad || current === 0) return { time: '0', metric: id, observation: 'perPodUsage', value: value.text };
  return {
    time: '0',
    metric: id,
    observation: 'totalUsage',
    value: fmt(value.number * current),
    comment: `${id}: ${value.text}${unit} on each of ${current} ${pods}, replayed as their total, spread over however many pods run (perPodUsage ${value.text} keeps each pod at it instead)`,
  };
}

/** What the next sync would set, where the status tells enough. */
function nextReplicas(
  spec: SimSpec, status: HorizontalPodAutoscalerStatus, proposal: number, now: number, unknowns: string[], saturates: boolean,
): { next?: number; upLimit?: number } {
  const current = status.currentReplicas;
  if (current === 0 || current < spec.minReplicas || current > spec.maxReplicas) return {};
  const lastScaleAge = status.lastScaleTime === undefined ? undefined : (now - Date.parse(status.lastScaleTime)) / 1000;
  if (!spec.behavior) {
    if (proposal < current) {
      unknowns.push(`whether the scale-down can happen now: without behavior the controller keeps the highest recommendation of the last ${DEFAULT_DOWNSCALE_STABILIZATION_SECONDS}s, and those are not in the status`);
      return {};
    }
    const out = convertDesiredReplicasWithRules(current, proposal, spec.minReplicas, spec.maxReplicas);
    return { next: out.replicas, upLimit: Math.min(spec.maxReplicas, Math.max(2 * current, 4)) };
  }
  const up = spec.behavior.scaleUp;
  const down = spec.behavior.scaleDown;
  if (proposal === current) return { next: current };
  const rules = proposal > current ? up : down;
  const direction = proposal > current ? 'scaleUp' : 'scaleDown';
  // A disabled direction keeps the count, whatever the windows hold.
  if (rules.selectPolicy === 'Disabled') return { next: current, upLimit: proposal > current ? current : undefined };
  if (rules.stabilizationWindowSeconds > 0) {
    unknowns.push(`whether the ${direction === 'scaleUp' ? 'scale-up' : 'scale-down'} can happen now: the ${rules.stabilizationWindowSeconds}s stabilization window (spec.behavior.${direction}) compares it with the recommendations of that window, which are not in the status`);
    return {};
  }
  // Events older than every period do not count; a scale within a period counts by its size, which the status does not hold.
  const longest = Math.max(up.longestPeriod, down.longestPeriod);
  if (lastScaleAge !== undefined && lastScaleAge < longest) {
    unknowns.push(`the rate limit now: the HPA scaled ${seconds(Math.floor(lastScaleAge))} ago (status.lastScaleTime), within a policy period of up to ${seconds(longest)}, and the status does not hold by how much`);
    return {};
  }
  if (proposal > current) {
    const limit = Math.max(current, calculateScaleUpLimitWithScalingRules(current, [], [], up, 0, saturates));
    return { next: Math.min(proposal, limit, spec.maxReplicas), upLimit: Math.min(limit, spec.maxReplicas) };
  }
  const limit = Math.min(current, calculateScaleDownLimitWithBehaviors(current, [], [], down, 0));
  return { next: Math.max(proposal, limit, spec.minReplicas) };
}

/** The status entry of a spec metric: at the same index when it matches, else the first of its type and name. */
function metricStatusFor(metric: SimMetric, all: MetricStatus[]): MetricStatus | undefined {
  const name = metric.type === 'Resource' || metric.type === 'ContainerResource' ? metric.resource : metric.id;
  const matches = (s: MetricStatus | undefined) => s !== undefined && s.type === metric.type && s.name === name
    && (metric.type !== 'ContainerResource' || s.container === metric.container);
  const same = all[metric.index];
  if (matches(same)) return same;
  return all.find(matches);
}

/** The value the controller compared with the target, as a number (base units, or percent) and as written. */
function currentValue(metric: SimMetric, s: MetricStatus): { number: number; text: string } | undefined {
  const c = s.current ?? {};
  if (metric.targetType === 'Utilization') {
    return c.averageUtilization === undefined ? undefined : { number: c.averageUtilization, text: String(c.averageUtilization) };
  }
  const raw = metric.targetType === 'Value' ? c.value : c.averageValue;
  if (raw === undefined) return undefined;
  const q = parseQuantity(raw);
  return q.ok ? { number: q.value, text: raw } : undefined;
}

/** A trace holding the reported values from time 0, for `cdk8s-hpa simulate`. */
export function suggestSimulation(status: HorizontalPodAutoscalerStatus, arithmetic: Arithmetic): SimulateSuggestion | undefined {
  if (arithmetic.rows.length === 0) return undefined;
  return { initialReplicas: status.currentReplicas, traceCsv: formatTraceCsv(arithmetic.rows) };
}