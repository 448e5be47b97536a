/**
 * `cdk8s-hpa simulate` on recorded history: the history read from files or fetched from
 * Prometheus, one spec replayed over it (or two, with `--compare`), the measures as a table or
 * JSON, and the report.
 */
import * as fs from 'fs';
import * as path from 'path';
import { HpaSimulator, HistoryComparison, HistoryReplay, HistoryReport, ReplayReportOptions, PrometheusHistory, MatrixSeries, historyLines, measureRows, ReleaseComparison } from 'cdk8s-hpa/lib/toolkit';
import { HistoryArgs, resolveTime } from './history-args';
import { RunNoteLines, RunNoteNames, runNotes, TargetWorkload } from './notes';
import { alignColumns } from './table';
import { Io } from '../../command';
import { EXIT_USAGE, UsageError } from '../../errors';
import { writeOutputs } from '../../output-files';
import { endpoint, fetchRange } from '../../prometheus/fetch';

/** A spec to replay, what the report calls it, and how its notes name the requests flag and the workload. */
export interface HistorySubject {
  readonly simulator: HpaSimulator;
  readonly label: string;
  readonly names: RunNoteNames;
  /** The target the input holds, whose pods' requests the replay reads. */
  readonly workload?: TargetWorkload;
}

export interface HistoryRun extends Readonly<HistoryArgs> {
  /** `--until`, in seconds from the history's start. */
  readonly until?: number;
  /** `--svg` and `--csv`: the first spec's run. */
  readonly svg?: string;
  readonly csv?: string;
}

/**
 * Replays `baseline` (and `candidate`, or the same spec under `release`) over the history the
 * flags name; returns the exit code, or a promise of it when the history is fetched.
 */
export function runHistory(args: HistoryRun, io: Io, baseline: HistorySubject, candidate: HistorySubject | undefined,
  printed: Set<string>, release?: string): number | Promise<number> {
  const ids = [...new Set([...baseline.simulator.metricIds, ...(candidate?.simulator.metricIds ?? [])])];
  let history: PrometheusHistory | Promise<PrometheusHistory>;
  try {
    history = readHistory(args, io, ids);
  } catch (e) {
    return failed(io, e);
  }
  if (history instanceof PrometheusHistory) return replay(args, io, history, baseline, candidate, printed, release);
  return history.then(h => replay(args, io, h, baseline, candidate, printed, release), e => failed(io, e));
}

/**
 * The history the flags name, for HPAs with the metrics `ids`: read from the files, or fetched
 * (a promise). Throws `UsageError` on flags that do not fit the metrics, else what reading found.
 */
export function readHistory(args: HistoryArgs, io: Io, ids: string[]): PrometheusHistory | Promise<PrometheusHistory> {
  checkMetricNames(args, ids);
  const history = PrometheusHistory.create();
  for (const h of args.history) {
    const metric = h.metric ?? ids[0];
    history.metricFromFile(metric, h.file, { load: args.loads[metric] });
  }
  for (const file of args.replicasHistory) history.replicasFromFile(file);
  if (args.prometheus === undefined) return history;
  return fetchHistory(args, io, history).then(() => history);
}

/** Each metric a flag names is one of the HPAs' (a file without a metric only for an HPA of one metric). */
function checkMetricNames(args: HistoryArgs, ids: string[]): void {
  const known = (flag: string, metric: string) => {
    if (!ids.includes(metric)) throw new UsageError(`${flag} ${metric}: the HPA has no metric "${metric}" (its metrics: ${ids.join(', ')})`);
  };
  for (const h of args.history) {
    if (h.metric !== undefined) known('--history', h.metric);
    else if (ids.length > 1) throw new UsageError(`--history ${h.file}: the HPA has ${ids.length} metrics (${ids.join(', ')}): say whose history it is, --history <metric>=${h.file}`);
  }
  for (const metric of Object.keys(args.loads)) known('--load', metric);
  for (const metric of Object.keys(args.queries)) known('--query', metric);
  const twice = Object.keys(args.queries).find(m => args.history.some(h => (h.metric ?? ids[0]) === m));
  if (twice !== undefined) {
    throw new UsageError(`${twice} has both a --query and a --history file: give one`);
  }
}

/** Fetches each query over the range, then saves the responses when asked to. */
async function fetchHistory(args: HistoryArgs, io: Io, history: PrometheusHistory): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const step = args.step ?? 15;
  // On the step grid from the start, as Prometheus evaluates a range query.
  const start = resolveTime(args.start!, now);
  const end = args.end ? resolveTime(args.end, now) : now;
  if (!(end > start)) throw new UsageError(`--end (${new Date(end * 1000).toISOString()}) must be after --start (${new Date(start * 1000).toISOString()})`);
  const base = { url: args.prometheus!, start, end, step, headers: args.headers };
  const source = endpoint(args.prometheus!);
  for (const [metric, query] of Object.entries(args.queries)) {
    history._addMetric(metric, `${source} ${query}`, await fetchRange({ ...base, query }), { load: args.loads[metric] }, step);
  }
  if (args.replicasQuery !== undefined) history._addReplicas(`${source} ${args.replicasQuery}`, await fetchRange({ ...base, query: args.replicasQuery }));
  if (args.saveHistory !== undefined) io.stderr(saveHistory(args.saveHistory, history));
}

/** Writes each metric's series (and the replicas') as a range-query response, `<dir>/<metric>.json`; says how to replay them. */
function saveHistory(dir: string, history: PrometheusHistory): string {
  fs.mkdirSync(dir, { recursive: true });
  const recorded = history._recorded();
  const flags: string[] = [];
  for (const [metric, r] of recorded.metrics) {
    const file = path.join(dir, `${metric.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`);
    writeMatrix(file, r.series);
    flags.push(`--history ${metric}=${file}`, ...(r.load ? [`--load ${metric}=${r.load}`] : []));
  }
  if (recorded.replicas) {
    const file = path.join(dir, 'replicas.json');
    writeMatrix(file, recorded.replicas.series);
    flags.push(`--replicas-history ${file}`);
  }
  return `cdk8s-hpa: saved the history in ${dir}; replay it with ${flags.join(' ')}\n`;
}

/** A range-query response as Prometheus writes it, written a series at a time. */
function writeMatrix(file: string, series: readonly MatrixSeries[]): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, '{"status":"success","data":{"resultType":"matrix","result":[');
    series.forEach((s, i) => {
      fs.writeSync(fd, `${i > 0 ? ',' : ''}{"metric":${JSON.stringify(s.labels)},"values":[`);
      const chunk: string[] = [];
      for (let k = 0; k < s.length; k++) {
        chunk.push(`${k > 0 ? ',' : ''}[${Number(s.times[k].toFixed(3))},"${sampleText(s.values[k])}"]`);
        if (chunk.length === 4096) fs.writeSync(fd, chunk.splice(0).join(''));
      }
      fs.writeSync(fd, `${chunk.join('')}]}`);
    });
    fs.writeSync(fd, ']}}\n');
  } finally {
    fs.closeSync(fd);
  }
}

/** A value as Prometheus writes one: `NaN`, `+Inf`, `-Inf`, else the shortest decimal. */
function sampleText(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  return String(v);
}

function replay(args: HistoryRun, io: Io, history: PrometheusHistory, baseline: HistorySubject, candidate: HistorySubject | undefined,
  printed: Set<string>, release: string | undefined): number {
  let report: HistoryReport;
  try {
    report = release !== undefined ? baseline.simulator.compareReleases(release, history, { until: args.until })
      : candidate
        ? baseline.simulator.compare(candidate.simulator, history, { until: args.until })
        : baseline.simulator.replay(history, { until: args.until });
  } catch (e) {
    return failed(io, e);
  }
  const options: ReplayReportOptions = report instanceof ReleaseComparison
    ? { baselineLabel: `${baseline.label} on ${report.baselineVersion}`, candidateLabel: `${baseline.label} on ${report.candidateVersion}` }
    : { baselineLabel: baseline.label, candidateLabel: candidate?.label };
  const first = report instanceof HistoryComparison || report instanceof ReleaseComparison ? report.baseline : report as HistoryReplay;
  const second = report instanceof HistoryComparison || report instanceof ReleaseComparison ? report.candidate : undefined;
  const notes = noteLines([
    { label: options.baselineLabel!, lines: runNotes(first.result, baseline.names, io, printed) },
    ...(second ? [{ label: options.candidateLabel!, lines: runNotes(second.result, (candidate ?? baseline).names, io, printed) }] : []),
  ]);
  if (args.format === 'json') {
    io.stdout(report instanceof ReleaseComparison ? releasesJson(report, options) : report.toJson(options));
  } else {
    io.stdout(measuresTable(report, options) + notes + (report instanceof ReleaseComparison ? releaseLines(report) : ''));
  }
  return writeOutputs(io, [
    [args.report, () => (/\.svg$/i.test(args.report!) ? report.toSvg(options) : report.toHtml(options))],
    [args.svg, () => first.result.toSvg()],
    [args.csv, () => first.result.toCsv()],
  ]);
}

/**
 * The notes of each replay (the metrics no sync read, the requests): once where the replays'
 * are the same, else each under its spec's label.
 */
function noteLines(specs: ReadonlyArray<{ label: string; lines: RunNoteLines }>): string {
  const of = (s: { lines: RunNoteLines }) => [...s.lines.unread, ...s.lines.requests];
  const same = specs.every(s => JSON.stringify(of(s)) === JSON.stringify(of(specs[0])));
  const lines = same ? of(specs[0]) : specs.flatMap(s => (of(s).length > 0 ? [`${s.label}:`, ...of(s).map(l => `  ${l}`)] : []));
  return lines.map(line => `${line}\n`).join('');
}

/** The measures side by side, then what the history was. */
function measuresTable(report: HistoryReport, options: ReplayReportOptions): string {
  const input = report._reportInput(options);
  const rows = measureRows(input);
  const table = alignColumns([['', ...input.specs.map(s => s.label)], ...rows.map(r => [r.label, ...r.cells])], true);
  return [...table, '', ...historyLines(input)].map(line => `${line}\n`).join('');
}

/** The report's JSON with the releases' parting and differences under `releases`. */
function releasesJson(report: ReleaseComparison, options: ReplayReportOptions): string {
  const { baselineVersion, candidateVersion, candidatePrerelease, parting, differences } = report;
  const json = { ...JSON.parse(report.toJson(options)), releases: { baselineVersion, candidateVersion, candidatePrerelease, parting, differences } };
  return `${JSON.stringify(json, undefined, 2)}\n`;
}

/** Where the two releases' counts part, and what differs between their rows of the release table. */
function releaseLines(report: ReleaseComparison): string {
  const a = report.baselineVersion;
  const b = report.candidateVersion;
  const p = report.parting;
  const lines = [''];
  const from = report.candidatePrerelease ? ` (the release table's ${b} is read from ${report.candidatePrerelease})` : '';
  if (p === undefined) {
    lines.push(`releases: ${a} and ${b} keep the same replica count at all ${report.baseline.measures.syncs} syncs${from}`);
  } else {
    const at = p.candidateTime === p.baselineTime ? `${seconds(p.baselineTime)}` : `${seconds(p.baselineTime)} on ${a}, ${seconds(p.candidateTime)} on ${b}`;
    lines.push(`releases: ${a} and ${b} part at sync ${p.sync} (${at}): ${a} has ${p.baselineReplicas} replicas, ${b} has ${p.candidateReplicas}; `
      + `${p.syncsDiffering} of ${report.baseline.measures.syncs} syncs differ${from}`);
  }
  if (report.differences.length === 0) {
    lines.push(`the release table holds nothing differently for ${a} and ${b}`);
  } else {
    lines.push(`what the release table holds differently (${p === undefined ? 'read by the run' : 'read up to the parting sync'}):`);
    lines.push(...alignColumns([['', a, b, ''], ...report.differences.map(d => [
      `  ${d.kind} ${d.fact}`, d.baseline, d.candidate, `${d.exercised ? 'read' : 'not read'}: ${d.reason}`,
    ])], true));
  }
  return lines.map(line => `${line}\n`).join('');
}

/** 15.09 as `15.09s`. */
function seconds(s: number): string {
  return `${Math.round(s * 1000) / 1000}s`;
}

/** A history that cannot be read or replayed: said on standard error, exit 2. */
export function failed(io: Io, e: unknown): number {
  if (e instanceof UsageError) throw e;
  io.stderr(`cdk8s-hpa: ${e instanceof Error ? e.message : String(e)}\n`);
  return EXIT_USAGE;
}
