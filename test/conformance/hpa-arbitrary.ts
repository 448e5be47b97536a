/**
 * fast-check arbitraries of realistic HorizontalPodAutoscaler objects, in every apiVersion a
 * client may send (`autoscaling/v2`, `v2beta2`, `v1`), with realistic mistakes at a low rate:
 * a bad name, a zero or negative count, a target type that does not fit its fields, a bad
 * quantity, a misspelt field, a string where a number goes, an int32 overflow...
 *
 * Every field of the v2 spec is reached: metadata, scaleTargetRef, min/max replicas, the five
 * metric sources with every target type, selectors, and behavior with windows, policies,
 * selectPolicy and tolerance.
 */
import * as fc from 'fast-check';
import { GATE_POD_LEVEL_RESOURCES, GATE_SIDECAR_CONTAINERS } from '../../src/private/kubernetes-releases';

/** The chance that one field carries a mistake, in percent. */
const MISTAKE_PERCENT = 4;

/** A good value most of the time, a mistake at a low rate. */
function mostly<T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>): fc.Arbitrary<T | U> {
  return fc.oneof({ weight: 100 - MISTAKE_PERCENT, arbitrary: good }, { weight: MISTAKE_PERCENT, arbitrary: bad });
}

/** An optional field: absent (undefined) about half the time. */
function maybe<T>(value: fc.Arbitrary<T>, presentPercent = 50): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 100 - presentPercent, arbitrary: fc.constant(undefined) }, { weight: presentPercent, arbitrary: value });
}

/** A JSON object without the keys whose value is undefined. */
function record(fields: { [key: string]: fc.Arbitrary<unknown> }): fc.Arbitrary<{ [key: string]: unknown }> {
  return fc.record(fields).map(r => {
    const out: { [key: string]: unknown } = {};
    for (const [k, v] of Object.entries(r)) if (v !== undefined) out[k] = v;
    return out;
  });
}

const INT32_MAX = 2 ** 31 - 1;

/** Integers a user writes, and the ones that break decoding or validation. */
const badInt = fc.constantFrom(-1, 0, -100, INT32_MAX, INT32_MAX + 1, 2 ** 40, 1.5, '3', null, true);

const dnsLabel = fc.constantFrom('web', 'api', 'worker', 'queue-consumer', 'a', 'svc-1', 'x'.repeat(63));
const badName = fc.constantFrom('', 'Web', 'web_1', '-web', 'web-', 'a/b', '..', '.', 'a%b', 'x'.repeat(254), 'web.', ' web');
const subdomain = fc.oneof(dnsLabel, fc.constantFrom('web.prod', 'a.b.c', 'x'.repeat(253)));

const labelKey = fc.constantFrom('app', 'tier', 'app.kubernetes.io/name', 'example.com/team', 'queue');
const badLabelKey = fc.constantFrom('-app', 'a/b/c', 'Example.com/x', '/x', 'x'.repeat(64), '');
const labelValue = fc.constantFrom('web', 'worker_tasks', 'v1.2', '', 'A-b');
const badLabelValue = fc.constantFrom('-x', 'a b', 'x'.repeat(64), 'a/b');
const labels = fc.dictionary(mostly(labelKey, badLabelKey), mostly(labelValue, badLabelValue), { maxKeys: 3 });
const annotations = fc.dictionary(mostly(labelKey, badLabelKey), fc.constantFrom('x', '', 'some value', '{"a":1}'), { maxKeys: 2 });

const metadata = record({
  name: mostly(subdomain, fc.oneof(badName, fc.constant(undefined))),
  generateName: maybe(mostly(fc.constantFrom('web-', 'hpa-'), fc.constantFrom('Web-', 'a/')), 5),
  namespace: maybe(mostly(fc.constantFrom('default', 'prod', 'team-a'), fc.constantFrom('Prod', 'a.b', '')), 40),
  labels: maybe(labels, 20),
  annotations: maybe(annotations, 10),
});

/** What a scale target reference looks like, good and bad. */
const scaleTargetRef = fc.oneof(
  { weight: 60, arbitrary: record({ apiVersion: fc.constant('apps/v1'), kind: fc.constantFrom('Deployment', 'StatefulSet', 'ReplicaSet'), name: dnsLabel }) },
  { weight: 10, arbitrary: record({ apiVersion: fc.constantFrom('argoproj.io/v1alpha1', 'example.com/v1'), kind: fc.constantFrom('Rollout', 'Worker'), name: dnsLabel }) },
  { weight: 5, arbitrary: record({ apiVersion: maybe(fc.constantFrom('v1', '')), kind: fc.constant('ReplicationController'), name: dnsLabel }) },
  {
    weight: 25,
    arbitrary: record({
      apiVersion: mostly(fc.constantFrom('apps/v1', 'extensions/v1beta1'), fc.constantFrom('v1', '', 'apps/v1/x', 'apps/', '/v1', 'Apps/V1', undefined)),
      kind: mostly(fc.constantFrom('Deployment', 'StatefulSet'), fc.constantFrom('', 'Deploy/ment', '..', 'Deployment%', undefined)),
      name: mostly(dnsLabel, fc.oneof(badName, fc.constant(undefined))),
    }),
  },
);

/** Quantities as users write them, and broken ones. */
const quantity = mostly(
  fc.oneof(
    fc.constantFrom('1', '10', '500m', '1Gi', '100Mi', '0.5', '1e3', '2k', '1.5', 30, 100, 0.25),
    fc.integer({ min: 1, max: 100000 }).map(n => `${n}m`),
  ),
  fc.constantFrom('0', 0, '-1', -5, '1.5.0', 'ten', '', '1 Gi', '1GB', '1e', '+', '0m', '-500m', 1e30, 'e3', '1ki'),
);
const utilization = mostly(fc.integer({ min: 1, max: 200 }), badInt);

/** A metric target: mostly the type that fits the source, sometimes a wrong or mixed one. */
function target(types: readonly string[]): fc.Arbitrary<unknown> {
  const good = fc.constantFrom(...types).chain(type => {
    switch (type) {
      case 'Utilization': return record({ type: fc.constant(type), averageUtilization: utilization });
      case 'AverageValue': return record({ type: fc.constant(type), averageValue: quantity });
      default: return record({ type: fc.constant(type), value: quantity });
    }
  });
  const bad = record({
    type: fc.constantFrom('Utilization', 'Value', 'AverageValue', 'utilization', 'Average', '', undefined),
    value: maybe(quantity),
    averageValue: maybe(quantity),
    averageUtilization: maybe(utilization),
  });
  return mostly(good, bad);
}

const resourceName = mostly(fc.constantFrom('cpu', 'memory'), fc.constantFrom('ephemeral-storage', 'nvidia.com/gpu', 'hugepages-2Mi', 'CPU', '', 'requests.cpu', 'example.com/foo'));
const metricName = mostly(
  fc.constantFrom('queue_depth', 'http_requests', 'requests-per-second', 'pubsub.googleapis.com|subscription|num_undelivered_messages', 'x'),
  fc.constantFrom('', 'a/b', '..', '.', 'a%b', 'per/second'),
);
const selector = record({
  matchLabels: maybe(fc.dictionary(mostly(labelKey, badLabelKey), mostly(labelValue, badLabelValue), { maxKeys: 2 })),
  matchExpressions: maybe(fc.array(record({
    key: mostly(labelKey, badLabelKey),
    operator: mostly(fc.constantFrom('In', 'NotIn', 'Exists', 'DoesNotExist'), fc.constantFrom('in', 'Equals', '')),
    values: maybe(fc.array(mostly(labelValue, badLabelValue), { maxLength: 2 })),
  }), { maxLength: 2 }), 30),
});
const metricIdentifier = record({ name: metricName, selector: maybe(selector, 25) });

const resourceSource = record({ name: resourceName, target: target(['Utilization', 'AverageValue']) });
const containerResourceSource = record({
  name: resourceName,
  container: mostly(dnsLabel, fc.constantFrom('', 'App', 'a.b', 'x'.repeat(64))),
  target: target(['Utilization', 'AverageValue']),
});
const podsSource = record({ metric: metricIdentifier, target: target(['AverageValue']) });
const describedObject = record({
  apiVersion: mostly(fc.constantFrom('apps/v1', 'v1', 'networking.k8s.io/v1', 'example.com/v1'), fc.constantFrom('', 'a/b/c', undefined)),
  kind: mostly(fc.constantFrom('Ingress', 'Service', 'Deployment', 'Queue'), fc.constantFrom('', 'a/b', undefined)),
  name: mostly(dnsLabel, fc.oneof(badName, fc.constant(undefined))),
});
const objectSource = record({ describedObject, metric: metricIdentifier, target: target(['Value', 'AverageValue']) });
/** The external-metric fallback (KEP-5679): in no release, so every server refuses it as an unknown field. */
const fallback = record({
  failureDuration: mostly(fc.constantFrom('3m', '30s', '1h'), fc.constantFrom('0s', '-1m', 'soon')),
  replicas: mostly(fc.integer({ min: 1, max: 20 }), badInt),
});
const externalSource = record({ metric: metricIdentifier, target: target(['Value', 'AverageValue']), fallback: maybe(fallback, 3) });

const SOURCES: { [type: string]: [field: string, source: fc.Arbitrary<unknown>] } = {
  Resource: ['resource', resourceSource],
  ContainerResource: ['containerResource', containerResourceSource],
  Pods: ['pods', podsSource],
  Object: ['object', objectSource],
  External: ['external', externalSource],
};

/** One metric: mostly its type with its own source, sometimes a mismatch or a missing source. */
const metric = fc.constantFrom(...Object.keys(SOURCES)).chain(type => {
  const [field, source] = SOURCES[type];
  const good = source.map(s => ({ type, [field]: s }));
  const bad = fc.tuple(fc.constantFrom(...Object.keys(SOURCES), 'Custom', ''), source, fc.constantFrom(...Object.values(SOURCES).map(([f]) => f)), maybe(source))
    .map(([t, s, other, s2]) => {
      const m: { [key: string]: unknown } = { type: t, [field]: s };
      if (s2 !== undefined) m[other] = s2;
      return m;
    });
  return mostly(good, fc.oneof(bad, fc.constant({ type })));
});

const policy = record({
  type: mostly(fc.constantFrom('Pods', 'Percent'), fc.constantFrom('pods', 'Percentage', '', undefined)),
  value: mostly(fc.integer({ min: 1, max: 1000 }), badInt),
  periodSeconds: mostly(fc.integer({ min: 1, max: 1800 }), fc.constantFrom(0, -1, 1801, 3600, undefined)),
});
const tolerance = mostly(fc.constantFrom('0.1', '0.05', 0.2, '0', 0, '10m', '1'), fc.constantFrom('-0.1', -1, 'x', '0.1.1'));
const scalingRules = record({
  stabilizationWindowSeconds: maybe(mostly(fc.integer({ min: 0, max: 3600 }), fc.constantFrom(-1, 3601, 86400))),
  selectPolicy: maybe(mostly(fc.constantFrom('Max', 'Min', 'Disabled'), fc.constantFrom('max', 'Maximum', ''))),
  // An explicit empty list is a mistake the server refuses.
  policies: maybe(fc.array(policy, { minLength: 1, maxLength: 3 }).chain(ps => mostly(fc.constant(ps), fc.constant([])))),
  tolerance: maybe(tolerance, 25),
});
const behavior = record({ scaleUp: maybe(scalingRules), scaleDown: maybe(scalingRules) });

/** A status as `kubectl get -o yaml` prints it: the server clears it on create. */
const status = record({ currentReplicas: fc.integer({ min: 0, max: 10 }), desiredReplicas: fc.integer({ min: 0, max: 10 }) });

const replicas = fc.tuple(
  maybe(mostly(fc.integer({ min: 1, max: 10 }), fc.constantFrom(0, 0, -1, 11, 1000, INT32_MAX + 1, '2', null)), 75),
  mostly(fc.integer({ min: 1, max: 50 }), fc.constantFrom(0, -1, undefined, 1, INT32_MAX, INT32_MAX + 1, '10')),
);

/** Fields a user misspells or puts one level off. */
const UNKNOWN_FIELDS: Array<[path: string[], name: string]> = [
  [[], 'specs'], [['spec'], 'minReplica'], [['spec'], 'replicas'], [['spec', 'scaleTargetRef'], 'namespace'],
  [['metadata'], 'label'], [['spec', 'behavior'], 'scaleup'], [['spec', 'behavior'], 'tolerance'],
];

/** An `autoscaling/v2` (or, as old manifests do, `v2beta2`) object. */
function v2Object(apiVersion: string): fc.Arbitrary<{ [key: string]: unknown }> {
  return fc.record({
    metadata,
    scaleTargetRef,
    replicas,
    metrics: maybe(fc.array(metric, { minLength: 0, maxLength: 4 }), 80),
    behavior: maybe(behavior, 40),
    status: maybe(status, 3),
    unknown: maybe(fc.constantFrom(...UNKNOWN_FIELDS), 2),
  }).map(r => {
    const spec: { [key: string]: unknown } = { scaleTargetRef: r.scaleTargetRef };
    if (r.replicas[0] !== undefined) spec.minReplicas = r.replicas[0];
    if (r.replicas[1] !== undefined) spec.maxReplicas = r.replicas[1];
    if (r.metrics !== undefined) spec.metrics = r.metrics;
    if (r.behavior !== undefined) spec.behavior = r.behavior;
    const o: { [key: string]: unknown } = { apiVersion, kind: 'HorizontalPodAutoscaler', metadata: r.metadata, spec };
    if (r.status !== undefined) o.status = r.status;
    if (r.unknown !== undefined) addField(o, r.unknown[0], r.unknown[1]);
    return o;
  });
}

function addField(o: { [key: string]: unknown }, path: string[], name: string): void {
  let node: any = o;
  for (const p of path) {
    if (node[p] === undefined || node[p] === null || typeof node[p] !== 'object') node[p] = {};
    node = node[p];
  }
  node[name] = 1;
}

/** An `autoscaling/v1` object: one CPU utilization target. */
const v1Object = fc.record({
  metadata,
  scaleTargetRef,
  replicas,
  cpu: maybe(mostly(fc.integer({ min: 1, max: 200 }), badInt), 80),
}).map(r => {
  const spec: { [key: string]: unknown } = { scaleTargetRef: r.scaleTargetRef };
  if (r.replicas[0] !== undefined) spec.minReplicas = r.replicas[0];
  if (r.replicas[1] !== undefined) spec.maxReplicas = r.replicas[1];
  if (r.cpu !== undefined) spec.targetCPUUtilizationPercentage = r.cpu;
  return { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: r.metadata, spec };
});

/** An HPA in one of the given apiVersions. */
export function hpaObject(apiVersions: readonly string[]): fc.Arbitrary<{ [key: string]: unknown }> {
  const weights: { [v: string]: number } = { 'autoscaling/v2': 80, 'autoscaling/v2beta2': 5, 'autoscaling/v1': 15 };
  return fc.oneof(...apiVersions.map(v => ({ weight: weights[v] ?? 5, arbitrary: v === 'autoscaling/v1' ? v1Object : v2Object(v) })));
}

/** Feature gates a cluster of one release may set: only gates it knows and can change. */
/**
 * The gates of the pods a scale target runs: they decide whose requests the controller reads
 * (requests-differential.ts sets them), not how an HPA validates; and turning PodLevelResources
 * off takes its dependent gates with it (requests_test.go does that).
 */
export const POD_GATES: readonly string[] = [GATE_POD_LEVEL_RESOURCES, GATE_SIDECAR_CONTAINERS];

export function gateSettings(settable: readonly string[]): fc.Arbitrary<{ [gate: string]: boolean }> {
  return fc.subarray([...settable]).chain(gates => fc.tuple(...gates.map(() => fc.boolean())).map(values => {
    const out: { [gate: string]: boolean } = {};
    gates.forEach((g, i) => { out[g] = values[i]; });
    return out;
  }));
}
