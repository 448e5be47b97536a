/** `validateBehavior` / `validateScalingRules`, and tolerance. */
import { parseQuantity } from '../../model/quantity';
import { MAX_PERIOD_SECONDS, MAX_STABILIZATION_WINDOW_SECONDS } from '../../private/constants';
import { child, index } from '../issue-list';
import { RuleContext } from './context';
import { isNumber, isObject, isString } from '../../model/values';

const SELECT_POLICIES = ['Disabled', 'Max', 'Min'];
const POLICY_TYPES = ['Percent', 'Pods'];

export function checkBehavior(ctx: RuleContext): void {
  const behavior = ctx.spec.behavior;
  if (!isObject(behavior)) return;
  if (isObject(behavior.scaleUp)) checkRules(ctx, behavior.scaleUp, 'spec.behavior.scaleUp');
  if (isObject(behavior.scaleDown)) checkRules(ctx, behavior.scaleDown, 'spec.behavior.scaleDown');
}

function checkRules(ctx: RuleContext, rules: { [key: string]: any }, path: string): void {
  const window = rules.stabilizationWindowSeconds;
  if (isNumber(window)) {
    const p = child(path, 'stabilizationWindowSeconds');
    if (window < 0) {
      ctx.out.invalid('HPA118', p, window, 'must be greater than or equal to zero');
    } else if (window > MAX_STABILIZATION_WINDOW_SECONDS) {
      ctx.out.invalid('HPA118', p, window, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`,
        `use a window of at most ${MAX_STABILIZATION_WINDOW_SECONDS}s`);
    }
  }
  if (isString(rules.selectPolicy) && !SELECT_POLICIES.includes(rules.selectPolicy)) {
    ctx.out.unsupported('HPA119', child(path, 'selectPolicy'), rules.selectPolicy, SELECT_POLICIES);
  }
  const policies = rules.policies;
  if (Array.isArray(policies)) {
    if (policies.length === 0) {
      ctx.out.required('HPA120', child(path, 'policies'), 'must specify at least one Policy',
        'leave policies out to get the server defaults, or give at least one policy');
    }
    for (let i = 0; i < policies.length; i++) {
      if (isObject(policies[i])) checkPolicy(ctx, policies[i], path, i);
    }
  }
  const tolerance = rules.tolerance;
  if (isString(tolerance) || isNumber(tolerance)) {
    const parsed = parseQuantity(tolerance);
    if (parsed.ok && parsed.sign < 0) {
      ctx.out.invalid('HPA124', child(path, 'tolerance'), String(tolerance), 'must be greater than or equal to 0');
    }
  }
}

/** The path of `field` of policy `i` of the rules at `rulesPath`, built only for a finding. */
function policyPath(rulesPath: string, i: number, field: string): string {
  return child(index(child(rulesPath, 'policies'), i), field);
}

/** Policy `i` of the rules at `rulesPath`. */
function checkPolicy(ctx: RuleContext, policy: { [key: string]: any }, rulesPath: string, i: number): void {
  const type = policy.type ?? '';
  if (isString(type) && !POLICY_TYPES.includes(type)) {
    ctx.out.unsupported('HPA121', policyPath(rulesPath, i, 'type'), type, POLICY_TYPES);
  }
  const value = policy.value ?? 0;
  if (isNumber(value) && value <= 0) {
    ctx.out.invalid('HPA122', policyPath(rulesPath, i, 'value'), value, 'must be greater than zero');
  }
  const period = policy.periodSeconds ?? 0;
  if (isNumber(period)) {
    if (period <= 0) {
      ctx.out.invalid('HPA123', policyPath(rulesPath, i, 'periodSeconds'), period, 'must be greater than zero');
    } else if (period > MAX_PERIOD_SECONDS) {
      ctx.out.invalid('HPA123', policyPath(rulesPath, i, 'periodSeconds'), period, `must be less than or equal to ${MAX_PERIOD_SECONDS}`,
        `use a period of at most ${MAX_PERIOD_SECONDS}s`);
    }
  }
}
