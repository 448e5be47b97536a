/**
 * The connection and its one-line errors, against an API server on 127.0.0.1
 * (cli/test/fake-cluster.ts): the kubeconfig and context as kubectl picks them, the credentials
 * sent, and each refusal (401, RBAC's 403, a named 404, other statuses, no server at all).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { requireCompiledCli } from '../../test/cli-helpers';
import { callCompiled, FakeCluster, forbidden, kubeconfigFor, notFound, startFakeCluster } from '../../test/fake-cluster';

const LIST_PODS = { verb: 'list', resource: 'pods', namespace: 'shop' };

let cluster: FakeCluster;

// Each call starts a Node.js process that loads the client library: seconds on a busy machine.
jest.setTimeout(60_000);

beforeAll(async () => {
  requireCompiledCli();
  cluster = await startFakeCluster({
    '/api/v1/namespaces/shop/pods': { body: { kind: 'PodList', apiVersion: 'v1', items: [] } },
    '/api/v1/namespaces/locked/pods': forbidden('pods is forbidden: User "system:serviceaccount:ci:reader" cannot list resource "pods" in API group "" in the namespace "locked"'),
    '/api/v1/namespaces/shop/pods/web-0': notFound('pods', 'web-0'),
    '/api/v1/namespaces/shop/secrets': { status: 401, body: { kind: 'Status', reason: 'Unauthorized', message: 'Unauthorized', code: 401 } },
    '/api/v1/namespaces/shop/configmaps': { status: 500, body: 'etcdserver: request timed out\nmore' },
  });
});

afterAll(() => cluster.close());

test('a GET sends the context\'s token and the query, and returns the JSON the server sent', async () => {
  const outcome = await callCompiled('kube-client', [{ kubeconfig: cluster.kubeconfig }, '/api/v1/namespaces/shop/pods', LIST_PODS, { labelSelector: 'app=web', empty: '' }]);
  expect(outcome).toEqual({ value: { kind: 'PodList', apiVersion: 'v1', items: [] } });
  expect(cluster.requests).toContain('/api/v1/namespaces/shop/pods?labelSelector=app%3Dweb');
});

test.each([
  ['RBAC\'s 403 names the verb, the resource, the namespace and the user the server names', '/api/v1/namespaces/locked/pods', { ...LIST_PODS, namespace: 'locked' },
    'cannot list pods in namespace "locked": forbidden for user "system:serviceaccount:ci:reader"', 403],
  ['a 404 for a named object says which', '/api/v1/namespaces/shop/pods/web-0', { verb: 'get', resource: 'pods', namespace: 'shop', name: 'web-0' },
    'pods "web-0" not found in namespace "shop"', 404],
  ['a 401 names the context and the user', '/api/v1/namespaces/shop/secrets', { verb: 'list', resource: 'secrets', namespace: 'shop' },
    'the cluster at SERVER refused the credentials of context "fake" (user "jane"): Unauthorized', 401],
  ['another status gives the request and the first line of the answer', '/api/v1/namespaces/shop/configmaps', { verb: 'list', resource: 'configmaps', namespace: 'shop' },
    'cannot list configmaps in namespace "shop" (GET /api/v1/namespaces/shop/configmaps): 500 etcdserver: request timed out', 500],
])('%s', async (_, apiPath, subject, message, status) => {
  const outcome = await callCompiled('kube-client', [{ kubeconfig: cluster.kubeconfig }, apiPath, subject]);
  expect(outcome).toEqual({ error: message.replace('SERVER', cluster.server), name: 'RequestError', status });
});

test('a server that does not answer: one line with the address and the context', async () => {
  const gone = await startFakeCluster({});
  await gone.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-gone-'));
  fs.writeFileSync(path.join(dir, 'config'), kubeconfigFor(gone.server));
  const outcome = await callCompiled('kube-client', [{ kubeconfig: path.join(dir, 'config') }, '/api/v1/namespaces/shop/pods', LIST_PODS]);
  expect(outcome).toEqual({ error: `cannot reach the cluster at ${gone.server} (context "fake"): connect ECONNREFUSED ${gone.server.replace('http://', '')}`, name: 'RequestError', status: 0 });
  fs.rmSync(dir, { recursive: true });
});

describe('the kubeconfig and the context', () => {
  test('KUBECONFIG is read when --kubeconfig is not given', async () => {
    const outcome = await callCompiled('kube-client', [{}, '/api/v1/namespaces/shop/pods', LIST_PODS], { KUBECONFIG: cluster.kubeconfig });
    expect(outcome).toEqual({ value: { kind: 'PodList', apiVersion: 'v1', items: [] } });
  });

  test('no kubeconfig at all', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-home-'));
    const outcome = await callCompiled('kube-client', [{}, '/', LIST_PODS], { HOME: home });
    expect(outcome).toEqual({ error: 'no kubeconfig: KUBECONFIG is not set and ~/.kube/config does not exist (give --kubeconfig)', name: 'ClusterError' });
    fs.rmSync(home, { recursive: true });
  });

  test('a context the kubeconfig does not have, with the ones it has', async () => {
    const outcome = await callCompiled('kube-client', [{ kubeconfig: cluster.kubeconfig, context: 'prod' }, '/', LIST_PODS]);
    expect(outcome).toEqual({ error: `context "prod" is not in the kubeconfig ${cluster.kubeconfig} (contexts: fake)`, name: 'ClusterError' });
  });

  test('a kubeconfig that cannot be read', async () => {
    const outcome = await callCompiled('kube-client', [{ kubeconfig: '/nonexistent/config' }, '/', LIST_PODS]);
    expect(outcome).toMatchObject({ name: 'ClusterError', error: expect.stringMatching(/^cannot read the kubeconfig \/nonexistent\/config: .*ENOENT/) });
  });
});
