/**
 * Reading live HPAs against an API server on 127.0.0.1 (cli/test/fake-cluster.ts): the HPAs of a
 * namespace, the target found through discovery with its scale, the scale's pods, the HPA's
 * events, what the controller could not read, and the refusals that stop a run.
 */
import { requireCompiledCli } from '../../test/cli-helpers';
import { Answer, callCompiled, FakeCluster, forbidden, notFound, Routes, startFakeCluster } from '../../test/fake-cluster';

const MANAGED = [{ manager: 'kubectl-client-side-apply', operation: 'Update' }];

function hpa(name: string, target: { apiVersion: string; kind: string; name: string }): any {
  return {
    metadata: { name, namespace: 'shop', uid: `uid-${name}`, managedFields: MANAGED },
    spec: { scaleTargetRef: target, maxReplicas: 5, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }] },
  };
}

const APPS_V1 = {
  kind: 'APIResourceList',
  groupVersion: 'apps/v1',
  resources: [
    { name: 'deployments', kind: 'Deployment', namespaced: true },
    { name: 'deployments/scale', kind: 'Scale', group: 'autoscaling', version: 'v1', namespaced: true },
    { name: 'controllerrevisions', kind: 'ControllerRevision', namespaced: true },
  ],
};

const ROUTES: Routes = {
  '/version': { body: { gitVersion: 'v1.36.3' } },
  '/apis/autoscaling/v2/namespaces/shop/horizontalpodautoscalers': {
    body: {
      kind: 'HorizontalPodAutoscalerList',
      apiVersion: 'autoscaling/v2',
      items: [
        hpa('web', { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }),
        hpa('gone', { apiVersion: 'apps/v1', kind: 'Deployment', name: 'gone' }),
        hpa('rollout', { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'checkout' }),
        hpa('revision', { apiVersion: 'apps/v1', kind: 'ControllerRevision', name: 'web-1' }),
      ],
    },
  },
  '/apis/apps/v1': { body: APPS_V1 },
  '/apis/argoproj.io/v1alpha1': notFound('', ''),
  '/apis/apps/v1/namespaces/shop/deployments/web': { body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop', managedFields: MANAGED }, spec: { replicas: 2 } } },
  '/apis/apps/v1/namespaces/shop/deployments/web/scale': {
    body: { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 2 }, status: { replicas: 2, selector: 'app=web' } },
  },
  '/apis/apps/v1/namespaces/shop/deployments/gone': notFound('deployments.apps', 'gone'),
  '/apis/apps/v1/namespaces/shop/controllerrevisions/web-1': { body: { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'web-1' } } },
  '/api/v1/namespaces/shop/pods': (url: URL): Answer => ({
    body: {
      kind: 'PodList',
      apiVersion: 'v1',
      items: url.searchParams.get('labelSelector') === 'app=web' ? [{ metadata: { name: 'web-0', managedFields: MANAGED }, spec: { containers: [{ name: 'app' }] } }] : [],
    },
  }),
  '/api/v1/namespaces/shop/events': {
    body: {
      kind: 'EventList',
      apiVersion: 'v1',
      items: [
        { metadata: { name: 'e2' }, involvedObject: { kind: 'HorizontalPodAutoscaler', name: 'web', uid: 'uid-web' }, reason: 'SuccessfulRescale', lastTimestamp: '2026-05-01T10:05:00Z' },
        { metadata: { name: 'e1' }, involvedObject: { kind: 'HorizontalPodAutoscaler', name: 'web', uid: 'uid-web' }, reason: 'FailedGetResourceMetric', lastTimestamp: '2026-05-01T10:00:00Z' },
        { metadata: { name: 'e3' }, involvedObject: { kind: 'HorizontalPodAutoscaler', name: 'old-web', uid: 'uid-old' }, reason: 'SuccessfulRescale', lastTimestamp: '2026-04-01T10:00:00Z' },
      ],
    },
  },
  '/apis/autoscaling/v2/namespaces/locked/horizontalpodautoscalers': forbidden(
    'horizontalpodautoscalers.autoscaling is forbidden: User "jane" cannot list resource "horizontalpodautoscalers" in API group "autoscaling" in the namespace "locked"'),
  '/apis/autoscaling/v2/namespaces/shop/horizontalpodautoscalers/web': { body: { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', ...hpa('web', { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }) } },
};

let cluster: FakeCluster;
let reading: any;

// Each call starts a Node.js process that loads the client library: seconds on a busy machine.
jest.setTimeout(60_000);

beforeAll(async () => {
  requireCompiledCli();
  cluster = await startFakeCluster(ROUTES);
  const outcome: any = await callCompiled('live-reader', [{ kubeconfig: cluster.kubeconfig }]);
  reading = outcome.value;
  if (!reading) throw new Error(`readLive failed: ${outcome.error}`);
});

afterAll(() => cluster.close());

const byName = (name: string) => reading.hpas.find((h: any) => h.hpa.metadata.name === name);

test('the context\'s namespace, the server and its version', () => {
  expect([reading.context, reading.server, reading.namespace, reading.version]).toEqual(['fake', cluster.server, 'shop', 'v1.36.3']);
  expect(reading.hpas.map((h: any) => h.hpa.metadata.name)).toEqual(['web', 'gone', 'rollout', 'revision']);
});

test('an HPA as kubectl get -o yaml prints it: apiVersion and kind from the list, no managedFields', () => {
  expect(byName('web').hpa).toMatchObject({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'shop', uid: 'uid-web' } });
  expect(byName('web').hpa.metadata.managedFields).toBeUndefined();
});

test('the target through discovery, its scale, the pods of the scale\'s selector and the events, oldest first', () => {
  const web = byName('web');
  expect(web.target).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 2 } });
  expect(web.scale.status.selector).toBe('app=web');
  expect(web.pods).toEqual([{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0' }, spec: { containers: [{ name: 'app' }] } }]);
  expect(web.events.map((e: any) => e.metadata.name)).toEqual(['e1', 'e2']);
  expect([web.problems, web.metrics]).toEqual([[], []]);
  expect(cluster.requests).toContain('/api/v1/namespaces/shop/pods?labelSelector=app%3Dweb');
  expect(cluster.requests).toContain('/api/v1/namespaces/shop/events?fieldSelector=involvedObject.kind%3DHorizontalPodAutoscaler');
  // one discovery per group version, whatever the number of HPAs
  expect(cluster.requests.filter(r => r === '/apis/apps/v1')).toHaveLength(1);
});

test.each([
  ['gone', 'the target Deployment/gone does not exist in namespace "shop"'],
  ['rollout', 'the cluster serves no kind Rollout in argoproj.io/v1alpha1: the HPA controller cannot find the target'],
  ['revision', 'controllerrevisions.apps has no scale subresource: the HPA controller cannot scale ControllerRevision/web-1'],
])('what the controller cannot read is a problem of the HPA, not a failed run: %s', (name, problem) => {
  expect(byName(name).problems).toEqual([problem]);
  expect(byName(name).pods).toEqual([]);
});

test('HPAs by name are read one by one', async () => {
  const outcome: any = await callCompiled('live-reader', [{ kubeconfig: cluster.kubeconfig, names: ['web'] }]);
  expect(outcome.value.hpas.map((h: any) => h.hpa.metadata.name)).toEqual(['web']);
});

test.each([
  ['RBAC refuses the HPAs', { namespace: 'locked' }, 'cannot list horizontalpodautoscalers.autoscaling in namespace "locked": forbidden for user "jane"'],
  ['an HPA that does not exist', { names: ['api'] }, 'horizontalpodautoscalers.autoscaling "api" not found in namespace "shop"'],
  ['names with -A', { allNamespaces: true, names: ['web'] }, 'HPA names need one namespace: give -n instead of -A'],
])('%s: the run stops with one line', async (_, options, message) => {
  const outcome: any = await callCompiled('live-reader', [{ kubeconfig: cluster.kubeconfig, ...options }]);
  expect(outcome.error).toBe(message);
});
