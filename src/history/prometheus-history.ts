import { Duration } from 'cdk8s';
import type * as HistoryInput from './history-input';
import type * as MatrixReader from './prometheus-matrix';
import { durationSeconds, requireDuration } from '../model/duration';
import { onFirstUse } from '../private/memoize';

/* eslint-disable @typescript-eslint/no-require-imports */
/** Loaded on first use. */
const loadHistoryInput = onFirstUse(() => require('./history-input') as typeof HistoryInput);
const loadMatrixReader = onFirstUse(() => require('./prometheus-matrix') as typeof MatrixReader);
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * How the recorded readings of a Resource, ContainerResource or Pods metric load a replay, whose
 * replica count may differ from the one the cluster had.
 */
export enum HistoryLoad {
  /**
   * Each recorded pod is one pod of the replay, in pod-name order: the controller reads what the
   * cluster's pods reported. Pods the replay has beyond them have no sample (the controller's
   * missing-pod rules apply); recorded pods beyond the replay's count are not read. Replaying
   * the HPA that ran gives what the cluster did; another spec sees the same per-pod usage
   * whatever count it reaches.
   */
  POD_SAMPLES = 'PodSamples',

  /**
   * The sum over the recorded pods (or the one series), spread evenly over the replay's pods:
   * the work is the same, so a replay with more pods sees each pod less busy. The load for
   * comparing two specs.
   */
  TOTAL = 'Total',

  /** The mean over the recorded pods (or the one series): each of the replay's pods reports it, whatever the count. */
  PER_POD = 'PerPod',
}

/** How one metric's recorded series are read. */
export interface HistoryMetricOptions {
  /**
   * How the readings of a Resource, ContainerResource or Pods metric load the replay. Not for
   * Object and External metrics, which are one value (several External series are summed, as
   * the controller sums them).
   *
   * @default - `HistoryLoad.POD_SAMPLES` for series with a `pod` label; one series needs `TOTAL` or `PER_POD`
   */
  readonly load?: HistoryLoad;

  /**
   * The range query's step.
   * @default - the shortest interval between two samples of one series
   */
  readonly step?: Duration;
}

/**
 * Recorded metric history for a replay: the JSON Prometheus's HTTP API returns for a range
 * query (`/api/v1/query_range`, a `matrix`), as curl saves it or `promtool query range -o json`
 * prints it, one response per HPA metric, and optionally the replica count of the same period.
 *
 * Each response is read as it arrives, into compact arrays: a month of 15 s samples is not held
 * as text or as JSON objects. Series with a `pod` label are per-pod readings (several series of
 * one pod, one per container say, are summed); one series without it is the metric's value.
 * Times are the query's steps: a step without a sample (a gap, a target down, a stale series)
 * or with NaN is a failure of the metric at that step, so fallbacks and the missing-metric rules
 * replay too. Usages are in the metric's base units (cores for `cpu`); a Utilization target
 * compares them with `HpaSimulatorOptions.podRequests`.
 *
 * @example
 * declare const simulator: HpaSimulator;
 * const history = PrometheusHistory.create()
 *   .metricFromFile('cpu', 'history/cpu.json', { load: HistoryLoad.TOTAL })
 *   .replicasFromFile('history/replicas.json');
 * const replay = simulator.replay(history);
 * const page = replay.toHtml();
 */
export class PrometheusHistory {
  /** An empty history. */
  public static create(): PrometheusHistory {
    return new PrometheusHistory();
  }

  private readonly _metrics = new Map<string, {
    sources: string[]; series: MatrixReader.MatrixSeries[]; load?: HistoryLoad; step?: number; warnings: string[];
  }>();
  private _replicas: { sources: string[]; series: MatrixReader.MatrixSeries[]; warnings: string[] } | undefined;

  private constructor() {}

  /**
   * Adds `metric`'s readings from the text of a range-query response. The metric is named as
   * `HpaSimulator.metricIds` names it; a metric added again gets the new series after its own
   * (a later range, say). Returns the history.
   */
  public metricFromJson(metric: string, json: string, options: HistoryMetricOptions = {}): PrometheusHistory {
    return this._addMetric(metric, 'JSON text', [loadMatrixReader().readMatrixText(json, `the history of ${metric}`)], options);
  }

  /** Adds `metric`'s readings from a file holding a range-query response, read in chunks. Returns the history. */
  public metricFromFile(metric: string, file: string, options: HistoryMetricOptions = {}): PrometheusHistory {
    return this._addMetric(metric, file, [loadMatrixReader().readMatrixFile(file)], options);
  }

  /**
   * The target's replica count over the same period (`kube_deployment_status_replicas` of the
   * one workload, say), from the text of a range-query response; a replay reports how far its
   * replica count was from it. Returns the history.
   */
  public replicasFromJson(json: string): PrometheusHistory {
    return this._addReplicas('JSON text', [loadMatrixReader().readMatrixText(json, 'the replica history')]);
  }

  /** The target's replica count over the same period, from a file. Returns the history. */
  public replicasFromFile(file: string): PrometheusHistory {
    return this._addReplicas(file, [loadMatrixReader().readMatrixFile(file)]);
  }

  /** The metrics the history has, in the order they were added. */
  public get metrics(): string[] {
    return [...this._metrics.keys()];
  }

  /** Whether the history has the replica count of the period. */
  public get hasReplicas(): boolean {
    return this._replicas !== undefined;
  }

  /**
   * Adds the responses of one metric (the chunks of a long range, fetched one by one), with the
   * query's step in seconds when it is known.
   * @internal
   */
  public _addMetric(metric: string, source: string, documents: MatrixReader.MatrixDocument[], options: HistoryMetricOptions,
    stepSeconds?: number): PrometheusHistory {
    if (typeof metric !== 'string' || metric === '') throw new Error('PrometheusHistory: the metric name must be a non-empty string');
    requireDuration(options.step, `PrometheusHistory ${metric}: step`);
    const step = stepSeconds ?? (options.step ? durationSeconds(options.step) : undefined);
    const known = this._metrics.get(metric);
    if (known && (known.load !== options.load || known.step !== step)) {
      throw new Error(`PrometheusHistory: ${metric} was added with other options (load, step): add its responses with the same ones`);
    }
    const entry = known ?? { sources: [], series: [], load: options.load, step, warnings: [] };
    const sources = [...entry.sources, source];
    let series = entry.series;
    const merge = loadMatrixReader().mergeSeries;
    for (const d of documents) series = merge(series, d.series);
    // Checked as it is read; the history is left as it was when the check fails.
    loadHistoryInput().checkRecorded({ sources, series, load: entry.load, stepSeconds: entry.step }, metric);
    entry.sources = sources;
    entry.series = series;
    for (const d of documents) entry.warnings.push(...d.warnings);
    this._metrics.set(metric, entry);
    return this;
  }

  /**
   * The replica counts of the period, from responses.
   * @internal
   */
  public _addReplicas(source: string, documents: MatrixReader.MatrixDocument[]): PrometheusHistory {
    const entry = this._replicas ?? { sources: [], series: [], warnings: [] };
    entry.sources.push(source);
    const merge = loadMatrixReader().mergeSeries;
    for (const d of documents) {
      entry.series = merge(entry.series, d.series);
      entry.warnings.push(...d.warnings);
    }
    this._replicas = entry;
    return this;
  }

  /**
   * What a replay reads.
   * @internal
   */
  public _recorded(): HistoryInput.RecordedHistory {
    const metrics = new Map([...this._metrics].map(([name, e]) => [name, {
      sources: e.sources, series: e.series, load: e.load, stepSeconds: e.step,
    }]));
    const warnings = [...this._metrics.values()].flatMap(e => e.warnings).concat(this._replicas?.warnings ?? []);
    return { metrics, replicas: this._replicas, warnings: [...new Set(warnings)] };
  }
}
