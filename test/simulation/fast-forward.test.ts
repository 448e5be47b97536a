/**
 * The simulator's shortcut for syncs that repeat the one before (`Run.syncs` with fast-forward)
 * against running every sync in full: generated HPAs, clusters, options and traces whose
 * observations hold for minutes, with failures, fallbacks, behaviors, manual scales and scale to
 * zero, must give the same steps, field for field (times, metric results, conditions with their
 * transition times, errors).
 */
import { Duration } from 'cdk8s';
import * as fc from 'fast-check';
import { hpaManifest } from './helpers';
import { ClusterProfile, ConditionStatus, ConditionType, HpaSimulator, MetricObservation, SimulationTrace } from '../../src';
import { Run } from '../../src/simulation/simulation-run';

/** The metrics a scenario picks from: spec, trace id, whether it reads per-pod, a usage that meets the target. */
const METRICS = [
  { spec: { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }, id: 'cpu', perPod: true, scale: 60 },
  { spec: { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '200' } } }, id: 'memory', perPod: true, scale: 200 },
  { spec: { type: 'Pods', pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '10' } } }, id: 'rps', perPod: true, scale: 10 },
  { spec: { type: 'Object', object: { describedObject: { apiVersion: 'v1', kind: 'Service', name: 'web' }, metric: { name: 'hits' }, target: { type: 'Value', value: '50' } } }, id: 'hits', perPod: false, scale: 50 },
  { spec: { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } } }, id: 'queue', perPod: false, scale: 90 },
  { spec: { type: 'External', external: { metric: { name: 'lag' }, target: { type: 'Value', value: '100' } } }, id: 'lag', perPod: false, scale: 100 },
];

const rules = fc.record({
  stabilizationWindowSeconds: fc.constantFrom(0, 15, 45, 60, 300),
  selectPolicy: fc.constantFrom('Max', 'Min', 'Disabled', undefined),
  policies: fc.array(fc.record({
    type: fc.constantFrom('Pods', 'Percent'),
    value: fc.integer({ min: 1, max: 200 }),
    periodSeconds: fc.constantFrom(15, 60, 120, 600),
  }), { minLength: 1, maxLength: 2 }),
}, { requiredKeys: [] });

const scenario = fc.record({
  metrics: fc.uniqueArray(fc.integer({ min: 0, max: METRICS.length - 1 }), { minLength: 1, maxLength: 3 }),
  fallback: fc.option(fc.record({ failureDuration: fc.constantFrom('30s', '2m', '10m'), replicas: fc.integer({ min: 1, max: 8 }) }), { nil: undefined }),
  minReplicas: fc.integer({ min: 0, max: 3 }),
  span: fc.integer({ min: 0, max: 12 }),
  behavior: fc.option(fc.record({ scaleUp: rules, scaleDown: rules }, { requiredKeys: [] }), { nil: undefined }),
  version: fc.constantFrom('1.35', '1.36', '1.37'),
  scaleToZero: fc.boolean(),
  // Short periods: the drift of 1.37's syncs (`syncsDrift` in kubernetes-releases.ts) adds up to a period within a window.
  syncSeconds: fc.constantFrom(15, 10, 30, 7, 1, 0.5),
  downscaleSeconds: fc.constantFrom(undefined, 60, 300),
  tolerance: fc.constantFrom(undefined, 0.05, 0.2),
  initialReplicas: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
  scaledToZero: fc.boolean(),
  // Per change: when (seconds after the last), which metric, a load level, or a failure.
  changes: fc.array(fc.record({
    after: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 100, max: 1500 })),
    metric: fc.nat(),
    level: fc.double({ min: 0, max: 4, noNaN: true }),
    fail: fc.double({ min: 0, max: 1, noNaN: true }),
  }), { minLength: 1, maxLength: 25 }),
  manual: fc.array(fc.record({ time: fc.integer({ min: 0, max: 15000 }), replicas: fc.integer({ min: 0, max: 14 }) }), { maxLength: 3 }),
  syncs: fc.integer({ min: 40, max: 1400 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function setUp(s: Scenario) {
  const picked = s.metrics.map(i => METRICS[i]);
  const zero = s.scaleToZero && picked.some(m => !m.perPod);
  const metrics = picked.map(m => m.spec.type === 'External' && s.fallback
    ? { ...m.spec, external: { ...(m.spec as any).external, fallback: s.fallback } } : m.spec);
  const minReplicas = zero ? 0 : Math.max(1, s.minReplicas);
  const manifest = hpaManifest({ minReplicas, maxReplicas: Math.max(1, minReplicas) + s.span, metrics, behavior: s.behavior });
  const cluster = ClusterProfile.of({
    version: s.version,
    featureGates: { HPAScaleToZero: zero, HPAExternalMetricFallback: s.fallback !== undefined, HPAConfigurableTolerance: true },
  });
  const sim = HpaSimulator.fromManifest(manifest, {
    cluster,
    skipValidation: true,
    syncPeriod: Duration.seconds(s.syncSeconds),
    downscaleStabilization: s.downscaleSeconds === undefined ? undefined : Duration.seconds(s.downscaleSeconds),
    tolerance: s.tolerance,
    initialReplicas: s.initialReplicas,
    initialConditions: s.scaledToZero ? [{ type: ConditionType.SCALED_TO_ZERO, status: ConditionStatus.TRUE, reason: 'ScaledToZero' }] : undefined,
  });
  const trace = SimulationTrace.create();
  let time = 0;
  // Every metric has a reading from time 0; later changes come in bursts and long holds.
  picked.forEach(m => trace.at(0, m.id, reading(m, 1, 1)));
  for (const c of s.changes) {
    time += c.after;
    const m = picked[c.metric % picked.length];
    trace.at(time, m.id, reading(m, c.level, c.fail));
  }
  for (const m of s.manual) trace.scaleTo(m.time, m.replicas);
  return { sim, trace, until: s.syncs * s.syncSeconds };
}

function reading(m: typeof METRICS[number], level: number, fail: number): MetricObservation {
  if (fail < 0.15) return MetricObservation.failure('the adapter is down');
  const v = Math.round(m.scale * level * 10) / 10;
  if (!m.perPod) return MetricObservation.value(v);
  return fail < 0.25 ? MetricObservation.podSamples([v, v * 2]) : MetricObservation.perPodUsage(v);
}

describe('fast-forward of repeated syncs', () => {
  test('gives the steps of running every sync, on 400 generated scenarios', () => {
    const sync = jest.spyOn(Run.prototype, 'sync');
    let steps = 0;
    let fullSyncs = 0;
    fc.assert(fc.property(scenario, s => {
      const { sim, trace, until } = setUp(s);
      const every = sim._run(trace, { until }, false).steps;
      sync.mockClear();
      const fast = sim._run(trace, { until }, true).steps;
      steps += fast.length;
      fullSyncs += sync.mock.calls.length;
      expect(JSON.stringify(fast)).toEqual(JSON.stringify(every));
    }), { numRuns: 400, seed: 20261126 });
    sync.mockRestore();
    // The shortcut is taken: most syncs of these traces repeat the one before.
    expect(fullSyncs).toBeLessThan(steps / 3);
  });

  test('a sync inside a stabilization window repeats until the window moves past a higher recommendation', () => {
    const sim = HpaSimulator.fromManifest(hpaManifest({ minReplicas: 1, maxReplicas: 10, metrics: METRICS.slice(0, 1).map(m => m.spec) }),
      { cluster: ClusterProfile.of({ version: '1.36' }) });
    const trace = SimulationTrace.create().at(0, 'cpu', MetricObservation.perPodUsage(180)).at(60, 'cpu', MetricObservation.perPodUsage(10));
    const sync = jest.spyOn(Run.prototype, 'sync');
    const fast = sim.run(trace, { until: 3600 });
    const calls = sync.mock.calls.length;
    sync.mockRestore();
    expect(fast.replicas).toEqual(sim._run(trace, { until: 3600 }, false).replicas);
    // 180% of the request at a 60% target: 3, then 9 capped at 2 * 3, then 30 capped at 10. The
    // proposals of 30 up to 45 s hold the 10 replicas through 345 s (a recommendation exactly
    // 300 s old still counts); at 360 s 2, whose proposal holds until 675 s, then 1.
    expect(fast.replicas.slice(0, 4)).toEqual([3, 6, 10, 10]);
    expect(fast.replicas.indexOf(2)).toBe(360 / 15);
    expect(fast.replicas.indexOf(1)).toBe(675 / 15);
    expect(fast.replicas.slice(675 / 15).every(r => r === 1)).toBe(true);
    // The syncs around each change run in full, the rest repeat.
    expect(calls).toBeLessThan(20);
  });
});
