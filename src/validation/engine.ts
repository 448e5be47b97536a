/**
 * The validation engine: decode as the API server does, default, run every rule group, and
 * return the issues in manifest order. Pure, and the one entry point: the construct,
 * `HpaValidator` and the command line all call `validateManifest`, with what each knows beyond
 * the manifest (the scale target, another HPA on the same target, rule levels) as options.
 */
import { ClusterProfile } from '../cluster-profile';
import { decode } from './decode';
import { child, index, IssueList } from './issue-list';
import { annotationRuleLevels, applyRuleLevels, checkRuleLevels, LevelsByRule } from './rule-levels';
import { defaultedSpec } from '../model/defaults';
import { checkBehavior } from './rules/behavior';
import { checkBehaviorLints } from './rules/behavior-lints';
import { RuleContext } from './rules/context';
import { checkControllerPitfalls } from './rules/controller';
import { checkAgainstWorkload, reportDuplicateTarget } from './rules/cross-object';
import { checkFallbacks } from './rules/fallback';
import { checkLints } from './rules/lints';
import { checkMetadata, checkTypeMeta } from './rules/metadata';
import { checkMetrics } from './rules/metrics';
import { checkScaleTargetRef } from './rules/references';
import { checkReplicas } from './rules/replicas';
import { ValidationIssue } from './validation-issue';
import { isObject } from '../model/values';
import { WorkloadFacts } from '../model/workload-facts';

export { formatIssue } from './format-issue';

export interface EngineOptions {
  readonly profile: ClusterProfile;
  /** The scale target, when the caller knows it (construct tree, command-line input). */
  readonly workload?: WorkloadFacts;
  /**
   * How to name another HPA of the same input that already scales this HPA's target (keyed
   * with `scaleTargetKey`), when there is one: reported as HPA304.
   */
  readonly duplicateOf?: string;
  /**
   * Severity overrides for lint and cross-object rules from the scopes around the object (the
   * construct tree, a run's flags, the config file), already merged; the object's own
   * `cdk8s-hpa.io/rules` annotation overrides them. A bad one is reported as HPA000.
   */
  readonly ruleLevels?: LevelsByRule;
}

/**
 * All issues of one manifest, in manifest order, then the duplicate target and the rule-level
 * problems; with the rule levels applied (the options', then the object's annotation over
 * them). Never throws.
 */
export function validateManifest(manifest: unknown, options: EngineOptions): ValidationIssue[] {
  const out = new IssueList();
  try {
    run(manifest, options, out);
  } catch (e) {
    out.invalid('HPA100', '<root>', undefined, `the validator could not read this manifest (${e instanceof Error ? e.message : String(e)})`);
  }
  const issues = sortInManifestOrder(out.issues, manifest);
  const extra = new IssueList();
  if (options.duplicateOf !== undefined) {
    const ref = (manifest as any)?.spec?.scaleTargetRef ?? {};
    reportDuplicateTarget(extra, `${ref.kind}/${ref.name}`, options.duplicateOf);
  }
  const ruleLevels = options.ruleLevels ?? {};
  checkRuleLevels(ruleLevels, extra);
  const objectLevels = annotationRuleLevels(manifest, extra);
  return applyRuleLevels([...issues, ...extra.issues], { ...ruleLevels, ...objectLevels });
}

function run(manifest: unknown, options: EngineOptions, out: IssueList): void {
  const { profile } = options;
  for (const [field, value, detail] of profile._problems()) {
    out.invalid('HPA154', `cluster.${field}`, value, detail);
  }
  const decoded = decode(manifest, profile, out);
  if (!isObject(decoded)) {
    if (decoded === undefined) out.required('HPA100', '<root>', 'must be an autoscaling/v2 HorizontalPodAutoscaler object');
    return;
  }
  const spec = defaultedSpec(decoded.spec);
  const metrics: Array<{ metric: { [key: string]: any }; path: string }> = [];
  if (Array.isArray(spec.metrics)) {
    for (let i = 0; i < spec.metrics.length; i++) {
      const metric = spec.metrics[i];
      if (isObject(metric)) metrics.push({ metric, path: `spec.metrics[${i}]` });
    }
  }
  const ctx: RuleContext = { profile, out, manifest: decoded, spec, metrics };

  checkTypeMeta(ctx);
  checkMetadata(ctx);
  if (decoded.spec === undefined) out.required('HPA100', 'spec', 'must be set');
  checkScaleTargetRef(ctx);
  checkReplicas(ctx);
  checkMetrics(ctx);
  checkFallbacks(ctx);
  checkBehavior(ctx);
  checkControllerPitfalls(ctx);
  if (options.workload) checkAgainstWorkload(ctx, options.workload);
  checkLints(ctx);
  checkBehaviorLints(ctx);
}

/**
 * Orders issues by where their field stands in the manifest (a missing field sorts with its
 * nearest present parent); issues on one field keep the order the rules found them in.
 */
function sortInManifestOrder(issues: ValidationIssue[], manifest: unknown): ValidationIssue[] {
  if (issues.length < 2) return issues;
  const order = new Map<string, number>([['<root>', -2], ['cluster', -1]]);
  const walk = (value: unknown, path: string, depth: number) => {
    order.set(path, order.size);
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, index(path, i), depth + 1));
    } else {
      for (const [k, v] of Object.entries(value)) walk(v, child(path, k), depth + 1);
    }
  };
  walk(manifest, '', 0);
  const rank = (path: string): number => {
    for (let p = path; ; p = parent(p)) {
      const r = order.get(p) ?? order.get(p.replace(/^cluster\..*/, 'cluster'));
      if (r !== undefined) return r + (p === path ? 0 : 0.5);
      if (p === '') return Number.MAX_SAFE_INTEGER;
    }
  };
  return issues
    .map((issue, i) => ({ issue, i, r: rank(issue.path) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(x => x.issue);
}

function parent(path: string): string {
  const m = /^(.*)(\.[^.[\]]*|\[[^\]]*\])$/.exec(path);
  return m ? m[1] : '';
}
