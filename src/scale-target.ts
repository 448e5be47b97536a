import { ApiObject } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { WorkloadFacts, workloadFactsFromManifest } from './model/workload-facts';
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
    const facts: WorkloadFacts = {
      apiVersion: t.apiVersion,
      kind: t.kind,
      name: t.name,
      // A cdk8s-plus workload says where it is; a reference is looked up in the HPA's namespace.
      namespace: this.scalable ? workloadNamespace(this.scalable) : hpaNamespace,
      replicas: t.replicas,
      replicasDropped: this.scalable ? true : undefined,
      containers: this.scalable ? t.containers.map(c => ({ name: c.name, requests: requestedResources(c.resources) })) : undefined,
    };
    const patched = this.scalable && renderedWithPatches(this.scalable);
    if (!patched) return facts;
    // JSON patches (an escape hatch) may add what toScalingTarget() does not show, such as a
    // container or replicas: the pod template is read from the rendered manifest. (The L1 of
    // cdk8s-plus-27 drops what its 1.27 schema lacks, a native sidecar's restartPolicy and
    // pod-level resources among them, and so does this reading.)
    const rendered = workloadFactsFromManifest(patched);
    const pod = { containers: rendered.containers, podRequests: rendered.podRequests, podZeroRequests: rendered.podZeroRequests };
    return typeof rendered.replicas === 'number'
      ? { ...facts, ...pod, replicas: rendered.replicas, replicasDropped: undefined }
      : { ...facts, ...pod };
  }
}

/** The workload's manifest as synthesized, when JSON patches change it; else undefined. */
function renderedWithPatches(scalable: kplus.IScalable): { [key: string]: any } | undefined {
  if (!Construct.isConstruct(scalable)) return undefined;
  let api: ApiObject;
  try {
    api = ApiObject.of(scalable);
  } catch {
    return undefined;
  }
  // ApiObject keeps its patches private; without any, toScalingTarget() sees all there is.
  const patches = (api as unknown as { patches?: unknown }).patches;
  if (!Array.isArray(patches) || patches.length === 0) return undefined;
  try {
    return api.toJson();
  } catch {
    return undefined;
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
