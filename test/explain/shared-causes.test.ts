/**
 * A cause the cluster shares: the resource metrics API failing the same way for every HPA with a
 * Resource metric (metrics-server gone), found once among many explanations.
 */
import { CLUSTER, NOW, objects } from './fixtures';
import { HpaExplainer, HpaExplanation } from '../../src';
import { kubectlWith } from '../../src/explain/commands';
import { sharedCauses } from '../../src/explain/shared-causes';

const FILE = 'fleet-metrics-server-down.yaml';
const items = () => JSON.parse(JSON.stringify(objects(FILE))) as any[];
const explainAll = (all: any[]): HpaExplanation[] => all.filter(o => o.kind === 'HorizontalPodAutoscaler')
  .map(h => HpaExplainer.explain(h, { cluster: CLUSTER, now: NOW, relatedObjects: all.filter(o => o !== h) }));
const find = (all: any[], name: string) => all.find(o => o.kind === 'HorizontalPodAutoscaler' && o.metadata.name === name);

describe('sharedCauses', () => {
  test('every HPA with a Resource metric fails it with the same error: one cause, for shop/web and shop/api', () => {
    const explanations = explainAll(items());
    const causes = sharedCauses(explanations, kubectlWith(['--context', 'prod']));
    const members = (c: typeof causes[number]) => c.members.map(m => [explanations[m.index].name, m.findings.map(f => f.findingId)]);
    expect(causes.map(c => ({ message: c.message, fix: c.fix, members: members(c) }))).toEqual([{
      message: 'the resource metrics API (metrics.k8s.io) fails the same way for every HPA with a Resource metric (2): unable to fetch metrics from resource metrics API: '
        + 'the server could not find the requested resource (get pods.metrics.k8s.io); metrics-server (or the adapter serving metrics.k8s.io) is down, not installed, or cannot read the kubelets',
      fix: 'see which service serves the API and why it is not available: kubectl get apiservice v1beta1.metrics.k8s.io -o yaml --context prod; '
        + 'then that service\'s pods and logs (metrics-server, often in kube-system); kubectl top nodes --context prod works again when it is back',
      members: [['web', ['EXP101']], ['api', ['EXP101']]],
    }]);
  });

  test('fails when another HPA reads its Resource metric: the API answers, so the failures are each HPA\'s own', () => {
    const all = items();
    const web = find(all, 'web');
    web.status.conditions[1] = { type: 'ScalingActive', status: 'True', reason: 'ValidMetricFound', message: 'the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)', lastTransitionTime: '2026-11-23T11:00:00Z' };
    web.status.currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 60, averageValue: '60m' } } }];
    web.status.desiredReplicas = 3;
    expect(sharedCauses(explainAll(all), kubectlWith())).toEqual([]);
  });

  test('fails when the errors differ: no cause shared by two', () => {
    const all = items();
    const api = find(all, 'api');
    api.status.conditions[1].message = 'the HPA was unable to compute the replica count: failed to get memory usage: unable to get metrics for resource memory: no metrics returned from resource metrics API';
    expect(sharedCauses(explainAll(all), kubectlWith())).toEqual([]);
  });

  test('fails when one HPA alone fails: nothing is shared', () => {
    const all = items().filter(o => o.metadata.name !== 'api');
    expect(sharedCauses(explainAll(all), kubectlWith())).toEqual([]);
  });
});
