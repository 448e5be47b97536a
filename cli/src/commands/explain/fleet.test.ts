/**
 * Many HPAs at once: the most severe first, a cause the cluster shares said once (metrics-server
 * gone), one line per state at the end. From a dump, and from `explain -A` against an API server
 * on 127.0.0.1 (cli/test/fake-cluster.ts) that answers as kube-apiserver does.
 */
import { execFile } from 'child_process';
import * as os from 'os';
import { FIXTURES, NOW, objects } from '../../../../test/explain/fixtures';
import { BIN, requireCompiledCli, ROOT } from '../../../test/cli-helpers';
import { Answer, FakeCluster, Routes, startFakeCluster } from '../../../test/fake-cluster';
import { run } from '../../../test/run-cli';

const FILE = `${FIXTURES}/fleet-metrics-server-down.yaml`;
const CAUSE = 'the resource metrics API (metrics.k8s.io) fails the same way for every HPA with a Resource metric (2): unable to fetch metrics from resource metrics API: '
  + 'the server could not find the requested resource (get pods.metrics.k8s.io); metrics-server (or the adapter serving metrics.k8s.io) is down, not installed, or cannot read the kubelets';
const FIX = 'see which service serves the API and why it is not available: kubectl get apiservice v1beta1.metrics.k8s.io -o yaml; '
  + 'then that service\'s pods and logs (metrics-server, often in kube-system); kubectl top nodes works again when it is back';

describe('explain on many HPAs', () => {
  test('a dump: the shared cause once, Failing before Stuck before Healthy, a line per state', () => {
    const r = run(['explain', '--now', NOW, FILE]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      `cluster-wide [1]: ${CAUSE} (shop/web, shop/api)`,
      `  next step: ${FIX}`,
      `${FILE}:60:3: HorizontalPodAutoscaler shop/web: Failing: 3 replicas (min 2, max 10); no metric proposes a count; a Resource metric cannot be read (metrics-server, or a missing request)`,
      '  why: the cluster-wide cause [1] above: the controller cannot read "cpu" from the resource metrics API',
      '  next step: the cluster-wide cause [1] above',
      '',
      `${FILE}:147:3: HorizontalPodAutoscaler shop/api: Failing: 2 replicas (min 2, max 6); no metric proposes a count; a Resource metric cannot be read (metrics-server, or a missing request)`,
      '  why: the cluster-wide cause [1] above: the controller cannot read "memory" from the resource metrics API',
      '  next step: the cluster-wide cause [1] above',
      '',
      `${FILE}:101:3: HorizontalPodAutoscaler other/queue: Stuck: 4 replicas (min 1, max 4); the metrics propose 10 replicas (queue_depth); the metrics ask for more than maxReplicas`,
      '  why: the metrics propose 10 replicas (queue_depth), more than maxReplicas 4: the HPA is stuck at 4',
      '  next step: raise spec.maxReplicas to at least 10 (or make each pod handle more load)',
      '',
      `${FILE}:4:3: HorizontalPodAutoscaler shop/batch: Healthy: 3 replicas (min 1, max 10); the metrics propose 3 replicas (queue_depth)`,
      '  why: queue_depth: 30 per pod (90 in total over 3) vs target 30 per pod: ratio 1, within the tolerance band [0.9, 1.1]: keeps 3',
      '  next step: nothing to change',
      '',
      'Failing: 2 HPAs (shop/web, shop/api)',
      'Stuck: 1 HPA (other/queue)',
      'Healthy: 1 HPA',
      '',
    ]);
  });

  test('--format json: the shared cause with the HPAs it explains; the explanations in input order', () => {
    const json = JSON.parse(run(['explain', '--now', NOW, '--format', 'json', FILE]).stdout);
    expect(json.clusterWide).toEqual([{ message: CAUSE, fix: FIX, hpas: ['shop/web', 'shop/api'] }]);
    expect(json.explanations.map((e: any) => e.name)).toEqual(['batch', 'web', 'queue', 'api']);
  });

  test('fails when one HPA alone fails its Resource metric: nothing shared, the failure said with its HPA', () => {
    const items = objects('fleet-metrics-server-down.yaml').filter(o => o.metadata.name !== 'api');
    const r = run(['explain', '--now', NOW, '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
    expect(r.stdout).not.toContain('cluster-wide');
    expect(r.stdout).toContain('  next step: check metrics-server: kubectl get apiservice v1beta1.metrics.k8s.io; kubectl top pods -n shop\n');
  });
});

describe('explain -A against an API server', () => {
  const hpas = objects('fleet-metrics-server-down.yaml').filter(o => o.kind === 'HorizontalPodAutoscaler');
  const events = objects('fleet-metrics-server-down.yaml').filter(o => o.kind === 'Event');
  /** The targets as the API server returns them: each Deployment with a request for what its HPA reads, and its scale. */
  const routes: Routes = {
    '/version': { body: { major: '1', minor: '36', gitVersion: 'v1.36.3' } },
    '/apis/autoscaling/v2/horizontalpodautoscalers': {
      body: { kind: 'HorizontalPodAutoscalerList', apiVersion: 'autoscaling/v2', metadata: { resourceVersion: '90000' }, items: hpas.map(({ apiVersion: _v, kind: _k, ...h }) => h) },
    },
    '/apis/apps/v1': {
      body: {
        kind: 'APIResourceList',
        groupVersion: 'apps/v1',
        resources: [{ name: 'deployments', kind: 'Deployment', namespaced: true }, { name: 'deployments/scale', kind: 'Scale', group: 'autoscaling', version: 'v1', namespaced: true }],
      },
    },
  };
  for (const h of hpas) {
    const { namespace, name } = h.metadata;
    const base = `/apis/apps/v1/namespaces/${namespace}/deployments/${name}`;
    routes[base] = {
      body: {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name, namespace, uid: `uid-deploy-${name}`, resourceVersion: '100', generation: 1 },
        spec: {
          replicas: h.status.currentReplicas,
          selector: { matchLabels: { app: name } },
          template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'registry.example/app:1', resources: { requests: { cpu: '100m', memory: '256Mi' } } }] } },
        },
        status: { replicas: h.status.currentReplicas, readyReplicas: h.status.currentReplicas },
      },
    };
    routes[`${base}/scale`] = {
      body: { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name, namespace }, spec: { replicas: h.status.currentReplicas }, status: { replicas: h.status.currentReplicas, selector: `app=${name}` } },
    };
  }
  for (const namespace of ['shop', 'other']) {
    routes[`/api/v1/namespaces/${namespace}/pods`] = { body: { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [] } };
    routes[`/api/v1/namespaces/${namespace}/events`] = (): Answer => ({
      body: { kind: 'EventList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: events.filter(e => e.metadata.namespace === namespace).map(({ apiVersion: _v, kind: _k, ...e }) => e) },
    });
  }

  let cluster: FakeCluster;
  // The command loads the cluster client library in its own process: seconds on a busy machine.
  jest.setTimeout(60_000);
  beforeAll(async () => {
    requireCompiledCli();
    cluster = await startFakeCluster(routes);
  });
  afterAll(() => cluster.close());

  /** `cdk8s-hpa ...` in a child process, while this process serves the fake cluster. */
  const cdk8sHpa = (args: string[]) => new Promise<{ code: number; stdout: string; stderr: string }>(resolve => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: os.tmpdir() }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });

  test('the shared cause once, the HPAs by severity, a line per state; exit 1', async () => {
    const r = await cdk8sHpa(['explain', '-A', '--kubeconfig', cluster.kubeconfig, '--now', NOW]);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    const flags = `--kubeconfig ${cluster.kubeconfig}`;
    expect(lines.slice(0, 2)).toEqual([`cluster-wide [1]: ${CAUSE} (shop/web, shop/api)`, `  next step: ${FIX.replace(/ -o yaml;/, ` -o yaml ${flags};`).replace('kubectl top nodes', `kubectl top nodes ${flags}`)}`]);
    expect(lines.filter(l => /HorizontalPodAutoscaler /.test(l)).map(l => /HorizontalPodAutoscaler (\S+): (\w+)/.exec(l)!.slice(1).join(' '))).toEqual([
      'shop/web Failing', 'shop/api Failing', 'other/queue Stuck', 'shop/batch Healthy',
    ]);
    expect(r.stdout.split('v1beta1.metrics.k8s.io').length - 1).toBe(1);
    expect(lines.slice(-4)).toEqual(['Failing: 2 HPAs (shop/web, shop/api)', 'Stuck: 1 HPA (other/queue)', 'Healthy: 1 HPA', '']);
    expect(r.stderr).toBe('cdk8s-hpa: 3 of 4 HorizontalPodAutoscalers stuck or failing (--verbose: the arithmetic, every finding, the events and a replay to try a change)\n');
  });
});
