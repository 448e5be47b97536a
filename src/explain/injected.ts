/**
 * Containers a mutating admission webhook injects into the pods (a service mesh's proxy, a
 * secrets agent): present in the Pod, absent from the workload's pod template. Their requests
 * count for a Resource metric like any other container's, but are set where the injector reads
 * them (annotations on the pod template, or the injector's own configuration), not in the
 * template's containers, where a user would look for them in vain.
 */
import { Env } from './context';
import { isObject } from '../model/values';

/** An injector this library knows, by the container it adds. */
interface Injector {
  readonly container: string;
  readonly by: string;
  /** The pod template annotation that sets the container's request, by resource. */
  readonly annotations: { readonly [resource: string]: string };
  /** Where the injector's default requests live. */
  readonly defaults: string;
}

const INJECTORS: readonly Injector[] = [
  {
    container: 'istio-proxy',
    by: 'Istio\'s sidecar injector',
    annotations: { cpu: 'sidecar.istio.io/proxyCPU', memory: 'sidecar.istio.io/proxyMemory' },
    defaults: 'the mesh-wide default, global.proxy.resources of Istio\'s install values',
  },
  {
    container: 'linkerd-proxy',
    by: 'Linkerd\'s proxy injector',
    annotations: { cpu: 'config.linkerd.io/proxy-cpu-request', memory: 'config.linkerd.io/proxy-memory-request' },
    defaults: 'the control plane\'s default, proxy.resources of Linkerd\'s Helm values',
  },
  {
    container: 'vault-agent',
    by: 'Vault\'s agent injector',
    annotations: { cpu: 'vault.hashicorp.com/agent-requests-cpu', memory: 'vault.hashicorp.com/agent-requests-mem' },
    defaults: 'the injector\'s defaults, agentDefaults of the Vault Helm values',
  },
];

/** A request to give an injected proxy, as an example value. */
const EXAMPLE: { readonly [resource: string]: string } = { cpu: '100m', memory: '128Mi' };

/** What is known of a container of the pods that lacks a request. */
export interface InjectedContainer {
  /** The injector, when the container is one this library knows. */
  readonly injector?: Injector;
  /** The scale target, as `Kind/name`, whose pod template does not hold the container (when the input holds it). */
  readonly notIn?: string;
  /** A container of the template that has a request for the resource, for a ContainerResource metric. */
  readonly measured?: string;
}

/**
 * Whether `container`, found in the pods, was injected: the input's scale target has a pod
 * template without it, or (without the target) its name is a known injector's. Undefined when it
 * is the template's own, or nothing tells.
 */
export function injectedContainer(container: string, resource: string, env: Env): InjectedContainer | undefined {
  const injector = INJECTORS.find(i => i.container === container);
  const target = env.related.target;
  const pod = target?.spec?.template?.spec;
  if (!isObject(pod) || !Array.isArray(pod.containers)) return injector ? { injector } : undefined;
  const all: any[] = [...pod.containers, ...(Array.isArray(pod.initContainers) ? pod.initContainers : [])];
  if (all.some(c => isObject(c) && c.name === container)) return undefined;
  const has = (amounts: unknown) => isObject(amounts) && amounts[resource] !== undefined;
  const measured = pod.containers.find((c: any) => isObject(c) && isObject(c.resources) && (has(c.resources.requests) || has(c.resources.limits)));
  return { injector, notIn: `${target!.kind}/${target!.metadata?.name}`, measured: measured?.name };
}

/** Where an injected container's request for `resource` is set, and the metric that does without it. */
export function injectedRequestFix(container: string, resource: string, injected: InjectedContainer): string {
  const { injector, notIn, measured } = injected;
  const where = notIn ? ` (it is in the pods, not in the pod template of ${notIn})` : '';
  const who = injector ? injector.by : 'a mutating admission webhook';
  const annotation = injector?.annotations[resource];
  const set = injector
    ? `set its ${resource} request where ${injector.by} reads it: ${annotation ? `the pod template annotation ${annotation}${EXAMPLE[resource] ? ` (e.g. "${EXAMPLE[resource]}")` : ''}, or ` : ''}${injector.defaults}`
    : `set its ${resource} request in that webhook's configuration, or the annotations it reads on the pod template (kubectl get mutatingwebhookconfigurations names the webhooks)`;
  const metric = measured ? `a ContainerResource metric on container "${measured}"` : 'a ContainerResource metric on the application\'s container';
  return `container "${container}" is injected by ${who}${where}: ${set}; or use ${metric}, which reads that container's request alone, or an averageValue target`;
}
