import type { PrometheusHistory } from './prometheus-history';
import type * as Replayer from './replay-measures';
import type * as ReplayReport from './replay-report';
import { HistorySummary, LoadStep, ReplayData, ReplayMeasures, ReplayOptions, ReplicasCheck, ReportInput } from './replay-types';
import { durationSeconds, requireDuration } from '../model/duration';
import { onFirstUse } from '../private/memoize';
import { SimulationResult } from '../simulation/simulation-result';

/* eslint-disable @typescript-eslint/no-require-imports */
/** Loaded on first use. */
const loadReplayer = onFirstUse(() => require('./replay-measures') as typeof Replayer);
const loadReplayReport = onFirstUse(() => require('./replay-report') as typeof ReplayReport);
/* eslint-enable @typescript-eslint/no-require-imports */

/** The load-step window without `ReplayOptions.loadStepWindow`, in seconds. */
const DEFAULT_LOAD_STEP_WINDOW_SECONDS = 300;

/** Options of the renderings of a replay or a comparison. */
export interface ReplayReportOptions {
  /**
   * Width of the plot in pixels.
   * @default 960
   */
  readonly width?: number;

  /**
   * What the report calls the first (or only) spec.
   * @default - "baseline" and the HPA's name
   */
  readonly baselineLabel?: string;

  /**
   * What the report calls the second spec.
   * @default - "candidate" and the HPA's name
   */
  readonly candidateLabel?: string;
}

/** A replay of recorded history, or a comparison of two: its renderings. */
export abstract class HistoryReport {
  protected constructor() {}

  /** The history, the load step and each spec's measures, as JSON (the structs of these classes); `width` does not apply. */
  public toJson(options: ReplayReportOptions = {}): string {
    return loadReplayReport().renderJson(this._reportInput(options));
  }

  /**
   * A plot: the replicas (each spec's) over the load, with the scale events, the largest load
   * step up close, then each metric against its target.
   */
  public toSvg(options: ReplayReportOptions = {}): string {
    return loadReplayReport().renderSvg(this._reportInput(options));
  }

  /** A page with the measures (side by side) and the plot. */
  public toHtml(options: ReplayReportOptions = {}): string {
    return loadReplayReport().renderHtml(this._reportInput(options));
  }

  /**
   * What the renderings read.
   * @internal
   */
  public _reportInput(options: ReplayReportOptions): ReportInput {
    return report(this._replays(), options ?? {});
  }

  /**
   * The replays rendered.
   * @internal
   */
  protected abstract _replays(): HistoryReplay[];
}

/** One spec's replay of recorded history, with its measures (`HpaSimulator.replay()`). */
export class HistoryReplay extends HistoryReport {
  /**
   * Runs each subject over the history.
   * @internal
   */
  public static _replay(subjects: ReadonlyArray<Replayer.ReplaySubject<SimulationResult>>, history: PrometheusHistory,
    options: ReplayOptions, fixed?: { readonly loadStep?: LoadStep }): HistoryReplay[] {
    requireDuration(options.loadStepWindow, 'HpaSimulator replay options: loadStepWindow');
    const window = options.loadStepWindow ? durationSeconds(options.loadStepWindow) : DEFAULT_LOAD_STEP_WINDOW_SECONDS;
    if (!(window > 0)) throw new Error('HpaSimulator: loadStepWindow must be positive');
    const settings = { until: options.until, loadStepWindowSeconds: window, fixedLoadStep: fixed };
    const { data, results } = loadReplayer().replayHistory(subjects, history._recorded(), settings);
    return results.map((result, i) => new HistoryReplay(data, i, result));
  }

  /** The HPA's name. */
  public readonly name: string;
  /** The history it read. */
  public readonly history: HistorySummary;
  /**
   * The largest rise of the load (found on the first spec of a comparison).
   * @default - the load never rises
   */
  public readonly loadStep?: LoadStep;
  /** The syncs, as `HpaSimulator.run()` gives them. */
  public readonly result: SimulationResult;
  /** What the replay measured. */
  public readonly measures: ReplayMeasures;
  /**
   * The replay's replica count against the recorded one.
   * @default - the history has no replica count
   */
  public readonly replicasCheck?: ReplicasCheck;
  /** @internal */
  public readonly _data: ReplayData;

  private constructor(data: ReplayData, index: number, result: SimulationResult) {
    super();
    this._data = data;
    this.name = result.name;
    this.history = data.history;
    this.loadStep = data.loadStep;
    this.result = result;
    this.measures = data.replays[index].measures;
    this.replicasCheck = data.replays[index].replicasCheck;
  }

  /** @internal */
  protected _replays(): HistoryReplay[] {
    return [this];
  }
}

/**
 * Two specs replayed over the same history (`HpaSimulator.compare()`): the measures of each,
 * and renderings side by side.
 */
export class HistoryComparison extends HistoryReport {
  /** @internal */
  public static _compare(
    baseline: Replayer.ReplaySubject<SimulationResult>, candidate: Replayer.ReplaySubject<SimulationResult>, history: PrometheusHistory,
    options: ReplayOptions): HistoryComparison {
    const [a, b] = HistoryReplay._replay([baseline, candidate], history, options);
    return new HistoryComparison(a, b);
  }

  /** The history both read. */
  public readonly history: HistorySummary;
  /**
   * The largest rise of the load, found on the baseline: both reactions are measured on it.
   * @default - the load never rises
   */
  public readonly loadStep?: LoadStep;

  /** The replay of the simulator `compare()` was called on. */
  public readonly baseline: HistoryReplay;
  /** The replay of the simulator it was given. */
  public readonly candidate: HistoryReplay;

  private constructor(baseline: HistoryReplay, candidate: HistoryReplay) {
    super();
    this.baseline = baseline;
    this.candidate = candidate;
    this.history = baseline.history;
    this.loadStep = baseline.loadStep;
  }

  /** @internal */
  protected _replays(): HistoryReplay[] {
    return [this.baseline, this.candidate];
  }
}

/** What the renderings read. */
function report(replays: HistoryReplay[], options: ReplayReportOptions): ReportInput {
  const labels = [options.baselineLabel, options.candidateLabel];
  const roles = replays.length > 1 ? ['baseline', 'candidate'] : ['replay'];
  return {
    history: replays[0].history,
    loadStep: replays[0].loadStep,
    plot: replays[0]._data.plot,
    width: options.width ?? 960,
    specs: replays.map((r, i) => ({
      label: labels[i] ?? `${roles[i]} ${r.name}`,
      result: r.result,
      measures: r.measures,
      replicasCheck: r.replicasCheck,
    })),
  };
}
