/**
 * Reads, for each HPA, what the HPA controller reads (kube-controller-manager's
 * podautoscaler/horizontal.go): the HPA as autoscaling/v2 (whatever version it was written in),
 * its target through the scale subresource and the object itself, the pods the scale's selector
 * picks, the HPA's events, and, when asked, the metrics APIs the controller queries. Objects come
 * back as `kubectl get -o yaml` prints them: with `apiVersion` and `kind`, without
 * `metadata.managedFields`.
 */
import { ClusterError, ConnectOptions, KubeClient, RequestError, RequestSubject, seg } from './kube-client';
import { MetricReading, readMetrics } from './metrics-reader';

export { ClusterError };

/** What to read. */
export interface LiveReadOptions extends ConnectOptions {
  /** `-n`: the namespace (default: the context's, else `default`). */
  readonly namespace?: string;
  /** `-A`: the HPAs of every namespace. */
  readonly allNamespaces?: boolean;
  /** HPA names in the namespace; none: every HPA of it. */
  readonly names?: readonly string[];
  /** `--metrics`: read the metrics APIs as the controller does. */
  readonly metrics?: boolean;
}

/** One HPA and what the controller reads for it. */
export interface LiveHpa {
  /** The HPA as autoscaling/v2. */
  readonly hpa: any;
  /** The object `spec.scaleTargetRef` names, when it exists. */
  readonly target?: any;
  /** The target's scale subresource (autoscaling/v1 `Scale`), when it answers. */
  readonly scale?: any;
  /** The pods of `scale.status.selector` in the HPA's namespace. */
  readonly pods: any[];
  /** The core/v1 events about the HPA, oldest first. */
  readonly events: any[];
  /** With `metrics`: each metric of the spec as the metrics API answered, in spec order. */
  readonly metrics: MetricReading[];
  /** What the controller needs and could not be read (a missing target, a scale without a selector). */
  readonly problems: string[];
}

/** What was read, and from where. */
export interface LiveReading {
  readonly context: string;
  readonly server: string;
  /** The server's `gitVersion` (`v1.36.3`), when `/version` answered. */
  readonly version?: string;
  /** The namespace read, or undefined with `allNamespaces`. */
  readonly namespace?: string;
  readonly hpas: LiveHpa[];
}

/** The resource the HPA controller reads HPAs through. */
const HPA_RESOURCE = 'horizontalpodautoscalers.autoscaling';
const HPA_API = '/apis/autoscaling/v2';

/** Reads the HPAs `options` name and what the controller reads for each; throws `ClusterError`. */
export async function readLive(options: LiveReadOptions): Promise<LiveReading> {
  const client = await KubeClient.connect(options);
  const namespace = options.allNamespaces ? undefined : options.namespace ?? client.namespace;
  if (namespace === undefined && options.names && options.names.length > 0) {
    throw new ClusterError('HPA names need one namespace: give -n instead of -A');
  }
  const reader = new Reader(client);
  const hpas = await reader.hpas(namespace, options.names ?? []);
  const events = await reader.hpaEvents(hpas);
  const live = await inBatches(hpas, hpa => reader.related(hpa, events, options.metrics === true));
  const version = await client.get('/version', { verb: 'get', resource: 'version' }).then(v => v?.gitVersion, () => undefined);
  return { context: client.context, server: client.server, version: typeof version === 'string' ? version : undefined, namespace, hpas: live };
}

/** The reads of one run, with the API discovery they share. */
class Reader {
  private readonly resources = new Map<string, Promise<any[] | undefined>>();

  constructor(private readonly client: KubeClient) {}

  async hpas(namespace: string | undefined, names: readonly string[]): Promise<any[]> {
    if (names.length > 0) {
      return Promise.all(names.map(async name => asDumped(await this.client.get(`${HPA_API}/namespaces/${seg(namespace!)}/horizontalpodautoscalers/${seg(name)}`,
        { verb: 'get', resource: HPA_RESOURCE, namespace, name }))));
    }
    const path = namespace === undefined ? `${HPA_API}/horizontalpodautoscalers` : `${HPA_API}/namespaces/${seg(namespace)}/horizontalpodautoscalers`;
    const list = await this.client.get(path, { verb: 'list', resource: HPA_RESOURCE, namespace });
    return itemsOf(list);
  }

  /** The HPA events of each namespace in one list, by HPA uid (as `kubectl describe hpa` matches them). */
  async hpaEvents(hpas: any[]): Promise<Map<string, any[]>> {
    const namespaces = [...new Set(hpas.map(h => h.metadata?.namespace as string))];
    const byUid = new Map<string, any[]>();
    await Promise.all(namespaces.map(async namespace => {
      const list = await this.client.get(`/api/v1/namespaces/${seg(namespace)}/events`, { verb: 'list', resource: 'events', namespace },
        { fieldSelector: 'involvedObject.kind=HorizontalPodAutoscaler' });
      for (const event of itemsOf(list)) {
        const uid = event.involvedObject?.uid;
        if (typeof uid !== 'string') continue;
        const same = byUid.get(uid);
        if (same) same.push(event); else byUid.set(uid, [event]);
      }
    }));
    for (const events of byUid.values()) events.sort((a, b) => eventTime(a).localeCompare(eventTime(b)));
    return byUid;
  }

  async related(hpa: any, events: Map<string, any[]>, metrics: boolean): Promise<LiveHpa> {
    const namespace: string = hpa.metadata.namespace;
    const problems: string[] = [];
    const ref = hpa.spec?.scaleTargetRef ?? {};
    const target = await this.target(namespace, ref, problems);
    let pods: any[] = [];
    const selector: unknown = target?.scale?.status?.selector;
    if (target?.scale && (typeof selector !== 'string' || selector === '')) {
      problems.push(`the scale subresource of ${ref.kind}/${ref.name} has no selector (status.selector): the HPA controller cannot pick its pods`);
    } else if (typeof selector === 'string') {
      pods = itemsOf(await this.client.get(`/api/v1/namespaces/${seg(namespace)}/pods`, { verb: 'list', resource: 'pods', namespace }, { labelSelector: selector }));
    }
    const readings = metrics ? await readMetrics(this.client, hpa, typeof selector === 'string' ? selector : undefined, (g, v, k) => this.resourceFor(g, v, k)) : [];
    return {
      hpa,
      target: target?.object,
      scale: target?.scale,
      pods,
      events: events.get(hpa.metadata.uid) ?? [],
      metrics: readings,
      problems,
    };
  }

  /** The target object and its scale subresource, found through API discovery as the controller's REST mapper finds them. */
  private async target(namespace: string, ref: any, problems: string[]): Promise<{ object?: any; scale?: any } | undefined> {
    if (typeof ref.kind !== 'string' || typeof ref.name !== 'string' || typeof ref.apiVersion !== 'string') {
      problems.push('spec.scaleTargetRef does not name a target (apiVersion, kind and name)');
      return undefined;
    }
    const [group, version] = ref.apiVersion.includes('/') ? ref.apiVersion.split('/', 2) : ['', ref.apiVersion];
    const resources = await this.resourcesOf(group, version);
    const resource = resources?.find((r: any) => r.kind === ref.kind && typeof r.name === 'string' && !r.name.includes('/'));
    if (!resource) {
      problems.push(`the cluster serves no kind ${ref.kind} in ${ref.apiVersion}: the HPA controller cannot find the target`);
      return undefined;
    }
    const kubectlName = group === '' ? resource.name : `${resource.name}.${group}`;
    const base = `${apiRoot(group, version)}/namespaces/${seg(namespace)}/${resource.name}/${seg(ref.name)}`;
    const object = await this.getIfFound(base, { verb: 'get', resource: kubectlName, namespace, name: ref.name });
    if (!object) {
      problems.push(`the target ${ref.kind}/${ref.name} does not exist in namespace "${namespace}"`);
      return undefined;
    }
    if (!resources!.some((r: any) => r.name === `${resource.name}/scale`)) {
      problems.push(`${kubectlName} has no scale subresource: the HPA controller cannot scale ${ref.kind}/${ref.name}`);
      return { object: asDumped(object, ref.apiVersion, ref.kind) };
    }
    const scale = await this.client.get(`${base}/scale`, { verb: 'get', resource: `${kubectlName}/scale`, namespace, name: ref.name });
    return { object: asDumped(object, ref.apiVersion, ref.kind), scale: asDumped(scale) };
  }

  private async getIfFound(path: string, subject: RequestSubject): Promise<any | undefined> {
    try {
      return await this.client.get(path, subject);
    } catch (e) {
      if (e instanceof RequestError && e.status === 404) return undefined;
      throw e;
    }
  }

  /** The resource of `kind` in a group version, or undefined when the cluster does not serve it. */
  async resourceFor(group: string, version: string, kind: string): Promise<string | undefined> {
    const resources = await this.resourcesOf(group, version);
    return resources?.find((r: any) => r.kind === kind && typeof r.name === 'string' && !r.name.includes('/'))?.name;
  }

  /** The resources a group version serves (its discovery document), or undefined when it serves none. */
  private resourcesOf(group: string, version: string): Promise<any[] | undefined> {
    const key = `${group}/${version}`;
    let found = this.resources.get(key);
    if (!found) {
      const resource = group === '' ? `api/${version}` : `apis/${group}/${version}`;
      found = this.getIfFound(apiRoot(group, version), { verb: 'get', resource: `discovery of ${resource}` })
        .then(doc => Array.isArray(doc?.resources) ? doc.resources : undefined);
      this.resources.set(key, found);
    }
    return found;
  }
}

/**
 * How many HPAs are read at once: each takes three to six requests, and a cluster's API priority
 * and fairness queues a client that sends hundreds at a time.
 */
const PARALLEL_HPAS = 8;

/** `read` over `items`, `PARALLEL_HPAS` at a time, results in order. */
async function inBatches<T, R>(items: T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL_HPAS) {
    results.push(...await Promise.all(items.slice(i, i + PARALLEL_HPAS).map(read)));
  }
  return results;
}

/** `/api/v1` for the core group, `/apis/apps/v1` for the others. */
function apiRoot(group: string, version: string): string {
  return group === '' ? `/api/${seg(version)}` : `/apis/${seg(group)}/${seg(version)}`;
}

/** The items of a list response, each with the `apiVersion` and `kind` kubectl gives them. */
function itemsOf(list: any): any[] {
  const apiVersion = list?.apiVersion;
  const kind = typeof list?.kind === 'string' ? list.kind.replace(/List$/, '') : undefined;
  return Array.isArray(list?.items) ? list.items.map((item: any) => asDumped(item, apiVersion, kind)) : [];
}

/**
 * An object as `kubectl get -o yaml` prints it: `apiVersion` and `kind` first (list items carry
 * neither), and no `metadata.managedFields` (kubectl hides them unless `--show-managed-fields`).
 */
function asDumped(object: any, apiVersion?: string, kind?: string): any {
  const { apiVersion: ownVersion, kind: ownKind, metadata, ...rest } = object ?? {};
  const { managedFields: _hidden, ...shown } = metadata ?? {};
  return { apiVersion: ownVersion ?? apiVersion, kind: ownKind ?? kind, ...(metadata ? { metadata: shown } : {}), ...rest };
}

/** When an event last happened (`lastTimestamp`, else `eventTime`, else its creation), for ordering. */
function eventTime(event: any): string {
  return String(event.lastTimestamp ?? event.eventTime ?? event.metadata?.creationTimestamp ?? '');
}
