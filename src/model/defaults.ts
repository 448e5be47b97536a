/**
 * The API server's v2 defaulting (pkg/apis/autoscaling/v2/defaults.go), applied to a decoded
 * manifest before the rules run, so they judge what the server would store.
 */
import { isObject } from './values';
import { DEFAULT_CPU_UTILIZATION, DEFAULT_MIN_REPLICAS, DEFAULT_SCALE_DOWN_RULES, DEFAULT_SCALE_UP_RULES, RawRules } from '../private/constants';

/** Marks the metric the server adds when `spec.metrics` is empty. */
export const DEFAULTED = Symbol('defaulted by the API server');

const DEFAULT_METRICS = Object.freeze([Object.freeze({
  [DEFAULTED]: true,
  type: 'Resource',
  resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } },
})]);

/**
 * A defaulted copy of `spec` (an empty spec when it is not an object). The decoded manifest may
 * share objects with the caller's input, so nothing is changed in place.
 */
export function defaultedSpec(spec: unknown): { [key: string]: any } {
  const s: { [key: string]: any } = isObject(spec) ? spec : {};
  const metrics = s.metrics;
  const behavior = s.behavior;
  return {
    scaleTargetRef: s.scaleTargetRef,
    minReplicas: s.minReplicas === undefined ? DEFAULT_MIN_REPLICAS : s.minReplicas,
    maxReplicas: s.maxReplicas,
    metrics: metrics === undefined || (Array.isArray(metrics) && metrics.length === 0) ? DEFAULT_METRICS : metrics,
    behavior: isObject(behavior)
      ? { scaleUp: defaultRules(behavior.scaleUp, DEFAULT_SCALE_UP_RULES), scaleDown: defaultRules(behavior.scaleDown, DEFAULT_SCALE_DOWN_RULES) }
      : behavior,
  };
}

function defaultRules(rules: any, defaults: RawRules): any {
  if (rules === undefined) return defaults;
  if (!isObject(rules)) return rules;
  const window = rules.stabilizationWindowSeconds;
  return {
    stabilizationWindowSeconds: window === undefined ? defaults.stabilizationWindowSeconds : window,
    selectPolicy: rules.selectPolicy === undefined ? defaults.selectPolicy : rules.selectPolicy,
    policies: rules.policies === undefined ? defaults.policies : rules.policies,
    tolerance: rules.tolerance,
  };
}
