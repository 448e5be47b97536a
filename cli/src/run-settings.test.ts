/**
 * The config file and the run's rule flags through the real command line, on the example
 * repository with charts for two clusters (test/fixtures/two-clusters; docs/plugin.md shows its copy).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, requireCompiledCli, ROOT } from '../test/cli-helpers';

beforeAll(() => requireCompiledCli());

const REPO = path.join(ROOT, 'test', 'fixtures', 'two-clusters');
const REPORTS_404 = 'clusters/prod/web.yaml:24:3: warning [HPA404] spec.minReplicas: Lint: 1: a single replica leaves the workload unavailable while its pod restarts or moves (kube-score, Polaris hpaMinAvailability, kube-linter) (fix: set minReplicas to 2 or more, or turn HPA404 off for this HPA)';
const EDGE_101 = /^clusters\/edge\/worker.yaml:8:3: error \[HPA101\] spec.minReplicas: Invalid value: 0: must be greater than or equal to 1/;

describe('a repository with charts for two clusters', () => {
  test('each file is checked with the cluster and rules of its override: exit 0', () => {
    const run = cli(['validate', 'clusters'], { cwd: REPO });
    // prod: 1.33, HPA404 an error, but the reports HPA's annotation makes it a warning;
    // edge: 1.36 with HPAScaleToZero, HPA404 off.
    expect(run.lines).toEqual([REPORTS_404]);
    expect(run.stderr).toBe('cdk8s-hpa: 0 errors, 1 warning in 3 HorizontalPodAutoscalers (2 inputs) [Kubernetes 1.36 +HPAScaleToZero, Kubernetes 1.33; config .cdk8s-hpa.yaml]\n');
    expect(run.code).toBe(0);
  });

  test('the config file is found from a subdirectory, and its overrides match paths relative to it', () => {
    const run = cli(['validate', '.'], { cwd: path.join(REPO, 'clusters', 'edge') });
    expect(run.lines).toEqual([]);
    expect(run.stderr).toBe('cdk8s-hpa: 0 errors, 0 warnings in 1 HorizontalPodAutoscaler (1 input) [Kubernetes 1.36 +HPAScaleToZero; config ../../.cdk8s-hpa.yaml]\n');
    expect(run.code).toBe(0);
  });

  test('without the config file, on a 1.36 cluster, the edge worker fails (no HPAScaleToZero)', () => {
    const run = cli(['validate', '--no-config', '--k8s-version', '1.36', 'clusters'], { cwd: REPO });
    expect(run.lines).toEqual([expect.stringMatching(EDGE_101), REPORTS_404]);
    expect(run.code).toBe(1);
  });

  test('an HPA\'s cdk8s-hpa.io/cluster annotation (as synth writes it) wins over --k8s-version and the config file', () => {
    const worker = fs.readFileSync(path.join(REPO, 'clusters', 'edge', 'worker.yaml'), 'utf8');
    const annotated = worker.replace('  name: worker\n', '  annotations:\n    cdk8s-hpa.io/cluster: version=1.36,HPAScaleToZero=true\n  name: worker\n');
    expect(annotated).not.toBe(worker);
    const flags = ['validate', '--no-config', '--k8s-version', '1.33', '-'];
    const plain = cli(flags, { input: worker, cwd: REPO });
    expect([plain.lines, plain.code]).toEqual([[expect.stringMatching(/^<stdin>:8:3: error \[HPA101\]/)], 1]);
    const run = cli(flags, { input: annotated, cwd: REPO });
    expect([run.lines, run.code]).toEqual([[], 0]);
    // The annotation outranks the flag, and a note says so (it did silently).
    expect(run.stderr).toBe('cdk8s-hpa: note: 1 HorizontalPodAutoscaler is judged for the cluster its cdk8s-hpa.io/cluster annotation names, which outranks --k8s-version 1.33: '
      + '"version=1.36,HPAScaleToZero=true" (<stdin>:1); the app that synthesized it set it: set the same cluster there, or remove the annotation\n'
      + 'cdk8s-hpa: 0 errors, 0 warnings in 1 HorizontalPodAutoscaler (1 input) [Kubernetes 1.36 +HPAScaleToZero (cdk8s-hpa.io/cluster)]\n');
    expect(plain.stderr).not.toContain('note:');
    // Under the prod cluster of the config file (stdin gets its root settings): the annotation still decides.
    expect(cli(['validate', '-'], { input: annotated, cwd: REPO }).code).toBe(0);
  });

  test('--config names the file; run flags sit over the config file, under the object\'s annotation', () => {
    const elsewhere = { cwd: ROOT };
    const config = ['--config', path.join(REPO, '.cdk8s-hpa.yaml')];
    // Paths are taken relative to the working directory, so the override matches from the repository root too.
    expect(cli(['validate', ...config, path.join(REPO, 'clusters')], elsewhere).code).toBe(0);
    // --disable beats the config file's error level ... but not the annotation's warning.
    expect(cli(['validate', ...config, '--disable', 'HPA404', path.join(REPO, 'clusters')], elsewhere).lines).toHaveLength(1);
    // --error on a rule the override turned off on edge: the flag wins there.
    const run = cli(['validate', '--error', 'HPA404', '--feature-gates', 'HPAScaleToZero=true', '--k8s-version', '1.36', '--no-config', '-'], { input: fs.readFileSync(path.join(REPO, 'clusters', 'edge', 'worker.yaml')), cwd: REPO });
    expect(run.lines).toEqual([]);
    const prod = cli(['validate', '--warn', 'HPA404', 'clusters/prod'], { cwd: REPO });
    expect(prod.lines).toEqual([REPORTS_404]);
    expect(prod.code).toBe(0);
  });

});

describe('cdk8s-hpa simulate with the config file', () => {
  test('simulates the edge worker with its override\'s cluster; without the file it is refused', () => {
    const trace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-trace-')), 'queue.csv');
    fs.writeFileSync(trace, 'time,metric,observation,value\n0,queue_depth,value,90\n');
    const run = cli(['simulate', '--hpa', 'clusters/edge/worker.yaml', '--trace', trace, '--until', '0'], { cwd: REPO });
    expect(run.code).toBe(0);
    const refused = cli(['simulate', '--no-config', '--k8s-version', '1.36', '--hpa', 'clusters/edge/worker.yaml', '--trace', trace], { cwd: REPO });
    expect(refused.lines).toEqual([expect.stringMatching(EDGE_101)]);
    expect(refused.code).toBe(1);
    fs.rmSync(path.dirname(trace), { recursive: true, force: true });
  });
});

describe('a config file for a release newer than the library knows', () => {
  test('its files are judged as the newest release, with one warning on the config key and the summary saying so: exit 0', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-cli-newer-'));
    try {
      fs.mkdirSync(path.join(dir, '.git'));
      fs.writeFileSync(path.join(dir, '.cdk8s-hpa.yaml'), 'cluster: { version: "1.39", featureGates: { HPAScaleToZero: false } }\n');
      fs.copyFileSync(path.join(REPO, 'clusters', 'edge', 'worker.yaml'), path.join(dir, 'worker.yaml'));
      const run = cli(['validate', 'worker.yaml'], { cwd: dir });
      // The worker scales to zero: the gate the file declares off is taken as given.
      expect(run.lines.map(l => l.replace(/^([^:]+):\d+:\d+: (\w+ \[HPA\d+\] \S+) .*$/, '$1 $2'))).toEqual([
        '.cdk8s-hpa.yaml warning [HPA156] cluster.version:',
        'worker.yaml error [HPA101] spec.minReplicas:',
      ]);
      expect(run.lines[0]).toMatch(/^\.cdk8s-hpa\.yaml:1:21: /);
      expect(run.stderr).toBe('cdk8s-hpa: 1 error, 1 warning in 1 HorizontalPodAutoscaler (1 input) [Kubernetes 1.39 (judged as 1.38, the newest release this cdk8s-hpa knows) -HPAScaleToZero; config .cdk8s-hpa.yaml]\n');
      expect(run.code).toBe(1);
      fs.writeFileSync(path.join(dir, '.cdk8s-hpa.yaml'), 'cluster: { version: "1.39" }\n');
      expect(cli(['validate', 'worker.yaml'], { cwd: dir }).code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a bad config file', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-cli-config-'));
    fs.mkdirSync(path.join(dir, '.git'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test.each([
    ['rules: { HPA404: maybe }', 'rules.HPA404: "maybe": the level of HPA404 must be one of error, warning, on, off'],
    ['cluster: { version: "1.22" }', 'cluster.version: "1.22": must be a Kubernetes version 1.23 or later, such as "1.37"'],
    ['overrides:\n  - files: [x]\n    clusters: {}', 'overrides[0].clusters: unknown key (known keys: files, cluster, rules)'],
  ])('%j is a usage error naming the key path, before any input is read: exit 2', (text, problem) => {
    fs.writeFileSync(path.join(dir, '.cdk8s-hpa.yaml'), text);
    const run = cli(['validate', 'no-such-file.yaml'], { cwd: dir });
    expect(run.stderr.split('\n')[0]).toBe(`cdk8s-hpa validate: config file ${path.join(dir, '.cdk8s-hpa.yaml')}: ${problem}`);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });

  test('a flag that names a gate the config file\'s cluster lacks is a usage error before any input is read', () => {
    fs.writeFileSync(path.join(dir, '.cdk8s-hpa.yaml'), 'cluster: { version: "1.32" }');
    const run = cli(['validate', '--feature-gates', 'HPAConfigurableTolerance=true', 'no-such-dir'], { cwd: dir });
    expect(run.stderr.split('\n')[0]).toBe('cdk8s-hpa validate: --feature-gates HPAConfigurableTolerance: true with the cluster of the config file\'s root: Kubernetes 1.32 has no HPAConfigurableTolerance feature gate; declare a version that has it');
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });

  test('--config naming a file that does not exist: exit 2', () => {
    const run = cli(['validate', '--config', 'nope.yaml', '-'], { cwd: dir });
    expect(run.stderr.split('\n')[0]).toBe('cdk8s-hpa validate: config file nope.yaml: cannot be read (no such file)');
    expect(run.code).toBe(2);
  });
});
