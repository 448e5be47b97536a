/**
 * The live reader (cli/src/cluster/) and `cdk8s-hpa explain` on a live cluster, against a real
 * kube-apiserver with a real etcd (live-cluster.ts): situations set up through the API as the
 * controllers leave them, read back, and the errors a reader meets (RBAC, an absent metrics API,
 * an unreachable server, an unknown context).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { isDeepStrictEqual } from 'util';
import * as yaml from 'js-yaml';
import { AdminApi, LiveCluster, startLiveCluster } from './live-cluster';
import { ClusterError, LiveReading, readLive } from '../../cli/src/cluster/live-reader';
import { shellCommand } from '../../src/private/words';

/** Reports one check: its name and its failures (none: passed). */
export type Report = (name: string, failures: string[]) => void;

const ROOT = path.join(__dirname, '..', '..');
const HPA_COMPONENT = 'horizontal-pod-autoscaler';

/** Runs every check against a control plane started from `binary`. */
export async function runLiveTests(binary: string, release: string, report: Report): Promise<void> {
  const cluster = await startLiveCluster(binary);
  console.log(`live ${release}: kube-apiserver and etcd ready in ${cluster.startMillis} ms at ${cluster.server}`);
  try {
    const world = await setUp(cluster.api);
    const checks: Array<[string, () => Promise<string[]>]> = [
      ['the HPA, its target, scale, pods and events read back as the server holds them', () => readBack(cluster, world)],
      ['an HPA written as autoscaling/v1 reads as autoscaling/v2', () => v1AsV2(cluster)],
      ['the HPAs of a namespace, of every namespace, of the context\'s namespace', () => namespaces(cluster)],
      ['a user without RBAC rights: the one-line error names the verb and resource', () => rbac(cluster)],
      ['an absent or unavailable metrics API is said per metric', () => metricsApis(cluster)],
      ['an unreachable server, an unknown context, a missing HPA: one line each', () => connectionErrors(cluster)],
      ['cdk8s-hpa explain on the live cluster: the explanation of the same objects as a dump, and the exit codes', () => commandLine(cluster)],
      ['docs/explain.md shows what cdk8s-hpa explain prints on the live cluster', () => docsExample(cluster)],
    ];
    for (const [name, check] of checks) {
      let failures: string[];
      try {
        failures = await check();
      } catch (e) {
        failures = [`threw: ${(e as Error).stack ?? e}`];
      }
      report(`live ${release}: ${name}`, failures);
    }
  } finally {
    await cluster.stop();
  }
}

/** Compares one value; a difference is one failure line. */
function expectEqual(failures: string[], what: string, actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) {
    failures.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/** An object as `kubectl get -o yaml` shows what the server returned: apiVersion and kind, no managedFields. */
function asKubectlShows(object: any): any {
  const { managedFields: _hidden, ...metadata } = object.metadata;
  return { ...object, metadata };
}

interface World {
  readonly hpa: any;
  readonly deployment: any;
}

/** Deployment `web` scaled to 2 by its HPA, two pods, one pod of another app, the HPA's status and event. */
async function setUp(api: AdminApi): Promise<World> {
  await api.createNamespace('shop');
  await api.createNamespace('other');
  // No spec.replicas: the API server defaults it to 1, as kubectl apply of such a manifest leaves it.
  let deployment = await api.create(deploymentOf('web'));
  const hpa = await api.create(cpuHpa('web', 5, 60));
  // The HPA controller scales through the scale subresource, then the deployment controller
  // reports the replicas it runs.
  const scale = await api.request('GET', '/apis/apps/v1/namespaces/shop/deployments/web/scale');
  await api.request('PUT', '/apis/apps/v1/namespaces/shop/deployments/web/scale', { ...scale, spec: { replicas: 2 } });
  deployment = await api.writeStatus('apps/v1', 'Deployment', 'shop', 'web', {
    observedGeneration: 2, replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2,
  });
  for (const [name, app] of [['web-a', 'web'], ['web-b', 'web'], ['other-a', 'other']]) {
    await api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'shop', name, labels: { app } }, spec: { containers: [containerOf(app)] } });
    await api.writeStatus('v1', 'Pod', 'shop', name, runningPodStatus(app));
  }
  const now = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  await api.writeStatus('autoscaling/v2', 'HorizontalPodAutoscaler', 'shop', 'web', {
    lastScaleTime: now,
    ...cpuStatus(2, 55, ['False', 'DesiredWithinRange', 'the desired count is within the acceptable range'], now),
  });
  await api.recordEvent(hpa, HPA_COMPONENT, 'Normal', 'SuccessfulRescale', 'New size: 2; reason: cpu resource utilization (percentage of request) above target');
  await api.recordEvent(deployment, 'deployment-controller', 'Normal', 'ScalingReplicaSet', 'Scaled up replica set web-5d9c6b7f8 from 1 to 2');

  // shop/batch: at maxReplicas, stuck (what the controller writes when the metric asks for more).
  await api.create(deploymentOf('batch', 3));
  await api.writeStatus('apps/v1', 'Deployment', 'shop', 'batch', { observedGeneration: 1, replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 });
  const batch = await api.create(cpuHpa('batch', 3, 50));
  await api.writeStatus('autoscaling/v2', 'HorizontalPodAutoscaler', 'shop', 'batch',
    cpuStatus(3, 120, ['True', 'TooManyReplicas', 'the desired replica count is more than the maximum replica count'], now));
  await api.recordEvent(batch, HPA_COMPONENT, 'Normal', 'SuccessfulRescale', 'New size: 3; reason: cpu resource utilization (percentage of request) above target');

  // other/queue: an External metric, and a target that does not exist.
  await api.create({
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { namespace: 'other', name: 'queue' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'worker' },
      maxReplicas: 10,
      metrics: [{
        type: 'External',
        external: {
          metric: { name: 'queue_messages_ready', selector: { matchLabels: { queue: 'orders' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['prod', 'canary'] }] } },
          target: { type: 'AverageValue', averageValue: '30' },
        },
      }],
    },
  });
  return { hpa: await api.get('autoscaling/v2', 'HorizontalPodAutoscaler', 'shop', 'web'), deployment };
}

function containerOf(app: string): object {
  return { name: app, image: `registry.example/${app}:1.0`, resources: { requests: { cpu: '100m' } } };
}

/** A Deployment of `app` in shop (`replicas` left to the server's default when not given). */
function deploymentOf(app: string, replicas?: number): object {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { namespace: 'shop', name: app },
    spec: { replicas, selector: { matchLabels: { app } }, template: { metadata: { labels: { app } }, spec: { containers: [containerOf(app)] } } },
  };
}

/** An HPA in shop on the Deployment of the same name, on CPU utilization. */
function cpuHpa(name: string, maxReplicas: number, averageUtilization: number): object {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { namespace: 'shop', name },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      minReplicas: 1,
      maxReplicas,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } } }],
    },
  };
}

/**
 * The status the HPA controller writes after a sync on one CPU utilization metric (requests of
 * 100m): the replicas it keeps, the metric, its three conditions (ScalingLimited as given).
 */
function cpuStatus(replicas: number, utilization: number, limited: [string, string, string], at: string): object {
  const condition = (type: string, status: string, reason: string, message: string) => ({ type, status, reason, message, lastTransitionTime: at });
  return {
    observedGeneration: 1,
    currentReplicas: replicas,
    desiredReplicas: replicas,
    currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: utilization, averageValue: `${utilization}m` } } }],
    conditions: [
      condition('AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size'),
      condition('ScalingActive', 'True', 'ValidMetricFound', 'the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)'),
      condition('ScalingLimited', ...limited),
    ],
  };
}

/** What the kubelet reports for a running, ready pod (no node runs here, so the test writes it). */
function runningPodStatus(container: string): object {
  const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return {
    phase: 'Running',
    conditions: ['Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map(type => ({ type, status: 'True', lastTransitionTime: at })),
    podIP: '10.244.0.10',
    podIPs: [{ ip: '10.244.0.10' }],
    hostIP: '10.0.0.5',
    startTime: at,
    containerStatuses: [{ name: container, ready: true, started: true, restartCount: 0, image: `registry.example/${container}:1.0`, imageID: '', state: { running: { startedAt: at } } }],
  };
}

async function readBack(cluster: LiveCluster, world: World): Promise<string[]> {
  const failures: string[] = [];
  const reading = await readLive({ kubeconfig: cluster.kubeconfig, context: cluster.adminContext, namespace: 'shop', names: ['web'] });
  expectEqual(failures, 'context, server', [reading.context, reading.server], [cluster.adminContext, cluster.server]);
  expectEqual(failures, 'server version', /^v1\.\d+\.\d+/.test(reading.version ?? ''), true);
  const [h] = reading.hpas;
  const api = cluster.api;
  const hpa = await api.get('autoscaling/v2', 'HorizontalPodAutoscaler', 'shop', 'web');
  expectEqual(failures, 'the server fills managedFields (kubectl hides them)', hpa.metadata.managedFields?.length > 0, true);
  expectEqual(failures, 'HPA', h.hpa, asKubectlShows(hpa));
  expectEqual(failures, 'HPA status written through /status', h.hpa.status?.conditions?.map((c: any) => c.reason), ['ReadyForNewScale', 'ValidMetricFound', 'DesiredWithinRange']);
  expectEqual(failures, 'HPA uid', h.hpa.metadata.uid, world.hpa.metadata.uid);
  const deployment = await api.get('apps/v1', 'Deployment', 'shop', 'web');
  expectEqual(failures, 'target', h.target, { apiVersion: 'apps/v1', kind: 'Deployment', ...asKubectlShows(deployment) });
  expectEqual(failures, 'target: spec.replicas as the scale subresource set it, server defaults',
    [h.target?.spec?.replicas, h.target?.spec?.strategy?.type, h.target?.spec?.revisionHistoryLimit,
      h.target?.spec?.template?.spec?.containers?.[0]?.terminationMessagePath],
    [2, 'RollingUpdate', 10, '/dev/termination-log']);
  expectEqual(failures, 'target status written through /status', h.target?.status?.readyReplicas, 2);
  expectEqual(failures, 'scale', [h.scale?.apiVersion, h.scale?.kind, h.scale?.spec?.replicas, h.scale?.status?.replicas, h.scale?.status?.selector],
    ['autoscaling/v1', 'Scale', 2, 2, 'app=web']);
  expectEqual(failures, 'pods of the selector', h.pods.map(p => p.metadata.name).sort(), ['web-a', 'web-b']);
  const pod = await api.get('v1', 'Pod', 'shop', 'web-a');
  expectEqual(failures, 'pod', h.pods.find(p => p.metadata.name === 'web-a'), { apiVersion: 'v1', kind: 'Pod', ...asKubectlShows(pod) });
  expectEqual(failures, 'pod: admission and defaults (service account, tolerations), status written through /status',
    [pod.spec.serviceAccountName, pod.spec.tolerations?.length > 0, pod.status.phase], ['default', true, 'Running']);
  expectEqual(failures, 'events of the HPA', h.events.map(e => [e.apiVersion, e.kind, e.reason, e.involvedObject.name, e.source.component]),
    [['v1', 'Event', 'SuccessfulRescale', 'web', HPA_COMPONENT]]);
  expectEqual(failures, 'no metrics read without asking', h.metrics, []);
  expectEqual(failures, 'problems', h.problems, []);
  return failures;
}

async function v1AsV2(cluster: LiveCluster): Promise<string[]> {
  const failures: string[] = [];
  await cluster.api.create({
    apiVersion: 'autoscaling/v1',
    kind: 'HorizontalPodAutoscaler',
    metadata: { namespace: 'shop', name: 'legacy' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 4, targetCPUUtilizationPercentage: 70 },
  });
  try {
    const reading = await readLive({ kubeconfig: cluster.kubeconfig, context: cluster.adminContext, namespace: 'shop', names: ['legacy'] });
    const hpa = reading.hpas[0].hpa;
    expectEqual(failures, 'apiVersion', hpa.apiVersion, 'autoscaling/v2');
    expectEqual(failures, 'spec.metrics converted from targetCPUUtilizationPercentage', hpa.spec.metrics,
      [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]);
    expectEqual(failures, 'no v1 field left', 'targetCPUUtilizationPercentage' in hpa.spec, false);
    expectEqual(failures, 'as the server returns it at autoscaling/v2', hpa,
      asKubectlShows(await cluster.api.get('autoscaling/v2', 'HorizontalPodAutoscaler', 'shop', 'legacy')));
  } finally {
    await cluster.api.request('DELETE', '/apis/autoscaling/v2/namespaces/shop/horizontalpodautoscalers/legacy');
  }
  return failures;
}

const names = (reading: LiveReading) => reading.hpas.map(h => `${h.hpa.metadata.namespace}/${h.hpa.metadata.name}`).sort();

async function namespaces(cluster: LiveCluster): Promise<string[]> {
  const failures: string[] = [];
  const base = { kubeconfig: cluster.kubeconfig, context: cluster.adminContext };
  expectEqual(failures, '-n shop', names(await readLive({ ...base, namespace: 'shop' })), ['shop/batch', 'shop/web']);
  const all = await readLive({ ...base, allNamespaces: true });
  expectEqual(failures, '-A', names(all), ['other/queue', 'shop/batch', 'shop/web']);
  expectEqual(failures, '-A: the namespace read', all.namespace, undefined);
  const queue = all.hpas.find(h => h.hpa.metadata.name === 'queue');
  expectEqual(failures, 'a missing target is a problem, not an error', queue?.problems, ['the target Deployment/worker does not exist in namespace "other"']);
  expectEqual(failures, 'no default namespace HPAs', names(await readLive(base)), []);
  // A context with a namespace, as `kubectl config set-context --current --namespace shop` leaves it.
  const file = withKubeconfig(cluster, config => { config.contexts.find((c: any) => c.name === cluster.adminContext).context.namespace = 'shop'; });
  try {
    const reading = await readLive({ kubeconfig: file });
    expectEqual(failures, 'the context\'s namespace', [reading.namespace, ...names(reading)], ['shop', 'shop/batch', 'shop/web']);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  return failures;
}

/** A copy of the cluster's kubeconfig, changed by `edit`, in a new directory. */
function withKubeconfig(cluster: LiveCluster, edit: (config: any) => void): string {
  const config = yaml.load(fs.readFileSync(cluster.kubeconfig, 'utf8')) as any;
  edit(config);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hpa-kubeconfig-')), 'config');
  fs.writeFileSync(file, yaml.dump(config));
  return file;
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (e) {
    return e instanceof ClusterError ? e.message : `not a ClusterError: ${(e as Error).stack ?? e}`;
  }
}

async function rbac(cluster: LiveCluster): Promise<string[]> {
  const failures: string[] = [];
  const viewer = { kubeconfig: cluster.kubeconfig, context: cluster.restrictedContext };
  const user = cluster.restrictedUser;
  expectEqual(failures, 'list', await errorOf(readLive({ ...viewer, namespace: 'shop' })),
    `cannot list horizontalpodautoscalers.autoscaling in namespace "shop": forbidden for user "${user}"`);
  expectEqual(failures, 'list, all namespaces', await errorOf(readLive({ ...viewer, allNamespaces: true })),
    `cannot list horizontalpodautoscalers.autoscaling in all namespaces: forbidden for user "${user}"`);
  expectEqual(failures, 'get', await errorOf(readLive({ ...viewer, namespace: 'shop', names: ['web'] })),
    `cannot get horizontalpodautoscalers.autoscaling "web" in namespace "shop": forbidden for user "${user}"`);
  // The same token from an exec credential plugin (client.authentication.k8s.io/v1), as cloud CLIs give them.
  const plugin = withKubeconfig(cluster, config => {
    const context = config.contexts.find((c: any) => c.name === cluster.restrictedContext).context;
    const entry = config.users.find((u: any) => u.name === context.user);
    const credential = { apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: entry.user.token } };
    entry.user = { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'sh', args: ['-c', `echo '${JSON.stringify(credential)}'`], interactiveMode: 'Never' } };
  });
  try {
    expectEqual(failures, 'token from an exec plugin', await errorOf(readLive({ kubeconfig: plugin, context: cluster.restrictedContext, namespace: 'shop' })),
      `cannot list horizontalpodautoscalers.autoscaling in namespace "shop": forbidden for user "${user}"`);
  } finally {
    fs.rmSync(path.dirname(plugin), { recursive: true, force: true });
  }
  // Rights to HPAs alone: the next read the controller makes is refused, and named.
  await cluster.api.create({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { namespace: 'shop', name: 'hpa-reader' },
    rules: [{ apiGroups: ['autoscaling'], resources: ['horizontalpodautoscalers'], verbs: ['get', 'list'] }],
  });
  await cluster.api.create({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { namespace: 'shop', name: 'hpa-reader' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'hpa-reader' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user }],
  });
  // RBAC's authorizer reads roles through an informer: wait until the binding is seen.
  let message = '';
  for (let i = 0; i < 50; i++) {
    message = await errorOf(readLive({ ...viewer, namespace: 'shop', names: ['web'] }));
    if (!message.includes('horizontalpodautoscalers')) break;
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  expectEqual(failures, 'events after HPAs', message, `cannot list events in namespace "shop": forbidden for user "${user}"`);
  return failures;
}

async function metricsApis(cluster: LiveCluster): Promise<string[]> {
  const failures: string[] = [];
  const admin = { kubeconfig: cluster.kubeconfig, context: cluster.adminContext, metrics: true };
  const web = (await readLive({ ...admin, namespace: 'shop', names: ['web'] })).hpas[0];
  expectEqual(failures, 'Resource metric, metrics.k8s.io absent', web.metrics.map(m => [m.index, m.type, m.name, m.api, m.error]),
    [[0, 'Resource', 'cpu', 'metrics.k8s.io', 'the metrics API metrics.k8s.io is not registered (no APIService serves it): the HPA controller cannot read it either']]);
  const queue = (await readLive({ ...admin, namespace: 'other', names: ['queue'] })).hpas[0];
  expectEqual(failures, 'External metric, external.metrics.k8s.io absent', queue.metrics.map(m => [m.type, m.name, m.api, m.error]),
    [['External', 'queue_messages_ready', 'external.metrics.k8s.io', 'the metrics API external.metrics.k8s.io is not registered (no APIService serves it): the HPA controller cannot read it either']]);

  // Registered, as metrics-server's manifest registers it, with no metrics-server behind it.
  await cluster.api.create({
    apiVersion: 'apiregistration.k8s.io/v1',
    kind: 'APIService',
    metadata: { name: 'v1beta1.metrics.k8s.io' },
    spec: { group: 'metrics.k8s.io', version: 'v1beta1', service: { namespace: 'kube-system', name: 'metrics-server' }, groupPriorityMinimum: 100, versionPriority: 100, insecureSkipTLSVerify: true },
  });
  let metric = web.metrics[0];
  for (let i = 0; i < 50 && metric?.error?.includes('not registered'); i++) {
    await new Promise(resolve => setTimeout(resolve, 200));
    metric = (await readLive({ ...admin, namespace: 'shop', names: ['web'] })).hpas[0].metrics[0];
  }
  expectEqual(failures, 'metrics.k8s.io registered, not answering', [metric?.path, metric?.error], [
    '/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods?labelSelector=app%3Dweb',
    'the metrics API metrics.k8s.io is registered but not available (the APIService\'s backend does not answer): the HPA controller cannot read it either',
  ]);
  return failures;
}

async function connectionErrors(cluster: LiveCluster): Promise<string[]> {
  const failures: string[] = [];
  const port = await closedPort();
  const unreachable = withKubeconfig(cluster, config => { config.clusters[0].cluster.server = `https://127.0.0.1:${port}`; });
  try {
    expectEqual(failures, 'unreachable', await errorOf(readLive({ kubeconfig: unreachable, namespace: 'shop' })),
      `cannot reach the cluster at https://127.0.0.1:${port} (context "${cluster.adminContext}"): connect ECONNREFUSED 127.0.0.1:${port}`);
  } finally {
    fs.rmSync(path.dirname(unreachable), { recursive: true, force: true });
  }
  expectEqual(failures, 'unknown context', await errorOf(readLive({ kubeconfig: cluster.kubeconfig, context: 'prod' })),
    `context "prod" is not in the kubeconfig ${cluster.kubeconfig} (contexts: ${cluster.adminContext}, ${cluster.restrictedContext})`);
  expectEqual(failures, 'missing kubeconfig', (await errorOf(readLive({ kubeconfig: '/nonexistent/config' }))).startsWith('cannot read the kubeconfig /nonexistent/config: ENOENT'), true);
  expectEqual(failures, 'missing HPA', await errorOf(readLive({ kubeconfig: cluster.kubeconfig, namespace: 'shop', names: ['nope'] })),
    'horizontalpodautoscalers.autoscaling "nope" not found in namespace "shop"');
  return failures;
}

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function cli(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'cli', 'bin', 'cdk8s-hpa'), ...args], {
    cwd: ROOT, input: options.input ?? '', encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...options.env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function commandLine(cluster: LiveCluster): Promise<string[]> {
  const failures: string[] = [];
  if (!fs.existsSync(path.join(ROOT, 'cli', 'lib', 'main.js'))) return ['cli/lib/main.js is missing: run `npx projen compile` first'];
  const kube = ['--kubeconfig', cluster.kubeconfig];

  // The explanation of the live objects is that of the same objects given as a dump.
  for (const name of ['web', 'batch']) {
    const live = cli(['explain', '-n', 'shop', name, ...kube, '--context', cluster.adminContext, '--format', 'json', '--now', '2030-01-01T00:00:00Z']);
    const reading = await readLive({ kubeconfig: cluster.kubeconfig, namespace: 'shop', names: [name] });
    const h = reading.hpas[0];
    const dump = `${JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [h.hpa, h.target, ...h.pods, ...h.events], metadata: { resourceVersion: '' } }, undefined, 2)}\n`;
    const fromDump = cli(['explain', '-', '--k8s-version', reading.version!.replace(/^v(\d+\.\d+).*/, '$1'), '--format', 'json', '--now', '2030-01-01T00:00:00Z'], { input: dump });
    expectEqual(failures, `${name}: exit code as for the dump`, live.code, fromDump.code);
    const explanations = (out: string) => {
      try {
        return JSON.parse(out).explanations.map(({ file: _f, simulate: _s, live: _l, ...rest }: any) => rest);
      } catch {
        return `not JSON: ${out}`;
      }
    };
    // Read live, every kubectl command printed names the cluster read, as given; as a dump, none.
    const flags = ` ${shellCommand(['--kubeconfig', cluster.kubeconfig, '--context', cluster.adminContext])}`;
    const named = JSON.stringify(explanations(live.stdout)).match(/kubectl [^;)"]*/g) ?? [];
    expectEqual(failures, `${name}: every kubectl command names the cluster`, named.filter(c => !c.includes(flags.trim())), []);
    expectEqual(failures, `${name}: explanation as for the dump`, explanations(live.stdout.split(JSON.stringify(flags).slice(1, -1)).join('')), explanations(fromDump.stdout));
    const liveInfo = JSON.parse(live.stdout || '{}').explanations?.[0]?.live;
    expectEqual(failures, `${name}: the events in the JSON output`, liveInfo?.events?.map((e: any) => e.reason), ['SuccessfulRescale']);
  }
  const batch = cli(['explain', '-n', 'shop', 'batch', ...kube, '--verbose']);
  expectEqual(failures, 'batch at maxReplicas: exit 1', batch.code, 1);
  expectEqual(failures, 'batch: the headline and the event (--verbose)', [
    batch.stdout.includes('HorizontalPodAutoscaler shop/batch'),
    batch.stdout.includes('SuccessfulRescale: New size: 3'),
  ], [true, true]);

  // A name alone reads the cluster of KUBECONFIG, in the context's namespace.
  const implicit = cli(['explain', 'web'], { env: { KUBECONFIG: cluster.kubeconfig } });
  expectEqual(failures, 'KUBECONFIG, a name in the default namespace', [implicit.code, implicit.stderr],
    [2, 'cdk8s-hpa: horizontalpodautoscalers.autoscaling "web" not found in namespace "default"\n']);
  // In "other" the restricted user has no role (the RBAC check gave it one in "shop").
  const forbidden = cli(['explain', '-n', 'other', ...kube, '--context', cluster.restrictedContext]);
  expectEqual(failures, 'RBAC refusal', [forbidden.code, forbidden.stdout, forbidden.stderr],
    [2, '', `cdk8s-hpa: cannot list horizontalpodautoscalers.autoscaling in namespace "other": forbidden for user "${cluster.restrictedUser}"\n`]);
  const all = cli(['explain', '-A', '--metrics', ...kube]);
  expectEqual(failures, '-A --metrics: exit 1 (batch is stuck), every HPA, the metrics APIs said', [
    all.code,
    ['other/queue', 'shop/batch', 'shop/web'].every(n => all.stdout.includes(`HorizontalPodAutoscaler ${n}`)),
    all.stdout.includes('spec.metrics[0] External queue_messages_ready: the metrics API external.metrics.k8s.io is not registered'),
    all.stdout.includes('the target Deployment/worker does not exist in namespace "other"'),
  ], [1, true, true, true]);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hpa-home-'));
  const noConfig = cli(['explain', '-n', 'shop'], { env: { HOME: home, KUBECONFIG: '' } });
  fs.rmSync(home, { recursive: true, force: true });
  expectEqual(failures, 'no kubeconfig at all', [noConfig.code, noConfig.stderr],
    [2, 'cdk8s-hpa: no kubeconfig: KUBECONFIG is not set and ~/.kube/config does not exist (give --kubeconfig)\n']);
  const none = cli(['explain', '-n', 'empty', ...kube]);
  expectEqual(failures, 'no HPA in the namespace', [none.code, none.stderr],
    [2, `cdk8s-hpa: no HorizontalPodAutoscaler in namespace "empty" (context "${cluster.adminContext}", ${cluster.server})\n`]);
  const port = await closedPort();
  const unreachable = withKubeconfig(cluster, config => { config.clusters[0].cluster.server = `https://127.0.0.1:${port}`; });
  try {
    const down = cli(['explain', '-n', 'shop', '--kubeconfig', unreachable]);
    expectEqual(failures, 'unreachable', [down.code, down.stderr],
      [2, `cdk8s-hpa: cannot reach the cluster at https://127.0.0.1:${port} (context "${cluster.adminContext}"): connect ECONNREFUSED 127.0.0.1:${port}\n`]);
  } finally {
    fs.rmSync(path.dirname(unreachable), { recursive: true, force: true });
  }
  return failures;
}

/**
 * The live example of docs/explain.md: a dump the HPA controller wrote (test/fixtures/explain/)
 * written into the cluster as the controllers write it, explained by name as the page shows.
 */
async function docsExample(cluster: LiveCluster): Promise<string[]> {
  const failures: string[] = [];
  const page = fs.readFileSync(path.join(ROOT, 'docs', 'explain.md'), 'utf8');
  const block = /```console\n\$ npx cdk8s-hpa explain -n (\S+) (\S+)\n([\s\S]*?)```/.exec(page);
  if (!block) return ['docs/explain.md has no "$ npx cdk8s-hpa explain -n NAMESPACE NAME" block'];
  const [, namespace, name, shown] = block;
  const dump = yaml.load(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'explain', 'external-failing-while-cpu-drives.yaml'), 'utf8')) as any;
  await cluster.api.applyDump(dump.items, namespace);
  // The page's command reads the current kubeconfig (KUBECONFIG here), so its commands carry no --kubeconfig.
  const r = cli(['explain', '-n', namespace, name], { env: { KUBECONFIG: cluster.kubeconfig } });
  expectEqual(failures, 'exit code', r.code, 1);
  // The page shows what a terminal shows: the summary on standard error after the explanation.
  expectEqual(failures, 'the page shows what it prints', shown, r.stdout + r.stderr);
  return failures;
}
