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
  /**
   * The pod template's containers, then its restartable init containers (sidecars);
   * `undefined` when they are not known.
   */
  readonly containers?: ContainerFacts[];
  /**
   * The resources a pod's requests name when the pod template sets pod-level requests
   * (`spec.resources`, with PodLevelResources on): `resourcehelpers.PodRequests`, what the
   * controller reads then. `undefined` when the template sets none.
   */
  readonly podRequests?: string[];
}

export interface ContainerFacts {
  readonly name: string;
  /** Resource names with a request (or a limit, which the API server copies into the request). */
  readonly requests: string[];
  /** An init container with `restartPolicy: Always` (a native sidecar). */
  readonly sidecar?: boolean;
}

/** The facts of a workload manifest (Deployment, StatefulSet, ReplicaSet, ...). */
export function workloadFactsFromManifest(manifest: any): WorkloadFacts {
  const spec = manifest?.spec;
  const pod = spec?.template?.spec;
  const containers = Array.isArray(pod?.containers) ? pod.containers.map((c: any) => containerFacts(c)) : undefined;
  const initContainers = Array.isArray(pod?.initContainers) ? pod.initContainers.map((c: any) => containerFacts(c)) : [];
  return {
    apiVersion: manifest?.apiVersion,
    kind: manifest?.kind,
    name: manifest?.metadata?.name,
    namespace: manifest?.metadata?.namespace,
    replicas: typeof spec?.replicas === 'number' ? spec.replicas : undefined,
    containers: containers && [...containers, ...initContainers.filter((c: ContainerFacts) => c.sidecar)],
    podRequests: containers && podRequests(pod?.resources, [...containers, ...initContainers]),
  };
}

function containerFacts(c: any): ContainerFacts {
  const facts = { name: String(c?.name), requests: requestedResources(c?.resources) };
  return c?.restartPolicy === 'Always' ? { ...facts, sidecar: true } : facts;
}

function requestedResources(resources: any): string[] {
  return [...new Set([...Object.keys(objectOrEmpty(resources?.requests)), ...Object.keys(objectOrEmpty(resources?.limits))])];
}

/** The resources a pod can have pod-level requests for (component-helpers `IsSupportedPodLevelResource`). */
function podLevelResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');
}

/**
 * The resources of `PodRequests` when the pod template has pod-level requests after the API
 * server's defaulting (defaults.go `defaultPodRequests`: with pod-level limits, each supported
 * resource a container requests or a pod-level limit names gets a pod-level request), else
 * `undefined`. `PodRequests` sums every container's requests (init containers included) and
 * puts the pod-level ones over them.
 */
function podRequests(resources: any, allContainers: ContainerFacts[]): string[] | undefined {
  const requested = Object.keys(objectOrEmpty(resources?.requests));
  const limited = Object.keys(objectOrEmpty(resources?.limits));
  const fromContainers = [...new Set(allContainers.flatMap(c => c.requests))];
  const podLevel = limited.length > 0
    ? [...requested, ...fromContainers.filter(r => r === 'cpu' || r === 'memory'), ...limited]
    : requested;
  if (!podLevel.some(podLevelResource)) return undefined;
  return [...new Set([...fromContainers, ...podLevel.filter(podLevelResource)])];
}

/** Which requests the HPA controller reads in a release: `requestRules()` in validation/rules/cross-object.ts. */
export interface RequestRules {
  /** Restartable init containers count (1.29 on). */
  readonly sidecars: boolean;
  /** Pod-level requests count when set (1.34 on, PodLevelResources). */
  readonly podLevel: boolean;
}

/** Where the controller finds no request for a resource: a container, or the pod-level requests. */
export type MissingRequest = { readonly container: ContainerFacts } | { readonly podLevel: true };

/**
 * Where the HPA controller finds no request for `resource` (replica_calculator.go
 * `calculateRequests`), for a Resource metric (`container` undefined) or a ContainerResource
 * metric: every container, or the pod-level requests when they are set and count; `[]` when
 * every request it reads is there or the containers are not known. A ContainerResource metric
 * naming no container of the pod finds no request missing (HPA302 reports it).
 */
export function missingRequests(workload: WorkloadFacts, resource: string, container: string | undefined, rules: RequestRules): MissingRequest[] {
  if (!workload.containers) return [];
  if (container === undefined && rules.podLevel && workload.podRequests) {
    return workload.podRequests.includes(resource) ? [] : [{ podLevel: true }];
  }
  return scaledContainers(workload.containers, rules)
    .filter(c => (container === undefined || c.name === container) && !c.requests.includes(resource))
    .map(c => ({ container: c }));
}

/** The containers whose requests and usage the controller counts, in the pod's order. */
export function scaledContainers(containers: readonly ContainerFacts[], rules: RequestRules): ContainerFacts[] {
  return rules.sidecars ? [...containers] : containers.filter(c => !c.sidecar);
}

function objectOrEmpty(value: unknown): object {
  return isObject(value) ? value : {};
}
