import { ApiObject } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { WorkloadFacts, workloadFactsFromManifest } from './model/workload-facts';
import { CrossVersionObjectReference } from './object-reference';
import { CrossVersionObjectReferenceSpec } from './private/spec-types';

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
  public _toKube(): CrossVersionObjectReferenceSpec {
    const t = this.toScalingTarget();
    return { apiVersion: t.apiVersion, kind: t.kind, name: t.name };
  }

  /**
   * Whether the target is a workload of the construct tree (not a reference), whose containers
   * the cross-object checks can read.
   * @internal
   */
  public get _isWorkload(): boolean {
    return this.scalable !== undefined;
  }

  /**
   * What the cross-object checks may know of the workload: read through cdk8s-plus's
   * `toScalingTarget()`, or, with `rendered`, from the workload's manifest as cdk8s renders it,
   * JSON patches (an escape hatch) included, which may add a container or replicas that
   * `toScalingTarget()` does not show.
   * @internal
   */
  public _facts(hpaNamespace: string | undefined, rendered = false): WorkloadFacts {
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
    const manifest = rendered && this.scalable ? renderedManifest(this.scalable) : undefined;
    if (!manifest) return facts;
    // (The L1 of cdk8s-plus-27 drops what its 1.27 schema lacks, a native sidecar's
    // restartPolicy and pod-level resources among them, and so does this reading.)
    const read = workloadFactsFromManifest(manifest);
    const pod = { containers: read.containers, podRequests: read.podRequests, podRequestAmounts: read.podRequestAmounts };
    return typeof read.replicas === 'number'
      ? { ...facts, ...pod, replicas: read.replicas, replicasDropped: undefined }
      : { ...facts, ...pod };
  }

  /**
   * The workload's manifest as cdk8s renders it, whose pods' requests the simulator reads;
   * undefined for a reference.
   * @internal
   */
  public _workloadManifest(): { [key: string]: any } | undefined {
    return this.scalable ? renderedManifest(this.scalable) : undefined;
  }
}

/** The workload's manifest as cdk8s renders it; undefined when it is not a construct with one API object. */
function renderedManifest(scalable: kplus.IScalable): { [key: string]: any } | undefined {
  if (!Construct.isConstruct(scalable)) return undefined;
  try {
    return ApiObject.of(scalable).toJson();
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
