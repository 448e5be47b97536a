import { ClusterFacts } from './cluster-facts';
import { parseQuantity, toMilli } from './quantity';
import { isObject } from './values';
import { GATE_POD_LEVEL_RESOURCES, GATE_SIDECAR_CONTAINERS } from '../private/kubernetes-releases';

/**
 * What the cross-object checks know about a scale target: from a cdk8s-plus workload in the
 * construct tree, or from a workload manifest in the same input (the command line).
 */
export interface WorkloadFacts {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly name?: string;
  readonly namespace?: string;
  /** Where the workload is (`deploy.yaml:12`), when the HPA's own file does not hold it. */
  readonly location?: string;
  /**
   * A `replicas` fixed in the workload's own spec: in a manifest as written, or, in an object read
   * from a cluster, one that a manager of the object sets itself (not the HPA, through the scale
   * subresource, and not the API server's default).
   */
  readonly replicas?: number;
  /** For an object read from a cluster, the managers that set `replicas` (its `managedFields`). */
  readonly replicasSetBy?: string[];
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
  /** Of `podRequests`, each whose quantities are all valid, and its sum in base units (cores, bytes). */
  readonly podRequestAmounts?: RequestAmounts;
}

/** Requests by resource name, in base units (cores, bytes): what a quantity's `AsApproximateFloat64` gives. */
export interface RequestAmounts {
  readonly [resource: string]: number;
}

export interface ContainerFacts {
  readonly name: string;
  /** Resource names with a request (or a limit, which the API server copies into the request). */
  readonly requests: string[];
  /** An init container with `restartPolicy: Always` (a native sidecar). */
  readonly sidecar?: boolean;
  /**
   * Of `requests`, each whose quantity is valid, and its amount in base units (`cpu: 250m` is
   * 0.25); absent when none is.
   */
  readonly amounts?: RequestAmounts;
}

/** The facts of a workload manifest (Deployment, StatefulSet, ReplicaSet, ...). */
export function workloadFactsFromManifest(manifest: any): WorkloadFacts {
  const spec = manifest?.spec;
  const setBy = readFromCluster(manifest) ? replicasManagers(manifest.metadata) : undefined;
  const pod = spec?.template?.spec;
  const containers = Array.isArray(pod?.containers) ? pod.containers.map((c: any) => containerFacts(c)) : undefined;
  const initContainers = Array.isArray(pod?.initContainers) ? pod.initContainers.map((c: any) => containerFacts(c)) : [];
  const podLevel = containers && podRequests(pod?.resources, [...containers, ...initContainers]);
  return {
    apiVersion: manifest?.apiVersion,
    kind: manifest?.kind,
    name: manifest?.metadata?.name,
    namespace: manifest?.metadata?.namespace,
    replicas: typeof spec?.replicas === 'number' && (setBy === undefined || setBy.length > 0) ? spec.replicas : undefined,
    ...(setBy && setBy.length > 0 && { replicasSetBy: setBy }),
    containers: containers && [...containers, ...initContainers.filter((c: ContainerFacts) => c.sidecar)],
    podRequests: podLevel && Object.keys(podLevel),
    podRequestAmounts: podLevel && valid(podLevel),
  };
}

/**
 * Whether the object was read from a cluster: the API server gives every object it stores a
 * `uid` and a `resourceVersion`, which manifests as written do not carry.
 */
function readFromCluster(manifest: any): boolean {
  const metadata = manifest?.metadata;
  return isObject(metadata) && (typeof metadata.uid === 'string' || typeof metadata.resourceVersion === 'string');
}

/**
 * The managers of an object read from a cluster that set `spec.replicas` themselves, by its
 * `managedFields`: not through the scale subresource (the HPA controller's way), and not the API
 * server's default, which no manager owns. Empty when the dump holds no `managedFields`
 * (`kubectl get` leaves them out unless `--show-managed-fields`): then nothing is known.
 */
function replicasManagers(metadata: any): string[] {
  if (!Array.isArray(metadata.managedFields)) return [];
  const managers = metadata.managedFields
    .filter((m: any) => isObject(m) && m.subresource !== 'scale' && isObject(m.fieldsV1?.['f:spec']) && 'f:replicas' in m.fieldsV1['f:spec'])
    .map((m: any) => String(m.manager ?? 'an unnamed manager'));
  return [...new Set<string>(managers)];
}

function containerFacts(c: any): ContainerFacts {
  const requests = effectiveRequests(c?.resources);
  const known = valid(requests);
  return {
    name: String(c?.name),
    requests: Object.keys(requests),
    ...(c?.restartPolicy === 'Always' && { sidecar: true }),
    ...(Object.keys(known).length > 0 && { amounts: known }),
  };
}

/** Resource name to its quantity in base units; undefined where the quantity is not valid. */
type Amounts = { [resource: string]: number | undefined };

/** The amounts whose quantity is valid. */
function valid(list: Amounts): RequestAmounts {
  const out: { [resource: string]: number } = {};
  for (const [name, value] of Object.entries(list)) if (value !== undefined) out[name] = value;
  return out;
}

/** A container's requests after the API server's defaulting: a limit without a request becomes the request. */
function effectiveRequests(resources: any): Amounts {
  const out = amounts(resources?.requests);
  const limits = amounts(resources?.limits);
  for (const r of Object.keys(limits)) if (!(r in out)) out[r] = limits[r];
  return out;
}

/** Each resource of a requests or limits map, and its amount. */
function amounts(list: unknown): Amounts {
  const out: Amounts = {};
  for (const [name, value] of Object.entries(objectOrEmpty(list))) out[name] = amountOf(value);
  return out;
}

function amountOf(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const q = parseQuantity(value);
  return q.ok ? q.value : undefined;
}

/** The resources a pod can have pod-level requests for (component-helpers `IsSupportedPodLevelResource`). */
function podLevelResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');
}

/**
 * `PodRequests` when the pod template has pod-level requests after the API server's defaulting
 * (defaults.go `defaultPodRequests`, from 1.37 the pod strategy's `PrepareForCreate`: with
 * pod-level limits, each supported resource a container requests or a pod-level limit names gets
 * a pod-level request), else `undefined`: every container's requests summed (init containers
 * included), the pod-level ones put over them.
 */
function podRequests(resources: any, allContainers: ContainerFacts[]): Amounts | undefined {
  const requested = amounts(resources?.requests);
  const limited = amounts(resources?.limits);
  // The containers' requests summed as the controller sums them, in milli-units; unknown where one is not valid.
  const fromContainers: Amounts = {};
  for (const c of allContainers) {
    for (const r of c.requests) {
      const sum = r in fromContainers ? fromContainers[r] : 0;
      const amount = c.amounts?.[r];
      fromContainers[r] = sum === undefined || amount === undefined ? undefined : (toMilli(sum) + toMilli(amount)) / 1000;
    }
  }
  const podLevel: Amounts = { ...requested };
  if (Object.keys(limited).length > 0) {
    for (const r of ['cpu', 'memory']) if (r in fromContainers && !(r in podLevel)) podLevel[r] = fromContainers[r];
    for (const r of Object.keys(limited)) if (!(r in podLevel)) podLevel[r] = limited[r];
  }
  const supported = Object.keys(podLevel).filter(podLevelResource);
  if (supported.length === 0) return undefined;
  const out: Amounts = { ...fromContainers };
  for (const r of supported) out[r] = podLevel[r];
  return out;
}

/** Which requests the HPA controller reads in a release (`requestRules()`). */
export interface RequestRules {
  /** Restartable init containers count (kubernetes-releases.ts `sidecarRequests`). */
  readonly sidecars: boolean;
  /** Pod-level requests count when set (kubernetes-releases.ts `podLevelRequests`). */
  readonly podLevel: boolean;
  /** Sidecars are read before the regular containers (kubernetes-releases.ts `sidecarsReadFirst`). */
  readonly sidecarsFirst: boolean;
}

/** Which requests the HPA controller of the cluster's release reads, with the cluster's gates. */
export function requestRules(cluster: ClusterFacts): RequestRules {
  const { controller } = cluster.release;
  return {
    sidecars: controller.sidecarRequests && cluster.gatesOn[GATE_SIDECAR_CONTAINERS],
    podLevel: controller.podLevelRequests && cluster.gatesOn[GATE_POD_LEVEL_RESOURCES],
    sidecarsFirst: controller.sidecarsReadFirst,
  };
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
  if (readsPodLevel(workload, container, rules)) {
    return workload.podRequests!.includes(resource) ? [] : [{ podLevel: true }];
  }
  return scaledContainers(workload.containers, rules)
    .filter(c => (container === undefined || c.name === container) && !c.requests.includes(resource))
    .map(c => ({ container: c }));
}

/**
 * Whether the requests the controller reads for `resource` add up to zero (each is `0`), for a
 * workload where `missingRequests` finds none missing: metrics/utilization.go
 * `GetResourceUtilizationRatio` divides by that sum and fails ("no metrics returned matched
 * known pods").
 */
export function requestsSumToZero(workload: WorkloadFacts, resource: string, container: string | undefined, rules: RequestRules): boolean {
  return podRequestOf(workload, resource, container, rules) === 0;
}

/**
 * Each pod's request for `resource` as the HPA controller sums it (replica_calculator.go
 * `calculateRequests`: every container it counts, in milli-units, or the pod-level request when
 * it reads that), for a Resource metric (`container` undefined) or a ContainerResource metric, in
 * base units (cores, bytes); undefined where a request is missing or not a valid quantity, the
 * containers are not known, or the metric's container is not one the controller counts.
 */
export function podRequestOf(workload: WorkloadFacts, resource: string, container: string | undefined, rules: RequestRules): number | undefined {
  if (!workload.containers) return undefined;
  if (readsPodLevel(workload, container, rules)) return workload.podRequestAmounts?.[resource];
  const counted = scaledContainers(workload.containers, rules).filter(c => container === undefined || c.name === container);
  if (counted.length === 0) return undefined;
  let milli = 0;
  for (const c of counted) {
    const amount = c.amounts?.[resource];
    if (amount === undefined) return undefined;
    milli += toMilli(amount);
  }
  return milli / 1000;
}

/** Whether the controller reads the pod-level requests: set, counted, and a metric of the whole pod. */
function readsPodLevel(workload: WorkloadFacts, container: string | undefined, rules: RequestRules): boolean {
  return container === undefined && rules.podLevel && workload.podRequests !== undefined;
}

/** The containers whose requests and usage the controller counts, in the order it reads them. */
export function scaledContainers(containers: readonly ContainerFacts[], rules: RequestRules): ContainerFacts[] {
  if (!rules.sidecars) return containers.filter(c => !c.sidecar);
  return rules.sidecarsFirst ? [...containers.filter(c => c.sidecar), ...containers.filter(c => !c.sidecar)] : [...containers];
}

function objectOrEmpty(value: unknown): object {
  return isObject(value) ? value : {};
}
