import { Duration } from 'cdk8s';
import { cpuUtilization, hpaManifest } from './helpers';
import { ClusterProfile, HpaSimulator, HpaSimulatorOptions, MetricObservation, SimulationTrace } from '../../src';
import { parseApiLatencyArg, parseFirstSyncDelayArg } from '../../src/simulation/sync-timing';

const V136 = ClusterProfile.of({ version: '1.36' });
const V137 = ClusterProfile.of({ version: '1.37' });
/** One CPU metric at its target: no sync scales, each reads the scale and one metric. */
const cpuHpa = (maxReplicas: number) => hpaManifest({ minReplicas: 1, maxReplicas, metrics: [cpuUtilization(50)] });
const steady = (cluster: ClusterProfile, options: HpaSimulatorOptions = {}) =>
  HpaSimulator.fromManifest(cpuHpa(10), { cluster, initialReplicas: 2, ...options });
const at50 = SimulationTrace.create().at(0, 'cpu', MetricObservation.perPodUsage(50));
const starts = (sim: HpaSimulator, until: number, fastForward = true) => sim._run(at50, { until }, fastForward).steps.map(s => s.syncStart);
const close = (actual: number[], expected: number[]) => {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, i) => expect(a).toBeCloseTo(expected[i], 6));
};

describe('the controller\'s sync timing', () => {
  test('1.36 keeps the period grid', () => {
    const sim = steady(V136);
    close(starts(sim, 600), Array.from({ length: 41 }, (_, k) => 15 * k));
  });

  test('1.37 drifts by each sync\'s duration, then the resync holds the grid (the real controller\'s times)', () => {
    // Measured on the 1.37.2 controller (test/conformance/controller, default latencies): 40 ms
    // scale read + 10 ms metrics read per sync; sync 298 starts on the resync at 299 * 15 - 0.1 s.
    const got = starts(steady(V137), 399 * 15);
    close(got.slice(0, 4), [0, 15.05, 30.1, 45.15]);
    close(got.slice(296, 300), [296 * 15.05, 297 * 15.05, 299 * 15 - 0.1, 300 * 15 - 0.1]);
    expect(got[399]).toBeCloseTo(5999.9, 6);
    // The step's time stays on the grid.
    expect(steady(V137).run(at50, { until: 45 }).steps.map(s => s.time)).toEqual([0, 15, 30, 45]);
  });

  test('with 1 ms scale calls and 0.25 ms metrics reads the switch comes after about 49 hours', () => {
    const sim = steady(V137, { apiLatency: { scale: Duration.millis(1), metrics: Duration.millis(0.25) } });
    const got = starts(sim, 51 * 3600);
    const gaps = got.slice(1).map((t, k) => t - got[k]);
    const locked = gaps.findIndex(g => Math.abs(g - 15) < 1e-6);
    // 1.25 ms a sync: the drift reaches 15 s less the first sync's 0.1 s at sync 11,920.
    expect(locked).toBe(11920);
    expect(got[locked] / 3600).toBeCloseTo(49.7, 1);
    expect(gaps.slice(locked).every(g => Math.abs(g - 15) < 1e-6)).toBe(true);
    expect(gaps.slice(0, locked).every(g => Math.abs(g - 15.00125) < 1e-6)).toBe(true);
  });

  test('the first sync\'s delay moves the switch: the resyncs run from the informer\'s start', () => {
    const got = starts(steady(V137, { firstSyncDelay: Duration.seconds(5) }), 300 * 15);
    // The drift reaches 15 - 5 s at sync 200.
    expect(got[200]).toBeCloseTo(201 * 15 - 5, 6);
    expect(got[201]).toBeCloseTo(202 * 15 - 5, 6);
    expect(got[199]).toBeCloseTo(199 * 15.05, 6);
  });

  test('a sync that scales lasts one scale update longer; one that reads no metrics, shorter', () => {
    const sim = HpaSimulator.fromManifest(cpuHpa(10), { cluster: V137, initialReplicas: 1 });
    // 100 % at 1 pod: scale to 2 at 0 s (40 + 10 + 40 ms), then steady (50 ms).
    const trace = SimulationTrace.create().at(0, 'cpu', MetricObservation.perPodUsage(100)).at(15, 'cpu', MetricObservation.perPodUsage(50));
    close(sim.run(trace, { until: 30 }).steps.map(s => s.syncStart), [0, 15.09, 30.14]);
    // Above maxReplicas: corrected to the maximum without reading a metric (40 + 40 ms), then 40 ms.
    const over = HpaSimulator.fromManifest(cpuHpa(3), { cluster: V137, initialReplicas: 5 });
    close(over.run(at50, { until: 30 }).steps.map(s => s.syncStart), [0, 15.08, 30.13]);
  });

  test('fast-forwarded syncs keep the same clock as full ones', () => {
    const sim = steady(V137, { apiLatency: { scale: Duration.millis(20), metrics: Duration.millis(5) } });
    expect(starts(sim, 800 * 15, true)).toEqual(starts(sim, 800 * 15, false));
  });

  test('the latencies decide a window\'s exact edge', () => {
    // Without behavior, a recommendation exactly 300 s old still counts (Before(cutoff)): the
    // first one, taken when the scale is read, is older than those taken after the metrics.
    const sim = (metrics: number) => HpaSimulator.fromManifest(cpuHpa(10),
      { cluster: V136, initialReplicas: 4, apiLatency: { metrics: Duration.millis(metrics) } });
    const trace = SimulationTrace.create().at(0, 'cpu', MetricObservation.perPodUsage(10));
    // At 1.36's grid the sync at 300 s decides 300 s + scale + metrics after 0 + scale: with a
    // metrics read of 0 s the first recommendation (4) is exactly 300 s old and still holds.
    expect(sim(0).run(trace, { until: 300 }).replicas[20]).toBe(4);
    expect(sim(10).run(trace, { until: 300 }).replicas[20]).toBe(1);
  });

  test('a recommendation exactly a window old is out of a behavior\'s window, whatever the fractions of the clock', () => {
    // Found by the controller test on 1.36: the proposal of 13 recorded at 330.05 s is exactly
    // 300 s old at 630.05 s (After(cutoff) is false upstream), though 630.05 - 330.05 < 300 in
    // floating seconds.
    const manifest = hpaManifest({
      minReplicas: 1,
      maxReplicas: 13,
      metrics: [cpuUtilization(50)],
      behavior: { scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] } },
    });
    const trace = SimulationTrace.create().at(0, 'cpu', MetricObservation.perPodUsage(50))
      .at(330, 'cpu', MetricObservation.perPodUsage(65)).at(345, 'cpu', MetricObservation.perPodUsage(0));
    for (const fastForward of [true, false]) {
      const replicas = HpaSimulator.fromManifest(manifest, { cluster: V136, initialReplicas: 10 })._run(trace, { until: 645 }, fastForward).replicas;
      expect([replicas[22], replicas[41], replicas[42]]).toEqual([13, 13, 1]);
    }
  });

  test('options that are not durations are refused', () => {
    expect(() => steady(V137, { apiLatency: { scale: 40 as any } })).toThrow(/apiLatency.scale must be a cdk8s Duration/);
    expect(() => steady(V137, { firstSyncDelay: '1s' as any })).toThrow(/firstSyncDelay must be a cdk8s Duration/);
  });
});

describe('the command line\'s timing flags', () => {
  const seconds = (d: Duration | undefined) => d?.toSeconds({ integral: false });

  test('--api-latency takes scale and metrics, durations as Go writes them', () => {
    const parsed = parseApiLatencyArg('scale=1ms,metrics=250us');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(seconds(parsed.options.apiLatency?.scale)).toBeCloseTo(0.001, 12);
    expect(seconds(parsed.options.apiLatency?.metrics)).toBeCloseTo(0.00025, 12);
    const one = parseApiLatencyArg('metrics=0.1s');
    expect(one.ok && seconds(one.options.apiLatency?.metrics)).toBeCloseTo(0.1, 12);
    expect(one.ok && one.options.apiLatency?.scale).toBeUndefined();
  });

  test('--first-sync-delay takes a duration as Go writes it', () => {
    const parsed = parseFirstSyncDelayArg('1m30s');
    expect(parsed.ok && seconds(parsed.options.firstSyncDelay)).toBe(90);
    const zero = parseFirstSyncDelayArg('0');
    expect(zero.ok && seconds(zero.options.firstSyncDelay)).toBe(0);
  });

  test.each([
    ['scale=1', 'scale: "1" is not a duration as Go writes it, 0 or more (1ms, 250us, 0.1s, 1m30s): time: missing unit in duration "1"'],
    ['scale=-1ms', 'scale: "-1ms" is not a duration as Go writes it, 0 or more (1ms, 250us, 0.1s, 1m30s): it is negative'],
    ['metrics=2 ms', 'metrics: "2 ms" is not a duration'],
    ['latency=1ms', '"latency=1ms" is not scale=<duration> or metrics=<duration>'],
    ['scale', '"scale" is not scale=<duration> or metrics=<duration>'],
    ['scale=1ms,scale=2ms', 'scale is given twice in "scale=1ms,scale=2ms"'],
    ['', '"" is not scale=<duration> or metrics=<duration>'],
  ])('--api-latency %j is refused, naming the bad value', (text, error) => {
    const parsed = parseApiLatencyArg(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(error);
  });

  test('--first-sync-delay refuses plain numbers and unknown units', () => {
    const plain = parseFirstSyncDelayArg('100');
    expect(!plain.ok && plain.error).toContain('"100" is not a duration as Go writes it');
    const unit = parseFirstSyncDelayArg('1d');
    expect(!unit.ok && unit.error).toContain('time: unknown unit "d" in duration "1d"');
  });
});
