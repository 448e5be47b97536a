/**
 * Lints on `spec.behavior` (warnings) that follow from how the HPA controller applies the
 * behavior (`pkg/controller/podautoscaler/horizontal.go`, mirrored by the simulator in
 * `src/simulation/normalization.ts`). They judge the defaulted spec, so policies the server adds
 * count, and they stay silent on any rules the API server refuses (those are HPA118-HPA123).
 *
 * The controller's limits, at a steady state (no scale event within the policy periods, so a
 * policy's period start is the current count `c`):
 *
 * - scale-up:   Pods `c + value` (int32 arithmetic, which wraps), Percent
 *   `int32(ceil(c * (1 + value/100)))`; `Max` takes the largest, `Min` the smallest; a limit
 *   below `c` becomes `c`.
 * - scale-down: Pods `c - value`, Percent `int32(c * (1 - value/100))` (truncation, not ceil);
 *   `Max` takes the smallest, `Min` the largest; a limit above `c` becomes `c`.
 *
 * What that means for each rule:
 *
 * - HPA406. From `c = 0` a Percent policy allows `ceil(0 * x) = 0`, a Pods policy `value > 0`.
 *   With `Min` one Percent policy pins the limit at 0; with `Max` it is 0 only when every policy
 *   is Percent. Right after the scale-down to zero the period start includes that scale-down, so
 *   the workload can leave zero only within the policy's period; after that, never. Without
 *   `behavior` the limit is `max(2c, 4) = 4`, and the server's default policies (Pods 4 and
 *   Percent 100, Max) give 4: both leave zero.
 * - HPA407. For `c >= 1` no Percent policy and no scale-down policy can ever pin the limit at the
 *   current count: `ceil(c * (1 + v/100)) >= c + 1` and `trunc(c * (1 - v/100)) <= c - 1` for
 *   every `v >= 1`. (A small Percent with `Min` is therefore slow but never stuck; the lint does
 *   not flag it.) The one steady-state block is a scale-up Pods value so large that `c + value`
 *   overflows int32 and wraps negative: the limit is then the current count. It is flagged only
 *   when that holds at every count scaling up can start from, `max(minReplicas, 1)` to
 *   `maxReplicas - 1`, and the selection lets the wrapped policy decide (`Min`, or `Max` when
 *   every policy wraps). A Percent limit above int32 converts in a platform-dependent way in Go,
 *   so it is not flagged.
 * - HPA408. The stabilization windows are compared with each other. The stabilized count is the
 *   current count clamped into [lowest recommendation in the scale-up window, highest in the
 *   scale-down window]. A scale-up window longer than the scale-down window therefore makes the
 *   HPA quicker to remove pods than to add them: load that stays high for less than the scale-up
 *   window never adds pods, while a shorter lull removes them, so bursty load runs short. That is
 *   almost always the two windows swapped. A missing scale-down window is the controller's
 *   `--horizontal-pod-autoscaler-downscale-stabilization` (300 s by default), so the server's
 *   defaults (0 s up) never raise it; a direction that is Disabled makes the comparison moot.
 *   (A stabilization window is independent of the policies' periods, so comparing it with them
 *   says nothing definite; this reading catches a real mistake instead.)
 */
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS, DEFAULT_SCALE_DOWN_RULES, DEFAULT_SCALE_UP_RULES, INT32_MAX, MAX_PERIOD_SECONDS, MAX_STABILIZATION_WINDOW_SECONDS } from '../../private/constants';
import { child, index } from '../issue-list';
import { RuleContext } from './context';
import { isNumber, isObject } from '../../model/values';

interface Policy {
  readonly type: 'Pods' | 'Percent';
  readonly value: number;
  readonly periodSeconds: number;
}

/** A direction's defaulted rules, when the API server accepts them. */
interface Rules {
  readonly selectPolicy: 'Max' | 'Min' | 'Disabled';
  readonly policies: readonly Policy[];
  readonly stabilizationWindowSeconds?: number;
  /** Whether `policies` is in the manifest (and not the server's default). */
  readonly policiesSet: boolean;
  /** `policies` as the defaulted spec has them, for the message. */
  readonly rawPolicies: unknown;
}

export function checkBehaviorLints(ctx: RuleContext): void {
  const behavior = ctx.spec.behavior;
  if (!isObject(behavior)) return;
  const raw = isObject(ctx.manifest.spec) && isObject(ctx.manifest.spec.behavior) ? ctx.manifest.spec.behavior : {};
  const up = ACCEPTED_DEFAULTS.get(behavior.scaleUp) ?? acceptedRules(behavior.scaleUp, raw.scaleUp);
  const down = ACCEPTED_DEFAULTS.get(behavior.scaleDown) ?? acceptedRules(behavior.scaleDown, raw.scaleDown);
  const { minReplicas: min, maxReplicas: max } = ctx.spec;
  const replicasOk = isNumber(min) && isNumber(max) && Number.isInteger(min) && Number.isInteger(max) && min >= 0 && max > 0 && min <= max;

  if (up && replicasOk) {
    neverLeavesZero(ctx, up, min, max);
    wrappedPodsLimit(ctx, up, min, max);
  }
  if (up && down) swappedWindows(ctx, up, down);
}

/** HPA406: `minReplicas: 0` and scale-up limits that are 0 from zero replicas. */
function neverLeavesZero(ctx: RuleContext, up: Rules, min: number, max: number): void {
  if (min !== 0 || up.selectPolicy === 'Disabled') return;
  const path = 'spec.behavior.scaleUp';
  const percent = up.policies.map((p, i) => ({ p, i })).filter(x => x.p.type === 'Percent');
  if (up.selectPolicy === 'Min' && percent.length > 0) {
    const { p, i } = percent[0];
    const which = up.policiesSet ? `policies[${i}]` : `the server's default policies[${i}]`;
    ctx.out.invalid('HPA406', child(path, 'selectPolicy'), 'Min',
      `with minReplicas 0, ${which} (Percent ${p.value}) allows ceil(0 × (1 + ${p.value}/100)) = 0 replicas from zero and Min picks the smallest limit: `
      + `once the scale-down to zero is older than its periodSeconds (${p.periodSeconds}s) the workload never leaves zero (ScalingLimited=True/ScaleUpLimit)`,
      'use selectPolicy Max with a Pods policy (for example Pods 4 per 15s), or remove the Percent policies from scaleUp');
  } else if (up.selectPolicy === 'Max' && percent.length === up.policies.length) {
    const longest = Math.max(...up.policies.map(p => p.periodSeconds));
    ctx.out.invalid('HPA406', child(path, 'policies'), up.rawPolicies,
      'with minReplicas 0 every scale-up policy is Percent, and a percentage of 0 replicas is 0: once the scale-down to zero is older than '
      + `${longest}s the workload never leaves zero (ScalingLimited=True/ScaleUpLimit)`,
      `add a Pods policy (for example Pods ${Math.min(4, max)} per 15s), or set minReplicas to 1`);
  }
}

/** HPA407: a scale-up Pods policy whose `current + value` overflows int32 at every count scaling up starts from. */
function wrappedPodsLimit(ctx: RuleContext, up: Rules, min: number, max: number): void {
  if (up.selectPolicy === 'Disabled') return;
  const lo = Math.max(min, 1);
  const hi = max - 1;
  if (lo > hi) return;
  const wrapped: Array<{ p: Policy; i: number }> = [];
  for (let i = 0; i < up.policies.length; i++) {
    const p = up.policies[i];
    if (p.type === 'Pods' && lo + p.value > INT32_MAX) wrapped.push({ p, i });
  }
  if (wrapped.length === 0) return;
  if (up.selectPolicy === 'Max' && wrapped.length < up.policies.length) return;
  const counts = lo === hi ? `at ${lo} replica${lo === 1 ? '' : 's'}` : `at every count from ${lo} to ${hi}`;
  const why = up.selectPolicy === 'Min' ? 'selectPolicy Min picks this negative limit' : 'every scale-up policy wraps';
  for (const { p, i } of wrapped) {
    ctx.out.invalid('HPA407', child(index('spec.behavior.scaleUp.policies', i), 'value'), p.value,
      `the controller adds this to the current replica count in int32 arithmetic, which wraps negative ${counts}, `
      + `every count it could scale up from (minReplicas ${min} to maxReplicas - 1); ${why}, so the scale-up limit stays at the current count and the workload never scales up`,
      `to allow any scale-up at once, use a value of at most maxReplicas (Pods ${max})`);
  }
}

/** HPA408: a scale-up stabilization window longer than the scale-down one. */
function swappedWindows(ctx: RuleContext, up: Rules, down: Rules): void {
  if (up.selectPolicy === 'Disabled' || down.selectPolicy === 'Disabled') return;
  const upWindow = up.stabilizationWindowSeconds;
  if (upWindow === undefined) return;
  const downWindow = down.stabilizationWindowSeconds ?? DEFAULT_DOWNSCALE_STABILIZATION_SECONDS;
  if (upWindow <= downWindow) return;
  const downText = down.stabilizationWindowSeconds === undefined ? `${downWindow}s, the controller's default` : `${downWindow}s`;
  ctx.out.invalid('HPA408', 'spec.behavior.scaleUp.stabilizationWindowSeconds', upWindow,
    `is longer than the scale-down stabilization window (${downText}): the autoscaler adds pods only after ${upWindow}s of higher `
    + `recommendations but removes them after ${downWindow}s of lower ones, so load that stays high for less than ${upWindow}s at a time never gets pods`,
    `shorten scaleUp.stabilizationWindowSeconds to at most ${downWindow}s (usually 0s), or lengthen scaleDown's to at least ${upWindow}s; check the two windows were not swapped`);
}

/** The defaulted rules if every field is one the API server accepts, else undefined (HPA118-HPA123 report it). */
function acceptedRules(rules: unknown, raw: unknown): Rules | undefined {
  if (!isObject(rules)) return undefined;
  const { selectPolicy, policies, stabilizationWindowSeconds: window } = rules;
  if (selectPolicy !== 'Max' && selectPolicy !== 'Min' && selectPolicy !== 'Disabled') return undefined;
  if (window !== undefined && !(isCount(window) && window <= MAX_STABILIZATION_WINDOW_SECONDS)) return undefined;
  if (!Array.isArray(policies) || policies.length === 0) return undefined;
  for (const p of policies) {
    if (!isObject(p) || (p.type !== 'Pods' && p.type !== 'Percent')) return undefined;
    if (!isCount(p.value) || p.value < 1 || p.value > INT32_MAX) return undefined;
    if (!isCount(p.periodSeconds) || p.periodSeconds < 1 || p.periodSeconds > MAX_PERIOD_SECONDS) return undefined;
  }
  return {
    selectPolicy,
    // Every policy is now known to be a Policy: read in place, not copied.
    policies: policies as Policy[],
    stabilizationWindowSeconds: window,
    policiesSet: isObject(raw) && raw.policies !== undefined,
    rawPolicies: policies,
  };
}

/** The server's default rules, accepted once: the defaulted spec has them for every direction a manifest leaves out. */
const ACCEPTED_DEFAULTS = new Map<unknown, Rules | undefined>([
  [DEFAULT_SCALE_UP_RULES, acceptedRules(DEFAULT_SCALE_UP_RULES, undefined)],
  [DEFAULT_SCALE_DOWN_RULES, acceptedRules(DEFAULT_SCALE_DOWN_RULES, undefined)],
]);

function isCount(value: unknown): value is number {
  return isNumber(value) && Number.isInteger(value) && value >= 0;
}
