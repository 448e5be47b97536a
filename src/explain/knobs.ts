/**
 * The settings that hold an HPA's count where it is, as changes a user can make: the field path
 * and the value to set (a policy's value that allows the change in one period, a tolerance just
 * below the metric's distance from its target, a shorter window), so that a next step names the
 * knob rather than saying there is nothing to change.
 */
import { MetricExplanation } from './hpa-explanation';
import { ClusterFacts } from '../model/cluster-facts';
import { firstReleaseWhere, GATE_CONFIGURABLE_TOLERANCE, GateStage } from '../private/kubernetes-releases';
import { fmt, plural, seconds } from '../private/words';
import { SimRules } from '../simulation/hpa-spec';

/** The first release with the per-HPA `tolerance` field. */
const TOLERANCE_SINCE = firstReleaseWhere(r => r.gates[GATE_CONFIGURABLE_TOLERANCE].stage !== GateStage.ABSENT);

/** The window a shorter scale-down window is set to: one minute, as Kubernetes' examples use. */
const SHORTER_DOWN_WINDOW_SECONDS = 60;

/** `set spec.behavior.scaleDown.stabilizationWindowSeconds to 60 (now 300s)`. */
export function shorterDownWindow(windowSeconds: number): string {
  const to = windowSeconds > SHORTER_DOWN_WINDOW_SECONDS ? SHORTER_DOWN_WINDOW_SECONDS : 0;
  return `set spec.behavior.scaleDown.stabilizationWindowSeconds to ${to} (now ${seconds(windowSeconds)})`;
}

/**
 * The policy values that let one period move the count from `current` to `to`: with
 * `selectPolicy: Max` the one policy that allows the most now, raised; with `Min` each policy
 * that allows less. Policies as the controller reads them (`calculateScaleUpLimitWithScalingRules`,
 * `calculateScaleDownLimitWithBehaviors`): Pods adds or removes its value, Percent its share of
 * the count at the period's start.
 */
export function policyValues(direction: 'scaleUp' | 'scaleDown', rules: SimRules, current: number, to: number): string | undefined {
  const change = Math.abs(to - current);
  if (change === 0 || current === 0 || rules.policies.length === 0) return undefined;
  const needed = (type: string) => (type === 'Pods' ? change : Math.ceil((change / current) * 100));
  const allows = (p: SimRules['policies'][number]) => (p.type === 'Pods' ? p.value : (p.value / 100) * current);
  const indexed = rules.policies.map((p, i) => ({ p, i }));
  const short = rules.selectPolicy === 'Min'
    ? indexed.filter(({ p }) => p.value < needed(p.type))
    : [indexed.reduce((best, x) => (allows(x.p) > allows(best.p) ? x : best))].filter(({ p }) => p.value < needed(p.type));
  if (short.length === 0) return undefined;
  const verb = direction === 'scaleUp' ? 'add' : 'remove';
  return `set ${short.map(({ p, i }) => `spec.behavior.${direction}.policies[${i}].value to ${needed(p.type)} (now ${p.value}, ${p.type} per ${seconds(p.periodSeconds)})`).join(' and ')}`
    + ` to ${verb} the ${plural(change, 'replica')} from ${current} to ${to} in one period`;
}

/** Without behavior, the scale-up policy that adds `current` to `to` in one sync (the default doubles, or adds 4). */
export function scaleUpPolicyWithoutBehavior(current: number, to: number): string {
  const value = current > 0 ? Math.max(100, Math.ceil(((to - current) / current) * 100)) : 100;
  return `set spec.behavior.scaleUp.policies to [{type: Percent, value: ${value}, periodSeconds: 15}] to reach ${to} from ${current} in one sync`;
}

/**
 * The tolerance a direction needs for `metric` to move the count: just below its distance from
 * the target, where the cluster's release and gates take the per-HPA field; else where the
 * tolerance is set (the controller's flag, for every HPA).
 */
export function toleranceFix(
  metric: MetricExplanation, tolerance: { readonly up: number; readonly down: number }, cluster: ClusterFacts,
): string | undefined {
  if (metric.ratio === undefined) return undefined;
  const up = metric.ratio > 1;
  const distance = Math.abs(metric.ratio - 1);
  const value = belowDistance(distance);
  const direction = up ? 'scaleUp' : 'scaleDown';
  const now = up ? tolerance.up : tolerance.down;
  const verb = up ? 'scale up' : 'scale down';
  if (value === undefined) return undefined;
  if (cluster.gatesOn[GATE_CONFIGURABLE_TOLERANCE]) {
    return `to ${verb} when ${metric.metric} is ${percent(distance)} ${up ? 'above' : 'below'} its target, set spec.behavior.${direction}.tolerance to ${value} (now ${fmt(now)})`;
  }
  const field = `spec.behavior.${direction}.tolerance (to ${value})`;
  const per = TOLERANCE_SINCE !== undefined && cluster.minor >= TOLERANCE_SINCE
    ? `${field} needs the ${GATE_CONFIGURABLE_TOLERANCE} feature gate, off on Kubernetes ${cluster.version}`
    : `${field} comes with Kubernetes 1.${TOLERANCE_SINCE}`;
  return `the tolerance (${fmt(now)}) is kube-controller-manager's --horizontal-pod-autoscaler-tolerance, for every HPA; the per-HPA ${per}`;
}

/** `3.3%`. */
function percent(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10}%`;
}

/** A tolerance a little below `distance` (2 decimals, else 3), that the ratio leaves; none for a distance too small. */
function belowDistance(distance: number): string | undefined {
  for (const step of [0.01, 0.001]) {
    let v = Math.floor(distance / step + 1e-9) * step;
    if (v >= distance - 1e-12) v -= step;
    if (v > 1e-12) return fmt(v);
  }
  return undefined;
}
