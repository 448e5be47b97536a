/**
 * Table tests for the version and feature-gate rules HPA150-HPA156: a field the cluster's release
 * does not have (HPA150), a field whose gate is off (HPA151), external.fallback and its gate
 * (HPA152), fallback values (HPA153), the cluster profile itself (HPA154) and a release newer
 * than the library knows (HPA156).
 */
import {
  baseManifest,
  caseCheckers,
  containerResourceMetric,
  messageLike,
  NegativeCase,
  queueMetric,
  RuleCase,
  ruleIdsOf,
  validatorFor,
} from './rule-cases';
import { ClusterProfile, ClusterProfileOptions, ExternalFallbackFormat, HpaValidator, RuleLevel, Severity } from '../../src';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** The shared base manifest, for the HPA and Deployment `worker`. */
const validate = validatorFor(() => baseManifest('worker'));
const { expectRuleCase, expectNegativeCase } = caseCheckers((mutate, c) => validate(mutate, c.cluster));

const tolerance = (side: 'scaleUp' | 'scaleDown', value: unknown) => (m: any) => { m.spec.behavior = { [side]: { tolerance: value } }; };
const scaleToZero = (m: any) => { m.spec.minReplicas = 0; m.spec.metrics = [queueMetric()]; };
const containerCpu = (fields: any = {}) => (m: any) => { m.spec.metrics = [containerResourceMetric(fields)]; };
const withFallback = (fallback: any) => (m: any) => { m.spec.metrics = [queueMetric(fallback)]; };

const FALLBACK_GATE = { HPAExternalMetricFallback: true };
const SECONDS: ClusterProfileOptions = { featureGates: FALLBACK_GATE, fallbackFormat: ExternalFallbackFormat.FAILURE_DURATION_SECONDS };
const TOLERANCE_DROPPED = 'the API server silently drops tolerance while the HPAConfigurableTolerance feature gate is off';

// ---------------------------------------------------------------------------------------------
// HPA150/HPA151: tolerance by release and gate
// ---------------------------------------------------------------------------------------------

describe('HPA150/HPA151 tolerance', () => {
  const cases: RuleCase[] = [
    {
      title: 'scaleUp.tolerance is set for 1.32, which has no such field',
      mutate: tolerance('scaleUp', '0.05'),
      cluster: { version: '1.32' },
      ruleId: 'HPA150',
      path: 'spec.behavior.scaleUp.tolerance',
      prefix: 'Unknown field',
      detail: 'Kubernetes 1.32 has no tolerance field (added in 1.33): a strict client is refused and any other client\'s tolerance is silently dropped',
      fix: 'declare version 1.33 or later in the cluster profile (ClusterProfile version, or --k8s-version), or remove tolerance',
    },
    {
      title: 'scaleDown.tolerance is set for 1.23',
      mutate: tolerance('scaleDown', 0.05),
      cluster: { version: '1.23' },
      ruleId: 'HPA150',
      path: 'spec.behavior.scaleDown.tolerance',
      prefix: 'Unknown field',
      detail: 'Kubernetes 1.23 has no tolerance field',
    },
    {
      title: 'a negative tolerance is set for 1.32 (dropped, so only the missing field is reported)',
      mutate: tolerance('scaleUp', '-1'),
      cluster: { version: '1.32' },
      ruleId: 'HPA150',
      path: 'spec.behavior.scaleUp.tolerance',
      prefix: 'Unknown field',
      detail: 'has no tolerance field',
    },
    {
      title: 'tolerance is set for 1.33 with default gates',
      mutate: tolerance('scaleUp', '0.05'),
      cluster: { version: '1.33' },
      ruleId: 'HPA151',
      path: 'spec.behavior.scaleUp.tolerance',
      prefix: 'Dropped by the API server',
      // The releases named are the table's (kubernetes-releases.ts), read where the message is made.
      detail: `${TOLERANCE_DROPPED} (alpha, off by default in 1.33 and 1.34)`,
      fix: 'declare HPAConfigurableTolerance=true in the cluster profile (ClusterProfile featureGates, or --feature-gates) if the cluster turns it on, use 1.35 or later, or remove tolerance',
    },
    {
      title: 'tolerance is set for 1.34 with default gates',
      mutate: tolerance('scaleDown', '50m'),
      cluster: { version: '1.34' },
      ruleId: 'HPA151',
      path: 'spec.behavior.scaleDown.tolerance',
      prefix: 'Dropped by the API server',
      detail: TOLERANCE_DROPPED,
    },
    {
      title: 'a negative tolerance is set for 1.34 with default gates (dropped before validation)',
      mutate: tolerance('scaleDown', '-1'),
      cluster: { version: '1.34' },
      ruleId: 'HPA151',
      path: 'spec.behavior.scaleDown.tolerance',
      prefix: 'Dropped by the API server',
      detail: TOLERANCE_DROPPED,
    },
    {
      title: 'tolerance is set for 1.35 with the gate turned off',
      mutate: tolerance('scaleUp', '0.05'),
      cluster: { version: '1.35', featureGates: { HPAConfigurableTolerance: false } },
      ruleId: 'HPA151',
      path: 'spec.behavior.scaleUp.tolerance',
      prefix: 'Dropped by the API server',
      detail: TOLERANCE_DROPPED,
    },
    {
      title: 'a negative tolerance is set for 1.34 with the gate turned on (validated, so HPA124)',
      mutate: tolerance('scaleUp', '-0.5'),
      cluster: { version: '1.34', featureGates: { HPAConfigurableTolerance: true } },
      ruleId: 'HPA124',
      path: 'spec.behavior.scaleUp.tolerance',
      prefix: 'Invalid value',
      detail: 'must be greater than or equal to 0',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'tolerance on 1.33 with the gate turned on', mutate: tolerance('scaleUp', '0.05'), cluster: { version: '1.33', featureGates: { HPAConfigurableTolerance: true } }, ruleId: 'HPA151' },
    { title: 'tolerance on 1.34 with the gate turned on', mutate: tolerance('scaleDown', '0.05'), cluster: { version: '1.34', featureGates: { HPAConfigurableTolerance: true } }, ruleId: 'HPA151' },
    { title: 'tolerance on 1.35 (beta, on by default)', mutate: tolerance('scaleUp', '0.05'), cluster: { version: '1.35' }, ruleId: 'HPA151' },
    { title: 'tolerance on the default profile (1.36)', mutate: tolerance('scaleDown', 0.05), ruleId: 'HPA151' },
    { title: 'tolerance on 1.37 (GA)', mutate: tolerance('scaleUp', '0'), cluster: { version: '1.37' }, ruleId: 'HPA151' },
    { title: 'a null tolerance on 1.32', mutate: tolerance('scaleUp', null), cluster: { version: '1.32' }, ruleId: 'HPA150' },
    { title: 'behavior without tolerance on 1.32', mutate: m => { m.spec.behavior = { scaleDown: { stabilizationWindowSeconds: 60 } }; }, cluster: { version: '1.32' }, ruleId: 'HPA150' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA101 with HPAScaleToZero
// ---------------------------------------------------------------------------------------------

describe('HPA101 and the HPAScaleToZero gate', () => {
  const cases: RuleCase[] = ['1.23', '1.33', '1.35', '1.36'].map((version): RuleCase => ({
    title: `minReplicas is 0 on ${version} with default gates`,
    mutate: scaleToZero,
    cluster: { version },
    ruleId: 'HPA101',
    path: 'spec.minReplicas',
    prefix: 'Invalid value: 0',
    detail: 'must be greater than or equal to 1',
    fix: 'scaling to zero needs the HPAScaleToZero feature gate (alpha, off by default through 1.36; beta, on from 1.37): '
      + 'declare HPAScaleToZero=true in the cluster profile (ClusterProfile featureGates, or --feature-gates) if the cluster turns it on, or set minReplicas to 1',
  }));
  cases.push(
    {
      title: 'minReplicas is 0 on 1.36 (alpha, off), with a fix that names the gate',
      mutate: scaleToZero,
      cluster: { version: '1.36' },
      ruleId: 'HPA101',
      path: 'spec.minReplicas',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than or equal to 1',
      fix: 'declare HPAScaleToZero=true in the cluster profile (ClusterProfile featureGates, or --feature-gates) if the cluster turns it on, or set minReplicas to 1',
    },
    {
      title: 'minReplicas is 0 on 1.37 with the gate turned off',
      mutate: scaleToZero,
      cluster: { version: '1.37', featureGates: { HPAScaleToZero: false } },
      ruleId: 'HPA101',
      path: 'spec.minReplicas',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than or equal to 1',
    },
    {
      title: 'minReplicas is -1 with the gate on (the bound is 0)',
      mutate: m => { scaleToZero(m); m.spec.minReplicas = -1; },
      cluster: { featureGates: { HPAScaleToZero: true } },
      ruleId: 'HPA101',
      path: 'spec.minReplicas',
      prefix: 'Invalid value: -1',
      detail: 'must be greater than or equal to 0',
      fix: 'set minReplicas to 0 or more',
    },
    {
      title: 'minReplicas is 0 with the gate off and no Object or External metric (both errors)',
      mutate: m => { m.spec.minReplicas = 0; },
      cluster: { version: '1.36' },
      ruleId: 'HPA101',
      path: 'spec.minReplicas',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than or equal to 1',
      alsoRaises: ['HPA108'],
    },
  );
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'minReplicas 0 on 1.37 (beta, on by default)', mutate: scaleToZero, cluster: { version: '1.37' }, ruleId: 'HPA101' },
    { title: 'minReplicas 0 on 1.36 with the gate turned on', mutate: scaleToZero, cluster: { version: '1.36', featureGates: { HPAScaleToZero: true } }, ruleId: 'HPA101' },
    { title: 'minReplicas 0 on 1.23 with the gate turned on', mutate: scaleToZero, cluster: { version: '1.23', featureGates: { HPAScaleToZero: true } }, ruleId: 'HPA101' },
    { title: 'minReplicas 1 with the gate off', mutate: m => { scaleToZero(m); m.spec.minReplicas = 1; }, ruleId: 'HPA101' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA151 with HPAContainerMetrics
// ---------------------------------------------------------------------------------------------

describe('HPA151 and the HPAContainerMetrics gate', () => {
  const cases: RuleCase[] = [
    ...['1.23', '1.26'].map((version): RuleCase => ({
      title: `a ContainerResource metric is used on ${version} with default gates (alpha, off)`,
      mutate: containerCpu(),
      cluster: { version },
      ruleId: 'HPA151',
      path: 'spec.metrics[0].containerResource',
      prefix: 'Required value',
      detail: 'only allowed when HPAContainerMetrics feature is enabled',
      fix: 'use 1.27 or later',
    })),
    {
      title: 'a ContainerResource metric is used on 1.28 with the gate turned off',
      mutate: containerCpu(),
      cluster: { version: '1.28', featureGates: { HPAContainerMetrics: false } },
      ruleId: 'HPA151',
      path: 'spec.metrics[0].containerResource',
      prefix: 'Required value',
      detail: 'only allowed when HPAContainerMetrics feature is enabled',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  // strategy.go (1.20-1.31) drops every containerResource in PrepareForCreate while the gate is off, then
  // validateMetricSpec reports: field.Required(containerResource, "must populate information for the given
  // metric source (only allowed when HPAContainerMetrics feature is enabled)").
  test('reports a ContainerResource metric on 1.26 with the API server\'s Required error', () => {
    expect(validate(containerCpu(), { version: '1.26' })).toEqual([expect.objectContaining({
      ruleId: 'HPA151',
      severity: Severity.ERROR,
      path: 'spec.metrics[0].containerResource',
      message: 'Required value: must populate information for the given metric source (only allowed when HPAContainerMetrics feature is enabled)',
    })]);
  });

  const negatives: NegativeCase[] = [
    { title: 'a ContainerResource metric on 1.26 with the gate turned on', mutate: containerCpu(), cluster: { version: '1.26', featureGates: { HPAContainerMetrics: true } }, ruleId: 'HPA151' },
    { title: 'a ContainerResource metric on 1.27 (beta, on by default)', mutate: containerCpu(), cluster: { version: '1.27' }, ruleId: 'HPA151' },
    { title: 'a ContainerResource metric on 1.30 (GA)', mutate: containerCpu(), cluster: { version: '1.30' }, ruleId: 'HPA151' },
    { title: 'a ContainerResource metric on the default profile', mutate: containerCpu(), ruleId: 'HPA151' },
    { title: 'a Resource metric on 1.23', mutate: () => {}, cluster: { version: '1.23' }, ruleId: 'HPA151' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA152/HPA153: external.fallback
// ---------------------------------------------------------------------------------------------

describe('HPA152/HPA153 external.fallback', () => {
  const cases: RuleCase[] = [
    {
      title: 'external.fallback is set without the HPAExternalMetricFallback gate',
      mutate: withFallback({ failureDuration: '3m', replicas: 5 }),
      ruleId: 'HPA152',
      path: 'spec.metrics[0].external.fallback',
      prefix: 'Unknown field',
      detail: 'external.fallback needs the HPAExternalMetricFallback feature gate, which no Kubernetes release turns on',
      fix: 'declare HPAExternalMetricFallback=true in the cluster profile (ClusterProfile featureGates, or --feature-gates) if the cluster runs it, or remove the fallback',
    },
    {
      title: 'external.fallback is set for 1.37 without the gate',
      mutate: withFallback({ failureDuration: '3m', replicas: 5 }),
      cluster: { version: '1.37' },
      ruleId: 'HPA152',
      path: 'spec.metrics[0].external.fallback',
      prefix: 'Unknown field',
      detail: 'HPAExternalMetricFallback feature gate',
    },
    {
      title: 'an invalid fallback is set without the gate (dropped, so only HPA152)',
      mutate: withFallback({ failureDuration: '0s', replicas: 0 }),
      ruleId: 'HPA152',
      path: 'spec.metrics[0].external.fallback',
      prefix: 'Unknown field',
      detail: 'HPAExternalMetricFallback feature gate',
    },
    {
      title: 'fallback replicas is 0',
      mutate: withFallback({ failureDuration: '3m', replicas: 0 }),
      cluster: { featureGates: FALLBACK_GATE },
      ruleId: 'HPA153',
      path: 'spec.metrics[0].external.fallback.replicas',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than 0',
    },
    {
      title: 'fallback replicas is -1',
      mutate: withFallback({ failureDuration: '3m', replicas: -1 }),
      cluster: { featureGates: FALLBACK_GATE },
      ruleId: 'HPA153',
      path: 'spec.metrics[0].external.fallback.replicas',
      prefix: 'Invalid value: -1',
      detail: 'must be greater than 0',
    },
    {
      title: 'fallback replicas is missing',
      mutate: withFallback({ failureDuration: '3m' }),
      cluster: { featureGates: FALLBACK_GATE },
      ruleId: 'HPA153',
      path: 'spec.metrics[0].external.fallback.replicas',
      prefix: 'Required value',
      detail: 'must specify the fallback replica count',
      fix: 'set fallback.replicas to a count above 0 (ExternalFallback.replicas(n))',
    },
    {
      title: 'fallback failureDuration is "0s"',
      mutate: withFallback({ failureDuration: '0s', replicas: 5 }),
      cluster: { featureGates: FALLBACK_GATE },
      ruleId: 'HPA153',
      path: 'spec.metrics[0].external.fallback.failureDuration',
      prefix: 'Invalid value: "0s"',
      detail: 'must be greater than 0',
    },
    {
      title: 'fallback failureDuration is "0"',
      mutate: withFallback({ failureDuration: '0', replicas: 5 }),
      cluster: { featureGates: FALLBACK_GATE },
      ruleId: 'HPA153',
      path: 'spec.metrics[0].external.fallback.failureDuration',
      prefix: 'Invalid value: "0"',
      detail: 'must be greater than 0',
    },
    {
      title: 'fallback failureDuration is negative',
      mutate: withFallback({ failureDuration: '-1m', replicas: 5 }),
      cluster: { featureGates: FALLBACK_GATE },
      ruleId: 'HPA153',
      path: 'spec.metrics[0].external.fallback.failureDuration',
      prefix: 'Invalid value: "-1m"',
      detail: 'must be greater than 0',
    },
    {
      title: 'fallback failureDurationSeconds is 0 (failureDurationSeconds format)',
      mutate: withFallback({ failureDurationSeconds: 0, replicas: 5 }),
      cluster: SECONDS,
      ruleId: 'HPA153',
      path: 'spec.metrics[0].external.fallback.failureDurationSeconds',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than 0',
    },
    {
      title: 'fallback replicas is 0 (failureDurationSeconds format)',
      mutate: withFallback({ failureDurationSeconds: 180, replicas: 0 }),
      cluster: SECONDS,
      ruleId: 'HPA153',
      path: 'spec.metrics[0].external.fallback.replicas',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than 0',
    },
    {
      title: 'failureDurationSeconds is used with the default failureDuration format',
      mutate: withFallback({ failureDurationSeconds: 180, replicas: 5 }),
      cluster: { featureGates: FALLBACK_GATE },
      ruleId: 'HPA126',
      path: 'spec.metrics[0].external.fallback.failureDurationSeconds',
      prefix: 'Unknown field',
      detail: 'strict decoding error: unknown field "spec.metrics[0].external.fallback.failureDurationSeconds"',
      fix: 'did you mean "failureDuration"?',
    },
    {
      title: 'failureDuration is used with the failureDurationSeconds format',
      mutate: withFallback({ failureDuration: '3m', replicas: 5 }),
      cluster: SECONDS,
      ruleId: 'HPA126',
      path: 'spec.metrics[0].external.fallback.failureDuration',
      prefix: 'Unknown field',
      detail: 'unknown field "spec.metrics[0].external.fallback.failureDuration"',
      fix: 'did you mean "failureDurationSeconds"?',
    },
    {
      title: 'failureDuration is not a Go duration (a type error, not HPA153)',
      mutate: withFallback({ failureDuration: '3 minutes', replicas: 5 }),
      cluster: { featureGates: FALLBACK_GATE },
      ruleId: 'HPA127',
      path: 'spec.metrics[0].external.fallback.failureDuration',
      prefix: 'Invalid value: "3 minutes"',
      detail: 'must be a duration such as "3m", "90s" or "1h30m"',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'a fallback with the gate', mutate: withFallback({ failureDuration: '3m', replicas: 5 }), cluster: { featureGates: FALLBACK_GATE }, ruleId: 'HPA153' },
    { title: 'a fallback of 1h30m with the gate on 1.37', mutate: withFallback({ failureDuration: '1h30m', replicas: 5 }), cluster: { version: '1.37', featureGates: FALLBACK_GATE }, ruleId: 'HPA152' },
    { title: 'a fallback without failureDuration (defaulted)', mutate: withFallback({ replicas: 5 }), cluster: { featureGates: FALLBACK_GATE }, ruleId: 'HPA153' },
    { title: 'a failureDurationSeconds fallback in its own format', mutate: withFallback({ failureDurationSeconds: 180, replicas: 5 }), cluster: SECONDS, ruleId: 'HPA153' },
    { title: 'a null fallback without the gate', mutate: withFallback(null), ruleId: 'HPA152' },
    { title: 'an External metric without fallback and without the gate', mutate: withFallback(undefined), ruleId: 'HPA152' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA154: the cluster profile
// ---------------------------------------------------------------------------------------------

describe('HPA154 cluster profile', () => {
  const VERSION_RANGE = 'must be a Kubernetes version 1.23 or later, such as "1.37"';
  const cases: RuleCase[] = [
    ...['2.0', '1.10', '1.22', '1.36.x', 'latest', '', '1.99999999999999999999'].map((version): RuleCase => ({
      title: `the version is ${JSON.stringify(version)}`,
      mutate: () => {},
      cluster: { version },
      ruleId: 'HPA154',
      path: 'cluster.version',
      prefix: `Invalid value: ${JSON.stringify(version)}`,
      detail: VERSION_RANGE,
    })),
    {
      title: 'a feature gate is unknown',
      mutate: () => {},
      cluster: { featureGates: { HPAFallback: true } },
      ruleId: 'HPA154',
      path: 'cluster.featureGates.HPAFallback',
      prefix: 'Invalid value: true',
      detail: 'unknown feature gate; known gates: HPAScaleToZero, HPAConfigurableTolerance, HPAContainerMetrics, HPAExternalMetricFallback, SidecarContainers, PodLevelResources',
    },
    {
      title: 'an unknown feature gate is set to false',
      mutate: () => {},
      cluster: { featureGates: { HPAGeneration: false } },
      ruleId: 'HPA154',
      path: 'cluster.featureGates.HPAGeneration',
      prefix: 'Invalid value: false',
      detail: 'unknown feature gate',
    },
    {
      title: 'HPAConfigurableTolerance is turned on for 1.32, which does not have it',
      mutate: () => {},
      cluster: { version: '1.32', featureGates: { HPAConfigurableTolerance: true } },
      ruleId: 'HPA154',
      path: 'cluster.featureGates.HPAConfigurableTolerance',
      prefix: 'Invalid value: true',
      detail: 'Kubernetes 1.32 has no HPAConfigurableTolerance feature gate; declare a version that has it',
    },
    {
      title: 'HPAConfigurableTolerance, GA in 1.37, is turned off',
      mutate: () => {},
      cluster: { version: '1.37', featureGates: { HPAConfigurableTolerance: false } },
      ruleId: 'HPA154',
      path: 'cluster.featureGates.HPAConfigurableTolerance',
      prefix: 'Invalid value: false',
      detail: 'HPAConfigurableTolerance is GA and locked on in Kubernetes 1.37; it cannot be turned off',
    },
    {
      title: 'HPAContainerMetrics, GA in 1.30, is turned off',
      mutate: () => {},
      cluster: { version: '1.30', featureGates: { HPAContainerMetrics: false } },
      ruleId: 'HPA154',
      path: 'cluster.featureGates.HPAContainerMetrics',
      prefix: 'Invalid value: false',
      detail: 'HPAContainerMetrics is GA and locked on in Kubernetes 1.30',
    },
    {
      title: 'a gate is set to a string',
      mutate: () => {},
      cluster: { featureGates: { HPAScaleToZero: 'true' as any } },
      ruleId: 'HPA154',
      path: 'cluster.featureGates.HPAScaleToZero',
      prefix: 'Invalid value: "true"',
      detail: 'must be true or false',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  test('profile problems come first and each is reported', () => {
    const issues = validate(m => { m.spec.maxReplicas = 0; }, { version: '2.0', featureGates: { Nope: true } });
    expect(issues.slice(0, 2)).toEqual([
      expect.objectContaining({ ruleId: 'HPA154', severity: Severity.ERROR, path: 'cluster.version', message: `Invalid value: "2.0": ${VERSION_RANGE}`, value: '2.0' }),
      expect.objectContaining({ ruleId: 'HPA154', severity: Severity.ERROR, path: 'cluster.featureGates.Nope', message: messageLike('Invalid value: true', 'unknown feature gate') }),
    ]);
    expect(ruleIdsOf(issues)).toEqual(['HPA102', 'HPA103', 'HPA154']);
  });

  const negatives: NegativeCase[] = [
    ...['1.23', '1.36', '1.37', 'v1.36', '1.36.2', 'v1.33.0'].map((version): NegativeCase => ({
      title: `the version ${JSON.stringify(version)}`, mutate: () => {}, cluster: { version }, ruleId: 'HPA154',
    })),
    { title: 'no options (the newest release, 1.36)', mutate: () => {}, cluster: {}, ruleId: 'HPA154' },
    { title: 'HPAConfigurableTolerance turned on for 1.33', mutate: () => {}, cluster: { version: '1.33', featureGates: { HPAConfigurableTolerance: true } }, ruleId: 'HPA154' },
    { title: 'HPAContainerMetrics turned on for 1.30 (GA, already on)', mutate: () => {}, cluster: { version: '1.30', featureGates: { HPAContainerMetrics: true } }, ruleId: 'HPA154' },
    { title: 'HPAScaleToZero turned off for 1.37 (beta)', mutate: () => {}, cluster: { version: '1.37', featureGates: { HPAScaleToZero: false } }, ruleId: 'HPA154' },
    { title: 'HPAExternalMetricFallback declared for 1.36', mutate: () => {}, cluster: { version: '1.36', featureGates: FALLBACK_GATE }, ruleId: 'HPA154' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);

  test('an unknown gate is still a problem for a release newer than the table', () => {
    const issues = validate(() => {}, { version: '1.39', featureGates: { HPAFallback: true } });
    expect(issues.map(i => [i.ruleId, i.path])).toEqual([['HPA154', 'cluster.featureGates.HPAFallback'], ['HPA156', 'cluster.version']]);
  });
});

// ---------------------------------------------------------------------------------------------
// HPA156: a release newer than the library's table
// ---------------------------------------------------------------------------------------------

describe('HPA156 a release newer than the table', () => {
  const JUDGED = 'Warning: Kubernetes 1.39 is judged as 1.38, the newest release this cdk8s-hpa knows: 1.38\'s served API versions, '
    + 'feature gate defaults and controller behaviour, with the feature gates the profile declares taken as given; a newer cdk8s-hpa may know more';

  test('warns once, at cluster.version, with the release it is judged as and how to move on', () => {
    expect(validate(() => {}, { version: '1.39' })).toEqual([{
      ruleId: 'HPA156',
      severity: Severity.WARNING,
      path: 'cluster.version',
      message: JUDGED,
      fix: 'upgrade cdk8s-hpa to a version that knows Kubernetes 1.39; until then, turn HPA156 off (ruleLevels, or --disable HPA156) to accept the judgement as 1.38',
    }]);
  });

  test.each(['1.40', 'v1.40.2', '1.100'])('any newer version (%s) is judged as the newest release', version => {
    const issues = validate(() => {}, { version });
    expect(issues.map(i => [i.ruleId, i.severity])).toEqual([['HPA156', Severity.WARNING]]);
    expect(issues[0].message).toContain(`Kubernetes ${version} is judged as 1.38`);
  });

  test('the newest release\'s gates and rules apply: scaling to zero, tolerance, maxReplicas 0 as Required value', () => {
    const judged = (cluster: ClusterProfileOptions) => validate(m => {
      scaleToZero(m);
      m.spec.behavior = { scaleDown: { tolerance: '0.05' } };
      m.spec.maxReplicas = 0;
    }, cluster).filter(i => i.ruleId !== 'HPA156');
    expect(judged({ version: '1.39' })).toEqual(judged({ version: '1.38' }));
    expect(judged({ version: '1.39' }).map(i => [i.ruleId, i.message])).toEqual([['HPA102', 'Required value: must be set and greater than 0']]);
  });

  test('gates the profile declares are taken as given, even one the newest release locks on', () => {
    const issues = validate(m => {
      scaleToZero(m);
      m.spec.behavior = { scaleUp: { tolerance: '0.05' } };
    }, { version: '1.39', featureGates: { HPAScaleToZero: false, HPAConfigurableTolerance: false } });
    expect(issues.map(i => [i.ruleId, i.path])).toEqual([
      ['HPA156', 'cluster.version'],
      ['HPA101', 'spec.minReplicas'],
      ['HPA151', 'spec.behavior.scaleUp.tolerance'],
    ]);
  });

  test('can be turned off like any warning', () => {
    const issues = HpaValidator.validate(baseManifest('worker'), { cluster: ClusterProfile.of({ version: '1.39' }), ruleLevels: { HPA156: RuleLevel.OFF } });
    expect(issues).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// HPA157: a field a release or gate decides, judged on the default because no version is declared
// ---------------------------------------------------------------------------------------------

describe('HPA157 a gated field judged on the assumed default release', () => {
  const toZero = (m: any) => {
    m.spec.minReplicas = 0;
    m.spec.metrics = [queueMetric()];
  };
  const withTolerance = (m: any) => { m.spec.behavior = { scaleUp: { tolerance: 0.05 } }; };
  const undeclared = (mutate: (m: any) => void, cluster?: ClusterProfileOptions) => {
    const manifest = baseManifest('worker');
    mutate(manifest);
    return HpaValidator.validate(manifest, cluster ? { cluster: ClusterProfile.of(cluster) } : {});
  };

  test('warns on minReplicas: 0 and tolerance that pass only because no version is declared', () => {
    expect(undeclared(toZero)).toEqual([expect.objectContaining({
      ruleId: 'HPA157',
      severity: Severity.WARNING,
      path: 'spec.minReplicas',
      message: expect.stringMatching(/^Warning: judged as on Kubernetes 1\.\d+, the default \(the newest release\), as no cluster version is declared: scaling to zero needs HPAScaleToZero, on by default from 1\.37/),
      fix: 'declare the cluster\'s version: ClusterProfile.of({ version }), cluster.version in the config file, or --k8s-version',
    })]);
    expect(undeclared(withTolerance).map(i => [i.ruleId, i.path])).toEqual([['HPA157', 'spec.behavior.scaleUp.tolerance']]);
    // Feature gates alone declare no version.
    expect(undeclared(withTolerance, { featureGates: { HPAConfigurableTolerance: true } }).map(i => i.ruleId)).toEqual(['HPA157']);
  });

  test('says nothing once a version is declared, or where the field is not used', () => {
    expect(undeclared(toZero, { version: '1.37' })).toEqual([]);
    expect(undeclared(withTolerance, { version: '1.35' })).toEqual([]);
    expect(undeclared(() => {})).toEqual([]);
  });

  test('a field the default refuses is its own error, not this warning', () => {
    const fallback = (m: any) => { m.spec.metrics = [queueMetric({ replicas: 3, failureDuration: '3m' })]; };
    expect(undeclared(fallback).map(i => i.ruleId)).toEqual(['HPA152']);
  });
});
