import { ApiObject, ApiObjectMetadata, ApiObjectProps, Lazy } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct, IConstruct } from 'constructs';
import { Behavior } from './behavior';
import { ClusterProfile } from './cluster-profile';
import { loadEngine } from './lazy-internals';
import { Metric } from './metric';
import { scaleTargetKey } from './model/object-keys';
import { HPA_API_VERSION, HPA_KIND, RULES_ANNOTATION } from './private/constants';
import { hasJsonPatches, plainApiObjectJson, plainMetadataJson } from './private/metadata-json';
import { NOT_PLAIN, plainJson, plainJsonEquals, sameJson } from './private/plain';
import { toKube, toKubeWith } from './private/to-kube';
import { RuleLevel } from './rule-level';
import { RuleLevels } from './rule-levels';
import { ScaleTarget } from './scale-target';
import type { EngineOptions } from './validation/engine';
import { HpaValidator } from './validation/hpa-validator';
import { formatRuleLevelList } from './validation/rule-levels';
import { Severity, ValidationIssue } from './validation/validation-issue';

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
   * The cluster the manifest is for; decides which fields and values are accepted.
   *
   * @default - the profile set with `ClusterProfile.applyTo()` on a scope above, else the
   * newest Kubernetes release the library knows with its default gates
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

/** What one check of the HPA reads: the manifest and the engine's options. */
interface CheckInputs {
  readonly manifest: any;
  readonly options: EngineOptions;
}

/** This library's HPAs by target, per construct tree, in the order made: two on one target found without a quadratic scan. */
const targetsByRoot = new WeakMap<IConstruct, Map<string, HorizontalPodAutoscalerV2[]>>();

/** Whether `c` is still in the tree of `root`: `tryRemoveChild()` may have taken it or a scope above out. */
function inTree(c: IConstruct, root: IConstruct): boolean {
  let s = c;
  for (let scope = s.node.scope; scope; scope = s.node.scope) {
    if (scope.node.tryFindChild(s.node.id) !== s) return false;
    s = scope;
  }
  return s === root;
}

/** One walk of a tree for the other HorizontalPodAutoscalers (see `otherHpas`). */
interface OtherHpas {
  /** The path of the first other HPA on each scale-target key. */
  readonly byTarget: Map<string, string>;
  /** This library's HPAs the walk saw. */
  readonly seen: Set<HorizontalPodAutoscalerV2>;
  /** Those of them that have read `byTarget`. */
  readonly read: Set<HorizontalPodAutoscalerV2>;
}

const otherHpasByRoot = new WeakMap<IConstruct, OtherHpas>();

/**
 * The other HorizontalPodAutoscalers of an app (cdk8s-plus's, L1s, `Include`d or Helm manifests),
 * by scale-target key: the path of the first. One walk of the tree serves the HPAs of one
 * validation pass: cdk8s validates each construct once per pass (a synth makes one pass over the
 * app, then one more per chart), and the tree may change between passes. So `hpa` walks again
 * when it has read the last walk already, or the walk did not see it.
 */
function otherHpas(root: IConstruct, hpa: HorizontalPodAutoscalerV2): Map<string, string> {
  let walk = otherHpasByRoot.get(root);
  if (!walk || !walk.seen.has(hpa) || walk.read.has(hpa)) {
    walk = { byTarget: new Map(), seen: new Set(), read: new Set() };
    for (const c of root.node.findAll()) {
      if (c instanceof HorizontalPodAutoscalerV2) walk.seen.add(c);
      if (!ApiObject.isApiObject(c) || c.kind !== HPA_KIND || c.node.scope instanceof HorizontalPodAutoscalerV2) continue;
      const manifest = c.toJson();
      const key = scaleTargetKey(manifest?.metadata?.namespace, manifest?.spec?.scaleTargetRef);
      if (key !== undefined && !walk.byTarget.has(key)) walk.byTarget.set(key, `HorizontalPodAutoscaler ${c.node.path}`);
    }
    otherHpasByRoot.set(root, walk);
  }
  walk.read.add(hpa);
  return walk.byTarget;
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
  /** The key of its target among this library's HPAs of the tree (`targetsByRoot`). */
  private readonly targetKeyAtCreation?: string;
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

    this.apiObject = new HpaApiObject(this, 'Resource', {
      apiVersion: HPA_API_VERSION,
      kind: HPA_KIND,
      metadata: props.metadata,
      spec: Lazy.any({ produce: () => this._toKube() }),
    }, () => plainApiObjectJson(this.apiObject, this._toKube(), this.ownLazy));

    const annotated = props.metadata?.annotations?.[RULES_ANNOTATION];
    this.rulesLazy = Lazy.any({ produce: () => this.rulesAnnotation(annotated) });
    this.apiObject.metadata.addAnnotation(RULES_ANNOTATION, this.rulesLazy as unknown as string);

    this.targetKeyAtCreation = this.registerTarget();
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
    const inputs = this.checkInputs();
    return loadEngine().validateManifest(inputs.manifest, inputs.options);
  }

  /** @internal */
  public _toKube(): { [key: string]: any } {
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
   * anyway); a token in it, or a JSON patch on the L1, takes the full rendering path.
   * @internal
   */
  public _manifest(): any {
    return this.manifestWith(plainJson(this._toKube()));
  }

  /** What the construct's own `Lazy` values produce (the rules annotation); `NOT_PLAIN` for others. */
  private readonly ownLazy = (lazy: Lazy): unknown => (lazy === this.rulesLazy ? lazy.produce() : NOT_PLAIN);

  /** The manifest, given the plain copy of `_toKube()` (or `NOT_PLAIN`). */
  private manifestWith(spec: unknown): any {
    if (spec === NOT_PLAIN || hasJsonPatches(this.apiObject)) {
      return this.apiObject.toJson();
    }
    // The metadata as `metadata.toJson()` renders it; copied when it is plain data, like the spec.
    let metadata = plainMetadataJson(this.apiObject, this.ownLazy);
    if (metadata === NOT_PLAIN) metadata = this.apiObject.metadata.toJson();
    return { apiVersion: HPA_API_VERSION, kind: HPA_KIND, metadata, spec };
  }

  /**
   * What a check of this HPA reads: the manifest, the profile, the target's facts, the scopes'
   * rule levels. Given the last check's inputs, a spec equal to its spec is that spec, not
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
    return {
      manifest,
      options: {
        profile: this.cluster,
        workload: this.target._facts(manifest.metadata?.namespace),
        duplicateOf: this.earlierHpaOnTarget() ?? this.otherHpaOnTarget(),
        ruleLevels: { ...RuleLevels._lookupFromConfig(this), ...RuleLevels.lookup(this), ...this.ruleLevels },
        targetPropMissing: this.targetMissing,
      },
    };
  }

  /**
   * The `cdk8s-hpa.io/rules` annotation: the levels of the construct tree, the annotation given
   * in `metadata`, then the `ruleLevels` prop (later items win).
   */
  private rulesAnnotation(annotated: unknown): unknown {
    const parts = [levelList(RuleLevels.lookup(this)), annotated, levelList(this.ruleLevels)];
    if (parts[0] === '' && parts[2] === '') return annotated;
    return parts.filter(p => typeof p === 'string' && p.trim() !== '').join(',');
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
    const errors = this.reportIssues(loadEngine().validateManifest(inputs.manifest, inputs.options));
    this.lastCheck = { inputs, errors: [...errors] };
    return errors;
  }

  /** The errors among `issues`; the warnings are printed, each once. */
  private reportIssues(issues: ValidationIssue[]): string[] {
    const errors: string[] = [];
    for (const issue of issues) {
      const line = HpaValidator.format(issue);
      if (issue.severity === Severity.ERROR) {
        errors.push(line);
      } else if (!this.printedWarnings?.has(line)) {
        (this.printedWarnings ??= new Set()).add(line);
        console.warn(`[${this.node.path}] warning: ${line}`);
      }
    }
    return errors;
  }

  /** The path of this library's first HPA on the same target, made before this one and still in the tree. */
  private earlierHpaOnTarget(): string | undefined {
    const key = this.targetKeyAtCreation;
    if (key === undefined) return undefined;
    for (const hpa of targetsByRoot.get(this.constructRoot)!.get(key)!) {
      if (hpa === this) return undefined;
      if (inTree(hpa, this.constructRoot)) return hpa.node.path;
    }
    return undefined;
  }

  /** Another kind of HPA object of the app (not this construct) on the same target. */
  private otherHpaOnTarget(): string | undefined {
    const others = otherHpas(this.constructRoot, this);
    if (others.size === 0) return undefined;
    const key = this.targetKey();
    return key === undefined ? undefined : others.get(key);
  }

  /** Namespace, API group, kind and name of the target: what two HPAs on one target share. */
  private targetKey(): string | undefined {
    return this.targetMissing ? undefined : scaleTargetKey(this.apiObject.metadata.namespace, this.target._toKube());
  }

  /** Records this HPA under its target's key, which it returns. */
  private registerTarget(): string | undefined {
    const key = this.targetKey();
    if (key === undefined) return undefined;
    let targets = targetsByRoot.get(this.constructRoot);
    if (!targets) {
      targets = new Map();
      targetsByRoot.set(this.constructRoot, targets);
    }
    const onTarget = targets.get(key);
    if (onTarget) onTarget.push(this);
    else targets.set(key, [this]);
    return key;
  }
}

/** `formatRuleLevelList(levels)`, which is `''` for no levels, without its work for none. */
function levelList(levels: { [ruleId: string]: RuleLevel }): string {
  return Object.keys(levels).length === 0 ? '' : formatRuleLevelList(levels);
}

/** Whether two checks read the same: then the pure engine finds the same issues. */
function sameCheckInputs(a: CheckInputs, b: CheckInputs): boolean {
  return a.options.profile === b.options.profile
    && a.options.duplicateOf === b.options.duplicateOf
    && a.options.targetPropMissing === b.options.targetPropMissing
    && sameJson(a.manifest, b.manifest)
    && sameJson(a.options.workload, b.options.workload)
    && sameJson(a.options.ruleLevels, b.options.ruleLevels);
}

/**
 * The HPA's API object. Its `toJson()` copies the spec and metadata the construct renders when
 * they are plain data (`plainApiObjectJson`), which is what cdk8s's resolver walk makes of them
 * at several times the cost; anything else takes that walk.
 */
class HpaApiObject extends ApiObject {
  constructor(scope: Construct, id: string, props: ApiObjectProps, private readonly plainToJson: () => unknown) {
    super(scope, id, props);
  }

  public toJson(): any {
    let json: unknown;
    try {
      json = this.plainToJson();
    } catch {
      // cdk8s's walk renders the spec again and reports the error with the construct's path.
      json = NOT_PLAIN;
    }
    return json === NOT_PLAIN ? super.toJson() : json;
  }
}
