/**
 * Helpers shared by the rule table tests (rules-apiserver, rules-gates, rules-controller and
 * rules-lints): a small valid manifest that every case mutates a fresh copy of, metric builders,
 * the validate functions and the checks a failing case (`RuleCase`) and a close variant that must
 * not raise the rule (`NegativeCase`) go through.
 */
import { ClusterProfile, ClusterProfileOptions, HpaValidator, RuleLevel, Severity, ValidationIssue } from '../../src';
import { WorkloadFacts } from '../../src/model/workload-facts';
import { validateManifest } from '../../src/validation/engine';

/** Changes a manifest in place. */
export type Mutation = (m: any) => void;

// ---------------------------------------------------------------------------------------------
// Manifests and metrics
// ---------------------------------------------------------------------------------------------

/** A small valid manifest; every case mutates a fresh copy. `name` names both the HPA and its target. */
export function baseManifest(name = 'web'): any {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name, namespace: 'default' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [cpuUtilization(70)],
    },
  };
}

export function cpuUtilization(averageUtilization: number): any {
  return { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } } };
}

export function podsMetric(target: any, name = 'requests_per_second'): any {
  return { type: 'Pods', pods: { metric: { name }, target } };
}

export function externalMetric(target: any, name = 'queue_depth'): any {
  return { type: 'External', external: { metric: { name }, target } };
}

export function objectMetric(describedObject: any, target: any = { type: 'Value', value: '10' }): any {
  return { type: 'Object', object: { describedObject, metric: { name: 'hits' }, target } };
}

/** A ContainerResource metric on cpu of container `app` at 60%; `fields` replace any of its fields. */
export function containerResourceMetric(fields: any = {}): any {
  return {
    type: 'ContainerResource',
    containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization', averageUtilization: 60 }, ...fields },
  };
}

/** An External AverageValue metric `queue_depth`, with `fallback` unless it is undefined. */
export function queueMetric(fallback?: any): any {
  const external: any = { metric: { name: 'queue_depth' }, target: { type: 'AverageValue', averageValue: '30' } };
  if (fallback !== undefined) external.fallback = fallback;
  return { type: 'External', external };
}

export function setMetrics(...metrics: any[]): Mutation {
  return m => {
    m.spec.metrics = metrics;
  };
}

export function setBehavior(behavior: any): Mutation {
  return m => {
    m.spec.behavior = behavior;
  };
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

/** What a case is validated against besides the manifest. */
export interface CaseContext {
  readonly cluster?: ClusterProfileOptions;
  /** The scale target's facts, for the cross-object rules; only `validateWithWorkload` reads them. */
  readonly workload?: WorkloadFacts;
  /** Rule levels (to turn on a lint that is off by default); only `validateWithWorkload` reads them. */
  readonly ruleLevels?: { readonly [ruleId: string]: RuleLevel };
}

/** Validates a mutated copy of a base manifest and returns the issues. */
export type CaseValidator = (mutate: Mutation, context: CaseContext) => ValidationIssue[];

/** A validate function that runs the public `HpaValidator` on a mutated copy of `base()`. */
/**
 * The cluster the tables judge with when a case names none: the default release, declared, so
 * that HPA157 (a gated field judged on a default nobody declared) stays out of every other rule's
 * table; its own tests leave the version undeclared.
 */
export const DECLARED_DEFAULT: ClusterProfileOptions = { version: ClusterProfile.defaultProfile().version };

export function validatorFor(base: () => any = baseManifest): (mutate: Mutation, cluster?: ClusterProfileOptions) => ValidationIssue[] {
  return (mutate, cluster) => {
    const manifest = base();
    mutate(manifest);
    return HpaValidator.validate(manifest, { cluster: ClusterProfile.of({ ...DECLARED_DEFAULT, ...cluster }) });
  };
}

/** Runs the public `HpaValidator` on a mutated copy of `baseManifest()`. */
export const validate = validatorFor();

/**
 * Runs the internal `validateManifest` on a mutated copy of `baseManifest()`, with the scale
 * target's facts when given.
 */
export function validateWithWorkload(mutate: Mutation, context: CaseContext = {}): ValidationIssue[] {
  const manifest = baseManifest();
  mutate(manifest);
  const { workload, ruleLevels } = context;
  return validateManifest(manifest, { cluster: ClusterProfile.of({ ...DECLARED_DEFAULT, ...context.cluster })._facts(), workload, ruleLevels });
}

export function ruleIdsOf(issues: ValidationIssue[]): string[] {
  return [...new Set(issues.map(i => i.ruleId))].sort();
}

export function issuesOf(issues: ValidationIssue[], ruleId: string): ValidationIssue[] {
  return issues.filter(i => i.ruleId === ruleId);
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The message as Kubernetes prints it: `prefix` is the error type with its value, if any
 * (`Invalid value: 0`, `Required value`, `Unsupported value: "x"`, `Forbidden`, `Unknown field`);
 * `detail` a distinctive part of the detail. Without a detail the message is exactly the prefix.
 */
export function messageLike(prefix: string, detail?: string): unknown {
  return detail ? expect.stringMatching(new RegExp(`^${escapeRegExp(prefix)}: .*${escapeRegExp(detail)}`)) : prefix;
}

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

export interface RuleCase extends CaseContext {
  /** Reads after "fails when". */
  readonly title: string;
  readonly mutate: Mutation;
  readonly ruleId: string;
  /** The issue's severity (default: `defaultSeverity` of `caseCheckers`, normally `Severity.ERROR`). */
  readonly severity?: Severity;
  readonly path: string;
  readonly prefix: string;
  readonly detail?: string;
  /** A distinctive part of the fix, where the case is about it. */
  readonly fix?: string;
  /** Other rule ids the same input raises (all issues' rule ids are checked). */
  readonly alsoRaises?: string[];
}

export interface NegativeCase extends CaseContext {
  /** Reads after "accepts". */
  readonly title: string;
  readonly mutate: Mutation;
  /** The rule that must not be raised. */
  readonly ruleId: string;
  /** Rule ids the input does raise (default: none at all). */
  readonly raises?: string[];
}

export interface CaseCheckers {
  /** The input raises the case's issue, and exactly the rule ids it names. */
  readonly expectRuleCase: (c: RuleCase) => void;
  /** The input does not raise the rule, and raises exactly the rule ids the case names. */
  readonly expectNegativeCase: (c: NegativeCase) => void;
}

/** The case checks, validating with `validateCase` and expecting `defaultSeverity` where a case names none. */
export function caseCheckers(validateCase: CaseValidator, defaultSeverity: Severity = Severity.ERROR): CaseCheckers {
  return {
    expectRuleCase: (c: RuleCase): void => {
      const issues = validateCase(c.mutate, c);
      expect(issues).toContainEqual(expect.objectContaining({
        ruleId: c.ruleId,
        severity: c.severity ?? defaultSeverity,
        path: c.path,
        message: messageLike(c.prefix, c.detail),
        ...(c.fix ? { fix: expect.stringContaining(c.fix) } : {}),
      }));
      expect(ruleIdsOf(issues)).toEqual([...new Set([c.ruleId, ...(c.alsoRaises ?? [])])].sort());
    },
    expectNegativeCase: (c: NegativeCase): void => {
      const issues = validateCase(c.mutate, c);
      expect(issuesOf(issues, c.ruleId)).toEqual([]);
      expect(ruleIdsOf(issues)).toEqual([...(c.raises ?? [])].sort());
    },
  };
}

/** The case checks through the public `HpaValidator` on `baseManifest()`, expecting errors. */
export const { expectRuleCase, expectNegativeCase } = caseCheckers((mutate, c) => validate(mutate, c.cluster));
