/**
 * The controller's proposal with the target's pods counted as replica_calculator.go counts them
 * (`groupPods`): pods not ready count as using nothing on a scale-up and are left out otherwise;
 * pods being deleted or failed are left out. Pods as `kubectl get pods -o yaml` prints them.
 */
import { CLUSTER, hpa, NOW, objects } from './fixtures';
import { HpaExplainer } from '../../src';
import { groupPods } from '../../src/explain/pod-groups';

const FILE = 'pods-not-ready.yaml';
const all = () => JSON.parse(JSON.stringify(objects(FILE))) as any[];
const podsOf = (items: any[]) => items.filter(o => o.kind === 'Pod');
const explainAll = (items: any[]) => HpaExplainer.explain(items.find(o => o.kind === 'HorizontalPodAutoscaler'), {
  cluster: CLUSTER, now: NOW, relatedObjects: items.filter(o => o.kind !== 'HorizontalPodAutoscaler'),
});
/** A pod ready for an hour, as the seven ready pods of the fixture are. */
const readyLongAgo = (pod: any) => {
  pod.status.startTime = '2026-11-23T10:00:00Z';
  for (const c of pod.status.conditions) {
    c.lastTransitionTime = '2026-11-23T10:00:10Z';
    if (c.type === 'Ready' || c.type === 'ContainersReady') {
      c.status = 'True';
      delete c.reason;
      delete c.message;
    }
  }
  return pod;
};

describe('the proposal counts the pods as the controller does', () => {
  test('a scale-up with 3 of 10 pods starting: 180% on the 7 ready pods is 126% over 10, ceil(2.1 × 10) = 21, not 30', () => {
    const e = explainAll(all());
    expect(e.metrics[0].proposedReplicas).toBe(21);
    expect(e.metrics[0].explanation).toBe('the 7 ready pods: 180% of request vs target 60%: ratio 3; 3 of 10 pods not ready (pending or starting) count as using '
      + 'nothing on a scale-up: 126% over 10, ratio 2.1: ceil(2.1 × 10) = 21 (the status\'s value over all 10 pods would give 30)');
    expect([e.proposedReplicas, e.winningMetric, e.nextReplicas, e.cause]).toEqual([21, 'cpu', 20, 'scaleUpPolicy']);
    expect(e.summary).toBe('Limited: 10 replicas, scaling to 20 (min 2, max 40); the metrics propose 21 replicas (cpu, with 3 pods not ready counted as using nothing); '
      + 'a scale-up rate limit caps the change');
    expect(e.findings[0].message).toMatch(/^the metrics propose 21 replicas \(cpu, with 3 pods not ready counted as using nothing\); /);
    // The replay holds the load of the pods that reported, spread over however many run: the controller's count.
    expect(e.simulate!.traceCsv).toContain('\n0,cpu,totalUsage,1260\n');
  });

  test('the same pods all ready: the status\'s value over the 10 pods, 30', () => {
    const items = all();
    podsOf(items).forEach(readyLongAgo);
    const e = explainAll(items);
    expect([e.proposedReplicas, e.metrics[0].explanation]).toEqual([30, '180% of request vs target 60%: ratio 3, above the tolerance band [0.9, 1.1]: ceil(3 × 10) = 30']);
    expect(e.summary).toContain('the metrics propose 30 replicas (cpu);');
  });

  test('more pods than the status counts (the sync scaled up since): the status\'s value over its own count', () => {
    // The status says 10 replicas at 180%; the input already holds the 12 pods of the next scale-up.
    const items = all();
    podsOf(items).forEach(readyLongAgo);
    const pods = podsOf(items);
    for (const name of ['web-new-1', 'web-new-2']) items.push({ ...JSON.parse(JSON.stringify(pods[0])), metadata: { ...pods[0].metadata, name, uid: name } });
    const e = explainAll(items);
    expect(podsOf(items).length).toBe(12);
    expect([e.proposedReplicas, e.metrics[0].explanation]).toEqual([30, '180% of request vs target 60%: ratio 3, above the tolerance band [0.9, 1.1]: ceil(3 × 10) = 30']);
  });

  test('without the pods in the input, the status\'s value alone', () => {
    const e = HpaExplainer.explain(hpa(FILE, 'web'), { cluster: CLUSTER, now: NOW });
    expect(e.proposedReplicas).toBe(30);
  });

  test('a scale-down: pods not ready and pods being deleted are left out, ceil(ratio × the ready pods)', () => {
    const items = all();
    const h = items[0];
    h.status.currentMetrics[0].resource.current = { averageUtilization: 30, averageValue: '30m' };
    h.status.desiredReplicas = 10;
    h.status.conditions = [
      { type: 'AbleToScale', status: 'True', reason: 'ScaleDownStabilized', message: 'recent recommendations were higher than current one, applying the highest recent recommendation', lastTransitionTime: '2026-11-23T11:59:50Z' },
      h.status.conditions[1],
      { type: 'ScalingLimited', status: 'False', reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range', lastTransitionTime: '2026-11-23T11:59:50Z' },
    ];
    const pods = podsOf(items);
    pods[0].metadata.deletionTimestamp = '2026-11-23T11:59:55Z';
    pods[0].metadata.deletionGracePeriodSeconds = 30;
    const e = explainAll(items);
    // 30% against 60% on the 6 ready pods: ceil(0.5 × 6) = 3.
    expect(e.metrics[0].proposedReplicas).toBe(3);
    expect(e.metrics[0].explanation).toBe('the 6 ready pods: 30% of request vs target 60%: ratio 0.5; 3 pods not ready left out; 1 pod being deleted or failed left out: '
      + 'over the 6 ready pods, ceil(0.5 × 6) = 3 (the status\'s value over all 10 pods would give 5)');
  });
});

describe('groupPods', () => {
  const pod = (phase: string, ready: 'True' | 'False' | undefined, start: string, transition: string) => ({
    metadata: { name: 'p' },
    status: {
      phase,
      startTime: start,
      conditions: ready === undefined ? [] : [{ type: 'Ready', status: ready, lastTransitionTime: transition }],
    },
  });
  const now = Date.parse(NOW);

  test.each([
    ['a pending pod is not ready for any resource', pod('Pending', 'False', '2026-11-23T11:59:00Z', '2026-11-23T11:59:00Z'), 'memory', 'unready'],
    ['a failed pod is left out', pod('Failed', 'False', '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'), 'cpu', 'ignored'],
    ['cpu: not ready within the 300s initialization period', pod('Running', 'False', '2026-11-23T11:58:00Z', '2026-11-23T11:58:00Z'), 'cpu', 'unready'],
    ['memory: a running pod not ready is counted', pod('Running', 'False', '2026-11-23T11:58:00Z', '2026-11-23T11:58:00Z'), 'memory', 'ready'],
    ['cpu: no Ready condition', pod('Running', undefined, '2026-11-23T10:00:00Z', ''), 'cpu', 'unready'],
    ['cpu: after the initialization period, not ready and never ready since it started', pod('Running', 'False', '2026-11-23T10:00:00Z', '2026-11-23T10:00:10Z'), 'cpu', 'unready'],
    ['cpu: after the initialization period, not ready after having been ready', pod('Running', 'False', '2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'), 'cpu', 'ready'],
    ['a Pods metric reads no readiness', pod('Running', 'False', '2026-11-23T11:58:00Z', '2026-11-23T11:58:00Z'), undefined, 'ready'],
  ])('%s', (_what, p, resource, group) => {
    const groups = groupPods([p], resource, now)!;
    expect(Object.entries(groups).filter(([, n]) => n === 1).map(([k]) => k)).toEqual([group]);
  });

  test('fails when a pod has no status.phase: the pods are not as the API server returns them, so not counted', () => {
    expect(groupPods([{ metadata: { name: 'p' }, spec: {} }], 'cpu', now)).toBeUndefined();
  });
});
