import { metric } from './helpers';
import { MetricObservation } from '../../src';
import { kubernetesRelease } from '../../src/private/kubernetes-releases';
import { CalcInput, ceilToReplicas, computeProposal as compute, isWithin } from '../../src/simulation/replica-calculator';

const TOL = { up: 0.1, down: 0.1 };
const INT32_MAX = 2147483647;
const INT32_MIN = -2147483648;

/** The proposal on 1.37's controller unless the test names another release. */
function computeProposal(input: Omit<CalcInput, 'controller'>, minor = 37) {
  return compute({ ...input, controller: kubernetesRelease(minor).controller });
}

// Translated from replica_calculator_test.go. Its levels and targets are milli-units; here they
// are base units (300 -> 0.3). Go's tests give each pod two containers with the same level and
// request; one container per pod gives the same ratios.
describe('replica calculator (replica_calculator_test.go)', () => {
  const cpu = (target: number) => metric({ type: 'Resource', resource: 'cpu', targetType: 'Utilization', target });
  test.each([
    ['TestReplicaCalcScaleUp', 3, [0.3, 0.5, 0.7], 1.0, 30, 5, 50],
    ['TestReplicaCalcScaleDown', 5, [0.1, 0.3, 0.5, 0.25, 0.25], 1.0, 50, 3, 28],
    ['TestReplicaCalcTolerance (equal requests)', 3, [1.01, 1.03, 1.02], 1.0, 100, 3, 102],
    ['samples beyond the pod count are ignored (no such pods)', 4, [1, 1, 1, 1, 9, 9], 0.5, 100, 8, 200],
  ])('%s', (_name, current, samples, request, target, expected, utilization) => {
    const p = computeProposal({
      metric: cpu(target),
      observation: MetricObservation.podSamples(samples),
      currentReplicas: current,
      tolerances: TOL,
      requestMilli: request * 1000,
    });
    expect(p).toEqual({ replicas: expected, usage: utilization });
  });

  test.each([
    ['TestReplicaCalcScaleUpCM (Pods AverageValue)', 'Pods', 'AverageValue', 3, MetricObservation.podSamples([20, 10, 30]), 15, 4],
    ['TestReplicaCalcScaleUpCMObject (Object Value)', 'Object', 'Value', 3, MetricObservation.value(20), 15, 4],
    ['TestReplicaCalcScaleUpCMPerPodObject (Object AverageValue)', 'Object', 'AverageValue', 3, MetricObservation.value(20), 5, 4],
    ['TestReplicaCalcScaleUpCMExternal (External Value)', 'External', 'Value', 1, MetricObservation.value(8.6), 4.4, 2],
    ['TestReplicaCalcScaleUpPerPodCMExternal (External AverageValue)', 'External', 'AverageValue', 3, MetricObservation.value(8.6), 2.15, 4],
    ['TestReplicaCalcScaleDownCMExternal (External Value)', 'External', 'Value', 5, MetricObservation.value(8.6), 14.4, 3],
    ['TestReplicaCalcToleranceCMExternal (External Value)', 'External', 'Value', 3, MetricObservation.value(8.9), 8.6, 3],
  ] as const)('%s', (_name, type, targetType, current, observation, target, expected) => {
    const p = computeProposal({
      metric: metric({ type, targetType, target: target * 1000 }), observation, currentReplicas: current, tolerances: TOL, requestMilli: 0,
    });
    expect(p.replicas).toBe(expected);
  });

  test('External series are summed (several series of one External metric)', () => {
    const p = computeProposal({
      metric: metric({ type: 'External', targetType: 'AverageValue', target: 10_000 }),
      observation: MetricObservation.series([30, 45, 25]),
      currentReplicas: 2,
      tolerances: TOL,
      requestMilli: 0,
    });
    expect(p).toEqual({ replicas: 10, usage: 100 });
  });

  test('utilization is truncated to a whole percent before the ratio: 110.9% on a 100% target holds', () => {
    const p = computeProposal({
      metric: cpu(100), observation: MetricObservation.perPodUsage(110.9), currentReplicas: 4, tolerances: TOL, requestMilli: 100_000,
    });
    expect(p).toEqual({ replicas: 4, usage: 110 });
  });

  test('the Pods average is integer-divided milli-units (62 over 3 pods is 20.666)', () => {
    const p = computeProposal({
      metric: metric({ type: 'Pods', targetType: 'AverageValue', target: 10_000 }),
      observation: MetricObservation.totalUsage(62),
      currentReplicas: 3,
      tolerances: TOL,
      requestMilli: 0,
    });
    expect(p).toEqual({ replicas: 7, usage: 20.666 });
  });

  test('tolerance bounds are inclusive in float64: 55% on a 50% target (ratio 1.1) does not scale', () => {
    expect(isWithin(TOL, 55 / 50)).toBe(true);
    expect(isWithin(TOL, 45 / 50)).toBe(true);
    expect(isWithin(TOL, 56 / 50)).toBe(false);
    expect(isWithin({ up: 0, down: 0.5 }, 1.01)).toBe(false);
  });

  test('missing pods count as 100% of their request on a scale-down, which can cancel it (calcPlainMetricReplicas)', () => {
    // 4 pods, 2 samples at 10%: ratio 0.2; with the missing pods at 100%: (10+10+100+100)/4 = 55% -> ratio 1.1, within.
    const p = computeProposal({
      metric: cpu(50), observation: MetricObservation.podSamples([10, 10]), currentReplicas: 4, tolerances: TOL, requestMilli: 100_000,
    });
    expect(p.replicas).toBe(4);
  });

  test('missing pods at a ratio of exactly 1.0 are filled in by neither branch: the count stays', () => {
    // CPU target 50%, 4 pods, samples of 50m and 50m on 100m requests: the reporting pods sit at
    // the target, the second pass sees them alone (ratio 1.0, within) and keeps 4, as upstream.
    const p = computeProposal({
      metric: cpu(50), observation: MetricObservation.podSamples([0.05, 0.05]), currentReplicas: 4, tolerances: TOL, requestMilli: 100,
    });
    expect(p.replicas).toBe(4);
    const pods = metric({ type: 'Pods', targetType: 'AverageValue', target: 10_000 });
    const q = computeProposal({
      metric: pods, observation: MetricObservation.podSamples([10, 10]), currentReplicas: 4, tolerances: TOL, requestMilli: 100_000,
    });
    expect(q.replicas).toBe(4);
  });

  test('missing pods count as 0 on a scale-up', () => {
    // 4 pods, 2 samples at 200%: with the missing pods at 0: 100% on a 50% target -> ceil(2 * 4) = 8.
    const p = computeProposal({
      metric: cpu(50), observation: MetricObservation.podSamples([200, 200]), currentReplicas: 4, tolerances: TOL, requestMilli: 100_000,
    });
    expect(p.replicas).toBe(8);
  });

  test('from zero: pod metrics fail, Value metrics ignore tolerance, AverageValue gives ceil(v / t)', () => {
    const zero = (m: any, o: MetricObservation) =>
      computeProposal({ metric: m, observation: o, currentReplicas: 0, tolerances: TOL, requestMilli: 100_000 });
    expect(zero(cpu(50), MetricObservation.perPodUsage(10)).error).toBeDefined();
    expect(zero(metric({ type: 'Object', targetType: 'Value', target: 100_000 }), MetricObservation.value(1)).replicas).toBe(1);
    expect(zero(metric({ type: 'External', targetType: 'AverageValue', target: 30_000 }), MetricObservation.value(95)).replicas).toBe(4);
    expect(zero(metric({ type: 'External', targetType: 'AverageValue', target: 30_000 }), MetricObservation.value(0)).replicas).toBe(0);
  });

  test('a failure observation and a metric without observations are errors', () => {
    const m = metric({ type: 'External', targetType: 'Value', target: 1000 });
    expect(computeProposal({ metric: m, observation: MetricObservation.failure('boom'), currentReplicas: 1, tolerances: TOL, requestMilli: 0 }).error).toBe('boom');
    expect(computeProposal({ metric: m, observation: undefined, currentReplicas: 1, tolerances: TOL, requestMilli: 0 }).error).toMatch(/no metric/);
  });
});

// kubernetes/kubernetes#141397 and #142192 (1.38): a count or a utilization past int32 saturates; before, amd64's
// `int32(math.Ceil(x))` gave MinInt32, except where #127050 (1.34) and #126979 (1.35) capped it.
describe('replica counts past the int32 range', () => {
  test('ceilToReplicas: saturating or as amd64 converts', () => {
    expect(ceilToReplicas(2147483646.5, false)).toBe(INT32_MAX);
    expect(ceilToReplicas(2147483647.5, false)).toBe(INT32_MIN);
    expect(ceilToReplicas(2147483647.5, true)).toBe(INT32_MAX);
    expect(ceilToReplicas(3e9, true)).toBe(INT32_MAX);
    expect(ceilToReplicas(NaN, true)).toBe(INT32_MIN);
  });

  // A per-pod lag with a 100m target (kubernetes#126892's setting) at 300M on 10 pods: ratio 3e9 x 10.
  const lag = metric({ type: 'Pods', targetType: 'AverageValue', target: 100 });
  const overflowing = { metric: lag, observation: MetricObservation.perPodUsage(300_000_000), currentReplicas: 10, tolerances: TOL, requestMilli: 0 };
  test.each([[36, INT32_MIN], [37, INT32_MIN], [38, INT32_MAX]])('a Pods metric on 1.%i proposes %i', (minor, expected) => {
    expect(computeProposal(overflowing, minor).replicas).toBe(expected);
  });

  test('a Utilization past 2^31 %: its low 32 bits before 1.38, MaxInt32 % from 1.38', () => {
    const cpu = metric({ type: 'Resource', resource: 'cpu', targetType: 'Utilization', target: 50 });
    const on3 = (cores: number, minor: number) => computeProposal({
      metric: cpu, observation: MetricObservation.perPodUsage(cores), currentReplicas: 3, tolerances: TOL, requestMilli: 100_000,
    }, minor);
    // 1e11 % keeps 1215752192 % (1e11 - 23 * 2^32): ceil(1215752192 / 50 * 3).
    expect([on3(1e11, 37).usage, on3(1e11, 37).replicas]).toEqual([1215752192, 72945132]);
    expect([on3(1e11, 38).usage, on3(1e11, 38).replicas]).toEqual([INT32_MAX, 128849019]);
    // 3e9 % keeps -1294967296 %: a negative proposal, which reads as 0 (scale down).
    expect(on3(3e9, 37).replicas).toBe(Math.ceil(-1294967296 / 50 * 3));
    expect(on3(3e9, 38).replicas).toBe(128849019);
  });

  test('External and Object metrics, by target type and release', () => {
    const proposal = (type: 'External' | 'Object', targetType: 'Value' | 'AverageValue', current: number, minor: number) => computeProposal({
      metric: metric({ type, targetType, target: 100 }),
      observation: MetricObservation.value(5e8),
      currentReplicas: current,
      tolerances: TOL,
      requestMilli: 0,
    }, minor).replicas;
    // Value from a nonzero count: capped from 1.35 (getUsageRatioReplicaCount).
    expect([34, 35, 38].map(m => proposal('External', 'Value', 2, m))).toEqual([INT32_MIN, INT32_MAX, INT32_MAX]);
    expect([34, 35].map(m => proposal('Object', 'Value', 2, m))).toEqual([INT32_MIN, INT32_MAX]);
    // Value from zero: only 1.38 saturates.
    expect([37, 38].map(m => proposal('External', 'Value', 0, m))).toEqual([INT32_MIN, INT32_MAX]);
    // AverageValue: External capped from 1.34 (GetExternalPerPodMetricReplicas), Object only from 1.38.
    expect([33, 34].map(m => proposal('External', 'AverageValue', 2, m))).toEqual([INT32_MIN, INT32_MAX]);
    expect([37, 38].map(m => proposal('Object', 'AverageValue', 2, m))).toEqual([INT32_MIN, INT32_MAX]);
  });
});
