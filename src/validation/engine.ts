/**
 * The validation engine: decode as the API server does, default, run every rule group, and
 * return the issues in manifest order. Pure, and the one entry point: the construct,
 * `HpaValidator` and the command line all call `validateManifest`, with what each knows beyond
 * the manifest (the scale target, another HPA on the same target, rule levels) as options.
 */
import { annotationCluster } from './cluster-annotation';
import { decode } from './decode';
import { child, ErrorType, index, IssueList } from './issue-list';
import { annotationRuleLevels, applyRuleLevels, checkRuleLevels, LevelsByRule } from './rule-levels';
import { ClusterFacts } from '../model/cluster-facts';
import { defaultedSpec } from '../model/defaults';
import { checkBehavior } from './rules/behavior';
import { checkBehaviorLints } from './rules/behavior-lints';
import { RuleContext } from './rules/context';
import { checkControllerPitfalls } from './rules/controller';
import { checkAgainstWorkload, reportDuplicateTarget, reportMissingTarget } from './rules/cross-object';
import { checkDefaultRelease } from './rules/default-release';
import { checkFallbacks, fallbacks } from './rules/fallback';
import { checkLints } from './rules/lints';
import { checkMetadata, checkTypeMeta } from './rules/metadata';
import { convertToV2 } from '../model/api-versions';
import { checkMetrics } from './rules/metrics';
import { checkScaleTargetRef } from './rules/references';
import { checkReplicas } from './rules/replicas';
import { ValidationIssue } from './validation-issue';
import { SCALED_OBJECT_FIELDS, scaledObjectOwner } from '../model/keda';
import { MissingTarget, OtherHpa } from '../model/related-objects';
import { isObject, isString } from '../model/values';
import { WorkloadFacts } from '../model/workload-facts';

export { formatIssue } from './format-issue';

export interface EngineOptions {
  /** The cluster of the object's scope; the object's own `cdk8s-hpa.io/cluster` annotation overrides it. */
  readonly cluster: ClusterFacts;
  /** The scale target, when the caller knows it (construct tree, command-line input). */
  readonly workload?: WorkloadFacts;
  /** Another autoscaler of the same input that already scales this HPA's target: reported as HPA304. */
  readonly otherHpa?: OtherHpa;
  /** The scale target, when the input should hold it and does not: reported as HPA306. */
  readonly missingTarget?: MissingTarget;
  /**
   * Severity overrides for lint and cross-object rules from the scopes around the object (the
   * construct tree, a run's flags, the config file), already merged; the object's own
   * `cdk8s-hpa.io/rules` annotation overrides them. A bad one is reported as HPA000.
   */
  readonly ruleLevels?: LevelsByRule;
  /**
   * The construct was given no `target` (an untyped caller): one issue names the prop, instead of
   * one per `scaleTargetRef` field.
   */
  readonly targetPropMissing?: boolean;
  /**
   * The caller reports the findings of the scope's profile itself (`profileIssues`), once for
   * its whole run (on the flag or config key that declared it), not on each HPA; those of an
   * object's own `cdk8s-hpa.io/cluster` annotation are still reported on the object.
   */
  readonly scopeProfileReported?: boolean;
}

/**
 * All issues of one manifest, in manifest order, then the duplicate target and the problems of
 * its annotations; judged for the cluster its `cdk8s-hpa.io/cluster` annotation names, else the
 * options' cluster, with the rule levels applied (the options', then the object's annotation over
 * them). Never throws.
 */
export function validateManifest(manifest: unknown, options: EngineOptions): ValidationIssue[] {
  const clusterProblems = new IssueList();
  const annotated = annotationCluster(manifest, clusterProblems);
  const out = new IssueList();
  try {
    const reportProfile = annotated !== undefined || !options.scopeProfileReported;
    run(manifest, annotated ? { ...options, cluster: annotated } : options, out, reportProfile, annotated === undefined);
  } catch (e) {
    out.invalid('HPA100', '<root>', undefined, `the validator could not read this manifest (${e instanceof Error ? e.message : String(e)})`);
  }
  let issues = sortInManifestOrder(out.issues, manifest);
  // After the manifest's issues: the duplicate target, and the problems of its annotations.
  const extra = new IssueList();
  if (options.targetPropMissing) {
    issues = issues.filter(issue => !issue.path.startsWith('spec.scaleTargetRef'));
    extra.required('HPA106', 'spec.scaleTargetRef', 'the target prop is not set',
      'set target to the workload to scale: a cdk8s-plus Deployment or StatefulSet, or ScaleTarget.fromReference({ apiVersion, kind, name })');
  }
  const scaledObject = scaledObjectOwner(manifest);
  if (options.otherHpa !== undefined) {
    const ref = (manifest as any)?.spec?.scaleTargetRef ?? {};
    const name = (manifest as any)?.metadata?.name;
    const thisHpa = { ref: strings(ref), name: isString(name) ? name : undefined, scaledObject };
    reportDuplicateTarget(extra, thisHpa, options.otherHpa, annotated ?? options.cluster);
  }
  const ruleLevels = options.ruleLevels ?? {};
  if (options.ruleLevels) checkRuleLevels(options.ruleLevels, extra);
  const objectLevels = annotationRuleLevels(manifest, extra);
  extra.issues.push(...clusterProblems.issues);
  let all = extra.issues.length > 0 ? [...issues, ...extra.issues] : issues;
  if (scaledObject !== undefined) all = all.map(issue => inScaledObject(issue, scaledObject));
  return all.length > 0 ? applyRuleLevels(all, { ...ruleLevels, ...objectLevels }) : all;
}

/** The string fields of a reference. */
function strings(ref: unknown): { [key: string]: string } {
  return isObject(ref) ? Object.fromEntries(Object.entries(ref).filter(([, v]) => isString(v))) : {};
}

/** The ScaledObject's fields of an issue's path: those KEDA writes into the HPA, its target and metadata. */
const IN_SCALED_OBJECT: ReadonlyArray<readonly [RegExp, string]> = [
  ...SCALED_OBJECT_FIELDS,
  [/^spec\.scaleTargetRef\b/, 'spec.scaleTargetRef'],
  [/^metadata\b/, 'metadata'],
];

/** The rules whose fix is made in the target (HPA301-HPA303), or names the ScaledObject already (HPA304). */
const NOT_IN_SCALED_OBJECT = /^HPA30[1-4]$/;

/**
 * An issue of an HPA that KEDA made from a ScaledObject, whose fix is made in the ScaledObject:
 * KEDA puts back any change to its HPA.
 */
function inScaledObject(issue: ValidationIssue, scaledObject: string): ValidationIssue {
  if (issue.fix === undefined || NOT_IN_SCALED_OBJECT.test(issue.ruleId)) return issue;
  const field = IN_SCALED_OBJECT.find(([path]) => path.test(issue.path));
  if (field === undefined) return issue;
  return { ...issue, fix: `${issue.fix} (KEDA makes this HPA from ScaledObject "${scaledObject}" and puts back any change to it: make the change in the ScaledObject's ${field[1]})` };
}

/**
 * `reportProfile`: report the findings of the profile (not where the caller reports them once);
 * `checkProfile`: its problems too (the annotation's are reported on it).
 */
function run(manifest: unknown, options: EngineOptions, out: IssueList, reportProfile: boolean, checkProfile: boolean): void {
  const { cluster } = options;
  if (reportProfile) reportProfileFindings(cluster, out, checkProfile);
  if (unreadable(manifest, out)) return;
  const decoded = decode(manifest, cluster, out);
  if (!isObject(decoded)) {
    if (decoded === undefined) out.required('HPA100', '<root>', 'must be a HorizontalPodAutoscaler object');
    return;
  }
  checkTypeMeta(decoded, cluster, out);
  // The rules run on the object as the API server converts it (autoscaling/v1 and v2beta1 to the
  // v2 shape), and report at the fields the user wrote.
  const converted = convertToV2(decoded.apiVersion, decoded);
  const start = out.issues.length;
  checkConverted(converted.object, options, out);
  if (converted.object !== decoded) out.mapPaths(start, converted.userPath);
}

/**
 * What a profile itself is found to be, at `cluster.<field>`: HPA154 (an unknown version or gate)
 * and HPA156 (a release newer than the table); for a caller that reports them once for a run.
 */
export function profileIssues(cluster: ClusterFacts): ValidationIssue[] {
  const out = new IssueList();
  reportProfileFindings(cluster, out, true);
  return out.issues;
}

function reportProfileFindings(cluster: ClusterFacts, out: IssueList, problems: boolean): void {
  if (problems) {
    for (const [field, value, detail] of cluster.problems) {
      out.invalid('HPA154', `cluster.${field}`, value, detail);
    }
  }
  if (cluster.newerThanKnown) reportNewerRelease(cluster, out);
}

/** HPA156: a release newer than the table, judged as the newest one it holds. */
function reportNewerRelease(cluster: ClusterFacts, out: IssueList): void {
  const judgedAs = `1.${cluster.release.minor}`;
  out.add('HPA156', 'cluster.version', ErrorType.WARNING, cluster.version,
    `Kubernetes ${cluster.version} is judged as ${judgedAs}, the newest release this cdk8s-hpa knows: ${judgedAs}'s served API versions, `
    + 'feature gate defaults and controller behaviour, with the feature gates the profile declares taken as given; a newer cdk8s-hpa may know more',
    `upgrade cdk8s-hpa to a version that knows Kubernetes ${cluster.version}; until then, turn HPA156 off (ruleLevels, or --disable HPA156) to accept the judgement as ${judgedAs}`);
}

function checkConverted(manifest: { [key: string]: any }, options: EngineOptions, out: IssueList): void {
  const { cluster } = options;
  const spec = defaultedSpec(manifest.spec);
  const metrics: Array<{ metric: { [key: string]: any }; path: string }> = [];
  if (Array.isArray(spec.metrics)) {
    for (let i = 0; i < spec.metrics.length; i++) {
      const metric = spec.metrics[i];
      if (isObject(metric)) metrics.push({ metric, path: metricPath(i) });
    }
  }
  const ctx: RuleContext = { cluster, out, manifest, spec, metrics, fallbacks: fallbacks(metrics) };

  checkMetadata(ctx);
  if (manifest.spec === undefined) out.required('HPA100', 'spec', 'must be set');
  checkScaleTargetRef(ctx);
  checkReplicas(ctx);
  checkMetrics(ctx);
  checkFallbacks(ctx);
  checkBehavior(ctx);
  checkControllerPitfalls(ctx);
  if (options.workload) checkAgainstWorkload(ctx, options.workload);
  if (options.missingTarget) reportMissingTarget(ctx, options.missingTarget);
  checkDefaultRelease(ctx);
  checkLints(ctx);
  checkBehaviorLints(ctx);
}

/** `spec.metrics[i]` for the first few indexes, built once: every manifest has metrics there. */
const METRIC_PATHS = Array.from({ length: 16 }, (_, i) => index('spec.metrics', i));

function metricPath(i: number): string {
  return i < METRIC_PATHS.length ? METRIC_PATHS[i] : index('spec.metrics', i);
}

const MANIFEST_FIX = 'give the HorizontalPodAutoscaler\'s fields as a map with string keys (in Go a map[string]interface{}, as gopkg.in/yaml.v3 decodes, or a pointer to a struct with json tags), or its YAML text to HpaValidator.validateYaml';
/** What the Go jsii runtime sends for a map key that is not a string. */
const GO_INTERFACE_KEY = '<interface {} Value>';

/**
 * One issue instead of every required field when the manifest did not arrive as a map of fields:
 * nothing at all, or the keys of a Go map[interface{}]interface{} (yaml.v2's), which the jsii
 * runtime passes as "<interface {} Value>".
 */
function unreadable(manifest: unknown, out: IssueList): boolean {
  if (isObject(manifest) && !hasOwnField(manifest)) {
    out.required('HPA100', '<root>', 'the manifest has no fields', MANIFEST_FIX);
    return true;
  }
  // A cheap walk first: the path is built only for the rare manifest that has such keys.
  if (!hasGoInterfaceKey(manifest, 0)) return false;
  const goKeys = goInterfaceKeyPath(manifest, '', 0);
  if (goKeys === undefined) return false;
  out.invalid('HPA100', goKeys || '<root>', GO_INTERFACE_KEY,
    'the keys of this map are not strings (a Go map[interface{}]interface{}, as gopkg.in/yaml.v2 decodes)', MANIFEST_FIX);
  return true;
}

/** Whether `map` has a field of its own (an own enumerable key), without listing them. */
function hasOwnField(map: object): boolean {
  for (const k in map) {
    if (Object.prototype.hasOwnProperty.call(map, k)) return true;
  }
  return false;
}

/**
 * Whether the root map or a map right below it has such keys: gopkg.in/yaml.v2 decodes every map
 * of a document as map[interface{}]interface{}, so looking further down would find nothing new.
 */
function hasGoInterfaceKey(value: unknown, depth: number): boolean {
  if (depth > 1 || typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const k in value) {
    if (k === GO_INTERFACE_KEY) return true;
    const v = (value as { [key: string]: unknown })[k];
    if (typeof v === 'object' && hasGoInterfaceKey(v, depth + 1)) return true;
  }
  return false;
}

/** The field path of the first map whose keys came from a Go map[interface{}]interface{}. */
function goInterfaceKeyPath(value: unknown, path: string, depth: number): string | undefined {
  if (depth > 50 || typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = goInterfaceKeyPath(value[i], index(path, i), depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const k of Object.keys(value)) {
    if (k === GO_INTERFACE_KEY) return path;
    const found = goInterfaceKeyPath((value as { [key: string]: unknown })[k], child(path, k), depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
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
