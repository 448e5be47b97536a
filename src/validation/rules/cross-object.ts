/**
 * Checks that need the objects around the HPA: its target's containers, their requests and its
 * replicas; a target the input should hold; another autoscaler on the same target.
 */
import { RuleContext } from './context';
import { ClusterFacts } from '../../model/cluster-facts';
import { DEFAULTED } from '../../model/defaults';
import { kedaTargetType, SCALED_OBJECT_KIND } from '../../model/keda';
import { namespaceKey } from '../../model/object-keys';
import { MissingTarget, OtherHpa, WorkloadRef } from '../../model/related-objects';
import { isObject, isString } from '../../model/values';
import {
  ContainerFacts, missingRequests, RequestRules, requestRules, requestsSumToZero, scaledContainers, WorkloadFacts,
} from '../../model/workload-facts';
import {
  declareGate, declareVersion, firstReleaseWhere, GATE_POD_LEVEL_RESOURCES, GATE_SIDECAR_CONTAINERS,
} from '../../private/kubernetes-releases';
import { IssueList, child } from '../issue-list';
import { containerResourceNameErrors } from '../names';

/** The first releases whose controller reads sidecars' and pod-level requests. */
const SIDECAR_REQUESTS_SINCE = `1.${firstReleaseWhere(r => r.controller.sidecarRequests)}`;
const POD_LEVEL_REQUESTS_SINCE = `1.${firstReleaseWhere(r => r.controller.podLevelRequests)}`;

export function checkAgainstWorkload(ctx: RuleContext, workload: WorkloadFacts): void {
  const hpaNamespace = isObject(ctx.manifest.metadata) ? ctx.manifest.metadata.namespace : undefined;
  if (namespaceKey(hpaNamespace) !== namespaceKey(workload.namespace)) {
    const where = (ns: unknown) => (isString(ns) ? `namespace "${ns}"` : 'the namespace it is applied to');
    ctx.out.invalid('HPA305', 'metadata.namespace', hpaNamespace ?? '',
      `the controller looks ${workload.kind}/${workload.name} up in the HPA's own namespace (${where(hpaNamespace)}), but the workload is in ${where(workload.namespace)}: the HPA cannot read its scale and never scales it`,
      isString(workload.namespace) ? `set the HPA's metadata.namespace to "${workload.namespace}"` : 'give the HPA and its target the same namespace');
    return;
  }
  if (typeof workload.replicas === 'number') {
    ctx.out.invalid('HPA303', 'spec.scaleTargetRef', `${workload.kind}/${workload.name}`, workload.replicasDropped
      ? `the target sets replicas: ${workload.replicas}, which cdk8s-plus leaves out of the manifest while an HPA scales the workload: the value is silently ignored`
      : workload.replicasSetBy
        ? `the target${whereIs(workload)} fixes replicas: ${workload.replicas}, set by ${workload.replicasSetBy.join(', ')} (its managedFields): each of their updates resets the replica count the autoscaler chose`
        : `the target${whereIs(workload)} fixes replicas: ${workload.replicas}: every apply resets the replica count the autoscaler chose`,
    workload.replicasDropped ? 'remove replicas from the workload; minReplicas sets the floor' : 'remove replicas from the workload');
  }
  const containers = workload.containers;
  if (!containers) return;
  const rules = requestRules(ctx.cluster);
  const scaled = scaledContainers(containers, rules);
  const target = `${workload.kind}/${workload.name}${whereIs(workload)}`;
  for (const { metric, path } of ctx.metrics) {
    if (metric.type === 'Resource' && isObject(metric.resource)) {
      const src = metric.resource;
      if (!readableResource(src.name) || !usesUtilization(src.target)) continue;
      const defaulted = (metric as any)[DEFAULTED] === true;
      const at = defaulted ? 'spec.metrics' : child(path, 'resource.target.averageUtilization');
      const lead = defaulted ? 'no metrics are set, so the API server adds CPU at 80% utilization, but ' : '';
      const lacking = missingRequests(workload, src.name, undefined, rules);
      for (const missing of lacking) {
        if ('podLevel' in missing) {
          ctx.out.invalid('HPA301', at, src.target.averageUtilization,
            `${lead}the pod template of ${target} sets pod-level requests (spec.template.spec.resources) without ${src.name}, and no container requests ${src.name}: the controller reads the pod-level requests, cannot compute utilization and the metric fails`,
            `add ${src.name} to the pod-level requests (spec.template.spec.resources.requests.${src.name}), or use an averageValue target`);
        } else {
          ctx.out.invalid('HPA301', at, src.target.averageUtilization,
            `${lead}${describe(missing.container)} of ${target} has no ${src.name} request: the controller cannot compute utilization and the metric fails${podLevelIgnored(workload, src.name, rules, ctx)}`,
            `give ${describe(missing.container)} a ${src.name} request, or use an averageValue target`);
        }
      }
      if (lacking.length === 0 && requestsSumToZero(workload, src.name, undefined, rules)) {
        reportZeroRequests(ctx, at, src.target.averageUtilization, `${lead}the ${src.name} requests of ${target} add up to 0`, src.name);
      }
    } else if (metric.type === 'ContainerResource' && isObject(metric.containerResource)) {
      const src = metric.containerResource;
      if (!isString(src.container)) continue;
      const container = scaled.find(c => c.name === src.container);
      if (!container) {
        const names = scaled.map(c => `"${c.name}"`).join(', ');
        const sidecar = containers.find(c => c.name === src.container && c.sidecar);
        ctx.out.invalid('HPA302', child(path, 'containerResource.container'), src.container,
          sidecar
            ? `"${src.container}" is a sidecar init container of ${target}, which the controller counts only from Kubernetes ${SIDECAR_REQUESTS_SINCE} on with ${GATE_SIDECAR_CONTAINERS} on: in this cluster the pods have no container of that name to read`
            : `${target} has no container named "${src.container}"${scaled.length ? ` (it has ${names})` : ''}`,
          sidecar
            ? !ctx.cluster.release.controller.sidecarRequests ? declareVersion(SIDECAR_REQUESTS_SINCE) : declareGate(GATE_SIDECAR_CONTAINERS)
            : scaled.length ? `use one of ${names}` : undefined);
      } else if (readableResource(src.name) && usesUtilization(src.target) && !container.requests.includes(src.name)) {
        ctx.out.invalid('HPA301', child(path, 'containerResource.target.averageUtilization'), src.target.averageUtilization,
          `${describe(container)} of ${target} has no ${src.name} request: the controller cannot compute utilization`,
          `give ${describe(container)} a ${src.name} request, or use an averageValue target`);
      } else if (readableResource(src.name) && usesUtilization(src.target) && requestsSumToZero(workload, src.name, src.container, rules)) {
        reportZeroRequests(ctx, child(path, 'containerResource.target.averageUtilization'), src.target.averageUtilization,
          `the ${src.name} request of ${describe(container)} of ${target} is 0`, src.name);
      }
    }
  }
}

/**
 * Whether a metric's resource name is one the controller can read requests of: a misspelt one
 * (`memroy`) is reported once where it is written (HPA113, HPA206), not again as a request the
 * containers lack.
 */
function readableResource(name: unknown): name is string {
  return isString(name) && name !== '' && containerResourceNameErrors(name).length === 0;
}

/** Requests that are all `0`: utilization is usage over their sum (HPA301). */
function reportZeroRequests(ctx: RuleContext, at: string, value: unknown, zero: string, resource: string): void {
  ctx.out.invalid('HPA301', at, value,
    `${zero}: the controller divides usage by the requests, cannot compute utilization and the metric fails ("no metrics returned matched known pods")`,
    `request more than 0 ${resource}, or use an averageValue target`);
}

/** Where the target is, when the input holds it in another file than the HPA: ` (deploy.yaml:12)`. */
function whereIs(workload: WorkloadFacts): string {
  return workload.location ? ` (${workload.location})` : '';
}

function describe(container: ContainerFacts): string {
  return container.sidecar ? `sidecar init container "${container.name}"` : `container "${container.name}"`;
}

/** Why a pod-level request for `resource` does not help here, if the template has one. */
function podLevelIgnored(workload: WorkloadFacts, resource: string, rules: RequestRules, ctx: RuleContext): string {
  if (rules.podLevel || !workload.podRequests?.includes(resource)) return '';
  return !ctx.cluster.release.controller.podLevelRequests
    ? ` (the controller reads pod-level requests from Kubernetes ${POD_LEVEL_REQUESTS_SINCE} on, with ${GATE_POD_LEVEL_RESOURCES})`
    : ` (the controller reads pod-level requests only with ${GATE_POD_LEVEL_RESOURCES} on, which this cluster profile turns off)`;
}

/** Whether the controller computes utilization: it reads averageValue first, whatever the type says. */
function usesUtilization(target: unknown): target is { [key: string]: any } {
  return isObject(target) && target.averageValue === undefined && (target.type === 'Utilization' || target.averageUtilization !== undefined);
}

/** The HPA that HPA304 is reported on. */
export interface ThisHpa {
  /** Its `scaleTargetRef`, as far as its fields are strings. */
  readonly ref: { readonly apiVersion?: string; readonly kind?: string; readonly name?: string };
  readonly name?: string;
  /** The ScaledObject that owns it, when KEDA made it: its fix is made there, not in the HPA. */
  readonly scaledObject?: string;
}

/**
 * An HPA whose target another autoscaler of the same input (`other`) already scales: another
 * HPA, or a KEDA ScaledObject.
 */
export function reportDuplicateTarget(out: IssueList, hpa: ThisHpa, other: OtherHpa, cluster: ClusterFacts): void {
  const { ref, scaledObject } = hpa;
  const where = other.where !== undefined ? ` (${other.where})` : '';
  const keda = other.keda;
  const who = other.kind === SCALED_OBJECT_KIND && keda
    ? `ScaledObject "${keda.scaledObject}"${where}, through the HPA KEDA makes of it ("${keda.hpa}"),`
    : `${other.kind}${other.name !== undefined ? ` "${other.name}"` : ''}${where}${keda ? `, which KEDA makes of ScaledObject "${keda.scaledObject}",` : ''}`;
  // From 1.26 the controller finds the pods of each selected by both (horizontal.go, validateAndParseSelector).
  let message = cluster.release.controller.ambiguousSelector
    ? `${who} also scales this target: the controller sets ScalingActive=False (AmbiguousSelector: the pods are controlled by more than one HPA) on both, and neither scales`
    : `${who} already scales this target: two autoscalers fight over its replica count (Kubernetes ${cluster.version}; from 1.26 neither scales: AmbiguousSelector)`;
  let fix = 'keep one HPA per target and put all metrics in it';
  // KEDA's admission webhook refuses a ScaledObject on a target that another HPA or ScaledObject
  // already scales (apis/keda/v1alpha1/scaledobject_webhook.go); nothing refuses a later HPA.
  const refused = (type: string, by: string) => ` (KEDA's admission webhook refuses a ScaledObject on a target already scaled: "the workload '${ref.name}' of type '${type}' is already managed by the ${by}")`;
  if (scaledObject !== undefined && keda !== undefined) {
    message += refused(keda.targetType, `ScaledObject '${keda.scaledObject}'`);
    fix = `keep one ScaledObject per target: merge the triggers of ScaledObjects "${scaledObject}" and "${keda.scaledObject}" into one`;
  } else if (scaledObject !== undefined) {
    message += refused(kedaTargetType({ apiVersion: ref.apiVersion ?? '', kind: ref.kind ?? '' }), `hpa '${other.name ?? ''}'`);
    fix = `KEDA makes this HPA from ScaledObject "${scaledObject}" and puts back any change to it: remove the other HPA${other.name !== undefined ? ` "${other.name}"` : ''} (the ScaledObject's triggers can take its metrics), or the ScaledObject`;
  } else if (keda !== undefined) {
    message += refused(keda.targetType, `hpa '${hpa.name ?? ''}'`);
    fix = `remove this HPA and let ScaledObject "${keda.scaledObject}" scale the target: give its metrics to the ScaledObject's triggers (KEDA's cpu and memory scalers take utilization targets)`;
  }
  out.invalid('HPA304', 'spec.scaleTargetRef', `${ref.kind}/${ref.name}`, message, fix);
}

/**
 * A target the input does not hold, though it holds the workloads of the HPA's namespace
 * (HPA306): the controller finds nothing to scale. The fix names the closest workload.
 */
export function reportMissingTarget(ctx: RuleContext, missing: MissingTarget): void {
  const ref = ctx.spec.scaleTargetRef;
  if (!isObject(ref) || !isString(ref.kind) || !isString(ref.name)) return;
  const namespace = isObject(ctx.manifest.metadata) && isString(ctx.manifest.metadata.namespace)
    ? `namespace "${ctx.manifest.metadata.namespace}"` : 'the namespace it is applied to';
  const named = missing.present.map(w => `${w.kind}/${w.name}`);
  const more = missing.more > 0 ? ` and ${missing.more} more` : '';
  const optOut = `if something outside this input makes ${ref.kind}/${ref.name} (an operator, another chart), set HPA306 off for this HPA (annotation cdk8s-hpa.io/rules: "HPA306=off")`;
  const closest = missing.closest;
  ctx.out.invalid('HPA306', closest && closest.name === ref.name ? 'spec.scaleTargetRef.kind' : 'spec.scaleTargetRef.name',
    closest && closest.name === ref.name ? ref.kind : ref.name,
    `the input holds workloads of ${namespace} (${named.join(', ')}${more}), but no ${ref.kind} "${ref.name}": the controller cannot get the target's scale (FailedGetScale, not found) and never scales it`,
    `${closest ? retarget(ref, closest) : 'name a workload of the input'}; ${optOut}`);
}

/** The change of `scaleTargetRef` that makes it name `to`. */
function retarget(ref: { [key: string]: any }, to: WorkloadRef): string {
  const at = to.where !== undefined ? ` (${to.where})` : '';
  const apiVersion = to.apiVersion !== undefined && to.apiVersion !== ref.apiVersion ? ` and apiVersion to "${to.apiVersion}"` : '';
  if (to.name === ref.name) return `set kind to "${to.kind}"${apiVersion}: the input holds ${to.kind}/${to.name}${at}`;
  if (to.kind === ref.kind) return `set name to "${to.name}", the ${to.kind} the input holds${at}`;
  return `set kind to "${to.kind}"${apiVersion} and name to "${to.name}": the input holds ${to.kind}/${to.name}${at}`;
}
