import { metric } from './helpers';
import { MetricObservation } from '../../src';
import { computeProposal, isWithin } from '../../src/simulation/replica-calculator';

const TOL = { up: 0.1, down: 0.1 };

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
