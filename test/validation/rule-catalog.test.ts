/** The rule catalog: every rule can be acted on, and only the API server's rules speak as it does. */
import { HpaValidator, RuleLevel, Severity } from '../../src';
import { ClusterProfile } from '../../src/cluster-profile';
import { validateManifest } from '../../src/validation/engine';
import { ErrorType } from '../../src/validation/issue-list';
import { isAdjustableRule, ruleDocUrl, RULES } from '../../src/validation/rule-catalog';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkg = require('../../package.json');

const API_SERVER_WORDS = Object.values(ErrorType).filter(t => t !== ErrorType.DROPPED && t !== ErrorType.WARNING);

describe('the rule catalog', () => {
  test.each(Object.keys(RULES))('%s has a summary and a fix', ruleId => {
    expect(RULES[ruleId].summary.length).toBeGreaterThan(10);
    expect(RULES[ruleId].fix.length).toBeGreaterThan(10);
  });

  test('rules that are not the API server\'s (HPA2xx-HPA4xx) have a label of their own, not a Kubernetes error type', () => {
    for (const [ruleId, rule] of Object.entries(RULES)) {
      if (/^HPA[234]/.test(ruleId)) {
        expect([ruleId, rule.label]).toEqual([ruleId, expect.any(String)]);
        expect(API_SERVER_WORDS).not.toContain(rule.label);
      } else {
        expect([ruleId, rule.label]).toEqual([ruleId, undefined]);
      }
    }
  });

  test('warnings, lints and cross-object rules can be adjusted; the API server\'s and the controller\'s errors cannot', () => {
    expect(Object.keys(RULES).filter(isAdjustableRule)).toEqual(Object.keys(RULES).filter(id =>
      /^HPA[34]/.test(id) || RULES[id].severity === Severity.WARNING));
    expect(isAdjustableRule('HPA103')).toBe(false);
    expect(isAdjustableRule('HPA201')).toBe(false);
    expect(isAdjustableRule('HPA204')).toBe(true);
  });

  test('the lints that are off by default are HPA402 and HPA404', () => {
    expect(Object.keys(RULES).filter(id => RULES[id].offByDefault)).toEqual(['HPA402', 'HPA404']);
  });

  test('a rule\'s docs link is its lowercase anchor in docs/rules.md on the repository\'s main branch', () => {
    const repository = pkg.repository.url.replace(/\.git$/, '');
    expect(ruleDocUrl('HPA102')).toBe(`${repository}/blob/main/docs/rules.md#hpa102`);
    expect(ruleDocUrl('EXP140')).toBe(`${repository}/blob/main/docs/rules.md#exp140`);
  });
});

describe('every issue carries a fix', () => {
  const broken = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'Bad_Name', labels: { 'a b': 'x' } },
    spec: {
      scaleTargetRef: { apiVersion: 'v1', kind: 'Deployment', name: 'web' },
      minReplicas: 5,
      maxReplicas: 3,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 0 } } },
        { type: 'Pods', pods: { metric: { name: 'rps' }, target: { type: 'Value', averageValue: '-1' } } },
        { type: 'Object', object: { describedObject: { apiVersion: 'v1', kind: 'Service', name: 's' }, metric: { name: 'm' }, target: { type: 'Utilization', value: '1' } } },
        { type: 'External', external: { metric: { name: 'q', selector: { matchLabels: { 'a b': 'c' } } }, target: { type: 'AverageValue', averageValue: 'x' } } },
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '100m' } } },
      ],
      behavior: {
        scaleUp: { stabilizationWindowSeconds: 4000, selectPolicy: 'Fastest', tolerance: -1, policies: [{ type: 'Pods', value: 0, periodSeconds: 0 }] },
        scaleDown: { policies: [], unknownField: 1 },
      },
    },
  };

  test('on a manifest with a mistake in nearly every field', () => {
    const issues = validateManifest(broken, {
      cluster: ClusterProfile.of({ version: '1.33' })._facts(),
      workload: { kind: 'Deployment', name: 'web', replicas: 2, containers: [{ name: 'app', requests: [] }] },
      otherHpa: { kind: 'HorizontalPodAutoscaler', name: 'other' },
      ruleLevels: { HPA402: RuleLevel.ON, HPA404: RuleLevel.ON },
    });
    expect(new Set(issues.map(i => i.ruleId)).size).toBeGreaterThan(15);
    expect(issues.filter(i => !i.fix)).toEqual([]);
  });

  test('on a null manifest and on a bad cluster profile', () => {
    const issues = [
      ...HpaValidator.validate(null),
      ...HpaValidator.validate(broken, { cluster: ClusterProfile.of({ version: '9.9', featureGates: { Nope: true } }) }),
    ];
    expect(issues.filter(i => !i.fix)).toEqual([]);
  });
});
