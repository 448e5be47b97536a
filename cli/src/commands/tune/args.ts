/**
 * The command line of `cdk8s-hpa tune`: its own flags (the limits, what may vary, the budget,
 * the workers; with `--all`, the cluster to read and the query templates), and the rest read as
 * `simulate` reads them (the HPA, the history, the cluster, the initial replicas, the timing).
 * Syntax errors are `UsageError`s naming the flag and value.
 */
import { closestName, CODE_LANGUAGES, CodeLanguage, parseDuration } from 'cdk8s-hpa/lib/toolkit';
import { checkTemplate } from './query-templates';
import { UnknownFlagError, UsageError } from '../../errors';
import { FlagArg } from '../../flags';
import { checkLiveFlags, LiveFlags, readLiveFlag } from '../../live-cluster';
import { parseSimulateArgs, SimulateArgs } from '../simulate/args';

/** With `LiveFlags` (`-n`, `-A`, `--context`, `--kubeconfig`): the cluster `--all` reads. */
export interface TuneArgs extends SimulateArgs, Readonly<LiveFlags> {
  /** `--max-above-target <metric>=<percent>`. */
  readonly maxAboveTarget: { [metric: string]: number };
  /** `--threshold <metric>=<value>`. */
  readonly thresholds: { [metric: string]: number };
  /** `--max-reaction`, `--max-time-at-max`, in seconds. */
  readonly maxReactionSeconds?: number;
  readonly maxTimeAtMaxSeconds?: number;
  /** `--max-direction-changes`. */
  readonly maxDirectionChanges?: number;
  /** `--vary a,b=1..2`: the settings, and the ranges given. */
  readonly vary?: string[];
  readonly bounds: { [setting: string]: { min: number; max: number } };
  /** `--max-replays`, `--jobs`. */
  readonly maxReplays?: number;
  readonly jobs?: number;
  /** `--output <file>`: where the recommended HPA's YAML is written. */
  readonly output?: string;
  /** `--language`: the construct code's language. */
  readonly language?: CodeLanguage;
  /** `--all`: every HPA of a cluster, read live (instead of `--hpa`). */
  readonly all: boolean;
  /** `--query-template <metric>=<PromQL>`: each metric's query, with the variables of query-templates.ts. */
  readonly queryTemplates: { [metric: string]: string };
  /** `--replicas-query-template <PromQL>`. */
  readonly replicasQueryTemplate?: string;
  /** `--out <dir>`: where each HPA's result is written as it finishes (and found by a later run). */
  readonly out?: string;
}

const TUNE_FLAGS = ['--max-above-target', '--threshold', '--max-reaction', '--max-time-at-max', '--max-direction-changes', '--vary', '--max-replays', '--jobs', '--output',
  '--language', '--all', '--query-template', '--replicas-query-template', '--out'];
/** simulate's flags that tune has no use for: it replays every candidate over the history, on one release. */
const NOT_FOR_TUNE = ['--trace', '--compare', '--compare-name', '--compare-release', '--report', '--svg', '--csv'];

/** Parses the arguments after `tune`. */
export function parseTuneArgs(argv: readonly string[]): TuneArgs {
  const rest: string[] = [];
  const own: { [k: string]: any } = { maxAboveTarget: {}, thresholds: {}, bounds: {}, all: false, queryTemplates: {} };
  const live: LiveFlags = { allNamespaces: false };
  for (let i = 0; i < argv.length; i++) {
    if (!argv[i].startsWith('-') || argv[i] === '-' || argv[i] === '--') {
      rest.push(argv[i]);
      continue;
    }
    const option = new FlagArg(argv, i);
    if (NOT_FOR_TUNE.includes(option.flag)) throw new UnknownFlagError(`${option.flag} is simulate's: tune replays every candidate over the history it is given, on one release`);
    if (readLiveFlag(option, live)) {
      i = option.lastIndex;
      continue;
    }
    if (!TUNE_FLAGS.includes(option.flag)) {
      rest.push(argv[i]);
      continue;
    }
    readTuneFlag(option, own);
    i = option.lastIndex;
  }
  checkLiveFlags(live);
  const simulate = parseSimulateArgs(rest);
  return { ...simulate, ...live, ...own } as TuneArgs;
}

function readTuneFlag(option: FlagArg, own: { [k: string]: any }): void {
  if (option.flag === '--all') {
    option.noValue();
    own.all = true;
    return;
  }
  const v = option.nonEmptyValue();
  const pair = (form: string): [string, string] => {
    const eq = v.indexOf('=');
    if (eq <= 0 || v.slice(eq + 1).trim() === '') throw new UsageError(`${option.flag}: "${v}" is not ${form}`);
    return [v.slice(0, eq).trim(), v.slice(eq + 1).trim()];
  };
  const seconds = () => {
    const parsed = parseDuration(v);
    if (!parsed.ok) throw new UsageError(`${option.flag}: ${parsed.error}`);
    return parsed.seconds;
  };
  const whole = (min: number) => {
    if (!/^\d+$/.test(v) || Number(v) < min) throw new UsageError(`${option.flag}: "${v}" is not a whole number, ${min} or more`);
    return Number(v);
  };
  switch (option.flag) {
    case '--max-above-target': {
      const [metric, text] = pair('<metric>=<percent> (such as cpu=5)');
      const n = Number(text.replace(/%$/, ''));
      if (!/^\d+(\.\d+)?%?$/.test(text) || n > 100) throw new UsageError(`--max-above-target ${metric}: "${text}" is not a percent of syncs, 0 to 100`);
      own.maxAboveTarget[metric] = n;
      return;
    }
    case '--threshold': {
      const [metric, text] = pair('<metric>=<value> (such as cpu=80)');
      if (!/^\d+(\.\d+)?$/.test(text)) throw new UsageError(`--threshold ${metric}: "${text}" is not a number, 0 or more (in the target's units: a percent for Utilization)`);
      own.thresholds[metric] = Number(text);
      return;
    }
    case '--max-reaction':
      own.maxReactionSeconds = seconds();
      return;
    case '--max-time-at-max':
      own.maxTimeAtMaxSeconds = seconds();
      return;
    case '--max-direction-changes':
      own.maxDirectionChanges = whole(0);
      return;
    case '--max-replays':
      own.maxReplays = whole(1);
      return;
    case '--jobs':
      own.jobs = whole(1);
      return;
    case '--output':
      own.output = v;
      return;
    case '--language': {
      const language = CODE_LANGUAGES.find(l => l === v.toLowerCase());
      if (language === undefined) {
        const meant = closestName(v.toLowerCase(), CODE_LANGUAGES);
        throw new UsageError(`--language: "${v}" is not ${CODE_LANGUAGES.join(', ')}${meant ? `: did you mean ${meant}?` : ''}`);
      }
      own.language = language;
      return;
    }
    case '--out':
      own.out = v;
      return;
    case '--query-template': {
      const [metric, template] = pair('<metric>=<PromQL>');
      checkTemplate(`--query-template ${metric}`, template);
      own.queryTemplates[metric] = template;
      return;
    }
    case '--replicas-query-template':
      checkTemplate('--replicas-query-template', v);
      own.replicasQueryTemplate = v;
      return;
    case '--vary': {
      own.vary = own.vary ?? [];
      for (const item of v.split(',').map(x => x.trim()).filter(x => x !== '')) {
        const m = /^([^=]+)=(.*)$/.exec(item);
        if (!m) {
          own.vary.push(item);
          continue;
        }
        const range = /^(\d+(?:\.\d+)?)(s|m|h)?\.\.(\d+(?:\.\d+)?)(s|m|h)?$/.exec(m[2].trim());
        if (!range) throw new UsageError(`--vary ${m[1]}: "${m[2]}" is not a range low..high (such as 2..6, 60..600, 50..80)`);
        const scale = (unit?: string) => ({ s: 1, m: 60, h: 3600 } as Record<string, number>)[unit ?? 's'];
        own.vary.push(m[1].trim());
        own.bounds[m[1].trim()] = { min: Number(range[1]) * scale(range[2]), max: Number(range[3]) * scale(range[4]) };
      }
      return;
    }
  }
}
