/**
 * The API server's v2 defaulting (pkg/apis/autoscaling/v2/defaults.go), applied to a decoded
 * manifest before the rules run, so they judge what the server would store.
 */
import { DEFAULT_CPU_UTILIZATION, DEFAULT_MIN_REPLICAS, DEFAULT_SCALE_DOWN_RULES, DEFAULT_SCALE_UP_RULES, RawRules } from '../private/constants';
import { isObject } from './rules/values';

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
  if (!isObject(spec)) return { minReplicas: DEFAULT_MIN_REPLICAS, metrics: DEFAULT_METRICS };
  const result: { [key: string]: any } = { ...spec };
  if (result.minReplicas === undefined) result.minReplicas = DEFAULT_MIN_REPLICAS;
  if (result.metrics === undefined || (Array.isArray(result.metrics) && result.metrics.length === 0)) result.metrics = DEFAULT_METRICS;
  const behavior = result.behavior;
  if (isObject(behavior)) {
    result.behavior = {
      ...behavior,
      scaleUp: defaultRules(behavior.scaleUp, DEFAULT_SCALE_UP_RULES),
      scaleDown: defaultRules(behavior.scaleDown, DEFAULT_SCALE_DOWN_RULES),
    };
  }
  return result;
}

function defaultRules(rules: any, defaults: RawRules): any {
  if (rules !== undefined && !isObject(rules)) return rules;
  if (rules === undefined) return defaults;
  return {
    ...rules,
    stabilizationWindowSeconds: rules.stabilizationWindowSeconds ?? defaults.stabilizationWindowSeconds,
    selectPolicy: rules.selectPolicy ?? defaults.selectPolicy,
    policies: rules.policies ?? defaults.policies,
  };
}
