/**
 * `cdk8s-hpa tune --all` run for real, as a subprocess, against an API server on 127.0.0.1
 * (cli/test/fake-cluster.ts) holding HPAs and their Deployments in two namespaces, and a Prometheus
 * (cli/test/fake-prometheus.ts) that answers each range query with the responses a real
 * Prometheus gave (test/cli/fixtures/history/): every workload's CPU is web's, recorded.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseTuneArgs } from './args';
import { templateRequests } from './fleet';
import { cli, cliAsync, FIXTURES, requireCompiledCli, ROOT, Run } from '../../../test/cli-helpers';
import { FakeCluster, Routes, startFakeCluster } from '../../../test/fake-cluster';
import { FakePrometheus, startFakePrometheus } from '../../../test/fake-prometheus';
import { run } from '../../../test/run-cli';

const DIR = `${FIXTURES}/history`;
const CPU = fs.readFileSync(path.join(ROOT, DIR, 'web-cpu.json'), 'utf8');
const REPLICAS = fs.readFileSync(path.join(ROOT, DIR, 'web-replicas.json'), 'utf8');
/** The recorded history's first step, and its end 20 minutes later. */
const START = JSON.parse(CPU).data.result[0].values[0][0] as number;
const END = START + 1200;

const CPU_TEMPLATE = 'cpu=sum by (pod) (rate(container_cpu_usage_seconds_total{namespace="{{namespace}}",pod=~"{{workload}}-.*"}[1m]))';
const REPLICAS_TEMPLATE = 'kube_deployment_status_replicas{namespace="{{namespace}}",deployment="{{workload}}"}';

/** An HPA as the API server returns it in a list: 2 to 10 replicas at 50 % CPU, with `behavior` when given. */
function hpa(namespace: string, name: string, spec: { target?: string; behavior?: object; metrics?: object[] } = {}): object {
  return {
    metadata: { name, namespace, uid: `uid-${namespace}-${name}`, resourceVersion: '1' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: spec.target ?? name },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: spec.metrics ?? [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
      ...(spec.behavior && { behavior: spec.behavior }),
    },
  };
}

/**
 * A Deployment as the API server returns it, one container with a 250m CPU request (none: `request`
 * false), and its scale subresource (without a selector: `selector` false).
 */
function deployment(namespace: string, name: string, { selector = true, request = true } = {}): Routes {
  const base = `/apis/apps/v1/namespaces/${namespace}/deployments/${name}`;
  return {
    [base]: {
      body: {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name, namespace, uid: `uid-deploy-${name}`, resourceVersion: '2' },
        spec: {
          replicas: 2,
          selector: { matchLabels: { app: name } },
          template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'nginx', ...(request && { resources: { requests: { cpu: '250m' } } }) }] } },
        },
      },
    },
    [`${base}/scale`]: { body: { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name, namespace }, spec: { replicas: 2 }, status: { replicas: 2, ...(selector && { selector: `app=${name}` }) } } },
  };
}

const list = (kind: string, items: object[]) => ({ body: { kind: `${kind}List`, apiVersion: kind === 'HorizontalPodAutoscaler' ? 'autoscaling/v2' : 'v1', items } });

/**
 * shop: web (as it ran: the 300 s scale-down window), api (a 600 s window: more to save), worker
 * (its query fails), gone (its Deployment does not exist). batch: report (a window of 0: nothing to
 * save), queue (an External metric no template gives), legacy (its scale subresource gives no
 * selector), bare (its containers have no CPU request: refused), idle (Prometheus has no series)
 * and slow (a scale-up window longer than scale-down's: a warning, tuned anyway).
 */
const SHOP = [
  hpa('shop', 'web'),
  hpa('shop', 'api', { behavior: { scaleDown: { stabilizationWindowSeconds: 600 } } }),
  hpa('shop', 'worker'),
  hpa('shop', 'gone'),
];
const BATCH = [
  hpa('batch', 'report', { behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } }),
  hpa('batch', 'queue', { metrics: [{ type: 'External', external: { metric: { name: 'queue_depth' }, target: { type: 'AverageValue', averageValue: '30' } } }] }),
  hpa('batch', 'legacy'),
  hpa('batch', 'bare'),
  hpa('batch', 'idle'),
  hpa('batch', 'slow', { behavior: { scaleUp: { stabilizationWindowSeconds: 600 } } }),
];

const ROUTES: Routes = {
  '/version': { body: { gitVersion: 'v1.36.3' } },
  '/apis/autoscaling/v2/horizontalpodautoscalers': list('HorizontalPodAutoscaler', [...SHOP, ...BATCH]),
  '/apis/autoscaling/v2/namespaces/shop/horizontalpodautoscalers': list('HorizontalPodAutoscaler', SHOP),
  '/apis/apps/v1': {
    body: {
      kind: 'APIResourceList',
      groupVersion: 'apps/v1',
      resources: [{ name: 'deployments', kind: 'Deployment', namespaced: true }, { name: 'deployments/scale', kind: 'Scale', group: 'autoscaling', version: 'v1', namespaced: true }],
    },
  },
  ...deployment('shop', 'web'),
  ...deployment('shop', 'api'),
  ...deployment('shop', 'worker'),
  ...deployment('batch', 'report'),
  ...deployment('batch', 'queue'),
  ...deployment('batch', 'legacy', { selector: false }),
  ...deployment('batch', 'bare', { request: false }),
  ...deployment('batch', 'idle'),
  ...deployment('batch', 'slow'),
  '/api/v1/namespaces/shop/pods': list('Pod', []),
  '/api/v1/namespaces/batch/pods': list('Pod', []),
  '/api/v1/namespaces/shop/events': list('Event', []),
  '/api/v1/namespaces/batch/events': list('Event', []),
};

/** Prometheus's refusal of the worker's query, as it words one. */
const BAD_DATA = '{"status":"error","errorType":"bad_data","error":"1:60: parse error: unexpected character"}';

let cluster: FakeCluster;
let prometheus: FakePrometheus;
let tmp: string;

// Each run starts Node.js, loads the cluster's client library and tunes several HPAs: seconds on a busy machine.
jest.setTimeout(120_000);

beforeAll(async () => {
  requireCompiledCli();
  cluster = await startFakeCluster(ROUTES);
  prometheus = await startFakePrometheus(params => {
    const query = params.get('query') ?? '';
    if (query.includes('worker')) return { status: 400, body: BAD_DATA };
    if (query.includes('idle')) return { status: 200, body: '{"status":"success","data":{"resultType":"matrix","result":[]}}' };
    return { status: 200, body: query.startsWith('kube_deployment_status_replicas') ? REPLICAS : CPU };
  });
});
afterAll(async () => {
  await cluster?.close();
  await prometheus?.close();
});
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-fleet-test-'));
  prometheus.requests.length = 0;
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** `tune --all` over the fake cluster and Prometheus, with `extra` flags. */
function tuneAll(extra: string[]): Promise<Run> {
  return cliAsync(['tune', '--all', '--kubeconfig', cluster.kubeconfig, '--prometheus', prometheus.url, '--query-template', CPU_TEMPLATE,
    '--replicas-query-template', REPLICAS_TEMPLATE, '--start', String(START), '--end', String(END), '--load', 'cpu=total',
    '--vary', 'window.down', '--max-above-target', 'cpu=5', ...extra]);
}

/** The tune's times, which no two runs share. */
const timeless = (text: string) => text.replace(/ in \d+\.\ds/g, ' in (time)');

const GONE = 'shop/gone (Deployment/gone): the target Deployment/gone does not exist in namespace "shop"';
const WORKER = 'shop/worker (Deployment/worker): <prometheus>/api/v1/query_range (sum by (pod) (rate(container_cpu_usage_seconds_total{namespace="shop",pod=~"worker-.*"}[1m]))): '
  + 'Prometheus answered with an error (bad_data): 1:60: parse error: unexpected character (HTTP 400)';
const QUEUE = 'batch/queue (Deployment/queue): no --query-template for its metric "queue_depth" (its metrics: queue_depth)';
const BARE = 'batch/bare (Deployment/bare): refused by validation: error [HPA301] spec.metrics[0].resource.target.averageUtilization: Fails at run time: 50: '
  + 'container "app" of Deployment/bare has no cpu request: the controller cannot compute utilization and the metric fails '
  + '(fix: give container "app" a cpu request, or use an averageValue target)';
const IDLE = 'batch/idle (Deployment/idle): the history of cpu (<prometheus>/api/v1/query_range '
  + 'sum by (pod) (rate(container_cpu_usage_seconds_total{namespace="batch",pod=~"idle-.*"}[1m]))) has no samples: the query returned no series over the range';

describe('cdk8s-hpa tune --all', () => {
  test('ranks the HPAs of every namespace by the replica-hours their recommendation saves; lists the others with why', async () => {
    const r = await tuneAll(['-A', '--jobs', '2']);
    expect(timeless(r.stdout.replaceAll(prometheus.url, '<prometheus>')).split('\n')).toEqual([
      `tuned 5 of 10 HPAs in any namespace (context "fake", ${cluster.server}) in (time)`,
      '',
      '  #  HPA           target             replica-hours  recommended  saved        changes',
      '  1  shop/api      Deployment/api     1.2            0.8          0.3 (27.9%)  window.down=0s',
      '  2  batch/legacy  Deployment/legacy  1.0            0.8          0.2 (16.5%)  window.down=0s',
      '  3  shop/web      Deployment/web     1.0            0.8          0.2 (16.5%)  window.down=0s',
      '  4  batch/report  Deployment/report  0.8            0.8          0.0 (0.0%)   (as it is)',
      '  5  batch/slow    Deployment/slow    0.7            0.7          0.0 (0.0%)   no spec replayed meets the limits',
      '  in all: 0.7 of 4.7 replica-hours saved (14.0%)',
      '',
      'not tuned (5):',
      `  ${WORKER}`,
      `  ${GONE}`,
      `  ${QUEUE}`,
      `  ${BARE}`,
      `  ${IDLE}`,
      '',
      'each HPA\'s recommendation, front and certificate: --format json',
      '',
    ]);
    expect(r.code).toBe(1);
    // Each HPA's progress, in the cluster's order.
    expect(r.stderr.split('\n').map(l => l.replace(/ in \d+\.\ds/, ''))).toEqual([
      'cdk8s-hpa: [1/10] shop/web: 6 specs replayed, saves 0.2 replica-hours',
      'cdk8s-hpa: [2/10] shop/api: 6 specs replayed, saves 0.3 replica-hours',
      expect.stringMatching(/^cdk8s-hpa: \[3\/10\] shop\/worker: not tuned: .*bad_data/),
      'cdk8s-hpa: [4/10] shop/gone: not tuned: the target Deployment/gone does not exist in namespace "shop"',
      'cdk8s-hpa: [5/10] batch/report: 6 specs replayed, saves 0.0 replica-hours',
      'cdk8s-hpa: [6/10] batch/queue: not tuned: no --query-template for its metric "queue_depth" (its metrics: queue_depth)',
      'cdk8s-hpa: [7/10] batch/legacy: 6 specs replayed, saves 0.2 replica-hours',
      expect.stringMatching(/^cdk8s-hpa: \[8\/10\] batch\/bare: not tuned: refused by validation: error \[HPA301\]/),
      expect.stringMatching(/^cdk8s-hpa: \[9\/10\] batch\/idle: not tuned: .* has no samples: the query returned no series over the range$/),
      'cdk8s-hpa: [10/10] batch/slow: 6 specs replayed, saves 0.0 replica-hours',
      '  warning [HPA408] spec.behavior.scaleUp.stabilizationWindowSeconds: Lint: 600: is longer than the scale-down stabilization window (300s, the controller\'s default): '
        + 'the autoscaler adds pods only after 600s of higher recommendations but removes them after 300s of lower ones, so load that stays high for less than 600s '
        + 'at a time never gets pods (fix: shorten scaleUp.stabilizationWindowSeconds to at most 300s (usually 0s), or lengthen scaleDown\'s to at least 600s; '
        + 'check the two windows were not swapped)',
      '',
    ]);
    // The templates filled in with each HPA's namespace and workload.
    expect(prometheus.requests.map(q => q.params.get('query'))).toContain('kube_deployment_status_replicas{namespace="batch",deployment="report"}');
    expect(prometheus.requests.map(q => q.params.get('query'))).toContain('sum by (pod) (rate(container_cpu_usage_seconds_total{namespace="shop",pod=~"api-.*"}[1m]))');
  });

  test('--format json: one entry per HPA, ranked, with what tune prints for the HPA alone inside', async () => {
    const r = await tuneAll(['-n', 'shop', '--format', 'json', '--jobs', '1']);
    expect(r.code).toBe(1);
    const entries = JSON.parse(r.stdout);
    expect(entries.map((e: any) => [e.namespace, e.name, e.savedReplicaHours === undefined ? e.reason : 'tuned'])).toEqual([
      ['shop', 'api', 'tuned'],
      ['shop', 'web', 'tuned'],
      ['shop', 'worker', expect.stringContaining('Prometheus answered with an error (bad_data)')],
      ['shop', 'gone', 'the target Deployment/gone does not exist in namespace "shop"'],
    ]);
    const web = entries[1];
    expect(web.target).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' });
    expect(web.queries).toEqual({ cpu: 'sum by (pod) (rate(container_cpu_usage_seconds_total{namespace="shop",pod=~"web-.*"}[1m]))' });
    expect(web.replicasQuery).toBe('kube_deployment_status_replicas{namespace="shop",deployment="web"}');
    expect(web.savedReplicaHours).toBeCloseTo(web.result.baseline.measures.replicaHours - web.result.recommended.measures.replicaHours, 12);
    // The same HPA and history as files, tuned alone on the server's release with the Deployment's request: the same result, certificate and all.
    const alone = cli(['tune', '--hpa', `${DIR}/web-hpa.yaml`, '--history', `cpu=${DIR}/web-cpu.json`, '--replicas-history', `${DIR}/web-replicas.json`,
      '--load', 'cpu=total', '--pod-request', 'cpu=250m', '--k8s-version', '1.36', '--vary', 'window.down', '--max-above-target', 'cpu=5', '--format', 'json']);
    expect(alone.code).toBe(0);
    expect(web.result).toEqual(JSON.parse(alone.stdout));
    expect(web.result.certificate.release).toBe('1.36');
  });

  test('--out writes each result as it finishes; a second run skips them, says so, and ranks them the same', async () => {
    const out = path.join(tmp, 'results');
    const first = await tuneAll(['-n', 'shop', '--out', out, '--jobs', '1']);
    expect(first.code).toBe(1);
    expect(fs.readdirSync(path.join(out, 'shop')).sort()).toEqual(['api.json', 'web.json']);
    const written = JSON.parse(fs.readFileSync(path.join(out, 'shop', 'web.json'), 'utf8'));
    expect(written.result.recommended.changes).toEqual(['window.down=0s']);
    const firstJson = await tuneAll(['-n', 'shop', '--format', 'json', '--jobs', '1']);
    expect(JSON.parse(firstJson.stdout)[1]).toEqual(written);

    prometheus.requests.length = 0;
    const second = await tuneAll(['-n', 'shop', '--out', out, '--jobs', '1']);
    expect(second.stderr).toContain(`cdk8s-hpa: [1/4] shop/web: skipped: its result is in ${path.join(out, 'shop', 'web.json')}, tuned by an earlier run with the same spec and flags\n`);
    expect(second.stderr).toContain(`cdk8s-hpa: [2/4] shop/api: skipped: its result is in ${path.join(out, 'shop', 'api.json')}`);
    // Only the HPA without a result is fetched again (its query fails again).
    expect(prometheus.requests.map(q => q.params.get('query'))).toEqual([expect.stringContaining('pod=~"worker-.*"')]);
    const table = (text: string) => timeless(text).split('\n').filter(l => /^ {2}\d/.test(l));
    expect(table(second.stdout)).toEqual(table(first.stdout));
    expect(second.stdout).toContain(`each HPA's recommendation, front and certificate: --format json, or ${path.join(out, '<namespace>', '<hpa>.json')} (2 of them from an earlier run)`);

    // Other limits are other flags: the results there are not theirs.
    const other = await tuneAll(['-n', 'shop', '--out', out, '--jobs', '1', '--max-above-target', 'cpu=2']);
    expect(other.stderr).not.toContain('skipped');
  });

  test('{{selector}} is the scale subresource\'s; a target whose scale gives none is not tuned, and says why', async () => {
    const r = await tuneAll(['-A', '--jobs', '1', '--query-template', 'cpu=container_cpu{pod=~"{{hpa}}-.*",selector="{{selector}}"}', '--format', 'json']);
    expect(r.code).toBe(1);
    expect(prometheus.requests.map(q => q.params.get('query'))).toContain('container_cpu{pod=~"web-.*",selector="app=web"}');
    const legacy = JSON.parse(r.stdout).find((e: any) => e.name === 'legacy');
    expect(legacy).toEqual({
      namespace: 'batch',
      name: 'legacy',
      target: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'legacy' },
      key: '',
      reason: '--query-template cpu uses {{selector}}, which Deployment/legacy does not give (the scale subresource of Deployment/legacy has no selector '
        + '(status.selector): the HPA controller cannot pick its pods)',
    });
  });
});

describe('tune --all usage, before the cluster is read', () => {
  test.each<[string[], string]>([
    [['--query-template', 'cpu=rate(x{pod=~"{{worklaod}}-.*"}[1m])'],
      '--query-template cpu: unknown variable {{worklaod}}: did you mean {{workload}}? (the variables: {{namespace}}, {{hpa}}, {{kind}}, {{workload}}, {{selector}})'],
    [['--replicas-query-template', 'kube_deployment_status_replicas{deployment="{{ name }}"}'],
      '--replicas-query-template: unknown variable {{name}}: did you mean {{hpa}} or {{workload}}? (the variables: {{namespace}}, {{hpa}}, {{kind}}, {{workload}}, {{selector}})'],
    [['--query-template', 'cpu=rate(x{metric="{{metric}}"}[1m])'],
      '--query-template cpu: unknown variable {{metric}} (the variables: {{namespace}}, {{hpa}}, {{kind}}, {{workload}}, {{selector}})'],
    [['--query-template', 'cpu=x{a="{{namespace"}'], '--query-template cpu: a {{ is not closed by }} (variables are written {{namespace}})'],
  ])('%j', (extra, message) => {
    const r = run(['tune', '--all', '--prometheus', 'http://127.0.0.1:9', '--start', 'now-1h', '--query-template', 'cpu=up', ...extra]);
    expect(r.stderr.split('\n')[0]).toBe(`cdk8s-hpa tune: ${message}`);
    expect(r.code).toBe(2);
  });

  test.each<[string[], string]>([
    [['--all', '--hpa', 'web.yaml'], '--hpa is for one HPA; --all reads every HPA from the cluster and its history with --query-template (and --out for the results)'],
    [['--all', '--prometheus', 'http://p:9090', '--start', 'now-1h'], '--all needs --prometheus <url> and a --query-template <metric>=<PromQL> per metric the HPAs have'],
    [['--all', '--prometheus', 'http://p:9090', '--query-template', 'cpu=up'], '--all needs --start (RFC 3339, unix seconds, or now-7d); --end is now by default'],
    [['--all', '-n', 'shop', '-A'], '-n and -A cannot both be given'],
    [['--hpa', 'web.yaml', '--query-template', 'cpu=up'], '--query-template is for --all (every HPA of a cluster); one HPA is tuned with --hpa <file>'],
    [['--hpa', 'web.yaml', '-A'], '-A is for --all (every HPA of a cluster); one HPA is tuned with --hpa <file>'],
    [['--all=yes'], '--all takes no value'],
  ])('%j', (argv, message) => {
    const r = run(['tune', ...argv]);
    expect(r.stderr.split('\n')[0]).toBe(`cdk8s-hpa tune: ${message}`);
    expect(r.code).toBe(2);
  });

  test('reads the cluster flags as explain does', () => {
    expect(parseTuneArgs(['--all', '-n', 'shop', '--context=prod', '--kubeconfig', 'k'])).toMatchObject({ all: true, namespace: 'shop', context: 'prod', kubeconfig: 'k', allNamespaces: false });
    expect(parseTuneArgs(['--all', '--all-namespaces'])).toMatchObject({ all: true, allNamespaces: true });
  });
});

describe('the pod requests a fleet reads from each target', () => {
  const utilization = (name: string, container?: string) => container === undefined
    ? { type: 'Resource', resource: { name, target: { type: 'Utilization', averageUtilization: 60 } } }
    : { type: 'ContainerResource', containerResource: { name, container, target: { type: 'Utilization', averageUtilization: 60 } } };
  const target = (spec: object) => ({ spec: { template: { spec } } });
  const hpaOf = (...metrics: object[]) => ({ spec: { metrics } });

  test.each<[string, object, object, { [r: string]: number }, { [k: string]: number }]>([
    ['the containers\' requests summed, sidecars too, a limit standing for a missing request',
      hpaOf(utilization('cpu'), utilization('memory')),
      target({
        containers: [{ name: 'app', resources: { requests: { cpu: '250m', memory: '256Mi' } } }, { name: 'proxy', resources: { limits: { cpu: '100m', memory: '64Mi' } } }],
        initContainers: [{ name: 'log', restartPolicy: 'Always', resources: { requests: { cpu: '50m', memory: '32Mi' } } }, { name: 'init', resources: { requests: { cpu: '4' } } }],
      }),
      {}, { cpu: 0.4, memory: 352 * 1024 * 1024 }],
    ['a pod-level request over the containers\'', hpaOf(utilization('cpu')), target({ resources: { requests: { cpu: '1' } }, containers: [{ name: 'app', resources: { requests: { cpu: '250m' } } }] }), {}, { cpu: 1 }],
    ['a container\'s own for ContainerResource', hpaOf(utilization('cpu', 'app')), target({ containers: [{ name: 'app', resources: { requests: { cpu: '300m' } } }, { name: 'b', resources: { requests: { cpu: '1' } } }] }), {}, { 'app/cpu': 0.3 }],
    ['none where a container has none (validation refuses the HPA)', hpaOf(utilization('cpu')), target({ containers: [{ name: 'app', resources: { requests: { cpu: '250m' } } }, { name: 'b' }] }), {}, {}],
    ['none for a resource --pod-request gives', hpaOf(utilization('cpu')), target({ containers: [{ name: 'app', resources: { requests: { cpu: '250m' } } }] }), { cpu: 100 }, {}],
    ['none for an AverageValue target', hpaOf({ type: 'Resource', resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '200m' } } }),
      target({ containers: [{ name: 'app', resources: { requests: { cpu: '250m' } } }] }), {}, {}],
  ])('%s', (_name, h, t, given, expected) => {
    expect(templateRequests(h, t, given)).toEqual(expected);
  });
});
