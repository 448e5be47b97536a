/**
 * Replays of recorded history: each spec run over the same history, then measured (the
 * definitions are on the structs of `replay-types.ts` and in docs/what-if.md). Loaded on first use.
 */
import { HistoryError, MetricTimeline, RecordedHistory, ReplicasTimeline, rfc3339, labelText } from './history-input';
import { HistoryMetricSummary, LoadStep, MetricAboveTarget, Reaction, ReplayData, ReplayMeasures, ReplicasCheck } from './replay-types';
import { displayTarget, SimMetric, SimSpec } from '../simulation/hpa-spec';
import { RunInput } from '../simulation/simulation-run';
import { SimulationResultProps, SimulationStep } from '../simulation/simulation-step';
import { HpaSimulatorOptions } from '../simulation/simulator-options';

/** One simulator as a replay runs it. */
export interface ReplaySubject<R extends SimulationResultProps> {
  readonly spec: SimSpec;
  readonly options: HpaSimulatorOptions;
  /** The seconds between syncs. */
  readonly syncPeriod: number;
  /** A run over `input` up to `until`, with `options` (the simulator's, with the history's starting state). */
  run(input: RunInput, until: number, options: HpaSimulatorOptions): R;
}

/** Options of a replay, in seconds. */
export interface ReplaySettings {
  readonly until?: number;
  readonly loadStepWindowSeconds: number;
  /**
   * The load step to measure the reactions on, as a replay of a baseline first in `subjects`
   * found it: a candidate replayed alone is measured as it would be second in a comparison.
   */
  readonly fixedLoadStep?: { readonly loadStep?: LoadStep };
}

/** Added to a demand before rounding it up, so that 4.4 / 1.1 needs 4 replicas, not 5. */
const ROUNDING_SLACK = 1e-9;

/** Runs every subject over the history and measures each run; the first subject is the baseline. */
export function replayHistory<R extends SimulationResultProps>(subjects: ReadonlyArray<ReplaySubject<R>>, recorded: RecordedHistory,
  settings: ReplaySettings): { data: ReplayData; results: R[] } {
  const timelines = subjects.map(s => s.spec.metrics.map(m => {
    const r = recorded.metrics.get(m.id);
    if (!r) {
      const has = [...recorded.metrics.keys()];
      throw new HistoryError(`the HPA ${s.spec.name} reads metric ${m.id}, and the history has ${has.length ? `only ${has.join(', ')}` : 'no metric'}: `
        + `give the history of ${m.id} (its metrics are named as HpaSimulator.metricIds names them: ${s.spec.metrics.map(x => x.id).join(', ')})`);
    }
    return new MetricTimeline(m, r, m.id);
  }));
  const read = new Set(subjects.flatMap(s => s.spec.metrics.map(m => m.id)));
  for (const name of recorded.metrics.keys()) {
    if (!read.has(name)) throw new HistoryError(`the history has metric ${name}, which no HPA reads (they read ${[...read].join(', ')})`);
  }
  const all = timelines.flat();
  const t0 = Math.min(...all.map(t => t.start));
  const end = Math.max(...all.map(t => t.end));
  const until = settings.until ?? end - t0;
  if (!(until >= 0)) throw new HistoryError(`until must be 0 or more seconds from the history's start (got ${until})`);
  const recordedReplicas = recorded.replicas ? new ReplicasTimeline(recorded.replicas).at(t0) : undefined;

  // Each step's demand, at each spec's targets, written as its run reads the step.
  const demands = subjects.map((s, i) => timelines[i].map(t => ({
    of: t.demandReader(s.options.podRequests),
    out: new Float64Array(t.steps).fill(NaN),
  })));
  const results = subjects.map((s, i) => s.run(
    { sources: timelines[i].map((t, j) => t.source(t0, demands[i][j])), manual: [] },
    until,
    {
      ...s.options,
      // The count the cluster had when the history begins, unless the options say otherwise.
      initialReplicas: s.options.initialReplicas ?? (recordedReplicas !== undefined ? Math.max(0, Math.round(recordedReplicas)) : undefined),
      startTime: s.options.startTime ?? rfc3339(t0),
    }));

  const steps = results[0].steps;
  const times = steps.map(s => s.time);
  const demand = demandAt(timelines[0], demands[0], times, t0);
  const loadStep = settings.fixedLoadStep ? settings.fixedLoadStep.loadStep : largestStep(times, demand, settings.loadStepWindowSeconds);
  const replays = subjects.map((s, i) => {
    const result = results[i];
    const period = s.syncPeriod;
    const stepDemand = loadStep && demandAt(timelines[i], demands[i], [loadStep.end], t0)[0];
    const measures = measure(s.spec, result.steps, period, loadStep && reaction(s.spec, stepDemand, result.steps, loadStep));
    const replicasCheck = recorded.replicas ? checkReplicas(new ReplicasTimeline(recorded.replicas), result.steps, period, t0) : undefined;
    return { measures, replicasCheck };
  });

  const seen = new Map<string, MetricTimeline>();
  for (const t of all) if (!seen.has(t.metric.id)) seen.set(t.metric.id, t);
  const metrics: HistoryMetricSummary[] = [...seen.values()].map(t => ({
    metric: t.metric.id,
    sources: [...recorded.metrics.get(t.metric.id)!.sources],
    kind: t.kind,
    width: t.width,
    load: t.load,
    stepSeconds: t.step,
    steps: t.steps,
    failedSteps: t.failedSteps,
  }));
  const recordedAt = recorded.replicas ? new ReplicasTimeline(recorded.replicas) : undefined;
  const plot = { demand, recorded: recordedAt ? steps.map(s => recordedAt.at(t0 + s.time)) : undefined };
  return {
    data: { history: { start: rfc3339(t0), end: rfc3339(end), metrics, warnings: [...recorded.warnings] }, loadStep, replays, plot },
    results,
  };
}

/**
 * The demand at each time (the replicas the load needs at the metrics' targets; the largest over
 * metrics), from the steps' demands the run wrote; undefined where no metric has one.
 */
function demandAt(timelines: readonly MetricTimeline[], demands: ReadonlyArray<{ readonly out: Float64Array }>, times: readonly number[],
  t0: number): Array<number | undefined> {
  return times.map(time => {
    let demand: number | undefined;
    timelines.forEach((t, j) => {
      const k = t.stepAt(time, t0);
      const d = k < 0 ? NaN : demands[j].out[k];
      if (!Number.isNaN(d) && (demand === undefined || d > demand)) demand = d;
    });
    return demand;
  });
}

/**
 * The largest rise of the demand from one sync to a later one at most `window` seconds after it:
 * for each sync, the lowest demand of the syncs in the window before it (the latest of equal
 * ones); the first largest rise wins. Undefined when the demand never rises.
 */
export function largestStep(times: readonly number[], demands: ReadonlyArray<number | undefined>, window: number): LoadStep | undefined {
  let best: { a: number; b: number; rise: number } | undefined;
  // Indexes of syncs in the window, their demands increasing: the front is the lowest.
  const queue: number[] = [];
  let head = 0;
  for (let b = 0; b < times.length; b++) {
    const d = demands[b];
    if (d === undefined) continue;
    while (head < queue.length && times[queue[head]] < times[b] - window) head++;
    if (head < queue.length) {
      const a = queue[head];
      const rise = d - demands[a]!;
      if (rise > 0 && (best === undefined || rise > best.rise)) best = { a, b, rise };
    }
    while (queue.length > head && demands[queue[queue.length - 1]]! >= d) queue.pop();
    queue.push(b);
  }
  if (!best) return undefined;
  return { start: times[best.a], end: times[best.b], fromReplicas: demands[best.a]!, toReplicas: demands[best.b]! };
}

/**
 * How long `steps` took from the load step's start to reach the replicas the load at its end
 * (`demand`, at `spec`'s targets) needs under `spec`.
 */
function reaction(spec: SimSpec, demand: number | undefined, steps: readonly SimulationStep[], step: LoadStep): Reaction | undefined {
  if (demand === undefined) return undefined;
  const needed = Math.ceil(demand / (1 + spec.tolerance.up) - ROUNDING_SLACK);
  const requiredReplicas = Math.min(spec.maxReplicas, Math.max(spec.minReplicas, needed));
  const reached = steps.find(s => s.time >= step.start && s.replicas >= requiredReplicas);
  return { requiredReplicas, seconds: reached ? reached.time - step.start : undefined };
}

/** The measures of one run (see `ReplayMeasures`). */
export function measure(spec: SimSpec, steps: readonly SimulationStep[], period: number, reactionToStep: Reaction | undefined): ReplayMeasures {
  let replicaSyncs = 0;
  let scaleUps = 0;
  let scaleDowns = 0;
  let directionChanges = 0;
  let lastDirection = 0;
  let longest = 0;
  let longestStart: number | undefined;
  let run = 0;
  let runStart = 0;
  for (const s of steps) {
    replicaSyncs += s.replicas;
    const direction = Math.sign(s.replicas - s.currentReplicas);
    if (direction !== 0) {
      if (direction > 0) scaleUps++;
      else scaleDowns++;
      if (lastDirection !== 0 && direction !== lastDirection) directionChanges++;
      lastDirection = direction;
    }
    if (s.replicas === spec.maxReplicas) {
      if (run === 0) runStart = s.time;
      run++;
      if (run > longest) {
        longest = run;
        longestStart = runStart;
      }
    } else {
      run = 0;
    }
  }
  return {
    syncs: steps.length,
    syncPeriodSeconds: period,
    replicaHours: (replicaSyncs * period) / 3600,
    scaleEvents: scaleUps + scaleDowns,
    scaleUps,
    scaleDowns,
    directionChanges,
    longestAtMaxSeconds: longest * period,
    longestAtMaxStart: longestStart,
    aboveTarget: spec.metrics.map((m, i) => aboveTarget(m, i, steps, period)),
    reaction: reactionToStep,
  };
}

/**
 * What the controller compared with the target, in the target's units: the usage (Utilization,
 * pod AverageValue), the value (Value), or the value over the sync's replicas (an Object or
 * External AverageValue; above any target when a positive value meets zero replicas).
 */
export function comparedReading(type: string, targetType: string, usage: number, currentReplicas: number): number {
  if (targetType !== 'AverageValue' || (type !== 'Object' && type !== 'External')) return usage;
  return currentReplicas > 0 ? usage / currentReplicas : usage > 0 ? Infinity : 0;
}

function aboveTarget(m: SimMetric, index: number, steps: readonly SimulationStep[], period: number): MetricAboveTarget {
  const target = displayTarget(m);
  let syncsRead = 0;
  let syncsAbove = 0;
  for (const s of steps) {
    const usage = s.metrics[index]?.usage;
    if (usage === undefined) continue;
    syncsRead++;
    if (comparedReading(m.type, m.targetType, usage, s.currentReplicas) > target) syncsAbove++;
  }
  return {
    metric: m.id,
    targetType: m.targetType,
    target,
    syncsRead,
    syncsAbove,
    share: syncsRead > 0 ? syncsAbove / syncsRead : 0,
    seconds: syncsAbove * period,
  };
}

/** The run's replica counts against the recorded ones (see `ReplicasCheck`). */
function checkReplicas(recorded: ReplicasTimeline, steps: readonly SimulationStep[], period: number, t0: number): ReplicasCheck {
  let compared = 0;
  let equal = 0;
  let largest = 0;
  let largestTime: number | undefined;
  let absolute = 0;
  let recordedSum = 0;
  let replaySum = 0;
  for (const s of steps) {
    const r = recorded.at(t0 + s.time);
    if (r === undefined) continue;
    compared++;
    const difference = s.replicas - r;
    if (difference === 0) equal++;
    if (Math.abs(difference) > Math.abs(largest)) {
      largest = difference;
      largestTime = s.time;
    }
    absolute += Math.abs(difference);
    recordedSum += r;
    replaySum += s.replicas;
  }
  return {
    series: labelText(recorded.labels),
    syncsCompared: compared,
    syncsEqual: equal,
    share: compared > 0 ? equal / compared : 0,
    largestDifference: largest,
    largestDifferenceTime: largestTime,
    meanAbsoluteDifference: compared > 0 ? absolute / compared : 0,
    recordedReplicaHours: (recordedSum * period) / 3600,
    replayReplicaHours: (replaySum * period) / 3600,
  };
}
