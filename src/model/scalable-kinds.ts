/**
 * The workload kinds with a scale subresource that the library knows, each with the API version
 * that serves it: what an HPA's `scaleTargetRef` names when it scales a workload.
 */
import { table } from '../private/table';

/** Kind to its current API version: the built-in scalable workloads, and Argo Rollouts. */
export const SCALABLE_KINDS = table({
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  ReplicaSet: 'apps/v1',
  ReplicationController: 'v1',
  Rollout: 'argoproj.io/v1alpha1',
});

/** The current API version of a well-known scalable kind. */
export function wellKnownApiVersion(kind: unknown): string | undefined {
  return typeof kind === 'string' ? SCALABLE_KINDS[kind] : undefined;
}

/** Whether `kind` is one of the scalable workload kinds the library knows, spelt exactly. */
export function isScalableKind(kind: unknown): kind is string {
  return wellKnownApiVersion(kind) !== undefined;
}

/** The API group of an apiVersion (`apps` of `apps/v1`, `''` of `v1`). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}
