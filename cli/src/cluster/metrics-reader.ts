/**
 * The metrics APIs an HPA's metrics are read from, asked as the HPA controller asks them
 * (kube-controller-manager's podautoscaler/metrics/client.go): `metrics.k8s.io` for Resource and
 * ContainerResource metrics (the pods of the scale's selector), `custom.metrics.k8s.io` for Pods
 * and Object metrics (at the version discovery prefers), `external.metrics.k8s.io` for External
 * metrics (with the metric's own selector). A metrics API that is not registered, or registered
 * and not answering, is said as such: the controller cannot read it either.
 */
import { labelSelectorString } from 'cdk8s-hpa/lib/toolkit';
import { KubeClient, RequestError, seg } from './kube-client';

/** One metric of an HPA's spec as its metrics API answered. */
export interface MetricReading {
  /** The metric's index in `spec.metrics`. */
  readonly index: number;
  /** `Resource`, `ContainerResource`, `Pods`, `Object` or `External`. */
  readonly type: string;
  /** The resource (`cpu`) or metric name. */
  readonly name: string;
  /** The API group asked: `metrics.k8s.io`, `custom.metrics.k8s.io` or `external.metrics.k8s.io`. */
  readonly api: string;
  /** The request, as `kubectl get --raw` takes it. */
  readonly path?: string;
  /** The API's answer (a `PodMetricsList`, `MetricValueList` or `ExternalMetricValueList`). */
  readonly response?: any;
  /** Why the metric could not be read. */
  readonly error?: string;
}

const RESOURCE_METRICS = 'metrics.k8s.io';
const CUSTOM_METRICS = 'custom.metrics.k8s.io';
const EXTERNAL_METRICS = 'external.metrics.k8s.io';
/** The resource metrics version the controller's client reads (resource_metrics client, metrics/v1beta1), whatever the server prefers. */
const RESOURCE_METRICS_VERSION = 'v1beta1';
/** The custom metrics versions the controller's client knows, preferred first (custom_metrics/converter.go). */
const CUSTOM_METRICS_VERSIONS = ['v1beta2', 'v1beta1'];

/** Finds the resource name of a kind in a group version through discovery. */
export type ResourceFinder = (group: string, version: string, kind: string) => Promise<string | undefined>;

/** Reads every metric of `hpa.spec.metrics`; `selector` is the scale's pod selector. Never throws for one metric. */
export async function readMetrics(client: KubeClient, hpa: any, selector: string | undefined, resourceFor: ResourceFinder): Promise<MetricReading[]> {
  const namespace: string = hpa.metadata.namespace;
  const groups = new ApiGroups(client);
  let podMetrics: Promise<Answer> | undefined;
  const metrics: any[] = Array.isArray(hpa.spec?.metrics) ? hpa.spec.metrics : [];
  return Promise.all(metrics.map(async (metric, index): Promise<MetricReading> => {
    const type = String(metric?.type);
    const source = metric?.[type.charAt(0).toLowerCase() + type.slice(1)] ?? {};
    const name = String(type === 'Resource' || type === 'ContainerResource' ? source.name : source.metric?.name);
    const api = type === 'External' ? EXTERNAL_METRICS : type === 'Pods' || type === 'Object' ? CUSTOM_METRICS : RESOURCE_METRICS;
    const reading = { index, type, name, api };
    try {
      const version = await groups.version(api);
      let request: Request;
      if (api === RESOURCE_METRICS) {
        if (selector === undefined) return { ...reading, error: 'the target has no pod selector to read pod metrics for' };
        request = { path: `/apis/${api}/${version}/namespaces/${seg(namespace)}/pods`, query: { labelSelector: selector }, resource: `pods.${api}` };
        podMetrics ??= groups.ask(request, namespace);
        const answer = await podMetrics;
        // Read where only a newer version is served, to show the usage; the controller still asks v1beta1.
        return version === RESOURCE_METRICS_VERSION || answer.error !== undefined ? { ...reading, ...answer } : {
          ...reading,
          ...answer,
          error: `the metrics API ${api} serves ${version} and not ${RESOURCE_METRICS_VERSION}, the version the HPA controller reads: it cannot read this metric (read here at ${version})`,
        };
      }
      const metricSelector = labelSelectorString(source.metric?.selector);
      if (type === 'External') {
        request = { path: `/apis/${api}/${version}/namespaces/${seg(namespace)}/${seg(name)}`, query: { labelSelector: metricSelector }, resource: `${name}.${api}` };
      } else if (type === 'Pods') {
        if (selector === undefined) return { ...reading, error: 'the target has no pod selector to read pod metrics for' };
        request = {
          path: `/apis/${api}/${version}/namespaces/${seg(namespace)}/pods/*/${seg(name)}`,
          query: { labelSelector: selector, metricLabelSelector: metricSelector },
          resource: `pods.${api}`,
        };
      } else {
        const described = source.describedObject ?? {};
        const [group, groupVersion] = String(described.apiVersion ?? '').includes('/') ? String(described.apiVersion).split('/', 2) : ['', String(described.apiVersion ?? 'v1')];
        let path: string;
        if (described.kind === 'Namespace' && group === '') {
          path = `/apis/${api}/${version}/namespaces/${seg(namespace)}/metrics/${seg(name)}`;
        } else {
          const resource = await resourceFor(group, groupVersion, String(described.kind));
          if (resource === undefined) return { ...reading, error: `the cluster serves no kind ${described.kind} in ${described.apiVersion}: the HPA controller cannot map the described object` };
          const qualified = group === '' ? resource : `${resource}.${group}`;
          path = `/apis/${api}/${version}/namespaces/${seg(namespace)}/${qualified}/${seg(String(described.name))}/${seg(name)}`;
        }
        request = { path, query: { metricLabelSelector: metricSelector }, resource: `${name}.${api}` };
      }
      return { ...reading, ...await groups.ask(request, namespace) };
    } catch (e) {
      if (e instanceof RequestError) return { ...reading, error: e.message };
      throw e;
    }
  }));
}

interface Request {
  readonly path: string;
  readonly query: { [key: string]: string };
  /** For refusals: what kubectl would call the resource. */
  readonly resource: string;
}

type Answer = { path: string; response?: any; error?: string };

/** The API groups the server lists (`/apis`), read once, as the controller's clients discover them. */
class ApiGroups {
  private groups?: Promise<any[]>;

  constructor(private readonly client: KubeClient) {}

  /** The version of a metrics API to ask; throws `RequestError` when the API is not registered. */
  async version(api: string): Promise<string> {
    this.groups ??= this.client.get('/apis', { verb: 'get', resource: 'discovery of /apis' }).then(list => Array.isArray(list?.groups) ? list.groups : []);
    const group = (await this.groups).find((g: any) => g?.name === api);
    if (!group) {
      throw new RequestError(`the metrics API ${api} is not registered (no APIService serves it): the HPA controller cannot read it either`, 404);
    }
    const versions: string[] = (Array.isArray(group.versions) ? group.versions : []).map((v: any) => v?.version);
    if (api === RESOURCE_METRICS) {
      // The controller reads v1beta1, whichever version the server prefers (a served v1 is no problem, a missing one neither).
      if (versions.length === 0 || versions.includes(RESOURCE_METRICS_VERSION)) return RESOURCE_METRICS_VERSION;
      return group.preferredVersion?.version ?? versions[0];
    }
    if (api !== CUSTOM_METRICS) return 'v1beta1';
    const preferred = group.preferredVersion?.version;
    const chosen = CUSTOM_METRICS_VERSIONS.includes(preferred) ? preferred : versions.find(v => CUSTOM_METRICS_VERSIONS.includes(v));
    if (chosen === undefined) {
      throw new RequestError(`the metrics API ${api} serves no version the HPA controller reads (${CUSTOM_METRICS_VERSIONS.join(', ')}; it serves ${versions.join(', ')})`, 404);
    }
    return chosen;
  }

  /** Asks one request; an answer that is not a list of values is the metric's error. */
  async ask(request: Request, namespace: string): Promise<Answer> {
    const query = Object.entries(request.query).filter(([, v]) => v !== '');
    const path = `${request.path}${query.length > 0 ? `?${new URLSearchParams(query).toString()}` : ''}`;
    try {
      return { path, response: await this.client.get(request.path, { verb: 'list', resource: request.resource, namespace }, request.query) };
    } catch (e) {
      if (!(e instanceof RequestError)) throw e;
      const api = request.path.split('/')[2];
      if (e.status === 503) {
        return { path, error: `the metrics API ${api} is registered but not available (the APIService's backend does not answer): the HPA controller cannot read it either` };
      }
      return { path, error: e.message };
    }
  }
}
