/**
 * The API server's v2 defaulting (pkg/apis/autoscaling/v2/defaults.go), applied to a decoded
 * manifest before the rules run, so they judge what the server would store.
 */
import { DEFAULT_CPU_UTILIZATION, DEFAULT_MIN_REPLICAS, DEFAULT_SCALE_DOWN_RULES, DEFAULT_SCALE_UP_RULES, RawRules } from '../private/constants';
import { isObject } from './rules/values';

/** Marks the metric the server adds when `spec.metrics` is empty. */
export const DEFAULTED = Symbol('defaulted by the API server');

/** Defaults `spec` in place (the decoded copy belongs to the validator). */
export function applyDefaults(spec: any): void {
  if (!isObject(spec)) return;
  if (spec.minReplicas === undefined) spec.minReplicas = DEFAULT_MIN_REPLICAS;
  if (spec.metrics === undefined || (Array.isArray(spec.metrics) && spec.metrics.length === 0)) {
    spec.metrics = [{
      [DEFAULTED]: true,
      type: 'Resource',
      resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } },
    }];
  }
  const behavior = spec.behavior;
  if (isObject(behavior)) {
    behavior.scaleUp = defaultRules(behavior.scaleUp, DEFAULT_SCALE_UP_RULES);
    behavior.scaleDown = defaultRules(behavior.scaleDown, DEFAULT_SCALE_DOWN_RULES);
  }
}

function defaultRules(rules: any, defaults: RawRules): any {
  if (rules !== undefined && !isObject(rules)) return rules;
  const r = rules ?? {};
  return {
    ...r,
    stabilizationWindowSeconds: r.stabilizationWindowSeconds ?? defaults.stabilizationWindowSeconds,
    selectPolicy: r.selectPolicy ?? defaults.selectPolicy,
    policies: r.policies ?? defaults.policies.map(p => ({ ...p })),
  };
}
