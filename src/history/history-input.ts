/**
 * Recorded history as a run reads it: each metric's range-query series laid on the query's step
 * grid and read step by step, straight from the series' arrays (nothing is copied per step), into
 * the observations the controller would have been given. Loaded on first use.
 */
import { MatrixSeries } from './prometheus-matrix';
import { SimMetric } from '../simulation/hpa-spec';
import { MetricObservation } from '../simulation/metric-observation';
import { ObservationSource, podRequest } from '../simulation/simulation-run';

/** How a pod metric's readings load the replay (the values of `HistoryLoad`). */
export type LoadModel = 'PodSamples' | 'Total' | 'PerPod';

/** One metric's recorded series, as `PrometheusHistory` keeps them. */
export interface RecordedMetric {
  /** The files or queries they came from, for messages. */
  readonly sources: readonly string[];
  /** One per label set, samples in time order. */
  readonly series: readonly MatrixSeries[];
  readonly load?: LoadModel;
  /** The query's step, when given. */
  readonly stepSeconds?: number;
}

/** Every recorded response of a history, as `PrometheusHistory` keeps them. */
export interface RecordedHistory {
  /** By metric id. */
  readonly metrics: ReadonlyMap<string, RecordedMetric>;
  readonly replicas?: { readonly sources: readonly string[]; readonly series: readonly MatrixSeries[] };
  /** Prometheus's warnings and infos, once each. */
  readonly warnings: readonly string[];
}

/** Sample times are written with milliseconds: closer than this to a grid point is on it. */
const GRID_SLACK_SECONDS = 0.0015;

const POD_TYPES = ['Resource', 'ContainerResource', 'Pods'];

/** The demand of a step `StepReader.read` answered `count` for, from its values. */
export type DemandReader = (count: number, values: ArrayLike<number>) => number | undefined;

/** `StepReader.read`'s answer for a step without a sample, and for one with only NaN or infinite samples. */
const GAP = -1;
const NAN = -2;

/** A history that cannot be replayed, with what to change. */
export class HistoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HistoryError';
  }
}

/** Unix seconds as RFC 3339 (milliseconds only when there are some). */
export function rfc3339(seconds: number): string {
  return new Date(Math.round(seconds * 1000)).toISOString().replace(/\.000Z$/, 'Z');
}

/**
 * A metric's recorded series on the query's step grid, whatever spec reads them: checked once
 * (each sample on the grid, in time order) and grouped (by pod, or one group per series).
 */
class Grid {
  public readonly start: number;
  public readonly step: number;
  public readonly steps: number;
  public readonly podLabelled: boolean;
  public readonly groups: ReadonlyArray<readonly MatrixSeries[]>;
  /** Steps where no series has a finite sample. */
  public readonly failedSteps: number;
  /** The first negative sample, which no usage can be. */
  public readonly negative?: { readonly series: MatrixSeries; readonly index: number };

  constructor(recorded: RecordedMetric, where: string) {
    const series = recorded.series.filter(s => s.length > 0 || s.histograms > 0);
    if (series.length === 0) throw new HistoryError(`${where} has no samples: the query returned no series over the range`);
    const histograms = series.find(s => s.histograms > 0);
    if (histograms) {
      throw new HistoryError(`${where}: series ${labelText(histograms.labels)} has native histogram samples; `
        + 'query a float series (rate(), histogram_quantile(), a sum)');
    }
    const withPod = series.filter(s => s.labels.pod !== undefined);
    if (withPod.length > 0 && withPod.length < series.length) {
      const other = series.find(s => s.labels.pod === undefined)!;
      throw new HistoryError(`${where}: some series have a pod label and ${labelText(other.labels)} has none; `
        + 'give one series per pod, or one series in all');
    }
    this.podLabelled = withPod.length > 0;
    if (this.podLabelled) {
      const byPod = new Map<string, MatrixSeries[]>();
      for (const s of series) {
        const list = byPod.get(s.labels.pod) ?? [];
        list.push(s);
        byPod.set(s.labels.pod, list);
      }
      this.groups = [...byPod.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(p => byPod.get(p)!);
    } else {
      this.groups = series.map(s => [s]);
    }
    let start = Infinity;
    let end = -Infinity;
    for (const s of series) {
      start = Math.min(start, s.times[0]);
      end = Math.max(end, s.times[s.length - 1]);
    }
    this.start = start;
    this.step = recorded.stepSeconds ?? inferStep(series, where);
    this.steps = Math.round((end - start) / this.step) + 1;

    const read = new Uint8Array(this.steps);
    for (const s of series) {
      for (let i = 0; i < s.length; i++) {
        const k = (s.times[i] - start) / this.step;
        const grid = Math.round(k);
        if (Math.abs(k - grid) * this.step > GRID_SLACK_SECONDS) {
          throw new HistoryError(`${where}: the sample of ${labelText(s.labels)} at ${rfc3339(s.times[i])} is not on the step grid `
            + `(${rfc3339(start)} + k x ${this.step}s): a range query's samples are; join queries of the same step and start`);
        }
        if (i > 0 && !(s.times[i] > s.times[i - 1])) {
          throw new HistoryError(`${where}: the samples of ${labelText(s.labels)} are not in time order at ${rfc3339(s.times[i])}`);
        }
        const v = s.values[i];
        if (Number.isFinite(v)) read[grid] = 1;
        if (v < 0 && this.negative === undefined) this.negative = { series: s, index: i };
      }
    }
    let failed = 0;
    for (let k = 0; k < this.steps; k++) if (read[k] === 0) failed++;
    this.failedSteps = failed;
  }
}

/** The grids of the histories read, each built once (by its series) for every replay and spec that reads it. */
const grids = new WeakMap<readonly MatrixSeries[], Map<number | undefined, Grid>>();

/** The grid of a metric's series, built once for the history (throws on series no spec can read). */
function gridOf(recorded: RecordedMetric, where: string): Grid {
  // By the series and the step: a metric's series change only when responses are added, which makes new ones.
  const byStep = grids.get(recorded.series) ?? new Map<number | undefined, Grid>();
  grids.set(recorded.series, byStep);
  let grid = byStep.get(recorded.stepSeconds);
  if (grid === undefined) {
    grid = new Grid(recorded, where);
    byStep.set(recorded.stepSeconds, grid);
  }
  return grid;
}

/**
 * Checks a metric's recorded series as they are read (each sample on the step grid, in time
 * order): a history is checked once, however many specs replay it. Throws `HistoryError`.
 */
export function checkRecorded(recorded: RecordedMetric, name: string): void {
  gridOf(recorded, `the history of ${name} (${recorded.sources.join(', ')})`);
}

/** One metric's history on its grid, as one spec's metric reads it. */
export class MetricTimeline {
  /** `pods`: series by `pod` label; `single`: one series; `series`: several External series, summed. */
  public readonly kind: 'pods' | 'single' | 'series';
  public readonly load: LoadModel | undefined;
  private readonly grid: Grid;

  constructor(public readonly metric: SimMetric, recorded: RecordedMetric, name: string) {
    const where = `the history of ${name} (${recorded.sources.join(', ')})`;
    const grid = this.grid = gridOf(recorded, where);
    const podMetric = POD_TYPES.includes(metric.type);
    const groups = grid.groups;
    if (grid.podLabelled && !podMetric) {
      throw new HistoryError(`${where}: the series have a pod label, but ${name} is ${article(metric.type)} ${metric.type} metric, `
        + 'one value for the whole target: aggregate it in the query (sum(...))');
    }
    if (grid.podLabelled) {
      this.kind = 'pods';
    } else if (groups.length === 1) {
      this.kind = 'single';
    } else if (metric.type === 'External') {
      this.kind = 'series';
    } else {
      throw new HistoryError(`${where}: the query returned ${groups.length} series (${groups.slice(0, 3).map(g => labelText(g[0].labels)).join(', ')}${groups.length > 3 ? ', ...' : ''}); `
        + `${podMetric ? 'label them by pod, or ' : ''}aggregate them in the query (sum(...))`);
    }
    if (recorded.load !== undefined && !podMetric) {
      throw new HistoryError(`${where}: a load model is for Resource, ContainerResource and Pods metrics; ${name} is ${article(metric.type)} ${metric.type} metric, read as its value`);
    }
    if (podMetric && this.kind === 'single' && recorded.load === undefined) {
      throw new HistoryError(`${where}: one series for ${article(metric.type)} ${metric.type} metric: say whether it is the total over the pods `
        + '(load Total: spread over the replay\'s pods) or each pod\'s usage (load PerPod)');
    }
    if (podMetric && this.kind === 'single' && recorded.load === 'PodSamples') {
      throw new HistoryError(`${where}: load PodSamples needs one series per pod (a pod label); this query returned one series`);
    }
    const negative = grid.negative;
    if (podMetric && negative) {
      throw new HistoryError(`${where}: ${labelText(negative.series.labels)} is ${negative.series.values[negative.index]} `
        + `at ${rfc3339(negative.series.times[negative.index])}: a usage is 0 or more`);
    }
    this.load = podMetric ? recorded.load ?? 'PodSamples' : undefined;
  }

  /**
   * The replicas a step's load needs at the metric's target: the total over pods (or the
   * value) over the target per pod. Undefined when the reading failed, for a Value target (the
   * value is compared as it is, whatever the count) and for the PerPod load (each pod's usage,
   * whatever the count). `podRequests` as in `HpaSimulatorOptions`.
   */
  public demandReader(podRequests: { readonly [resource: string]: number } | undefined): DemandReader {
    if (this.load === 'PerPod' || this.metric.targetType === 'Value') return () => undefined;
    // Replicas per unit of the total: for Utilization, one pod's request at the target percentage; else the target in milli-units.
    const perUnit = this.metric.targetType === 'Utilization'
      ? 100 / (podRequest(this.metric, podRequests) * this.metric.target)
      : 1000 / this.metric.target;
    return (count, values) => (count < 0 ? undefined : sum(values, count) * perUnit);
  }

  /** Unix seconds of the first step. */
  public get start(): number {
    return this.grid.start;
  }

  /** The query's step, in seconds. */
  public get step(): number {
    return this.grid.step;
  }

  /** How many steps, from the first sample to the last. */
  public get steps(): number {
    return this.grid.steps;
  }

  /** Unix seconds of the last step. */
  public get end(): number {
    return this.grid.start + (this.grid.steps - 1) * this.grid.step;
  }

  /** Pods (or series) seen, for the summary. */
  public get width(): number {
    return this.grid.groups.length;
  }

  /** Steps without a usable reading (a gap, or NaN). */
  public get failedSteps(): number {
    return this.grid.failedSteps;
  }

  /**
   * The observations of the run whose time 0 is `t0` (unix seconds). With `demands` (one per
   * step, NaN to begin with), the demand of each step read is written there as the run reads it.
   */
  public source(t0: number, demands?: { readonly of: DemandReader; readonly out: Float64Array }): ObservationSource {
    return new TimelineCursor(this, t0, demands);
  }

  /** A reader of the steps in order. */
  public reader(): StepReader {
    return new StepReader(this.grid.groups, this.grid.start, this.grid.step);
  }

  /** The step at `time` of a run whose time 0 is `t0`: the last at or before it, -1 before the first. */
  public stepAt(time: number, t0: number): number {
    return Math.min(Math.floor((time - (this.grid.start - t0)) / this.grid.step + 1e-9), this.grid.steps - 1);
  }

  /** The observation the controller is given for a step `StepReader.read` answered `count` for. */
  public observation(count: number, values: ArrayLike<number>): MetricObservation {
    if (count === GAP) return MetricObservation.failure('no sample in the history at this step');
    if (count === NAN) return MetricObservation.failure('the history has no finite value at this step (NaN)');
    switch (this.load) {
      case 'PodSamples':
        return MetricObservation.podSamples(Array.from({ length: count }, (_, i) => values[i]));
      case 'Total':
        return MetricObservation.totalUsage(sum(values, count));
      case 'PerPod':
        return MetricObservation.perPodUsage(sum(values, count) / count);
      default:
        return this.kind === 'series' ? MetricObservation.series(Array.from({ length: count }, (_, i) => values[i])) : MetricObservation.value(values[0]);
    }
  }

}

/** The replica count of the period (kube_deployment_status_replicas, say): one series. */
export class ReplicasTimeline {
  private readonly series: MatrixSeries;
  private p = 0;
  private last: number | undefined;

  constructor(recorded: NonNullable<RecordedHistory['replicas']>) {
    const where = `the replica history (${recorded.sources.join(', ')})`;
    const series = recorded.series.filter(s => s.length > 0);
    if (series.length !== 1) {
      throw new HistoryError(series.length === 0 ? `${where} has no samples: the query returned no series over the range`
        : `${where} has ${series.length} series (${series.slice(0, 3).map(s => labelText(s.labels)).join(', ')}${series.length > 3 ? ', ...' : ''}): `
          + 'select the one workload the HPA scales');
    }
    this.series = series[0];
  }

  /** The series' labels, to say which count was compared. */
  public get labels(): { readonly [name: string]: string } {
    return this.series.labels;
  }

  /** The last finite count at or before `time` (unix seconds); times never decrease. */
  public at(time: number): number | undefined {
    const s = this.series;
    for (; this.p < s.length && s.times[this.p] <= time + GRID_SLACK_SECONDS; this.p++) {
      if (Number.isFinite(s.values[this.p])) this.last = s.values[this.p];
    }
    return this.last;
  }

  /** The first sample's time. */
  public get start(): number {
    return this.series.times[0];
  }
}

/** Reads the steps of a timeline in increasing order, one pointer per series, into one buffer. */
export class StepReader {
  /** The values of the step last read: one per pod (its series summed) or per series with a finite sample, in order. */
  public readonly values: Float64Array;
  /** Per group and series: the next sample, and its step on the grid. */
  private readonly pointers: Int32Array[];
  private readonly pointerSteps: Float64Array[];
  private readonly inverseStep: number;

  constructor(private readonly groups: ReadonlyArray<readonly MatrixSeries[]>, private readonly start: number, step: number) {
    this.values = new Float64Array(groups.length);
    this.pointers = groups.map(g => new Int32Array(g.length));
    this.inverseStep = 1 / step;
    this.pointerSteps = groups.map(g => Float64Array.from(g, s => this.stepOf(s, 0)));
  }

  /** Reads step `k` into `values` (`k` never decreases from one call to the next): how many values, or GAP or NAN. */
  public read(k: number): number {
    let count = 0;
    let nan = false;
    const groups = this.groups;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g];
      const pointers = this.pointers[g];
      const steps = this.pointerSteps[g];
      let found = false;
      let finite = true;
      let total = 0;
      for (let j = 0; j < group.length; j++) {
        if (steps[j] > k) continue;
        const s = group[j];
        let p = pointers[j];
        let at = steps[j];
        while (at < k) at = this.stepOf(s, ++p);
        pointers[j] = p;
        steps[j] = at;
        if (at === k) {
          found = true;
          const v = s.values[p];
          if (Number.isFinite(v)) total += v;
          else finite = false;
        }
      }
      if (!found) continue;
      if (!finite) {
        nan = true;
        continue;
      }
      this.values[count++] = total;
    }
    return count > 0 ? count : nan ? NAN : GAP;
  }

  /** The grid step of sample `p` of `s`; Infinity past its last. */
  private stepOf(s: MatrixSeries, p: number): number {
    return p < s.length ? Math.round((s.times[p] - this.start) * this.inverseStep) : Infinity;
  }
}

/**
 * A timeline as a run reads it: the observation of the step at or before each sync; a run of
 * steps with the same reading is one observation (the same object), so the syncs over it can be
 * repeated rather than run in full.
 */
class TimelineCursor implements ObservationSource {
  private readonly reader: StepReader;
  /** The last step read. */
  private readK = -1;
  /** The reading the current observation was made of. */
  private currentCount = 0;
  private readonly currentValues: Float64Array;
  private current: MetricObservation | undefined;
  /** The next step whose reading differs from the current one, once looked for (the reader holds its reading), and its count. */
  private next: number | undefined;
  private nextCount = 0;

  constructor(private readonly timeline: MetricTimeline, private readonly t0: number,
    private readonly demands: { readonly of: DemandReader; readonly out: Float64Array } | undefined) {
    this.reader = timeline.reader();
    this.currentValues = new Float64Array(timeline.width);
  }

  public at(time: number): MetricObservation | undefined {
    const k = this.timeline.stepAt(time, this.t0);
    if (k < 0) return undefined;
    for (let next = this.lookAhead(); next <= k; next = this.lookAhead()) {
      this.currentCount = this.nextCount;
      this.currentValues.set(this.reader.values);
      this.current = this.timeline.observation(this.currentCount, this.currentValues);
      this.next = undefined;
    }
    return this.current;
  }

  public get nextChange(): number {
    const next = this.lookAhead();
    return next >= this.timeline.steps ? Infinity : this.timeline.start - this.t0 + next * this.timeline.step;
  }

  private lookAhead(): number {
    if (this.next !== undefined) return this.next;
    const steps = this.timeline.steps;
    for (let k = this.readK + 1; k < steps; k++) {
      this.readK = k;
      const count = this.reader.read(k);
      if (this.demands) this.demands.out[k] = this.demands.of(count, this.reader.values) ?? NaN;
      if (this.current === undefined || !this.same(count)) {
        this.nextCount = count;
        return (this.next = k);
      }
    }
    return (this.next = steps);
  }

  /** Whether the reader's step reads as the current observation's. */
  private same(count: number): boolean {
    if (count !== this.currentCount) return false;
    const values = this.reader.values;
    for (let i = 0; i < count; i++) if (values[i] !== this.currentValues[i]) return false;
    return true;
  }
}

/** The smallest interval between two samples of a series, to the millisecond. */
function inferStep(series: readonly MatrixSeries[], where: string): number {
  let step = Infinity;
  for (const s of series) {
    for (let i = 1; i < s.length; i++) {
      const d = Math.round((s.times[i] - s.times[i - 1]) * 1000) / 1000;
      if (d > 0 && d < step) step = d;
    }
  }
  if (!Number.isFinite(step)) throw new HistoryError(`${where} has one sample per series: give the query's step`);
  return step;
}

/** A series' labels as PromQL writes a selector: `{pod="web-1", container="app"}`. */
export function labelText(labels: { readonly [name: string]: string }): string {
  const entries = Object.entries(labels);
  const name = labels.__name__ ?? '';
  const rest = entries.filter(([k]) => k !== '__name__').map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return `${name}{${rest.join(', ')}}`;
}

function sum(values: ArrayLike<number>, count: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) total += values[i];
  return total;
}

function article(type: string): string {
  return /^[AEIOU]/.test(type) ? 'an' : 'a';
}
