/**
 * Replays of recorded history: what the controller is given at each sync (pod samples, totals,
 * values, failures for gaps and NaN), the measures of a replay worked out by hand, comparisons,
 * the recorded replica count, and the histories refused with what to change.
 */
import { Duration } from 'cdk8s';
import {
  ClusterProfile, HistoryLoad, HpaSimulator, MetricObservation, PrometheusHistory, SimulationTrace,
} from '../../src';
import { largestStep, measure, replayHistory } from '../../src/history/replay-measures';
import { SimulationStep } from '../../src/simulation/simulation-step';
import { cpuUtilization, externalAverageValue, hpaManifest } from '../simulation/helpers';

/** History starts at 2026-11-16T00:00:00Z. */
const T0 = 1794787200;

type Values = Array<[number, string]>;

/** A range-query response as curl saves Prometheus's: `series` are labels and [seconds after T0, value] pairs. */
function response(...series: Array<{ labels: { [k: string]: string }; values: Values }>): string {
  const result = series.map(s => `{"metric":${JSON.stringify(s.labels)},"values":[${s.values.map(([t, v]) => `[${T0 + t},"${v}"]`).join(',')}]}`);
  return `{"status":"success","data":{"resultType":"matrix","result":[${result.join(',')}]}}`;
}

/** Pairs every 15 s from `from` to `to` (inclusive) with `value`. */
function every15(from: number, to: number, value: string | ((t: number) => string)): Values {
  const out: Values = [];
  for (let t = from; t <= to; t += 15) out.push([t, typeof value === 'string' ? value : value(t)]);
  return out;
}

/** Scale up and down at once (no stabilization, no rate limit), so each sync's count is its proposal. */
const PROMPT = {
  scaleUp: { stabilizationWindowSeconds: 0, policies: [{ type: 'Pods', value: 100, periodSeconds: 15 }] },
  scaleDown: { stabilizationWindowSeconds: 0 },
};

/**
 * The total CPU of the hand-worked replay, in percent of one pod's request: 100 (2 pods' worth
 * at the target of 50), 240, 400, 100, 140, 100.
 */
const TOTAL = (t: number) => String(t < 60 ? 100 : t < 120 ? 240 : t < 180 ? 400 : t < 240 ? 100 : t < 270 ? 140 : 100);
const totalHistory = () => PrometheusHistory.create().metricFromJson('cpu', response({ labels: { app: 'web' }, values: every15(0, 285, TOTAL) }), { load: HistoryLoad.TOTAL });
const web = (maxReplicas: number) =>
  HpaSimulator.fromManifest(hpaManifest({ minReplicas: 1, maxReplicas, metrics: [cpuUtilization(50)], behavior: PROMPT }));

describe('a replay measured, worked out by hand', () => {
  // Each sync proposes ceil(total / 50) unless the usage on the current pods is within 10 % of
  // the target: 1 pod at 100 % -> 2; 240 over 2 pods (120 %) -> 5; 240 over 5 is 48 %, within;
  // 400 over 5 (80 %) -> 8, held at max 6; 400 over 6 is 66 % -> 8, still 6; 100 over 6 (16 %) -> 2;
  // 140 over 2 (70 %) -> 3; 140 over 3 is 46 %, within; 100 over 3 (33 %) -> 2.
  const REPLICAS = [2, 2, 2, 2, 5, 5, 5, 5, 6, 6, 6, 6, 2, 2, 2, 2, 3, 3, 2, 2];

  test('follows the history sync by sync', () => {
    expect(web(6).replay(totalHistory()).result.replicas).toEqual(REPLICAS);
  });

  test('measures replica-hours, scale events, direction changes, the time at max, the time above target, the reaction', () => {
    const replay = web(6).replay(totalHistory());
    expect(replay.history).toEqual({
      start: '2026-11-16T00:00:00Z',
      end: '2026-11-16T00:04:45Z',
      metrics: [{ metric: 'cpu', sources: ['JSON text'], kind: 'single', width: 1, load: 'Total', stepSeconds: 15, steps: 20, failedSteps: 0 }],
      warnings: [],
    });
    // The demand is total / 50 replicas: 2, 4.8, 8, 2, 2.8, 2. The largest rise within 5 minutes:
    // from 2 (the latest of the lowest, at 45 s) to 8 at 120 s.
    expect(replay.loadStep).toEqual({ start: 45, end: 120, fromReplicas: 2, toReplicas: 8 });
    expect(replay.measures).toEqual({
      syncs: 20,
      syncPeriodSeconds: 15,
      // (2 * 4 + 5 * 4 + 6 * 4 + 2 * 4 + 3 * 2 + 2 * 2) = 70 replica-syncs of 15 s.
      replicaHours: (70 * 15) / 3600,
      // 1 -> 2, 2 -> 5, 5 -> 6 up; 6 -> 2 down; 2 -> 3 up; 3 -> 2 down.
      scaleEvents: 6,
      scaleUps: 4,
      scaleDowns: 2,
      directionChanges: 3,
      longestAtMaxSeconds: 60,
      longestAtMaxStart: 120,
      // Above 50 %: 100 (0 s), 120 (60 s), 80 (120 s), 66 (135, 150, 165 s), 70 (240 s): 7 of 20.
      aboveTarget: [{ metric: 'cpu', targetType: 'Utilization', target: 50, syncsRead: 20, syncsAbove: 7, share: 0.35, seconds: 105 }],
      // 8 replicas' worth of load needs ceil(8 / 1.1) = 8, within max 6: 6, reached at 120 s.
      reaction: { requiredReplicas: 6, seconds: 75 },
    });
    expect(replay.replicasCheck).toBeUndefined();
  });

  test('compares two specs on the same history and the same load step', () => {
    // With max 8: 8 at 120 s, then 400 over 8 is 50 %, within; the rest as before.
    const comparison = web(6).compare(web(8), totalHistory());
    expect(comparison.baseline.result.replicas).toEqual(REPLICAS);
    expect(comparison.candidate.result.replicas).toEqual([2, 2, 2, 2, 5, 5, 5, 5, 8, 8, 8, 8, 2, 2, 2, 2, 3, 3, 2, 2]);
    expect(comparison.loadStep).toEqual({ start: 45, end: 120, fromReplicas: 2, toReplicas: 8 });
    expect(comparison.candidate.measures).toMatchObject({
      replicaHours: (78 * 15) / 3600,
      scaleEvents: 6,
      directionChanges: 3,
      longestAtMaxSeconds: 60,
      aboveTarget: [{ metric: 'cpu', syncsAbove: 4, share: 0.2, seconds: 60 }],
      reaction: { requiredReplicas: 8, seconds: 75 },
    });
    const json = JSON.parse(comparison.toJson());
    expect(json.specs.map((s: any) => [s.label, s.maxReplicas, s.measures.replicaHours])).toEqual([
      ['baseline web', 6, (70 * 15) / 3600],
      ['candidate web', 8, (78 * 15) / 3600],
    ]);
    expect(json.loadStep).toEqual(comparison.loadStep);
  });

  test('checks the recorded replica count, and starts from it', () => {
    const recorded = response({ labels: { deployment: 'web' }, values: [...every15(0, 105, '2'), ...every15(120, 285, '4')] });
    const replay = web(6).replay(totalHistory().replicasFromJson(recorded));
    // Starting at 2, the first sync keeps 2: one scale event fewer, and 50 % at 0 s is not above.
    expect(replay.result.replicas).toEqual(REPLICAS);
    expect(replay.measures).toMatchObject({ scaleEvents: 5, scaleUps: 3, aboveTarget: [{ syncsAbove: 6 }] });
    // Equal at 0-45 s; +3 (60-105), +2 (120-165), -2 (180-225), -1 (240, 255), -2 (270, 285).
    expect(replay.replicasCheck).toEqual({
      series: '{deployment="web"}',
      syncsCompared: 20,
      syncsEqual: 4,
      share: 0.2,
      largestDifference: 3,
      largestDifferenceTime: 60,
      meanAbsoluteDifference: 34 / 20,
      recordedReplicaHours: (64 * 15) / 3600,
      replayReplicaHours: (70 * 15) / 3600,
    });
  });

  test('an until shortens the replay', () => {
    expect(web(6).replay(totalHistory(), { until: 60 }).result.replicas).toEqual([2, 2, 2, 2, 5]);
  });
});

describe('measure', () => {
  const step = (time: number, currentReplicas: number, replicas: number, usage?: number): SimulationStep => ({
    time,
    syncStart: time,
    currentReplicas,
    replicas,
    desiredReplicas: replicas,
    conditions: [],
    reportedError: usage === undefined,
    metrics: [{ metric: 'queue', usage, fallbackActive: false }],
  });
  const spec = HpaSimulator.fromManifest(hpaManifest({ minReplicas: 1, maxReplicas: 4, metrics: [externalAverageValue('queue', 30)] }))._subject().spec;

  test('an External AverageValue is above its target when its value over the sync\'s replicas is', () => {
    // 100 over 2 = 50 > 30; 50 over 2 = 25; 60 over 2 = 30, not above; failed; 10 over 0 replicas.
    const steps = [step(0, 2, 2, 100), step(15, 2, 2, 50), step(30, 2, 2, 60), step(45, 2, 2), step(60, 0, 0, 10)];
    expect(measure(spec, steps, 15, undefined).aboveTarget).toEqual([
      { metric: 'queue', targetType: 'AverageValue', target: 30, syncsRead: 4, syncsAbove: 2, share: 0.5, seconds: 30 },
    ]);
  });

  test('the longest time at max is the longest run of syncs that left the count there', () => {
    const counts = [4, 4, 3, 4, 4, 4, 2, 4];
    const m = measure(spec, counts.map((r, i) => step(i * 15, i === 0 ? 1 : counts[i - 1], r, 1)), 15, undefined);
    // 1 -> 4 up, 4 -> 3 down, 3 -> 4 up, 4 -> 2 down, 2 -> 4 up: 5 events, 4 changes of direction.
    expect([m.longestAtMaxSeconds, m.longestAtMaxStart, m.scaleEvents, m.directionChanges]).toEqual([45, 45, 5, 4]);
    expect(measure(spec, [step(0, 2, 2, 1)], 15, undefined)).toMatchObject({ longestAtMaxSeconds: 0, longestAtMaxStart: undefined, scaleEvents: 0 });
  });
});

describe('largestStep', () => {
  const times = [0, 15, 30, 45, 60, 75, 90, 105];
  const demand = [1, 1, 2, 5, 5, 3, 8, 8];

  test('is the largest rise from the lowest demand of the window before a sync', () => {
    // Within 30 s: 1 -> 5 (15 to 45 s) rises 4; 3 -> 8 (75 to 90 s) rises 5.
    expect(largestStep(times, demand, 30)).toEqual({ start: 75, end: 90, fromReplicas: 3, toReplicas: 8 });
    // Within 60 s the lowest before 90 s is 2 (30 s): 6.
    expect(largestStep(times, demand, 60)).toEqual({ start: 30, end: 90, fromReplicas: 2, toReplicas: 8 });
    // Within 120 s: 1 at 15 s, the later of the two.
    expect(largestStep(times, demand, 120)).toEqual({ start: 15, end: 90, fromReplicas: 1, toReplicas: 8 });
  });

  test('skips syncs without a demand, and has no step when the demand never rises', () => {
    const gaps = [1, undefined, undefined, 4, 4, 4, 4, 4];
    // Within 30 s of 45 s there is no demand before it; within 45 s, the 1 at 0 s.
    expect(largestStep(times, gaps, 30)).toBeUndefined();
    expect(largestStep(times, gaps, 45)).toEqual({ start: 0, end: 45, fromReplicas: 1, toReplicas: 4 });
    expect(largestStep(times, [5, 4, 4, 3, 2, 2, 1, 1], 300)).toBeUndefined();
  });
});

describe('what the controller is given at each sync', () => {
  const cpuHpa = (load?: HistoryLoad) => ({ sim: HpaSimulator.fromManifest(hpaManifest({ minReplicas: 2, maxReplicas: 10, metrics: [cpuUtilization(50)] }), { cluster: ClusterProfile.of({ version: '1.36' }) }), load });

  test('per-pod series are pod samples in pod-name order, the pods of one name summed: as a trace of podSamples', () => {
    const history = PrometheusHistory.create().metricFromJson('cpu', response(
      { labels: { pod: 'web-b', container: 'app' }, values: every15(0, 120, t => String(t < 60 ? 30 : 90)) },
      { labels: { pod: 'web-b', container: 'sidecar' }, values: every15(0, 120, '5') },
      { labels: { pod: 'web-a', container: 'app' }, values: every15(0, 120, t => String(t < 60 ? 40 : 120)) },
      { labels: { pod: 'web-c', container: 'app' }, values: every15(60, 120, '100') },
    ));
    const trace = SimulationTrace.create();
    for (let t = 0; t <= 120; t += 15) trace.at(t, 'cpu', MetricObservation.podSamples(t < 60 ? [40, 35] : [120, 95, 100]));
    const { sim } = cpuHpa();
    const replay = sim.replay(history);
    const run = sim.run(trace, { until: 120 });
    expect(replay.result.steps.map(s => ({ ...s, conditions: undefined }))).toEqual(run.steps.map(s => ({ ...s, conditions: undefined })));
    expect(replay.result.replicas).toEqual(run.replicas);
    expect(replay.history.metrics[0]).toMatchObject({ kind: 'pods', width: 3, load: 'PodSamples' });
  });

  test('a step without a sample, or with NaN only, is a failure of the metric', () => {
    const values: Values = [...every15(0, 30, '40'), [60, '40'], [75, 'NaN'], ...every15(90, 120, '40')];
    const { sim } = cpuHpa();
    const replay = sim.replay(PrometheusHistory.create().metricFromJson('cpu', response({ labels: { pod: 'a' }, values })));
    const errors = replay.result.steps.map(s => s.metrics[0]?.error);
    expect(errors).toEqual([undefined, undefined, undefined, 'no sample in the history at this step', undefined,
      'the history has no finite value at this step (NaN)', undefined, undefined, undefined]);
    expect(replay.result.steps[3].error).toBe('invalid metrics (1 invalid out of 1), first error is: failed to get cpu Resource metric value: no sample in the history at this step');
    expect(replay.history.metrics[0].failedSteps).toBe(2);
  });

  test('the Total load spreads the sum over the replay\'s pods; PerPod gives each pod the mean', () => {
    const json = response({ labels: { pod: 'a' }, values: every15(0, 30, '60') }, { labels: { pod: 'b' }, values: every15(0, 30, '100') });
    const first = (load: HistoryLoad) => HpaSimulator.fromManifest(hpaManifest({ minReplicas: 4, maxReplicas: 10, metrics: [cpuUtilization(50)] }))
      .replay(PrometheusHistory.create().metricFromJson('cpu', json, { load })).result.steps[0].metrics[0].usage;
    // 160 over the replay's 4 pods is 40 %; the mean of the pods is 80 %; the first two samples, 60 and 100, 80 %.
    expect([first(HistoryLoad.TOTAL), first(HistoryLoad.PER_POD), first(HistoryLoad.POD_SAMPLES)]).toEqual([40, 80, 80]);
  });

  test('several series of an External metric are summed, as the controller sums what a selector matches', () => {
    const sim = HpaSimulator.fromManifest(hpaManifest({ minReplicas: 1, maxReplicas: 10, metrics: [externalAverageValue('queue', 30)] }));
    const json = response({ labels: { queue: 'a' }, values: every15(0, 15, '100') }, { labels: { queue: 'b' }, values: [[0, '50'], [15, 'NaN']] });
    const replay = sim.replay(PrometheusHistory.create().metricFromJson('queue', json));
    expect(replay.result.steps.map(s => s.metrics[0].usage)).toEqual([150, 100]);
    expect(replay.history.metrics[0]).toMatchObject({ kind: 'series', width: 2, load: undefined });
  });

  test('the step is the query\'s when given; the history\'s time 0 is the start of the replay\'s conditions', () => {
    // Every other step missing: the inferred step would be 30 s, and see no gap.
    const json = response({ labels: { pod: 'a' }, values: [[0, '40'], [30, '40'], [60, '40']] });
    const { sim } = cpuHpa();
    expect(sim.replay(PrometheusHistory.create().metricFromJson('cpu', json)).history.metrics[0]).toMatchObject({ stepSeconds: 30, steps: 3, failedSteps: 0 });
    const replay = sim.replay(PrometheusHistory.create().metricFromJson('cpu', json, { step: Duration.seconds(15) }));
    expect(replay.history.metrics[0]).toMatchObject({ stepSeconds: 15, steps: 5, failedSteps: 2 });
    expect(replay.result.steps[0].conditions[0].lastTransitionTime).toBe('2026-11-16T00:00:00Z');
  });

  test('fast-forwarding the syncs of unchanged readings gives the steps of running each in full', () => {
    const history = PrometheusHistory.create().metricFromJson('cpu', response(
      { labels: { pod: 'a' }, values: every15(0, 3600, t => String(t % 900 < 450 ? 40 : t % 1800 === 1350 ? 'NaN' : 95)) },
      { labels: { pod: 'b' }, values: every15(0, 3600, t => String(Math.round(60 + 30 * Math.sin(t / 300)))) },
    ), { load: HistoryLoad.TOTAL });
    const { sim } = cpuHpa();
    const fast = sim.replay(history).result;
    const subject = sim._subject();
    const slow = replayHistory([{ ...subject, run: (input, until, options) => sim._runInput(input, until, false, options) }],
      history._recorded(), { loadStepWindowSeconds: 300 }).results[0];
    expect(fast.steps).toHaveLength(241);
    expect(fast.steps).toEqual(slow.steps);
    // The readings hold for minutes at a time: most syncs repeat the one before.
    expect(new Set(fast.replicas).size).toBeGreaterThan(1);
  });
});

describe('histories refused, with what to change', () => {
  const sim = HpaSimulator.fromManifest(hpaManifest({ minReplicas: 1, maxReplicas: 10, metrics: [cpuUtilization(50), externalAverageValue('queue', 30)] }));
  const queue = response({ labels: {}, values: every15(0, 30, '10') });
  const cpu = response({ labels: { pod: 'a' }, values: every15(0, 30, '10') });
  const replay = (add: (h: PrometheusHistory) => PrometheusHistory) => () => sim.replay(add(PrometheusHistory.create()));

  test.each<[string, (h: PrometheusHistory) => PrometheusHistory, string]>([
    ['a metric without history', h => h.metricFromJson('cpu', cpu),
      'the HPA web reads metric queue, and the history has only cpu: give the history of queue (its metrics are named as HpaSimulator.metricIds names them: cpu, queue)'],
    ['a history no HPA reads', h => h.metricFromJson('cpu', cpu).metricFromJson('queue', queue).metricFromJson('memory', cpu),
      'the history has metric memory, which no HPA reads (they read cpu, queue)'],
    ['pod series and others', h => h.metricFromJson('cpu', response({ labels: { pod: 'a' }, values: [[0, '1'], [15, '1']] }, { labels: { node: 'n' }, values: [[0, '1'], [15, '1']] })).metricFromJson('queue', queue),
      'the history of cpu (JSON text): some series have a pod label and {node="n"} has none; give one series per pod, or one series in all'],
    ['pod series for an External metric', h => h.metricFromJson('cpu', cpu).metricFromJson('queue', cpu),
      'the history of queue (JSON text): the series have a pod label, but queue is an External metric, one value for the whole target: aggregate it in the query (sum(...))'],
    ['one series of a Resource metric, no load', h => h.metricFromJson('cpu', queue).metricFromJson('queue', queue),
      'the history of cpu (JSON text): one series for a Resource metric: say whether it is the total over the pods (load Total: spread over the replay\'s pods) or each pod\'s usage (load PerPod)'],
    ['one series as pod samples', h => h.metricFromJson('cpu', queue, { load: HistoryLoad.POD_SAMPLES }).metricFromJson('queue', queue),
      'the history of cpu (JSON text): load PodSamples needs one series per pod (a pod label); this query returned one series'],
    ['a load for an External metric', h => h.metricFromJson('cpu', cpu).metricFromJson('queue', queue, { load: HistoryLoad.TOTAL }),
      'the history of queue (JSON text): a load model is for Resource, ContainerResource and Pods metrics; queue is an External metric, read as its value'],
    ['a negative usage', h => h.metricFromJson('cpu', response({ labels: { pod: 'a' }, values: [[0, '1'], [15, '-0.5']] })).metricFromJson('queue', queue),
      'the history of cpu (JSON text): {pod="a"} is -0.5 at 2026-11-16T00:00:15Z: a usage is 0 or more'],
    ['a sample off the step grid', h => h.metricFromJson('cpu', response({ labels: { pod: 'a' }, values: [[0, '1'], [15, '1'], [40, '1']] })).metricFromJson('queue', queue),
      'the history of cpu (JSON text): the sample of {pod="a"} at 2026-11-16T00:00:40Z is not on the step grid (2026-11-16T00:00:00Z + k x 15s): a range query\'s samples are; join queries of the same step and start'],
    ['no series', h => h.metricFromJson('cpu', response()).metricFromJson('queue', queue),
      'the history of cpu (JSON text) has no samples: the query returned no series over the range'],
    ['one sample a series, no step', h => h.metricFromJson('cpu', response({ labels: { pod: 'a' }, values: [[0, '1']] })).metricFromJson('queue', queue),
      'the history of cpu (JSON text) has one sample per series: give the query\'s step'],
  ])('%s', (_name, add, message) => {
    expect(replay(add)).toThrow(message);
  });

  test('a history is checked as it is read, and left as it was when it cannot be', () => {
    const history = PrometheusHistory.create().metricFromJson('cpu', cpu);
    const offGrid = response({ labels: { pod: 'a' }, values: [[7, '1']] });
    expect(() => history.metricFromJson('cpu', offGrid)).toThrow('is not on the step grid');
    expect(() => history.metricFromJson('queue', response({ labels: {}, values: [[0, '1']] }))).toThrow('has one sample per series: give the query\'s step');
    expect(history.metrics).toEqual(['cpu']);
    expect(sim.replay(history.metricFromJson('queue', queue)).result.steps).toHaveLength(3);
  });

  test('several series of an Object metric must be aggregated', () => {
    const object = HpaSimulator.fromManifest(hpaManifest({
      minReplicas: 1,
      maxReplicas: 10,
      metrics: [{ type: 'Object', object: { describedObject: { apiVersion: 'v1', kind: 'Service', name: 'web' }, metric: { name: 'hits' }, target: { type: 'Value', value: '50' } } }],
    }));
    const json = response({ labels: { path: '/a' }, values: every15(0, 15, '1') }, { labels: { path: '/b' }, values: every15(0, 15, '1') });
    expect(() => object.replay(PrometheusHistory.create().metricFromJson('hits', json))).toThrow(
      'the history of hits (JSON text): the query returned 2 series ({path="/a"}, {path="/b"}); aggregate them in the query (sum(...))');
  });

  test('the same metric added again with other options', () => {
    expect(() => PrometheusHistory.create().metricFromJson('cpu', cpu).metricFromJson('cpu', cpu, { load: HistoryLoad.TOTAL })).toThrow(
      'PrometheusHistory: cpu was added with other options (load, step): add its responses with the same ones');
  });
});
