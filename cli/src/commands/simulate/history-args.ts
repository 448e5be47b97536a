/**
 * The flags of `cdk8s-hpa simulate` that replay recorded history: where it comes from (files,
 * or a Prometheus server and a query per metric), how it is read, the second spec, the outputs.
 */
import { HistoryLoad, parseDuration, parseQuantity, table } from 'cdk8s-hpa/lib/toolkit';
import { UsageError } from '../../errors';
import { FlagArg } from '../../flags';

/** A time flag: unix seconds, or seconds before the run's start (`now-7d`). */
export type TimeArg = { readonly now: false; readonly seconds: number } | { readonly now: true; readonly before: number };

export interface HistoryArgs {
  /** `--history [<metric>=]<file>`, in the order given. */
  readonly history: Array<{ readonly metric?: string; readonly file: string }>;
  /** `--replicas-history <file>`, in the order given (later ranges after earlier ones). */
  readonly replicasHistory: string[];
  /** `--load <metric>=<model>`. */
  readonly loads: { [metric: string]: HistoryLoad };
  /** `--prometheus <url>`. */
  prometheus?: string;
  /** `--query <metric>=<PromQL>`, in the order given. */
  readonly queries: { [metric: string]: string };
  /** `--replicas-query <PromQL>`. */
  replicasQuery?: string;
  /** `--start`, `--end`. */
  start?: TimeArg;
  end?: TimeArg;
  /** `--step`, in seconds. */
  step?: number;
  /** `--header 'Name: value'`. */
  readonly headers: { [name: string]: string };
  /** `--save-history <dir>`: where the fetched responses are written. */
  saveHistory?: string;
  /** `--compare <file>` and `--compare-name <name>`: the second spec. */
  compare?: string;
  compareName?: string;
  /** `--format text|json`. */
  format?: 'text' | 'json';
  /** `--report <file.html|file.svg>`. */
  report?: string;
  /** `--pod-request <resource>=<quantity>`. */
  readonly podRequests: { [resource: string]: number };
}

/** The names `--load` takes, lower-cased, to the model. */
const LOADS = table<HistoryLoad>({
  'podsamples': HistoryLoad.POD_SAMPLES,
  'pod-samples': HistoryLoad.POD_SAMPLES,
  'total': HistoryLoad.TOTAL,
  'perpod': HistoryLoad.PER_POD,
  'per-pod': HistoryLoad.PER_POD,
});

/** Reads `option` into `args` when it is a history flag; returns whether it was. */
export function readHistoryFlag(option: FlagArg, args: HistoryArgs): boolean {
  switch (option.flag) {
    case '--history': {
      const v = option.nonEmptyValue();
      const eq = v.indexOf('=');
      args.history.push(eq > 0 ? { metric: v.slice(0, eq), file: nonEmpty(v.slice(eq + 1), option, '<metric>=<file>') } : { file: v });
      return true;
    }
    case '--load': {
      const [metric, name] = pair(option, '<metric>=<PodSamples|Total|PerPod>');
      const load: HistoryLoad | undefined = LOADS[name.toLowerCase()];
      if (load === undefined) throw new UsageError(`--load ${metric}: "${name}" is not PodSamples, Total or PerPod`);
      args.loads[metric] = load;
      return true;
    }
    case '--query': {
      const [metric, query] = pair(option, '<metric>=<PromQL>');
      args.queries[metric] = query;
      return true;
    }
    case '--header': {
      const v = option.nonEmptyValue();
      const colon = v.indexOf(':');
      const name = colon > 0 ? v.slice(0, colon).trim() : '';
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header: "${v}" is not Name: value (such as "Authorization: Bearer $TOKEN")`);
      args.headers[name] = v.slice(colon + 1).trim();
      return true;
    }
    case '--pod-request': {
      const [resource, text] = pair(option, '<resource>=<quantity>');
      const q = parseQuantity(text);
      if (!q.ok || !(q.value > 0)) throw new UsageError(`--pod-request ${resource}: "${text}" is not a positive quantity (such as 250m or 0.5)`);
      args.podRequests[resource] = q.value;
      return true;
    }
    case '--start':
    case '--end':
      args[option.flag === '--start' ? 'start' : 'end'] = parseTime(option.flag, option.nonEmptyValue());
      return true;
    case '--step': {
      const parsed = parseDuration(option.nonEmptyValue());
      if (!parsed.ok || !(parsed.seconds > 0)) throw new UsageError(`--step: ${parsed.ok ? 'must be more than 0' : parsed.error}`);
      args.step = parsed.seconds;
      return true;
    }
    case '--format': {
      const v = option.nonEmptyValue();
      if (v !== 'text' && v !== 'json') throw new UsageError(`--format: "${v}" is not text or json`);
      args.format = v;
      return true;
    }
    case '--report': {
      const v = option.nonEmptyValue();
      if (!/\.(html?|svg)$/i.test(v)) throw new UsageError(`--report: "${v}" must end in .html or .svg (the page, or the plot alone)`);
      args.report = v;
      return true;
    }
    case '--replicas-history':
      args.replicasHistory.push(option.nonEmptyValue());
      return true;
    case '--prometheus':
    case '--replicas-query':
    case '--save-history':
    case '--compare':
    case '--compare-name': {
      const key = ({
        '--prometheus': 'prometheus',
        '--replicas-query': 'replicasQuery',
        '--save-history': 'saveHistory',
        '--compare': 'compare',
        '--compare-name': 'compareName',
      } as const)[option.flag];
      args[key] = option.nonEmptyValue();
      return true;
    }
    default:
      return false;
  }
}

/** Whether any flag asks for a replay of history. */
export function wantsHistory(args: HistoryArgs): boolean {
  return args.history.length > 0 || args.prometheus !== undefined;
}

/**
 * The usage problems of the history flags taken together, the trace's flag too; the first found.
 * Every one is found before any input is read.
 */
export function historyUsageProblem(args: HistoryArgs & { readonly trace?: string; readonly compareRelease?: string }): string | undefined {
  const history = wantsHistory(args);
  const only = (flag: string, set: boolean) => (set && !history ? `${flag} is for replays of history: give --history or --prometheus` : undefined);
  if (history && args.trace !== undefined) return '--trace and history (--history, --prometheus) cannot both be given: a run replays one or the other';
  const queries = Object.keys(args.queries).length > 0 || args.replicasQuery !== undefined;
  if (args.prometheus === undefined) {
    if (queries) return '--query and --replicas-query need --prometheus <url>';
    for (const flag of ['--start', '--end', '--step', '--save-history'] as const) {
      const set = { '--start': args.start, '--end': args.end, '--step': args.step, '--save-history': args.saveHistory }[flag] !== undefined;
      if (set) return `${flag} is for fetching history: give --prometheus <url> and --query <metric>=<PromQL>`;
    }
    if (Object.keys(args.headers).length > 0) return '--header is for fetching history: give --prometheus <url>';
  } else {
    if (!queries) return '--prometheus needs a query per metric: --query <metric>=<PromQL>';
    if (args.start === undefined) return '--prometheus needs --start (RFC 3339, unix seconds, or now-7d); --end is now by default';
    if (!/^https?:\/\//i.test(args.prometheus)) return `--prometheus: "${args.prometheus}" is not an http:// or https:// URL`;
  }
  return only('--compare', args.compare !== undefined)
    ?? only('--compare-release', args.compareRelease !== undefined)
    ?? (args.compare !== undefined && args.compareRelease !== undefined
      ? '--compare and --compare-release cannot both be given: compare two specs on one release, or one spec on two releases' : undefined)
    ?? only('--compare-name', args.compareName !== undefined)
    ?? only('--format', args.format !== undefined)
    ?? only('--report', args.report !== undefined)
    ?? only('--load', Object.keys(args.loads).length > 0)
    ?? only('--replicas-history', args.replicasHistory.length > 0)
    ?? (args.compareName !== undefined && args.compare === undefined ? '--compare-name picks an HPA in --compare <file>: give --compare' : undefined);
}

/** `--start` and `--end`: RFC 3339, unix seconds, `now`, or `now-<duration>` (s, m, h, d, w: `now-7d`, `now-1h30m`). */
export function parseTime(flag: string, text: string): TimeArg {
  if (/^\d+(\.\d+)?$/.test(text)) return { now: false, seconds: Number(text) };
  const relative = /^now(?:-(.+))?$/.exec(text);
  if (relative) {
    if (relative[1] === undefined) return { now: true, before: 0 };
    const before = promDuration(relative[1]);
    if (before !== undefined) return { now: true, before };
  } else if (/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/i.test(text) && !Number.isNaN(Date.parse(text))) {
    return { now: false, seconds: Date.parse(text) / 1000 };
  }
  throw new UsageError(`${flag}: "${text}" is not a time (RFC 3339 such as 2026-11-16T00:00:00Z, unix seconds, now, or now-7d)`);
}

/** The unix seconds of a time flag, for a run that started at `now` (unix seconds). */
export function resolveTime(t: TimeArg, now: number): number {
  return t.now ? now - t.before : t.seconds;
}

/** Prometheus's duration grammar (`model.ParseDuration`): `1w2d`, `36h`, `90m`, `1h30m`. */
function promDuration(text: string): number | undefined {
  const units: { readonly [unit: string]: number } = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400, w: 604800, y: 31536000 };
  const parts = [...text.matchAll(/(\d+)(ms|s|m|h|d|w|y)/g)];
  if (parts.length === 0 || parts.map(p => p[0]).join('') !== text) return undefined;
  return parts.reduce((total, p) => total + Number(p[1]) * units[p[2]], 0);
}

function pair(option: FlagArg, form: string): [string, string] {
  const v = option.nonEmptyValue();
  const eq = v.indexOf('=');
  if (eq <= 0) throw new UsageError(`${option.flag}: "${v}" is not ${form}`);
  return [v.slice(0, eq).trim(), nonEmpty(v.slice(eq + 1), option, form)];
}

function nonEmpty(v: string, option: FlagArg, form: string): string {
  if (v.trim() === '') throw new UsageError(`${option.flag}: the value after = is empty; the form is ${form}`);
  return v.trim();
}
