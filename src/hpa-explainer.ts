import { ClusterProfile } from './cluster-profile';
import type * as Explainer from './explain/explainer';
import { ExplainFindingKind, HpaExplanation } from './explain/hpa-explanation';
import type * as CheckHpa from './manifests/check-hpa';
import { IndexedObject, RelatedObjects } from './model/related-objects';
import { isObject } from './model/values';
import { onFirstUse } from './private/memoize';

/* eslint-disable @typescript-eslint/no-require-imports */
/** The explainer and the check of an HPA, loaded on first use. */
const loadExplainer = onFirstUse(() => require('./explain/explainer') as typeof Explainer);
const loadChecks = onFirstUse(() => require('./manifests/check-hpa') as typeof CheckHpa);
/* eslint-enable @typescript-eslint/no-require-imports */

/** An object given in code: no file, no place to report. */
class GivenObject implements IndexedObject {
  constructor(public readonly manifest: { readonly [key: string]: any }) {}
  public where(): undefined {
    return undefined;
  }
}

/** Options of `HpaExplainer.explain()`. */
export interface HpaExplainOptions {
  /**
   * The cluster the HPA runs on: its version and gates decide which fields the controller reads
   * (per-HPA tolerance, fallback) and what the validation reports.
   * @default - the newest Kubernetes release the library knows, with its default feature gates
   */
  readonly cluster?: ClusterProfile;

  /**
   * The time to explain at (RFC 3339): ages of `lastScaleTime` and of a failing External
   * metric's `firstFailureTime` are counted up to it.
   * @default - the current time
   */
  readonly now?: string;

  /**
   * Other objects from the same cluster, as `kubectl get hpa,deploy,pods -o yaml` returns them:
   * the HPA's target (matched by namespace, kind and name) adds the cross-object checks (missing
   * requests, a fixed `replicas`), its pods (matched by the target's `spec.selector.matchLabels`)
   * tell which containers lack a request, and other HPAs on the same target are reported; the
   * HPA's events (`kubectl get events -o yaml`) say how often a metric failed, and a KEDA
   * ScaledObject that owns the HPA is explained as the place to change it.
   * @default - none
   */
  readonly relatedObjects?: any[];

  /**
   * Replay a Resource, ContainerResource or Pods metric in the suggested simulation as a load
   * per pod that stays whatever the pod count (`perPodUsage`), instead of the total load over the
   * current pods (`totalUsage`), which is how a fixed amount of work behaves and settles where
   * the controller would.
   * @default false
   */
  readonly replayPerPodLoad?: boolean;

  /**
   * Flags each kubectl command of the explanation carries, so that it runs against the cluster
   * the HPA was read from when pasted: e.g. `['--context', 'prod']` or
   * `['--kubeconfig', '/path/to/config']`.
   * @default - none: the commands run against kubectl's current context
   */
  readonly kubectlFlags?: string[];
}

/**
 * Explains a live HorizontalPodAutoscaler (what `kubectl get hpa -o yaml` returns): from its
 * status conditions and current metrics, what the controller is doing, why, and what to change.
 *
 * It redoes the controller's arithmetic from `status.currentMetrics` (ratio to target, tolerance,
 * the replicas each metric proposes, which one wins, what min/max and the behavior's policies
 * allow now), explains every condition the controller sets (kube-controller-manager's
 * horizontal.go) with the spec field it points at and a fix, adds the spec's validation issues,
 * and says what the status does not tell (the stabilization window's history, the size of past
 * scale events). Never throws: a manifest it cannot read yields findings that say why.
 *
 * @example
 * const explanation = HpaExplainer.explain({
 *   apiVersion: 'autoscaling/v2',
 *   kind: 'HorizontalPodAutoscaler',
 *   metadata: { name: 'web' },
 *   spec: {
 *     scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
 *     maxReplicas: 10,
 *     metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }],
 *   },
 *   status: {
 *     currentReplicas: 10,
 *     desiredReplicas: 10,
 *     currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 95 } } }],
 *     conditions: [{ type: 'ScalingLimited', status: 'True', reason: 'TooManyReplicas' }],
 *   },
 * });
 * // explanation.health: Stuck; explanation.findings[0].path: spec.maxReplicas
 */
export class HpaExplainer {
  /** Explains one HPA manifest with its `status`. */
  public static explain(manifest: any, options: HpaExplainOptions = {}): HpaExplanation {
    const profile = options?.cluster ?? ClusterProfile.defaultProfile();
    // The same path as `cdk8s-hpa explain`: the objects indexed, the HPA checked with them.
    const objects = new RelatedObjects<GivenObject>();
    const hpa = new GivenObject(isObject(manifest) ? manifest : {});
    objects.add(hpa);
    for (const o of options?.relatedObjects ?? []) if (isObject(o) && o !== manifest) objects.add(new GivenObject(o));
    const issues = loadChecks().checkHpa(hpa, objects, { profile });
    return loadExplainer().explainIndexed(hpa, objects, issues, {
      cluster: profile._facts(), now: options?.now, perPodLoad: options?.replayPerPodLoad, kubectlFlags: options?.kubectlFlags,
    });
  }

  /** Every kind of finding, in id order. */
  public static findingKinds(): ExplainFindingKind[] {
    return loadExplainer().findingKinds();
  }

  private constructor() {}
}
