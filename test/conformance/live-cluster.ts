/**
 * A real control plane for the live reader's tests: starts the live/ program (embedded etcd and
 * kube-apiserver of one release, RBAC on), waits until it is ready, and sets up situations
 * through the API as a cluster's controllers would leave them: objects created, then their status
 * written through the status subresource, events recorded. No controller runs, so nothing changes
 * what a test wrote.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as https from 'https';
import * as os from 'os';
import * as path from 'path';
import * as readline from 'readline';
import * as yaml from 'js-yaml';

/** A started control plane. */
export interface LiveCluster {
  /** A kubeconfig with both contexts. */
  readonly kubeconfig: string;
  /** `https://127.0.0.1:PORT`. */
  readonly server: string;
  /** The context of a client certificate in `system:masters`. */
  readonly adminContext: string;
  /** The context of a bearer token whose user RBAC grants nothing. */
  readonly restrictedContext: string;
  /** That user's name. */
  readonly restrictedUser: string;
  /** From the program's start to `/readyz` ok, as the program measured it. */
  readonly startMillis: number;
  /** The API, as the admin. */
  readonly api: AdminApi;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

/** Starts `binary` (live/ built for one release) in a new temporary directory. */
export async function startLiveCluster(binary: string): Promise<LiveCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hpa-live-'));
  const child = spawn(binary, ['-dir', dir], { stdio: ['pipe', 'pipe', 'pipe'] });
  let log = '';
  child.stderr!.on('data', d => { log = (log + String(d)).slice(-8000); });
  const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
  const ready = await new Promise<any>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', line => {
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`live: not a JSON line: ${line}`));
      }
    });
    void exited.then(code => reject(new Error(`live exited (${code}) before it was ready: ${log}`)));
  });
  const api = new AdminApi(ready.kubeconfig, ready.adminContext);
  return {
    ...ready,
    api,
    stop: async () => {
      await stopProcess(child, exited);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Closes standard input (the program stops), then SIGKILL after 10 s. */
async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.stdin!.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Where the objects of a kind live in the API: path root, resource, namespaced. */
const KINDS: { [kind: string]: { root: string; resource: string; namespaced: boolean } } = {
  'v1/Namespace': { root: '/api/v1', resource: 'namespaces', namespaced: false },
  'v1/ServiceAccount': { root: '/api/v1', resource: 'serviceaccounts', namespaced: true },
  'v1/Pod': { root: '/api/v1', resource: 'pods', namespaced: true },
  'v1/Event': { root: '/api/v1', resource: 'events', namespaced: true },
  'v1/Service': { root: '/api/v1', resource: 'services', namespaced: true },
  'apps/v1/Deployment': { root: '/apis/apps/v1', resource: 'deployments', namespaced: true },
  'apps/v1/ReplicaSet': { root: '/apis/apps/v1', resource: 'replicasets', namespaced: true },
  'apps/v1/StatefulSet': { root: '/apis/apps/v1', resource: 'statefulsets', namespaced: true },
  'autoscaling/v1/HorizontalPodAutoscaler': { root: '/apis/autoscaling/v1', resource: 'horizontalpodautoscalers', namespaced: true },
  'autoscaling/v2/HorizontalPodAutoscaler': { root: '/apis/autoscaling/v2', resource: 'horizontalpodautoscalers', namespaced: true },
  'rbac.authorization.k8s.io/v1/Role': { root: '/apis/rbac.authorization.k8s.io/v1', resource: 'roles', namespaced: true },
  'rbac.authorization.k8s.io/v1/RoleBinding': { root: '/apis/rbac.authorization.k8s.io/v1', resource: 'rolebindings', namespaced: true },
  'apiregistration.k8s.io/v1/APIService': { root: '/apis/apiregistration.k8s.io/v1', resource: 'apiservices', namespaced: false },
};

/** The object's URL path; without `name`, its collection's. */
export function objectPath(apiVersion: string, kind: string, namespace: string | undefined, name?: string): string {
  const k = KINDS[`${apiVersion}/${kind}`];
  if (!k) throw new Error(`live-cluster: no path known for ${apiVersion} ${kind}`);
  const ns = k.namespaced ? `/namespaces/${namespace ?? 'default'}` : '';
  return `${k.root}${ns}/${k.resource}${name !== undefined ? `/${name}` : ''}`;
}

/** The admin's requests, with the kubeconfig's client certificate; independent of the code under test. */
export class AdminApi {
  private readonly agent: https.Agent;
  private readonly server: string;

  constructor(kubeconfig: string, context: string) {
    const config = yaml.load(fs.readFileSync(kubeconfig, 'utf8')) as any;
    const ctx = config.contexts.find((c: any) => c.name === context).context;
    const cluster = config.clusters.find((c: any) => c.name === ctx.cluster).cluster;
    const user = config.users.find((u: any) => u.name === ctx.user).user;
    const data = (b64: string) => Buffer.from(b64, 'base64');
    this.server = cluster.server;
    this.agent = new https.Agent({ ca: data(cluster['certificate-authority-data']), cert: data(user['client-certificate-data']), key: data(user['client-key-data']) });
  }

  /** One request; resolves to the JSON answer, rejects on a status that is not 2xx. */
  public request(method: string, urlPath: string, body?: unknown): Promise<any> {
    return new Promise((resolve, reject) => {
      const req = https.request(new URL(urlPath, this.server), {
        method,
        agent: this.agent,
        headers: { 'Accept': 'application/json', 'Content-Type': 'application/json' },
      }, res => {
        const chunks: Buffer[] = [];
        res.on('data', c => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 0) >= 300) reject(new Error(`${method} ${urlPath}: ${res.statusCode} ${text}`));
          else resolve(text ? JSON.parse(text) : undefined);
        });
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  /** Creates an object (POST to its collection) and returns it as the server stored it. */
  public create(object: any): Promise<any> {
    return this.request('POST', objectPath(object.apiVersion, object.kind, object.metadata?.namespace), object);
  }

  /** Reads an object as the server returns it (managedFields included). */
  public get(apiVersion: string, kind: string, namespace: string | undefined, name: string): Promise<any> {
    return this.request('GET', objectPath(apiVersion, kind, namespace, name));
  }

  /**
   * Writes `status` through the status subresource, as a controller does (`UpdateStatus`: the
   * object read, its status replaced, PUT to `.../status`); returns the object the server stored.
   */
  public async writeStatus(apiVersion: string, kind: string, namespace: string | undefined, name: string, status: any): Promise<any> {
    const current = await this.get(apiVersion, kind, namespace, name);
    return this.request('PUT', `${objectPath(apiVersion, kind, namespace, name)}/status`, { ...current, status });
  }

  /**
   * Records an event about `object` as client-go's event recorder does for a controller
   * (core/v1 Event, `source.component`, first and last timestamps, a count).
   */
  public recordEvent(object: any, component: string, type: 'Normal' | 'Warning', reason: string, message: string, options: { count?: number; at?: Date } = {}): Promise<any> {
    const at = (options.at ?? new Date()).toISOString().replace(/\.\d+Z$/, 'Z');
    const { namespace, name, uid, resourceVersion } = object.metadata;
    return this.create({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { namespace, name: `${name}.${Date.now().toString(16)}${Math.floor(Math.random() * 1e6).toString(16)}` },
      involvedObject: { kind: object.kind, namespace, name, uid, apiVersion: object.apiVersion, resourceVersion },
      reason,
      message,
      source: { component },
      firstTimestamp: at,
      lastTimestamp: at,
      count: options.count ?? 1,
      type,
      reportingComponent: component,
      reportingInstance: '',
    });
  }

  /**
   * A namespace as a cluster's controllers leave it: with the `default` service account the
   * ServiceAccount admission plugin needs before a pod can be created there.
   */
  public async createNamespace(name: string): Promise<void> {
    await this.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    await this.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { namespace: name, name: 'default' } });
  }
}
