import * as kplus from 'cdk8s-plus-27';
import { CrossVersionObjectReferenceSpec } from './private/spec-types';

/**
 * A reference to a Kubernetes object by API version, kind and name
 * (`CrossVersionObjectReference`).
 */
export interface CrossVersionObjectReference {
  /**
   * The object's API version, e.g. `apps/v1` or `argoproj.io/v1alpha1`. For a scale target it
   * must name an API group unless the kind is `ReplicationController`.
   */
  readonly apiVersion: string;
  /** The object's kind, e.g. `Deployment`. */
  readonly kind: string;
  /** The object's name. */
  readonly name: string;
}

/**
 * The object an Object metric describes (`object.describedObject`), such as an Ingress whose
 * requests per second drive the scaling.
 *
 * @example
 * DescribedObject.fromReference({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main-route' });
 */
export class DescribedObject {
  /** The object behind a cdk8s-plus resource (its API version, kind and name). */
  public static fromResource(resource: kplus.IResource): DescribedObject {
    return new DescribedObject(() => ({ apiVersion: resource.apiVersion, kind: resource.kind, name: resource.name }));
  }

  /** An object given by API version, kind and name. */
  public static fromReference(reference: CrossVersionObjectReference): DescribedObject {
    return new DescribedObject(() => reference);
  }

  private constructor(private readonly reference: () => CrossVersionObjectReference) {}

  /** @internal */
  public _toKube(): CrossVersionObjectReferenceSpec {
    const ref = this.reference() ?? {};
    return { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name };
  }
}
