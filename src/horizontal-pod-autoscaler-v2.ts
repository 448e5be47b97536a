import { ApiObject, ApiObjectMetadata, ApiObjectProps, App, ImplicitTokenResolver, JsonPatch, Lazy, LazyResolver, NumberStringUnionResolver } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct, IConstruct } from 'constructs';
import { Behavior } from './behavior';
import { ClusterProfile } from './cluster-profile';
import type * as CheckHpa from './manifests/check-hpa';
import { Metric } from './metric';
import { isScaledObject } from './model/keda';
import { IndexedObject, RelatedFacts, RelatedObjects } from './model/related-objects';
import { isScalableKind } from './model/scalable-kinds';
import { WorkloadFacts, workloadFactsFromManifest } from './model/workload-facts';
import { CLUSTER_ANNOTATION, HPA_API_VERSION, HPA_KIND, RULES_ANNOTATION } from './private/constants';
import { onFirstUse } from './private/memoize';
import { NOT_PLAIN, plainJson, plainJsonEquals, sameJson } from './private/plain';
import { HorizontalPodAutoscalerV2Spec } from './private/spec-types';
import { toKube, toKubeWith } from './private/to-kube';
import { RuleLevel } from './rule-level';
import { RuleLevels } from './rule-levels';
import { ScaleTarget } from './scale-target';
import { formatClusterAnnotation } from './validation/cluster-annotation';
import { formatIssue } from './validation/format-issue';
import { formatRuleLevelList } from './validation/rule-levels';
import { Severity, ValidationIssue } from './validation/validation-issue';

/* eslint-disable-next-line @typescript-eslint/no-require-imports */
const checks = onFirstUse(() => require('./manifests/check-hpa') as typeof CheckHpa);

/** Properties of `HorizontalPodAutoscalerV2`. */
export interface HorizontalPodAutoscalerV2Props {
  /**
   * Metadata of the HorizontalPodAutoscaler object.
   * @default - a name generated from the construct path
   */
  readonly metadata?: ApiObjectMetadata;

  /**
   * The workload to scale: a cdk8s-plus `Deployment` or `StatefulSet`, or
   * `ScaleTarget.fromReference()` for anything with a scale subresource.
   */
  readonly target: kplus.IScalable;

  /**
   * The fewest replicas. 0 scales to zero when idle (KEP-2021): it needs an Object or External
   * metric and the `HPAScaleToZero` feature gate.
   *
   * @default 1 (the API server's default)
   */
  readonly minReplicas?: number;

  /** The most replicas; at least `minReplicas`. */
  readonly maxReplicas: number;

  /**
   * The metrics; the highest replica count any of them proposes wins. More can be added with
   * `addMetric()`.
   *
   * @default - the API server's default: CPU at 80% average utilization
   */
  readonly metrics?: Metric[];

  /**
   * Scaling behavior per direction.
   *
   * @default - none rendered: the API server's defaults apply (scale up by 4 pods or 100%
   * per 15 s, scale down by 100% per 15 s after a 300 s stabilization window)
   */
  readonly behavior?: Behavior;

  /**
   * The cluster the manifest is for; decides which fields and values are accepted. This profile,
   * or one set on a scope above or by the config file, is written into the
   * `cdk8s-hpa.io/cluster` annotation, so `cdk8s-hpa validate` and the cdk8s synth plugin judge
   * the synthesized manifest for the same cluster.
   *
   * @default - the profile set with `ClusterProfile.applyTo()` on a scope above, else the one
   * `HpaConfig.applyTo()` read from the config file, else the newest Kubernetes release the
   * library knows with its default gates (not written into the manifest)
   */
  readonly cluster?: ClusterProfile;

  /**
   * Severity overrides for lint (HPA4xx) and cross-object (HPA3xx) rules on this HPA, e.g.
   * `{ HPA404: RuleLevel.OFF, HPA402: RuleLevel.ERROR }`. They win over every other scope
   * (`RuleLevels.applyTo()`, the config file) and are rendered, with the levels of the
   * construct tree, into the `cdk8s-hpa.io/rules` annotation, so `cdk8s-hpa validate` and the
   * cdk8s synth plugin apply them to the synthesized manifest too.
   *
   * @default - the levels of the construct tree (`RuleLevels.applyTo()`) and of the config file
   * (`HpaConfig.applyTo()`), else each rule's own severity
   */
  readonly ruleLevels?: { [ruleId: string]: RuleLevel };
}

/** What one check of the HPA reads: the manifest, its settings, what the tree's index knows of it. */
interface CheckInputs {
  readonly manifest: any;
  readonly settings: CheckHpa.HpaSettings;
  readonly objects: RelatedObjects<TreeObject>;
  readonly entry: TreeObject;
  /** What the index knows of it, to compare checks. */
  readonly related: RelatedFacts;
}

/**
 * An object of the construct tree in the index: its construct's path is where it is (read only
 * when a report names it), its chart what it is applied with.
 */
class TreeObject implements IndexedObject {
  constructor(
    public readonly manifest: { readonly [key: string]: any },
    private readonly construct: IConstruct,
    public readonly unit: string | undefined,
    /** A workload's facts, read from the workload (a cdk8s-plus one is not rendered yet). */
    public readonly facts?: () => WorkloadFacts,
  ) {}

  public where(): string {
    return this.construct.node.path;
  }
}

/** One walk of a tree: its HPAs indexed, and which of this library's HPAs have read it. */
interface TreeWalk {
  readonly objects: RelatedObjects<TreeObject>;
  readonly entries: Map<HorizontalPodAutoscalerV2, TreeObject>;
  readonly read: Set<HorizontalPodAutoscalerV2>;
}

const walksByRoot = new WeakMap<IConstruct, TreeWalk>();

/** The rules that read what the target's pod template holds, or its replicas. */
const TARGET_RULES = ['HPA301', 'HPA302', 'HPA303'];

/**
 * The HorizontalPodAutoscalers of an app indexed with the targets of this library's HPAs: ours
 * by what they are matched on, the others (cdk8s-plus's, L1s, `Include`d manifests) as they
 * render; the workloads of the app (any API object of a scalable kind: cdk8s-plus's, L1s,
 * `Include`d ones) by kind, name and namespace, their facts read when an HPA targets them; and
 * KEDA ScaledObjects as they render. One walk serves the HPAs of one validation pass: cdk8s
 * validates each construct once per pass (a synth makes one pass over the app, then one more per
 * chart), and the tree may change between passes. So `hpa` walks again when it has read the
 * last walk already, or the walk did not see it.
 */
function treeWalk(root: IConstruct, hpa: HorizontalPodAutoscalerV2): TreeWalk {
  let walk = walksByRoot.get(root);
  if (!walk || !walk.entries.has(hpa) || walk.read.has(hpa)) {
    walk = { objects: new RelatedObjects(), entries: new Map(), read: new Set() };
    // An object's unit is its chart's path: computed once per chart.
    const units = new Map<IConstruct, string>();
    const unitOf = (c: ApiObject): string => {
      let unit = units.get(c.chart);
      if (unit === undefined) units.set(c.chart, unit = c.chart.node.path);
      return unit;
    };
    for (const c of root.node.findAll()) {
      if (c instanceof HorizontalPodAutoscalerV2) {
        const [entry, target] = c._treeObjects(unitOf);
        walk.objects.add(entry, target);
        walk.entries.set(c, entry);
      } else if (ApiObject.isApiObject(c) && !(c.node.scope instanceof HorizontalPodAutoscalerV2)) {
        const object = treeObjectOf(c, unitOf);
        if (object !== undefined) walk.objects.add(object);
      }
    }
    walksByRoot.set(root, walk);
  }
  walk.read.add(hpa);
  return walk;
}

/**
 * An API object of the tree as the index holds it: an HPA or a ScaledObject rendered, a workload
 * by kind, name and namespace (rendered only when an HPA targets it); others are not held.
 */
function treeObjectOf(c: ApiObject, unitOf: (c: ApiObject) => string): TreeObject | undefined {
  const rendered = c.kind === HPA_KIND || isScaledObject(c);
  if (!rendered && !isScalableKind(c.kind)) return undefined;
  const unit = unitOf(c);
  if (rendered) return new TreeObject(c.toJson(), c, unit);
  const manifest = { apiVersion: c.apiVersion, kind: c.kind, metadata: { name: c.name, namespace: c.metadata.namespace } };
  return new TreeObject(manifest, c, unit, () => {
    try {
      return workloadFactsFromManifest(c.toJson());
    } catch {
      // A workload that does not render yet (cdk8s-plus refuses one without containers) is
      // reported by its own validation at synth; its containers are not known here.
      return workloadFactsFromManifest(manifest);
    }
  });
}

/**
 * An `autoscaling/v2` HorizontalPodAutoscaler with every HPA v2 feature, validated at synth.
 *
 * All five metric sources, behavior policies and stabilization windows, `selectPolicy`
 * including `Disabled`, `tolerance`, scale to zero and external-metric fallback. At `cdk8s
 * synth` every problem is reported at once, with its field path, the bad value and the fix:
 * what kube-apiserver would refuse for the `ClusterProfile`'s version and gates, what the HPA
 * controller would fail on at run time, and what only the construct tree shows (a container
 * without the request a Utilization metric needs, a container that does not exist, a target
 * with fixed replicas, two HPAs on one target). Lints are printed as warnings.
 *
 * @see https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/
 * @example
 * declare const chart: Chart;
 * declare const deployment: kplus.Deployment;
 * new HorizontalPodAutoscalerV2(chart, 'Web', {
 *   target: deployment,
 *   minReplicas: 2,
 *   maxReplicas: 10,
 *   metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(70))],
 * });
 */
export class HorizontalPodAutoscalerV2 extends kplus.Resource {
  /** @see base.Resource.apiObject */
  protected readonly apiObject: ApiObject;
  /** The resource type, for RBAC. */
  public readonly resourceType = 'horizontalpodautoscalers';
  /** The workload it scales. */
  public readonly target: ScaleTarget;
  /** `minReplicas` as given. */
  public readonly minReplicas?: number;
  /** `maxReplicas` as given. */
  public readonly maxReplicas: number;
  /** The behavior as given. */
  public readonly behavior?: Behavior;

  private readonly _metrics: Metric[];
  private readonly clusterOverride?: ClusterProfile;
  private readonly ruleLevels: { [ruleId: string]: RuleLevel };
  /** The warnings printed, made on the first. */
  private printedWarnings?: Set<string>;
  /** The root of the construct tree, which a construct never leaves. */
  private readonly constructRoot: IConstruct;
  /** The `cdk8s-hpa.io/rules` annotation, rendered at synth. */
  private readonly rulesLazy: Lazy;
  /** The last check made for synth: what it read and the errors it found. */
  private lastCheck?: { readonly inputs: CheckInputs; readonly errors: string[] };
  /** The `target` prop was not given (possible from untyped callers): one issue that says so. */
  private readonly targetMissing: boolean;
  private readonly hpaApiObject: HpaApiObject;
  /** While a check confirms its issues on the rendered target (see `check`). */
  private readRenderedTarget = false;

  public constructor(scope: Construct, id: string, props: HorizontalPodAutoscalerV2Props) {
    super(scope, id);
    this.constructRoot = this.node.root;
    // Props missing as a whole (an untyped caller) are reported at synth like any missing field.
    props = props ?? ({} as HorizontalPodAutoscalerV2Props);
    this.targetMissing = props.target == null;
    this.target = ScaleTarget.fromScalable(props.target);
    this.target.markHasAutoscaler();
    this.minReplicas = props.minReplicas;
    this.maxReplicas = props.maxReplicas;
    this.behavior = props.behavior;
    this._metrics = [...(props.metrics ?? [])];
    this.clusterOverride = props.cluster;
    this.ruleLevels = { ...(props.ruleLevels ?? {}) };

    this.hpaApiObject = new HpaApiObject(this, 'Resource', {
      apiVersion: HPA_API_VERSION,
      kind: HPA_KIND,
      metadata: props.metadata,
      spec: Lazy.any({ produce: () => this._toKube() }),
    }, () => this._toKube());
    this.apiObject = this.hpaApiObject;

    const annotated = props.metadata?.annotations?.[RULES_ANNOTATION];
    this.rulesLazy = Lazy.any({ produce: () => this.rulesAnnotation(annotated) });
    this.apiObject.metadata.addAnnotation(RULES_ANNOTATION, this.rulesLazy as unknown as string);
    const clusterAnnotated = props.metadata?.annotations?.[CLUSTER_ANNOTATION];
    const clusterLazy = Lazy.any({ produce: () => this.clusterAnnotation(clusterAnnotated) });
    this.apiObject.metadata.addAnnotation(CLUSTER_ANNOTATION, clusterLazy as unknown as string);

    this.node.addValidation({ validate: () => this.synthErrors() });
  }

  /** The metrics, including those added with `addMetric()`. */
  public get metrics(): Metric[] {
    return [...this._metrics];
  }

  /** The cluster profile that applies to this HPA. */
  public get cluster(): ClusterProfile {
    return this.clusterOverride ?? ClusterProfile.lookup(this);
  }

  /** Adds a metric after construction. */
  public addMetric(metric: Metric): void {
    this._metrics.push(metric);
  }

  /**
   * Every issue of this HPA, as `cdk8s synth` reports them: the rendered manifest checked by
   * `HpaValidator` plus the checks against its target, with `ruleLevels` applied.
   */
  public validateHpa(): ValidationIssue[] {
    return this.check(this.checkInputs());
  }

  /** @internal */
  public _toKube(): HorizontalPodAutoscalerV2Spec {
    const format = this.cluster.fallbackFormat;
    return {
      scaleTargetRef: this.target._toKube(),
      minReplicas: this.minReplicas,
      maxReplicas: this.maxReplicas,
      metrics: this._metrics.length > 0 ? this._metrics.map(m => toKubeWith(m, format)) : undefined,
      behavior: toKube(this.behavior),
    };
  }

  /**
   * The manifest as synth writes it, for the validator and the simulator. The spec is the
   * library's own plain data, so it is copied rather than resolved (synth resolves it once more
   * anyway); a token in it, or a JSON patch on the L1, takes cdk8s's rendering.
   * @internal
   */
  public _manifest(): any {
    return this.manifestWith(plainJson(this._toKube()));
  }

  /**
   * This HPA in the index of its tree, by what it is matched on (its rendered manifest is not
   * needed to find other HPAs on its target), and its target when it is a workload of the tree;
   * `unitOf` gives an API object's chart path.
   * @internal
   */
  public _treeObjects(unitOf: (o: ApiObject) => string): [TreeObject, TreeObject | undefined] {
    const unit = unitOf(this.apiObject);
    const namespace = this.apiObject.metadata.namespace;
    const ref = this.targetMissing ? undefined : this.target._toKube();
    const entry = new TreeObject(
      { apiVersion: HPA_API_VERSION, kind: HPA_KIND, metadata: { name: this.apiObject.name, namespace }, spec: { scaleTargetRef: ref } },
      this, unit);
    if (ref === undefined || !this.target._isWorkload) return [entry, undefined];
    const target = new TreeObject({ apiVersion: ref.apiVersion, kind: ref.kind, metadata: { name: ref.name } }, this, unit,
      () => this.target._facts(namespace, this.readRenderedTarget));
    return [entry, target];
  }

  /** The manifest, given the plain copy of `_toKube()` (or `NOT_PLAIN`). */
  private manifestWith(spec: unknown): any {
    if (spec === NOT_PLAIN || this.hpaApiObject.patched) return this.apiObject.toJson();
    return { apiVersion: HPA_API_VERSION, kind: HPA_KIND, metadata: this.apiObject.metadata.toJson(), spec };
  }

  /**
   * What a check of this HPA reads: the manifest, the profile and rule levels of its scopes, the
   * tree's index. Given the last check's inputs, a spec equal to its spec is that spec, not
   * another copy.
   */
  private checkInputs(last?: CheckInputs): CheckInputs {
    let manifest: any;
    if (last === undefined) {
      manifest = this._manifest();
    } else {
      const spec = this._toKube();
      const lastSpec = last.manifest?.spec;
      manifest = this.manifestWith(plainJsonEquals(spec, lastSpec) ? lastSpec : plainJson(spec));
    }
    const walk = treeWalk(this.constructRoot, this);
    const entry = walk.entries.get(this)!;
    return {
      manifest,
      settings: {
        profile: this.cluster,
        // The levels set in code reach the engine in the annotation, as they reach every checker.
        ruleLevels: RuleLevels._lookupFromConfig(this),
      },
      objects: walk.objects,
      entry,
      related: walk.objects.factsFor(entry),
    };
  }

  /**
   * The issues the engine finds with `inputs`. The target is read through cdk8s-plus's API; an
   * issue about what it holds is confirmed on its rendered manifest, which JSON patches may have
   * changed (rendering every target for every check would cost more than the checks).
   */
  private check(inputs: CheckInputs): ValidationIssue[] {
    const construct = { manifest: inputs.manifest, targetPropMissing: this.targetMissing };
    const run = () => checks().checkHpa(inputs.entry, inputs.objects, inputs.settings, construct);
    const issues = run();
    if (!this.target._isWorkload || !issues.some(i => TARGET_RULES.includes(i.ruleId))) return issues;
    this.readRenderedTarget = true;
    try {
      return run();
    } finally {
      this.readRenderedTarget = false;
    }
  }

  /**
   * The `cdk8s-hpa.io/rules` annotation: the levels of the construct tree, the annotation given
   * in `metadata`, then the `ruleLevels` prop (later items win).
   */
  private rulesAnnotation(annotated: unknown): unknown {
    const parts = [formatRuleLevelList(RuleLevels.lookup(this)), annotated, formatRuleLevelList(this.ruleLevels)];
    if (parts[0] === '' && parts[2] === '') return annotated;
    return parts.filter(p => typeof p === 'string' && p.trim() !== '').join(',');
  }

  /**
   * The `cdk8s-hpa.io/cluster` annotation: the profile set in code or by the config file, else
   * the annotation given in `metadata` (none for the default profile, to keep manifests small).
   */
  private clusterAnnotation(annotated: unknown): unknown {
    const set = this.clusterOverride ?? ClusterProfile._lookupSet(this);
    return set ? formatClusterAnnotation(set._facts()) : annotated;
  }

  /** The errors for cdk8s's validation; warnings are printed once. */
  private synthErrors(): string[] {
    if (this.validateHpa !== HorizontalPodAutoscalerV2.prototype.validateHpa) return this.reportIssues(this.validateHpa());
    // cdk8s validates the app once, then again for each chart it renders. The engine is pure, so
    // the same inputs give the same issues: their errors are the last check's, and their
    // warnings are printed already.
    const last = this.lastCheck;
    const inputs = this.checkInputs(last?.inputs);
    if (last !== undefined && sameCheckInputs(last.inputs, inputs)) return [...last.errors];
    const errors = this.reportIssues(this.check(inputs));
    this.lastCheck = { inputs, errors: [...errors] };
    return errors;
  }

  /** The errors among `issues`; the warnings are printed, each once. */
  private reportIssues(issues: ValidationIssue[]): string[] {
    const errors: string[] = [];
    for (const issue of issues) {
      const line = formatIssue(issue, true);
      if (issue.severity === Severity.ERROR) {
        errors.push(line);
      } else if (!this.printedWarnings?.has(line)) {
        (this.printedWarnings ??= new Set()).add(line);
        console.warn(`[${this.node.path}] warning: ${line}`);
      }
    }
    return errors;
  }
}

/** Whether two checks read the same: then the pure engine finds the same issues. */
function sameCheckInputs(a: CheckInputs, b: CheckInputs): boolean {
  return a.settings.profile === b.settings.profile
    && sameJson(a.manifest, b.manifest)
    && sameJson(a.related, b.related)
    && sameJson(a.settings.ruleLevels, b.settings.ruleLevels);
}

/**
 * The HPA's API object. It notes JSON patches, after which the manifest is what cdk8s renders.
 * Its spec is the library's own data: where it is plain JSON and the app has only cdk8s's
 * built-in resolvers (which leave plain data as it is), `toJson()` renders it as cdk8s would,
 * without cdk8s's walk of every value through the resolvers.
 */
class HpaApiObject extends ApiObject {
  /** Whether a JSON patch (an escape hatch) was added. */
  public patched = false;

  constructor(scope: Construct, id: string, props: ApiObjectProps, private readonly spec: () => unknown) {
    super(scope, id, props);
  }

  public addJsonPatch(...ops: JsonPatch[]): void {
    this.patched = true;
    super.addJsonPatch(...ops);
  }

  public toJson(): any {
    // cdk8s's own rendering where it could differ: patches, unsorted keys, custom resolvers.
    if (this.patched || process.env.CDK8S_DISABLE_SORT || !onlyBuiltInResolvers(App.of(this))) return super.toJson();
    let spec: unknown;
    try {
      spec = plainJson(this.spec(), true);
    } catch {
      spec = NOT_PLAIN; // cdk8s reports the error with the construct's path
    }
    if (spec === NOT_PLAIN) return super.toJson();
    return { apiVersion: this.apiVersion, kind: this.kind, metadata: this.metadata.toJson(), spec };
  }
}

/** Whether an app resolves with cdk8s's built-in resolvers alone (`App.resolvers` lists custom ones first). */
function onlyBuiltInResolvers(app: App): boolean {
  const r = app.resolvers;
  return r.length === 3 && r[0] instanceof LazyResolver && r[1] instanceof ImplicitTokenResolver && r[2] instanceof NumberStringUnionResolver;
}
