/**
 * The connection to a cluster, made as kubectl makes it, through @kubernetes/client-node: the
 * kubeconfig (`--kubeconfig`, else the files of KUBECONFIG merged, else ~/.kube/config, else the
 * pod's service account), the context (`--context`, else the current one) and what it names:
 * the server, its CA, client certificates, tokens, exec credential plugins, auth providers, a
 * proxy. Requests are plain GETs whose JSON is returned as the server sent it; every failure is a
 * `ClusterError` of one line that says what was refused and by whom.
 */
import * as fs from 'fs';
import * as http from 'http';
import * as https from 'https';
import * as os from 'os';
import * as path from 'path';
import type * as K8s from '@kubernetes/client-node' with { 'resolution-mode': 'import' };

/** A cluster that could not be read: one line, for the command line to print as it is. */
export class ClusterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClusterError';
  }
}

/** Which kubeconfig and context to use. */
export interface ConnectOptions {
  /** `--kubeconfig`: this file alone. */
  readonly kubeconfig?: string;
  /** `--context`: this context instead of the current one. */
  readonly context?: string;
  /** Milliseconds one request may take (default 30 s). */
  readonly timeoutMs?: number;
}

/** What a request reads, for the error that refuses it: `list pods in namespace "shop"`. */
export interface RequestSubject {
  readonly verb: 'get' | 'list';
  /** `pods`, `horizontalpodautoscalers.autoscaling`, `deployments.apps/scale`, as kubectl names them. */
  readonly resource: string;
  readonly namespace?: string;
  readonly name?: string;
}

/** A refused or failed request, with the status the server answered (0 when none came). */
export class RequestError extends ClusterError {
  constructor(message: string, public readonly status: number, public readonly reason?: string) {
    super(message);
    this.name = 'RequestError';
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** A pod's service account token: the client library then connects from inside the cluster. */
const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/**
 * Loads the client library, an ES module, with a real `import()` (compiled as is under
 * `module: node16`), which every Node version this package supports can do from CommonJS.
 */
async function loadClientLibrary(): Promise<typeof K8s> {
  return import('@kubernetes/client-node');
}

/** One cluster, as one context of a kubeconfig reaches it. */
export class KubeClient {
  /** Connects as kubectl would with the same `--kubeconfig` and `--context`; throws `ClusterError`. */
  public static async connect(options: ConnectOptions = {}): Promise<KubeClient> {
    // Without any kubeconfig the client library falls back to http://localhost:8080 and then
    // refuses plain HTTP; kubectl's users expect to hear that there is no kubeconfig.
    if (options.kubeconfig === undefined && !process.env.KUBECONFIG && !fs.existsSync(path.join(os.homedir(), '.kube', 'config'))
      && !fs.existsSync(SERVICE_ACCOUNT_TOKEN)) {
      throw new ClusterError('no kubeconfig: KUBECONFIG is not set and ~/.kube/config does not exist (give --kubeconfig)');
    }
    const k8s = await loadClientLibrary();
    const config = new k8s.KubeConfig();
    const source = options.kubeconfig ?? (process.env.KUBECONFIG || '~/.kube/config');
    try {
      if (options.kubeconfig !== undefined) config.loadFromFile(options.kubeconfig);
      else config.loadFromDefault();
    } catch (e) {
      throw new ClusterError(`cannot read the kubeconfig ${source}: ${messageOf(e)}`);
    }
    const contexts = config.getContexts().map(c => c.name);
    if (options.context !== undefined) {
      if (!contexts.includes(options.context)) {
        throw new ClusterError(`context "${options.context}" is not in the kubeconfig ${source} (${contextList(contexts)})`);
      }
      config.setCurrentContext(options.context);
    }
    const context = config.getContextObject(config.getCurrentContext());
    const cluster = config.getCurrentCluster();
    if (!cluster) {
      const which = context ? `context "${context.name}" names no known cluster` : 'it has no current context';
      throw new ClusterError(`cannot use the kubeconfig ${source}: ${which}; give --context (${contextList(contexts)})`);
    }
    return new KubeClient(config, context?.name ?? config.getCurrentContext(), cluster.server,
      context?.namespace || 'default', context?.user ?? '', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  private constructor(
    private readonly config: K8s.KubeConfig,
    /** The context's name (`in-cluster` for a pod's service account). */
    public readonly context: string,
    /** The API server's URL. */
    public readonly server: string,
    /** The context's namespace, else `default`: where names without `-n` are looked up. */
    public readonly namespace: string,
    /** The kubeconfig user of the context. */
    public readonly user: string,
    private readonly timeoutMs: number,
  ) {}

  /**
   * GETs `apiPath` (with `query`) and returns the JSON the server sent. Throws `RequestError`: the
   * server unreachable, the credentials refused, RBAC's refusal of `subject`, or any other status.
   */
  public async get(apiPath: string, subject: RequestSubject, query: { [key: string]: string | undefined } = {}): Promise<any> {
    // Appended, not resolved: a server URL may have a path (`https://rancher.example/k8s/clusters/c-1`).
    const url = new URL(`${this.server.replace(/\/+$/, '')}${apiPath}`);
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(key, value);
    const options: https.RequestOptions = { method: 'GET', headers: { Accept: 'application/json' } };
    try {
      await this.config.applyToHTTPSOptions(options);
    } catch (e) {
      throw new ClusterError(`cannot get credentials for context "${this.context}" (user "${this.user}"): ${messageOf(e)}`);
    }
    const { status, body } = await this.send(url, options);
    let json: any;
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
    if (status >= 200 && status < 300 && json !== undefined) return json;
    throw this.refusal(status, json, body, subject, url);
  }

  private send(url: URL, options: https.RequestOptions): Promise<{ status: number; body: string }> {
    const transport = url.protocol === 'http:' ? http : https;
    return new Promise((resolve, reject) => {
      const request = transport.request(url, options, response => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', e => reject(this.unreachable(e)));
      });
      request.setTimeout(this.timeoutMs, () => request.destroy(Object.assign(new Error(`no answer within ${this.timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })));
      request.on('error', e => reject(this.unreachable(e)));
      request.end();
    });
  }

  private unreachable(e: Error & { code?: string }): RequestError {
    const tls = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(e.code ?? '');
    const why = tls ? `the server's certificate is not trusted (${e.message})` : e.message;
    return new RequestError(`cannot reach the cluster at ${this.server} (context "${this.context}"): ${why}`, 0);
  }

  private refusal(status: number, json: any, body: string, subject: RequestSubject, url: URL): RequestError {
    const message = typeof json?.message === 'string' ? json.message : body.trim().split('\n')[0] || `status ${status}`;
    const reason = typeof json?.reason === 'string' ? json.reason : undefined;
    const what = describeSubject(subject);
    if (status === 401) {
      return new RequestError(`the cluster at ${this.server} refused the credentials of context "${this.context}" (user "${this.user}"): ${message}`, status, reason);
    }
    if (status === 403) {
      const user = /\bUser "([^"]*)"/.exec(message)?.[1] ?? this.user;
      return new RequestError(`cannot ${what}: forbidden for user "${user}"`, status, reason);
    }
    if (status === 404 && reason === 'NotFound' && subject.name !== undefined) {
      return new RequestError(`${subject.resource} "${subject.name}" not found${subject.namespace !== undefined ? ` in namespace "${subject.namespace}"` : ''}`, status, reason);
    }
    return new RequestError(`cannot ${what} (GET ${url.pathname}${url.search}): ${status} ${message}`, status, reason);
  }
}

/** `list pods in namespace "shop"`, `get deployments.apps/scale "web" in namespace "shop"`, `list horizontalpodautoscalers.autoscaling in all namespaces`. */
function describeSubject(subject: RequestSubject): string {
  const name = subject.name !== undefined ? ` "${subject.name}"` : '';
  const where = subject.namespace !== undefined ? ` in namespace "${subject.namespace}"` : subject.verb === 'list' ? ' in all namespaces' : '';
  return `${subject.verb} ${subject.resource}${name}${where}`;
}

/** A URL path segment, escaped. */
export function seg(value: string): string {
  return encodeURIComponent(value);
}

function contextList(contexts: string[]): string {
  return contexts.length === 0 ? 'it has no contexts' : `contexts: ${contexts.join(', ')}`;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
