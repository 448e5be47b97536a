/**
 * The tuner and the history a `cdk8s-hpa tune` command line names, made the same way in the
 * command and in each of its workers (so every thread replays the same candidates over the same
 * history), and the search run over the workers.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Worker } from 'worker_threads';
import { HpaTuner, HpaTunerOptions, PrometheusHistory, secondsDuration, TuningResult, TuningScore, TuningSettingError } from 'cdk8s-hpa/lib/toolkit';
import { TuneArgs } from './args';
import { Io } from '../../command';
import { UsageError } from '../../errors';
import { RunSettings } from '../../run-settings';
import { checkedHpa } from '../simulate/command';
import { readHistory } from '../simulate/history';
import { RunNoteNames } from '../simulate/notes';

export interface Tuning {
  readonly tuner: HpaTuner;
  readonly label: string;
  readonly metricIds: string[];
  /** How the notes on the spec's replay name the requests flag and the workload. */
  readonly names: RunNoteNames;
}

/** The tuner of the command line's HPA, or the exit code after printing why there is none. */
export function makeTuner(args: TuneArgs, io: Io): Tuning | number {
  const run = RunSettings.resolve(args);
  const checked = checkedHpa(args, io, run, args.hpa!, args.name, false);
  if (typeof checked === 'number') return checked;
  const options: HpaTunerOptions = {
    ...checked.options,
    until: args.until,
    vary: args.vary,
    bounds: args.bounds,
    maxReplays: args.maxReplays,
    limits: {
      maxAboveTarget: args.maxAboveTarget,
      thresholds: args.thresholds,
      maxReaction: args.maxReactionSeconds !== undefined ? secondsDuration(args.maxReactionSeconds) : undefined,
      maxTimeAtMax: args.maxTimeAtMaxSeconds !== undefined ? secondsDuration(args.maxTimeAtMaxSeconds) : undefined,
      maxDirectionChanges: args.maxDirectionChanges,
    },
  };
  let tuner: HpaTuner;
  try {
    tuner = HpaTuner.fromManifest(checked.manifest, options);
  } catch (e) {
    if (e instanceof TuningSettingError) throw new UsageError(`--${e.message.replace(/^bounds /, 'vary ')}`);
    throw e;
  }
  const metricIds = tuner.metricIds;
  for (const [flag, given] of [['--max-above-target', args.maxAboveTarget], ['--threshold', args.thresholds]] as const) {
    for (const metric of Object.keys(given)) {
      if (!metricIds.includes(metric)) throw new UsageError(`${flag} ${metric}=${given[metric]}: the HPA has no metric "${metric}" (its metrics: ${metricIds.join(', ')})`);
    }
  }
  return { tuner, label: checked.label, metricIds, names: checked.names };
}

/** The history of the command line, read (or fetched: a promise). */
export function tuningHistory(args: TuneArgs, io: Io, tuning: Tuning): PrometheusHistory | Promise<PrometheusHistory> {
  return readHistory(args, io, tuning.metricIds);
}

/** The compiled worker, when this runs compiled (under ts-jest there is none: one thread). */
const WORKER = path.join(__dirname, 'worker.js');

/**
 * The search, each batch split over `jobs` threads: this one and `jobs - 1` workers (each makes
 * the same tuner and reads the same history from `argv`), the scores submitted in the batch's
 * order: the result is the one `tuner.tune()` gives on one thread.
 */
export async function searchOnWorkers(tuning: Tuning, history: PrometheusHistory, argv: readonly string[], jobs: number): Promise<TuningResult> {
  if (jobs <= 1 || !fs.existsSync(WORKER)) return tuning.tuner.tune(history);
  const workers = Array.from({ length: jobs - 1 }, () => new Worker(WORKER, { workerData: { argv } }));
  try {
    const search = tuning.tuner.search(history);
    for (let batch = search.nextBatch(); batch.length > 0; batch = search.nextBatch()) {
      const size = Math.ceil(batch.length / jobs);
      // The workers' shares are sent first; this thread scores the first share meanwhile.
      const theirs = Promise.all(workers.map((w, i) => score(w, batch.slice((i + 1) * size, (i + 2) * size))));
      const mine = tuning.tuner.score(history, batch.slice(0, size));
      search.submit([...mine, ...(await theirs).flat()]);
    }
    return search.result();
  } finally {
    await Promise.all(workers.map(w => w.terminate()));
  }
}

function score(worker: Worker, candidates: any[]): Promise<TuningScore[]> {
  if (candidates.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const done = (message: { scores?: TuningScore[]; error?: string }) => {
      worker.off('error', reject);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.scores!);
    };
    worker.once('message', done);
    worker.once('error', reject);
    worker.postMessage({ candidates });
  });
}
