/**
 * `cdk8s-hpa tune --all`: every HPA of a cluster, read as `explain -A` reads it, each tuned over
 * history fetched from Prometheus with the queries its templates give, one HPA after the other.
 * Each goes through the path of one HPA: the HPA (with its target) and the fetched history are
 * saved to files, and the command line of `tune --hpa <file> --history <metric>=<file>...` made of
 * them is what this thread and the workers read, so a fleet's result is the one `tune` gives for
 * those files. HPAs are ranked by the replica-hours their recommendation saves; one that cannot be
 * tuned is listed with why, and the others go on. With `--out`, each result is written as it
 * finishes, and a later run skips the HPAs whose result is there for the same spec and flags.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { HpaSimulator, parseQuantity, plural, TuningResult } from 'cdk8s-hpa/lib/toolkit';
import { parseTuneArgs, TuneArgs } from './args';
import { expandTemplate, TemplateValues } from './query-templates';
import { makeTuner, searchOnWorkers, tuningHistory } from './tuning';
import type { LiveHpa } from '../../cluster/live-reader';
import { Io } from '../../command';
import { EXIT_ISSUES, EXIT_OK, EXIT_USAGE, UsageError } from '../../errors';
import { FlagArg } from '../../flags';
import { readCluster, serverRelease, whereRead } from '../../live-cluster';
import { RunSettings } from '../../run-settings';
import { readHistory } from '../simulate/history';
import { HistoryArgs, resolveTime } from '../simulate/history-args';
import { alignColumns } from '../simulate/table';

/** One HPA of the fleet: tuned (`result`), or not (`reason`). `--format json` prints a list of them; `--out` writes each tuned one. */
export interface FleetEntry {
  readonly namespace: string;
  readonly name: string;
  /** The HPA's `spec.scaleTargetRef`. */
  readonly target: { readonly apiVersion?: string; readonly kind?: string; readonly name?: string };
  /**
   * SHA-256 of what the result rests on besides the history's values: the HPA's spec, the queries,
   * the range as given and the tune's flags (with the pod requests and the release it read from the
   * cluster). A later run with `--out` skips the HPA when its result there has the same key.
   */
  readonly key: string;
  /** The queries its history was fetched with, by metric. */
  readonly queries?: { readonly [metric: string]: string };
  readonly replicasQuery?: string;
  /** Replica-hours the recommendation saves over the history: the spec as it is's less the recommendation's (negative: the limits cost more). */
  readonly savedReplicaHours?: number;
  /** What `tune --format json` prints for the HPA. */
  readonly result?: TuningResult;
  /** The warnings of the validation engine on the HPA (with its target), as `validate` words them; tuned anyway, as `tune` tunes one. */
  readonly warnings?: string[];
  /** Why it was not tuned. */
  readonly reason?: string;
  /** The file of an earlier run this result was read from (`--out`). */
  readonly from?: string;
}

/** Flags of `tune --all` that the tune of one HPA does not take (its history is in files), and whether each takes a value. */
const FLEET_ONLY: { readonly [flag: string]: boolean } = {
  '--all': false,
  '-A': false,
  '--all-namespaces': false,
  '-n': true,
  '--namespace': true,
  '--context': true,
  '--kubeconfig': true,
  '--query-template': true,
  '--replicas-query-template': true,
  '--prometheus': true,
  '--start': true,
  '--end': true,
  '--step': true,
  '--header': true,
  '--out': true,
  '--format': true,
  '--jobs': true,
};
/** Flags that name a metric (`<metric>=...`): given to the HPAs that have the metric. */
const PER_METRIC = ['--max-above-target', '--threshold', '--load'];
/** Flags that take no value (besides the fleet's own). */
const NO_VALUE = ['--no-config'];

/** The usage problems of `--all` with the other flags; the first found, before the cluster is read. */
export function fleetUsageProblem(args: TuneArgs): string | undefined {
  if (!args.all) {
    const given = (['queryTemplates', 'replicasQueryTemplate', 'out', 'namespace', 'allNamespaces', 'context', 'kubeconfig'] as const)
      .find(k => (k === 'queryTemplates' ? Object.keys(args.queryTemplates).length > 0 : k === 'allNamespaces' ? args.allNamespaces : args[k] !== undefined));
    if (given === undefined) return undefined;
    const flag = { queryTemplates: '--query-template', replicasQueryTemplate: '--replicas-query-template', out: '--out', namespace: '-n', allNamespaces: '-A', context: '--context', kubeconfig: '--kubeconfig' }[given];
    return `${flag} is for --all (every HPA of a cluster); one HPA is tuned with --hpa <file>`;
  }
  const single: Array<[string, boolean]> = [
    ['--hpa', args.hpa !== undefined], ['--name', args.name !== undefined], ['--history', args.history.length > 0],
    ['--replicas-history', args.replicasHistory.length > 0], ['--query', Object.keys(args.queries).length > 0],
    ['--replicas-query', args.replicasQuery !== undefined], ['--output', args.output !== undefined], ['--save-history', args.saveHistory !== undefined],
  ];
  const one = single.find(([, set]) => set);
  if (one) return `${one[0]} is for one HPA; --all reads every HPA from the cluster and its history with --query-template (and --out for the results)`;
  if (args.prometheus === undefined || Object.keys(args.queryTemplates).length === 0) {
    return '--all needs --prometheus <url> and a --query-template <metric>=<PromQL> per metric the HPAs have';
  }
  if (!/^https?:\/\//i.test(args.prometheus)) return `--prometheus: "${args.prometheus}" is not an http:// or https:// URL`;
  if (args.start === undefined) return '--all needs --start (RFC 3339, unix seconds, or now-7d); --end is now by default';
  return undefined;
}

/** Tunes every HPA the flags name; returns the exit code (0 every HPA tuned, 1 some not, 2 the cluster or an --out file). */
export async function tuneFleet(args: TuneArgs, argv: readonly string[], io: Io): Promise<number> {
  // The release, gates and config file are refused now, not once per HPA after the cluster is read.
  RunSettings.resolve(args);
  const now = Math.floor(Date.now() / 1000);
  const range = { start: resolveTime(args.start!, now), end: args.end ? resolveTime(args.end, now) : now };
  if (!(range.end > range.start)) {
    throw new UsageError(`--end (${new Date(range.end * 1000).toISOString()}) must be after --start (${new Date(range.start * 1000).toISOString()})`);
  }
  const reading = await readCluster(args, [], false, io);
  if (typeof reading === 'number') return reading;
  const fleet: Fleet = {
    args,
    argv,
    range,
    release: serverRelease(args, reading),
    jobs: args.jobs ?? (os.availableParallelism?.() ?? os.cpus().length),
  };
  const started = Date.now();
  const entries: FleetEntry[] = [];
  let unwritten = false;
  for (const [i, live] of reading.hpas.entries()) {
    const t = Date.now();
    const entry = await tuneOne(fleet, live);
    const id = `[${i + 1}/${reading.hpas.length}] ${entry.namespace}/${entry.name}`;
    if (entry.from !== undefined) {
      io.stderr(`cdk8s-hpa: ${id}: skipped: its result is in ${entry.from}, tuned by an earlier run with the same spec and flags\n`);
    } else if (entry.result !== undefined) {
      const written = args.out !== undefined ? writeEntry(args.out, entry, io) : true;
      unwritten ||= !written;
      io.stderr(`cdk8s-hpa: ${id}: ${plural(entry.result.replays, 'spec')} replayed in ${((Date.now() - t) / 1000).toFixed(1)}s, `
        + `saves ${entry.savedReplicaHours!.toFixed(1)} replica-hours${written && args.out !== undefined ? ` (${resultFile(args.out, entry)})` : ''}\n`
        + (entry.warnings ?? []).map(w => `  ${w}\n`).join(''));
    } else {
      io.stderr(`cdk8s-hpa: ${id}: not tuned: ${entry.reason}\n`);
    }
    entries.push(entry);
  }
  const tuned = ranked(entries);
  const failed = entries.filter(e => e.result === undefined);
  if (args.format === 'json') {
    io.stdout(`${JSON.stringify([...tuned, ...failed], null, 2)}\n`);
  } else {
    io.stdout(fleetText(tuned, failed, `${whereRead(reading)} (context "${reading.context}", ${reading.server})`, (Date.now() - started) / 1000, args.out));
  }
  return unwritten ? EXIT_USAGE : failed.length > 0 ? EXIT_ISSUES : EXIT_OK;
}

/** What every HPA of one run shares. */
interface Fleet {
  readonly args: TuneArgs;
  readonly argv: readonly string[];
  /** The history's range, unix seconds, fixed once for every HPA. */
  readonly range: { readonly start: number; readonly end: number };
  /** The server's release, when the flags name none and the library knows it. */
  readonly release?: string;
  readonly jobs: number;
}

/** One HPA: read the result of an earlier run, or tune it; never throws for the HPA's own problems. */
async function tuneOne(fleet: Fleet, live: LiveHpa): Promise<FleetEntry> {
  const { args } = fleet;
  const hpa = asWritten(live.hpa);
  const ref = hpa.spec?.scaleTargetRef ?? {};
  const base = {
    namespace: String(hpa.metadata?.namespace),
    name: String(hpa.metadata?.name),
    target: { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name },
  };
  const notTuned = (reason: string, key = ''): FleetEntry => ({ ...base, key, reason });
  if (live.target === undefined) return notTuned(live.problems.join('; ') || `its target ${ref.kind}/${ref.name} cannot be read`);
  let ids: string[];
  try {
    ids = HpaSimulator.fromManifest(hpa, { skipValidation: true }).metricIds;
  } catch (e) {
    return notTuned(`its spec cannot be replayed: ${messageOf(e)}`);
  }
  const values: TemplateValues = {
    namespace: base.namespace,
    hpa: base.name,
    kind: ref.kind,
    workload: ref.name,
    selector: typeof live.scale?.status?.selector === 'string' && live.scale.status.selector !== '' ? live.scale.status.selector : undefined,
  };
  const queries: { [metric: string]: string } = {};
  for (const id of ids) {
    const template = args.queryTemplates[id];
    if (template === undefined) return notTuned(`no --query-template for its metric "${id}" (its metrics: ${ids.join(', ')})`);
    const expanded = expandTemplate(template, values);
    if ('missing' in expanded) return notTuned(`--query-template ${id} uses {{${expanded.missing}}}, which ${noValue(expanded.missing, live)}`);
    queries[id] = expanded.query;
  }
  let replicasQuery: string | undefined;
  if (args.replicasQueryTemplate !== undefined) {
    const expanded = expandTemplate(args.replicasQueryTemplate, values);
    if ('missing' in expanded) return notTuned(`--replicas-query-template uses {{${expanded.missing}}}, which ${noValue(expanded.missing, live)}`);
    replicasQuery = expanded.query;
  }
  const settings = [
    ...tuneFlags(fleet.argv, ids),
    ...(fleet.release !== undefined ? ['--k8s-version', fleet.release] : []),
    ...Object.entries(templateRequests(hpa, live.target, args.podRequests)).flatMap(([r, q]) => ['--pod-request', `${r}=${q}`]),
  ];
  const key = sha256(JSON.stringify({
    spec: hpa.spec, queries, replicasQuery, prometheus: args.prometheus, start: args.start, end: args.end ?? null, step: args.step ?? null, settings,
  }));
  const earlier = args.out !== undefined ? readEntry(args.out, base, key) : undefined;
  if (earlier !== undefined) return earlier;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-fleet-'));
  try {
    const hpaFile = path.join(dir, 'hpa.json');
    fs.writeFileSync(hpaFile, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [hpa, live.target] }, null, 2));
    // Named as --save-history names them.
    const savedFile = (metric: string) => path.join(dir, `${metric.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`);
    const clash = ids.find((id, i) => ids.findIndex(other => savedFile(other) === savedFile(id)) !== i);
    if (clash !== undefined) return notTuned(`its metrics ${ids.filter(id => savedFile(id) === savedFile(clash)).join(' and ')} would be saved to one file`, key);
    const argv = [...settings, '--hpa', hpaFile, ...ids.flatMap(id => ['--history', `${id}=${savedFile(id)}`]),
      ...(replicasQuery !== undefined ? ['--replicas-history', path.join(dir, 'replicas.json')] : [])];
    const captured = capturingIo();
    const tuneArgs = parseTuneArgs(argv);
    let tuning: ReturnType<typeof makeTuner>;
    try {
      tuning = makeTuner(tuneArgs, captured.io);
    } catch (e) {
      return notTuned(messageOf(e), key);
    }
    if (typeof tuning === 'number') return notTuned(`refused by validation: ${captured.issues(hpaFile).join('; ')}`, key);
    const history: HistoryArgs = {
      history: [],
      replicasHistory: [],
      podRequests: {},
      headers: args.headers,
      prometheus: args.prometheus,
      step: args.step,
      saveHistory: dir,
      loads: Object.fromEntries(Object.entries(args.loads).filter(([m]) => ids.includes(m))),
      queries,
      replicasQuery,
      start: { now: false, seconds: fleet.range.start },
      end: { now: false, seconds: fleet.range.end },
    };
    try {
      await readHistory(history, captured.io, ids);
      const result = await searchOnWorkers(tuning, await tuningHistory(tuneArgs, captured.io, tuning), argv, fleet.jobs);
      const saved = result.baseline.measures.replicaHours - result.recommended.measures.replicaHours;
      const warnings = captured.issues(hpaFile);
      return {
        ...base,
        key,
        queries,
        ...(replicasQuery !== undefined && { replicasQuery }),
        savedReplicaHours: saved,
        ...(warnings.length > 0 && { warnings }),
        result,
      };
    } catch (e) {
      return notTuned(messageOf(e), key);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Annotations the API server's clients add to an object, which a manifest to apply does not carry. */
const CLIENT_ANNOTATIONS = ['kubectl.kubernetes.io/last-applied-configuration'];

/**
 * The HPA as a manifest to apply: its name, namespace, labels, annotations and spec, without what
 * the API server filled in (`uid`, `resourceVersion`, `status`, ...), so that the recommendation
 * is a spec to apply and the tune is the one of the same HPA written in a file.
 */
function asWritten(hpa: any): any {
  const { name, namespace, labels, annotations } = hpa.metadata ?? {};
  const kept = Object.fromEntries(Object.entries(annotations ?? {}).filter(([k]) => !CLIENT_ANNOTATIONS.includes(k)));
  const metadata = { name, namespace, ...(labels && { labels }), ...(Object.keys(kept).length > 0 && { annotations: kept }) };
  return { apiVersion: hpa.apiVersion, kind: hpa.kind, metadata, spec: hpa.spec };
}

/** Why an HPA has no value for a template's variable. */
function noValue(variable: string, live: LiveHpa): string {
  const ref = live.hpa.spec?.scaleTargetRef ?? {};
  if (variable !== 'selector') return 'its spec.scaleTargetRef does not give';
  const why = live.problems.find(p => /selector|scale subresource/.test(p));
  return `${ref.kind}/${ref.name} does not give${why !== undefined ? ` (${why})` : ''}`;
}

/**
 * The flags of the fleet's command line that the tune of one HPA takes: those of `--all` left
 * out, and those of a metric (`--max-above-target cpu=5`) only for an HPA with the metric.
 */
function tuneFlags(argv: readonly string[], ids: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const option = new FlagArg(argv, i);
    const fleetOnly = Object.prototype.hasOwnProperty.call(FLEET_ONLY, option.flag) ? FLEET_ONLY[option.flag] : undefined;
    const value = fleetOnly === false || (fleetOnly === undefined && NO_VALUE.includes(option.flag)) ? undefined : option.value();
    const tokens = argv.slice(i, option.lastIndex + 1);
    i = option.lastIndex;
    if (fleetOnly !== undefined) continue;
    if (PER_METRIC.includes(option.flag) && !ids.includes(value!.slice(0, value!.indexOf('=')).trim())) continue;
    out.push(...tokens);
  }
  return out;
}

/**
 * The request each pod has of a resource a Utilization metric reads, from the target's pod
 * template, for the resources `given` (`--pod-request`) leaves out, as the controller sums it: the
 * pod-level request when the template sets one, else the containers' (a limit without a request
 * counts as the request, as the API server copies it) and the sidecars'; for a ContainerResource
 * metric (`container/resource`), the container's. None when a container has no request of it
 * (the validation engine refuses that HPA).
 */
export function templateRequests(hpa: any, target: any, given: { readonly [resource: string]: number }): { [key: string]: number } {
  const pod = target?.spec?.template?.spec;
  const containers: any[] = [...(Array.isArray(pod?.containers) ? pod.containers : []),
    ...(Array.isArray(pod?.initContainers) ? pod.initContainers.filter((c: any) => c?.restartPolicy === 'Always') : [])];
  const request = (resources: any, resource: string): number | undefined => {
    const q = parseQuantity(String(resources?.requests?.[resource] ?? resources?.limits?.[resource] ?? ''));
    return q.ok ? q.value : undefined;
  };
  const out: { [key: string]: number } = {};
  for (const m of Array.isArray(hpa.spec?.metrics) ? hpa.spec.metrics : []) {
    const source = m?.type === 'Resource' ? m.resource : m?.type === 'ContainerResource' ? m.containerResource : undefined;
    if (source?.target?.type !== 'Utilization' || typeof source.name !== 'string') continue;
    const key = m.type === 'Resource' ? source.name : `${source.container}/${source.name}`;
    if (given[key] !== undefined || given[source.name] !== undefined) continue;
    let value: number | undefined;
    if (m.type === 'ContainerResource') {
      value = request(containers.find(c => c?.name === source.container)?.resources, source.name);
    } else {
      const each = containers.map(c => request(c?.resources, source.name));
      value = request(pod?.resources, source.name)
        ?? (containers.length > 0 && each.every(v => v !== undefined) ? each.reduce((a, b) => a! + b!, 0) : undefined);
    }
    if (value !== undefined && value > 0) out[key] = Number(value.toPrecision(12));
  }
  return out;
}

/** The tuned entries, the most replica-hours saved first (then by namespace and name). */
function ranked(entries: readonly FleetEntry[]): FleetEntry[] {
  return entries.filter(e => e.result !== undefined).sort((a, b) => (b.savedReplicaHours! - a.savedReplicaHours!)
    || a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name));
}

/** The ranking as a table, the HPAs not tuned with why, and where each result is. */
function fleetText(tuned: readonly FleetEntry[], failed: readonly FleetEntry[], where: string, seconds: number, out: string | undefined): string {
  const hours = (h: number) => h.toFixed(1);
  const lines = [`tuned ${tuned.length} of ${plural(tuned.length + failed.length, 'HPA')} in ${where} in ${seconds.toFixed(1)}s`];
  if (tuned.length > 0) {
    const rows = tuned.map((e, i) => {
      const r = e.result!;
      const before = r.baseline.measures.replicaHours;
      const share = before > 0 ? ` (${((e.savedReplicaHours! / before) * 100).toFixed(1)}%)` : '';
      const changes = !r.withinLimits ? 'no spec replayed meets the limits' : r.recommended.changes.length === 0 ? '(as it is)' : r.recommended.changes.join(' ');
      return [String(i + 1), `${e.namespace}/${e.name}`, `${e.target.kind}/${e.target.name}`, hours(before), hours(r.recommended.measures.replicaHours),
        `${hours(e.savedReplicaHours!)}${share}`, changes];
    });
    lines.push('', ...alignColumns([['#', 'HPA', 'target', 'replica-hours', 'recommended', 'saved', 'changes'], ...rows], true).map(l => `  ${l}`));
    const before = tuned.reduce((sum, e) => sum + e.result!.baseline.measures.replicaHours, 0);
    const saved = tuned.reduce((sum, e) => sum + e.savedReplicaHours!, 0);
    lines.push(`  in all: ${hours(saved)} of ${hours(before)} replica-hours saved${before > 0 ? ` (${((saved / before) * 100).toFixed(1)}%)` : ''}`);
  }
  if (failed.length > 0) {
    lines.push('', `not tuned (${failed.length}):`, ...failed.map(e => `  ${e.namespace}/${e.name} (${e.target.kind}/${e.target.name}): ${e.reason}`));
  }
  const earlier = tuned.filter(e => e.from !== undefined).length;
  lines.push('', `each HPA's recommendation, front and certificate: --format json${out !== undefined ? `, or ${path.join(out, '<namespace>', '<hpa>.json')}` : ''}`
    + (earlier > 0 ? ` (${earlier} of them from an earlier run)` : ''));
  return lines.map(l => `${l}\n`).join('');
}

/** Where `--out` keeps an HPA's result. */
function resultFile(out: string, e: Pick<FleetEntry, 'namespace' | 'name'>): string {
  return path.join(out, e.namespace, `${e.name}.json`);
}

/** Writes the entry (whole, then renamed into place: a run cut short leaves no half file); says why it could not. */
function writeEntry(out: string, entry: FleetEntry, io: Io): boolean {
  const file = resultFile(out, entry);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.partial`, `${JSON.stringify(entry, null, 2)}\n`);
    fs.renameSync(`${file}.partial`, file);
    return true;
  } catch (e) {
    io.stderr(`cdk8s-hpa: ${file}: cannot write: ${(e as NodeJS.ErrnoException)?.code ?? messageOf(e)}\n`);
    return false;
  }
}

/** The result an earlier run wrote for the HPA, when it was tuned with the same `key`. */
function readEntry(out: string, e: Pick<FleetEntry, 'namespace' | 'name'>, key: string): FleetEntry | undefined {
  const file = resultFile(out, e);
  try {
    const entry = JSON.parse(fs.readFileSync(file, 'utf8'));
    return entry?.key === key && entry.result !== undefined && typeof entry.savedReplicaHours === 'number' ? { ...entry, from: file } : undefined;
  } catch {
    return undefined;
  }
}

/** An `Io` that keeps what the tune of one HPA prints; `issues` are the validation findings, without the saved file's name. */
function capturingIo(): { io: Io; issues(file: string): string[] } {
  let text = '';
  const io: Io = { stdout: t => { text += t; }, stderr: t => { text += t; }, readStdin: () => Buffer.alloc(0) };
  return {
    io,
    issues: file => text.split('\n').filter(l => l.startsWith(file)).map(l => l.slice(file.length).replace(/^:\d+:\d+: /, '')),
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
