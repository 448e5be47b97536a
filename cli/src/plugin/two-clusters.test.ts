/**
 * One cdk8s app with charts for two clusters, judged three ways: by the app at `app.synth()`, by
 * the real `cdk8s synth` with the plugin, and by `cdk8s-hpa validate` on what synth wrote. The
 * clusters are set in code in one variant and in the config file in the other; each way reaches
 * the same verdict on each HPA, with the config file or without it.
 */
import * as fs from 'fs';
import * as path from 'path';
import { appDir, cdk8sSynth } from '../../test/cdk8s-cli';
import { cli, requireCompiledCli } from '../../test/cli-helpers';

jest.setTimeout(300_000);

/**
 * prod runs Kubernetes 1.33; edge runs 1.36 with HPAScaleToZero. edge's worker scales to zero
 * with a tolerance (both refused on 1.33: HPA101, HPA151); its scale-up policies are all Percent
 * (HPA406, a warning that only an HPA allowed to reach zero gets). prod's reports HPA scales up
 * more slowly than down (HPA408, a warning). The app writes what it judged to verdict.json.
 */
const APP = `
const fs = require('fs');
const { App, Chart, Duration } = require('cdk8s');
const kplus = require('cdk8s-plus-27');
const { Behavior, ClusterProfile, HorizontalPodAutoscalerV2, HpaConfig, Metric, MetricTarget, ScalingPolicy } = require('cdk8s-hpa');

const app = new App();
// Before any chart exists: the config file's overrides still reach the charts added below.
HpaConfig.load().applyTo(app);
const prod = new Chart(app, 'prod');
const edge = new Chart(app, 'edge');
if (process.env.PROFILES_IN_CODE) {
  ClusterProfile.of({ version: '1.33' }).applyTo(prod);
  ClusterProfile.of({ version: '1.36', featureGates: { HPAScaleToZero: true } }).applyTo(edge);
}

const cpu = [Metric.resourceCpu(MetricTarget.averageUtilization(70))];
const container = (name) => ({ name, image: 'registry.example.com/' + name, resources: { cpu: { request: kplus.Cpu.millis(250) } } });
const web = new kplus.Deployment(prod, 'web', { containers: [container('web')] });
new HorizontalPodAutoscalerV2(prod, 'WebHpa', { metadata: { name: 'web' }, target: web, minReplicas: 2, maxReplicas: 10, metrics: cpu });
const reports = new kplus.Deployment(prod, 'reports', { containers: [container('reports')] });
new HorizontalPodAutoscalerV2(prod, 'ReportsHpa', {
  metadata: { name: 'reports' }, target: reports, minReplicas: 2, maxReplicas: 6, metrics: cpu,
  behavior: Behavior.of({ scaleUp: { stabilizationWindow: Duration.minutes(10) }, scaleDown: { stabilizationWindow: Duration.minutes(5) } }),
});
const worker = new kplus.Deployment(edge, 'worker', { containers: [container('worker')] });
new HorizontalPodAutoscalerV2(edge, 'WorkerHpa', {
  metadata: { name: 'worker' }, target: worker, minReplicas: 0, maxReplicas: 20,
  metrics: [Metric.external({ name: 'queue_depth', target: MetricTarget.averageValue(30) })],
  behavior: Behavior.of({ scaleUp: { policies: [ScalingPolicy.percent(100, Duration.seconds(15))], tolerance: 0.05 } }),
});

const verdict = {};
for (const hpa of app.node.findAll().filter(c => c instanceof HorizontalPodAutoscalerV2)) {
  verdict[hpa.name] = hpa.validateHpa().map(i => i.ruleId + ' ' + i.severity);
}
fs.writeFileSync('verdict.json', JSON.stringify(verdict));
app.synth();
`;

/** What each of the three reaches: every HPA passes, two with a warning. */
const VERDICT = { web: [], reports: ['HPA408 warning'], worker: ['HPA406 warning'] };

const CONFIG_WITH_CLUSTERS = [
  'cluster: { version: "1.33" }',
  'overrides:',
  '  - files: ["dist/edge.k8s.yaml"]',
  '    cluster: { version: "1.36", featureGates: { HPAScaleToZero: true } }',
].join('\n');

/** Verdicts by HPA name, the issues of each as `<rule> <severity>`, sorted. */
type Verdict = { [hpa: string]: string[] };

function sorted(verdict: Verdict): Verdict {
  return Object.fromEntries(Object.entries(verdict).map(([name, found]) => [name, [...found].sort()]));
}

/** The plugin's report as a verdict on each HPA of the app. */
function pluginVerdict(report: any): Verdict {
  const verdict: Verdict = Object.fromEntries(Object.keys(VERDICT).map(name => [name, []]));
  for (const violation of report.violations) {
    const [, ruleId, severity] = /^(\S+) \((error|warning)\)/.exec(violation.ruleName)!;
    for (const c of violation.violatingConstructs) verdict[c.resourceName].push(`${ruleId} ${severity}`);
  }
  return sorted(verdict);
}

/** `cdk8s-hpa validate --format json` on `inputs` as a verdict on each HPA it found. */
function cliVerdict(dir: string, args: readonly string[]) {
  const run = cli(['validate', '--format', 'json', ...args], { cwd: dir });
  const out = JSON.parse(run.stdout);
  const verdict: Verdict = Object.fromEntries(Object.keys(VERDICT).map(name => [name, []]));
  for (const issue of out.issues) verdict[issue.object.name].push(`${issue.ruleId} ${issue.severity}`);
  return { verdict: sorted(verdict), hpas: out.hpas, code: run.code, stderr: run.stderr };
}

const dirs: string[] = [];
beforeAll(() => requireCompiledCli());
afterAll(() => dirs.forEach(d => fs.rmSync(d, { recursive: true, force: true })));

describe.each([
  ['profiles in code', { PROFILES_IN_CODE: '1' }, 'rules: { HPA402: "off" }\n', { k8sVersion: '1.33' }],
  ['profiles in the config file', {}, CONFIG_WITH_CLUSTERS, {}],
])('two clusters, %s: app.synth(), cdk8s synth with the plugin and cdk8s-hpa validate dist/ agree on each HPA', (_title, env, config, properties) => {
  let dir: string;
  let synth: ReturnType<typeof cdk8sSynth>;
  beforeAll(() => {
    dir = appDir({ 'main.js': APP, '.cdk8s-hpa.yaml': config });
    dirs.push(dir);
    // The plugin's run is told the prod cluster (k8sVersion) where the profiles are in code, as a CI
    // job checking prod would be: the edge chart's own cluster, in its manifest, still wins.
    synth = cdk8sSynth(dir, [
      'language: typescript',
      'app: node main.js',
      'validations:',
      '  - package: ./node_modules/cdk8s-hpa-cli/lib/index.js',
      '    version: 0.0.0',
      '    class: HpaValidation',
      `    properties: ${JSON.stringify(properties)}`,
    ], env);
  });

  test('the app passes synth with the verdict', () => {
    expect(sorted(JSON.parse(fs.readFileSync(path.join(dir, 'verdict.json'), 'utf8')))).toEqual(VERDICT);
    expect(fs.readdirSync(path.join(dir, 'dist')).filter(f => f.endsWith('.yaml')).sort()).toEqual(['edge.k8s.yaml', 'prod.k8s.yaml']);
  });

  test('the plugin reaches the same verdict, and cdk8s synth passes', () => {
    expect(pluginVerdict(synth.report)).toEqual(VERDICT);
    expect([synth.report.summary.status, synth.code]).toEqual(['success', 0]);
  });

  test('cdk8s-hpa validate dist/ reaches it with the config file, without it, and with --k8s-version for prod', () => {
    for (const args of [['dist'], ['--no-config', 'dist'], ['--k8s-version', '1.33', 'dist']]) {
      const run = cliVerdict(dir, args);
      expect([args, run.verdict, run.hpas, run.code]).toEqual([args, VERDICT, 3, 0]);
    }
    expect(cliVerdict(dir, ['--no-config', 'dist']).stderr)
      .toMatch(/\[Kubernetes 1\.36 \+HPAScaleToZero \(cdk8s-hpa\.io\/cluster\), Kubernetes 1\.33 \(cdk8s-hpa\.io\/cluster\)\]\n$/);
  });

  test('what the manifest\'s cluster annotation decides: without it, the prod cluster refuses the edge worker', () => {
    const edge = path.join(dir, 'dist', 'edge.k8s.yaml');
    const text = fs.readFileSync(edge, 'utf8');
    expect(text).toContain('cdk8s-hpa.io/cluster: version=1.36,HPAScaleToZero=true\n');
    const stripped = path.join(dir, 'edge-without-cluster.yaml');
    fs.writeFileSync(stripped, text.replace(/^ {4}cdk8s-hpa\.io\/cluster: .*\n/m, ''));
    const run = cliVerdict(dir, ['--no-config', '--k8s-version', '1.33', stripped]);
    expect(run.verdict.worker).toEqual(['HPA101 error', 'HPA151 error', 'HPA406 warning']);
    expect(run.code).toBe(1);
  });
});
