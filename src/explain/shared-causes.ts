/**
 * Causes that are the cluster's, not one HPA's: the resource metrics API (metrics-server) failing
 * the same way for every HPA with a Resource metric. Explained once for all of them, so that a
 * fleet read with `-A` does not repeat one diagnosis per HPA.
 */
import { Kubectl } from './commands';
import { ExplainFinding, HpaExplanation } from './hpa-explanation';
import { FAILED_GET_REASON } from '../simulation/conditions';
import { ConditionStatus, ConditionType } from '../status';

/** One cause shared by several HPAs. */
export interface SharedCause {
  /** What fails, in words: the same for each HPA. */
  readonly message: string;
  /** What to check or change, once. */
  readonly fix: string;
  /** The HPAs it is the cause of, by their index in the explanations given, with the findings it explains. */
  readonly members: ReadonlyArray<{ readonly index: number; readonly findings: readonly ExplainFinding[] }>;
}

/** The metric types the resource metrics API serves. */
const RESOURCE_TYPES = ['Resource', 'ContainerResource'];
/** The findings that say a Resource or ContainerResource metric cannot be read. */
const RESOURCE_FAILURES = ['EXP101', 'EXP102', 'EXP163'];

/**
 * The causes shared by two or more of `explanations`: the resource metrics API, when every HPA
 * with a Resource or ContainerResource metric that the controller read fails it with the same
 * error (the controller's words after `unable to get metrics for resource <name>:`, the resource
 * named alike), and none reads one.
 */
export function sharedCauses(explanations: readonly HpaExplanation[], kubectl: Kubectl): SharedCause[] {
  const failing = new Map<string, Array<{ index: number; findings: ExplainFinding[] }>>();
  const said = new Map<string, string>();
  let readers = 0;
  explanations.forEach((e, index) => {
    const resource = e.metrics.filter(m => RESOURCE_TYPES.includes(m.type));
    if (resource.some(m => m.current !== undefined)) readers++;
    const read = resourceMetricsError(e);
    if (read === undefined) return;
    const error = read.key;
    if (!said.has(error)) said.set(error, read.words);
    const findings = e.findings.filter(f => RESOURCE_FAILURES.includes(f.findingId) && resource.some(m => f.path.startsWith(m.path)));
    const same = failing.get(error);
    if (same) same.push({ index, findings }); else failing.set(error, [{ index, findings }]);
  });
  if (readers > 0) return [];
  return [...failing].filter(([, members]) => members.length >= 2).map(([error, members]) => ({
    message: `the resource metrics API (metrics.k8s.io) fails the same way for every HPA with a Resource metric (${members.length}): ${said.get(error)}; `
      + 'metrics-server (or the adapter serving metrics.k8s.io) is down, not installed, or cannot read the kubelets',
    fix: `see which service serves the API and why it is not available: ${kubectl(['get', 'apiservice', 'v1beta1.metrics.k8s.io', '-o', 'yaml'])}; `
      + `then that service's pods and logs (metrics-server, often in kube-system); ${kubectl(['top', 'nodes'])} works again when it is back`,
    members,
  }));
}

/**
 * The error of the resource metrics API an HPA's controller met, as its condition (a failure that
 * blocks the HPA) or its newest `FailedGet(Container)ResourceMetric` event says it, with the
 * resource's name left out to compare (`key`) and as said (`words`); undefined when it met none.
 */
function resourceMetricsError(e: HpaExplanation): { key: string; words: string } | undefined {
  const active = e.status?.conditions?.find(c => c.type === ConditionType.SCALING_ACTIVE);
  const reasons = RESOURCE_TYPES.map(t => FAILED_GET_REASON[t]);
  const said = active?.status === ConditionStatus.FALSE && reasons.includes(active.reason ?? '') ? active.message
    : e.failingMetrics.length > 0 ? [...e.events].reverse().find(ev => reasons.includes(ev.reason))?.message : undefined;
  const m = /unable to get metrics for resource (\S+): (.*)$/.exec(said ?? '');
  if (!m) return undefined;
  return { key: m[2].split(m[1]).join('<resource>').trim(), words: m[2].trim() };
}
