/**
 * Builds and runs the Go programs of test/conformance: one API-server program per Kubernetes
 * release (apiserver/k8s-1.NN.mod), the controller program, the live control plane (live/:
 * etcd and kube-apiserver in one process, for the live reader's tests), and Prometheus.
 *
 * Go's module and build caches stay where Go keeps them (GOMODCACHE, GOCACHE: ~/go/pkg/mod and
 * ~/.cache/go-build by default); the binaries go to $CDK8S_HPA_CONFORMANCE_CACHE (default
 * ~/.cache/cdk8s-hpa-conformance), never into the clone. Go is required: without it the run fails.
 */
import { ChildProcessWithoutNullStreams, execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as readline from 'readline';

export const CONFORMANCE_DIR = __dirname;

/** One Kubernetes release the API-server program is built for. */
export interface Release {
  /** `1.36` */
  readonly minor: string;
  /** `v1.36.3`: the k8s.io/kubernetes module version. */
  readonly kubernetes: string;
  /** The go.mod of this release, relative to the program's directory. */
  readonly modfile: string;
  /**
   * The Go toolchain the release's go.mod names (`toolchain`, for a release that needs a newer
   * Go than the one on PATH), fetched by the go command as GOTOOLCHAIN; undefined: the local one.
   */
  readonly toolchain?: string;
}

/** The releases of one program, read from its per-release go.mod files (the one place they are pinned). */
export function releases(program: 'apiserver' | 'controller' | 'live' = 'apiserver'): Release[] {
  const dir = path.join(CONFORMANCE_DIR, program);
  return fs.readdirSync(dir)
    .filter(f => /^k8s-1\.\d+\.mod$/.test(f))
    .map(modfile => {
      const text = fs.readFileSync(path.join(dir, modfile), 'utf8');
      const m = /^\s*(?:require\s+)?k8s\.io\/kubernetes (v1\.\d+\.\d+(?:-[a-z]+\.\d+)?)\s*$/m.exec(text);
      if (!m) throw new Error(`${modfile}: no k8s.io/kubernetes requirement`);
      const toolchain = /^toolchain (go\S+)\s*$/m.exec(text)?.[1];
      return { minor: modfile.slice(4, -4), kubernetes: m[1], modfile, ...(toolchain ? { toolchain } : {}) };
    })
    .sort((a, b) => Number(a.minor.split('.')[1]) - Number(b.minor.split('.')[1]));
}

function cacheDir(): string {
  const base = process.env.CDK8S_HPA_CONFORMANCE_CACHE
    ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'cdk8s-hpa-conformance');
  fs.mkdirSync(path.join(base, 'bin'), { recursive: true });
  return base;
}

/** Fails loudly when Go is missing: a conformance run without the real code proves nothing. */
export function requireGo(): string {
  try {
    return execFileSync('go', ['version'], { encoding: 'utf8' }).trim();
  } catch (e) {
    throw new Error(`conformance needs Go (1.25 or later) on PATH to build the real Kubernetes code: ${(e as Error).message}`);
  }
}

/** Runs `go` with the arguments in `cwd`, standard error shown; resolves when it succeeded. */
function go(args: string[], cwd: string, env: { [name: string]: string } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('go', args, {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, GOWORK: 'off', GOFLAGS: '-mod=readonly', ...env },
    });
    child.on('error', reject);
    child.on('exit', code => code === 0 ? resolve() : reject(new Error(`go ${args.join(' ')} (in ${cwd}) exited with ${code}`)));
  });
}

/**
 * The linker flags of every program: no symbol table or DWARF (`-s -w`), which the tests never
 * read (panics still print their stacks) and which make each link, cold or warm, shorter.
 */
const LDFLAGS = '-s -w';

/**
 * Builds the API-server program of one release (`go build -modfile=...`) and resolves to the
 * binary's path. Go's build cache makes a rebuild without changes take seconds.
 */
export async function buildApiServer(release: Release): Promise<string> {
  const out = path.join(cacheDir(), 'bin', `apiserver-${release.minor}`);
  await go(['build', `-modfile=${release.modfile}`, '-o', out, '-ldflags', `${LDFLAGS} -X main.release=${release.kubernetes}`, '.'],
    path.join(CONFORMANCE_DIR, 'apiserver'), toolchainEnv(release));
  return out;
}

/** The environment of the go command for `release`: its toolchain, where its go.mod names one. */
function toolchainEnv(release: Release): { [name: string]: string } {
  return release.toolchain ? { GOTOOLCHAIN: release.toolchain } : {};
}

/** Builds the controller test binary of one release (`go test -c`, without `go vet`). */
export async function buildController(release: Release): Promise<string> {
  const out = path.join(cacheDir(), 'bin', `controller-${release.minor}`);
  await go(['test', '-c', '-vet=off', `-modfile=${release.modfile}`, '-o', out, '-ldflags', LDFLAGS, '.'],
    path.join(CONFORMANCE_DIR, 'controller'), toolchainEnv(release));
  return out;
}

/**
 * Builds the live control plane of one release (etcd and kube-apiserver, live/main.go), with the
 * release's version in /version as Kubernetes' own build sets it (hack/lib/version.sh).
 */
export async function buildLive(release: Release): Promise<string> {
  const out = path.join(cacheDir(), 'bin', `live-${release.minor}`);
  const [major, minor] = release.minor.split('.');
  const set = (name: string, value: string) => `-X k8s.io/component-base/version.${name}=${value}`;
  const ldflags = [LDFLAGS, set('gitVersion', release.kubernetes), set('gitMajor', major), set('gitMinor', minor)].join(' ');
  await go(['build', `-modfile=${release.modfile}`, '-o', out, '-ldflags', ldflags, '.'], path.join(CONFORMANCE_DIR, 'live'), toolchainEnv(release));
  return out;
}

/**
 * The Prometheus release the history tests run against. Its Go module is built with `go install`
 * (its own go.mod and checksums); `remove_all_sd` leaves out the service-discovery plugins
 * (plugins/plugin_*.go), the cloud SDKs most of a full build compiles, which a server that
 * scrapes nothing never uses.
 */
export const PROMETHEUS_VERSION = 'v0.316.0';

/** Builds prometheus and promtool; resolves to the directory holding both. */
export async function buildPrometheus(): Promise<string> {
  const dir = path.join(cacheDir(), 'bin', `prometheus-${PROMETHEUS_VERSION}`);
  fs.mkdirSync(dir, { recursive: true });
  const module = 'github.com/prometheus/prometheus';
  await go(['install', '-tags', 'remove_all_sd', '-ldflags', LDFLAGS,
    `${module}/cmd/prometheus@${PROMETHEUS_VERSION}`, `${module}/cmd/promtool@${PROMETHEUS_VERSION}`], dir, { GOBIN: dir, GOFLAGS: '' });
  return dir;
}

/**
 * Starts builds in the order given, `parallel` at a time, and returns each one's promise at
 * once: the tests wait for the binary they need while the later ones build. On a new machine
 * two builds side by side keep both cores busy through module downloads and the links, which
 * run on one core.
 */
export function startBuilds<K>(jobs: Array<[K, () => Promise<string>]>, parallel = 2): Map<K, Promise<string>> {
  const started = new Map<K, Promise<string>>();
  const queue = jobs.map(([key, build]) => {
    let begin!: () => void;
    const turn = new Promise<void>(resolve => { begin = resolve; });
    const done = turn.then(build);
    started.set(key, done);
    return { begin, done };
  });
  let next = 0;
  const startNext = (): void => {
    const job = queue[next++];
    if (!job) return;
    job.begin();
    job.done.then(startNext, startNext);
  };
  for (let i = 0; i < parallel; i++) startNext();
  // A failed build is reported by the test that waits for it; none goes unhandled.
  for (const p of started.values()) p.catch(() => undefined);
  return started;
}

/** Where Go keeps the source of a module version (downloading it once). */
function moduleDir(module: string, version: string, cwd: string, env: { [name: string]: string } = {}): string {
  const out = execFileSync('go', ['mod', 'download', '-json', `${module}@${version}`], {
    cwd, encoding: 'utf8', env: { ...process.env, GOWORK: 'off', ...env },
  });
  return JSON.parse(out).Dir;
}

/** Where Go keeps the source of `release`'s k8s.io/kubernetes module. */
export function kubernetesSourceDir(release: Release): string {
  return moduleDir('k8s.io/kubernetes', release.kubernetes, path.join(CONFORMANCE_DIR, 'apiserver'), toolchainEnv(release));
}

/**
 * The autoscaling versions kube-apiserver of `release` serves: those its autoscaling REST storage
 * provider (pkg/registry/autoscaling/rest/storage_autoscaling.go) puts in the group's storage
 * map. The scheme converts more (v2beta1, v2beta2) than the server serves, so the program cannot
 * tell from the scheme; linking the storage provider in would pull etcd's client into every build.
 */
export function servedVersions(release: Release): string[] {
  const dir = kubernetesSourceDir(release);
  const source = fs.readFileSync(path.join(dir, 'pkg/registry/autoscaling/rest/storage_autoscaling.go'), 'utf8');
  const aliases = new Map<string, string>();
  for (const m of source.matchAll(/^\s*(\w+)\s+"k8s\.io\/(?:api|kubernetes\/pkg\/apis)\/autoscaling\/(\w+)"\s*$/gm)) aliases.set(m[1], m[2]);
  const served = [...source.matchAll(/VersionedResourcesStorageMap\[(\w+)\.SchemeGroupVersion\.Version\]/g)]
    .map(m => aliases.get(m[1]));
  if (served.length === 0 || served.some(v => v === undefined)) {
    throw new Error(`${release.kubernetes}: could not read the served autoscaling versions from storage_autoscaling.go`);
  }
  return served as string[];
}

/** A long-lived Go program answering one JSON line per JSON line. */
export class LineProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: Array<{ resolve: (v: any) => void; reject: (e: Error) => void }> = [];
  private failure?: Error;
  private stderr = '';

  constructor(binary: string, args: string[] = []) {
    this.child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = readline.createInterface({ input: this.child.stdout });
    lines.on('line', line => {
      const next = this.waiting.shift();
      if (!next) return;
      try {
        next.resolve(JSON.parse(line));
      } catch (e) {
        next.reject(new Error(`${binary}: not a JSON line: ${line}`));
      }
    });
    this.child.stderr.on('data', d => { this.stderr = (this.stderr + String(d)).slice(-4000); });
    this.child.on('exit', code => {
      this.failure = new Error(`${binary} exited (${code}): ${this.stderr}`);
      for (const w of this.waiting.splice(0)) w.reject(this.failure);
    });
  }

  /** Sends one request; answers come back in order. */
  public ask(request: unknown): Promise<any> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin.write(JSON.stringify(request) + '\n');
    });
  }

  /** Sends many requests at once (one write), answers in order. */
  public askAll(requests: unknown[]): Promise<any[]> {
    if (this.failure) return Promise.reject(this.failure);
    const answers = requests.map(() => new Promise<any>((resolve, reject) => this.waiting.push({ resolve, reject })));
    this.child.stdin.write(requests.map(r => JSON.stringify(r)).join('\n') + '\n');
    return Promise.all(answers);
  }

  public close(): void {
    this.child.stdin.end();
  }
}

/** Runs a program once with arguments and returns its standard output. */
export function runOnce(binary: string, args: string[]): string {
  return execFileSync(binary, args, { encoding: 'utf8' });
}

/**
 * Runs one test of a controller test binary over a JSON input: writes `input` to a file named by
 * the `inputVar` environment variable, runs `-test.run ^<test>$`, and reads the JSON array the
 * test wrote to the file named by `outputVar`. CONFORMANCE_KEEP keeps both files.
 */
export async function runGoTest<T>(binary: string, test: string, inputVar: string, outputVar: string, input: unknown): Promise<T[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hpa-conformance-'));
  try {
    const inFile = path.join(dir, 'input.json');
    const outFile = path.join(dir, 'output.json');
    fs.writeFileSync(inFile, JSON.stringify(input));
    await new Promise<void>((resolve, reject) => {
      const child = spawn(binary, ['-test.run', `^${test}$`, '-test.count=1'], {
        env: { ...process.env, [inputVar]: inFile, [outputVar]: outFile },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', d => { out = (out + String(d)).slice(-4000); });
      child.on('error', reject);
      child.on('exit', code => code === 0 ? resolve() : reject(new Error(`${binary} exited with ${code}: ${out}`)));
    });
    return JSON.parse(fs.readFileSync(outFile, 'utf8'));
  } finally {
    if (process.env.CONFORMANCE_KEEP) console.log(`${test} input and output kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}
