/**
 * The pods of the target as the controller counts them for a pod metric (replica_calculator.go
 * `groupPods`), and the proposal it makes from the status's value with them: the status averages
 * the ready pods that reported, while the controller counts the pods not ready as using nothing
 * on a scale-up and leaves them out otherwise, and leaves out the pods being deleted or failed.
 */
import { toMilli } from '../model/quantity';
import { isObject } from '../model/values';
import { DEFAULT_CPU_INITIALIZATION_PERIOD_SECONDS, DEFAULT_INITIAL_READINESS_DELAY_SECONDS } from '../private/constants';
import { fmt, plural } from '../private/words';
import { SimMetric } from '../simulation/hpa-spec';
import { ceilToReplicas, idiv, isWithin, Tolerances } from '../simulation/replica-calculator';

/** The pods of one metric, as `groupPods` sorts them (missing metrics aside: the input does not say which pods reported). */
export interface PodGroups {
  /** Pods counted with their metric. */
  readonly ready: number;
  /** Pods pending, or (for cpu) not ready yet: left out, or counted as using nothing on a scale-up. */
  readonly unready: number;
  /** Pods being deleted, or failed: left out. */
  readonly ignored: number;
}

/**
 * The pods of the input grouped as the controller groups them for a metric of `resource` (none
 * for a Pods metric), at `now` (ms). Undefined when the input holds no pods, or a pod without
 * the `status.phase` every pod the API server returns has.
 */
export function groupPods(pods: ReadonlyArray<{ readonly [key: string]: any }>, resource: string | undefined, now: number): PodGroups | undefined {
  if (pods.length === 0 || pods.some(p => typeof p.status?.phase !== 'string')) return undefined;
  let ready = 0;
  let unready = 0;
  let ignored = 0;
  for (const pod of pods) {
    if (pod.metadata?.deletionTimestamp || pod.status.phase === 'Failed') ignored++;
    else if (pod.status.phase === 'Pending' || (resource === 'cpu' && cpuUnready(pod, now))) unready++;
    else ready++;
  }
  return { ready, unready, ignored };
}

/**
 * `groupPods` for cpu: no Ready condition or start time; within the initialization period, not
 * ready (a sample taken before the pod was ready a metrics window is not known here, so it
 * counts); after it, not ready and never ready since it started.
 */
function cpuUnready(pod: { readonly [key: string]: any }, now: number): boolean {
  const conditions: unknown[] = Array.isArray(pod.status.conditions) ? pod.status.conditions : [];
  const condition = conditions.find((c): c is { [key: string]: any } => isObject(c) && c.type === 'Ready');
  const start = Date.parse(pod.status.startTime ?? '');
  if (!condition || Number.isNaN(start)) return true;
  const notReady = condition.status === 'False';
  if (start + DEFAULT_CPU_INITIALIZATION_PERIOD_SECONDS * 1000 > now) return notReady;
  const transition = Date.parse(condition.lastTransitionTime ?? '');
  return notReady && !Number.isNaN(transition) && start + DEFAULT_INITIAL_READINESS_DELAY_SECONDS * 1000 > transition;
}

/** A pod metric's proposal with the pods counted as the controller counts them. */
export interface PodsProposal {
  readonly replicas: number;
  /** How, in words, after the ratio: `; 3 of 10 pods not ready count as using nothing on a scale-up: ...`. */
  readonly how: string;
}

/**
 * The proposal of a pod metric (Resource, ContainerResource, Pods) from the status's value, the
 * average over the ready pods (a whole percent for Utilization, base units otherwise), with the
 * pods grouped: `GetResourceReplicas` and `calcPlainMetricReplicas` without missing pods (which
 * the input cannot tell). Undefined when every pod is ready and counted (the plain arithmetic),
 * when no pod is, or when more are than the status counts (the status's value comes from pods the
 * input does not hold).
 */
export function proposalWithPods(
  metric: SimMetric, value: number, groups: PodGroups, current: number, tolerances: Tolerances, saturates: boolean,
): PodsProposal | undefined {
  const { ready, unready, ignored } = groups;
  // More pods than the status's count: the sync that wrote the status scaled up since, and the
  // pods are the new ones; the status's values come from the pods before it.
  if (ready === 0 || ready + unready > current || (unready === 0 && ready === current)) return undefined;
  const utilization = metric.targetType === 'Utilization';
  // The controller's units: a whole percent, or milli-units.
  const average = utilization ? value : toMilli(value);
  const shown = (v: number) => (utilization ? `${fmt(v)}%` : fmt(v / 1000));
  const ratio = average / metric.target;
  const left = ignored > 0 ? `; ${plural(ignored, 'pod')} being deleted or failed left out` : '';
  if (unready === 0 || ratio <= 1) {
    const notReady = unready > 0 ? `; ${plural(unready, 'pod')} not ready left out` : '';
    if (isWithin(tolerances, ratio)) return { replicas: current, how: `${notReady}${left}: keeps ${current}` };
    const replicas = ceilToReplicas(ratio * ready, saturates);
    return { replicas, how: `${notReady}${left}: over the ${plural(ready, 'ready pod')}, ceil(${fmt(ratio)} × ${ready}) = ${replicas}` };
  }
  // A scale-up with pods not ready: they count as using nothing, and the ratio is taken again.
  const counted = ready + unready;
  const newAverage = idiv(average * ready, counted);
  const newRatio = newAverage / metric.target;
  const zero = `; ${unready} of ${plural(counted, 'pod')} not ready (pending or starting) count as using nothing on a scale-up${left}: `
    + `${shown(newAverage)} over ${counted}, ratio ${fmt(newRatio)}`;
  if (isWithin(tolerances, newRatio) || newRatio < 1) return { replicas: current, how: `${zero}, no longer a scale-up: keeps ${current}` };
  const replicas = ceilToReplicas(newRatio * counted, saturates);
  if (replicas < current) return { replicas: current, how: `${zero}: ceil(${fmt(newRatio)} × ${counted}) = ${replicas} is below the current count: keeps ${current}` };
  return { replicas, how: `${zero}: ceil(${fmt(newRatio)} × ${counted}) = ${replicas}` };
}
