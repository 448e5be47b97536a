import { baseManifest } from './rule-cases';
import { ClusterProfile, ExternalFallbackFormat, HpaValidator, RuleLevel, Severity } from '../../src';
import { annotatedCluster, formatClusterAnnotation } from '../../src/validation/cluster-annotation';
import { validateManifest } from '../../src/validation/engine';

/** A target that fixes its replicas: HPA303, an error. */
const workload = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'default', replicas: 3 };

describe('validateManifest: the one entry point and its options', () => {
  const cluster = ClusterProfile.of()._facts();

  test('otherHpa reports HPA304 after the manifest\'s own issues', () => {
    const issues = validateManifest(baseManifest(), { cluster, workload, otherHpa: { kind: 'HorizontalPodAutoscaler', name: 'other', where: 'a.yaml:1' } });
    expect(issues.map(i => [i.ruleId, i.path, i.value])).toEqual([
      ['HPA303', 'spec.scaleTargetRef', 'Deployment/web'],
      ['HPA304', 'spec.scaleTargetRef', 'Deployment/web'],
    ]);
    expect(issues[1].message).toEqual('Conflicts with another HPA: "Deployment/web": HorizontalPodAutoscaler "other" (a.yaml:1) also scales this target: the controller sets ScalingActive=False (AmbiguousSelector: the pods are controlled by more than one HPA) on both, and neither scales');
  });

  test('missingTarget reports HPA306 on the name, or on the kind when a workload of that name has another kind', () => {
    const issues = (closest: any) => validateManifest(baseManifest(), {
      cluster, missingTarget: { closest, present: [{ kind: 'Deployment', name: 'web-v2' }, { kind: 'StatefulSet', name: 'db' }], more: 2 },
    }).map(i => [i.ruleId, i.path, i.value, i.fix?.split(';')[0]]);
    expect(issues({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web-v2', where: 'deploy.yaml:1' }))
      .toEqual([['HPA306', 'spec.scaleTargetRef.name', 'web', 'set name to "web-v2", the Deployment the input holds (deploy.yaml:1)']]);
    expect(issues({ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web' }))
      .toEqual([['HPA306', 'spec.scaleTargetRef.kind', 'Deployment', 'set kind to "StatefulSet": the input holds StatefulSet/web']]);
    expect(issues(undefined)).toEqual([['HPA306', 'spec.scaleTargetRef.name', 'web', 'name a workload of the input']]);
    expect(validateManifest(baseManifest(), { cluster, missingTarget: { present: [{ kind: 'Deployment', name: 'web-v2' }], more: 2 } })[0].message)
      .toEqual('Fails at run time: "web": the input holds workloads of namespace "default" (Deployment/web-v2 and 2 more), but no Deployment "web": '
        + 'the controller cannot get the target\'s scale (FailedGetScale, not found) and never scales it');
  });

  test('the fixes of an HPA that KEDA made point at the fields of its ScaledObject', () => {
    const manifest = baseManifest();
    manifest.metadata.ownerReferences = [{ apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', name: 'web', controller: true, uid: 'u' }];
    manifest.spec.minReplicas = 12;
    manifest.spec.behavior = { scaleUp: { stabilizationWindowSeconds: 600 } };
    const issues = validateManifest(manifest, { cluster, workload, otherHpa: { kind: 'HorizontalPodAutoscaler', name: 'web-cpu' } });
    const missing = validateManifest(manifest, { cluster, missingTarget: { present: [{ kind: 'Deployment', name: 'web-v2' }], more: 0 } });
    expect(missing.filter(i => i.ruleId === 'HPA306').map(i => i.fix)).toEqual([expect.stringMatching(/make the change in the ScaledObject's spec\.scaleTargetRef\)$/)]);
    expect(issues.map(i => [i.ruleId, i.fix])).toEqual([
      // Fixed in the workload, not in the ScaledObject.
      ['HPA303', 'remove replicas from the workload'],
      ['HPA103', 'raise maxReplicas to at least 12, or lower minReplicas (KEDA makes this HPA from ScaledObject "web" and puts back any change to it: make the change in the ScaledObject\'s spec.maxReplicaCount)'],
      ['HPA408', expect.stringMatching(/\(KEDA makes this HPA from ScaledObject "web" and puts back any change to it: make the change in the ScaledObject's spec\.advanced\.horizontalPodAutoscalerConfig\.behavior\)$/)],
      ['HPA304', expect.stringMatching(/^KEDA makes this HPA from ScaledObject "web" and puts back any change to it: remove the other HPA "web-cpu"/)],
    ]);
  });

  test('ruleLevels change the severity of lint and cross-object rules, or drop them', () => {
    const levels = (ruleLevels: { [ruleId: string]: RuleLevel }) => validateManifest(baseManifest(), {
      cluster, workload, otherHpa: { kind: 'HorizontalPodAutoscaler', name: 'x' }, ruleLevels,
    }).map(i => [i.ruleId, i.severity]);
    expect(levels({})).toEqual([['HPA303', Severity.ERROR], ['HPA304', Severity.ERROR]]);
    expect(levels({ HPA303: RuleLevel.WARNING })).toEqual([['HPA303', Severity.WARNING], ['HPA304', Severity.ERROR]]);
    expect(levels({ HPA303: RuleLevel.OFF, HPA304: RuleLevel.OFF })).toEqual([]);
  });

  test('fails when ruleLevels name a rule that cannot be changed, none at all, or a level that does not exist', () => {
    const issues = validateManifest(baseManifest(), {
      cluster, ruleLevels: { HPA102: RuleLevel.OFF, HPA999: RuleLevel.OFF, HPA303: 'loud' as RuleLevel },
    });
    expect(issues.map(i => [i.ruleId, i.path, i.value])).toEqual([
      ['HPA000', 'ruleLevels.HPA102', 'off'],
      ['HPA000', 'ruleLevels.HPA999', 'off'],
      ['HPA000', 'ruleLevels.HPA303', 'loud'],
    ]);
    expect(issues.map(i => i.message.replace(/^Invalid value: "[a-z]+": /, ''))).toEqual([
      'HPA102 cannot be changed: only cross-object rules (HPA3xx), lints (HPA4xx) and warnings can be set to error, warning, on or off',
      'no such rule "HPA999" (see HpaValidator.rules() for the rule ids)',
      'the level of HPA303 must be one of error, warning, on, off',
    ]);
  });

  test('the cdk8s-hpa.io/rules annotation sets levels for its object, over the options\' ruleLevels', () => {
    const annotated = (text: unknown) => ({ ...baseManifest(), metadata: { name: 'web', namespace: 'default', annotations: { 'cdk8s-hpa.io/rules': text } } });
    const levels = (text: unknown, ruleLevels?: { [ruleId: string]: RuleLevel }) =>
      validateManifest(annotated(text), { cluster, workload, otherHpa: { kind: 'HorizontalPodAutoscaler', name: 'x' }, ruleLevels }).map(i => [i.ruleId, i.severity]);
    expect(levels('HPA303=warning, hpa304=OFF')).toEqual([['HPA303', Severity.WARNING]]);
    expect(levels('HPA303=error', { HPA303: RuleLevel.OFF, HPA304: RuleLevel.OFF })).toEqual([['HPA303', Severity.ERROR]]);
    expect(levels('', { HPA303: RuleLevel.OFF })).toEqual([['HPA304', Severity.ERROR]]);
  });

  test('fails when the annotation holds an item that is not RULE=LEVEL, a rule that cannot be changed, or is not a string', () => {
    const annotated = (text: unknown) => ({ ...baseManifest(), metadata: { name: 'web', namespace: 'default', annotations: { 'cdk8s-hpa.io/rules': text } } });
    const problems = (text: unknown) => validateManifest(annotated(text), { cluster })
      .filter(i => i.ruleId === 'HPA000').map(i => [i.path, i.value, i.message]);
    const path = 'metadata.annotations[cdk8s-hpa.io/rules]';
    expect(problems('HPA404=off,HPA102=off,HPA404')).toEqual([
      [path, 'HPA102=off', 'Invalid value: "HPA102=off": HPA102 cannot be changed: only cross-object rules (HPA3xx), lints (HPA4xx) and warnings can be set to error, warning, on or off'],
      [path, 'HPA404', 'Invalid value: "HPA404": "HPA404" is not RULE=LEVEL (such as HPA404=off)'],
    ]);
    expect(problems({ HPA404: 'off' })).toEqual([
      [path, { HPA404: 'off' }, 'Invalid value: {"HPA404":"off"}: must be a string of RULE=LEVEL items separated by commas, such as "HPA404=off,HPA402=error"'],
    ]);
  });

  describe('the cdk8s-hpa.io/cluster annotation judges its object for the cluster it names', () => {
    /** A queue worker that scales to zero: HPA101 unless HPAScaleToZero is on. */
    const worker = (annotation?: unknown) => ({
      ...baseManifest('worker'),
      metadata: { name: 'worker', ...(annotation !== undefined ? { annotations: { 'cdk8s-hpa.io/cluster': annotation } } : {}) },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'worker' },
        minReplicas: 0,
        maxReplicas: 20,
        metrics: [{ type: 'External', external: { metric: { name: 'queue_depth' }, target: { type: 'AverageValue', averageValue: '30' } } }],
      },
    });
    const found = (annotation: unknown, profile: ClusterProfile) => validateManifest(worker(annotation), { cluster: profile._facts() })
      .map(i => [i.ruleId, i.path, i.value]);

    test('over the profile of its scope, whichever way', () => {
      const v133 = ClusterProfile.of({ version: '1.33' });
      expect(found(undefined, v133)).toEqual([['HPA101', 'spec.minReplicas', 0]]);
      expect(found('version=1.36,HPAScaleToZero=true', v133)).toEqual([]);
      expect(found('version=1.36', ClusterProfile.of({ version: '1.37' }))).toEqual([['HPA101', 'spec.minReplicas', 0]]);
      // Gate names are exact, as kube-apiserver's --feature-gates reads them.
      expect(HpaValidator.validate(worker('version=1.36, hpascaletozero=TRUE'), { cluster: v133 }).map(i => i.ruleId)).toEqual(['HPA101', 'HPA154']);
    });

    test('is what the construct writes for a profile: version, the gates set, a fallback format not the default', () => {
      const edge = ClusterProfile.of({ version: '1.36', featureGates: { HPAScaleToZero: true, HPAConfigurableTolerance: false }, fallbackFormat: ExternalFallbackFormat.FAILURE_DURATION_SECONDS });
      const text = formatClusterAnnotation(edge._facts());
      expect(text).toBe('version=1.36,HPAScaleToZero=true,HPAConfigurableTolerance=false,fallbackFormat=failureDurationSeconds');
      const read = annotatedCluster(worker(text))!;
      expect([read.version, read.isGateEnabled('HPAScaleToZero'), read.isGateEnabled('HPAConfigurableTolerance'), read.fallbackFormat])
        .toEqual(['1.36', true, false, 'failureDurationSeconds']);
      expect(formatClusterAnnotation(ClusterProfile.of()._facts())).toBe('version=1.37');
    });

    test('fails (HPA154) on each item that is not KEY=VALUE, names an unknown version or gate, or a gate value that is not true or false', () => {
      const path = 'metadata.annotations[cdk8s-hpa.io/cluster]';
      const issues = validateManifest(worker('version=1.22,HPAScaleToZero=yes,nonsense,NoSuchGate=true'), { cluster })
        .filter(i => i.ruleId === 'HPA154');
      expect(issues.map(i => [i.path, i.value, i.message])).toEqual([
        [path, 'HPAScaleToZero=yes', 'Invalid value: "HPAScaleToZero=yes": the feature gate HPAScaleToZero must be true or false'],
        [path, 'nonsense', 'Invalid value: "nonsense": "nonsense" is not KEY=VALUE (such as version=1.36 or HPAScaleToZero=true)'],
        [path, 'version=1.22', 'Invalid value: "version=1.22": must be a Kubernetes version 1.23 or later, such as "1.37"'],
        [path, 'NoSuchGate=true', expect.stringMatching(/^Invalid value: "NoSuchGate=true": unknown feature gate; known gates: HPAScaleToZero, /)],
      ]);
      expect(issues[0].fix).toBe('write version=<Kubernetes version> and <FeatureGate>=true|false items separated by commas, such as "version=1.36,HPAScaleToZero=true"');
      // The annotation's version is unreadable, so the default is assumed: HPA157 on minReplicas: 0.
      expect(validateManifest(worker(136), { cluster }).map(i => [i.ruleId, i.value])).toEqual([['HPA127', 136], ['HPA157', undefined], ['HPA154', 136]]);
    });
  });

  test('HpaValidator.validate takes rule levels for the call', () => {
    const single = { ...baseManifest(), spec: { ...baseManifest().spec, minReplicas: 1 } };
    expect(HpaValidator.validate(single)).toEqual([]); // HPA404 is off by default
    expect(HpaValidator.validate(single, { ruleLevels: { HPA404: RuleLevel.ON } }).map(i => [i.ruleId, i.severity])).toEqual([['HPA404', Severity.WARNING]]);
    expect(HpaValidator.validate(single, { ruleLevels: { HPA404: RuleLevel.ERROR } }).map(i => [i.ruleId, i.severity])).toEqual([['HPA404', Severity.ERROR]]);
    expect(HpaValidator.validate(single, { ruleLevels: { HPA404: RuleLevel.OFF } })).toEqual([]);
  });
});
