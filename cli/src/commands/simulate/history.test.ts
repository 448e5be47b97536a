/**
 * `cdk8s-hpa simulate` on recorded history, run for real as a subprocess: the fixtures are the
 * responses a real Prometheus (v0.316.0, loaded with `webFixture` of
 * test/conformance/history-scenarios.ts) gave curl and promtool; test/conformance/prometheus-fixtures.ts
 * wrote them. The fetch from a live server is tested in the conformance run.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseTime, resolveTime } from './history-args';
import { cli, cliAsync, FIXTURES, requireCompiledCli, ROOT } from '../../../test/cli-helpers';
import { startFakePrometheus } from '../../../test/fake-prometheus';
import { queryRanges } from '../../prometheus/fetch';

beforeAll(() => requireCompiledCli());

const DIR = `${FIXTURES}/history`;
const HPA = `${DIR}/web-hpa.yaml`;
const TUNED = `${DIR}/web-tuned.yaml`;
const CPU = `${DIR}/web-cpu.json`;
const REPLICAS = `${DIR}/web-replicas.json`;
/** The history alone: each pod's request is the Deployment's, beside the HPA in web-hpa.yaml (250m). */
const HISTORY = ['--history', `cpu=${CPU}`];
const REQUEST_LINE = 'cpu: usages (cores) compared with a request of 250m per pod: what Deployment/web (web-hpa.yaml:3) requests';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-history-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The fixture's first step, from the saved response. */
function fixtureStart(): number {
  return JSON.parse(fs.readFileSync(path.join(ROOT, CPU), 'utf8')).data.result[0].values[0][0];
}

/**
 * The HPA as it ran, over the pods as recorded (worked out by hand, no behavior: the 300s window):
 * - 0-285s: 2 pods at 0.1 cores, 40 % of 250m: proposal 2.
 * - 300s: the 2 pods at 0.25 (100 %): proposal 4, scaled to 4; the only sync above the target.
 * - 315-585s: 4 pods at 50 %: 4. From 600s: 16 %, proposal 2, held by the proposals of 4 up to
 *   585s, which leave the window (1.37's syncs drift past the 15 s grid) at 885s: 4 -> 2. The
 *   cluster recorded the change at 900s: one sync of 81 differs, by -2.
 * - Replica-hours: (2 x 20 + 4 x 39 + 2 x 22) syncs of 15 s = 1.0; recorded (2 x 20 + 4 x 40 + 2 x 21).
 * - The demand (cores / 0.25 x 100 / 50): 1.6 at 285s, 4 at 300s; 4 / 1.1 needs 4, reached at 300s.
 */
const REPLAY_TABLE = [
  '                             web (web-hpa.yaml)',
  'replica-hours                1.0',
  'cpu above target             1.2% (15s; target 50%)',
  'scale events                 2 (1 up, 1 down)',
  'direction changes            1',
  'longest at max               never (max 10)',
  'reaction to the load step    15s (to 4 replicas)',
  'equal to the recorded count  98.8% of syncs (largest difference -2)',
  'recorded replica-hours       1.0',
  '',
  'history: 2026-11-26T21:00:00Z to 2026-11-26T21:20:00Z, 81 syncs of 15s',
  '  cpu: 4 pods, load PodSamples, step 15s, 81 steps',
  'largest load step: 2026-11-26T21:04:45Z, from 1.6 to 4 replicas\' worth of load in 15s',
  'recorded replica count: kube_deployment_status_replicas{deployment="web", namespace="shop"}',
  REQUEST_LINE,
];

/**
 * With the load spread over each replay's pods, the HPA as it ran does the same; the tuned one
 * scales down a minute after the last proposal of 4 instead of five: 13.3 % fewer replica-hours,
 * and it differs from the recorded count for the four minutes it is at 2 before the cluster was.
 */
const COMPARE_TABLE = [
  '                             web (web-hpa.yaml)                      web (web-tuned.yaml)',
  'replica-hours                1.0                                     0.9 (-13.3%)',
  'cpu above target             1.2% (15s; target 50%)                  1.2% (15s; target 50%)',
  'scale events                 2 (1 up, 1 down)                        2 (1 up, 1 down)',
  'direction changes            1                                       1',
  'longest at max               never (max 10)                          never (max 10)',
  'reaction to the load step    15s (to 4 replicas)                     15s (to 4 replicas)',
  'equal to the recorded count  98.8% of syncs (largest difference -2)  79.0% of syncs (largest difference -2)',
  'recorded replica-hours       1.0                                     1.0',
  '',
  'history: 2026-11-26T21:00:00Z to 2026-11-26T21:20:00Z, 81 syncs of 15s',
  '  cpu: 4 pods, load Total, step 15s, 81 steps',
  'largest load step: 2026-11-26T21:04:45Z, from 1.6 to 4 replicas\' worth of load in 15s',
  'recorded replica count: kube_deployment_status_replicas{deployment="web", namespace="shop"}',
  // web-tuned.yaml holds the HPA alone: it reads the requests of the first spec's target, the same Deployment.
  REQUEST_LINE,
];

describe('cdk8s-hpa simulate --history', () => {
  test('replays the HPA as it ran over the recorded pods, with the Deployment\'s request, and checks the recorded replica count', () => {
    const run = cli(['simulate', '--hpa', HPA, ...HISTORY, '--replicas-history', REPLICAS]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.lines).toEqual(REPLAY_TABLE);
  });

  test('compares two specs on the same history, with the load spread over each replay\'s pods', () => {
    const run = cli(['simulate', '--hpa', HPA, '--compare', TUNED, ...HISTORY, '--load', 'cpu=total', '--replicas-history', REPLICAS]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.lines).toEqual(COMPARE_TABLE);
  });

  test('--format json prints the report\'s structs; promtool\'s output replays as curl\'s', () => {
    const curl = cli(['simulate', '--hpa', HPA, '--compare', TUNED, ...HISTORY, '--load', 'cpu=total', '--format', 'json']);
    const promtool = cli(['simulate', '--hpa', HPA, '--compare', TUNED, '--history', `cpu=${DIR}/web-cpu.promtool.json`, '--load', 'cpu=total', '--format', 'json']);
    expect(curl.code).toBe(0);
    const report = JSON.parse(curl.stdout);
    expect(Object.keys(report)).toEqual(['history', 'loadStep', 'specs']);
    expect(report.specs.map((s: any) => s.label)).toEqual(['web (web-hpa.yaml)', 'web (web-tuned.yaml)']);
    expect(report.history.metrics[0]).toMatchObject({ metric: 'cpu', sources: [CPU], kind: 'pods', width: 4, load: 'Total', stepSeconds: 15, steps: 81 });
    // Both specs compared the cores with the Deployment's request (web-tuned.yaml holds no Deployment: the first spec's).
    expect(report.specs.map((s: any) => s.requests)).toEqual([0, 1].map(() => [{ metric: 'cpu', request: 0.25, source: 'workload', workloadRequest: 0.25 }]));
    const promtoolReport = JSON.parse(promtool.stdout);
    promtoolReport.history.metrics[0].sources = [CPU];
    expect(promtoolReport).toEqual(report);
  });

  test('--report writes the HTML page, or the SVG plot; --svg and --csv the first spec\'s run', () => {
    const html = path.join(tmp, 'what-if.html');
    const svg = path.join(tmp, 'what-if.svg');
    const csv = path.join(tmp, 'run.csv');
    expect(cli(['simulate', '--hpa', HPA, '--compare', TUNED, ...HISTORY, '--report', html, '--csv', csv]).code).toBe(0);
    expect(cli(['simulate', '--hpa', HPA, '--compare', TUNED, ...HISTORY, '--report', svg]).code).toBe(0);
    const page = fs.readFileSync(html, 'utf8');
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(page).toContain('<h1>What if: web (web-hpa.yaml) against web (web-tuned.yaml)</h1>');
    expect(page).toContain('<th>replica-hours</th>');
    const plot = fs.readFileSync(svg, 'utf8');
    expect(page).toContain(plot.trimEnd());
    // Both replica lines, the scale events of each, the load, the target.
    for (const part of ['data-series="replicas-0"', 'data-series="replicas-1"', 'class="events"', 'class="demand"', 'class="target"']) expect(plot).toContain(part);
    expect(fs.readFileSync(csv, 'utf8').trimEnd().split('\n')).toHaveLength(82);
  });

  test('two HPAs of one input compare with --name and --compare-name', () => {
    const both = path.join(tmp, 'both.yaml');
    const tuned = fs.readFileSync(path.join(ROOT, TUNED), 'utf8').replace('name: web\n  namespace', 'name: web-tuned\n  namespace');
    fs.writeFileSync(both, `${fs.readFileSync(path.join(ROOT, HPA), 'utf8')}---\n${tuned}`);
    const run = cli(['simulate', '--hpa', both, '--name', 'web', '--compare', both, '--compare-name', 'web-tuned', ...HISTORY,
      '--load', 'cpu=total', '--replicas-history', REPLICAS]);
    expect(run.code).toBe(0);
    expect(run.lines[0]).toBe('                             web (both.yaml)                         web-tuned (both.yaml)');
    expect(run.lines.slice(1)).toEqual([...COMPARE_TABLE.slice(1, -1), REQUEST_LINE.replace('web-hpa.yaml', 'both.yaml')]);
  });

  test('--pod-request that contradicts the Deployment: a warning naming both values and the flag; the flag\'s request is replayed', () => {
    const run = cli(['simulate', '--hpa', HPA, ...HISTORY, '--pod-request', 'cpu=500m']);
    expect(run.stderr).toBe('cdk8s-hpa: warning: cpu: --pod-request cpu=500m contradicts Deployment/web (web-hpa.yaml:3), whose pods request 250m cpu: '
      + 'the run compares the usages with 500m, the --pod-request\'s; drop --pod-request cpu to use the workload\'s request, or correct the one that is wrong\n');
    // 0.25 cores of 500m is the target itself: the replay never scales.
    expect(run.lines).toEqual(expect.arrayContaining([
      'cpu above target           0.0% (0s; target 50%)',
      'scale events               0 (0 up, 0 down)',
      'cpu: usages compared with a request of 500m per pod, from --pod-request cpu=500m',
    ]));
    expect(run.code).toBe(0);
  });

  test('the HPA without its Deployment (as kubectl writes it alone): no request known, and the cores read as percent are named', () => {
    const run = cli(['simulate', '--hpa', TUNED, ...HISTORY]);
    expect(run.stderr).toBe('cdk8s-hpa: warning: cpu: the run read the usages as percent of the request (the input holds no Deployment/web, the HPA\'s target, '
      + 'to read its pods\' requests from), and every usage it read is below 10% (the highest: 0%) while the target is 50%: they look like cores. '
      + 'If they are, give each pod\'s request: --pod-request cpu=<quantity>\n');
    expect(run.lines.slice(-5)).toEqual([
      '',
      'history: 2026-11-26T21:00:00Z to 2026-11-26T21:20:00Z, 81 syncs of 15s',
      '  cpu: 4 pods, load PodSamples, step 15s, 81 steps',
      'largest load step: 2026-11-26T21:04:45Z, from 0 to 0 replicas\' worth of load in 15s',
      'cpu: no request known (the input holds no Deployment/web, the HPA\'s target, to read its pods\' requests from): usages read as percent of a request of 100',
    ]);
    expect(run.code).toBe(0);
  });

  test('the history\'s metric may be left out for an HPA of one metric; --until ends the replay', () => {
    const run = cli(['simulate', '--hpa', HPA, '--history', CPU, '--pod-request', 'cpu=250m', '--until', '5m', '--format', 'json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).specs[0].measures.syncs).toBe(21);
  });

  test.each<[string, string[], string]>([
    ['a history that is not a range query\'s', ['--history', `cpu=${DIR}/web-hpa.yaml`], `cdk8s-hpa: ${DIR}/web-hpa.yaml: does not start with { or [: not a Prometheus range-query response at character 1`],
    ['a missing file', ['--history', `cpu=${DIR}/none.json`], `cdk8s-hpa: ${DIR}/none.json: cannot read: ENOENT`],
    ['replicas of two workloads', ['--history', `cpu=${CPU}`, '--replicas-history', CPU],
      `cdk8s-hpa: the replica history (${CPU}) has 4 series (pod_cpu_usage_cores{namespace="shop", pod="web-7d9f8-a"}, pod_cpu_usage_cores{namespace="shop", pod="web-7d9f8-b"}, `
      + 'pod_cpu_usage_cores{namespace="shop", pod="web-7d9f8-c"}, ...): select the one workload the HPA scales'],
  ])('%s: exit 2 with the reason', (_name, args, message) => {
    const run = cli(['simulate', '--hpa', HPA, ...args]);
    expect(run.stderr).toBe(`${message}\n`);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });
});

describe('cdk8s-hpa simulate --prometheus', () => {
  test('fetches each query over the range with its headers and basic auth, and saves what it fetched', async () => {
    const saved = fs.readFileSync(path.join(ROOT, CPU), 'utf8');
    const s = await startFakePrometheus(() => ({ status: 200, body: saved }));
    try {
      const start = fixtureStart();
      const url = s.url.replace('http://', 'http://reader:s%40cret@');
      const r = await cliAsync(['simulate', '--hpa', HPA, '--prometheus', `${url}/prom/`, '--query', 'cpu=pod_cpu_usage_cores{namespace="shop"}',
        '--start', new Date(start * 1000).toISOString(), '--end', String(start + 1200), '--pod-request', 'cpu=250m',
        '--header', 'X-Scope-OrgID: shop', '--save-history', path.join(tmp, 'saved'), '--format', 'json']);
      expect(r.stderr).toBe(`cdk8s-hpa: saved the history in ${path.join(tmp, 'saved')}; replay it with --history cpu=${path.join(tmp, 'saved', 'cpu.json')}\n`);
      expect(r.code).toBe(0);
      expect(s.requests).toHaveLength(1);
      expect(s.requests[0].path).toBe('/prom/api/v1/query_range');
      expect(Object.fromEntries(s.requests[0].params)).toEqual({ query: 'pod_cpu_usage_cores{namespace="shop"}', start: String(start), end: String(start + 1200), step: '15' });
      expect(s.requests[0].headers['x-scope-orgid']).toBe('shop');
      expect(s.requests[0].headers.authorization).toBe(`Basic ${Buffer.from('reader:s@cret').toString('base64')}`);
      const fromFile = cli(['simulate', '--hpa', HPA, '--history', `cpu=${path.join(tmp, 'saved', 'cpu.json')}`, '--pod-request', 'cpu=250m', '--format', 'json']);
      const a = JSON.parse(r.stdout);
      const b = JSON.parse(fromFile.stdout);
      delete a.history.metrics[0].sources;
      delete b.history.metrics[0].sources;
      expect(a).toEqual(b);
    } finally {
      await s.close();
    }
  });

  test('a refusal is reported with Prometheus\'s error; a server that is not Prometheus with its status', async () => {
    const s = await startFakePrometheus(p => (p.get('query') === 'bad' ? { status: 400, body: '{"status":"error","errorType":"bad_data","error":"parse error"}' } : { status: 502, body: '<html>Bad Gateway</html>' }));
    try {
      const args = (query: string) => ['simulate', '--hpa', HPA, '--prometheus', s.url, '--query', `cpu=${query}`, '--start', 'now-1h', '--pod-request', 'cpu=250m'];
      const bad = await cliAsync(args('bad'));
      expect(bad.stderr).toBe(`cdk8s-hpa: ${s.url}/api/v1/query_range (bad): Prometheus answered with an error (bad_data): parse error (HTTP 400)\n`);
      expect(bad.code).toBe(2);
      const gateway = await cliAsync(args('up'));
      expect(gateway.stderr).toBe(`cdk8s-hpa: ${s.url}/api/v1/query_range (up): HTTP 502: <html>Bad Gateway</html>\n`);
      expect(gateway.code).toBe(2);
    } finally {
      await s.close();
    }
  });

  test('a range longer than 11,000 steps is asked in ranges on one grid', () => {
    expect(queryRanges(0, 15 * 11000, 15)).toEqual([{ start: 0, end: 165000 }]);
    expect(queryRanges(0, 15 * 22002, 15)).toEqual([{ start: 0, end: 165000 }, { start: 165015, end: 330015 }, { start: 330030, end: 330030 }]);
  });

  test('times: RFC 3339, unix seconds, now and now minus a duration', () => {
    expect(resolveTime(parseTime('--start', '2026-11-16T00:00:00Z'), 0)).toBe(1794787200);
    expect(resolveTime(parseTime('--start', '1794787200.5'), 0)).toBe(1794787200.5);
    expect(resolveTime(parseTime('--start', 'now-1w2d3h'), 1000000)).toBe(1000000 - 7 * 86400 - 2 * 86400 - 3 * 3600);
    expect(resolveTime(parseTime('--end', 'now'), 42)).toBe(42);
  });
});

describe('cdk8s-hpa simulate usage, with history', () => {
  test.each<[string[], string]>([
    [['--trace', 'x.csv', '--history', `cpu=${CPU}`], '--trace and history (--history, --prometheus) cannot both be given: a run replays one or the other'],
    [['--query', 'cpu=up'], '--query and --replicas-query need --prometheus <url>'],
    [['--prometheus', 'http://p:9090'], '--prometheus needs a query per metric: --query <metric>=<PromQL>'],
    [['--prometheus', 'http://p:9090', '--query', 'cpu=up'], '--prometheus needs --start (RFC 3339, unix seconds, or now-7d); --end is now by default'],
    [['--prometheus', 'p:9090', '--query', 'cpu=up', '--start', 'now-1d'], '--prometheus: "p:9090" is not an http:// or https:// URL'],
    [['--history', `cpu=${CPU}`, '--start', 'now-1d'], '--start is for fetching history: give --prometheus <url> and --query <metric>=<PromQL>'],
    [['--history', `cpu=${CPU}`, '--header', 'A: b'], '--header is for fetching history: give --prometheus <url>'],
    [['--trace', 'x.csv', '--compare', TUNED], '--compare is for replays of history: give --history or --prometheus'],
    [['--trace', 'x.csv', '--report', 'r.html'], '--report is for replays of history: give --history or --prometheus'],
    [['--history', `cpu=${CPU}`, '--compare-name', 'web'], '--compare-name picks an HPA in --compare <file>: give --compare'],
    [['--history', `cpu=${CPU}`, '--report', 'r.pdf'], '--report: "r.pdf" must end in .html or .svg (the page, or the plot alone)'],
    [['--history', `cpu=${CPU}`, '--format', 'yaml'], '--format: "yaml" is not text or json'],
    [['--history', `cpu=${CPU}`, '--load', 'cpu=sum'], '--load cpu: "sum" is not PodSamples, Total or PerPod'],
    [['--history', `cpu=${CPU}`, '--load', 'cpu'], '--load: "cpu" is not <metric>=<PodSamples|Total|PerPod>'],
    [['--history', `cpu=${CPU}`, '--pod-request', 'cpu=lots'], '--pod-request cpu: "lots" is not a positive quantity (such as 250m or 0.5)'],
    [['--history', `memory=${CPU}`], '--history memory: the HPA has no metric "memory" (its metrics: cpu)'],
    [['--history', `cpu=${CPU}`, '--load', 'memory=total'], '--load memory: the HPA has no metric "memory" (its metrics: cpu)'],
    [['--prometheus', 'http://p:9090', '--query', 'cpu=up', '--start', 'yesterday'], '--start: "yesterday" is not a time (RFC 3339 such as 2026-11-16T00:00:00Z, unix seconds, now, or now-7d)'],
    [['--prometheus', 'http://p:9090', '--query', 'cpu=up', '--start', 'now', '--end', 'now-1h'], ''],
    [['--prometheus', 'http://p:9090', '--query', 'cpu=up', '--start', 'now-1h', '--step', '0s'], '--step: must be more than 0'],
    [['--prometheus', 'http://p:9090', '--query', 'cpu=up', '--start', 'now-1h', '--header', 'no colon'], '--header: "no colon" is not Name: value (such as "Authorization: Bearer $TOKEN")'],
  ])('%j', (args, message) => {
    const run = cli(['simulate', '--hpa', HPA, ...args]);
    if (message === '') {
      expect(run.stderr).toMatch(/^cdk8s-hpa simulate: --end \(.*\) must be after --start \(.*\)\n/);
    } else {
      expect(run.stderr.split('\n')[0]).toBe(`cdk8s-hpa simulate: ${message}`);
    }
    expect(run.code).toBe(2);
  });

  test('a metric with both a --query and a --history file is refused, whichever metric another history repeats', () => {
    const twoMetrics = path.join(tmp, 'two-metrics.yaml');
    fs.writeFileSync(twoMetrics, fs.readFileSync(path.join(ROOT, HPA), 'utf8').replace(/metrics:\n/, [
      'metrics:',
      '    - type: Resource',
      '      resource: {name: memory, target: {type: AverageValue, averageValue: 200Mi}}',
      '',
    ].join('\n')));
    const run = cli(['simulate', '--hpa', twoMetrics, '--history', `memory=${CPU}`, '--history', `memory=${CPU}`, '--history', `cpu=${CPU}`,
      '--prometheus', 'http://127.0.0.1:9', '--query', 'cpu=up', '--start', 'now-1h']);
    expect(run.stderr.split('\n')[0]).toBe('cdk8s-hpa simulate: cpu has both a --query and a --history file: give one');
    expect(run.code).toBe(2);
  });
});

describe('--compare-release: what changes if we upgrade', () => {
  const MEASURES = (a: string, b: string, hours: string) => [
    `                           web (web-hpa.yaml) on ${a}  web (web-hpa.yaml) on ${b}`,
    `replica-hours              ${a === '1.36' ? '1.1' : '1.0'}                         1.0 (${hours})`,
    'cpu above target           1.2% (15s; target 50%)      1.2% (15s; target 50%)',
    'scale events               2 (1 up, 1 down)            2 (1 up, 1 down)',
    'direction changes          1                           1',
    'longest at max             never (max 10)              never (max 10)',
    'reaction to the load step  15s (to 4 replicas)         15s (to 4 replicas)',
    '',
    'history: 2026-11-26T21:00:00Z to 2026-11-26T21:20:00Z, 81 syncs of 15s',
    '  cpu: 4 pods, load PodSamples, step 15s, 81 steps',
    'largest load step: 2026-11-26T21:04:45Z, from 1.6 to 4 replicas\' worth of load in 15s',
    REQUEST_LINE,
    '',
  ];

  test('1.37 and 1.38 keep the same count on this history: no count passes the int32 range, and the order of the requests does not change their sum', () => {
    const run = cli(['simulate', '--hpa', HPA, ...HISTORY, '--k8s-version', '1.37', '--compare-release', '1.38']);
    expect(run.lines).toEqual([
      ...MEASURES('1.37', '1.38', '0.0%'),
      'releases: 1.37 and 1.38 keep the same replica count at all 81 syncs (the release table\'s 1.38 is read from v1.38.0-beta.0)',
      'what the release table holds differently (read by the run):',
      '                                    1.37  1.38',
      '  controller sidecarsReadFirst      no    yes   not read: the order the requests are read in does not change their sum',
      '  controller replicaCountsSaturate  no    yes   not read: no metric\'s count passed the int32 range',
    ]);
    expect(run.code).toBe(0);
  });

  test('1.37 and 1.38 part where a lag with a 100m target passes 214,748,364: the sync and the cause', () => {
    // docs/what-if.md's worker: a queue lag growing by 400,000 a second, as a Pods metric with a 0.1 target.
    const [hpa, lag] = ['docs/what-if/worker-hpa.yaml', 'docs/what-if/lag.json'];
    const values = JSON.parse(fs.readFileSync(path.join(ROOT, lag), 'utf8')).data.result[0].values;
    expect(values.slice(0, 2)).toEqual([[fixtureStart(), '0'], [fixtureStart() + 15, '6000000']]);
    const run = cli(['simulate', '--hpa', hpa, '--history', `lag=${lag}`, '--load', 'lag=Total', '--k8s-version', '1.37', '--compare-release', '1.38']);
    expect(run.lines[1]).toBe('replica-hours              8.8                               12.9 (+46.7%)');
    const releases = run.lines.slice(run.lines.findIndex(l => l.startsWith('releases:')));
    expect(releases).toEqual([
      // Sync 35's proposal of 40 leaves the 300 s scale-down window at sync 55.
      'releases: 1.37 and 1.38 part at sync 55 (827.95s): 1.37 has 2 replicas, 1.38 has 40; 26 of 81 syncs differ (the release table\'s 1.38 is read from v1.38.0-beta.0)',
      'what the release table holds differently (read up to the parting sync):',
      '                                    1.37  1.38',
      '  controller sidecarsReadFirst      no    yes   not read: the order the requests are read in does not change their sum',
      '  controller replicaCountsSaturate  no    yes   read: at sync 36 lag proposes MinInt32 (read as 0) and MaxInt32: a count past the int32 range',
    ]);
    expect(run.code).toBe(0);
  });

  test('1.36 and 1.37 part where 1.37\'s drifting syncs let the 300 s window end a sync earlier', () => {
    // On the grid (1.36) the proposals of 4 up to 585s leave the window after 885s, so 885s keeps 4;
    // 1.37's sync 59 starts at 887.99s, past 585.x + 300 s: 4 -> 2 there, and 1.36 follows at 900s.
    const run = cli(['simulate', '--hpa', HPA, ...HISTORY, '--k8s-version', '1.36', '--compare-release', '1.37']);
    expect(run.lines).toEqual([
      ...MEASURES('1.36', '1.37', '-8.7%'),
      'releases: 1.36 and 1.37 part at sync 59 (885s on 1.36, 887.99s on 1.37): 1.36 has 4 replicas, 1.37 has 2; 22 of 81 syncs differ',
      'what the release table holds differently (read up to the parting sync):',
      '                                 1.36                   1.37',
      '  gate HPAScaleToZero            alpha, off by default  beta, on by default  not read: minReplicas is 2: the run never scales to zero',
      '  gate HPAConfigurableTolerance  beta, on by default    GA                   not read: on in both clusters: only its stage differs',
      '  controller syncsDrift          no                     yes                  read: the syncs start at different times from sync 1 (15s and 15.05s)',
    ]);
    expect(run.code).toBe(0);
  });

  test('--format json adds the releases', () => {
    const run = cli(['simulate', '--hpa', HPA, ...HISTORY, '--k8s-version', '1.36', '--compare-release', '1.37', '--format', 'json']);
    const json = JSON.parse(run.stdout);
    expect(json.specs.map((s: any) => s.label)).toEqual(['web (web-hpa.yaml) on 1.36', 'web (web-hpa.yaml) on 1.37']);
    expect(json.releases.parting).toEqual({
      sync: 59, baselineTime: 885, candidateTime: 887.99, baselineReplicas: 4, candidateReplicas: 2, syncsDiffering: 22,
    });
    expect(json.releases.differences.map((d: any) => d.fact)).toEqual(['HPAScaleToZero', 'HPAConfigurableTolerance', 'syncsDrift']);
  });

  test('an HPA the other release refuses is not replayed: its findings, labelled, and exit 1', () => {
    const tolerant = path.join(tmp, 'tolerant.yaml');
    fs.writeFileSync(tolerant, fs.readFileSync(path.join(ROOT, HPA), 'utf8').replace('  minReplicas: 2\n', '  minReplicas: 2\n  behavior: {scaleUp: {tolerance: "0.05"}}\n'));
    const run = cli(['simulate', '--hpa', tolerant, ...HISTORY, '--compare-release', '1.32']);
    expect(run.stdout).toMatch(/error \[HPA150\] spec.behavior.scaleUp.tolerance: Unknown field: Kubernetes 1.32 has no tolerance field/);
    // (Judged first on the default release, as no version is declared: HPA157 says so of the tolerance.)
    expect(run.stderr.split('\n').filter(l => l.startsWith('cdk8s-hpa:'))).toEqual(['cdk8s-hpa: 1 error, 0 warnings in 1 HorizontalPodAutoscaler (1 input) under Kubernetes 1.32 (--compare-release): not simulated']);
    expect(run.code).toBe(1);
  });

  test.each([
    [['--trace', 'load.csv'], '--compare-release is for replays of history: give --history or --prometheus'],
    [[...HISTORY, '--compare', TUNED], '--compare and --compare-release cannot both be given: compare two specs on one release, or one spec on two releases'],
    [[...HISTORY, '--compare-release', '2.0'], '--compare-release: "2.0": must be a Kubernetes version 1.23 or later, such as "1.37"'],
  ])('usage: %j', (args, message) => {
    const run = cli(['simulate', '--hpa', HPA, ...args, ...(args.includes('--compare-release') ? [] : ['--compare-release', '1.38'])]);
    expect(run.stderr.split('\n')[0]).toBe(`cdk8s-hpa simulate: ${message}`);
    expect(run.code).toBe(2);
  });
});

