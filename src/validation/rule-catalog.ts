import { Severity } from './validation-issue';
import { OLDEST_KNOWN_MINOR } from '../private/kubernetes-releases';
import { table } from '../private/table';

/** A rule's stable id, default severity, one-line summary, and how its findings are worded. */
export interface RuleInfo {
  readonly severity: Severity;
  readonly summary: string;
  /** The fix, where the finding does not name a more specific one. */
  readonly fix: string;
  /**
   * What a finding says it is, in place of Kubernetes' field error type: only the API server's
   * own rules (HPA1xx) are worded as its errors (`Invalid value`, `Required value`, ...).
   */
  readonly label?: string;
  /** Off unless turned on: a lint that most working manifests would trip. */
  readonly offByDefault?: boolean;
}

type Extra = Partial<Pick<RuleInfo, 'label' | 'offByDefault'>>;
const error = (summary: string, fix: string, extra: Extra = {}): RuleInfo => ({ severity: Severity.ERROR, summary, fix, ...extra });
const warning = (summary: string, fix: string, extra: Extra = {}): RuleInfo => ({ severity: Severity.WARNING, summary, fix, ...extra });

/** Labels of the findings that are not the API server's. */
const FAILS = 'Fails at run time';
const IGNORED = 'Ignored by the controller';
const LINT = 'Lint';

/**
 * Every rule the engine knows. HPA1xx: what kube-apiserver refuses (HPA15x: refused or dropped
 * because of the cluster's version or feature gates; HPA154, HPA156 and HPA157: the
 * cluster profile itself); HPA2xx: what the HPA controller fails on at run time; HPA3xx: checks across objects
 * (construct tree or command-line input); HPA4xx: lints (warnings, some off by default).
 */
export const RULES = table<RuleInfo>({
  HPA000: error('construct options name rules that exist and may be changed', 'see HpaValidator.rules() for the rule ids and which can be changed'),
  HPA100: error('the object is a HorizontalPodAutoscaler in an apiVersion the cluster serves', 'use apiVersion autoscaling/v2 and kind HorizontalPodAutoscaler'),
  HPA101: error('spec.minReplicas is at least 1, or 0 with HPAScaleToZero', 'set minReplicas to 1 or more (0 needs the HPAScaleToZero feature gate and an Object or External metric)'),
  HPA102: error('spec.maxReplicas is set and greater than 0', 'set maxReplicas to 1 or more'),
  HPA103: error('spec.maxReplicas is at least spec.minReplicas', 'raise maxReplicas to at least minReplicas, or lower minReplicas'),
  HPA104: error('metadata.name / generateName is a DNS-1123 subdomain', 'use lowercase letters, digits, \'-\' and \'.\', starting and ending with a letter or digit, at most 253 characters'),
  HPA105: error('metadata.namespace, labels and annotations are well formed', 'use a DNS-1123 label as namespace, and qualified names with valid values for labels and annotations'),
  HPA106: error('scaleTargetRef / describedObject kind and name are set and valid path segments', 'set kind and name, without "/", "%" or names "." and ".."'),
  HPA107: error('scaleTargetRef.apiVersion parses and names an API group (except ReplicationController)', 'set apiVersion to the group/version of the target, such as "apps/v1"'),
  HPA108: error('scaling to zero needs an Object or External metric', 'add an Object or External metric, or set minReplicas to 1 or more'),
  HPA109: error('each metric has a supported type', 'set type to Resource, ContainerResource, Pods, Object or External'),
  HPA110: error('each metric populates exactly the source its type names', 'fill in the source the type names (resource for Resource, ...) and no other'),
  HPA111: error('metric names are set and valid path segments', 'set metric.name, without "/" or "%"'),
  HPA112: error('describedObject.apiVersion parses', 'set apiVersion as group/version, such as "networking.k8s.io/v1"'),
  HPA113: error('resource names are set; container resource names are standard container resources', 'name a container resource such as "cpu" or "memory"'),
  HPA114: error('container names are set and DNS-1123 labels', 'use the name of a container of the target'),
  HPA115: error('each target has a type of Utilization, Value or AverageValue', 'set target.type to Utilization, Value or AverageValue'),
  HPA116: error('target value, averageValue and averageUtilization are positive', 'use a target greater than 0'),
  HPA117: error('each source sets the target fields it requires, and no forbidden pair', 'set the one target field the source takes: averageUtilization, value or averageValue (MetricTarget.averageUtilization(), value() or averageValue())'),
  HPA118: error('stabilizationWindowSeconds is between 0 and 3600', 'use a window from 0 to 3600 seconds'),
  HPA119: error('selectPolicy is Max, Min or Disabled', 'set selectPolicy to Max, Min or Disabled'),
  HPA120: error('policies is not an explicit empty list', 'remove policies to keep the defaults, or give at least one policy'),
  HPA121: error('policy type is Pods or Percent', 'set the policy type to Pods or Percent'),
  HPA122: error('policy value is greater than 0', 'use a policy value of 1 or more (to stop scaling in a direction, set selectPolicy to Disabled)'),
  HPA123: error('policy periodSeconds is between 1 and 1800', 'use a period from 1 to 1800 seconds'),
  HPA124: error('tolerance is not negative', 'use a tolerance of 0 or more, such as 0.1 for 10 %'),
  HPA125: error('quantities follow the Kubernetes quantity grammar', 'write a quantity such as "100", "500m", "0.5" or "1Gi"'),
  HPA126: error('no unknown fields (strict field validation)', 'remove the field, or check its spelling and the apiVersion'),
  HPA127: error('fields have their JSON types and int32 range', 'give the field a value of the type it takes'),
  HPA150: error('the field exists in the cluster\'s Kubernetes version', 'declare a newer version in the cluster profile, or remove the field'),
  HPA151: error('the field\'s feature gate is on in the cluster', 'declare the feature gate in the cluster profile if the cluster turns it on, or remove the field'),
  HPA152: error('external.fallback needs the HPAExternalMetricFallback gate', 'declare HPAExternalMetricFallback=true in the cluster profile if the cluster runs it, or remove the fallback'),
  HPA153: error('fallback replicas and failureDuration are greater than 0', 'use a fallback of 1 or more replicas after a failureDuration greater than 0'),
  HPA154: error('the cluster profile names a known version and gates', `use a version from 1.${OLDEST_KNOWN_MINOR} on and the gates ClusterProfile knows (see ClusterProfile.of)`),
  HPA155: warning('the apiVersion is not deprecated in the cluster\'s release', 'move to autoscaling/v2'),
  HPA156: warning('the cluster\'s Kubernetes release is one this cdk8s-hpa knows; a newer one is judged as the newest it knows',
    'upgrade cdk8s-hpa to a version that knows the release, or turn HPA156 off to accept the judgement by the newest release it knows'),
  HPA157: warning('a field or value that a release or feature gate decides (minReplicas: 0, tolerance) is judged for a declared Kubernetes version, not the assumed default',
    'declare the cluster\'s version: ClusterProfile.of({ version }), cluster.version in the config file, or --k8s-version'),
  HPA201: error('an Object target\'s type names the field that is set', 'set type to the field that is set (Value for value, AverageValue for averageValue)', { label: FAILS }),
  HPA202: error('Utilization targets only on Resource and ContainerResource metrics', 'use a Value or AverageValue target (MetricTarget.value() or MetricTarget.averageValue())', { label: FAILS }),
  HPA203: error('metric selectors parse as label selectors', 'use label keys and values Kubernetes accepts, and operators In, NotIn, Exists, DoesNotExist', { label: FAILS }),
  HPA204: warning('an Object target does not set both value and averageValue', 'keep value (the metric as a whole) or averageValue (per pod), not both', { label: IGNORED }),
  HPA205: error('scaleTargetRef.apiVersion names an API group, so the controller finds the scale subresource', 'set apiVersion to the group/version of the target, such as "apps/v1"', { label: FAILS }),
  HPA206: error('a Resource metric names a container resource the controller can read', 'name a container resource: "cpu", "memory", "ephemeral-storage" or an extended resource', { label: FAILS }),
  HPA207: error('scaleTargetRef.kind names a scalable kind exactly as its API serves it (the controller looks kinds up case-sensitively)', 'spell the kind as its API serves it: "Deployment", "StatefulSet", "ReplicaSet", "ReplicationController" or "Rollout"', { label: FAILS }),
  HPA301: error('Utilization needs a request for that resource in every container of the target', 'give every container of the target a request for the resource, or use an averageValue target', { label: FAILS }),
  HPA302: error('a ContainerResource metric names a container of the target', 'name a container of the target', { label: FAILS }),
  HPA303: error('the target does not fix its own replicas', 'remove replicas from the workload', { label: 'Conflicts with the target' }),
  HPA304: error('one HPA per target', 'keep one HPA per target and put all metrics in it', { label: 'Conflicts with another HPA' }),
  HPA305: error('the HPA is in the namespace of its target', 'put the HPA in the namespace of its target', { label: FAILS }),
  HPA306: error('the scale target is among the workloads of the input, where the HPA\'s own file or chart holds workloads of its namespace', 'name a workload of the input in scaleTargetRef', { label: FAILS }),
  HPA401: warning('fallback replicas lie within minReplicas..maxReplicas', 'set the fallback between minReplicas and maxReplicas', { label: LINT }),
  HPA402: warning('minReplicas differs from maxReplicas', 'raise maxReplicas above minReplicas, or drop the HPA and set the workload\'s replicas', { label: LINT, offByDefault: true }),
  HPA403: warning('scale to zero with scale-down Disabled never reaches zero', 'allow scale-down (SelectPolicy.MAX or MIN), or set minReplicas to 1', { label: LINT }),
  HPA404: warning('minReplicas of at least 2 for availability (kube-score, Polaris, kube-linter)', 'set minReplicas to 2 or more', { label: LINT, offByDefault: true }),
  HPA405: warning('a well-known workload kind is targeted through its current API version', 'use the workload kind\'s own API group, such as "apps/v1" for a Deployment', { label: LINT }),
  HPA406: warning('scale to zero can scale up again: not every scale-up policy is Percent (with Max), and none is (with Min), since a percentage of 0 replicas is 0', 'add a scale-up Pods policy', { label: LINT }),
  HPA407: warning('no scale-up Pods policy value so large that current + value overflows int32 at every count, which freezes scale-up (with Min, or Max when every policy does)', 'use a Pods policy value below 2147483647 minus maxReplicas', { label: LINT }),
  HPA408: warning('the scale-up stabilization window is not longer than the scale-down one (default 300s); otherwise short load peaks never add pods while short lulls remove them', 'shorten the scale-up window or lengthen the scale-down one', { label: LINT }),
  HPA409: warning('no two metrics read the same value (the same resource, or the same metric name and selector)', 'keep one metric per value, with the target you mean', { label: LINT }),
  HPA410: warning('the target type names the field that is set (the controller reads the field and ignores type)', 'set type to the field that is set', { label: IGNORED }),
});

/** Whether a rule's severity may be changed or the rule turned off: cross-object checks, lints and warnings. */
export function isAdjustableRule(ruleId: string): boolean {
  const rule = RULES[ruleId];
  return rule !== undefined && (/^HPA[34]\d\d$/.test(ruleId) || rule.severity === Severity.WARNING);
}

/** A page of the docs as the web shows it, with its anchor: `docsUrl('plugin.md#the-config-file')`. */
export function docsUrl(pageAndAnchor: string): string {
  return `https://github.com/cdk8s-hpa/cdk8s-hpa/blob/main/docs/${pageAndAnchor}`;
}

/** The rules reference, generated from this catalog (build-tools/docs.js): one anchor per rule id. */
const RULES_DOC_URL = docsUrl('rules.md');

/** Where a rule, an explain finding or an input rule is documented: its anchor in the rules reference. */
export function ruleDocUrl(ruleId: string): string {
  return `${RULES_DOC_URL}#${ruleId.toLowerCase()}`;
}
