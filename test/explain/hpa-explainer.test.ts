import * as fs from 'fs';
import { join } from 'path';
import { parse } from 'yaml';
import { CLUSTER, hpa, NOW, objects } from './fixtures';
import { ExplainFinding, FindingLevel, HpaExplainer, HpaHealth } from '../../src';

const explain = (file: string, name: string, related: any[] = []) =>
  HpaExplainer.explain(hpa(file, name), { cluster: CLUSTER, now: NOW, relatedObjects: related });
const brief = (f: ExplainFinding) => ({ findingId: f.findingId, level: f.level, condition: f.condition, path: f.path });

describe('each condition reason the controller sets is explained, with the field it points at', () => {
  test.each([
    // ScalingActive (horizontal.go: computeReplicasForMetrics, validateAndParseSelector, reconcileAutoscaler)
    ['scaling-active.yaml', 'failed-get-resource-metric', 'EXP101', FindingLevel.FAILING, 'ScalingActive=False/FailedGetResourceMetric', 'spec.metrics[0].resource', HpaHealth.FAILING],
    ['scaling-active.yaml', 'failed-get-container-resource-metric', 'EXP102', FindingLevel.FAILING, 'ScalingActive=False/FailedGetContainerResourceMetric', 'spec.metrics[0].containerResource', HpaHealth.FAILING],
    ['scaling-active.yaml', 'failed-get-pods-metric', 'EXP103', FindingLevel.FAILING, 'ScalingActive=False/FailedGetPodsMetric', 'spec.metrics[0].pods.metric', HpaHealth.FAILING],
    ['scaling-active.yaml', 'failed-get-object-metric', 'EXP104', FindingLevel.FAILING, 'ScalingActive=False/FailedGetObjectMetric', 'spec.metrics[0].object.metric', HpaHealth.FAILING],
    ['scaling-active.yaml', 'failed-get-external-metric', 'EXP105', FindingLevel.FAILING, 'ScalingActive=False/FailedGetExternalMetric', 'spec.metrics[0].external.metric', HpaHealth.FAILING],
    ['scaling-active.yaml', 'invalid-metric-source-type', 'EXP106', FindingLevel.FAILING, 'ScalingActive=False/InvalidMetricSourceType', 'spec.metrics', HpaHealth.FAILING],
    ['scaling-active.yaml', 'invalid-selector', 'EXP107', FindingLevel.FAILING, 'ScalingActive=False/InvalidSelector', 'spec.scaleTargetRef', HpaHealth.FAILING],
    ['scaling-active.yaml', 'ambiguous-selector', 'EXP108', FindingLevel.FAILING, 'ScalingActive=False/AmbiguousSelector', 'spec.scaleTargetRef', HpaHealth.FAILING],
    ['scaling-active.yaml', 'scaling-disabled', 'EXP109', FindingLevel.STUCK, 'ScalingActive=False/ScalingDisabled', 'spec.scaleTargetRef', HpaHealth.STUCK],
    ['scaling-active.yaml', 'valid-metric-found', 'EXP110', FindingLevel.INFO, 'ScalingActive=True/ValidMetricFound', 'spec.metrics', HpaHealth.HEALTHY],
    // AbleToScale
    ['able-to-scale.yaml', 'failed-get-scale', 'EXP120', FindingLevel.FAILING, 'AbleToScale=False/FailedGetScale', 'spec.scaleTargetRef', HpaHealth.FAILING],
    ['able-to-scale.yaml', 'failed-update-scale', 'EXP121', FindingLevel.FAILING, 'AbleToScale=False/FailedUpdateScale', 'spec.scaleTargetRef', HpaHealth.FAILING],
    ['able-to-scale.yaml', 'succeeded-get-scale', 'EXP122', FindingLevel.INFO, 'AbleToScale=True/SucceededGetScale', 'spec.scaleTargetRef', HpaHealth.HEALTHY],
    ['able-to-scale.yaml', 'ready-for-new-scale', 'EXP123', FindingLevel.INFO, 'AbleToScale=True/ReadyForNewScale', 'spec.behavior', HpaHealth.HEALTHY],
    ['able-to-scale.yaml', 'scale-up-stabilized', 'EXP124', FindingLevel.LIMITED, 'AbleToScale=True/ScaleUpStabilized', 'spec.behavior.scaleUp.stabilizationWindowSeconds', HpaHealth.LIMITED],
    ['able-to-scale.yaml', 'scale-down-stabilized', 'EXP125', FindingLevel.INFO, 'AbleToScale=True/ScaleDownStabilized', 'spec.behavior.scaleDown.stabilizationWindowSeconds', HpaHealth.HEALTHY],
    ['able-to-scale.yaml', 'succeeded-rescale', 'EXP126', FindingLevel.INFO, 'AbleToScale=True/SucceededRescale', 'spec.scaleTargetRef', HpaHealth.HEALTHY],
    ['able-to-scale.yaml', 'backoff-both', 'EXP127', FindingLevel.LIMITED, 'AbleToScale=False/BackoffBoth', 'spec.behavior', HpaHealth.LIMITED],
    ['able-to-scale.yaml', 'backoff-upscale', 'EXP128', FindingLevel.LIMITED, 'AbleToScale=True/BackoffUpscale', 'spec.behavior', HpaHealth.LIMITED],
    ['able-to-scale.yaml', 'backoff-downscale', 'EXP129', FindingLevel.LIMITED, 'AbleToScale=True/BackoffDownscale', 'spec.behavior', HpaHealth.LIMITED],
    // ScalingLimited
    ['scaling-limited.yaml', 'too-many-replicas', 'EXP140', FindingLevel.STUCK, 'ScalingLimited=True/TooManyReplicas', 'spec.maxReplicas', HpaHealth.STUCK],
    ['scaling-limited.yaml', 'too-few-replicas', 'EXP141', FindingLevel.INFO, 'ScalingLimited=True/TooFewReplicas', 'spec.minReplicas', HpaHealth.HEALTHY],
    ['scaling-limited.yaml', 'scale-up-limit', 'EXP142', FindingLevel.LIMITED, 'ScalingLimited=True/ScaleUpLimit', 'spec.behavior.scaleUp.policies', HpaHealth.LIMITED],
    ['scaling-limited.yaml', 'scale-down-limit', 'EXP143', FindingLevel.INFO, 'ScalingLimited=True/ScaleDownLimit', 'spec.behavior.scaleDown.policies', HpaHealth.HEALTHY],
    ['scaling-limited.yaml', 'desired-within-range', 'EXP144', FindingLevel.INFO, 'ScalingLimited=False/DesiredWithinRange', 'spec.behavior', HpaHealth.HEALTHY],
    // The seeds' conditions
    ['seeds.yaml', 'scaled-to-zero', 'EXP150', FindingLevel.INFO, 'ScaledToZero=True/ScaledToZero', 'spec.minReplicas', HpaHealth.HEALTHY],
    ['seeds.yaml', 'not-scaled-to-zero', 'EXP151', FindingLevel.INFO, 'ScaledToZero=False/NotScaledToZero', 'spec.minReplicas', HpaHealth.HEALTHY],
    ['external-fallback.yaml', 'worker', 'EXP160', FindingLevel.FAILING, 'ExternalMetricFallbackActive=True/FallbackActive', 'spec.metrics[0].external.fallback', HpaHealth.FAILING],
    ['seeds.yaml', 'fallback-inactive', 'EXP161', FindingLevel.INFO, 'ExternalMetricFallbackActive=False/FallbackInactive', 'spec.metrics', HpaHealth.HEALTHY],
  ])('%s %s: %s', (file, name, findingId, level, condition, path, health) => {
    const e = explain(file, name);
    expect(e.findings.map(brief)).toContainEqual({ findingId, level, condition, path });
    expect(e.health).toEqual(health);
    expect(e.validationIssues.filter(i => i.severity === 'error')).toEqual([]);
  });

  test('every reason of the catalog has a fixture above, and every id is unique', () => {
    const kinds = HpaExplainer.findingKinds();
    expect(new Set(kinds.map(k => k.findingId)).size).toBe(kinds.length);
    expect(kinds.filter(k => k.condition).map(k => k.findingId)).toEqual([
      'EXP101', 'EXP102', 'EXP103', 'EXP104', 'EXP105', 'EXP106', 'EXP107', 'EXP108', 'EXP109', 'EXP110',
      'EXP120', 'EXP121', 'EXP122', 'EXP123', 'EXP124', 'EXP125', 'EXP126', 'EXP127', 'EXP128', 'EXP129',
      'EXP140', 'EXP141', 'EXP142', 'EXP143', 'EXP144', 'EXP150', 'EXP151', 'EXP160', 'EXP161',
    ]);
  });
});

describe('the arithmetic from status.currentMetrics', () => {
  test('stuck at maxReplicas: 95% against 60% proposes ceil(1.583 × 10) = 16, capped at 10', () => {
    const e = explain('stuck-at-max.yaml', 'web');
    expect(e.metrics).toEqual([{
      path: 'spec.metrics[0]',
      metric: 'cpu',
      type: 'Resource',
      targetType: 'Utilization',
      target: 60,
      current: 95,
      ratio: 95 / 60,
      withinTolerance: false,
      proposedReplicas: 16,
      fallbackActive: false,
      explanation: '95% of request vs target 60%: ratio 1.583, above the tolerance band [0.9, 1.1]: ceil(1.583 × 10) = 16',
    }]);
    expect([e.proposedReplicas, e.winningMetric, e.nextReplicas, e.health]).toEqual([16, 'cpu', 10, HpaHealth.STUCK]);
    expect(e.findings[0]).toEqual({
      findingId: 'EXP140',
      level: FindingLevel.STUCK,
      condition: 'ScalingLimited=True/TooManyReplicas',
      path: 'spec.maxReplicas',
      message: 'the metrics propose 16 replicas (cpu), more than maxReplicas 10: the HPA is stuck at 10',
      fix: 'raise spec.maxReplicas to at least 16 (or make each pod handle more load)',
      ruleIds: undefined,
    });
    // The load replayed is the total over the 10 pods, spread over however many pods run.
    expect(e.simulate).toEqual({
      initialReplicas: 10,
      traceCsv: 'time,metric,observation,value\n# cpu: 95% of request on each of 10 pods, replayed as their total, spread over however many pods run (perPodUsage 95 keeps each pod at it instead)\n0,cpu,totalUsage,950\n',
    });
    expect(HpaExplainer.explain(hpa('stuck-at-max.yaml', 'web'), { cluster: CLUSTER, now: NOW, replayPerPodLoad: true }).simulate!.traceCsv)
      .toBe('time,metric,observation,value\n0,cpu,perPodUsage,95\n');
  });

  test('an active fallback proposes its replicas for the failing metric and wins over a low CPU', () => {
    const e = explain('external-fallback.yaml', 'worker');
    expect(e.metrics.map(m => [m.metric, m.current, m.proposedReplicas, m.fallbackActive])).toEqual([
      ['queue_depth', undefined, 8, true],
      ['cpu', 35, 4, false],
    ]);
    expect([e.proposedReplicas, e.winningMetric]).toEqual([8, 'queue_depth']);
    expect(e.findings[0].message).toBe('External metric "queue_depth" has failed since 2026-11-23T11:52:30Z (450s), longer than its failureDuration 180s: '
      + 'the HPA proposes its fallback of 8 replicas for it (combined by max with the other metrics) until it reads again');
  });

  test('an active fallback on a cluster profile without the gate says to declare it', () => {
    const e = HpaExplainer.explain(hpa('external-fallback.yaml', 'worker'), { now: NOW });
    expect(e.findings[0]).toMatchObject({ findingId: 'EXP160', path: 'spec.metrics', ruleIds: ['HPA152'] });
    expect(e.findings[0].fix).toBe('declare the gate: --feature-gates HPAExternalMetricFallback=true (ClusterProfile.of({ featureGates }) in code)');
    expect(e.findings.map(f => f.findingId)).not.toContain('EXP193');
  });

  test('a failing External metric with a fallback says how long until the fallback starts', () => {
    const e = explain('seeds.yaml', 'fallback-pending');
    const pending = e.findings.find(f => f.findingId === 'EXP162')!;
    expect(pending.message).toBe('External metric "queue_depth" has failed since 2026-11-23T11:59:00Z (60s ago): its fallback of 6 replicas starts in 120s '
      + '(failureDuration 180s); until then the failing metric blocks scaling down');
    expect(pending.path).toBe('spec.metrics[0].external.fallback');
  });

  test('a target paused at zero: the metrics are not read', () => {
    const e = explain('scaling-active.yaml', 'scaling-disabled');
    expect(e.metrics.map(m => m.explanation)).toEqual(['no current value: scaling is disabled at zero replicas, so the controller does not read it']);
    expect(e.summary).toBe('Stuck: 0 replicas (min 2, max 10); no metric proposes a count; the target has 0 replicas the HPA did not set: the HPA is paused');
  });

  test('a value within the tolerance keeps the current count', () => {
    const e = explain('scaling-active.yaml', 'valid-metric-found');
    expect(e.metrics[0]).toMatchObject({ current: 62, withinTolerance: true, proposedReplicas: 4 });
    expect(e.nextReplicas).toBe(4);
  });

  test('the rate limit applies from lastScaleTime; within a policy period it is unknown, not guessed', () => {
    const e = explain('scaling-limited.yaml', 'scale-up-limit');
    // 150% against 60%: ceil(2.5 × 4) = 10; the last scale is 30 minutes old, so the 2 Pods per 60s policy allows 6.
    expect(e.metrics[0].proposedReplicas).toBe(10);
    expect(e.nextReplicas).toBe(6);
    expect(e.unknowns).toEqual([]);
    const later = HpaExplainer.explain(hpa('scaling-limited.yaml', 'scale-up-limit'), { cluster: CLUSTER, now: '2026-11-23T11:30:30Z' });
    expect(later.nextReplicas).toBeUndefined();
    expect(later.unknowns).toEqual(['the rate limit now: the HPA scaled 30s ago (status.lastScaleTime), within a policy period of up to 60s, and the status does not hold by how much']);
  });

  test('a scale-down without behavior depends on the 300s window, which the status does not hold', () => {
    const e = explain('able-to-scale.yaml', 'scale-down-stabilized');
    expect(e.metrics[0].proposedReplicas).toBe(2);
    expect(e.nextReplicas).toBeUndefined();
    expect(e.unknowns).toEqual(['whether the scale-down can happen now: without behavior the controller keeps the highest recommendation of the last 300s, and those are not in the status']);
  });
});

describe('the spec and the related objects', () => {
  test('a missing CPU request behind FailedGetResourceMetric: rule HPA301 from the Deployment, fix naming the container', () => {
    const all = objects('cpu-no-request.yaml');
    const e = explain('cpu-no-request.yaml', 'api', all.filter(o => o.kind !== 'HorizontalPodAutoscaler'));
    expect(e.findings[0]).toMatchObject({ findingId: 'EXP101', path: 'spec.metrics[0].resource', ruleIds: ['HPA301'] });
    expect(e.findings[0].fix).toBe('give container "app" a cpu request, or use an averageValue target');
    expect(e.validationIssues.map(i => [i.ruleId, i.path])).toEqual([['HPA301', 'spec.metrics[0].resource.target.averageUtilization']]);
    expect(e.simulate).toBeUndefined();
  });

  test('without the target, the fix comes from the controller\'s message', () => {
    const e = explain('cpu-no-request.yaml', 'api');
    expect(e.findings[0].fix).toBe('give container "app" a cpu request in the pod template (resources.requests.cpu), or use an averageValue target');
    expect(e.findings[0].ruleIds).toBeUndefined();
  });

  test.each([
    ['missing pod-level request for cpu in Pod api-7d9c6b5f4-x2kqz', 'add cpu to the pod-level requests of the pod template (spec.template.spec.resources.requests.cpu), or use an averageValue target'],
    ['no metrics returned matched known pods', 'the requests of the pods that report metrics add up to 0: request more than 0 cpu in the pod template, or use an averageValue target'],
  ])('the controller\'s "%s" gets its own fix', (reason, fix) => {
    const manifest = hpa('cpu-no-request.yaml', 'api');
    const conditions = manifest.status.conditions.map((c: any) => c.type !== 'ScalingActive' ? c
      : { ...c, message: `the HPA was unable to compute the replica count: failed to get cpu utilization: ${reason}` });
    const e = HpaExplainer.explain({ ...manifest, status: { ...manifest.status, conditions } }, { cluster: CLUSTER, now: NOW });
    expect(e.findings[0].fix).toBe(fix);
  });

  test('a second HPA on the same target is reported with HPA304', () => {
    const other = { ...hpa('scaling-active.yaml', 'ambiguous-selector'), metadata: { name: 'web-canary', namespace: 'shop' } };
    const e = explain('scaling-active.yaml', 'ambiguous-selector', [other]);
    expect(e.findings[0]).toMatchObject({ findingId: 'EXP108', ruleIds: ['HPA304'] });
    expect(e.findings[0].message).toContain('another HPA ("web-canary")');
  });

  test('a KEDA ScaledObject on the same target is named by the HPA KEDA makes of it', () => {
    const target = hpa('scaling-active.yaml', 'ambiguous-selector').spec.scaleTargetRef;
    const scaledObject = {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata: { name: 'web-queue', namespace: 'shop' },
      spec: { scaleTargetRef: { name: target.name }, triggers: [{ type: 'rabbitmq', metadata: { queueName: 'web', mode: 'QueueLength', value: '20' } }] },
    };
    const e = explain('scaling-active.yaml', 'ambiguous-selector', [scaledObject]);
    expect(e.findings[0]).toMatchObject({ findingId: 'EXP108', ruleIds: ['HPA304'] });
    expect(e.findings[0].message).toContain('another HPA ("keda-hpa-web-queue")');
  });
});

describe('older API versions', () => {
  test('autoscaling/v2beta2 has the same fields: explained as autoscaling/v2, without a simulate suggestion', () => {
    const e = HpaExplainer.explain({ ...hpa('stuck-at-max.yaml', 'web'), apiVersion: 'autoscaling/v2beta2' }, { cluster: CLUSTER, now: NOW });
    expect([e.health, e.findings[0].findingId, e.proposedReplicas, e.simulate]).toEqual([HpaHealth.STUCK, 'EXP140', 16, undefined]);
    expect(e.validationIssues).toEqual([]);
  });

  test('autoscaling/v1 is not judged: its status differs; the fix says how to get it as autoscaling/v2', () => {
    const e = HpaExplainer.explain({
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'old', namespace: 'shop' },
      spec: { maxReplicas: 5, scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'old' }, targetCPUUtilizationPercentage: 50 },
      status: { currentCPUUtilizationPercentage: 70, currentReplicas: 2, desiredReplicas: 3 },
    }, { now: NOW });
    expect(e.health).toBe(HpaHealth.UNKNOWN);
    expect(e.findings).toEqual([{
      findingId: 'EXP182',
      level: FindingLevel.INFO,
      path: 'apiVersion',
      message: 'this HPA is printed as autoscaling/v1, which does not hold the autoscaling/v2 conditions and metrics the explanation reads',
      fix: 'read it as autoscaling/v2: kubectl get hpa.v2.autoscaling old -n shop -o yaml',
    }]);
  });
});

describe('what the status does not hold', () => {
  test('fails when the HPA has no status: the controller has not synced it', () => {
    const { status, ...manifest } = hpa('stuck-at-max.yaml', 'web');
    void status;
    const e = HpaExplainer.explain(manifest, { cluster: CLUSTER, now: NOW });
    expect(e.findings.map(brief)).toEqual([{ findingId: 'EXP180', level: FindingLevel.STUCK, condition: undefined, path: 'status' }]);
    expect(e.health).toBe(HpaHealth.STUCK);
  });

  test('a status field of the wrong type is reported with its path and left out', () => {
    const manifest = hpa('stuck-at-max.yaml', 'web');
    const e = HpaExplainer.explain({ ...manifest, status: { ...manifest.status, currentReplicas: 'ten', lastScaleTime: 'yesterday' } }, { cluster: CLUSTER, now: NOW });
    expect(e.findings.filter(f => f.findingId === 'EXP181').map(f => [f.path, f.message])).toEqual([
      ['status.currentReplicas', 'status.currentReplicas: Invalid value: "ten": must be a whole number, 0 or more; it is left out of the explanation'],
      ['status.lastScaleTime', 'status.lastScaleTime: Invalid value: "yesterday": must be an RFC 3339 time such as 2026-01-02T15:04:05Z; it is left out of the explanation'],
    ]);
  });

  test('a condition reason the library does not know is passed on', () => {
    const manifest = hpa('stuck-at-max.yaml', 'web');
    const status = { ...manifest.status, conditions: [{ type: 'ScalingActive', status: 'False', reason: 'SomethingNew', message: 'new controller' }] };
    const e = HpaExplainer.explain({ ...manifest, status }, { cluster: CLUSTER, now: NOW });
    expect(e.findings.find(f => f.findingId === 'EXP170')).toEqual({
      findingId: 'EXP170',
      level: FindingLevel.INFO,
      condition: 'ScalingActive=False/SomethingNew',
      path: 'status.conditions',
      message: 'condition ScalingActive=False/SomethingNew (the controller says: "new controller"): a reason this library does not know',
      fix: undefined,
    });
  });

  test('a condition type the model has no member for is kept out of status.conditions and passed on', () => {
    const manifest = hpa('stuck-at-max.yaml', 'web');
    const status = { ...manifest.status, conditions: [{ type: 'FutureCondition', status: 'True', reason: 'Later' }] };
    const e = HpaExplainer.explain({ ...manifest, status }, { cluster: CLUSTER, now: NOW });
    expect(e.status!.conditions).toEqual([]);
    expect(e.findings.filter(f => f.findingId === 'EXP170').map(f => [f.condition, f.message])).toEqual([
      ['FutureCondition=True/Later', 'condition FutureCondition=True/Later: a condition this library does not know'],
    ]);
  });

  test.each([[null], [42], ['hpa'], [{}], [{ spec: 'x', status: [] }], [{ kind: 'HorizontalPodAutoscaler', status: { conditions: 'x', currentMetrics: [null, 3] } }]])(
    'never throws on %j', (input) => {
      const e = HpaExplainer.explain(input, { now: NOW });
      expect(e.findings.length).toBeGreaterThan(0);
    });
});

describe('objects read from a cluster', () => {
  /** A dump of test/fixtures/explain (what the real controller wrote), its items and when to explain it. */
  const dump = (name: string) => {
    const text = fs.readFileSync(join(__dirname, '..', 'fixtures', 'explain', `${name}.yaml`), 'utf8');
    const flags: string[] = JSON.parse(/^# explain: (.*)$/m.exec(text)![1]);
    const items: any[] = parse(text).items;
    return { hpa: items.find(o => o.kind === 'HorizontalPodAutoscaler'), others: items.filter(o => o.kind !== 'HorizontalPodAutoscaler'), now: flags[flags.indexOf('--now') + 1] };
  };

  test('a KEDA ScaledObject in the input: its pause and fallback are said', () => {
    const { hpa: managed, others, now } = dump('keda-at-max');
    const owner = managed.metadata.ownerReferences[0];
    // As `kubectl get scaledobject -o yaml` prints it.
    const scaledObject = {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata: { name: owner.name, namespace: managed.metadata.namespace, uid: owner.uid, annotations: { 'autoscaling.keda.sh/paused-replicas': '2' } },
      spec: { scaleTargetRef: { name: 'web' }, minReplicaCount: 1, maxReplicaCount: 4, fallback: { failureThreshold: 3, replicas: 6 }, triggers: [{ type: 'rabbitmq', metadata: { queueName: 'orders' } }] },
    };
    const e = HpaExplainer.explain(managed, { now, relatedObjects: [...others, scaledObject] });
    const keda = e.findings.find(f => f.findingId === 'EXP196')!;
    expect(keda.message).toContain('the ScaledObject is paused (autoscaling.keda.sh/paused-replicas: "2"): KEDA deletes the HPA while paused');
    expect(keda.message).toContain('its fallback serves 6 replicas\' worth of metric after 3 failed reads of a trigger');
    expect(e.managedBy).toBe('ScaledObject/web');
  });

  test('a KEDA-owned HPA: a fix made in the workload is not pointed at the ScaledObject', () => {
    const { hpa: managed, others, now } = dump('keda-at-max');
    managed.spec.metrics = [{ type: 'Resource', resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 60 } } }];
    const failing = {
      status: 'False',
      reason: 'FailedGetResourceMetric',
      message: 'the HPA was unable to compute the replica count: failed to get memory utilization: missing request for memory in container app of Pod web-1',
    };
    managed.status.conditions = managed.status.conditions.map((c: any) => (c.type === 'ScalingActive' ? { ...c, ...failing } : c));
    managed.status.currentMetrics = [];
    const e = HpaExplainer.explain(managed, { now, relatedObjects: others });
    const failed = e.findings.find(f => f.findingId === 'EXP101')!;
    expect(failed.fix).toBe('give container "app" a memory request in the pod template (resources.requests.memory), or use an averageValue target');
    expect(e.findings.find(f => f.findingId === 'EXP140')!.fix).toMatch(/^on ScaledObject "web", not on the HPA \(KEDA rewrites it\): raise spec\.maxReplicaCount/);
  });

  test('events read through events.k8s.io/v1 count as core/v1 ones, and Go\'s selector structs become words', () => {
    const { hpa: driven, others, now } = dump('external-failing-while-cpu-drives');
    const asEventsV1 = others.filter(o => o.kind === 'Event').map(ev => ({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: ev.metadata,
      regarding: ev.involvedObject,
      reason: ev.reason,
      note: ev.message,
      type: ev.type,
      eventTime: null,
      deprecatedCount: ev.count,
      deprecatedFirstTimestamp: ev.firstTimestamp,
      deprecatedLastTimestamp: ev.lastTimestamp,
    }));
    const core = HpaExplainer.explain(driven, { now, relatedObjects: others });
    const v1 = HpaExplainer.explain(driven, { now, relatedObjects: [...others.filter(o => o.kind !== 'Event'), ...asEventsV1] });
    expect(v1.events.map(ev => [ev.reason, ev.count])).toEqual(core.events.map(ev => [ev.reason, ev.count]));
    expect(v1.findings.find(f => f.findingId === 'EXP163')!.message).toContain('failed to read it 7 times');
    expect(JSON.stringify(core)).not.toMatch(/&LabelSelector|map\[string\]string/);
    expect(core.events.find(ev => ev.reason === 'FailedGetExternalMetric')!.message).toContain('unable to get external metric "queue" (selector queue=orders)');
  });

  test('without its events, a metric failing while another drives is still failing, without a count', () => {
    const { hpa: driven, others, now } = dump('external-failing-while-cpu-drives');
    const e = HpaExplainer.explain(driven, { now, relatedObjects: others.filter(o => o.kind !== 'Event') });
    expect([e.health, e.failingMetrics]).toEqual([HpaHealth.FAILING, ['queue']]);
    expect(e.findings[0].message).not.toContain('times');
  });
});

describe('the kubectl commands of an explanation', () => {
  // Every HPA of every fixture, explained with its related objects: all the commands the texts print.
  const explanations = (kubectlFlags?: string[]) => fs.readdirSync(join(__dirname, 'fixtures')).flatMap(file => {
    const all = objects(file);
    return all.filter(o => o.kind === 'HorizontalPodAutoscaler')
      .map(h => HpaExplainer.explain(h, { cluster: CLUSTER, now: NOW, relatedObjects: all, kubectlFlags }));
  });
  const commands = (kubectlFlags?: string[]) => explanations(kubectlFlags)
    .flatMap(e => e.findings.flatMap(f => [f.message, f.fix ?? '']))
    .flatMap(text => text.match(/kubectl [^;)]*/g) ?? []);

  test('carry the context and kubeconfig they were read with, so that a pasted one runs against that cluster', () => {
    const printed = commands(['--context', 'prod', '--kubeconfig', '/etc/kube/prod config']);
    expect(printed.length).toBeGreaterThan(5);
    expect(printed.filter(c => !c.includes("--context prod --kubeconfig '/etc/kube/prod config'"))).toEqual([]);
  });

  test('carry none by default', () => {
    const printed = commands();
    expect(printed.length).toBeGreaterThan(5);
    expect(printed.filter(c => /--context|--kubeconfig/.test(c))).toEqual([]);
  });
});
