/** Checks that need the scale target itself: its containers, their requests, its replicas. */
import { RuleContext } from './context';
import { DEFAULTED } from '../../model/defaults';
import { namespaceKey } from '../../model/object-keys';
import { isObject, isString } from '../../model/values';
import { WorkloadFacts } from '../../model/workload-facts';
import { IssueList, child } from '../issue-list';

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
      : `the target fixes replicas: ${workload.replicas}: every apply resets the replica count the autoscaler chose`,
    workload.replicasDropped ? 'remove replicas from the workload; minReplicas sets the floor' : 'remove replicas from the workload');
  }
  const containers = workload.containers;
  if (!containers) return;
  for (const { metric, path } of ctx.metrics) {
    if (metric.type === 'Resource' && isObject(metric.resource)) {
      const src = metric.resource;
      if (!isString(src.name) || !usesUtilization(src.target)) continue;
      const defaulted = (metric as any)[DEFAULTED] === true;
      for (const c of containers) {
        if (!c.requests.includes(src.name)) {
          ctx.out.invalid('HPA301', defaulted ? 'spec.metrics' : child(path, 'resource.target.averageUtilization'), src.target.averageUtilization,
            `${defaulted ? 'no metrics are set, so the API server adds CPU at 80% utilization, but ' : ''}container "${c.name}" of ${workload.kind}/${workload.name} has no ${src.name} request: the controller cannot compute utilization and the metric fails`,
            `give container "${c.name}" a ${src.name} request, or use an averageValue target`);
        }
      }
    } else if (metric.type === 'ContainerResource' && isObject(metric.containerResource)) {
      const src = metric.containerResource;
      if (!isString(src.container)) continue;
      const container = containers.find(c => c.name === src.container);
      if (!container) {
        ctx.out.invalid('HPA302', child(path, 'containerResource.container'), src.container,
          `${workload.kind}/${workload.name} has no container named "${src.container}"${containers.length ? ` (it has ${containers.map(c => `"${c.name}"`).join(', ')})` : ''}`,
          containers.length ? `use one of ${containers.map(c => `"${c.name}"`).join(', ')}` : undefined);
      } else if (isString(src.name) && usesUtilization(src.target) && !container.requests.includes(src.name)) {
        ctx.out.invalid('HPA301', child(path, 'containerResource.target.averageUtilization'), src.target.averageUtilization,
          `container "${container.name}" of ${workload.kind}/${workload.name} has no ${src.name} request: the controller cannot compute utilization`,
          `give container "${container.name}" a ${src.name} request, or use an averageValue target`);
      }
    }
  }
}

/** Whether the controller computes utilization: it reads averageValue first, whatever the type says. */
function usesUtilization(target: unknown): target is { [key: string]: any } {
  return isObject(target) && target.averageValue === undefined && (target.type === 'Utilization' || target.averageUtilization !== undefined);
}

/** An HPA whose target (`kind/name`) another HPA in the same input (`other`) already scales. */
export function reportDuplicateTarget(out: IssueList, target: string, other: string): void {
  out.invalid('HPA304', 'spec.scaleTargetRef', target,
    `${other} already scales this target: two autoscalers fight over its replica count`,
    'keep one HPA per target and put all metrics in it');
}
