/**
 * Table tests for the behavior lints HPA406-HPA408 (warnings): scale-up policies that never leave
 * zero, a scale-up Pods value that overflows int32, and a scale-up stabilization window longer
 * than the scale-down one. See src/validation/rules/behavior-lints.ts for why each case holds.
 */
import {
  caseCheckers,
  NegativeCase,
  queueMetric,
  RuleCase,
  setBehavior,
  validateWithWorkload as validate,
} from './rule-cases';
import { ClusterProfileOptions, Severity } from '../../src';
import { INT32_MAX } from '../../src/private/constants';
import { calculateScaleDownLimitWithBehaviors, calculateScaleUpLimitWithScalingRules } from '../../src/simulation/normalization';
import { isAdjustableRule, RULES } from '../../src/validation/rule-catalog';

/** A direction's rules for the simulator's limit functions. */
const simRules = (selectPolicy: string, policies: any[]) => ({
  stabilizationWindowSeconds: 0, selectPolicy, policies, longestPeriod: Math.max(...policies.map(p => p.periodSeconds)),
});

const WARNING = Severity.WARNING;
const SCALE_TO_ZERO: ClusterProfileOptions = { featureGates: { HPAScaleToZero: true } };
const { expectRuleCase, expectNegativeCase } = caseCheckers((mutate, c) => validate(mutate, c), WARNING);

/** minReplicas 0 on a queue metric, with `behavior` (left out when undefined). */
const scaleToZeroWith = (behavior: any) => (m: any) => {
  m.spec.minReplicas = 0;
  m.spec.metrics = [queueMetric()];
  if (behavior !== undefined) m.spec.behavior = behavior;
};
const pods = (value: number, periodSeconds = 15) => ({ type: 'Pods', value, periodSeconds });
const percent = (value: number, periodSeconds = 15) => ({ type: 'Percent', value, periodSeconds });
/** The API server's defaults for both directions, written out. */
const SERVER_DEFAULTS = {
  scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [pods(4), percent(100)] },
  scaleDown: { selectPolicy: 'Max', policies: [percent(100)] },
};

describe('HPA406 scale-up policies that never leave zero', () => {
  const cases: RuleCase[] = [
    {
      title: 'minReplicas is 0 and the only scale-up policy is Percent',
      mutate: scaleToZeroWith({ scaleUp: { policies: [percent(50, 60)] } }),
      cluster: SCALE_TO_ZERO,
      ruleId: 'HPA406',
      path: 'spec.behavior.scaleUp.policies',
      prefix: 'Lint: [{"type":"Percent","value":50,"periodSeconds":60}]',
      detail: 'with minReplicas 0 every scale-up policy is Percent, and a percentage of 0 replicas is 0: once the scale-down to zero is older than 60s the workload never leaves zero',
      fix: 'add a Pods policy (for example Pods 4 per 15s), or set minReplicas to 1',
    },
    {
      title: 'minReplicas is 0 and two Percent policies are combined with Max',
      mutate: scaleToZeroWith({ scaleUp: { selectPolicy: 'Max', policies: [percent(100), percent(900, 120)] } }),
      cluster: SCALE_TO_ZERO,
      ruleId: 'HPA406',
      path: 'spec.behavior.scaleUp.policies',
      prefix: 'Lint: [{"type":"Percent","value":100,"periodSeconds":15},{"type":"Percent","value":900,"periodSeconds":120}]',
      detail: 'older than 120s the workload never leaves zero (ScalingLimited=True/ScaleUpLimit)',
    },
    {
      title: 'minReplicas is 0 and Min combines a Pods policy with a Percent policy',
      mutate: scaleToZeroWith({ scaleUp: { selectPolicy: 'Min', policies: [pods(2), percent(10, 30)] } }),
      cluster: SCALE_TO_ZERO,
      ruleId: 'HPA406',
      path: 'spec.behavior.scaleUp.selectPolicy',
      prefix: 'Lint: "Min"',
      detail: 'with minReplicas 0, policies[1] (Percent 10) allows ceil(0 × (1 + 10/100)) = 0 replicas from zero and Min picks the smallest limit: once the scale-down to zero is older than its periodSeconds (30s) the workload never leaves zero',
      fix: 'use selectPolicy Max with a Pods policy',
    },
    {
      title: 'minReplicas is 0 and scale-up sets only Min (the server\'s default policies include Percent 100)',
      mutate: scaleToZeroWith({ scaleUp: { selectPolicy: 'Min' } }),
      cluster: SCALE_TO_ZERO,
      ruleId: 'HPA406',
      path: 'spec.behavior.scaleUp.selectPolicy',
      prefix: 'Lint: "Min"',
      detail: 'with minReplicas 0, the server\'s default policies[1] (Percent 100) allows ceil(0 × (1 + 100/100)) = 0 replicas from zero',
    },
    {
      title: 'minReplicas is 0 without the HPAScaleToZero gate (1.36: the error and the lint both apply)',
      mutate: scaleToZeroWith({ scaleUp: { policies: [percent(100)] } }),
      cluster: { version: '1.36' },
      ruleId: 'HPA406',
      path: 'spec.behavior.scaleUp.policies',
      prefix: 'Lint: [{"type":"Percent","value":100,"periodSeconds":15}]',
      detail: 'every scale-up policy is Percent',
      alsoRaises: ['HPA101'],
    },
  ];
  test.each(cases)('warns when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'scale to zero without behavior (the controller caps at max(2 × 0, 4) = 4)', mutate: scaleToZeroWith(undefined), cluster: SCALE_TO_ZERO, ruleId: 'HPA406' },
    { title: 'scale to zero with behavior: {} (default Pods 4 and Percent 100, Max)', mutate: scaleToZeroWith({}), cluster: SCALE_TO_ZERO, ruleId: 'HPA406' },
    { title: 'scale to zero with the server defaults written out', mutate: scaleToZeroWith(SERVER_DEFAULTS), cluster: SCALE_TO_ZERO, ruleId: 'HPA406' },
    {
      title: 'scale to zero with only a scale-down rule, as in examples/app.ts',
      mutate: scaleToZeroWith({ scaleDown: { stabilizationWindowSeconds: 600, policies: [percent(50, 60)] } }),
      cluster: SCALE_TO_ZERO,
      ruleId: 'HPA406',
    },
    { title: 'scale to zero with Max over a Pods and a Percent policy', mutate: scaleToZeroWith({ scaleUp: { policies: [pods(1), percent(100)] } }), cluster: SCALE_TO_ZERO, ruleId: 'HPA406' },
    { title: 'scale to zero with Min over Pods policies only', mutate: scaleToZeroWith({ scaleUp: { selectPolicy: 'Min', policies: [pods(1), pods(5, 60)] } }), cluster: SCALE_TO_ZERO, ruleId: 'HPA406' },
    { title: 'scale to zero with scale-up Disabled (it never scales up by design)', mutate: scaleToZeroWith({ scaleUp: { selectPolicy: 'Disabled', policies: [percent(100)] } }), cluster: SCALE_TO_ZERO, ruleId: 'HPA406' },
    { title: 'Percent-only scale-up with minReplicas 2 (a percentage of 2 or more is at least 1 pod)', mutate: setBehavior({ scaleUp: { policies: [percent(10)] } }), ruleId: 'HPA406' },
    {
      title: 'scale to zero with a Percent policy whose period is out of range (an error, HPA123, not the lint)',
      mutate: scaleToZeroWith({ scaleUp: { policies: [percent(100, 3600)] } }),
      cluster: SCALE_TO_ZERO,
      ruleId: 'HPA406',
      raises: ['HPA123'],
    },
  ];
  test.each(negatives)('does not warn on $title', expectNegativeCase);

  test.each([
    ['Max', [percent(50, 60)], 0],
    ['Max', [percent(100), percent(900, 120)], 0],
    ['Min', [pods(2), percent(10, 30)], 0],
    ['Min', [pods(4), percent(100)], 0],
    ['Max', [pods(4), percent(100)], 4],
    ['Max', [pods(1), percent(100)], 1],
    ['Min', [pods(1), pods(5, 60)], 1],
  ])('the simulator agrees: from zero with no recent events, %s over %j allows %d', (selectPolicy, policies, limit) => {
    expect(calculateScaleUpLimitWithScalingRules(0, [], [], simRules(selectPolicy as string, policies as any[]), 1000, false)).toBe(limit);
  });
});

describe('HPA407 a scale-up Pods value that overflows int32', () => {
  const cases: RuleCase[] = [
    {
      title: 'Min picks a Pods policy of 2147483647 (meant as "unlimited")',
      mutate: setBehavior({ scaleUp: { selectPolicy: 'Min', policies: [pods(INT32_MAX), percent(10)] } }),
      ruleId: 'HPA407',
      path: 'spec.behavior.scaleUp.policies[0].value',
      prefix: `Lint: ${INT32_MAX}`,
      detail: 'the controller adds this to the current replica count in int32 arithmetic, which wraps negative at every count from 2 to 9, every count it could scale up from (minReplicas 2 to maxReplicas - 1); selectPolicy Min picks this negative limit, so the scale-up limit stays at the current count and the workload never scales up',
      fix: 'use a value of at most maxReplicas (Pods 10)',
    },
    {
      title: 'the only scale-up policy wraps from every count, with Max',
      mutate: m => { m.spec.minReplicas = 5; m.spec.maxReplicas = 6; m.spec.behavior = { scaleUp: { policies: [pods(INT32_MAX - 4)] } }; },
      ruleId: 'HPA407',
      path: 'spec.behavior.scaleUp.policies[0].value',
      prefix: `Lint: ${INT32_MAX - 4}`,
      detail: 'wraps negative at 5 replicas, every count it could scale up from (minReplicas 5 to maxReplicas - 1); every scale-up policy wraps',
    },
  ];
  test.each(cases)('warns when $title', expectRuleCase);

  test('every wrapping policy is reported when all of them decide with Max', () => {
    const issues = validate(setBehavior({ scaleUp: { policies: [pods(INT32_MAX), pods(INT32_MAX - 1, 60)] } }));
    expect(issues.map(i => [i.ruleId, i.severity, i.path])).toEqual([
      ['HPA407', WARNING, 'spec.behavior.scaleUp.policies[0].value'],
      ['HPA407', WARNING, 'spec.behavior.scaleUp.policies[1].value'],
    ]);
  });

  const negatives: NegativeCase[] = [
    { title: 'the server defaults', mutate: setBehavior(SERVER_DEFAULTS), ruleId: 'HPA407' },
    { title: 'behavior: {}', mutate: setBehavior({}), ruleId: 'HPA407' },
    { title: 'Max over a wrapping Pods policy and a Percent policy (the Percent limit wins)', mutate: setBehavior({ scaleUp: { policies: [pods(INT32_MAX), percent(10)] } }), ruleId: 'HPA407' },
    {
      title: 'a Pods value that wraps only from the highest counts (from lower counts it reaches maxReplicas at once)',
      mutate: m => { m.spec.maxReplicas = 100; m.spec.behavior = { scaleUp: { selectPolicy: 'Min', policies: [pods(INT32_MAX - 50)] } }; },
      ruleId: 'HPA407',
    },
    { title: 'Min with a Percent policy of 1% (ceil(c × 1.01) is at least c + 1)', mutate: setBehavior({ scaleUp: { selectPolicy: 'Min', policies: [pods(1), percent(1)] } }), ruleId: 'HPA407' },
    {
      title: 'scale-down Min with a Percent policy of 1% (trunc(c × 0.99) is at most c - 1)',
      mutate: m => { m.spec.maxReplicas = 1000; m.spec.behavior = { scaleDown: { selectPolicy: 'Min', policies: [percent(1), pods(1)] } }; },
      ruleId: 'HPA407',
    },
    { title: 'a scale-down Pods value of 2147483647 (c - value never wraps)', mutate: setBehavior({ scaleDown: { selectPolicy: 'Min', policies: [pods(INT32_MAX)] } }), ruleId: 'HPA407' },
    { title: 'a wrapping Pods policy with scale-up Disabled', mutate: setBehavior({ scaleUp: { selectPolicy: 'Disabled', policies: [pods(INT32_MAX)] } }), ruleId: 'HPA407' },
    {
      title: 'a wrapping Pods policy when minReplicas equals maxReplicas (nothing to scale up to)',
      mutate: m => { m.spec.maxReplicas = 2; m.spec.behavior = { scaleUp: { selectPolicy: 'Min', policies: [pods(INT32_MAX)] } }; },
      ruleId: 'HPA407',
    },
  ];
  test.each(negatives)('does not warn on $title', expectNegativeCase);

  test('the simulator agrees that small Percent policies with Min always move at least one pod at a steady state', () => {
    for (let c = 1; c <= 1000; c++) {
      expect(calculateScaleUpLimitWithScalingRules(c, [], [], simRules('Min', [percent(1)]), 1000, false)).toBeGreaterThan(c);
      expect(calculateScaleDownLimitWithBehaviors(c, [], [], simRules('Min', [percent(1)]), 1000)).toBeLessThan(c);
    }
  });
});

describe('HPA408 a scale-up stabilization window longer than the scale-down one', () => {
  const cases: RuleCase[] = [
    {
      title: 'the scale-up window exceeds the controller\'s default 300s scale-down window',
      mutate: setBehavior({ scaleUp: { stabilizationWindowSeconds: 600 } }),
      ruleId: 'HPA408',
      path: 'spec.behavior.scaleUp.stabilizationWindowSeconds',
      prefix: 'Lint: 600',
      detail: 'is longer than the scale-down stabilization window (300s, the controller\'s default): the autoscaler adds pods only after 600s of higher recommendations but removes them after 300s of lower ones',
      fix: 'shorten scaleUp.stabilizationWindowSeconds to at most 300s (usually 0s), or lengthen scaleDown\'s to at least 600s',
    },
    {
      title: 'the two windows look swapped',
      mutate: setBehavior({ scaleUp: { stabilizationWindowSeconds: 300 }, scaleDown: { stabilizationWindowSeconds: 0 } }),
      ruleId: 'HPA408',
      path: 'spec.behavior.scaleUp.stabilizationWindowSeconds',
      prefix: 'Lint: 300',
      detail: 'is longer than the scale-down stabilization window (0s): the autoscaler adds pods only after 300s',
      fix: 'check the two windows were not swapped',
    },
    {
      title: 'the scale-up window is one second longer than an explicit scale-down window',
      mutate: setBehavior({ scaleUp: { stabilizationWindowSeconds: 61, policies: [pods(2)] }, scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Min', policies: [percent(10)] } }),
      ruleId: 'HPA408',
      path: 'spec.behavior.scaleUp.stabilizationWindowSeconds',
      prefix: 'Lint: 61',
      detail: 'than 61s at a time never gets pods',
    },
  ];
  test.each(cases)('warns when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'the server defaults', mutate: setBehavior(SERVER_DEFAULTS), ruleId: 'HPA408' },
    { title: 'behavior: {}', mutate: setBehavior({}), ruleId: 'HPA408' },
    { title: 'no behavior', mutate: () => {}, ruleId: 'HPA408' },
    { title: 'equal windows', mutate: setBehavior({ scaleUp: { stabilizationWindowSeconds: 120 }, scaleDown: { stabilizationWindowSeconds: 120 } }), ruleId: 'HPA408' },
    { title: 'a scale-up window of 300s against the default scale-down window', mutate: setBehavior({ scaleUp: { stabilizationWindowSeconds: 300 } }), ruleId: 'HPA408' },
    { title: 'a 10-minute scale-down window, as in examples/app.ts', mutate: setBehavior({ scaleDown: { stabilizationWindowSeconds: 600, policies: [percent(50, 60)] } }), ruleId: 'HPA408' },
    { title: 'a long scale-up window when scale-down is Disabled', mutate: setBehavior({ scaleUp: { stabilizationWindowSeconds: 600 }, scaleDown: { selectPolicy: 'Disabled' } }), ruleId: 'HPA408' },
    { title: 'a long scale-up window when scale-up is Disabled', mutate: setBehavior({ scaleUp: { stabilizationWindowSeconds: 600, selectPolicy: 'Disabled' } }), ruleId: 'HPA408' },
    {
      title: 'a scale-up window above 3600s (an error, HPA118, not the lint)',
      mutate: setBehavior({ scaleUp: { stabilizationWindowSeconds: 3601 } }),
      ruleId: 'HPA408',
      raises: ['HPA118'],
    },
  ];
  test.each(negatives)('does not warn on $title', expectNegativeCase);
});

test.each(['HPA406', 'HPA407', 'HPA408'])('%s is a warning that ruleLevels can adjust', ruleId => {
  expect(RULES[ruleId].severity).toBe(WARNING);
  expect(isAdjustableRule(ruleId)).toBe(true);
});
