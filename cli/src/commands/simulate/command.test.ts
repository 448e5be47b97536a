/**
 * `cdk8s-hpa simulate` run for real, as a subprocess, on the fixtures: the table, the files it
 * writes, usage errors and an invalid HPA.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, FIXTURES, requireCompiledCli, ROOT, testdata } from '../../../test/cli-helpers';

beforeAll(() => requireCompiledCli());

const DIR = testdata('simulate');
const WEB = `${DIR}/web-hpa.yaml`;
const WEB_TRACE = `${DIR}/web-trace.csv`;

/**
 * What `cdk8s-hpa simulate --hpa web-hpa.yaml --trace web-trace.csv` prints; docs/simulate.md shows
 * the run on its copy of the two files. Worked out by hand (no behavior: scale-up at most
 * max(2 * current, 4) per sync, scale-down to the highest proposal of the last 300s, tolerance 0.1):
 * - 0s: 2 pods at 40%: ratio 0.8, proposal ceil(0.8 * 2) = 2; no change, the usual conditions.
 * - 60s: 400% in all over 2 pods = 200% each: proposal ceil(4 * 2) = 8, capped at 4 (ScaleUpLimit).
 * - 75s: 400% over 4 pods = 100%: proposal 8, within max(2 * 4, 4) = 8: no longer limited.
 * - 90s to 225s: 50% on 8 pods: proposal 8.
 * - 240s to 285s: the only metric fails: the sync is blocked (ScalingActive False) and records no
 *   proposal; the row shows the error once, where it starts.
 * - 300s: 10%: proposal ceil(0.2 * 8) = 2, held at 8 while a proposal of 8 is in the window
 *   (ScaleDownStabilized); the metric reads again. The last proposal of 8 is at 225s (the failing
 *   syncs recorded none); on the default profile (1.37) the syncs drift past the 15 s grid, so at
 *   525s it is out of the 300s window: 8 -> 2.
 * - 540s on: proposal ceil(0.2 * 2) = 1, held at 2 by the proposal of 2 at 525s until it leaves
 *   the window at 825s; then 1 is below minReplicas (TooFewReplicas), and the recommendation is
 *   the current count (ReadyForNewScale).
 * - 900s: samples 90, 100 (the third is beyond the 2 pods): 95%, proposal ceil(1.9 * 2) = 4.
 * - 915s: 4 pods, 3 samples (one missing): 90%, a scale-up, so the missing pod counts as 0%:
 *   270 / 4 = 67%, proposal ceil(67 / 50 * 4) = 6.
 * - 930s on: 6 pods, 3 missing: 270 / 6 = 45% is below the target while 90% was above: stays 6.
 * - The run ends 10 minutes after the trace's last row: 900s + 600s.
 * - The trace's usages are percent of the request; the Deployment beside the HPA requests 250m.
 */
const WEB_TABLE = [
  'time  replicas  desired  cpu (50%)  changes / error',
  ' 60s  2 -> 4    4        200% -> 8  ScalingLimited=True/ScaleUpLimit',
  ' 75s  4 -> 8    8        100% -> 8  ScalingLimited=False/DesiredWithinRange',
  '240s  8         8        error      ScalingActive=False/FailedGetResourceMetric; error: invalid metrics (1 invalid out of 1), first error is: failed to get cpu Resource metric value: metrics-server unavailable',
  '300s  8         8        10% -> 2   AbleToScale=True/ScaleDownStabilized; ScalingActive=True/ValidMetricFound; error cleared',
  '525s  8 -> 2    2        10% -> 2',
  '825s  2         2        10% -> 1   AbleToScale=True/ReadyForNewScale; ScalingLimited=True/TooFewReplicas',
  '900s  2 -> 4    4        95% -> 4   ScalingLimited=False/DesiredWithinRange',
  '915s  4 -> 6    6        90% -> 6',
  'final replicas: 6 at 1500s (101 syncs, 5 changes)',
  'cpu: usages are percent of the request, a trace\'s unit; Deployment/web (web-hpa.yaml:4) requests 250m: --pod-request cpu=250m reads them as cores',
];

/** Of a cpu HPA whose input holds no workload, run over a trace. */
const NO_WORKLOAD_REQUEST = 'cpu: usages are percent of the request, a trace\'s unit; --pod-request cpu=<quantity> reads them as cores';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-simulate-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('cdk8s-hpa simulate on a CPU HPA', () => {
  test('prints the syncs that changed the replicas, a condition or the error, line by line, the final replicas and the request', () => {
    const run = cli(['simulate', '--hpa', WEB, '--trace', WEB_TRACE]);
    expect(run.lines).toEqual(WEB_TABLE);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  test('--svg writes a well-formed SVG with one replicas point per sync; --csv one row per sync', () => {
    const svg = path.join(tmp, 'web.svg');
    const csv = path.join(tmp, 'web.csv');
    const run = cli(['simulate', '--hpa', WEB, '--trace', WEB_TRACE, '--svg', svg, `--csv=${csv}`]);
    expect(run.code).toBe(0);
    expect(run.lines).toEqual(WEB_TABLE);

    const text = fs.readFileSync(svg, 'utf8');
    expectWellFormedXml(text);
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" /);
    const replicas = /<polyline [^>]*data-series="replicas"[^>]*points="([^"]*)"/.exec(text);
    expect(replicas).not.toBeNull();
    const points = replicas![1].split(' ').map(p => p.split(',').map(Number));
    expect(points).toHaveLength(101);
    for (const [x, y] of points) {
      expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
    }
    // One point per sync, left to right; the replicas 2, 4, 8, 2, 4, 6 give five distinct heights.
    expect(points.every((p, i) => i === 0 || p[0] > points[i - 1][0])).toBe(true);
    expect(new Set(points.map(p => p[1])).size).toBe(4);

    const rows = fs.readFileSync(csv, 'utf8').trimEnd().split('\n');
    expect(rows).toHaveLength(102);
    expect(rows[0]).toMatch(/^time,replicas,desiredReplicas,cpu.usage,cpu.proposal,cpu.fallback,/);
    expect(rows[5]).toMatch(/^60,4,4,200,8,,/);
    expect(rows[17]).toMatch(/^240,8,8,error,,,.*,"invalid metrics \(1 invalid out of 1\), first error is: failed to get cpu Resource metric value: metrics-server unavailable"$/);
  });

  test('--until ends the run; --initial-replicas sets the replicas before the first sync', () => {
    const run = cli(['simulate', '--hpa', WEB, '--trace', WEB_TRACE, '--initial-replicas', '8', '--until', '1m']);
    // 0s: 8 pods at 40% propose 7, a scale-down held by the initial recommendation of 8;
    // 60s: 400% over 8 pods is 50%: proposal 8, the current count.
    expect(run.lines).toEqual([
      'time  replicas  desired  cpu (50%)  changes / error',
      '  0s  8         8        40% -> 7   AbleToScale=True/ScaleDownStabilized',
      ' 60s  8         8        50% -> 8   AbleToScale=True/ReadyForNewScale',
      'final replicas: 8 at 60s (5 syncs, 0 changes)',
      WEB_TABLE[WEB_TABLE.length - 1],
    ]);
    expect(run.code).toBe(0);
  });

  test('a --k8s-version newer than the library\'s releases simulates as the newest (1.38), with the warning on standard error', () => {
    const run = cli(['simulate', '--hpa', WEB, '--trace', WEB_TRACE, '--k8s-version', '1.39']);
    expect(run.lines).toEqual(WEB_TABLE);
    expect(run.stderr).toMatch(/^cli\/src\/commands\/simulate\/testdata\/web-hpa\.yaml:\d+:\d+: warning \[HPA156\] cluster\.version: Warning: Kubernetes 1\.39 is judged as 1\.38, /);
    expect(run.code).toBe(0);
  });

  test('reads the HPA from standard input with --hpa -', () => {
    const run = cli(['simulate', '--hpa', '-', '--trace', WEB_TRACE, '--until=90s'], { input: fs.readFileSync(path.join(ROOT, WEB)) });
    expect(run.lines).toEqual([...WEB_TABLE.slice(0, 3), 'final replicas: 8 at 90s (7 syncs, 2 changes)', WEB_TABLE[WEB_TABLE.length - 1].replace('web-hpa.yaml:4', '<stdin>:4')]);
    expect(run.code).toBe(0);
  });
});

describe('cdk8s-hpa simulate on two metrics, picked by --name', () => {
  test('shows each metric\'s proposal, a failing metric\'s error, the scale-up policy\'s limit and a scaleTo', () => {
    // On 1.36 the syncs keep to the 15 s grid (see `syncsDrift` in kubernetes-releases.ts): the steps below are its.
    const run = cli(['simulate', '--hpa', `${DIR}/two-hpas.yaml`, '--name', 'worker', '--trace', `${DIR}/worker-trace.csv`, '--until', '7m', '--k8s-version', '1.36']);
    const error = 'error: invalid metrics (1 invalid out of 2), first error is: failed to get queue_depth External metric value: adapter: timeout, retrying';
    expect(run.lines).toEqual([
      'time  replicas  desired  cpu (70%)   queue_depth (30)  changes / error',
      // Two queue series, 100 + 50, at 30 per pod: 5; the policy adds at most 2 pods per 60s
      // (a scale event exactly 60s old still counts: one step every 75s).
      ' 30s  1 -> 3    3        50% -> 1    150 -> 5          ScalingLimited=True/ScaleUpLimit',
      // The queue fails: the sync reports the error; cpu proposes the current count, so nothing is limited.
      ` 60s  3         3        50% -> 3    error             ScalingLimited=False/DesiredWithinRange; ${error}`,
      // cpu at 150% of 70% still scales up (a failing metric blocks only scale-down).
      `120s  3 -> 5    5        150% -> 7   error             ScalingLimited=True/ScaleUpLimit; ${error}`,
      `195s  5 -> 7    7        150% -> 11  error             ${error}`,
      // The queue reads 0 again, between two steps of the policy.
      '240s  7         7        150% -> 15  0 -> 0            error cleared',
      '270s  7 -> 9    9        150% -> 15  0 -> 0',
      '345s  9 -> 11   11       150% -> 20  0 -> 0',
      '360s  11 -> 5                                          scaled by hand (scaleTo)',
      '420s  5 -> 7    7        150% -> 11  0 -> 0',
      'final replicas: 7 at 420s (29 syncs, 7 changes)',
      NO_WORKLOAD_REQUEST,
    ]);
    // minReplicas: 1 is no warning by default (HPA404 is off unless turned on).
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

describe('cdk8s-hpa simulate says what its answer rests on', () => {
  const workloadRequest = 'cdk8s-hpa: warning: cpu: --pod-request cpu=500m contradicts Deployment/web (web-hpa.yaml:4), whose pods request 250m cpu: '
    + 'the run compares the usages with 500m, the --pod-request\'s; drop --pod-request cpu to use the workload\'s request, or correct the one that is wrong';

  test('--pod-request that contradicts the workload beside the HPA: a warning naming both values and the flag, and the flag\'s request is used', () => {
    const run = cli(['simulate', '--hpa', WEB, '--trace', WEB_TRACE, '--pod-request', 'cpu=0.5', '--until', '1m']);
    expect(run.stderr).toBe(`${workloadRequest}\n`);
    // 40 read as cores of a 0.5 request: 8000%.
    expect(run.lines[1]).toBe('  0s  2 -> 4    4        8000% -> 320   ScalingLimited=True/ScaleUpLimit');
    expect(run.lines.slice(-1)).toEqual(['cpu: usages compared with a request of 500m per pod, from --pod-request cpu=500m']);
    expect(run.code).toBe(0);
  });

  test('usages that look like cores read as percent: a warning naming --pod-request and the workload\'s request; with it, they scale', () => {
    const cores = 'time,metric,observation,value\n0,cpu,perPodUsage,0.1\n1m,cpu,perPodUsage,0.3\n';
    const run = cli(['simulate', '--hpa', WEB, '--trace', '-', '--until', '2m'], { input: cores });
    expect(run.stderr).toBe('cdk8s-hpa: warning: cpu: the run read the usages as percent of the request (a trace\'s usages are percent unless --pod-request gives the request), '
      + 'and every usage it read is below 10% (the highest: 0%) while the target is 50%: they look like cores. '
      + 'If they are, give each pod\'s request: --pod-request cpu=250m (what Deployment/web (web-hpa.yaml:4) requests)\n');
    expect(run.lines).toEqual([
      'time  replicas  desired  cpu (50%)  changes / error',
      // 0.1% and 0.3% propose no pod; minReplicas holds 2, and the first recommendation holds the rest.
      '  0s  2         2        0% -> 0    AbleToScale=True/ScaleDownStabilized',
      'final replicas: 2 at 120s (9 syncs, 0 changes)',
      WEB_TABLE[WEB_TABLE.length - 1],
    ]);
    const given = cli(['simulate', '--hpa', WEB, '--trace', '-', '--until', '2m', '--pod-request', 'cpu=250m'], { input: cores });
    expect(given.stderr).toBe('');
    // 0.3 cores of 250m: 120%, 2.4 times the target.
    expect(given.lines[1]).toBe(' 60s  2 -> 4    4        120% -> 5   ScalingLimited=True/ScaleUpLimit');
    expect(given.lines.slice(-1)).toEqual(['cpu: usages compared with a request of 250m per pod, from --pod-request cpu=250m (Deployment/web (web-hpa.yaml:4) requests the same)']);
  });

  test('a metric the trace has no row for: named, with the failure at every sync that blocks scale-down', () => {
    const run = cli(['simulate', '--hpa', `${DIR}/two-hpas.yaml`, '--name', 'worker', '--trace', `${DIR}/worker-cpu-only.csv`, '--until', '8m', '--k8s-version', '1.36']);
    const error = 'error: invalid metrics (1 invalid out of 2), first error is: failed to get queue_depth External metric value: no metric queue_depth in the trace yet';
    expect(run.lines).toEqual([
      'time  replicas  desired  cpu (70%)  queue_depth (30)  changes / error',
      `  0s  1         1        50% -> 1   error             ${error}`,
      // 150% of 70% on 1 pod: 3, allowed (the policy adds 2 pods per 60s); on 3 pods 7, limited to 3, then 5.
      `120s  1 -> 3    3        150% -> 3  error             ${error}`,
      `135s  3         3        150% -> 7  error             ScalingLimited=True/ScaleUpLimit; ${error}`,
      `195s  3 -> 5    5        150% -> 7  error             ${error}`,
      // 10% proposes 1, but the queue's failure blocks the scale-down: 5 pods to the end.
      `240s  5         5        10% -> 1   error             ScalingActive=False/FailedGetExternalMetric; ${error}`,
      'queue_depth: no sync read it (no metric queue_depth in the trace yet): the controller fails the metric at every sync, which blocks every scale-down (the other metrics can still scale up)',
      'final replicas: 5 at 480s (33 syncs, 2 changes)',
      NO_WORKLOAD_REQUEST,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  test('a fallback going active and inactive, and the conditions around it, show in the table', () => {
    const run = cli(['simulate', '--hpa', `${DIR}/queue-fallback.yaml`, '--trace', `${DIR}/queue-fallback.csv`, '--until', '6m',
      '--k8s-version', '1.36', '--feature-gates', 'HPAExternalMetricFallback=true']);
    expect(run.lines).toEqual([
      'time  replicas  desired  queue_depth (30)       changes / error',
      '  0s  1 -> 2    2        60 -> 2',
      // The adapter fails: the only metric, so the sync is blocked until the failure is 1m old.
      ' 60s  2         2        error                  ScalingActive=False/FailedGetExternalMetric; error: invalid metrics (1 invalid out of 1), first error is: failed to get queue_depth External metric value: adapter down',
      // From 120s the fallback's 6 replicas stand in for the metric, reached by the default policy's steps (4 pods per 15 s).
      '120s  2 -> 4    4        error -> 6 (fallback)  queue_depth fallback active; ScalingActive=True/ValidMetricFound; ScalingLimited=True/ScaleUpLimit; error cleared',
      '135s  4 -> 6    6        error -> 6 (fallback)  ScalingLimited=False/DesiredWithinRange',
      // The metric reads again: 30 on 6 pods proposes 1, held by the 300 s window.
      '240s  6         6        30 -> 1                queue_depth fallback inactive; AbleToScale=True/ScaleDownStabilized',
      'final replicas: 6 at 360s (25 syncs, 3 changes)',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

describe('cdk8s-hpa simulate on an invalid HPA', () => {
  test('prints the errors as validate does, and exits 1 without simulating', () => {
    const file = `${DIR}/invalid-hpa.yaml`;
    const run = cli(['simulate', '--hpa', file, '--trace', WEB_TRACE]);
    expect(run.lines).toEqual([
      `${file}:8:3: error [HPA103] spec.maxReplicas: Invalid value: 2: must be greater than or equal to \`minReplicas\` (fix: raise maxReplicas to at least 4, or lower minReplicas)`,
      `${file}:13:18: warning [HPA410] spec.metrics[0].resource.target.type: Ignored by the controller: "AverageValue": does not match the target field that is set (averageUtilization): the controller ignores type and reads averageUtilization (fix: set type to "Utilization")`,
    ]);
    expect(run.lines).toEqual(cli(['validate', file]).lines);
    expect(run.stderr).toBe('cdk8s-hpa: 1 error, 1 warning in 1 HorizontalPodAutoscaler (1 input): not simulated\n');
    expect(run.code).toBe(1);
  });

  test('an unknown --k8s-version is a usage error before the HPA is read: exit 2', () => {
    const run = cli(['simulate', '--hpa', WEB, '--trace', WEB_TRACE, '--k8s-version', '1.22']);
    expect(run.stderr.split('\n')[0]).toBe('cdk8s-hpa simulate: --k8s-version: "1.22": must be a Kubernetes version 1.23 or later, such as "1.37"');
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });

  test('malformed YAML is printed as validate prints it: exit 1', () => {
    const run = cli(['simulate', '--hpa', `${FIXTURES}/malformed.yaml`, '--trace', WEB_TRACE]);
    expect(run.lines).toEqual([`${FIXTURES}/malformed.yaml:7:3: error [YAML] <root>: syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]`]);
    expect(run.code).toBe(1);
  });
});

describe('cdk8s-hpa simulate usage', () => {
  const trace = ['--trace', WEB_TRACE];
  test.each([
    [['simulate', ...trace], 'cdk8s-hpa simulate: --hpa is required: the YAML or JSON file with the HorizontalPodAutoscaler'],
    [['simulate', '--hpa', WEB], 'cdk8s-hpa simulate: --trace is required: the CSV file of metric observations (or recorded history: --history, --prometheus)'],
    [['simulate', '--hpa', WEB, ...trace, 'extra.yaml'], 'cdk8s-hpa simulate: unexpected argument "extra.yaml" (the HPA is given with --hpa, the trace with --trace)'],
    [['simulate', '--hpa', WEB, ...trace, '--bogus'], 'cdk8s-hpa simulate: unknown option --bogus'],
    [['simulate', '--hpa', WEB, ...trace, '--until', 'soon'], 'cdk8s-hpa simulate: --until: "soon" is not a duration (seconds, or with a unit: 90s, 5m, 1h, 1h30m)'],
    [['simulate', '--hpa', WEB, ...trace, '--until'], 'cdk8s-hpa simulate: --until needs a value'],
    [['simulate', '--hpa', WEB, ...trace, '--initial-replicas', '-1'], 'cdk8s-hpa simulate: --initial-replicas needs a value'],
    [['simulate', '--hpa', WEB, ...trace, '--initial-replicas=2.5'], 'cdk8s-hpa simulate: --initial-replicas must be a whole number of replicas, 0 or more (got "2.5")'],
    [['simulate', '--hpa', WEB, ...trace, '--feature-gates', 'HPAScaleToZero'], 'cdk8s-hpa simulate: --feature-gates: "HPAScaleToZero" is not NAME=true or NAME=false'],
    [['simulate', '--hpa', '-', '--trace', '-'], 'cdk8s-hpa simulate: --hpa and --trace cannot both read standard input'],
    [['simulate', '--hpa', `${DIR}/two-hpas.yaml`, ...trace], `cdk8s-hpa simulate: ${DIR}/two-hpas.yaml holds 2 HorizontalPodAutoscalers (api, worker): pick one with --name`],
    [['simulate', '--hpa', `${DIR}/two-hpas.yaml`, '--name', 'web', ...trace], `cdk8s-hpa simulate: no HorizontalPodAutoscaler named "web" in ${DIR}/two-hpas.yaml (it has api, worker)`],
    [['simulate', '--hpa', `${FIXTURES}/empty.yaml`, ...trace], `cdk8s-hpa simulate: no HorizontalPodAutoscaler in ${FIXTURES}/empty.yaml`],
  ])('fails with exit 2 on %j', (args, message) => {
    const run = cli(args);
    expect(run.stderr.split('\n')[0]).toBe(message);
    expect(run.stderr).toContain('Run "cdk8s-hpa simulate --help" for usage.');
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });

  test('a trace for another HPA names the metrics it can use: exit 2', () => {
    const run = cli(['simulate', '--hpa', `${DIR}/two-hpas.yaml`, '--name', 'api', '--trace', `${DIR}/worker-trace.csv`]);
    expect(run.stderr.split('\n')).toContain(`cdk8s-hpa: ${DIR}/worker-trace.csv:3: metric: unknown metric "queue_depth"; the HPA's metrics are cpu`);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });

  test('reports every bad row of the trace as file:line: message, and exits 2 without simulating', () => {
    const file = `${DIR}/bad-trace.csv`;
    const run = cli(['simulate', '--hpa', WEB, '--trace', file]);
    expect(run.stderr.split('\n')).toEqual([
      `cdk8s-hpa: ${file}:3: time: "5x" is not a duration (seconds, or with a unit: 90s, 5m, 1h, 1h30m)`,
      `cdk8s-hpa: ${file}:4: metric: unknown metric "memory"; the HPA's metrics are cpu`,
      `cdk8s-hpa: ${file}:5: observation: "perPodUsag" is not one of perPodUsage, totalUsage, podSamples, value, series, failure, scaleTo`,
      `cdk8s-hpa: ${file}:6: observation: value is for Object, External metrics; "cpu" is a Resource metric: use perPodUsage, totalUsage, podSamples or failure`,
      `cdk8s-hpa: ${file}:7: value: "lots" is not a number or quantity (such as 40, 0.5, 500m, 2Gi)`,
      `cdk8s-hpa: ${file}:8: value: "" is not a number or quantity (such as 40, 0.5, 500m, 2Gi); a list is separated by semicolons (10;20;30)`,
      `cdk8s-hpa: ${file}:9: value: "-5" is negative: usages are 0 or more`,
      `cdk8s-hpa: ${file}:10: has 5 fields; a row is time,metric,observation,value (quote a value that holds a comma)`,
      `cdk8s-hpa: ${file}:11: value: scaleTo needs a whole number of replicas (got "two")`,
      `cdk8s-hpa: ${file}:12: a quoted field is not closed (a field cannot span lines)`,
      'cdk8s-hpa: 10 bad lines in the trace: not simulated (cdk8s-hpa simulate --help describes the format)',
      '',
    ]);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });

  test('a trace without the header is refused', () => {
    const run = cli(['simulate', '--hpa', WEB, '--trace', '-'], { input: '0,cpu,perPodUsage,40\n' });
    expect(run.stderr.split('\n')[0]).toBe('cdk8s-hpa: <stdin>:1: the first line must be the header time,metric,observation,value (got "0,cpu,perPodUsage,40")');
    expect(run.code).toBe(2);
  });

  test('a missing file is unreadable: exit 2', () => {
    const run = cli(['simulate', '--hpa', WEB, '--trace', `${DIR}/no-such-trace.csv`]);
    expect(run.stderr).toBe(`cdk8s-hpa: ${DIR}/no-such-trace.csv: no such file or directory\n`);
    expect(run.code).toBe(2);
  });

  test('an output that cannot be written: exit 2 after the table', () => {
    const run = cli(['simulate', '--hpa', WEB, '--trace', WEB_TRACE, '--svg', path.join(tmp, 'no-dir', 'web.svg')]);
    expect(run.lines).toEqual(WEB_TABLE);
    expect(run.stderr).toBe(`cdk8s-hpa: ${path.join(tmp, 'no-dir', 'web.svg')}: cannot write: ENOENT\n`);
    expect(run.code).toBe(2);
  });

  test('simulate --help documents every flag with an example, the trace format and the exit codes', () => {
    const run = cli(['simulate', '--help']);
    expect(run.code).toBe(0);
    for (const flag of ['--hpa', '--name', '--trace', '--until', '--svg', '--csv', '--k8s-version', '--feature-gates', '--initial-replicas']) {
      expect(run.stdout).toContain(`  ${flag} <`);
      expect(run.stdout).toContain(`e.g. ${flag}`);
    }
    for (const observation of ['perPodUsage', 'totalUsage', 'podSamples', 'value', 'series', 'failure', 'scaleTo']) {
      expect(run.stdout).toMatch(new RegExp(`\\n      ${observation} `));
    }
    expect(run.stdout).toContain('time,metric,observation,value');
    expect(run.stdout).toContain('Exit codes:');
  });

  test('cdk8s-hpa --help lists simulate', () => {
    expect(cli(['--help']).stdout).toContain('  simulate  replay the HPA controller over a metric trace (CSV)');
  });
});

/** Fails unless `xml` is well-formed: tags nest and close, attributes are quoted, `&` starts an entity. */
function expectWellFormedXml(xml: string): void {
  const tag = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*"[^"<]*")*)\s*(\/?)>/g;
  const stack: string[] = [];
  let roots = 0;
  let last = 0;
  const checkText = (text: string) => {
    expect(text).not.toMatch(/[<>]/);
    expect(text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, '')).not.toContain('&');
  };
  let m: RegExpExecArray | null;
  while ((m = tag.exec(xml)) !== null) {
    checkText(xml.slice(last, m.index));
    last = tag.lastIndex;
    if (m[2] === undefined) continue;
    checkText(m[3].replace(/"[^"]*"/g, v => v.replace(/[<>]/g, '')));
    if (m[1] === '/') {
      expect(stack.pop()).toBe(m[2]);
    } else {
      if (stack.length === 0) roots++;
      if (m[4] !== '/') stack.push(m[2]);
    }
  }
  checkText(xml.slice(last));
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}
