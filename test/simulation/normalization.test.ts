import { DEFAULT_DOWN, DEFAULT_UP, generateScalingRules, rules, uniformEvents } from './helpers';
import {
  calculateScaleDownLimitWithBehaviors, calculateScaleUpLimitWithScalingRules, convertDesiredReplicasWithBehaviorRate,
  convertDesiredReplicasWithRules, getReplicasChangePerPeriod, Recommendation, ScaleEvent, stabilizeRecommendation,
  stabilizeWithBehaviors, storeScaleEvent,
} from '../../src/simulation/normalization';

// Translated from horizontal_test.go; `now` is 0 and Go's `time.Now().Add(-d)` is `-d` seconds.
const MIN = 60;

describe('TestConvertDesiredReplicasWithRules (path without behavior)', () => {
  test.each([
    ['prenormalized desired replicas within range', 5, 7, 3, 8, 7, 'DesiredWithinRange'],
    ['prenormalized desired replicas < minReplicas', 3, 1, 2, 8, 2, 'TooFewReplicas'],
    ['prenormalized desired zeroed replicas within range', 1, 0, 0, 10, 0, 'DesiredWithinRange'],
    ['maxReplicas is the limit because maxReplicas < scaleUpLimit', 20, 1000, 1, 10, 10, 'TooManyReplicas'],
    ['scaleUpLimit is the limit because scaleUpLimit < maxReplicas', 3, 1000, 1, 2000, 6, 'ScaleUpLimit'],
  ])('%s', (_n, current, desired, min, max, expected, reason) => {
    const r = convertDesiredReplicasWithRules(current, desired, min, max);
    expect([r.replicas, r.reason]).toEqual([expected, reason]);
  });
});

describe('TestNormalizeDesiredReplicas (stabilizeRecommendation, 5 min window)', () => {
  test.each([
    ['empty log', [], 5, 5, 1],
    ['stabilize', [[4, -2 * MIN], [5, -1 * MIN]], 3, 5, 3],
    ['no stabilize', [[1, -2 * MIN], [2, -1 * MIN]], 3, 3, 3],
    ['no stabilize - old recommendations', [[10, -10 * MIN], [9, -9 * MIN]], 3, 3, 2],
    ['stabilize - old recommendations', [[10, -10 * MIN], [4, -1 * MIN], [5, -2 * MIN], [9, -9 * MIN]], 3, 5, 4],
  ] as Array<[string, number[][], number, number, number]>)('%s', (_n, recs, desired, expected, logLength) => {
    const log: Recommendation[] = recs.map(([v, t]) => ({ recommendation: v, timestamp: t }));
    expect(stabilizeRecommendation(log, 0, 300, desired)).toBe(expected);
    expect(log).toHaveLength(logLength);
  });
});

describe('TestCalculateScaleUpLimitWithScalingRules / TestCalculateScaleDownLimitWithBehaviors', () => {
  const minPolicy = rules({ stabilizationWindowSeconds: 300, selectPolicy: 'Min', policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }, { type: 'Percent', value: 50, periodSeconds: 60 }] });
  test('TestCalculateScaleUpLimitWithScalingRules: selectPolicy Min picks the smaller limit (2)', () => {
    expect(calculateScaleUpLimitWithScalingRules(1, [], [], minPolicy, 0, false)).toBe(2);
  });
  test('TestCalculateScaleDownLimitWithBehaviors: selectPolicy Min picks the higher limit (3)', () => {
    expect(calculateScaleDownLimitWithBehaviors(5, [], [], minPolicy, 0)).toBe(3);
  });
  test('Percent policies follow Go float64 order: 10% up from 100 allows 111, 80% down from 10 allows 1, 90% allows 0', () => {
    const up = rules({ stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }] });
    expect(calculateScaleUpLimitWithScalingRules(100, [], [], up, 0, false)).toBe(111);
    const down = (v: number) => rules({ stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Percent', value: v, periodSeconds: 60 }] });
    expect(calculateScaleDownLimitWithBehaviors(10, [], [], down(80), 0)).toBe(1);
    expect(calculateScaleDownLimitWithBehaviors(10, [], [], down(90), 0)).toBe(0);
  });
  test('a Pods value whose sum with the period-start count overflows int32 wraps, as in Go: the limit is negative', () => {
    const huge = rules({ stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 2147483647, periodSeconds: 60 }] });
    expect(calculateScaleUpLimitWithScalingRules(3, [], [], huge, 0, false)).toBe(-2147483646);
    expect(calculateScaleUpLimitWithScalingRules(0, [], [], huge, 0, false)).toBe(2147483647);
  });
  test('a Percent limit past int32 is MinInt32 before 1.38 (scale-up frozen) and MaxInt32 from 1.38', () => {
    const steep = rules({ stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 1_000_000_000, periodSeconds: 60 }] });
    expect(calculateScaleUpLimitWithScalingRules(300, [], [], steep, 0, false)).toBe(-2147483648);
    expect(calculateScaleUpLimitWithScalingRules(300, [], [], steep, 0, true)).toBe(2147483647);
    expect(calculateScaleUpLimitWithScalingRules(2, [], [], steep, 0, false)).toBe(20000002);
  });
  test('selectPolicy Disabled keeps the current count', () => {
    const disabled = rules({ stabilizationWindowSeconds: 0, selectPolicy: 'Disabled', policies: DEFAULT_UP.policies as any });
    expect(calculateScaleUpLimitWithScalingRules(7, [], [], disabled, 0, false)).toBe(7);
    expect(calculateScaleDownLimitWithBehaviors(7, [], [], disabled, 0)).toBe(7);
  });
});

type RuleCase = {
  name: string;
  current: number;
  desired: number;
  min: number;
  max: number;
  expected: number;
  reason: string;
  up?: ReturnType<typeof generateScalingRules>;
  down?: ReturnType<typeof generateScalingRules>;
  upEvents?: ScaleEvent[];
  downEvents?: ScaleEvent[];
};

describe('TestScalingWithRules (convertDesiredReplicasWithBehaviorRate)', () => {
  const cases: RuleCase[] = [
    { name: 'prenormalized desired replicas within range', current: 5, desired: 7, min: 3, max: 8, expected: 7, reason: 'DesiredWithinRange' },
    { name: 'prenormalized desired replicas < minReplicas', current: 3, desired: 1, min: 2, max: 8, expected: 2, reason: 'TooFewReplicas' },
    { name: 'prenormalized desired replicas within range when minReplicas is 0', current: 1, desired: 0, min: 0, max: 10, expected: 0, reason: 'DesiredWithinRange' },
    { name: 'maxReplicas is the limit because maxReplicas < scaleUpLimit', current: 20, desired: 1000, min: 1, max: 10, expected: 10, reason: 'TooManyReplicas' },
    { name: 'desired replica count is more than the maximum replica count', current: 100, desired: 1000, min: 100, max: 150, expected: 150, reason: 'TooManyReplicas' },
    { name: 'scaleUpLimit is the limit because scaleUpLimit < maxReplicas with user policies', current: 3, desired: 1000, min: 1, max: 2000, expected: 4, reason: 'ScaleUpLimit', up: generateScalingRules(0, 0, 1, 60, 0) },
    { name: 'scaleDownLimit is the limit because scaleDownLimit > minReplicas with user defined policies', current: 1000, desired: 3, min: 3, max: 2000, expected: 980, reason: 'ScaleDownLimit', down: generateScalingRules(20, 60, 0, 0, 0) },
    { name: 'scaleUp with default behavior', current: 10, desired: 50, min: 1, max: 1000, expected: 20, reason: 'ScaleUpLimit' },
    { name: 'scaleUp with pods policy larger than percent policy', current: 10, desired: 500, min: 1, max: 1000, expected: 110, reason: 'ScaleUpLimit', up: generateScalingRules(100, 60, 100, 60, 0) },
    { name: 'scaleUp with percent policy larger than pods policy', current: 10, desired: 500, min: 1, max: 1000, expected: 20, reason: 'ScaleUpLimit', up: generateScalingRules(2, 60, 100, 60, 0) },
    { name: 'scaleUp with spec MaxReplicas limitation with large pod policy', current: 10, desired: 50, min: 1, max: 1000, expected: 50, reason: 'DesiredWithinRange', up: generateScalingRules(100, 60, 0, 0, 0) },
    { name: 'scaleUp with pod policy limitation', current: 10, desired: 50, min: 1, max: 1000, expected: 40, reason: 'ScaleUpLimit', up: generateScalingRules(30, 60, 0, 0, 0) },
    { name: 'scaleUp with percent policy limitation', current: 10, desired: 50, min: 1, max: 1000, expected: 30, reason: 'ScaleUpLimit', up: generateScalingRules(0, 0, 200, 60, 0) },
    { name: 'scaleDown with percent policy larger than pod policy', current: 100, desired: 2, min: 1, max: 1000, expected: 80, reason: 'ScaleDownLimit', down: generateScalingRules(20, 60, 1, 60, 300) },
    { name: 'scaleDown with pod policy larger than percent policy', current: 100, desired: 2, min: 1, max: 1000, expected: 98, reason: 'ScaleDownLimit', down: generateScalingRules(2, 60, 1, 60, 300) },
    { name: 'scaleDown with spec MinReplicas=nil limitation with large pod policy', current: 10, desired: 0, min: 1, max: 1000, expected: 1, reason: 'TooFewReplicas', down: generateScalingRules(100, 60, 0, 0, 300) },
    { name: 'scaleDown with spec MinReplicas limitation with large percent policy', current: 10, desired: 2, min: 5, max: 1000, expected: 5, reason: 'TooFewReplicas', down: generateScalingRules(0, 0, 100, 60, 300) },
    { name: 'scaleDown with pod policy limitation', current: 10, desired: 2, min: 1, max: 1000, expected: 5, reason: 'ScaleDownLimit', down: generateScalingRules(5, 60, 0, 0, 300) },
    { name: 'scaleDown with percent policy limitation', current: 10, desired: 5, min: 1, max: 1000, expected: 5, reason: 'DesiredWithinRange', down: generateScalingRules(0, 0, 50, 60, 300) },
    { name: 'scaleUp with spec MaxReplicas limitation with large pod policy and events', current: 100, desired: 500, min: 1, max: 200, expected: 200, reason: 'TooManyReplicas', up: generateScalingRules(300, 60, 0, 0, 0), upEvents: uniformEvents([1, 5, 9], 120) },
    { name: 'scaleUp with currentReplicas limitation with rate.PeriodSeconds with a lot of recent scale up events', current: 100, desired: 500, min: 1, max: 1000, expected: 100, reason: 'ScaleUpLimit', up: generateScalingRules(5, 120, 0, 0, 0), upEvents: uniformEvents([1, 5, 9], 120) },
    { name: 'scaleUp with pod policy and previous scale up events', current: 100, desired: 500, min: 1, max: 1000, expected: 235, reason: 'ScaleUpLimit', up: generateScalingRules(150, 120, 0, 0, 0), upEvents: uniformEvents([1, 5, 9], 120) },
    { name: 'scaleUp with percent policy and previous scale up events', current: 100, desired: 500, min: 1, max: 1000, expected: 255, reason: 'ScaleUpLimit', up: generateScalingRules(0, 0, 200, 120, 0), upEvents: uniformEvents([1, 5, 9], 120) },
    { name: 'scaleUp with percent policy and previous scale up and down events', current: 6, desired: 24, min: 1, max: 1000, expected: 16, reason: 'ScaleUpLimit', up: generateScalingRules(0, 0, 300, 300, 0), upEvents: uniformEvents([4], 120), downEvents: uniformEvents([2], 120) },
    { name: 'scaleDown with default policy and previous events', current: 10, desired: 5, min: 1, max: 1000, expected: 5, reason: 'DesiredWithinRange', downEvents: uniformEvents([1, 5, 9], 120) },
    { name: 'scaleDown with spec MinReplicas limitation with large pod policy and previous events', current: 100, desired: 0, min: 5, max: 1000, expected: 5, reason: 'TooFewReplicas', down: generateScalingRules(130, 120, 0, 0, 300), downEvents: uniformEvents([1, 5, 9], 120) },
    { name: 'scaleDown with pod policy limitation and previous events', current: 100, desired: 2, min: 1, max: 1000, expected: 100, reason: 'ScaleDownLimit', down: generateScalingRules(5, 120, 0, 0, 300), downEvents: uniformEvents([1, 5, 9], 120) },
    { name: 'scaleDown with percent policy limitation and previous events', current: 100, desired: 0, min: 1, max: 1000, expected: 56, reason: 'ScaleDownLimit', down: generateScalingRules(0, 0, 50, 120, 300), downEvents: uniformEvents([2, 4, 6], 120) },
    { name: 'scaleDown with percent policy and previous scale up and down events', current: 10, desired: 1, min: 1, max: 1000, expected: 6, reason: 'ScaleDownLimit', down: generateScalingRules(0, 0, 50, 180, 0), upEvents: uniformEvents([2], 120), downEvents: uniformEvents([4], 120) },
    { name: 'scaleDown with previous events preventing further scale down', current: 100, desired: 0, min: 1, max: 1000, expected: 100, reason: 'ScaleDownLimit', down: generateScalingRules(0, 0, 10, 120, 300), downEvents: uniformEvents([10, 10, 10], 120) },
    { name: 'scaleDown with with previous events still allowing more scale down', current: 10, desired: 5, min: 1, max: 1000, expected: 5, reason: 'DesiredWithinRange', down: generateScalingRules(0, 0, 1000, 120, 300), downEvents: uniformEvents([10, 10, 10], 120) },
    { name: "check 'outdated' flag for events for one behavior for up", current: 100, desired: 200, min: 1, max: 1000, expected: 200, reason: 'DesiredWithinRange', up: generateScalingRules(1000, 60, 0, 0, 0), upEvents: uniformEvents([8, 12, 9, 11], 120) },
    { name: "check that events were marked 'outdated' for two different policies in the behavior for up", current: 100, desired: 200, min: 1, max: 1000, expected: 200, reason: 'DesiredWithinRange', up: generateScalingRules(1000, 30, 100, 60, 0), upEvents: uniformEvents([8, 12, 9, 11], 120) },
    { name: "check that events were marked 'outdated' for two different policies in the behavior for down", current: 100, desired: 5, min: 1, max: 1000, expected: 5, reason: 'DesiredWithinRange', down: generateScalingRules(1000, 30, 100, 60, 300), downEvents: uniformEvents([8, 12, 9, 11], 120) },
  ];
  test.each(cases.map(c => [c.name, c] as const))('%s', (_n, c) => {
    const r = convertDesiredReplicasWithBehaviorRate({
      current: c.current,
      desired: c.desired,
      min: c.min,
      max: c.max,
      up: c.up ?? DEFAULT_UP,
      down: c.down ?? DEFAULT_DOWN,
      upEvents: c.upEvents ?? [],
      downEvents: c.downEvents ?? [],
      now: 0,
      saturates: false,
    });
    expect([r.replicas, r.reason]).toEqual([c.expected, c.reason]);
  });
});

describe('TestStoreScaleEvents', () => {
  const ev = (change: number, age: number, outdated = false): ScaleEvent => ({ replicaChange: change, timestamp: -age, outdated });
  test.each([
    ['empty entries with two-policy-behavior', generateScalingRules(10, 60, 100, 60, 0), [], [[5, false]], 0],
    ['one outdated entry to be replaced with behavior', generateScalingRules(10, 60, 100, 60, 0), [ev(7, 61)], [[5, false]], 0],
    ['one actual entry to be not touched with behavior', generateScalingRules(10, 60, 100, 60, 0), [ev(7, 58)], [[7, false], [5, false]], 7],
    ['two entries, one of them to be replaced', generateScalingRules(10, 60, 0, 0, 0), [ev(7, 61), ev(6, 59)], [[5, false], [6, false]], 6],
    ['replace one entry, use policies with different periods', generateScalingRules(10, 60, 100, 30, 0), [ev(8, 29), ev(6, 59), ev(7, 61), ev(9, 61)], [[8, false], [6, false], [7, true], [5, false]], 14],
    ['two entries, both actual', generateScalingRules(10, 120, 100, 30, 0), [ev(7, 58), ev(6, 59)], [[7, false], [6, false], [5, false]], 13],
  ] as Array<[string, any, ScaleEvent[], Array<[number, boolean]>, number]>)('%s', (_n, r, prev, expected, change) => {
    for (const direction of ['up', 'down']) {
      const events = prev.map(e => ({ ...e }));
      expect(getReplicasChangePerPeriod(60, events, 0)).toBe(change);
      if (direction === 'up') storeScaleEvent(events, [], r, r, 10, 15, 0);
      else storeScaleEvent([], events, r, r, 10, 5, 0);
      expect(events.map(e => [e.replicaChange, e.outdated])).toEqual(expected);
    }
  });
});

describe('TestNormalizeDesiredReplicasWithBehavior (stabilizeRecommendationWithBehaviors)', () => {
  const up = (w: number) => rules({ ...DEFAULT_UP, stabilizationWindowSeconds: w, policies: [...DEFAULT_UP.policies] });
  const down = (w: number) => rules({ ...DEFAULT_DOWN, stabilizationWindowSeconds: w, policies: [...DEFAULT_DOWN.policies] });
  test.each([
    ['empty recommendations for scaling down', [], 100, 5, 5, [5], 0, 300],
    ['simple scale down stabilization', [[4, -2 * MIN], [5, -MIN]], 100, 3, 5, [4, 5, 3], 0, 180],
    ['simple scale up stabilization', [[4, -2 * MIN], [5, -MIN]], 1, 7, 4, [4, 5, 7], 300, 300],
    ['no scale down stabilization', [[1, -2 * MIN], [2, -MIN]], 100, 3, 3, [1, 2, 3], 300, 300],
    ['no scale up stabilization', [[4, -2 * MIN], [5, -MIN]], 1, 3, 3, [4, 5, 3], 0, 300],
    ['no scale down stabilization, reuse recommendation element', [[10, -10 * MIN], [9, -9 * MIN]], 100, 3, 3, [10, 3], 0, 300],
    ['no scale up stabilization, reuse recommendation element', [[10, -10 * MIN], [9, -9 * MIN]], 1, 100, 100, [10, 100], 0, 300],
    ['scale down stabilization, reuse one of obsolete recommendation element', [[10, -10 * MIN], [4, -MIN], [5, -2 * MIN], [9, -9 * MIN]], 100, 3, 5, [10, 4, 5, 3], 0, 180],
  ] as Array<[string, number[][], number, number, number, number[], number, number]>)('%s', (_n, recs, current, desired, expected, log, upW, downW) => {
    const list: Recommendation[] = recs.map(([v, t]) => ({ recommendation: v, timestamp: t }));
    const r = stabilizeWithBehaviors(list, 0, current, desired, up(upW), down(downW));
    expect(r.replicas).toBe(expected);
    expect(list.map(x => x.recommendation)).toEqual(log);
  });
});
