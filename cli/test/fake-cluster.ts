/**
 * A Kubernetes API server on 127.0.0.1 that answers from a table of paths, with a kubeconfig that
 * points at it, for the live reader's unit tests. The reader's client library is an ES module that
 * jest's CommonJS cannot load, so `callCompiled` calls the compiled reader (cli/lib/cluster/) in a
 * child Node.js process while this process serves its requests.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import { ROOT } from './cli-helpers';

/** An answer: a status and a JSON body (or text). */
export interface Answer {
  readonly status?: number;
  readonly body: unknown;
}

/** Answers by path (without the query): an `Answer`, or a function of the request's URL. */
export type Routes = { [path: string]: Answer | ((url: URL) => Answer) };

export interface FakeCluster {
  /** `http://127.0.0.1:<port>` */
  readonly server: string;
  /** A kubeconfig with one context, `fake`, for user `jane` in namespace `shop`. */
  readonly kubeconfig: string;
  /** Every request, as path and query. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** A 404 as the API server words it. */
export function notFound(resource: string, name: string): Answer {
  return { status: 404, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', message: `${resource} "${name}" not found`, code: 404 } };
}

/** RBAC's refusal, as the API server words it. */
export function forbidden(message: string): Answer {
  return { status: 403, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', message, code: 403 } };
}

export async function startFakeCluster(routes: Routes): Promise<FakeCluster> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    const route = routes[url.pathname];
    const answer = typeof route === 'function' ? route(url) : route ?? { status: 404, body: { kind: 'Status', reason: 'NotFound', message: 'the server could not find the requested resource', code: 404 } };
    res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-fake-cluster-'));
  const kubeconfig = path.join(dir, 'config');
  fs.writeFileSync(kubeconfig, kubeconfigFor(url));
  return {
    server: url,
    kubeconfig,
    requests,
    close: () => new Promise<void>(resolve => {
      fs.rmSync(dir, { recursive: true, force: true });
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** A kubeconfig whose context `fake` reaches `server` as user `jane` with a token, in namespace `shop`. */
export function kubeconfigFor(server: string): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    // The client library refuses plain HTTP to a server whose certificate it would check.
    `- name: fake\n  cluster:\n    server: ${server}\n    insecure-skip-tls-verify: true`,
    'users:',
    '- name: jane\n  user:\n    token: secret-token',
    'contexts:',
    '- name: fake\n  context:\n    cluster: fake\n    user: jane\n    namespace: shop',
    'current-context: fake',
    '',
  ].join('\n');
}

/** What a call of the compiled module returned, or the error it threw. */
export type Outcome = { value: any } | { error: string; name: string; status?: number };

/**
 * Calls `fn` of the compiled `cli/lib/cluster/<module>.js` in a child process: `readLive` with
 * `args[0]`, or (module `kube-client`) `KubeClient.connect(args[0])` then `.get(...args.slice(1))`.
 */
export function callCompiled(module: 'live-reader' | 'kube-client', args: unknown[], env: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  const script = `
    const m = require(${JSON.stringify(path.join(ROOT, 'cli', 'lib', 'cluster', `${module}.js`))});
    const args = JSON.parse(process.argv[1]);
    const call = ${module === 'live-reader' ? 'm.readLive(args[0])' : 'm.KubeClient.connect(args[0]).then(c => c.get(...args.slice(1)))'};
    call.then(value => process.stdout.write(JSON.stringify({ value })),
      e => process.stdout.write(JSON.stringify({ error: e.message, name: e.name, status: e.status })));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script, JSON.stringify(args)], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: os.tmpdir(), ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(new Error(`the child process printed no outcome: ${error?.message ?? ''}\n${stderr}`));
        }
      });
  });
}
