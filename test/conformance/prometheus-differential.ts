/**
 * `cdk8s-hpa simulate` against a real Prometheus (built from its Go module, on the loopback
 * address, loaded with `liveScenario`): the history it fetches itself (two range queries: two days
 * of 15 s steps are more than the server answers at once) must replay exactly as the same history
 * read from the responses curl saves, from promtool's output, from the files `--save-history`
 * wrote, and from the response worked out from the generated samples.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { liveScenario, LIVE_QUERIES } from './history-scenarios';
import { expectedMatrix, PrometheusServer } from './prometheus-server';
import { main } from '../../cli/src/main';
import { queryRanges } from '../../cli/src/prometheus/fetch';

const STEP = 15;

const WORKER = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: worker}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: worker}
  minReplicas: 1
  maxReplicas: 12
  metrics:
    - type: Resource
      resource: {name: cpu, target: {type: Utilization, averageUtilization: 60}}
    - type: External
      external: {metric: {name: queue}, target: {type: AverageValue, averageValue: "30"}}
`;
const TUNED = WORKER.replace('maxReplicas: 12', 'maxReplicas: 12\n  behavior: {scaleDown: {stabilizationWindowSeconds: 60}}');

interface Cli { code: number; stdout: string; stderr: string }

async function cli(argv: string[]): Promise<Cli> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: t => { stdout += t; }, stderr: t => { stderr += t; }, readStdin: () => Buffer.alloc(0) });
  return { code, stdout, stderr };
}

/** The JSON report without where each history came from, which differs by design. */
function withoutSources(json: string): unknown {
  const report = JSON.parse(json);
  for (const m of report.history.metrics) delete m.sources;
  return report;
}

/** The first path where two JSON values differ, or undefined. */
function firstDifference(a: any, b: any, where = ''): string | undefined {
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) return `${where}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  if (typeof a !== 'object' || a === null) return Object.is(a, b) ? undefined : `${where}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference(a[k], b[k], `${where}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** Runs the checks; `report(name, failures)` records each. */
export async function prometheusLive(binaries: string, report: (name: string, failures: string[]) => void): Promise<void> {
  // Two days ending a day ago: inside the server's default retention of 15 days.
  const start = Math.floor(Date.now() / 3_600_000) * 3600 - 3 * 86400;
  const { families, end } = liveScenario(start);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hpa-history-'));
  const t0 = Date.now();
  const server = await PrometheusServer.start(binaries, families);
  console.log(`prometheus: loaded ${families.reduce((n, f) => n + f.series.reduce((m, s) => m + s.samples.length, 0), 0)} samples, ready in ${Date.now() - t0} ms at ${server.url}`);
  try {
    const file = (name: string, text: string) => {
      const f = path.join(dir, name);
      fs.writeFileSync(f, text);
      return f;
    };
    fs.writeFileSync(path.join(dir, 'worker.yaml'), WORKER);
    fs.writeFileSync(path.join(dir, 'tuned.yaml'), TUNED);
    const common = ['simulate', '--hpa', path.join(dir, 'worker.yaml'), '--compare', path.join(dir, 'tuned.yaml'), '--load', 'cpu=total', '--pod-request', 'cpu=200m', '--format', 'json'];
    const ranges = queryRanges(start, end, STEP);

    // The history fetched by the command, saved by it too.
    const saved = path.join(dir, 'saved');
    const t1 = Date.now();
    const live = await cli([...common, '--prometheus', server.url, '--query', `cpu=${LIVE_QUERIES.cpu}`, '--query', `queue=${LIVE_QUERIES.queue}`,
      '--replicas-query', LIVE_QUERIES.replicas, '--start', String(start), '--end', String(end), '--step', `${STEP}s`, '--save-history', saved]);
    console.log(`prometheus: the command fetched ${ranges.length} ranges per query and replayed two specs in ${Date.now() - t1} ms`);
    const liveFailures: string[] = [];
    if (live.code !== 0) liveFailures.push(`exit ${live.code}: ${live.stderr}`);
    const fetched = live.code === 0 ? JSON.parse(live.stdout) : undefined;
    const steps = Math.round((end - start) / STEP) + 1;
    if (fetched && fetched.history.metrics.some((m: any) => m.steps !== steps)) liveFailures.push(`steps per metric: ${fetched.history.metrics.map((m: any) => m.steps)}, not ${steps}`);
    if (ranges.length < 2) liveFailures.push(`${ranges.length} range: the scenario must take two queries`);
    report(`simulate --prometheus fetches ${steps} steps of 15 s in ${ranges.length} range queries per metric and replays two specs`, liveFailures);
    if (!fetched) return;

    // The same history from files: each replay must give the same report.
    const same = async (name: string, history: string[]) => {
      const r = await cli([...common, ...history]);
      const failures = r.code !== 0 ? [`exit ${r.code}: ${r.stderr}`] : [];
      const d = r.code === 0 ? firstDifference(withoutSources(r.stdout), withoutSources(live.stdout)) : undefined;
      if (d) failures.push(`differs from the fetched history at ${d}`);
      report(name, failures);
    };
    const curl = async (query: string, key: string) => {
      const files: string[] = [];
      for (const [i, r] of ranges.entries()) {
        const answer = await server.queryRange(query, r.start, r.end, STEP);
        files.push(file(`${key}-curl-${i}.json`, answer.body));
      }
      return files;
    };
    const cpuFiles = await curl(LIVE_QUERIES.cpu, 'cpu');
    const queueFiles = await curl(LIVE_QUERIES.queue, 'queue');
    const replicaFiles = await curl(LIVE_QUERIES.replicas, 'replicas');
    await same('the responses curl saves, one file per range, replay as the fetched history', [
      ...cpuFiles.map(f => `--history=cpu=${f}`), ...queueFiles.map(f => `--history=queue=${f}`), ...replicaFiles.map(f => `--replicas-history=${f}`),
    ]);
    const promtool = (query: string, key: string) => ranges.map((r, i) => file(`${key}-promtool-${i}.json`, server.promtoolRange(query, r.start, r.end, STEP)));
    await same('promtool query range -o json, one file per range, replays as the fetched history', [
      ...promtool(LIVE_QUERIES.cpu, 'cpu').map(f => `--history=cpu=${f}`), ...promtool(LIVE_QUERIES.queue, 'queue').map(f => `--history=queue=${f}`),
      ...promtool(LIVE_QUERIES.replicas, 'replicas').map(f => `--replicas-history=${f}`),
    ]);
    await same('the files simulate --save-history wrote replay as the fetched history', [
      `--history=cpu=${path.join(saved, 'cpu.json')}`, `--history=queue=${path.join(saved, 'queue.json')}`, `--replicas-history=${path.join(saved, 'replicas.json')}`,
    ]);
    const expected = (name: string, key: string) => {
      const family = families.find(f => f.name === name)!;
      return file(`${key}-expected.json`, JSON.stringify(expectedMatrix(name, family.series, start, end, STEP)));
    };
    await same('the response worked out from the generated samples (5 minutes of lookback) replays as the fetched history', [
      `--history=cpu=${expected('worker_cpu_cores', 'cpu')}`, `--history=queue=${expected('queue_depth', 'queue')}`,
      `--replicas-history=${expected('kube_deployment_status_replicas', 'replicas')}`,
    ]);
    const cpu = fetched.history.metrics.find((m: any) => m.metric === 'cpu');
    report('an exporter outage longer than the lookback window, and NaN samples, are steps without a sample', cpu.failedSteps > 0 ? [] : ['no failed step in the fetched cpu history']);

    const bad = await cli(['simulate', '--hpa', path.join(dir, 'worker.yaml'), '--prometheus', server.url, '--query', 'cpu=worker_cpu_cores{', '--query', `queue=${LIVE_QUERIES.queue}`,
      '--load', 'cpu=total', '--start', String(start), '--end', String(start + 600)]);
    report('a query Prometheus refuses is reported with its error, exit 2', bad.code === 2 && bad.stderr.includes('Prometheus answered with an error (bad_data)')
      ? [] : [`exit ${bad.code}: ${bad.stderr}`]);
    const notFound = await cli(['simulate', '--hpa', path.join(dir, 'worker.yaml'), '--prometheus', `${server.url}/no/such/prefix`, '--query', `cpu=${LIVE_QUERIES.cpu}`,
      '--query', `queue=${LIVE_QUERIES.queue}`, '--load', 'cpu=total', '--start', String(start), '--end', String(start + 600)]);
    report('a URL that is not Prometheus\'s API is reported with the HTTP status, exit 2', notFound.code === 2 && /HTTP 404/.test(notFound.stderr)
      ? [] : [`exit ${notFound.code}: ${notFound.stderr}`]);
  } finally {
    server.stop();
    if (process.env.CONFORMANCE_KEEP) console.log(`prometheus: files kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}
