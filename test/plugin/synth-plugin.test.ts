/**
 * The cdk8s validation plugin under the real cdk8s-cli: `cdk8s synth` on a small app whose HPAs
 * come from this library's construct, cdk8s-plus, an L1 `ApiObject` and an `Include` of
 * Helm-style YAML, with the app's `.cdk8s-hpa.yaml`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { appDir, cdk8sSynth } from './cdk8s-cli';
import { requireCompiledCli, ROOT } from '../cli/cli-helpers';

// The first run installs cdk8s-cli into the cache (about 15-60 s); each synth takes a few seconds.
jest.setTimeout(300_000);

const APP = `
const { ApiObject, App, Chart, Include } = require('cdk8s');
const kplus = require('cdk8s-plus-27');
const { HorizontalPodAutoscalerV2, HpaConfig, Metric, MetricTarget } = require('cdk8s-hpa');

const app = new App();
// The app reads the same config file as the plugin and the command line.
HpaConfig.load().applyTo(app);
const chart = new Chart(app, 'web');
const api = new kplus.Deployment(chart, 'api', { containers: [{ name: 'api', image: 'api' }] });
// This library's construct: minReplicas 1 (HPA404), which the config file turns off.
new HorizontalPodAutoscalerV2(chart, 'ApiHpa', {
  metadata: { name: 'api' }, target: api, minReplicas: 1, maxReplicas: 5,
  metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(70))],
});
// cdk8s-plus's own HPA: minReplicas == maxReplicas (HPA402, a warning the config file turns on).
const worker = new kplus.Deployment(chart, 'worker', { containers: [{ name: 'worker', image: 'worker' }] });
new kplus.HorizontalPodAutoscaler(chart, 'WorkerHpa', { metadata: { name: 'worker' }, target: worker, minReplicas: 2, maxReplicas: 2 });
if (process.env.MIXED_LEVELS) {
  // An L1 with minReplicas 1 whose annotation keeps HPA404 a warning, whatever the run sets, on a
  // Deployment of the chart that leaves its replicas to the HPA.
  new kplus.Deployment(chart, 'batch', { metadata: { name: 'batch' }, containers: [{ name: 'batch', image: 'batch' }] }).markHasAutoscaler();
  new ApiObject(chart, 'Batch', {
    apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'batch', annotations: { 'cdk8s-hpa.io/rules': 'HPA404=warning' } },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'batch' }, minReplicas: 1, maxReplicas: 4 },
  });
}
if (process.env.WITH_ERRORS) {
  // An L1 with maxReplicas 0 (HPA102) and Helm output with a 3600s policy period (HPA123).
  new ApiObject(chart, 'Raw', {
    apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'raw' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'raw' }, maxReplicas: 0 },
  });
  new Include(chart, 'Helm', { url: 'helm-output.yaml' });
}
app.synth();
`;

const HELM_OUTPUT = `# Source: queue/templates/hpa.yaml
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: queue
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: queue }
  minReplicas: 2
  maxReplicas: 8
  behavior:
    scaleDown:
      policies:
        - type: Percent
          value: 50
          periodSeconds: 3600
`;

let dir: string;

beforeAll(() => {
  requireCompiledCli();
  dir = appDir({
    'main.js': APP,
    'helm-output.yaml': HELM_OUTPUT,
    '.cdk8s-hpa.yaml': 'cluster: { version: "1.33" }\nrules: { HPA404: "off", HPA402: "on" }\n',
  });
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** `package:` in cdk8s.yaml: the plugin's file, or the package's name (cdk8s-cli then loads it from its plugins directory). */
const LOCAL_PLUGIN = './node_modules/cdk8s-hpa/plugin.js';

function synth(properties: object, env: { [key: string]: string } = {}, pkg = LOCAL_PLUGIN) {
  return cdk8sSynth(dir, [
    'language: typescript',
    'app: node main.js',
    `pluginsDirectory: ${path.join(dir, 'plugins')}`,
    'validations:',
    `  - package: ${pkg}`,
    '    version: 0.0.0',
    '    class: HpaValidation',
    `    properties: ${JSON.stringify(properties)}`,
  ], env);
}

describe('cdk8s synth with the cdk8s-hpa validation plugin', () => {
  test('checks every HPA of the app, whoever made it, and fails the synth on errors', () => {
    const run = synth({}, { WITH_ERRORS: '1' });
    expect(run.report.summary).toEqual({
      status: 'failure',
      plugin: path.join(dir, 'node_modules', 'cdk8s-hpa', 'plugin.js'),
      version: '0.0.0',
      metadata: { HorizontalPodAutoscalers: '4', errors: '5', warnings: '1', settings: 'Kubernetes 1.33; config .cdk8s-hpa.yaml', version: expect.any(String) },
    });
    const violations = run.report.violations.map((v: any) => [
      v.ruleName.split(':')[0],
      v.violatingConstructs.map((c: any) => [c.resourceName, c.constructPath, c.manifestPath, c.locations]),
    ]);
    expect(violations).toEqual([
      ['HPA102 (error)', [['raw', 'web/Raw', 'dist/web.k8s.yaml', [expect.stringMatching(/^spec.maxReplicas \(line \d+\): Invalid value: 0: must be greater than 0$/)]]]],
      ['HPA103 (error)', [['raw', 'web/Raw', 'dist/web.k8s.yaml', [expect.stringMatching(/^spec.maxReplicas \(line \d+\): Invalid value: 0: must be greater than or equal to `minReplicas`$/)]]]],
      ['HPA123 (error)', [['queue', 'web/Helm/queue-horizontalpodautoscaler', 'dist/web.k8s.yaml',
        [expect.stringMatching(/^spec.behavior.scaleDown.policies\[0\].periodSeconds \(line \d+\): Invalid value: 3600: must be less than or equal to 1800$/)]]]],
      // The chart holds its Deployments (api, worker), but not the ones these two HPAs target.
      ['HPA306 (error)', [
        ['raw', 'web/Raw', 'dist/web.k8s.yaml', [expect.stringMatching(/^spec.scaleTargetRef.name \(line \d+\): Fails at run time: "raw": the input holds workloads of the namespace it is applied to \(Deployment\/web-api-c8[0-9a-f]+, Deployment\/web-worker-c8[0-9a-f]+\), but no Deployment "raw"/)]],
        ['queue', 'web/Helm/queue-horizontalpodautoscaler', 'dist/web.k8s.yaml', [expect.stringMatching(/^spec.scaleTargetRef.name \(line \d+\): Fails at run time: "queue": .* but no Deployment "queue"/)]],
      ]],
      ['HPA402 (warning)', [['worker', 'web/WorkerHpa/Resource', 'dist/web.k8s.yaml', [expect.stringMatching(/^spec.maxReplicas \(line \d+\): Lint: 2: equals minReplicas/)]]]],
    ]);
    expect(run.stdout).toContain('Validation Report');
    expect(run.code).toBe(2);
  });

  test('passes with warnings only; the plugin\'s properties act as run flags, over the config file', () => {
    const clean = synth({});
    expect([clean.report.summary.status, clean.report.violations.map((v: any) => v.ruleName.split(':')[0])]).toEqual(['success', ['HPA402 (warning)']]);
    expect(clean.code).toBe(0);
    // The construct's HPA404 is off in the config file; the plugin's rules turn it back on, as an error.
    const strict = synth({ rules: { HPA404: 'error', HPA402: 'off' } });
    expect([strict.report.summary.status, strict.report.violations.map((v: any) => v.ruleName.split(':')[0])]).toEqual(['failure', ['HPA404 (error)']]);
    expect(strict.code).toBe(2);
  });

  test('a k8sVersion newer than the library\'s releases is judged as the newest, with a warning on each HPA; synth passes', () => {
    const run = synth({ k8sVersion: '1.39' });
    expect(run.report.summary.status).toBe('success');
    // One HPA of the app carries the cluster it was judged with in code, which the run's flag does not override.
    expect(run.report.summary.metadata.settings).toBe('Kubernetes 1.33 (cdk8s-hpa.io/cluster), Kubernetes 1.39 (judged as 1.38, the newest release this cdk8s-hpa knows); config .cdk8s-hpa.yaml');
    const newer = run.report.violations.find((v: any) => v.ruleName.startsWith('HPA156 (warning)'));
    // api is judged by its annotation (1.33), so only worker meets the newer release.
    expect(newer.violatingConstructs.map((c: any) => c.resourceName).sort()).toEqual(['worker']);
    expect(newer.violatingConstructs[0].locations).toEqual([expect.stringMatching(/^cluster\.version \(line \d+\): Warning: Kubernetes 1\.39 is judged as 1\.38, /)]);
    expect(run.code).toBe(0);
  });

  test('reports each violation at its own level: one HPA\'s error does not make another HPA\'s warning an error', () => {
    const run = synth({ rules: { HPA404: 'error', HPA402: 'off' } }, { MIXED_LEVELS: '1' });
    const violations = run.report.violations.map((v: any) => [v.ruleName.split(':')[0], v.violatingConstructs.map((c: any) => c.resourceName)]);
    expect(violations).toEqual([['HPA404 (error)', ['api']], ['HPA404 (warning)', ['batch']]]);
    expect(run.report.summary.metadata).toMatchObject({ errors: '1', warnings: '1' });
    expect(run.code).toBe(2);
  });

  test('loads by package name: cdk8s-cli finds the class in the package\'s main module', () => {
    // What cdk8s-cli's first synth installs (npm install cdk8s-hpa@0.0.0 --prefix <pluginsDirectory>/cdk8s-hpa/0.0.0):
    // this checkout in its place, so the test needs no registry.
    const installed = path.join(dir, 'plugins', 'cdk8s-hpa', '0.0.0', 'node_modules');
    fs.mkdirSync(installed, { recursive: true });
    fs.symlinkSync(ROOT, path.join(installed, 'cdk8s-hpa'));
    const run = synth({ rules: { HPA404: 'error', HPA402: 'off' } }, {}, 'cdk8s-hpa');
    expect(run.stdout).not.toContain('Installing validation plugin');
    expect([run.report.summary.plugin, run.report.summary.status]).toEqual(['cdk8s-hpa', 'failure']);
    expect(run.report.violations.map((v: any) => v.ruleName.split(':')[0])).toEqual(['HPA404 (error)']);
    expect(run.code).toBe(2);
  });

  test('fails with a clear message when its properties are wrong', () => {
    const run = synth({ rules: { HPA102: 'off' } });
    expect(run.report.violations[0].recommendation).toBe('properties.rules.HPA102: "off": HPA102 cannot be changed: only cross-object rules (HPA3xx), lints (HPA4xx) and warnings can be set to error, warning, on or off');
    expect(run.report.summary.status).toBe('failure');
    expect(run.code).toBe(2);
  });
});
