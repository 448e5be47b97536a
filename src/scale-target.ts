import * as kplus from 'cdk8s-plus-27';
import { WorkloadFacts } from './model/workload-facts';
import { CrossVersionObjectReference } from './object-reference';

/**
 * The workload an HPA scales (`spec.scaleTargetRef`).
 *
 * `ScaleTarget.fromScalable(deployment)` is what `target: deployment` does: it marks the
 * workload as autoscaled, so cdk8s-plus stops rendering a default `replicas` that would reset
 * the scale on every apply, and it lets the validator check the workload's containers.
 * `ScaleTarget.fromReference()` targets anything with a scale subresource (Argo Rollouts,
 * custom resources, ReplicaSets) by API version, kind and name.
 *
 * @example
 * ScaleTarget.fromReference({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'checkout' });
 */
export class ScaleTarget implements kplus.IScalable {
  /** A cdk8s-plus workload (Deployment, StatefulSet). */
  public static fromScalable(scalable: kplus.IScalable): ScaleTarget {
    return scalable instanceof ScaleTarget ? scalable : new ScaleTarget(scalable, undefined);
  }

  /** Any object with a scale subresource, by reference. */
  public static fromReference(reference: CrossVersionObjectReference): ScaleTarget {
    return new ScaleTarget(undefined, reference ?? ({} as CrossVersionObjectReference));
  }

  /** Whether an autoscaler targets this workload. */
  public hasAutoscaler = false;

  private constructor(
    private readonly scalable: kplus.IScalable | undefined,
    private readonly reference: CrossVersionObjectReference | undefined,
  ) {}

  /** Marks this target, and the workload behind it, as autoscaled. */
  public markHasAutoscaler(): void {
    this.hasAutoscaler = true;
    this.scalable?.markHasAutoscaler();
  }

  /** The target's kind, API version, name, containers and fixed replicas. */
  public toScalingTarget(): kplus.ScalingTarget {
    if (this.scalable) {
      return this.scalable.toScalingTarget();
    }
    const ref = this.reference ?? ({} as CrossVersionObjectReference);
    return { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, containers: [] };
  }

  /** @internal */
  public _toKube(): { [key: string]: any } {
    const t = this.toScalingTarget();
    return { apiVersion: t.apiVersion, kind: t.kind, name: t.name };
  }

  /**
   * What the cross-object checks may know of the workload.
   * @internal
   */
  public _facts(hpaNamespace: string | undefined): WorkloadFacts {
    const t = this.toScalingTarget();
    return {
      apiVersion: t.apiVersion,
      kind: t.kind,
      name: t.name,
      // A cdk8s-plus workload says where it is; a reference is looked up in the HPA's namespace.
      namespace: this.scalable ? workloadNamespace(this.scalable) : hpaNamespace,
      replicas: t.replicas,
      replicasDropped: this.scalable ? true : undefined,
      containers: this.scalable ? t.containers.map(c => ({ name: c.name, requests: requestedResources(c.resources) })) : undefined,
    };
  }
}

function workloadNamespace(scalable: kplus.IScalable): string | undefined {
  const namespace = (scalable as { metadata?: { namespace?: unknown } }).metadata?.namespace;
  return typeof namespace === 'string' ? namespace : undefined;
}

/**
 * The resources a container has a request for. A limit without a request counts: the API
 * server defaults the request to the limit.
 */
function requestedResources(resources: kplus.ContainerResources | undefined): string[] {
  const names: string[] = [];
  const has = (r: { request?: unknown; limit?: unknown } | undefined) => r != null && (r.request != null || r.limit != null);
  if (has(resources?.cpu)) names.push('cpu');
  if (has(resources?.memory)) names.push('memory');
  if (has(resources?.ephemeralStorage)) names.push('ephemeral-storage');
  return names;
}
