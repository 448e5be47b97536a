/**
 * `HpaTuner` held to the real HPA controller (issue 37): on day-long histories that no doc or
 * test tunes on, the tuner recommends a spec; then the real controller (controller/, the
 * release's `NewHorizontalController` in a synctest bubble) replays the spec as it is, the
 * recommendation and every other candidate of the same space, each over the history as the
 * tuner's replay reads it (the `Total` load spread over however many pods the controller runs).
 * The measures of each real replay are the library's own (`replayHistory`, `felt`), computed on
 * the controller's replica counts and `status.currentMetrics` instead of the simulator's.
 *
 * Required: the recommendation's measures are the real controller's; it meets the limits on the
 * real replay; it costs no more than the spec as it is; and no more than 2 % over the cheapest
 * candidate within the limits that the real controller's replays of the whole space find.
 */
import { Duration } from 'cdk8s';
import { ComparableStep, ControllerRun, ControllerScenario, describeMismatch, MetricCurrent, Reading, runController } from './controller-differential';
import { ClusterProfile, HistoryLoad, HpaSimulator, HpaTuner, HpaTunerOptions, PrometheusHistory, TunedSpec, TuningResult } from '../../src';
import { MetricTimeline } from '../../src/history/history-input';
import { replayHistory } from '../../src/history/replay-measures';
import { durationSeconds } from '../../src/model/duration';
import { MetricObservation, ObservationKind } from '../../src/simulation/metric-observation';
import { SimulatedMetric, SimulationResultProps, SimulationStep } from '../../src/simulation/simulation-step';
import { boundsOf, felt, misses, Reference } from '../../src/tuning/search';

/** The query's step and the sync period, in seconds. */
const STEP = 15;
/** The most a recommendation may cost over the cheapest spec within the limits by the real controller. */
const WITHIN = 0.02;
/** The load step is the one the tuner's replay of the spec as it is found: the window it looked in does not matter here. */
const LOAD_STEP_WINDOW_SECONDS = 300;

/** A history held out from every doc and test that tunes, with the spec as it runs and what the tuning may do. */
export interface HeldOut {
  readonly name: string;
  /** What it is, for the report. */
  readonly title: string;
  readonly hpa: any;
  readonly options: HpaTunerOptions;
  readonly history: () => PrometheusHistory;
}

/** A pseudo-random number in [0, 1) from a seed, the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

/** A matrix response of one series. */
function response(labels: { [k: string]: string }, times: readonly number[], values: readonly string[]): string {
  const points = times.map((t, k) => `[${t},"${values[k]}"]`).join(',');
  return `{"status":"success","data":{"resultType":"matrix","result":[{"metric":${JSON.stringify(labels)},"values":[${points}]}]}}`;
}

/** Bursts at random times of the day: start, length and height, each drawn from `random`. */
function bursts(random: () => number, count: number, minutes: [number, number], height: [number, number]) {
  return Array.from({ length: count }, () => ({
    start: Math.floor(random() * 86400),
    length: 60 * (minutes[0] + random() * (minutes[1] - minutes[0])),
    ramp: 30 + random() * 60,
    height: height[0] + random() * (height[1] - height[0]),
  }));
}

/** The extra load of the bursts at `s` seconds after midnight (a ramp up, a plateau, a ramp down). */
function burstAt(list: ReturnType<typeof bursts>, s: number): number {
  let extra = 0;
  for (const b of list) {
    const t = s - b.start;
    if (t < 0 || t > b.length) continue;
    extra += b.height * Math.min(1, t / b.ramp, (b.length - t) / b.ramp);
  }
  return extra;
}

/**
 * The orders service of a shop, Tuesday 2026-12-01 (UTC), every 15 s: the total CPU of its pods
 * (cores) and requests per second. Quiet at night, a morning ramp to a plateau, a dip after
 * lunch, the evening peak; 14 bursts of 3 to 12 minutes (push notifications, a flash sale); the
 * 03:00 reindex; noise.
 */
function ordersHistory(): PrometheusHistory {
  const start = 1796083200;
  const random = seeded(37001);
  const spikes = bursts(random, 14, [3, 12], [0.8, 2.6]);
  const times: number[] = [];
  const cpu: string[] = [];
  const rps: string[] = [];
  for (let s = 0; s <= 86400; s += STEP) {
    const h = s / 3600;
    const morning = 2.6 / (1 + Math.exp(-(h - 8.5) * 1.6));
    const dip = h > 14 && h < 17 ? -0.6 * Math.sin(((h - 14) / 3) * Math.PI) : 0;
    const evening = 2.4 * Math.exp(-(((h - 20) / 1.4) ** 2));
    const night = h > 22 ? -2.6 * Math.min(1, (h - 22) / 1.5) : 0;
    const reindex = h >= 3 && h < 3.25 ? 1.5 : 0;
    const load = Math.max(0.3, 0.7 + morning + dip + evening + night + reindex + burstAt(spikes, s)) * (0.96 + 0.08 * random());
    times.push(start + s);
    cpu.push(load.toFixed(3));
    rps.push((load * 42 * (0.95 + 0.1 * random())).toFixed(1));
  }
  return PrometheusHistory.create()
    .metricFromJson('cpu', response({ namespace: 'shop', deployment: 'orders' }, times, cpu), { load: HistoryLoad.TOTAL })
    .metricFromJson('http_requests_per_second', response({ namespace: 'shop', service: 'orders' }, times, rps), { load: HistoryLoad.TOTAL });
}

/** The HPA of the Deployment `name` in `namespace`, scaling on CPU (`percent` of its request) and `more`. */
function hpaOf(namespace: string, name: string, percent: number, spec: { [field: string]: unknown }, more: unknown[] = []): any {
  const cpu = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: percent } } };
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name, namespace },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name }, ...spec, metrics: [cpu, ...more] },
  };
}

const ORDERS_HPA = hpaOf('shop', 'orders', 60, { minReplicas: 3, maxReplicas: 40, behavior: { scaleDown: { stabilizationWindowSeconds: 900 } } },
  [{ type: 'Pods', pods: { metric: { name: 'http_requests_per_second' }, target: { type: 'AverageValue', averageValue: '40' } } }]);

/**
 * The reports API of a back office, Thursday 2026-12-03 (UTC), every 15 s: the total CPU of its
 * pods (cores). Office hours with a sharp start at 09:00, report jobs on the hour for 4 minutes,
 * a region's traffic moved onto it from 15:20 to 16:10, 10 short bursts, quiet at night; noise.
 */
function reportsHistory(): PrometheusHistory {
  const start = 1796256000;
  const random = seeded(37002);
  const spikes = bursts(random, 10, [1, 4], [1, 3]);
  const times: number[] = [];
  const cpu: string[] = [];
  for (let s = 0; s <= 86400; s += STEP) {
    const h = s / 3600;
    const office = h >= 9 && h < 18.5 ? 3.2 * Math.min(1, (s - 9 * 3600) / 600) * (h > 17 ? Math.max(0, (18.5 - h) / 1.5) : 1) : 0;
    const jobs = h >= 7 && h < 20 && s % 3600 < 240 ? 2.2 : 0;
    const shift = h >= 15 + 1 / 3 && h < 16 + 1 / 6 ? 3 * Math.min(1, (s - (15 * 3600 + 1200)) / 120) : 0;
    const load = Math.max(0.2, 0.6 + office + jobs + shift + burstAt(spikes, s)) * (0.95 + 0.1 * random());
    times.push(start + s);
    cpu.push(load.toFixed(3));
  }
  return PrometheusHistory.create()
    .metricFromJson('cpu', response({ namespace: 'backoffice', deployment: 'reports' }, times, cpu), { load: HistoryLoad.TOTAL });
}

const REPORTS_HPA = hpaOf('backoffice', 'reports', 70, { minReplicas: 2, maxReplicas: 24 });

/** The held-out histories, with the spec as it runs, the limits and the space. */
export const HELD_OUT: HeldOut[] = [
  {
    name: 'orders',
    title: 'orders: a Tuesday of CPU and requests, 14 bursts',
    hpa: ORDERS_HPA,
    options: {
      podRequests: { cpu: 0.5 },
      initialReplicas: 3,
      limits: { thresholds: { cpu: 80 }, maxAboveTarget: { cpu: 1 } },
      vary: ['target.cpu', 'window.down'],
      bounds: { 'target.cpu': { min: 45, max: 60 } },
    },
    history: ordersHistory,
  },
  {
    name: 'reports',
    title: 'reports: a Thursday of CPU, jobs on the hour',
    hpa: REPORTS_HPA,
    options: {
      podRequests: { cpu: 0.5 },
      initialReplicas: 2,
      limits: { thresholds: { cpu: 90 }, maxAboveTarget: { cpu: 5 }, maxReaction: Duration.minutes(4) },
      vary: ['window.up', 'policies.up'],
      // Fewer than the 25 combinations: a coordinate search.
      maxReplays: 12,
    },
    history: reportsHistory,
  },
];

/** How the controller program's metrics client names a metric of the spec. */
function goKey(metric: any): string {
  switch (metric.type) {
    case 'Resource': return `resource:${metric.resource.name}`;
    case 'ContainerResource': return `containerResource:${metric.containerResource.container}/${metric.containerResource.name}`;
    case 'Pods': return `pods:${metric.pods.metric.name}`;
    case 'Object': return `object:${metric.object.metric.name}`;
    default: return `external:${metric.external.metric.name}`;
  }
}

/** An observation of the history as the controller program takes it (the held-out histories load `Total`). */
function readingOf(obs: MetricObservation | undefined): Reading {
  if (obs === undefined || obs.kind === ObservationKind.FAILURE) return { kind: 'Failure' };
  if (obs.kind === ObservationKind.TOTAL_USAGE) return { kind: 'TotalUsage', v: obs.values[0] };
  throw new Error(`tuner differential: a ${obs.kind} observation; the held-out histories load Total`);
}

/**
 * Each sync's observations of the HPA's metrics, read from the history as the tuner's replay
 * reads them (`MetricTimeline`, at each sync's place on the period grid).
 */
function readingsOf(history: PrometheusHistory, simulator: HpaSimulator, syncs: number, period: number): Reading[][] {
  const recorded = history._recorded();
  const timelines = simulator._subject().spec.metrics.map(m => new MetricTimeline(m, recorded.metrics.get(m.id)!, m.id));
  const t0 = Math.min(...timelines.map(t => t.start));
  const sources = timelines.map(t => t.source(t0));
  return Array.from({ length: syncs }, (_, k) => sources.map(source => readingOf(source.at(k * period))));
}

/** What the controller compared with a metric's target, from its `status.currentMetrics` entry, in the simulator's units. */
function usageOf(metric: SimulatedMetric, current: MetricCurrent | undefined): number | undefined {
  if (current === undefined) return undefined;
  if (metric.targetType === 'Utilization') return current.averageUtilization;
  if (metric.targetType === 'Value') return current.valueMilli === undefined ? undefined : current.valueMilli / 1000;
  if (metric.type === 'Object' || metric.type === 'External') {
    throw new Error(`tuner differential: ${metric.id}: an ${metric.type} AverageValue metric's status is not read here`);
  }
  return current.averageValueMilli === undefined ? undefined : current.averageValueMilli / 1000;
}

/** The simulator's result of a replay with the controller's syncs in place of its own: replicas and what it compared. */
function controllerResult(sim: SimulationResultProps, run: ControllerRun): SimulationResultProps {
  if (run.steps.length !== sim.steps.length) throw new Error(`the controller ran ${run.steps.length} syncs, the replay ${sim.steps.length}`);
  const steps: SimulationStep[] = sim.steps.map((s, k) => ({
    ...s,
    currentReplicas: run.steps[k].currentReplicas,
    replicas: run.steps[k].replicas,
    desiredReplicas: run.steps[k].desiredReplicas,
    metrics: sim.metrics.map((m, i) => ({ metric: m.id, usage: usageOf(m, run.current[k][i]), fallbackActive: false })),
  }));
  return { name: sim.name, minReplicas: sim.minReplicas, maxReplicas: sim.maxReplicas, metrics: sim.metrics, steps };
}

/** A spec as the real controller replayed it, measured by the library's replay and limits code. */
interface RealSpec {
  readonly measures: TunedSpec['measures'];
  readonly felt: TunedSpec['felt'];
}

/**
 * `hpa` over `history` as the tuner measures a candidate (`HpaTuner.score`: the replay's measures
 * with the baseline's load step, what the limits read against the baseline's reference), on the
 * controller's syncs; and the syncs of the simulator's own replay, as the controller differential
 * compares them.
 */
function realSpec(hpa: any, history: PrometheusHistory, options: HpaTunerOptions, ref: Reference, run: ControllerRun,
): { real: RealSpec; simulated: ComparableStep[] } {
  const { limits, vary, bounds, maxReplays, until, ...simulatorOptions } = options;
  const subject = HpaSimulator.fromManifest(hpa, { ...simulatorOptions, skipValidation: true })._subject();
  let simulated: ComparableStep[] = [];
  const real = {
    ...subject,
    run: (input: any, to: number, o: any) => {
      const sim = subject.run(input, to, o);
      simulated = sim.steps.map(st => ({
        time: Math.round(st.syncStart * 1e6) / 1e6,
        currentReplicas: st.currentReplicas,
        replicas: st.replicas,
        desiredReplicas: st.desiredReplicas,
        conditions: st.conditions.map(c => `${c.type}=${c.status}/${c.reason}`).sort(),
      }));
      return controllerResult(sim, run);
    },
  };
  const { data, results } = replayHistory([real], history._recorded(), {
    until, loadStepWindowSeconds: LOAD_STEP_WINDOW_SECONDS, fixedLoadStep: { loadStep: ref.loadStep },
  });
  const measures = data.replays[0].measures;
  return { real: { measures, felt: felt(results[0], measures, ref) }, simulated };
}

/** The fields of two specs' measures (and what the limits read) that differ, as `path: tuner → controller`. */
function differences(tuner: Pick<TunedSpec, 'measures' | 'felt'>, real: RealSpec): string[] {
  const out: string[] = [];
  const walk = (a: any, b: any, path: string) => {
    if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[key], b[key], path ? `${path}.${key}` : key);
    } else if (a !== b) {
      out.push(`${path}: ${JSON.stringify(a)} by the tuner, ${JSON.stringify(b)} by the controller`);
    }
  };
  walk({ measures: tuner.measures, felt: tuner.felt }, { measures: real.measures, felt: real.felt }, '');
  return out;
}

/** One line about a spec: its cost and what the limits read. */
function summary(s: Pick<TunedSpec, 'measures' | 'felt'>): string {
  const above = s.felt.aboveTarget.map(a => `${a.metric} > ${a.level} ${a.percent.toFixed(2)}%`).join(', ');
  return `${s.measures.replicaHours.toFixed(2)} replica-hours, ${above}, reaction ${s.felt.reactionSeconds ?? 'never'}s, `
    + `${s.felt.directionChanges} direction changes, ${s.felt.longestAtMaxSeconds}s at max`;
}

const keyOf = (hpa: any) => JSON.stringify(hpa);

/**
 * The first sync the controller started later than the simulator (by less than a second), the
 * one before having started at the same time on both sides: a resync it did not take, as
 * `lostResyncRace` says, and also at the sync where the simulator's drifting syncs meet the
 * resync grid (the resync then falls within the sync before, and now and then the controller's
 * work queue does not keep it either). From there the controller's syncs drift for a period's
 * worth of syncs; windows and policy periods may end a sync apart.
 */
function resyncLost(sim: readonly ComparableStep[], real: readonly ComparableStep[]): number | undefined {
  for (let k = 1; k < Math.min(sim.length, real.length); k++) {
    const [s0, s1, r0, r1] = [sim[k - 1].time!, sim[k].time!, real[k - 1].time!, real[k].time!];
    if (r1 === s1) continue;
    return r0 === s0 && r1 > s1 && r1 - s1 < 1 ? k : undefined;
  }
  return undefined;
}

/** The first sync where the two sides differ, up to the first resync the controller lost. */
function firstDifferenceBefore(sim: readonly ComparableStep[], real: readonly ComparableStep[], race: number | undefined): number | undefined {
  for (let k = 0; k < (race ?? Math.max(sim.length, real.length)); k++) {
    if (JSON.stringify(sim[k]) !== JSON.stringify(real[k])) return k;
  }
  return undefined;
}

/** A spec's settings that differ from the spec as it is: `behavior.scaleDown.stabilizationWindowSeconds=60`. */
function changesFrom(baseline: any, hpa: any): string {
  const out: string[] = [];
  const walk = (a: any, b: any, path: string) => {
    if (b !== null && typeof b === 'object' && !Array.isArray(b) && a !== null && typeof a === 'object' && !Array.isArray(a)) {
      for (const key of Object.keys(b)) walk(a[key], b[key], path ? `${path}.${key}` : key);
    } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && !b.some(x => typeof x !== 'object')) {
      b.forEach((x, i) => walk(a[i], x, `${path}[${i}]`));
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      out.push(`${path}=${JSON.stringify(b)}`);
    }
  };
  walk(baseline.spec, hpa.spec, '');
  return out.join(' ') || '(as it is)';
}

/** One candidate as the controller replayed it. */
interface Replayed {
  readonly scenario: ControllerScenario;
  readonly label: string;
  readonly real: RealSpec;
  /** The first resync the controller did not take, if any. */
  readonly race?: number;
  /** The first sync where the simulator differs before it, described. */
  readonly mismatch?: string;
}

/** What one held-out history found with one release, for the docs' numbers. */
export interface TunerOutcome {
  readonly history: string;
  readonly candidates: number;
  readonly runs: number;
  readonly syncs: number;
  readonly tunerMs: number;
  readonly controllerMs: number;
}

/**
 * With two processors the controller's day is not the same in every run: where it loses a resync
 * race (a third to a half of the days here), its syncs drift for an hour and a scale event may move
 * by a sync. On one processor (`singleProcessor`) it took every resync in every run here; should
 * a run still lose one, the spec as it is and the recommendation are replayed again, two at a time
 * up to `MOST_RUNS`, until a run keeps every resync: that day is the one the tuner's must equal.
 */
const MOST_RUNS = 9;

/** Scenarios per call of the controller program: a day's syncs of each are some 3 MB of JSON to read back. */
const CHUNK = 12;

/**
 * Replays `scenarios` in the controller: each as the controller ran it and measured, or why the
 * run failed. A chunk is measured while the controller runs the next one.
 */
async function replay(binary: string, scenarios: ControllerScenario[], measure: (s: ControllerScenario, run: ControllerRun) => Replayed,
): Promise<{ replayed: Replayed[]; failed: string[] }> {
  const chunks = Array.from({ length: Math.ceil(scenarios.length / CHUNK) }, (_, c) => scenarios.slice(c * CHUNK, (c + 1) * CHUNK));
  const replayed: Replayed[] = [];
  const failed: string[] = [];
  let next = chunks.length > 0 ? runController(binary, chunks[0]) : undefined;
  for (let c = 0; c < chunks.length; c++) {
    const runs = await next!;
    next = c + 1 < chunks.length ? runController(binary, chunks[c + 1]) : undefined;
    for (const s of chunks[c]) {
      const run = runs.get(s.id);
      if (typeof run === 'object') replayed.push(measure(s, run));
      else failed.push(`${s.id}: the controller run failed: ${run}`);
    }
  }
  return { replayed, failed };
}

/**
 * Tunes each held-out history for `minor` and holds the recommendation to the controller
 * `binary` of that release; five checks per history.
 */
export async function tunerDifferential(binary: string, minor: string, report: (name: string, failures: string[]) => void): Promise<TunerOutcome[]> {
  const outcomes: TunerOutcome[] = [];
  for (const h of HELD_OUT) {
    const t0 = Date.now();
    const options: HpaTunerOptions = { ...h.options, cluster: ClusterProfile.of({ version: minor }) };
    const history = h.history();
    const tuner = HpaTuner.fromManifest(h.hpa, options);
    const result: TuningResult = tuner.tune(history);
    // Every candidate of the space, as a search of all of it gives them (the spec as it is first),
    // scored by the tuner: those its validation refuses are no candidates for the controller either.
    const everyCandidate = HpaTuner.fromManifest(h.hpa, { ...options, maxReplays: Number.MAX_SAFE_INTEGER }).search(history).nextBatch();
    const admitted = tuner.score(history, everyCandidate).filter(s => s.spec !== undefined).map(s => s.hpa);
    const { ref } = tuner._baseline(history);
    const { limits, vary, bounds, maxReplays, until, ...simulatorOptions } = options;
    const baselineReplay = HpaSimulator.fromManifest(h.hpa, simulatorOptions).replay(history, { until });
    const { syncs, syncPeriodSeconds: period } = baselineReplay.measures;
    const readings = readingsOf(history, HpaSimulator.fromManifest(h.hpa, simulatorOptions), syncs, period);
    const scenario = (hpa: any, id: string): ControllerScenario => ({
      id,
      hpa,
      gates: {},
      initialReplicas: baselineReplay.result.steps[0].currentReplicas,
      initialConditions: [],
      syncs,
      keys: hpa.spec.metrics.map(goKey),
      readings,
      requests: options.podRequests,
      simpleClientset: true,
      singleProcessor: true,
    });
    const measure = (s: ControllerScenario, run: ControllerRun): Replayed => {
      const { real, simulated } = realSpec(s.hpa, history, options, ref, run);
      const race = resyncLost(simulated, run.steps);
      const k = firstDifferenceBefore(simulated, run.steps, race);
      const label = changesFrom(h.hpa, s.hpa);
      return { scenario: s, label, real, race, mismatch: k === undefined ? undefined : `${label}: ${describeMismatch(s, k, simulated, run.steps)}` };
    };
    const t1 = Date.now();
    const { replayed, failed } = await replay(binary, admitted.map((hpa, i) => scenario(hpa, `${minor}-${h.name}-${i}`)), measure);
    const runsOf = (hpa: any) => replayed.filter(r => keyOf(r.scenario.hpa) === keyOf(hpa));
    const keptEveryResync = (hpa: any) => runsOf(hpa).filter(r => r.race === undefined);
    // The spec as it is and the recommendation, replayed again while no run of theirs kept every resync.
    let lacking = [...new Map([result.baseline.hpa, result.recommended.hpa].map(x => [keyOf(x), x])).values()];
    for (let round = 2; failed.length === 0; round++) {
      lacking = lacking.filter(x => keptEveryResync(x).length === 0 && runsOf(x).length < MOST_RUNS);
      if (lacking.length === 0) break;
      const again = lacking.flatMap(hpa => [0, 1].map(j => scenario(hpa, `${minor}-${h.name}-${keyOf(hpa) === keyOf(result.baseline.hpa) ? 'baseline' : 'recommended'}-${round}.${j}`)));
      const more = await replay(binary, again, measure);
      replayed.push(...more.replayed);
      failed.push(...more.failed);
    }
    const t2 = Date.now();

    const races = replayed.filter(r => r.race !== undefined).map(r => `${r.scenario.id} at sync ${r.race}`);
    console.log(`tune ${minor} ${h.title}: ${admitted.length} of ${everyCandidate.length} candidates replayed by the controller, ${syncs} syncs each `
      + `(${replayed.length} runs); tuner ${t1 - t0} ms (${result.replays} replays, ${result.exhaustive ? 'every combination' : 'a coordinate search'}), `
      + `controller and measures ${t2 - t1} ms`);
    if (races.length) console.log(`tune ${minor} ${h.name}: compared sync by sync up to the first resync the controller did not take: ${races.join(', ')}`);
    const name = (check: string) => `${minor} tune ${h.name}: ${check}`;
    if (failed.length > 0) {
      report(name('the controller replays every candidate'), failed.slice(0, 5));
      continue;
    }
    const mismatches = replayed.flatMap(r => (r.mismatch ? [r.mismatch] : []));
    const shown = mismatches.slice(0, 3);
    if (mismatches.length > shown.length) shown.push(`... and ${mismatches.length - shown.length} more`);
    report(name(`the simulator matches the controller at every sync of every candidate (${mismatches.length} of ${replayed.length} runs differ)`), shown);

    const recommended = result.recommended;
    const changes = recommended.changes.join(' ') || 'none (the spec as it is)';
    const [baseline] = keptEveryResync(result.baseline.hpa);
    const recommendedRuns = keptEveryResync(recommended.hpa);
    if (baseline === undefined || recommendedRuns.length === 0) {
      report(name(`the controller keeps every resync in one of ${MOST_RUNS} runs of the spec as it is and of the recommendation`),
        [`it lost one in every run: ${races.join(', ')}`]);
      continue;
    }
    for (const r of runsOf(recommended.hpa).filter(x => x.race !== undefined)) {
      const d = differences(recommended, r.real);
      if (d.length > 0) console.log(`tune ${minor} ${h.name}: ${r.scenario.id}, after the resync it lost at sync ${r.race}: ${d.slice(0, 3).join('; ')}`);
    }
    // The cheapest within the limits by the controller: each candidate's first run, the two above the
    // run that kept every resync.
    const seconds = (d: Duration | undefined) => durationSeconds(d!);
    const realBounds = boundsOf(options.limits ?? {}, baseline.real.felt, seconds);
    const candidates = admitted.map(hpa => (keyOf(hpa) === keyOf(baseline.scenario.hpa) ? baseline
      : keyOf(hpa) === keyOf(recommended.hpa) ? recommendedRuns[0] : runsOf(hpa)[0]));
    const within = candidates.filter(r => misses(r.real.felt, realBounds).lines.length === 0);
    const hours = (r: Replayed) => r.real.measures.replicaHours;
    const cheapest = within.reduce<Replayed | undefined>((a, b) => (a === undefined || hours(b) < hours(a) ? b : a), undefined);
    console.log(`tune ${minor} ${h.name}: recommended ${changes}: ${summary(recommended)}; the spec as it is by the controller: ${summary(baseline.real)}; `
      + `${within.length} of ${candidates.length} candidates within the limits by the controller, the cheapest ${cheapest ? `${cheapest.label}: ${summary(cheapest.real)}` : 'none'}`);

    report(name(`the recommendation's measures are the real controller's (${changes}: ${recommended.measures.replicaHours.toFixed(2)} replica-hours; `
      + `${recommendedRuns.length} of ${runsOf(recommended.hpa).length} runs kept every resync)`),
    recommendedRuns.flatMap(r => {
      const d = differences(recommended, r.real);
      return d.length === 0 ? [] : [`${r.scenario.id}:`, ...d.slice(0, 8).map(x => `  ${x}`)];
    }));
    report(name('the recommendation meets the limits on the real controller\'s replay'),
      recommendedRuns.flatMap(r => misses(r.real.felt, realBounds).lines.map(m => `${r.scenario.id}: ${m}`)));
    const cost = recommendedRuns[0].real.measures.replicaHours;
    report(name(`the recommendation costs no more than the spec as it is by the real controller (${cost.toFixed(2)} against `
      + `${baseline.real.measures.replicaHours.toFixed(2)} replica-hours)`),
    cost <= baseline.real.measures.replicaHours + 1e-9 ? [] : [`${changes}: ${summary(recommendedRuns[0].real)}; the spec as it is: ${summary(baseline.real)}`]);
    report(name(`the recommendation costs within ${WITHIN * 100} % of the cheapest of ${candidates.length} candidates within the limits by the real `
      + `controller (${cost.toFixed(2)} against ${cheapest ? cheapest.real.measures.replicaHours.toFixed(2) : 'none'} replica-hours)`),
    !cheapest ? ['no candidate meets the limits by the real controller']
      : cost <= cheapest.real.measures.replicaHours * (1 + WITHIN) + 1e-9 ? []
        : [`${changes}: ${summary(recommendedRuns[0].real)}; the cheapest, ${cheapest.label}: ${summary(cheapest.real)}`]);
    outcomes.push({ history: h.name, candidates: candidates.length, runs: replayed.length, syncs, tunerMs: t1 - t0, controllerMs: t2 - t1 });
  }
  return outcomes;
}
