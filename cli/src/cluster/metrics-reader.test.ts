/**
 * The metrics APIs read as the HPA controller reads them, against an API server on 127.0.0.1
 * (cli/test/fake-cluster.ts): each API registered and answering, registered and not answering
 * (503), or not registered at all; the custom metrics version discovery prefers.
 */
import { requireCompiledCli } from '../../test/cli-helpers';
import { callCompiled, FakeCluster, Routes, startFakeCluster } from '../../test/fake-cluster';

const METRICS = [
  { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
  { type: 'Pods', pods: { metric: { name: 'inflight' }, target: { type: 'AverageValue', averageValue: '20' } } },
  { type: 'Object', object: { describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' }, metric: { name: 'rps' }, target: { type: 'Value', value: '2k' } } },
  { type: 'External', external: { metric: { name: 'queue_depth', selector: { matchLabels: { queue: 'jobs' } } }, target: { type: 'AverageValue', averageValue: '30' } } },
];

function routes(groups: object[]): Routes {
  return {
    '/apis/autoscaling/v2/namespaces/shop/horizontalpodautoscalers': {
      body: {
        kind: 'HorizontalPodAutoscalerList',
        apiVersion: 'autoscaling/v2',
        items: [{ metadata: { name: 'web', namespace: 'shop', uid: 'u' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 5, metrics: METRICS } }],
      },
    },
    '/apis/apps/v1': { body: { resources: [{ name: 'deployments', kind: 'Deployment' }, { name: 'deployments/scale', kind: 'Scale' }] } },
    '/apis/networking.k8s.io/v1': { body: { resources: [{ name: 'ingresses', kind: 'Ingress' }] } },
    '/apis/apps/v1/namespaces/shop/deployments/web': { body: { metadata: { name: 'web' } } },
    '/apis/apps/v1/namespaces/shop/deployments/web/scale': { body: { kind: 'Scale', apiVersion: 'autoscaling/v1', status: { replicas: 2, selector: 'app=web' } } },
    '/api/v1/namespaces/shop/pods': { body: { kind: 'PodList', apiVersion: 'v1', items: [] } },
    '/api/v1/namespaces/shop/events': { body: { kind: 'EventList', apiVersion: 'v1', items: [] } },
    '/apis': { body: { kind: 'APIGroupList', groups } },
    '/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods': { body: { kind: 'PodMetricsList', items: [] } },
    '/apis/metrics.k8s.io/v1/namespaces/shop/pods': { body: { kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1', items: [] } },
    '/apis/custom.metrics.k8s.io/v1beta2/namespaces/shop/pods/*/inflight': { body: { kind: 'MetricValueList', items: [] } },
    '/apis/custom.metrics.k8s.io/v1beta2/namespaces/shop/ingresses.networking.k8s.io/main/rps': { body: { kind: 'MetricValueList', items: [] } },
    '/apis/external.metrics.k8s.io/v1beta1/namespaces/shop/queue_depth': {
      status: 503, body: { kind: 'Status', reason: 'ServiceUnavailable', message: 'the server is currently unable to handle the request', code: 503 },
    },
  };
}

const group = (name: string, versions: string[]) => ({ name, versions: versions.map(version => ({ groupVersion: `${name}/${version}`, version })), preferredVersion: { version: versions[0] } });

async function readMetrics(groups: object[]): Promise<{ cluster: FakeCluster; metrics: any[] }> {
  const cluster = await startFakeCluster(routes(groups));
  const outcome: any = await callCompiled('live-reader', [{ kubeconfig: cluster.kubeconfig, metrics: true }]);
  await cluster.close();
  if (!outcome.value) throw new Error(`readLive failed: ${outcome.error}`);
  return { cluster, metrics: outcome.value.hpas[0].metrics };
}

// Each call starts a Node.js process that loads the client library: seconds on a busy machine.
jest.setTimeout(60_000);

beforeAll(() => requireCompiledCli());

test('each metric from its API, as the controller asks it; a 503 says the API is registered and not answering', async () => {
  const { cluster, metrics } = await readMetrics([
    group('metrics.k8s.io', ['v1beta1']),
    group('custom.metrics.k8s.io', ['v1beta2', 'v1beta1']),
    group('external.metrics.k8s.io', ['v1beta1']),
  ]);
  expect(metrics).toEqual([
    { index: 0, type: 'Resource', name: 'cpu', api: 'metrics.k8s.io', path: '/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods?labelSelector=app%3Dweb', response: { kind: 'PodMetricsList', items: [] } },
    {
      index: 1,
      type: 'Pods',
      name: 'inflight',
      api: 'custom.metrics.k8s.io',
      path: '/apis/custom.metrics.k8s.io/v1beta2/namespaces/shop/pods/*/inflight?labelSelector=app%3Dweb',
      response: { kind: 'MetricValueList', items: [] },
    },
    {
      index: 2,
      type: 'Object',
      name: 'rps',
      api: 'custom.metrics.k8s.io',
      path: '/apis/custom.metrics.k8s.io/v1beta2/namespaces/shop/ingresses.networking.k8s.io/main/rps',
      response: { kind: 'MetricValueList', items: [] },
    },
    {
      index: 3,
      type: 'External',
      name: 'queue_depth',
      api: 'external.metrics.k8s.io',
      path: '/apis/external.metrics.k8s.io/v1beta1/namespaces/shop/queue_depth?labelSelector=queue%3Djobs',
      error: 'the metrics API external.metrics.k8s.io is registered but not available (the APIService\'s backend does not answer): the HPA controller cannot read it either',
    },
  ]);
  // /apis is read once for all the metrics
  expect(cluster.requests.filter(r => r === '/apis')).toHaveLength(1);
});

test('metrics APIs that are not registered, and a custom metrics API in a version the controller does not read', async () => {
  const { metrics } = await readMetrics([group('custom.metrics.k8s.io', ['v2'])]);
  expect(metrics.map(m => [m.name, m.error])).toEqual([
    ['cpu', 'the metrics API metrics.k8s.io is not registered (no APIService serves it): the HPA controller cannot read it either'],
    ['inflight', 'the metrics API custom.metrics.k8s.io serves no version the HPA controller reads (v1beta2, v1beta1; it serves v2)'],
    ['rps', 'the metrics API custom.metrics.k8s.io serves no version the HPA controller reads (v1beta2, v1beta1; it serves v2)'],
    ['queue_depth', 'the metrics API external.metrics.k8s.io is not registered (no APIService serves it): the HPA controller cannot read it either'],
  ]);
});

test('metrics.k8s.io at v1: read at v1beta1 where both are served, whichever the server prefers; at v1 alone, read, and the controller cannot', async () => {
  const both = await readMetrics([group('metrics.k8s.io', ['v1', 'v1beta1'])]);
  expect(both.metrics[0]).toEqual({
    index: 0,
    type: 'Resource',
    name: 'cpu',
    api: 'metrics.k8s.io',
    path: '/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods?labelSelector=app%3Dweb',
    response: { kind: 'PodMetricsList', items: [] },
  });
  const v1 = await readMetrics([group('metrics.k8s.io', ['v1'])]);
  expect(v1.metrics[0]).toEqual({
    index: 0,
    type: 'Resource',
    name: 'cpu',
    api: 'metrics.k8s.io',
    path: '/apis/metrics.k8s.io/v1/namespaces/shop/pods?labelSelector=app%3Dweb',
    response: { kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1', items: [] },
    error: 'the metrics API metrics.k8s.io serves v1 and not v1beta1, the version the HPA controller reads: it cannot read this metric (read here at v1)',
  });
});

