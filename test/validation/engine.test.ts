import { baseManifest } from './rule-cases';
import { ClusterProfile, RuleLevel, Severity } from '../../src';
import { validateManifest } from '../../src/validation/engine';

/** A target that fixes its replicas: HPA303, an error. */
const workload = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', replicas: 3 };

describe('validateManifest: the one entry point and its options', () => {
  const profile = ClusterProfile.of();

  test('duplicateOf reports HPA304 after the manifest\'s own issues', () => {
    const issues = validateManifest(baseManifest(), { profile, workload, duplicateOf: 'HorizontalPodAutoscaler "other" (a.yaml:1)' });
    expect(issues.map(i => [i.ruleId, i.path, i.value])).toEqual([
      ['HPA303', 'spec.scaleTargetRef', 'Deployment/web'],
      ['HPA304', 'spec.scaleTargetRef', 'Deployment/web'],
    ]);
    expect(issues[1].message).toEqual('Invalid value: "Deployment/web": HorizontalPodAutoscaler "other" (a.yaml:1) already scales this target: two autoscalers fight over its replica count');
  });

  test('ruleLevels change the severity of lint and cross-object rules, or drop them', () => {
    const levels = (ruleLevels: { [ruleId: string]: RuleLevel }) => validateManifest(baseManifest(), {
      profile, workload, duplicateOf: 'x', ruleLevels,
    }).map(i => [i.ruleId, i.severity]);
    expect(levels({})).toEqual([['HPA303', Severity.ERROR], ['HPA304', Severity.ERROR]]);
    expect(levels({ HPA303: RuleLevel.WARNING })).toEqual([['HPA303', Severity.WARNING], ['HPA304', Severity.ERROR]]);
    expect(levels({ HPA303: RuleLevel.OFF, HPA304: RuleLevel.OFF })).toEqual([]);
  });

  test('fails when ruleLevels name a rule that cannot be changed, none at all, or a level that does not exist', () => {
    const issues = validateManifest(baseManifest(), {
      profile, ruleLevels: { HPA102: RuleLevel.OFF, HPA999: RuleLevel.OFF, HPA303: 'loud' as RuleLevel },
    });
    expect(issues.map(i => [i.ruleId, i.path, i.value])).toEqual([
      ['HPA000', 'ruleLevels.HPA102', 'off'],
      ['HPA000', 'ruleLevels.HPA999', 'off'],
      ['HPA000', 'ruleLevels.HPA303', 'loud'],
    ]);
    expect(issues.map(i => i.message.replace(/^Invalid value: "[a-z]+": /, ''))).toEqual([
      'HPA102 cannot be changed: only lint (HPA4xx) and cross-object (HPA3xx) rules can be set to error, warning or off',
      'no such rule "HPA999" (see HpaValidator.rules() for the rule ids)',
      'the level of HPA303 must be one of error, warning, off',
    ]);
  });
});
