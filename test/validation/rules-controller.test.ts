/**
 * Table tests for HPA201-HPA207 and HPA410: manifests the API server stores but the HPA
 * controller (pkg/controller/podautoscaler) then fails on or reads differently from what was written.
 */
import { containerResourceMetric, expectNegativeCase, expectRuleCase, NegativeCase, RuleCase, setMetrics } from './rule-cases';
import { Severity } from '../../src';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const resource = (target: any, name = 'cpu') => ({ type: 'Resource', resource: { name, target } });
const containerResource = (target: any) => containerResourceMetric({ target });
const pods = (target: any, selector?: any) => ({ type: 'Pods', pods: { metric: { name: 'requests_per_second', selector }, target } });
const object = (target: any, selector?: any) => ({
  type: 'Object',
  object: { describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' }, metric: { name: 'hits', selector }, target },
});
const external = (target: any, selector?: any) => ({ type: 'External', external: { metric: { name: 'queue_depth', selector }, target } });

/** An External Value metric whose metric selector is `selector`. */
function withSelector(selector: any): (m: any) => void {
  return setMetrics(external({ type: 'Value', value: '100' }, selector));
}

const UTILIZATION_ONLY_FOR_RESOURCES = 'Utilization is a percentage of resource requests and only applies to Resource and ContainerResource metrics';
const LABEL_VALUE = 'a valid label must be an empty string or consist of alphanumeric characters';
const QUALIFIED_NAME_PART = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const OPERATORS = 'supported values: "DoesNotExist", "Exists", "In", "NotIn"';

// ---------------------------------------------------------------------------------------------
// HPA201 / HPA410: the target type against the field that is set. An Object metric picks its
// field by type and fails when it is unset (HPA201, an error); the other sources read their
// field and ignore type (HPA410, a warning: the manifest runs as its fields say).
// ---------------------------------------------------------------------------------------------

const IGNORED = 'Ignored by the controller';

describe('HPA201 Object target type and field', () => {
  const cases: RuleCase[] = [
    {
      title: 'an Object target has type AverageValue with value',
      mutate: setMetrics(object({ type: 'AverageValue', value: '10' })),
      ruleId: 'HPA201',
      path: 'spec.metrics[0].object.target.type',
      prefix: 'Fails at run time: "AverageValue"',
      detail: 'does not match the target field that is set (value): the controller fails with "invalid object metric source"',
      fix: 'set type to "Value", or set averageValue',
    },
    {
      title: 'an Object target has type Value with averageValue',
      mutate: setMetrics(object({ type: 'Value', averageValue: '10' })),
      ruleId: 'HPA201',
      path: 'spec.metrics[0].object.target.type',
      prefix: 'Fails at run time: "Value"',
      detail: 'does not match the target field that is set (averageValue)',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'an Object AverageValue target', mutate: setMetrics(object({ type: 'AverageValue', averageValue: '10' })), ruleId: 'HPA201' },
    { title: 'an Object Value target', mutate: setMetrics(object({ type: 'Value', value: '10' })), ruleId: 'HPA201' },
    { title: 'a Pods target of type Value with averageValue (the controller reads averageValue: HPA410)', mutate: setMetrics(pods({ type: 'Value', averageValue: '500m' })), ruleId: 'HPA201', raises: ['HPA410'] },
    { title: 'an unknown target type (HPA115 instead)', mutate: setMetrics(resource({ type: 'Percent', averageUtilization: 70 })), ruleId: 'HPA201', raises: ['HPA115'] },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

describe('HPA410 a target type the controller ignores', () => {
  const cases: RuleCase[] = [
    {
      title: 'a Resource target has type Value with averageUtilization',
      mutate: setMetrics(resource({ type: 'Value', averageUtilization: 50 })),
      ruleId: 'HPA410',
      severity: Severity.WARNING,
      path: 'spec.metrics[0].resource.target.type',
      prefix: `${IGNORED}: "Value"`,
      detail: 'does not match the target field that is set (averageUtilization): the controller ignores type and reads averageUtilization',
      fix: 'set type to "Utilization"',
    },
    {
      title: 'a Resource target has type Utilization with averageValue',
      mutate: setMetrics(resource({ type: 'Utilization', averageValue: '500m' })),
      ruleId: 'HPA410',
      severity: Severity.WARNING,
      path: 'spec.metrics[0].resource.target.type',
      prefix: `${IGNORED}: "Utilization"`,
      detail: 'the controller ignores type and reads averageValue',
      fix: 'set type to "AverageValue"',
    },
    {
      title: 'a ContainerResource target has type AverageValue with averageUtilization',
      mutate: setMetrics(containerResource({ type: 'AverageValue', averageUtilization: 60 })),
      ruleId: 'HPA410',
      severity: Severity.WARNING,
      path: 'spec.metrics[0].containerResource.target.type',
      prefix: `${IGNORED}: "AverageValue"`,
      detail: 'does not match the target field that is set (averageUtilization)',
    },
    {
      title: 'a Pods target has type Value with averageValue',
      mutate: setMetrics(pods({ type: 'Value', averageValue: '10' })),
      ruleId: 'HPA410',
      severity: Severity.WARNING,
      path: 'spec.metrics[0].pods.target.type',
      prefix: `${IGNORED}: "Value"`,
      detail: 'the controller ignores type and reads averageValue',
    },
    {
      title: 'an External target has type AverageValue with value',
      mutate: setMetrics(external({ type: 'AverageValue', value: '10' })),
      ruleId: 'HPA410',
      severity: Severity.WARNING,
      path: 'spec.metrics[0].external.target.type',
      prefix: `${IGNORED}: "AverageValue"`,
      detail: 'the controller ignores type and reads value',
    },
    {
      title: 'the second metric has the mismatch',
      mutate: setMetrics(resource({ type: 'Utilization', averageUtilization: 70 }), external({ type: 'Value', averageValue: '5' })),
      ruleId: 'HPA410',
      severity: Severity.WARNING,
      path: 'spec.metrics[1].external.target.type',
      prefix: `${IGNORED}: "Value"`,
      detail: 'does not match the target field that is set (averageValue)',
    },
    {
      title: 'a Pods target has type Utilization',
      mutate: setMetrics(pods({ type: 'Utilization', averageValue: '10' })),
      ruleId: 'HPA410',
      severity: Severity.WARNING,
      path: 'spec.metrics[0].pods.target.type',
      prefix: `${IGNORED}: "Utilization"`,
      detail: `${UTILIZATION_ONLY_FOR_RESOURCES}: on pods metrics the controller ignores it and reads averageValue`,
      fix: 'set type to "AverageValue"',
    },
    {
      title: 'a Pods target sets an unused averageUtilization',
      mutate: setMetrics(pods({ type: 'AverageValue', averageValue: '10', averageUtilization: 50 })),
      ruleId: 'HPA410',
      severity: Severity.WARNING,
      path: 'spec.metrics[0].pods.target.averageUtilization',
      prefix: `${IGNORED}: 50`,
      detail: UTILIZATION_ONLY_FOR_RESOURCES,
    },
    {
      title: 'an External target has type Utilization',
      mutate: setMetrics(external({ type: 'Utilization', averageValue: '10' })),
      ruleId: 'HPA410',
      severity: Severity.WARNING,
      path: 'spec.metrics[0].external.target.type',
      prefix: `${IGNORED}: "Utilization"`,
      detail: 'on external metrics the controller ignores it and reads averageValue',
    },
  ];
  test.each(cases)('warns when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'a Resource AverageValue target', mutate: setMetrics(resource({ type: 'AverageValue', averageValue: '500m' })), ruleId: 'HPA410' },
    { title: 'a ContainerResource Utilization target', mutate: setMetrics(containerResource({ type: 'Utilization', averageUtilization: 60 })), ruleId: 'HPA410' },
    { title: 'an External Value target', mutate: setMetrics(external({ type: 'Value', value: '10' })), ruleId: 'HPA410' },
    { title: 'AverageValue on a Pods metric', mutate: setMetrics(pods({ type: 'AverageValue', averageValue: '10' })), ruleId: 'HPA410' },
    {
      title: 'a Resource target with both fields, one matching the type (HPA117 instead)',
      mutate: setMetrics(resource({ type: 'Utilization', averageUtilization: 70, averageValue: '500m' })),
      ruleId: 'HPA410',
      raises: ['HPA117'],
    },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA202: Utilization on an Object metric
// ---------------------------------------------------------------------------------------------

describe('HPA202 Utilization on an Object metric', () => {
  const cases: RuleCase[] = [
    {
      title: 'an Object target has type Utilization',
      mutate: setMetrics(object({ type: 'Utilization', value: '10' })),
      ruleId: 'HPA202',
      path: 'spec.metrics[0].object.target.type',
      prefix: 'Fails at run time: "Utilization"',
      detail: 'the controller fails on an Object metric with "invalid object metric source"',
      fix: 'use a Value or AverageValue target (MetricTarget.value() or MetricTarget.averageValue())',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'Utilization on a Resource metric', mutate: () => {}, ruleId: 'HPA202' },
    { title: 'Utilization on a ContainerResource metric', mutate: setMetrics(containerResource({ type: 'Utilization', averageUtilization: 60 })), ruleId: 'HPA202' },
    { title: 'Utilization on a Pods metric (the controller reads averageValue: HPA410)', mutate: setMetrics(pods({ type: 'Utilization', averageValue: '10' })), ruleId: 'HPA202', raises: ['HPA410'] },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA203: metric selectors parse as label selectors
// ---------------------------------------------------------------------------------------------

describe('HPA203 metric selectors', () => {
  const SELECTOR = 'spec.metrics[0].external.metric.selector';
  const cases: RuleCase[] = [
    {
      title: 'a matchLabels key has a space',
      mutate: withSelector({ matchLabels: { 'queue name': 'jobs' } }),
      ruleId: 'HPA203',
      path: `${SELECTOR}.matchLabels`,
      prefix: 'Fails at run time: "queue name"',
      detail: QUALIFIED_NAME_PART,
    },
    {
      title: 'a matchLabels value has a space',
      mutate: withSelector({ matchLabels: { queue: 'worker tasks' } }),
      ruleId: 'HPA203',
      path: `${SELECTOR}.matchLabels[queue]`,
      prefix: 'Fails at run time: "worker tasks"',
      detail: LABEL_VALUE,
    },
    {
      title: 'an operator is "Equals"',
      mutate: withSelector({ matchExpressions: [{ key: 'queue', operator: 'Equals', values: ['jobs'] }] }),
      ruleId: 'HPA203',
      path: `${SELECTOR}.matchExpressions[0].operator`,
      prefix: 'Fails at run time: "Equals"',
      detail: OPERATORS,
    },
    {
      title: 'an operator is missing',
      mutate: withSelector({ matchExpressions: [{ key: 'queue', values: ['jobs'] }] }),
      ruleId: 'HPA203',
      path: `${SELECTOR}.matchExpressions[0].operator`,
      prefix: 'Fails at run time: ""',
      detail: OPERATORS,
    },
    {
      title: 'In has no values',
      mutate: withSelector({ matchExpressions: [{ key: 'queue', operator: 'In' }] }),
      ruleId: 'HPA203',
      path: `${SELECTOR}.matchExpressions[0].values`,
      prefix: 'Fails at run time',
      detail: 'must be specified when operator is In',
    },
    {
      title: 'NotIn has an empty values list',
      mutate: withSelector({ matchExpressions: [{ key: 'queue', operator: 'NotIn', values: [] }] }),
      ruleId: 'HPA203',
      path: `${SELECTOR}.matchExpressions[0].values`,
      prefix: 'Fails at run time',
      detail: 'must be specified when operator is NotIn',
    },
    {
      title: 'Exists has values',
      mutate: withSelector({ matchExpressions: [{ key: 'queue', operator: 'Exists', values: ['jobs'] }] }),
      ruleId: 'HPA203',
      path: `${SELECTOR}.matchExpressions[0].values`,
      prefix: 'Fails at run time',
      detail: 'may not be specified when operator is Exists',
    },
    {
      title: 'an expression value has a space',
      mutate: withSelector({ matchExpressions: [{ key: 'queue', operator: 'In', values: ['jobs', 'worker tasks'] }] }),
      ruleId: 'HPA203',
      path: `${SELECTOR}.matchExpressions[0].values[1]`,
      prefix: 'Fails at run time: "worker tasks"',
      detail: LABEL_VALUE,
    },
    {
      title: 'an expression key starts with a dash',
      mutate: withSelector({ matchExpressions: [{ key: '-queue', operator: 'DoesNotExist' }] }),
      ruleId: 'HPA203',
      path: `${SELECTOR}.matchExpressions[0].key`,
      prefix: 'Fails at run time: "-queue"',
      detail: QUALIFIED_NAME_PART,
    },
    {
      title: 'a Pods metric selector key has two slashes',
      mutate: setMetrics(pods({ type: 'AverageValue', averageValue: '10' }, { matchLabels: { 'a/b/c': 'x' } })),
      ruleId: 'HPA203',
      path: 'spec.metrics[0].pods.metric.selector.matchLabels',
      prefix: 'Fails at run time: "a/b/c"',
      detail: 'a qualified name must consist of alphanumeric characters',
    },
    {
      title: 'an Object metric selector operator is lower case',
      mutate: setMetrics(object({ type: 'Value', value: '10' }, { matchExpressions: [{ key: 'path', operator: 'in', values: ['/'] }] })),
      ruleId: 'HPA203',
      path: 'spec.metrics[0].object.metric.selector.matchExpressions[0].operator',
      prefix: 'Fails at run time: "in"',
      detail: OPERATORS,
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    {
      title: 'a selector with prefixed keys, empty values and every operator',
      mutate: withSelector({
        matchLabels: { 'queue': 'worker_tasks', 'example.com/tier': '' },
        matchExpressions: [
          { key: 'a', operator: 'In', values: ['x'] },
          { key: 'b', operator: 'NotIn', values: ['y', 'z'] },
          { key: 'c', operator: 'Exists' },
          { key: 'd', operator: 'DoesNotExist', values: [] },
        ],
      }),
      ruleId: 'HPA203',
    },
    { title: 'an empty selector', mutate: withSelector({}), ruleId: 'HPA203' },
    { title: 'a null selector', mutate: withSelector(null), ruleId: 'HPA203' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA204: an Object target sets only one of value and averageValue
// ---------------------------------------------------------------------------------------------

describe('HPA204 Object target with value and averageValue', () => {
  const cases: RuleCase[] = [
    {
      title: 'an Object Value target also sets averageValue',
      mutate: setMetrics(object({ type: 'Value', value: '10', averageValue: '2' })),
      ruleId: 'HPA204',
      path: 'spec.metrics[0].object.target.averageValue',
      severity: Severity.WARNING,
      prefix: 'Ignored by the controller',
      detail: 'value and averageValue are both set: the controller reads only the one type "Value" names',
      fix: 'keep value (the metric as a whole) or averageValue (per pod), not both',
    },
    {
      title: 'an Object AverageValue target also sets value',
      mutate: setMetrics(object({ type: 'AverageValue', value: '10', averageValue: '2' })),
      ruleId: 'HPA204',
      severity: Severity.WARNING,
      path: 'spec.metrics[0].object.target.value',
      prefix: 'Ignored by the controller',
      detail: 'the controller reads only the one type "AverageValue" names',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'an Object target with value only', mutate: setMetrics(object({ type: 'Value', value: '10' })), ruleId: 'HPA204' },
    {
      title: 'an External target with both (the API server refuses it: HPA117)',
      mutate: setMetrics(external({ type: 'Value', value: '10', averageValue: '2' })),
      ruleId: 'HPA204',
      raises: ['HPA117'],
    },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA205: scaleTargetRef.apiVersion before the server checks it (before 1.34)
// ---------------------------------------------------------------------------------------------

describe('HPA205 scaleTargetRef.apiVersion on older servers', () => {
  const apiVersion = (value: string) => (m: any) => { m.spec.scaleTargetRef.apiVersion = value; };
  const cases: RuleCase[] = [
    {
      title: 'a Deployment is referenced as "v1" on 1.33',
      mutate: apiVersion('v1'),
      cluster: { version: '1.33' },
      ruleId: 'HPA205',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Fails at run time: "v1"',
      detail: 'apiVersion must specify API group: Kubernetes 1.33 stores it, but the controller cannot find the scale subresource',
      fix: 'set apiVersion to "apps/v1"',
    },
    {
      title: 'a StatefulSet apiVersion is empty on 1.28',
      mutate: m => { m.spec.scaleTargetRef = { apiVersion: '', kind: 'StatefulSet', name: 'db' }; },
      cluster: { version: '1.28' },
      ruleId: 'HPA205',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Fails at run time: ""',
      detail: 'Kubernetes 1.28 stores it',
    },
    {
      title: 'scaleTargetRef.apiVersion is "a/b/c" on 1.33',
      mutate: apiVersion('a/b/c'),
      cluster: { version: '1.33' },
      ruleId: 'HPA205',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Fails at run time: "a/b/c"',
      detail: 'unexpected GroupVersion string: a/b/c',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'a ReplicationController as "v1" on 1.33', mutate: m => { m.spec.scaleTargetRef = { apiVersion: 'v1', kind: 'ReplicationController', name: 'rc' }; }, cluster: { version: '1.33' }, ruleId: 'HPA205' },
    { title: '"apps/v1" on 1.33', mutate: () => {}, cluster: { version: '1.33' }, ruleId: 'HPA205' },
    { title: '"v1" on 1.34 (the API server refuses it: HPA107)', mutate: apiVersion('v1'), cluster: { version: '1.34' }, ruleId: 'HPA205', raises: ['HPA107'] },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA206: a Resource metric names a container resource
// ---------------------------------------------------------------------------------------------

describe('HPA206 Resource metric names', () => {
  // A name close to a container resource gets that name as the fix; another gets the list.
  const cases: RuleCase[] = ([
    ['foo', 'name a container resource: "cpu", "memory", "ephemeral-storage" or an extended resource'],
    ['pods', 'name a container resource: "cpu", "memory", "ephemeral-storage" or an extended resource'],
    ['requests.cpu', 'use "cpu"'],
    ['CPU', 'use "cpu"'],
    ['memroy', 'use "memory"'],
    ['ephemeral-storge', 'use "ephemeral-storage"'],
  ] as const).map(([name, fix]): RuleCase => ({
    title: `a Resource metric is named ${JSON.stringify(name)}`,
    mutate: setMetrics(resource({ type: 'AverageValue', averageValue: '1' }, name)),
    ruleId: 'HPA206',
    path: 'spec.metrics[0].resource.name',
    prefix: `Fails at run time: ${JSON.stringify(name)}`,
    detail: 'the API server accepts any name here, but the controller only reads container resources such as cpu and memory',
    fix,
  }));
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = ['cpu', 'memory', 'ephemeral-storage', 'hugepages-2Mi', 'example.com/gpu'].map((name): NegativeCase => ({
    title: `a Resource metric named ${JSON.stringify(name)}`,
    mutate: setMetrics(resource({ type: 'AverageValue', averageValue: '1' }, name)),
    ruleId: 'HPA206',
  }));
  negatives.push({ title: 'an empty Resource name (HPA113 instead)', mutate: setMetrics(resource({ type: 'AverageValue', averageValue: '1' }, '')), ruleId: 'HPA206', raises: ['HPA113'] });
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA207: scaleTargetRef.kind spelt as its API serves it. The API server stores any kind
// (ValidateCrossVersionObjectReference checks only that it is a path segment); the controller
// looks the group and kind up exactly (horizontal.go: RESTMappings) and fails every sync with
// FailedGetScale "no matches for kind ... in group ...".
// ---------------------------------------------------------------------------------------------

describe('HPA207 scaleTargetRef.kind spelt exactly', () => {
  const ref = (apiVersion: string, kind: string) => (m: any) => { m.spec.scaleTargetRef = { apiVersion, kind, name: 'web' }; };
  const cases: RuleCase[] = ([
    ['apps/v1', 'deployment', 'set kind to "Deployment"', 'in group "apps"'],
    ['apps/v1', 'Deploymnet', 'set kind to "Deployment"', 'in group "apps"'],
    ['apps/v1', 'Deployments', 'set kind to "Deployment"', 'in group "apps"'],
    ['apps/v1', 'statefulset', 'set kind to "StatefulSet"', 'in group "apps"'],
    ['apps/v1', 'Replicaset', 'set kind to "ReplicaSet"', 'in group "apps"'],
    ['argoproj.io/v1alpha1', 'rollout', 'set kind to "Rollout"', 'in group "argoproj.io"'],
    // A built-in group other than the kind's: no custom resource can be defined there.
    ['extensions/v1beta1', 'deployment', 'set kind to "Deployment" and apiVersion to "apps/v1"', 'in group "extensions"'],
  ] as const).map(([apiVersion, kind, fix, group]): RuleCase => ({
    title: `the kind is ${JSON.stringify(kind)} in ${apiVersion}`,
    mutate: ref(apiVersion, kind),
    ruleId: 'HPA207',
    path: 'spec.scaleTargetRef.kind',
    prefix: `Fails at run time: ${JSON.stringify(kind)}`,
    detail: `the API server stores any kind, but the controller looks kinds up exactly and finds no ${JSON.stringify(kind)}: every sync fails with FailedGetScale (no matches for kind ${JSON.stringify(kind)} ${group})`,
    fix,
  }));
  cases.push({
    title: 'a lower-case kind has no group at all (the API server refuses the group first)',
    mutate: ref('v1', 'deployment'),
    ruleId: 'HPA207',
    path: 'spec.scaleTargetRef.kind',
    prefix: 'Fails at run time: "deployment"',
    detail: 'no matches for kind "deployment" in group ""',
    fix: 'set kind to "Deployment" and apiVersion to "apps/v1"',
    alsoRaises: ['HPA107'],
  });
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'a Deployment spelt as served', mutate: ref('apps/v1', 'Deployment'), ruleId: 'HPA207' },
    { title: 'an Argo Rollout spelt as served', mutate: ref('argoproj.io/v1alpha1', 'Rollout'), ruleId: 'HPA207' },
    { title: 'a ReplicationController in the core group', mutate: ref('v1', 'ReplicationController'), ruleId: 'HPA207' },
    { title: 'a custom resource kind that is close to no scalable kind', mutate: ref('example.com/v1', 'WebApp'), ruleId: 'HPA207' },
    { title: 'a custom group\'s kind spelt like a workload (a custom resource may be named so)', mutate: ref('example.com/v1', 'deployment'), ruleId: 'HPA207' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});
