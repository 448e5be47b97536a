import { Severity } from './validation-issue';

/** A rule's stable id, default severity and one-line summary. */
export interface RuleInfo {
  readonly severity: Severity;
  readonly summary: string;
}

const error = (summary: string): RuleInfo => ({ severity: Severity.ERROR, summary });
const warning = (summary: string): RuleInfo => ({ severity: Severity.WARNING, summary });

/**
 * Every rule the engine knows. HPA1xx: what kube-apiserver refuses (HPA15x: refused or dropped
 * because of the cluster's version or feature gates); HPA2xx: what the HPA controller fails on
 * or ignores at run time; HPA3xx: checks across objects (construct tree or command-line input);
 * HPA4xx: lints (warnings).
 */
export const RULES: { readonly [ruleId: string]: RuleInfo } = {
  HPA000: error('construct options name rules that exist and may be changed'),
  HPA100: error('the object is an autoscaling/v2 HorizontalPodAutoscaler'),
  HPA101: error('spec.minReplicas is at least 1, or 0 with HPAScaleToZero'),
  HPA102: error('spec.maxReplicas is set and greater than 0'),
  HPA103: error('spec.maxReplicas is at least spec.minReplicas'),
  HPA104: error('metadata.name / generateName is a DNS-1123 subdomain'),
  HPA105: error('metadata.namespace, labels and annotations are well formed'),
  HPA106: error('scaleTargetRef / describedObject kind and name are set and valid path segments'),
  HPA107: error('scaleTargetRef.apiVersion parses and names an API group (except ReplicationController)'),
  HPA108: error('scaling to zero needs an Object or External metric'),
  HPA109: error('each metric has a supported type'),
  HPA110: error('each metric populates exactly the source its type names'),
  HPA111: error('metric names are set and valid path segments'),
  HPA112: error('describedObject.apiVersion parses'),
  HPA113: error('resource names are set; container resource names are standard container resources'),
  HPA114: error('container names are set and DNS-1123 labels'),
  HPA115: error('each target has a type of Utilization, Value or AverageValue'),
  HPA116: error('target value, averageValue and averageUtilization are positive'),
  HPA117: error('each source sets the target fields it requires, and no forbidden pair'),
  HPA118: error('stabilizationWindowSeconds is between 0 and 3600'),
  HPA119: error('selectPolicy is Max, Min or Disabled'),
  HPA120: error('policies is not an explicit empty list'),
  HPA121: error('policy type is Pods or Percent'),
  HPA122: error('policy value is greater than 0'),
  HPA123: error('policy periodSeconds is between 1 and 1800'),
  HPA124: error('tolerance is not negative'),
  HPA125: error('quantities follow the Kubernetes quantity grammar'),
  HPA126: error('no unknown fields (strict field validation)'),
  HPA127: error('fields have their JSON types and int32 range'),
  HPA150: error('the field exists in the cluster\'s Kubernetes version'),
  HPA151: error('the field\'s feature gate is on in the cluster'),
  HPA152: error('external.fallback needs the HPAExternalMetricFallback gate'),
  HPA153: error('fallback replicas and failureDuration are greater than 0'),
  HPA154: error('the cluster profile names a known version and gates'),
  HPA201: error('the target type matches the target field that is set'),
  HPA202: error('Utilization targets only on Resource and ContainerResource metrics'),
  HPA203: error('metric selectors parse as label selectors'),
  HPA204: error('an Object target does not set both value and averageValue'),
  HPA205: error('scaleTargetRef.apiVersion names an API group, so the controller finds the scale subresource'),
  HPA206: error('a Resource metric names a container resource the controller can read'),
  HPA301: error('Utilization needs a request for that resource in every container of the target'),
  HPA302: error('a ContainerResource metric names a container of the target'),
  HPA303: error('the target does not fix its own replicas'),
  HPA304: error('one HPA per target'),
  HPA401: warning('fallback replicas lie within minReplicas..maxReplicas'),
  HPA402: warning('minReplicas differs from maxReplicas'),
  HPA403: warning('scale to zero with scale-down Disabled never reaches zero'),
  HPA404: warning('minReplicas of at least 2 for availability (kube-score, Polaris, kube-linter)'),
  HPA405: warning('a well-known workload kind is targeted through its current API version'),
  HPA406: warning('scale to zero can scale up again: not every scale-up policy is Percent (with Max), and none is (with Min), since a percentage of 0 replicas is 0'),
  HPA407: warning('no scale-up Pods policy value so large that current + value overflows int32 at every count, which freezes scale-up (with Min, or Max when every policy does)'),
  HPA408: warning('the scale-up stabilization window is not longer than the scale-down one (default 300s); otherwise short load peaks never add pods while short lulls remove them'),
};

/** Whether a rule's severity may be changed or the rule turned off on a construct. */
export function isAdjustableRule(ruleId: string): boolean {
  return /^HPA[34]\d\d$/.test(ruleId) && ruleId in RULES;
}
