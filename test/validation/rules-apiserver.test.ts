/**
 * Table tests for the API-server rules HPA100-HPA127: one or more failing inputs per rule, each
 * a mutation of a small valid manifest, with the exact path, rule id, severity and message, and
 * close variants that must not raise the rule.
 *
 * apiserver-parity.test.ts already replays validation_test.go; the cases here cover what it
 * lacks: the 1.35/1.36 maxReplicas messages, metadata, the scaleTargetRef apiVersion group rule,
 * describedObject.apiVersion, the quantity grammar, unknown fields, JSON types, null handling and
 * the v2 defaulting subtleties.
 */
import {
  baseManifest,
  containerResourceMetric,
  expectNegativeCase,
  expectRuleCase,
  externalMetric,
  issuesOf,
  messageLike,
  NegativeCase,
  objectMetric,
  podsMetric,
  RuleCase,
  setBehavior,
  setMetrics,
  validate,
} from './rule-cases';
import { ClusterProfileOptions, HpaValidator, Severity } from '../../src';

const LOWERCASE_SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LOWERCASE_LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const METRIC_SOURCE_TYPES = 'supported values: "ContainerResource", "External", "Object", "Pods", "Resource"';
const QUANTITY_FORMAT = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const QUANTITY_SUFFIX = "unable to parse quantity's suffix";

test('the base manifest of these tables is valid', () => {
  expect(validate(() => {})).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// HPA100: the object is an autoscaling/v2 HorizontalPodAutoscaler
// ---------------------------------------------------------------------------------------------

describe('HPA100 object type', () => {
  const cases: RuleCase[] = [
    {
      title: 'apiVersion is autoscaling/v2beta2, which 1.37 no longer serves, with a migration hint',
      mutate: m => { m.apiVersion = 'autoscaling/v2beta2'; },
      ruleId: 'HPA100',
      path: 'apiVersion',
      prefix: 'Unsupported value: "autoscaling/v2beta2"',
      detail: 'Kubernetes 1.37 does not serve this version (removed in 1.26), kubectl fails with: no matches for kind "HorizontalPodAutoscaler" in version "autoscaling/v2beta2"; served: "autoscaling/v2", "autoscaling/v1"',
      fix: 'move to autoscaling/v2: change apiVersion only, the fields are the same',
    },
    {
      title: 'apiVersion is autoscaling/v2beta1, which 1.37 no longer serves',
      mutate: m => { m.apiVersion = 'autoscaling/v2beta1'; },
      ruleId: 'HPA100',
      path: 'apiVersion',
      prefix: 'Unsupported value: "autoscaling/v2beta1"',
      detail: '(removed in 1.25)',
      fix: 'metricName into metric.name',
      // Read with v2beta1's own fields, v2's metric fields are unknown there and its target missing.
      alsoRaises: ['HPA117', 'HPA126'],
    },
    {
      title: 'apiVersion is another group',
      mutate: m => { m.apiVersion = 'apps/v1'; },
      ruleId: 'HPA100',
      path: 'apiVersion',
      prefix: 'Unsupported value: "apps/v1"',
      detail: 'supported values: "autoscaling/v2", "autoscaling/v1"',
      fix: 'set apiVersion to "autoscaling/v2"',
    },
    {
      title: 'apiVersion is missing',
      mutate: m => { delete m.apiVersion; },
      ruleId: 'HPA100',
      path: 'apiVersion',
      prefix: 'Required value',
      detail: 'must be one of "autoscaling/v2", "autoscaling/v1"',
    },
    {
      title: 'kind is Deployment, in another group',
      mutate: m => { m.apiVersion = 'apps/v1'; m.kind = 'Deployment'; },
      alsoRaises: ['HPA100'],
      ruleId: 'HPA100',
      path: 'kind',
      prefix: 'Unsupported value: "Deployment"',
      detail: 'supported values: "HorizontalPodAutoscaler"',
    },
    {
      title: 'kind is HorizontalPodAutoScaler (kubectl maps kinds case-sensitively)',
      mutate: m => { m.kind = 'HorizontalPodAutoScaler'; },
      ruleId: 'HPA100',
      path: 'kind',
      prefix: 'Unsupported value: "HorizontalPodAutoScaler"',
      detail: 'kubectl fails with: no matches for kind "HorizontalPodAutoScaler" in version "autoscaling/v2"; the autoscaling group\'s one kind is "HorizontalPodAutoscaler"',
      fix: 'did you mean "HorizontalPodAutoscaler"? kinds are case-sensitive',
    },
    {
      title: 'kind is horizontalpodautoscaler',
      mutate: m => { m.kind = 'horizontalpodautoscaler'; },
      ruleId: 'HPA100',
      path: 'kind',
      prefix: 'Unsupported value: "horizontalpodautoscaler"',
      detail: 'no matches for kind "horizontalpodautoscaler" in version "autoscaling/v2"',
      fix: 'did you mean "HorizontalPodAutoscaler"?',
    },
    {
      title: 'kind is null (absent)',
      mutate: m => { m.kind = null; },
      ruleId: 'HPA100',
      path: 'kind',
      prefix: 'Required value',
      detail: 'must be "HorizontalPodAutoscaler"',
    },
    {
      title: 'spec is missing (and the zero spec then fails the spec rules)',
      mutate: m => { delete m.spec; },
      ruleId: 'HPA100',
      path: 'spec',
      prefix: 'Required value',
      detail: 'must be set',
      alsoRaises: ['HPA102', 'HPA103', 'HPA106', 'HPA107'],
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  test.each([
    ['null', null],
    ['undefined', undefined],
  ])('fails when the manifest is %s', (_name, manifest) => {
    expect(HpaValidator.validate(manifest)).toEqual([{
      ruleId: 'HPA100',
      severity: Severity.ERROR,
      path: '<root>',
      message: 'Required value: must be a HorizontalPodAutoscaler object',
      fix: 'use apiVersion autoscaling/v2 and kind HorizontalPodAutoscaler',
    }]);
  });

  test('fails, without throwing, when reading the manifest throws', () => {
    const manifest = baseManifest();
    Object.defineProperty(manifest.spec, 'behavior', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(HpaValidator.validate(manifest)).toEqual([expect.objectContaining({
      ruleId: 'HPA100',
      severity: Severity.ERROR,
      path: '<root>',
      message: messageLike('Invalid value', 'the validator could not read this manifest (boom)'),
    })]);
  });

  const negatives: NegativeCase[] = [
    { title: 'status on create (the server wipes it)', mutate: m => { m.status = { currentReplicas: 3, desiredReplicas: 'x' }; }, ruleId: 'HPA100' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA101-HPA103: minReplicas and maxReplicas, with the 1.36 message change
// ---------------------------------------------------------------------------------------------

describe('HPA101-HPA103 replicas', () => {
  const cases: RuleCase[] = [
    {
      title: 'minReplicas is -1 (1.36, without scale to zero)',
      mutate: m => { m.spec.minReplicas = -1; },
      cluster: { version: '1.36' },
      ruleId: 'HPA101',
      path: 'spec.minReplicas',
      prefix: 'Invalid value: -1',
      detail: 'must be greater than or equal to 1',
      fix: 'set minReplicas to 1 or more',
    },
    {
      title: 'maxReplicas is 0 on 1.36 (Required, and below the minReplicas)',
      mutate: m => { m.spec.maxReplicas = 0; },
      cluster: { version: '1.36' },
      ruleId: 'HPA102',
      path: 'spec.maxReplicas',
      prefix: 'Required value',
      detail: 'must be set and greater than 0',
      alsoRaises: ['HPA103'],
    },
    {
      title: 'maxReplicas is 0 on 1.37',
      mutate: m => { m.spec.maxReplicas = 0; },
      cluster: { version: '1.37' },
      ruleId: 'HPA102',
      path: 'spec.maxReplicas',
      prefix: 'Required value',
      detail: 'must be set and greater than 0',
      alsoRaises: ['HPA103'],
    },
    {
      title: 'maxReplicas is 0 on 1.35 (Invalid, the pre-1.36 message)',
      mutate: m => { m.spec.maxReplicas = 0; },
      cluster: { version: '1.35' },
      ruleId: 'HPA102',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than 0',
      alsoRaises: ['HPA103'],
    },
    {
      title: 'maxReplicas is -3 on 1.36',
      mutate: m => { m.spec.maxReplicas = -3; },
      cluster: { version: '1.36' },
      ruleId: 'HPA102',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: -3',
      detail: 'must be greater than or equal to 1',
      alsoRaises: ['HPA103'],
    },
    {
      title: 'maxReplicas is -3 on 1.35',
      mutate: m => { m.spec.maxReplicas = -3; },
      cluster: { version: '1.35' },
      ruleId: 'HPA102',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: -3',
      detail: 'must be greater than 0',
      alsoRaises: ['HPA103'],
    },
    {
      title: 'maxReplicas is omitted on the default profile (1.36)',
      mutate: m => { delete m.spec.maxReplicas; },
      ruleId: 'HPA102',
      path: 'spec.maxReplicas',
      prefix: 'Required value',
      detail: 'must be set and greater than 0',
      fix: 'set maxReplicas',
      alsoRaises: ['HPA103'],
    },
    {
      title: 'maxReplicas is omitted on 1.34 (the zero value is printed)',
      mutate: m => { delete m.spec.maxReplicas; },
      cluster: { version: '1.34' },
      ruleId: 'HPA102',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than 0',
      alsoRaises: ['HPA103'],
    },
    {
      title: 'maxReplicas is null (absent)',
      mutate: m => { m.spec.maxReplicas = null; },
      ruleId: 'HPA102',
      path: 'spec.maxReplicas',
      prefix: 'Required value',
      detail: 'must be set and greater than 0',
      alsoRaises: ['HPA103'],
    },
    {
      title: 'maxReplicas is below minReplicas',
      mutate: m => { m.spec.maxReplicas = 1; },
      ruleId: 'HPA103',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: 1',
      detail: 'must be greater than or equal to `minReplicas`',
      fix: 'raise maxReplicas to at least 2',
    },
    {
      title: 'maxReplicas is 0 and minReplicas is omitted (defaulted to 1)',
      mutate: m => { delete m.spec.minReplicas; m.spec.maxReplicas = 0; },
      ruleId: 'HPA103',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than or equal to `minReplicas`',
      alsoRaises: ['HPA102'],
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  test('maxReplicas 0 on 1.36 gives exactly the Required and the `minReplicas` errors', () => {
    expect(validate(m => { m.spec.maxReplicas = 0; }).filter(i => i.path === 'spec.maxReplicas')).toEqual([
      expect.objectContaining({ ruleId: 'HPA102', severity: Severity.ERROR, message: 'Required value: must be set and greater than 0' }),
      expect.objectContaining({ ruleId: 'HPA103', severity: Severity.ERROR, message: 'Invalid value: 0: must be greater than or equal to `minReplicas`', value: 0 }),
    ]);
  });

  const negatives: NegativeCase[] = [
    { title: 'maxReplicas equal to minReplicas (a lint, not an error)', mutate: m => { m.spec.maxReplicas = 2; }, ruleId: 'HPA103' },
    { title: 'maxReplicas at the int32 limit', mutate: m => { m.spec.maxReplicas = 2147483647; }, ruleId: 'HPA102' },
    { title: 'maxReplicas 1 with minReplicas omitted', mutate: m => { delete m.spec.minReplicas; m.spec.maxReplicas = 1; }, ruleId: 'HPA103' },
    { title: 'minReplicas 1', mutate: m => { m.spec.minReplicas = 1; }, ruleId: 'HPA101' },
    { title: 'maxReplicas 1 on 1.35', mutate: m => { m.spec.minReplicas = 1; m.spec.maxReplicas = 1; }, cluster: { version: '1.35' }, ruleId: 'HPA102' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA104/HPA105: metadata
// ---------------------------------------------------------------------------------------------

describe('HPA104/HPA105 metadata', () => {
  const cases: RuleCase[] = [
    {
      title: 'metadata.name and generateName are missing',
      mutate: m => { delete m.metadata.name; },
      ruleId: 'HPA104',
      path: 'metadata.name',
      prefix: 'Required value',
      detail: 'name or generateName is required',
    },
    {
      title: 'metadata.name is empty',
      mutate: m => { m.metadata.name = ''; },
      ruleId: 'HPA104',
      path: 'metadata.name',
      prefix: 'Required value',
      detail: 'name or generateName is required',
    },
    {
      title: 'metadata is null',
      mutate: m => { m.metadata = null; },
      ruleId: 'HPA104',
      path: 'metadata.name',
      prefix: 'Required value',
      detail: 'name or generateName is required',
    },
    {
      title: 'metadata.name has upper case and an underscore',
      mutate: m => { m.metadata.name = 'Web_1'; },
      ruleId: 'HPA104',
      path: 'metadata.name',
      prefix: 'Invalid value: "Web_1"',
      detail: LOWERCASE_SUBDOMAIN,
      fix: 'use lower-case letters, digits',
    },
    {
      title: 'metadata.name ends with a dash',
      mutate: m => { m.metadata.name = 'web-'; },
      ruleId: 'HPA104',
      path: 'metadata.name',
      prefix: 'Invalid value: "web-"',
      detail: LOWERCASE_SUBDOMAIN,
    },
    {
      title: 'metadata.name is 254 characters long',
      mutate: m => { m.metadata.name = 'a'.repeat(254); },
      ruleId: 'HPA104',
      path: 'metadata.name',
      prefix: `Invalid value: "${'a'.repeat(254)}"`,
      detail: 'must be no more than 253 characters',
    },
    {
      title: 'metadata.generateName is not a subdomain prefix',
      mutate: m => { delete m.metadata.name; m.metadata.generateName = 'Web-'; },
      ruleId: 'HPA104',
      path: 'metadata.generateName',
      prefix: 'Invalid value: "Web-"',
      detail: LOWERCASE_SUBDOMAIN,
    },
    {
      title: 'metadata.generateName ends with two dashes',
      mutate: m => { delete m.metadata.name; m.metadata.generateName = 'web--'; },
      ruleId: 'HPA104',
      path: 'metadata.generateName',
      prefix: 'Invalid value: "web--"',
      detail: LOWERCASE_SUBDOMAIN,
    },
    {
      title: 'metadata.namespace contains a dot',
      mutate: m => { m.metadata.namespace = 'team.a'; },
      ruleId: 'HPA105',
      path: 'metadata.namespace',
      prefix: 'Invalid value: "team.a"',
      detail: 'must not contain dots',
    },
    {
      title: 'metadata.namespace has upper case',
      mutate: m => { m.metadata.namespace = 'Team-A'; },
      ruleId: 'HPA105',
      path: 'metadata.namespace',
      prefix: 'Invalid value: "Team-A"',
      detail: LOWERCASE_LABEL,
    },
    {
      title: 'a label key has two slashes',
      mutate: m => { m.metadata.labels = { 'a/b/c': 'x' }; },
      ruleId: 'HPA105',
      path: 'metadata.labels',
      prefix: 'Invalid value: "a/b/c"',
      detail: "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
    },
    {
      title: 'a label key has an upper-case prefix',
      mutate: m => { m.metadata.labels = { 'Example.com/key': 'x' }; },
      ruleId: 'HPA105',
      path: 'metadata.labels',
      prefix: 'Invalid value: "Example.com/key"',
      detail: `prefix part ${LOWERCASE_SUBDOMAIN}`,
    },
    {
      title: 'an annotation key has a space',
      mutate: m => { m.metadata.annotations = { 'bad key': 'x' }; },
      ruleId: 'HPA105',
      path: 'metadata.annotations',
      prefix: 'Invalid value: "bad key"',
      detail: "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
    },
    {
      title: 'the annotations exceed 256 KiB',
      mutate: m => { m.metadata.annotations = { note: 'x'.repeat(256 * 1024) }; },
      ruleId: 'HPA105',
      path: 'metadata.annotations',
      prefix: 'Too long',
      detail: '262144 bytes',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  // apimachinery ValidateLabels: `field.Invalid(fldPath, v, msg)` with fldPath = metadata.labels,
  // so the server reports a bad label value on `metadata.labels`, not on `metadata.labels[tier]`.
  test('fails when a label value has a space, on the path the API server prints (metadata.labels)', () => {
    const issues = validate(m => { m.metadata.labels = { tier: 'front end' }; });
    expect(issues).toEqual([expect.objectContaining({
      ruleId: 'HPA105',
      severity: Severity.ERROR,
      path: 'metadata.labels',
      message: messageLike('Invalid value: "front end"', 'a valid label must be an empty string or consist of alphanumeric characters'),
    })]);
  });

  // apimachinery field.TooLong (k/k PR #128553, since 1.32/1.33): "may not be more than %d bytes".
  test('fails when the annotations exceed 256 KiB, with the current field.TooLong detail', () => {
    const issues = validate(m => { m.metadata.annotations = { note: 'x'.repeat(256 * 1024) }; });
    expect(issuesOf(issues, 'HPA105')).toEqual([expect.objectContaining({
      path: 'metadata.annotations', message: 'Too long: may not be more than 262144 bytes',
    })]);
  });

  const negatives: NegativeCase[] = [
    { title: 'generateName alone, with one trailing dash', mutate: m => { delete m.metadata.name; m.metadata.generateName = 'web-'; }, ruleId: 'HPA104' },
    { title: 'both name and generateName', mutate: m => { m.metadata.generateName = 'web-'; }, ruleId: 'HPA104' },
    { title: 'a dotted name of 253 characters', mutate: m => { m.metadata.name = `web.${'a'.repeat(249)}`; }, ruleId: 'HPA104' },
    { title: 'an empty namespace (filled from the request)', mutate: m => { m.metadata.namespace = ''; }, ruleId: 'HPA105' },
    { title: 'no namespace', mutate: m => { delete m.metadata.namespace; }, ruleId: 'HPA105' },
    { title: 'prefixed label keys and an empty label value', mutate: m => { m.metadata.labels = { 'app.kubernetes.io/name': 'web', 'tier': '' }; }, ruleId: 'HPA105' },
    { title: 'an annotation key with upper case (checked lower-cased)', mutate: m => { m.metadata.annotations = { 'Example.com/Some-Key': 'any value at all!' }; }, ruleId: 'HPA105' },
    { title: 'annotations of exactly 256 KiB', mutate: m => { m.metadata.annotations = { note: 'x'.repeat(256 * 1024 - 4) }; }, ruleId: 'HPA105' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA106/HPA107/HPA112: scaleTargetRef and describedObject
// ---------------------------------------------------------------------------------------------

describe('HPA106/HPA107/HPA112 object references', () => {
  const setRef = (ref: any) => (m: any) => { m.spec.scaleTargetRef = ref; };
  const setApiVersion = (apiVersion: string | undefined) => (m: any) => {
    if (apiVersion === undefined) delete m.spec.scaleTargetRef.apiVersion;
    else m.spec.scaleTargetRef.apiVersion = apiVersion;
  };
  const cases: RuleCase[] = [
    {
      title: 'scaleTargetRef.kind is missing (Required, no detail)',
      mutate: m => { delete m.spec.scaleTargetRef.kind; },
      ruleId: 'HPA106',
      path: 'spec.scaleTargetRef.kind',
      prefix: 'Required value',
    },
    {
      title: 'scaleTargetRef.name is empty (Required, no detail)',
      mutate: m => { m.spec.scaleTargetRef.name = ''; },
      ruleId: 'HPA106',
      path: 'spec.scaleTargetRef.name',
      prefix: 'Required value',
    },
    {
      title: 'scaleTargetRef.name is "."',
      mutate: m => { m.spec.scaleTargetRef.name = '.'; },
      ruleId: 'HPA106',
      path: 'spec.scaleTargetRef.name',
      prefix: 'Invalid value: "."',
      detail: "may not be '.'",
    },
    {
      title: 'scaleTargetRef.kind contains a slash',
      mutate: m => { m.spec.scaleTargetRef.kind = 'apps/Deployment'; },
      ruleId: 'HPA106',
      path: 'spec.scaleTargetRef.kind',
      prefix: 'Invalid value: "apps/Deployment"',
      detail: "may not contain '/'",
    },
    {
      title: 'describedObject.name is ".."',
      mutate: setMetrics(objectMetric({ apiVersion: 'v1', kind: 'Service', name: '..' })),
      ruleId: 'HPA106',
      path: 'spec.metrics[0].object.describedObject.name',
      prefix: 'Invalid value: ".."',
      detail: "may not be '..'",
    },
    {
      title: 'describedObject.kind contains a percent sign',
      mutate: setMetrics(objectMetric({ apiVersion: 'v1', kind: 'Ser%vice', name: 'web' })),
      ruleId: 'HPA106',
      path: 'spec.metrics[0].object.describedObject.kind',
      prefix: 'Invalid value: "Ser%vice"',
      detail: "may not contain '%'",
    },
    {
      title: 'describedObject is missing',
      mutate: setMetrics({ type: 'Object', object: { metric: { name: 'hits' }, target: { type: 'Value', value: '10' } } }),
      ruleId: 'HPA106',
      path: 'spec.metrics[0].object.describedObject.kind',
      prefix: 'Required value',
    },
    {
      title: 'a Deployment is referenced as "v1"',
      mutate: setApiVersion('v1'),
      ruleId: 'HPA107',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Invalid value: "v1"',
      detail: 'apiVersion must specify API group',
      fix: 'set apiVersion to "apps/v1"',
    },
    {
      title: 'scaleTargetRef.apiVersion is empty',
      mutate: setApiVersion(''),
      ruleId: 'HPA107',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Invalid value: ""',
      detail: 'apiVersion must specify API group',
    },
    {
      title: 'scaleTargetRef.apiVersion is omitted (printed as "")',
      mutate: setApiVersion(undefined),
      ruleId: 'HPA107',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Invalid value: ""',
      detail: 'apiVersion must specify API group',
    },
    {
      title: 'scaleTargetRef.apiVersion is "/v1" (empty group)',
      mutate: setApiVersion('/v1'),
      ruleId: 'HPA107',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Invalid value: "/v1"',
      detail: 'apiVersion must specify API group',
    },
    {
      title: 'scaleTargetRef.apiVersion is "a/b/c"',
      mutate: setApiVersion('a/b/c'),
      ruleId: 'HPA107',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Invalid value: "a/b/c"',
      detail: 'unexpected GroupVersion string: a/b/c',
      fix: 'write "<group>/<version>"',
    },
    {
      title: 'a custom kind has no group (the fix cannot name one)',
      mutate: setRef({ apiVersion: 'v1alpha1', kind: 'Widget', name: 'w' }),
      ruleId: 'HPA107',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Invalid value: "v1alpha1"',
      detail: 'apiVersion must specify API group',
      fix: 'write the API group and version',
    },
    {
      title: 'the ReplicationController exception is used with a lower-case kind',
      mutate: setRef({ apiVersion: 'v1', kind: 'replicationcontroller', name: 'rc' }),
      ruleId: 'HPA107',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Invalid value: "v1"',
      detail: 'apiVersion must specify API group',
      // ...and the controller would not find the kind either.
      alsoRaises: ['HPA207'],
    },
    {
      title: 'a ReplicationController apiVersion does not parse (the exception only allows an empty group)',
      mutate: setRef({ apiVersion: 'v1/x/y', kind: 'ReplicationController', name: 'rc' }),
      ruleId: 'HPA107',
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Invalid value: "v1/x/y"',
      detail: 'unexpected GroupVersion string: v1/x/y',
    },
    {
      title: 'describedObject.apiVersion is "a/b/c"',
      mutate: setMetrics(objectMetric({ apiVersion: 'a/b/c', kind: 'Service', name: 'web' })),
      ruleId: 'HPA112',
      path: 'spec.metrics[0].object.describedObject.apiVersion',
      prefix: 'Invalid value: "a/b/c"',
      detail: 'unexpected GroupVersion string: a/b/c',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  test('a kind with both "/" and "%" gets one error per character', () => {
    expect(validate(m => { m.spec.scaleTargetRef.kind = 'a/b%c'; })).toEqual([
      expect.objectContaining({ ruleId: 'HPA106', severity: Severity.ERROR, path: 'spec.scaleTargetRef.kind', message: 'Invalid value: "a/b%c": may not contain \'/\'' }),
      expect.objectContaining({ ruleId: 'HPA106', severity: Severity.ERROR, path: 'spec.scaleTargetRef.kind', message: 'Invalid value: "a/b%c": may not contain \'%\'' }),
    ]);
  });

  const negatives: NegativeCase[] = [
    { title: 'a ReplicationController as "v1"', mutate: setRef({ apiVersion: 'v1', kind: 'ReplicationController', name: 'rc' }), ruleId: 'HPA107' },
    { title: 'a ReplicationController without apiVersion', mutate: setRef({ kind: 'ReplicationController', name: 'rc' }), ruleId: 'HPA107' },
    { title: '"apps/" (a group with an empty version)', mutate: setApiVersion('apps/'), ruleId: 'HPA107' },
    { title: 'a custom resource in its own group', mutate: setRef({ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w' }), ruleId: 'HPA107' },
    { title: 'kind and name with dots, dashes and upper case', mutate: setRef({ apiVersion: 'example.com/v1', kind: 'My.Widget', name: 'Web_1.v2' }), ruleId: 'HPA106' },
    { title: 'describedObject in the core group ("v1")', mutate: setMetrics(objectMetric({ apiVersion: 'v1', kind: 'Service', name: 'web' })), ruleId: 'HPA112' },
    { title: 'describedObject without apiVersion', mutate: setMetrics(objectMetric({ kind: 'Service', name: 'web' })), ruleId: 'HPA112' },
    { title: 'describedObject.apiVersion "/"', mutate: setMetrics(objectMetric({ apiVersion: '/', kind: 'Service', name: 'web' })), ruleId: 'HPA112' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA108-HPA117: metrics
// ---------------------------------------------------------------------------------------------

describe('HPA108-HPA117 metrics', () => {
  const scaleToZero: ClusterProfileOptions = { featureGates: { HPAScaleToZero: true } };
  const cases: RuleCase[] = [
    {
      title: 'minReplicas is 0 with only a Resource metric',
      mutate: m => { m.spec.minReplicas = 0; },
      cluster: scaleToZero,
      ruleId: 'HPA108',
      path: 'spec.metrics',
      prefix: 'Forbidden',
      detail: 'must specify at least one Object or External metric to support scaling to zero replicas',
      fix: 'add an Object or External metric',
    },
    {
      title: 'minReplicas is 0 and a Pods metric is the only metric',
      mutate: m => { m.spec.minReplicas = 0; m.spec.metrics = [podsMetric({ type: 'AverageValue', averageValue: '10' })]; },
      cluster: scaleToZero,
      ruleId: 'HPA108',
      path: 'spec.metrics',
      prefix: 'Forbidden',
      detail: 'must specify at least one Object or External metric to support scaling to zero replicas',
    },
    {
      title: 'the metric type is lower case',
      mutate: m => { m.spec.metrics[0].type = 'resource'; },
      ruleId: 'HPA109',
      path: 'spec.metrics[0].type',
      prefix: 'Unsupported value: "resource"',
      detail: METRIC_SOURCE_TYPES,
    },
    {
      title: 'a metric is an empty object',
      mutate: setMetrics({}),
      ruleId: 'HPA109',
      path: 'spec.metrics[0].type',
      prefix: 'Required value',
      detail: 'must specify a metric source type',
    },
    {
      title: 'type Pods populates resource',
      mutate: m => { m.spec.metrics[0].type = 'Pods'; },
      ruleId: 'HPA110',
      path: 'spec.metrics[0].pods',
      prefix: 'Required value',
      detail: 'must populate information for the given metric source',
      fix: 'type Pods reads pods, but resource is set',
    },
    {
      title: 'a Resource metric also populates external',
      mutate: m => { m.spec.metrics[0].external = externalMetric({ type: 'Value', value: '1' }).external; },
      ruleId: 'HPA110',
      path: 'spec.metrics[0].external',
      prefix: 'Forbidden',
      detail: 'must populate the given metric source only',
    },
    {
      title: 'an External metric name contains "%"',
      mutate: setMetrics(externalMetric({ type: 'Value', value: '10' }, 'queue%depth')),
      ruleId: 'HPA111',
      path: 'spec.metrics[0].external.metric.name',
      prefix: 'Invalid value: "queue%depth"',
      detail: "may not contain '%'",
    },
    {
      title: 'an Object metric has no metric',
      mutate: setMetrics({ type: 'Object', object: { describedObject: { apiVersion: 'v1', kind: 'Service', name: 'web' }, target: { type: 'Value', value: '10' } } }),
      ruleId: 'HPA111',
      path: 'spec.metrics[0].object.metric.name',
      prefix: 'Required value',
      detail: 'must specify a metric name',
    },
    {
      title: 'a Resource metric name is empty',
      mutate: m => { m.spec.metrics[0].resource.name = ''; },
      ruleId: 'HPA113',
      path: 'spec.metrics[0].resource.name',
      prefix: 'Required value',
      detail: 'must specify a resource name',
    },
    {
      title: 'a ContainerResource name is "pods" (standard, but not for containers)',
      mutate: setMetrics(containerResourceMetric({ name: 'pods' })),
      ruleId: 'HPA113',
      path: 'spec.metrics[0].containerResource.name',
      prefix: 'Invalid value: "pods"',
      detail: 'must be a standard resource for containers',
    },
    {
      title: 'a ContainerResource name is "gpu" (neither standard nor qualified)',
      mutate: setMetrics(containerResourceMetric({ name: 'gpu', target: { type: 'AverageValue', averageValue: '1' } })),
      ruleId: 'HPA113',
      path: 'spec.metrics[0].containerResource.name',
      prefix: 'Invalid value: "gpu"',
      detail: 'must be a standard resource type or fully qualified',
    },
    {
      title: 'a ContainerResource container has a dot',
      mutate: setMetrics(containerResourceMetric({ container: 'my.app' })),
      ruleId: 'HPA114',
      path: 'spec.metrics[0].containerResource.container',
      prefix: 'Invalid value: "my.app"',
      detail: 'must not contain dots',
    },
    {
      title: 'a ContainerResource container is 64 characters long',
      mutate: setMetrics(containerResourceMetric({ container: 'a'.repeat(64) })),
      ruleId: 'HPA114',
      path: 'spec.metrics[0].containerResource.container',
      prefix: `Invalid value: "${'a'.repeat(64)}"`,
      detail: 'must be no more than 63 characters',
    },
    {
      title: 'a ContainerResource container is empty',
      mutate: setMetrics(containerResourceMetric({ container: '' })),
      ruleId: 'HPA114',
      path: 'spec.metrics[0].containerResource.container',
      prefix: 'Required value',
      detail: 'must specify a container',
    },
    {
      title: 'a target type is "Percent"',
      mutate: m => { m.spec.metrics[0].resource.target.type = 'Percent'; },
      ruleId: 'HPA115',
      path: 'spec.metrics[0].resource.target.type',
      prefix: 'Invalid value: "Percent"',
      detail: 'must be either Utilization, Value, or AverageValue',
    },
    {
      title: 'a target type is missing',
      mutate: m => { delete m.spec.metrics[0].resource.target.type; },
      ruleId: 'HPA115',
      path: 'spec.metrics[0].resource.target.type',
      prefix: 'Required value',
      detail: 'must specify a metric target type',
    },
    {
      title: 'averageUtilization is 0',
      mutate: m => { m.spec.metrics[0].resource.target.averageUtilization = 0; },
      ruleId: 'HPA116',
      path: 'spec.metrics[0].resource.target.averageUtilization',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than 0',
    },
    {
      title: 'an Object target value is "0"',
      mutate: setMetrics(objectMetric({ apiVersion: 'v1', kind: 'Service', name: 'web' }, { type: 'Value', value: '0' })),
      ruleId: 'HPA116',
      path: 'spec.metrics[0].object.target.value',
      prefix: 'Invalid value: "0"',
      detail: 'must be positive',
    },
    {
      title: 'a Pods averageValue is "-1Ki"',
      mutate: setMetrics(podsMetric({ type: 'AverageValue', averageValue: '-1Ki' })),
      ruleId: 'HPA116',
      path: 'spec.metrics[0].pods.target.averageValue',
      prefix: 'Invalid value: "-1Ki"',
      detail: 'must be positive',
    },
    {
      title: 'a Pods target has only a value',
      mutate: setMetrics(podsMetric({ type: 'AverageValue', value: '10' })),
      ruleId: 'HPA117',
      path: 'spec.metrics[0].pods.target.averageValue',
      prefix: 'Required value',
      detail: 'must specify a positive target averageValue',
      alsoRaises: ['HPA410'],
    },
    {
      title: 'a Resource target has only a value',
      mutate: m => { m.spec.metrics[0].resource.target = { type: 'Value', value: '100m' }; },
      ruleId: 'HPA117',
      path: 'spec.metrics[0].resource.target.averageUtilization',
      prefix: 'Required value',
      detail: 'must set either a target raw value or a target utilization',
    },
    {
      title: 'an External target sets value and averageValue',
      mutate: setMetrics(externalMetric({ type: 'Value', value: '10', averageValue: '2' })),
      ruleId: 'HPA117',
      path: 'spec.metrics[0].external.target.value',
      prefix: 'Forbidden',
      detail: 'may not set both a target value for metric and a per-pod target',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  test('HPA117 fixes name the manifest field first and the API call after it, for YAML and code alike', () => {
    const fixOf = (mutate: (m: any) => void) => validate(mutate).find(i => i.ruleId === 'HPA117')?.fix;
    expect(fixOf(m => { m.spec.metrics[0].resource.target = { type: 'Value', value: '100m' }; }))
      .toBe('set target.averageUtilization or target.averageValue (MetricTarget.averageUtilization() or MetricTarget.averageValue())');
    expect(fixOf(setMetrics(podsMetric({ type: 'AverageValue', value: '10' }))))
      .toBe('set target.averageValue: Pods metrics take a per-pod average (MetricTarget.averageValue())');
    expect(fixOf(setMetrics(externalMetric({ type: 'Value' }))))
      .toBe('set target.value or target.averageValue (MetricTarget.value() or MetricTarget.averageValue())');
  });

  test('an unknown metric type is reported once, not twice as Go does', () => {
    expect(validate(m => { m.spec.metrics[0].type = 'Custom'; })).toEqual([expect.objectContaining({
      ruleId: 'HPA109', severity: Severity.ERROR, path: 'spec.metrics[0].type', message: `Unsupported value: "Custom": ${METRIC_SOURCE_TYPES}`,
    })]);
  });

  const negatives: NegativeCase[] = [
    {
      title: 'minReplicas 0 with an External metric',
      mutate: m => { m.spec.minReplicas = 0; m.spec.metrics = [externalMetric({ type: 'AverageValue', averageValue: '30' })]; },
      cluster: scaleToZero,
      ruleId: 'HPA108',
    },
    {
      title: 'minReplicas 0 when an Object-typed metric is present, however empty (only the type counts)',
      mutate: m => { m.spec.minReplicas = 0; m.spec.metrics = [{ type: 'Object' }]; },
      cluster: scaleToZero,
      ruleId: 'HPA108',
      raises: ['HPA110'],
    },
    { title: 'a ContainerResource metric', mutate: setMetrics(containerResourceMetric({})), ruleId: 'HPA109' },
    { title: 'metric names with dots, dashes and colons', mutate: setMetrics(podsMetric({ type: 'AverageValue', averageValue: '1' }, 'http.requests:rate-1m')), ruleId: 'HPA111' },
    { title: 'any Resource name (the server checks only that it is set)', mutate: m => { m.spec.metrics[0].resource.name = 'foo'; }, ruleId: 'HPA113', raises: ['HPA206'] },
    {
      title: 'an extended ContainerResource name',
      mutate: setMetrics(containerResourceMetric({ name: 'example.com/gpu', target: { type: 'AverageValue', averageValue: '1' } })),
      ruleId: 'HPA113',
    },
    { title: 'averageUtilization above 100', mutate: m => { m.spec.metrics[0].resource.target.averageUtilization = 250; }, ruleId: 'HPA116' },
    {
      title: 'an Object target with both value and averageValue (a controller error, not a server one)',
      mutate: setMetrics(objectMetric({ apiVersion: 'v1', kind: 'Service', name: 'web' }, { type: 'Value', value: '10', averageValue: '5' })),
      ruleId: 'HPA117',
      raises: ['HPA204'],
    },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA118-HPA124: behavior
// ---------------------------------------------------------------------------------------------

describe('HPA118-HPA124 behavior', () => {
  const cases: RuleCase[] = [
    {
      title: 'scaleDown.stabilizationWindowSeconds is -1',
      mutate: setBehavior({ scaleDown: { stabilizationWindowSeconds: -1 } }),
      ruleId: 'HPA118',
      path: 'spec.behavior.scaleDown.stabilizationWindowSeconds',
      prefix: 'Invalid value: -1',
      detail: 'must be greater than or equal to zero',
    },
    {
      title: 'scaleDown.stabilizationWindowSeconds is a day',
      mutate: setBehavior({ scaleDown: { stabilizationWindowSeconds: 86400 } }),
      ruleId: 'HPA118',
      path: 'spec.behavior.scaleDown.stabilizationWindowSeconds',
      prefix: 'Invalid value: 86400',
      detail: 'must be less than or equal to 3600',
      fix: 'use a window of at most 3600s',
    },
    {
      title: 'selectPolicy is lower case',
      mutate: setBehavior({ scaleDown: { selectPolicy: 'max' } }),
      ruleId: 'HPA119',
      path: 'spec.behavior.scaleDown.selectPolicy',
      prefix: 'Unsupported value: "max"',
      detail: 'supported values: "Disabled", "Max", "Min"',
    },
    {
      title: 'selectPolicy is empty',
      mutate: setBehavior({ scaleUp: { selectPolicy: '' } }),
      ruleId: 'HPA119',
      path: 'spec.behavior.scaleUp.selectPolicy',
      prefix: 'Unsupported value: ""',
      detail: 'supported values: "Disabled", "Max", "Min"',
    },
    {
      title: 'scaleDown.policies is an explicit empty list',
      mutate: setBehavior({ scaleDown: { policies: [] } }),
      ruleId: 'HPA120',
      path: 'spec.behavior.scaleDown.policies',
      prefix: 'Required value',
      detail: 'must specify at least one Policy',
      fix: 'leave policies out to get the server defaults',
    },
    {
      title: 'a policy type is lower case',
      mutate: setBehavior({ scaleDown: { policies: [{ type: 'percent', value: 10, periodSeconds: 60 }] } }),
      ruleId: 'HPA121',
      path: 'spec.behavior.scaleDown.policies[0].type',
      prefix: 'Unsupported value: "percent"',
      detail: 'supported values: "Percent", "Pods"',
    },
    {
      title: 'a policy type is missing',
      mutate: setBehavior({ scaleUp: { policies: [{ value: 1, periodSeconds: 60 }] } }),
      ruleId: 'HPA121',
      path: 'spec.behavior.scaleUp.policies[0].type',
      prefix: 'Unsupported value: ""',
      detail: 'supported values: "Percent", "Pods"',
    },
    {
      title: 'a policy value is 0',
      mutate: setBehavior({ scaleUp: { policies: [{ type: 'Pods', value: 0, periodSeconds: 60 }] } }),
      ruleId: 'HPA122',
      path: 'spec.behavior.scaleUp.policies[0].value',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than zero',
    },
    {
      title: 'the second policy has periodSeconds 3600',
      mutate: setBehavior({ scaleDown: { policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }, { type: 'Percent', value: 10, periodSeconds: 3600 }] } }),
      ruleId: 'HPA123',
      path: 'spec.behavior.scaleDown.policies[1].periodSeconds',
      prefix: 'Invalid value: 3600',
      detail: 'must be less than or equal to 1800',
      fix: 'use a period of at most 1800s',
    },
    {
      title: 'a policy periodSeconds is 0',
      mutate: setBehavior({ scaleDown: { policies: [{ type: 'Pods', value: 1, periodSeconds: 0 }] } }),
      ruleId: 'HPA123',
      path: 'spec.behavior.scaleDown.policies[0].periodSeconds',
      prefix: 'Invalid value: 0',
      detail: 'must be greater than zero',
    },
    {
      title: 'scaleDown.tolerance is a negative number',
      mutate: setBehavior({ scaleDown: { tolerance: -0.1 } }),
      ruleId: 'HPA124',
      path: 'spec.behavior.scaleDown.tolerance',
      prefix: 'Invalid value',
      detail: 'must be greater than or equal to 0',
    },
    {
      title: 'scaleUp.tolerance is "-1"',
      mutate: setBehavior({ scaleUp: { tolerance: '-1' } }),
      ruleId: 'HPA124',
      path: 'spec.behavior.scaleUp.tolerance',
      prefix: 'Invalid value: "-1"',
      detail: 'must be greater than or equal to 0',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'windows of 0 and 3600', mutate: setBehavior({ scaleUp: { stabilizationWindowSeconds: 0 }, scaleDown: { stabilizationWindowSeconds: 3600 } }), ruleId: 'HPA118' },
    { title: 'selectPolicy Disabled on both sides', mutate: setBehavior({ scaleUp: { selectPolicy: 'Disabled' }, scaleDown: { selectPolicy: 'Disabled' } }), ruleId: 'HPA119' },
    { title: 'a Percent policy above 100 with periodSeconds 1800', mutate: setBehavior({ scaleUp: { policies: [{ type: 'Percent', value: 900, periodSeconds: 1800 }] } }), ruleId: 'HPA123' },
    { title: 'tolerance "0" and "-0"', mutate: setBehavior({ scaleUp: { tolerance: '0' }, scaleDown: { tolerance: '-0' } }), ruleId: 'HPA124' },
    { title: 'tolerance 10 (no upper bound)', mutate: setBehavior({ scaleDown: { tolerance: 10 } }), ruleId: 'HPA124' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// Defaulting (pkg/apis/autoscaling/v2/defaults.go) before the rules
// ---------------------------------------------------------------------------------------------

describe('v2 defaulting before validation', () => {
  const cases: RuleCase[] = [
    {
      title: 'scaleUp.policies is an explicit empty list next to selectPolicy Min',
      mutate: setBehavior({ scaleUp: { selectPolicy: 'Min', policies: [] } }),
      ruleId: 'HPA120',
      path: 'spec.behavior.scaleUp.policies',
      prefix: 'Required value',
      detail: 'must specify at least one Policy',
    },
    {
      title: 'minReplicas is 0 and metrics are omitted (defaulted to CPU)',
      mutate: m => { m.spec.minReplicas = 0; delete m.spec.metrics; },
      cluster: { featureGates: { HPAScaleToZero: true } },
      ruleId: 'HPA108',
      path: 'spec.metrics',
      prefix: 'Forbidden',
      detail: 'must specify at least one Object or External metric',
    },
    {
      title: 'minReplicas is 0 and metrics is an empty list (defaulted to CPU)',
      mutate: m => { m.spec.minReplicas = 0; m.spec.metrics = []; },
      cluster: { featureGates: { HPAScaleToZero: true } },
      ruleId: 'HPA108',
      path: 'spec.metrics',
      prefix: 'Forbidden',
      detail: 'must specify at least one Object or External metric',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  const negatives: NegativeCase[] = [
    { title: 'scaleUp {selectPolicy: Min} without policies', mutate: setBehavior({ scaleUp: { selectPolicy: 'Min' } }), ruleId: 'HPA120' },
    { title: 'scaleDown with only a window', mutate: setBehavior({ scaleDown: { stabilizationWindowSeconds: 60 } }), ruleId: 'HPA120' },
    { title: 'policies: null (defaulted like an omitted list)', mutate: setBehavior({ scaleUp: { policies: null }, scaleDown: { policies: null } }), ruleId: 'HPA120' },
    { title: 'an empty behavior', mutate: setBehavior({}), ruleId: 'HPA120' },
    { title: 'empty scaleUp and scaleDown', mutate: setBehavior({ scaleUp: {}, scaleDown: {} }), ruleId: 'HPA120' },
    { title: 'no metrics (defaulted to CPU 80%)', mutate: m => { delete m.spec.metrics; }, ruleId: 'HPA109' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA125: the Kubernetes quantity grammar
// ---------------------------------------------------------------------------------------------

describe('HPA125 quantity grammar', () => {
  const averageValue = (q: unknown) => setMetrics(podsMetric({ type: 'AverageValue', averageValue: q }));
  const PATH = 'spec.metrics[0].pods.target.averageValue';

  test.each([
    ['1.2.3', QUANTITY_FORMAT],
    ['abc', QUANTITY_FORMAT],
    ['5Xi', QUANTITY_FORMAT],
    ['', QUANTITY_FORMAT],
    ['0x10', QUANTITY_FORMAT],
    ['1K', QUANTITY_SUFFIX],
    ['1e', QUANTITY_SUFFIX],
    ['1Mi5', QUANTITY_SUFFIX],
  ])('fails when a quantity is %j', (q, detail) => {
    expectRuleCase({
      title: q,
      mutate: averageValue(q),
      ruleId: 'HPA125',
      path: PATH,
      prefix: `Invalid value: ${JSON.stringify(q)}`,
      detail,
      fix: 'write a quantity such as "100", "500m", "0.5" or "1Gi"',
    });
  });

  test('fails when a tolerance is not a quantity', () => {
    expectRuleCase({
      title: 'tolerance abc',
      mutate: setBehavior({ scaleDown: { tolerance: 'abc' } }),
      ruleId: 'HPA125',
      path: 'spec.behavior.scaleDown.tolerance',
      prefix: 'Invalid value: "abc"',
      detail: QUANTITY_FORMAT,
    });
  });

  test('fails when an External target value is not a quantity', () => {
    expectRuleCase({
      title: 'value 10 pods',
      mutate: setMetrics(externalMetric({ type: 'Value', value: '10 pods' })),
      ruleId: 'HPA125',
      path: 'spec.metrics[0].external.target.value',
      prefix: 'Invalid value: "10 pods"',
      detail: QUANTITY_FORMAT,
    });
  });

  test.each([
    '1.5Gi', '500m', '1e3', '1E3', '+1', '.5', '5.', '100k', '2Ki', '1.5e-3', 1.5, 250, 1e21,
  ])('accepts the quantity %j', q => {
    expectNegativeCase({ title: String(q), mutate: averageValue(q), ruleId: 'HPA125' });
  });

  // resource.Quantity.UnmarshalJSON trims white space before ParseQuantity, and parseQuantityString
  // reads a lone sign or dot as 0 ("+", ".", "e3" parse to zero), so the server sees a valid
  // quantity: ' 1' is accepted and '+' fails only `must be positive`.
  test.each([' 1', '1 ', '\t1'])('accepts the quantity %j, as resource.Quantity.UnmarshalJSON trims white space', q => {
    expect(validate(averageValue(q))).toEqual([]);
  });

  test.each(['+', '-', '.', 'e3'])('reads the quantity %j as zero, like ParseQuantity, so only HPA116 fails', q => {
    const issues = validate(averageValue(q));
    expect(issuesOf(issues, 'HPA125')).toEqual([]);
    expect(issuesOf(issues, 'HPA116')).toEqual([expect.objectContaining({ path: PATH, message: messageLike('Invalid value', 'must be positive') })]);
  });
});

// ---------------------------------------------------------------------------------------------
// HPA126: unknown fields under strict field validation
// ---------------------------------------------------------------------------------------------

describe('HPA126 unknown fields', () => {
  const cases: RuleCase[] = [
    {
      title: 'spec.maxReplica is misspelt',
      mutate: m => { m.spec.maxReplica = 3; },
      ruleId: 'HPA126',
      path: 'spec.maxReplica',
      prefix: 'Unknown field',
      detail: 'strict decoding error: unknown field "spec.maxReplica": kubectl apply refuses the object; other clients get a warning and the field dropped',
      fix: 'did you mean "maxReplicas"?',
    },
    {
      title: 'spec.maxReplica is misspelt, for 1.24 (no server-side field validation: dropped silently, refused by kubectl\'s own check)',
      mutate: m => { m.spec.maxReplica = 3; },
      cluster: { version: '1.24' },
      ruleId: 'HPA126',
      path: 'spec.maxReplica',
      prefix: 'Unknown field',
      detail: 'unknown field "spec.maxReplica": kubectl apply refuses the object (client-side validation); other clients get the field dropped silently',
      fix: 'did you mean "maxReplicas"?',
    },
    {
      title: 'spec.MaxReplicas has the wrong case (the decoder is case-sensitive)',
      mutate: m => { m.spec.MaxReplicas = 3; },
      ruleId: 'HPA126',
      path: 'spec.MaxReplicas',
      prefix: 'Unknown field',
      detail: 'unknown field "spec.MaxReplicas"',
      fix: 'did you mean "maxReplicas"?',
    },
    {
      title: 'metadata.labelz is misspelt',
      mutate: m => { m.metadata.labelz = { app: 'web' }; },
      ruleId: 'HPA126',
      path: 'metadata.labelz',
      prefix: 'Unknown field',
      detail: 'unknown field "metadata.labelz"',
      fix: 'did you mean "labels"?',
    },
    {
      title: 'a field deep in a metric is spelt the British way',
      mutate: m => { m.spec.metrics[0].resource.target.averageUtilisation = 50; },
      ruleId: 'HPA126',
      path: 'spec.metrics[0].resource.target.averageUtilisation',
      prefix: 'Unknown field',
      detail: 'unknown field "spec.metrics[0].resource.target.averageUtilisation"',
      fix: 'did you mean "averageUtilization"?',
    },
    {
      title: 'behavior.fallback (the never-merged KEP-5053 shape) is set',
      mutate: setBehavior({ fallback: { replicas: 3 } }),
      ruleId: 'HPA126',
      path: 'spec.behavior.fallback',
      prefix: 'Unknown field',
      detail: 'unknown field "spec.behavior.fallback"',
      fix: 'remove it; known fields here: scaleUp, scaleDown',
    },
    {
      title: 'a top-level field is unknown',
      mutate: m => { m.data = {}; },
      ruleId: 'HPA126',
      path: 'data',
      prefix: 'Unknown field',
      detail: 'unknown field "data"',
      fix: 'remove it; known fields here: apiVersion, kind, metadata, spec, status',
    },
    {
      title: 'an unknown field is null',
      mutate: m => { m.spec.replicas = null; },
      ruleId: 'HPA126',
      path: 'spec.replicas',
      prefix: 'Unknown field',
      detail: 'unknown field "spec.replicas"',
    },
    {
      title: 'a v1 field is used in v2',
      mutate: m => { m.spec.targetCPUUtilizationPercentage = 70; },
      ruleId: 'HPA126',
      path: 'spec.targetCPUUtilizationPercentage',
      prefix: 'Unknown field',
      detail: 'unknown field "spec.targetCPUUtilizationPercentage"',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  test('an unknown field is dropped, so the rules do not see it', () => {
    expect(validate(m => { m.spec.metrics[0].resource.target.utilization = 'not a number'; })).toEqual([
      expect.objectContaining({ ruleId: 'HPA126', severity: Severity.ERROR, path: 'spec.metrics[0].resource.target.utilization' }),
    ]);
  });

  // Strict decoding stops at the unknown field, before validation: a misspelt required field is
  // one finding, the unknown field with the name it was meant to be, not also the missing one.
  test.each([
    ['averageUtilisation for averageUtilization', (m: any) => {
      delete m.spec.metrics[0].resource.target.averageUtilization;
      m.spec.metrics[0].resource.target.averageUtilisation = 60;
    }, 'spec.metrics[0].resource.target.averageUtilisation', 'averageUtilization'],
    ['maxReplica for maxReplicas', (m: any) => {
      delete m.spec.maxReplicas;
      m.spec.maxReplica = 3;
    }, 'spec.maxReplica', 'maxReplicas'],
    ['valeu for value on an External target, where value or averageValue will do', (m: any) => {
      m.spec.metrics = [{ type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', valeu: '30' } } }];
    }, 'spec.metrics[0].external.target.valeu', 'value'],
    ['targt for target (the fields below it are missing too)', (m: any) => {
      m.spec.metrics = [{ type: 'Pods', pods: { metric: { name: 'rps' }, targt: { type: 'AverageValue', averageValue: '10' } } }];
    }, 'spec.metrics[0].pods.targt', 'target'],
  ])('reports %s once, as the unknown field', (_title, mutate, path, meant) => {
    expect(validate(mutate)).toEqual([
      expect.objectContaining({ ruleId: 'HPA126', path, fix: `did you mean "${meant}"?` }),
    ]);
  });

  test('a missing field is still reported beside an unknown field meant to be another one', () => {
    const issues = validate((m: any) => {
      delete m.spec.maxReplicas;
      m.spec.minReplica = 1;
    });
    expect(issues.map(i => [i.ruleId, i.path])).toEqual(expect.arrayContaining([['HPA126', 'spec.minReplica'], ['HPA102', 'spec.maxReplicas']]));
  });

  test('a field set beside its misspelling is judged as given', () => {
    const issues = validate((m: any) => {
      m.spec.maxReplicas = 0;
      m.spec.maxReplica = 3;
    });
    expect(issues.map(i => i.ruleId)).toEqual(expect.arrayContaining(['HPA126', 'HPA102']));
  });

  const negatives: NegativeCase[] = [
    {
      title: 'server-set metadata fields',
      mutate: m => { Object.assign(m.metadata, { uid: 'u', resourceVersion: '1', generation: 1, creationTimestamp: null, managedFields: [], finalizers: ['example.com/x'] }); },
      ruleId: 'HPA126',
    },
    { title: 'a selector with matchLabels and matchExpressions', mutate: setMetrics(externalMetric({ type: 'Value', value: '1' })), ruleId: 'HPA126' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA127: JSON types and int32 range; null means absent
// ---------------------------------------------------------------------------------------------

describe('HPA127 JSON types', () => {
  const cases: RuleCase[] = [
    {
      title: 'maxReplicas is the string "5"',
      mutate: m => { m.spec.maxReplicas = '5'; },
      ruleId: 'HPA127',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: "5"',
      detail: 'must be an integer',
    },
    {
      title: 'maxReplicas is 5.5',
      mutate: m => { m.spec.maxReplicas = 5.5; },
      ruleId: 'HPA127',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: 5.5',
      detail: 'must be an integer',
    },
    {
      title: 'maxReplicas is 2^31 (int32 overflow)',
      mutate: m => { m.spec.maxReplicas = 2147483648; },
      ruleId: 'HPA127',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: 2147483648',
      detail: 'must fit in a 32-bit integer (-2147483648 to 2147483647)',
    },
    {
      title: 'minReplicas is below -2^31',
      mutate: m => { m.spec.minReplicas = -2147483649; },
      ruleId: 'HPA127',
      path: 'spec.minReplicas',
      prefix: 'Invalid value: -2147483649',
      detail: 'must fit in a 32-bit integer',
    },
    {
      title: 'maxReplicas is NaN',
      mutate: m => { m.spec.maxReplicas = NaN; },
      ruleId: 'HPA127',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: NaN',
      detail: 'must be an integer',
    },
    {
      title: 'maxReplicas is true',
      mutate: m => { m.spec.maxReplicas = true; },
      ruleId: 'HPA127',
      path: 'spec.maxReplicas',
      prefix: 'Invalid value: true',
      detail: 'must be an integer',
    },
    {
      title: 'periodSeconds is 1.5',
      mutate: setBehavior({ scaleUp: { policies: [{ type: 'Pods', value: 1, periodSeconds: 1.5 }] } }),
      ruleId: 'HPA127',
      path: 'spec.behavior.scaleUp.policies[0].periodSeconds',
      prefix: 'Invalid value: 1.5',
      detail: 'must be an integer',
    },
    {
      title: 'averageUtilization is the string "70"',
      mutate: m => { m.spec.metrics[0].resource.target.averageUtilization = '70'; },
      ruleId: 'HPA127',
      path: 'spec.metrics[0].resource.target.averageUtilization',
      prefix: 'Invalid value: "70"',
      detail: 'must be an integer',
    },
    {
      title: 'metrics is an object',
      mutate: m => { m.spec.metrics = { cpu: 70 }; },
      ruleId: 'HPA127',
      path: 'spec.metrics',
      prefix: 'Invalid value: {"cpu":70}',
      detail: 'must be a list',
    },
    {
      title: 'a metric is a string',
      mutate: setMetrics('cpu'),
      ruleId: 'HPA127',
      path: 'spec.metrics[0]',
      prefix: 'Invalid value: "cpu"',
      detail: 'must be an object',
    },
    {
      title: 'a label value is a number',
      mutate: m => { m.metadata.labels = { version: 2 }; },
      ruleId: 'HPA127',
      path: 'metadata.labels[version]',
      prefix: 'Invalid value: 2',
      detail: 'must be a string',
    },
    {
      title: 'scaleTargetRef.kind is a number',
      mutate: m => { m.spec.scaleTargetRef.kind = 5; },
      ruleId: 'HPA127',
      path: 'spec.scaleTargetRef.kind',
      prefix: 'Invalid value: 5',
      detail: 'must be a string',
    },
    {
      title: 'an averageValue is a boolean',
      mutate: setMetrics(podsMetric({ type: 'AverageValue', averageValue: true })),
      ruleId: 'HPA127',
      path: 'spec.metrics[0].pods.target.averageValue',
      prefix: 'Invalid value: true',
      detail: 'must be a quantity',
    },
    {
      title: 'an averageValue is NaN',
      mutate: setMetrics(podsMetric({ type: 'AverageValue', averageValue: NaN })),
      ruleId: 'HPA127',
      path: 'spec.metrics[0].pods.target.averageValue',
      prefix: 'Invalid value: NaN',
      detail: 'must be a quantity',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  test('an ill-typed value is reported once and not checked further', () => {
    expect(validate(m => { m.spec.maxReplicas = '5'; })).toEqual([{
      ruleId: 'HPA127',
      severity: Severity.ERROR,
      path: 'spec.maxReplicas',
      message: 'Invalid value: "5": must be an integer',
      value: '5',
      fix: 'give the field a value of the type it takes',
    }]);
  });

  test.each([
    ['an array', []],
    ['a string', 'HorizontalPodAutoscaler'],
    ['a number', 5],
  ])('fails when the manifest is %s', (_name, manifest) => {
    expect(HpaValidator.validate(manifest)).toEqual([expect.objectContaining({
      ruleId: 'HPA127', severity: Severity.ERROR, path: '<root>', message: messageLike(`Invalid value: ${JSON.stringify(manifest)}`, 'must be an object'),
    })]);
  });

  const negatives: NegativeCase[] = [
    { title: 'maxReplicas 5.0 (an integer in JSON)', mutate: m => { m.spec.maxReplicas = 5.0; }, ruleId: 'HPA127' },
    { title: 'null minReplicas (defaulted to 1)', mutate: m => { m.spec.minReplicas = null; }, ruleId: 'HPA127' },
    { title: 'null metrics (defaulted to CPU)', mutate: m => { m.spec.metrics = null; }, ruleId: 'HPA127' },
    { title: 'null behavior, scaleUp and scaleDown', mutate: setBehavior({ scaleUp: null, scaleDown: null }), ruleId: 'HPA127' },
    { title: 'null behavior', mutate: setBehavior(null), ruleId: 'HPA127' },
    { title: 'null labels and a null label value', mutate: m => { m.metadata.labels = { app: null }; m.metadata.annotations = null; }, ruleId: 'HPA127' },
    { title: 'a null target value next to averageUtilization', mutate: m => { m.spec.metrics[0].resource.target.averageValue = null; }, ruleId: 'HPA127' },
    { title: 'a null tolerance', mutate: setBehavior({ scaleUp: { tolerance: null } }), ruleId: 'HPA127' },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);

  // encoding/json appends a zero MetricSpec / HPAScalingPolicy for a null list element (null into a
  // struct is a no-op), so the server validates an empty entry; null is "absent" only for fields.
  test('fails when a metrics entry is null, as the server validates it as an empty metric', () => {
    expect(validate(setMetrics(null))).toContainEqual(expect.objectContaining({
      ruleId: 'HPA109', path: 'spec.metrics[0].type', message: 'Required value: must specify a metric source type',
    }));
  });

  test('fails when a policies entry is null, as the server validates it as an empty policy', () => {
    expect(validate(setBehavior({ scaleUp: { policies: [null] } }))).toContainEqual(expect.objectContaining({
      ruleId: 'HPA122', path: 'spec.behavior.scaleUp.policies[0].value', message: 'Invalid value: 0: must be greater than zero',
    }));
  });
});
