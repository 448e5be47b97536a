import { isObject } from './values';

/**
 * What the cross-object checks know about a scale target: from a cdk8s-plus workload in the
 * construct tree, or from a workload manifest in the same input (the command line).
 */
export interface WorkloadFacts {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly name?: string;
  readonly namespace?: string;
  /** A `replicas` fixed in the workload's own spec. */
  readonly replicas?: number;
  /**
   * Whether the workload leaves `replicas` out of its manifest while an HPA scales it (as
   * cdk8s-plus workloads do), so a `replicas` set on it is silently ignored.
   */
  readonly replicasDropped?: boolean;
  /** The pod template's containers; `undefined` when they are not known. */
  readonly containers?: ContainerFacts[];
}

export interface ContainerFacts {
  readonly name: string;
  /** Resource names with a request (or a limit, which the API server copies into the request). */
  readonly requests: string[];
}

/** The facts of a workload manifest (Deployment, StatefulSet, ReplicaSet, ...). */
export function workloadFactsFromManifest(manifest: any): WorkloadFacts {
  const spec = manifest?.spec;
  const containers = spec?.template?.spec?.containers;
  return {
    apiVersion: manifest?.apiVersion,
    kind: manifest?.kind,
    name: manifest?.metadata?.name,
    namespace: manifest?.metadata?.namespace,
    replicas: typeof spec?.replicas === 'number' ? spec.replicas : undefined,
    containers: Array.isArray(containers)
      ? containers.map((c: any) => ({
        name: String(c?.name),
        requests: [...new Set([...Object.keys(objectOrEmpty(c?.resources?.requests)), ...Object.keys(objectOrEmpty(c?.resources?.limits))])],
      }))
      : undefined,
  };
}

function objectOrEmpty(value: unknown): object {
  return isObject(value) ? value : {};
}
