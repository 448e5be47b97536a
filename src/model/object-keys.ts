/**
 * Which objects of one input are the same, or scale the same target: the keys the construct
 * tree and the command line match objects by.
 *
 * The namespace rule: an object without `metadata.namespace` is in the namespace it is applied
 * to (`kubectl apply -n`, the context's namespace, a Helm release's namespace). The objects of
 * one input are applied together, so all namespace-less objects share that namespace; it is
 * not taken to be any namespace an object names, not even `default`, so that no HPA is matched
 * to an object in a namespace it may not be applied to.
 */
import { groupOf } from './scalable-kinds';
import { isObject } from './values';

/** The namespace part of a key: the named namespace, or `''` for the one the input is applied to. */
export function namespaceKey(namespace: unknown): string {
  return typeof namespace === 'string' ? namespace : '';
}

/** Namespace, kind and name: how an HPA's `scaleTargetRef` finds a workload of the same input. */
export function objectKey(namespace: unknown, kind: string, name: string): string {
  return [namespaceKey(namespace), kind, name].join('\u0000');
}

/**
 * Namespace, API group, kind and name of a scale target: two HPAs with the same key fight over
 * one replica count. `undefined` when the reference has no kind or name.
 */
export function scaleTargetKey(namespace: unknown, ref: unknown): string | undefined {
  if (!isObject(ref) || typeof ref.kind !== 'string' || typeof ref.name !== 'string') return undefined;
  const group = typeof ref.apiVersion === 'string' ? groupOf(ref.apiVersion) : '';
  return [namespaceKey(namespace), group, ref.kind, ref.name].join('\u0000');
}

/** The namespace reports show for an object without one: where `kubectl apply` puts it by default. */
const DEFAULT_NAMESPACE = 'default';

/** The namespace of an object as reports show it (`default` when the manifest names none). */
export function namespaceOf(manifest: { readonly [key: string]: any }): string {
  const ns = manifest.metadata?.namespace;
  return typeof ns === 'string' && ns !== '' ? ns : DEFAULT_NAMESPACE;
}
