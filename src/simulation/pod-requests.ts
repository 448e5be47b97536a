/**
 * The request each pod has that a Utilization metric's usages are compared with: given
 * (`podRequests`), read from the target workload's pod template as the controller reads the pods'
 * requests (the model's workload facts and `podRequestOf`, the reader of the cross-object checks),
 * or none known: 100, so usages read as percent of the request.
 */
import { SimMetric, SimSpec } from './hpa-spec';
import { DEFAULT_POD_REQUEST } from './replica-calculator';
import { PodRequestSource } from './simulation-step';
import { ClusterFacts } from '../model/cluster-facts';
import { podRequestOf, requestRules, workloadFactsFromManifest } from '../model/workload-facts';

/** The workload's request for each metric of a spec, as the controller of the cluster's release reads it. */
export interface WorkloadRequests {
  /** The workload, as `Kind/name`. */
  readonly name: string;
  /** Per spec metric, the pods' request for a Utilization metric's resource; undefined when none is known. */
  readonly requests: ReadonlyArray<number | undefined>;
}

/** What a run compares one Utilization metric's usages with. */
export interface ResolvedRequest {
  readonly value: number;
  readonly source: PodRequestSource;
  readonly resource: string;
  /** The key of `podRequests` that gave it, or that would give it (`app/cpu` or `cpu`). */
  readonly key: string;
  /** The workload's request, when known. */
  readonly workload?: number;
}

/** The requests of `manifest`'s pod template for the spec's Utilization metrics, under the cluster's release and gates. */
export function workloadRequests(manifest: any, spec: SimSpec, cluster: ClusterFacts): WorkloadRequests {
  const facts = workloadFactsFromManifest(manifest);
  const rules = requestRules(cluster);
  return {
    name: `${facts.kind ?? '<no kind>'}/${facts.name ?? '<no name>'}`,
    requests: spec.metrics.map(m => (m.targetType === 'Utilization' && m.resource !== undefined
      ? podRequestOf(facts, m.resource, m.type === 'ContainerResource' ? m.container : undefined, rules) : undefined)),
  };
}

/**
 * Per spec metric, the request its usages are compared with (undefined for a metric that is not
 * Utilization): `podRequests` by `container/resource`, then by resource; else, where the usages
 * are in base units (`fromWorkload`: a replay of history), the workload's; else 100.
 */
export function resolveRequests(spec: SimSpec, podRequests: { readonly [resource: string]: number } | undefined,
  workload: WorkloadRequests | undefined, fromWorkload: boolean): Array<ResolvedRequest | undefined> {
  return spec.metrics.map((m, i) => {
    if (m.targetType !== 'Utilization' || m.resource === undefined) return undefined;
    const known = workload?.requests[i];
    const given = optionKey(m, podRequests);
    const base = { resource: m.resource, key: given ?? ownKey(m, m.resource), ...(known !== undefined && { workload: known }) };
    if (given !== undefined) return { ...base, value: podRequests![given], source: PodRequestSource.POD_REQUESTS };
    if (fromWorkload && known !== undefined) return { ...base, value: known, source: PodRequestSource.WORKLOAD };
    return { ...base, value: DEFAULT_POD_REQUEST, source: PodRequestSource.PERCENT };
  });
}

/**
 * The requests as `podRequests` the run reads (`podRequest()` of simulation-run.ts): each
 * Utilization metric's under its own key, so no metric falls back to another's.
 */
export function effectivePodRequests(spec: SimSpec, resolved: ReadonlyArray<ResolvedRequest | undefined>,
  given: { readonly [resource: string]: number } | undefined): { [resource: string]: number } {
  const out: { [resource: string]: number } = { ...given };
  spec.metrics.forEach((m, i) => {
    const r = resolved[i];
    if (r !== undefined) out[ownKey(m, r.resource)] = r.value;
  });
  return out;
}

/** The key of `podRequests` that gives the metric's request, as the run looks it up. */
function optionKey(m: SimMetric, podRequests: { readonly [resource: string]: number } | undefined): string | undefined {
  if (podRequests === undefined || m.resource === undefined) return undefined;
  const own = ownKey(m, m.resource);
  if (podRequests[own] !== undefined) return own;
  return podRequests[m.resource] !== undefined ? m.resource : undefined;
}

/** The metric's own key: `container/resource` for ContainerResource, else the resource. */
function ownKey(m: SimMetric, resource: string): string {
  return m.container !== undefined ? `${m.container}/${resource}` : resource;
}
