import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { ClusterProfile, HorizontalPodAutoscalerV2, HpaConfig, HpaValidator, RuleLevel, RuleLevels } from '../src';

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-scopes-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An app writing to `<dir>/dist`, a chart `edge` in it, and an HPA with minReplicas == maxReplicas (HPA402, a warning). */
function hpaWith(options: { annotation?: string; prop?: { [ruleId: string]: RuleLevel } } = {}) {
  const app = new App({ outdir: path.join(dir, 'dist') });
  const chart = new Chart(app, 'edge');
  const deployment = new kplus.Deployment(chart, 'web', { containers: [{ image: 'web' }] });
  const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
    target: deployment,
    minReplicas: 3,
    maxReplicas: 3,
    metadata: options.annotation ? { annotations: { 'cdk8s-hpa.io/rules': options.annotation } } : undefined,
    ruleLevels: options.prop,
  });
  return { app, chart, hpa };
}

function writeConfig(text: string): string {
  const file = path.join(dir, '.cdk8s-hpa.yaml');
  fs.writeFileSync(file, text);
  return file;
}

const hpa402 = (hpa: HorizontalPodAutoscalerV2) => hpa.validateHpa().filter(i => i.ruleId === 'HPA402').map(i => i.severity);

describe('rule levels at every scope, the most specific winning', () => {
  const config = writeConfigLater();

  test.each([
    ['the rule\'s own default (HPA402 is off unless turned on)', {}, []],
    ['turned on (RuleLevel.ON), with the rule\'s own severity', { chart: RuleLevel.ON }, ['warning']],
    ['the config file\'s root', { config: true }, ['error']],
    ['a config override matching the chart\'s output file, over the root', { config: true, override: true }, []],
    ['the app (RuleLevels.applyTo), over the config file', { config: true, override: true, app: RuleLevel.WARNING }, ['warning']],
    ['the chart, over the app', { config: true, app: RuleLevel.OFF, chart: RuleLevel.ERROR }, ['error']],
    ['the object\'s annotation, over the chart', { config: true, chart: RuleLevel.ERROR, annotation: 'HPA402=off' }, []],
    ['the ruleLevels prop, over the annotation', { chart: RuleLevel.OFF, annotation: 'HPA402=off', prop: RuleLevel.ERROR }, ['error']],
  ])('%s', (_title, scopes: { config?: boolean; override?: boolean; app?: RuleLevel; chart?: RuleLevel; annotation?: string; prop?: RuleLevel }, expected) => {
    const { app, chart, hpa } = hpaWith({ annotation: scopes.annotation, prop: scopes.prop ? { HPA402: scopes.prop } : undefined });
    if (scopes.config) HpaConfig.load({ path: config(scopes.override ?? false) }).applyTo(app);
    if (scopes.app) RuleLevels.applyTo(app, { HPA402: scopes.app });
    if (scopes.chart) RuleLevels.applyTo(chart, { HPA402: scopes.chart });
    expect(hpa402(hpa)).toEqual(expected);
  });

  function writeConfigLater() {
    return (override: boolean) => writeConfig([
      'rules: { HPA402: error }',
      ...(override ? ['overrides:', '  - files: ["dist/edge.k8s.yaml"]', '    rules: { HPA402: "off" }'] : []),
    ].join('\n'));
  }
});

describe('levels set in code travel with the manifest', () => {
  test('the chart\'s levels, the annotation given and the prop are rendered into cdk8s-hpa.io/rules, later items winning', () => {
    const { chart, hpa } = hpaWith({ annotation: 'HPA404=warning', prop: { HPA402: RuleLevel.ERROR, HPA999: RuleLevel.OFF } });
    RuleLevels.applyTo(chart, { HPA402: RuleLevel.OFF, HPA404: RuleLevel.OFF });
    // The prop's unknown rule fails synth (below), so the manifest is read from the L1.
    const manifest = (hpa.node.findChild('Resource') as ApiObject).toJson();
    expect(manifest.metadata.annotations).toEqual({ 'cdk8s-hpa.io/rules': 'HPA402=off,HPA404=off,HPA404=warning,HPA402=error,HPA999=off' });
    // Any other checker of the synthesized manifest reaches the construct's verdict, the unknown rule included.
    const verdict = [
      ['HPA402', 'error', 'spec.maxReplicas', 3],
      ['HPA000', 'error', 'metadata.annotations[cdk8s-hpa.io/rules]', 'HPA999=off'],
    ];
    expect(HpaValidator.validate(manifest).map(i => [i.ruleId, i.severity, i.path, i.value])).toEqual(verdict);
    expect(hpa.validateHpa().map(i => [i.ruleId, i.severity, i.path, i.value])).toEqual(verdict);
    expect(HpaValidator.validate(manifest)[1].message).toBe('Invalid value: "HPA999=off": no such rule "HPA999" (see HpaValidator.rules() for the rule ids)');
  });

  test('a bad level set on a scope in code fails every checker of the manifest alike', () => {
    const { chart, hpa } = hpaWith();
    RuleLevels.applyTo(chart, { HPA404: 'loud' as RuleLevel });
    const manifest = (hpa.node.findChild('Resource') as ApiObject).toJson();
    const found = (issues: Array<{ ruleId: string; value?: unknown }>) => issues.filter(i => i.ruleId === 'HPA000').map(i => i.value);
    expect(found(hpa.validateHpa())).toEqual(['HPA404=loud']);
    expect(found(HpaValidator.validate(manifest))).toEqual(['HPA404=loud']);
    expect(() => Testing.synth(chart)).toThrow(/HPA404=loud.*\[HPA000\]/);
  });

  test('an HPA without levels in code renders no annotation', () => {
    const { chart } = hpaWith();
    expect(Testing.synth(chart).find(o => o.kind === 'HorizontalPodAutoscaler').metadata.annotations).toBeUndefined();
  });

  test('fails when the annotation holds a bad item: HPA000 on the annotation, the good items still applied', () => {
    const { hpa } = hpaWith({ annotation: 'HPA402=off, HPA102=off,nonsense' });
    expect(hpa.validateHpa().map(i => [i.ruleId, i.path, i.value])).toEqual([
      ['HPA000', 'metadata.annotations[cdk8s-hpa.io/rules]', 'HPA102=off'],
      ['HPA000', 'metadata.annotations[cdk8s-hpa.io/rules]', 'nonsense'],
    ]);
  });
});

describe('HpaConfig', () => {
  /** prod on 1.33 with HPA402 an error; edge, by the file its chart is written to, on 1.36 with scale to zero and HPA402 off. */
  const twoClusters = () => writeConfig([
    'cluster: { version: "1.33" }',
    'rules: { HPA402: error }',
    'overrides:',
    '  - files: ["dist/edge*"]',
    '    cluster: { version: "1.36", featureGates: { HPAScaleToZero: true } }',
    '    rules: { HPA402: "off" }',
  ].join('\n'));

  test('gives each chart the cluster of the file cdk8s synth writes it to, under a profile set in code', () => {
    const file = twoClusters();
    const app = new App({ outdir: path.join(dir, 'dist') });
    const edge = new Chart(app, 'edge');
    const prod = new Chart(app, 'prod');
    const config = HpaConfig.load({ path: file });
    config.applyTo(app);
    expect(config.path).toBe(file);
    expect([ClusterProfile.lookup(edge).version, ClusterProfile.lookup(edge).isGateEnabled('HPAScaleToZero')]).toEqual(['1.36', true]);
    expect(ClusterProfile.lookup(prod).version).toBe('1.33');
    ClusterProfile.of({ version: '1.35' }).applyTo(app);
    expect(ClusterProfile.lookup(edge).version).toBe('1.35');
    expect(config.clusterFor(path.join(dir, 'dist', 'edge.k8s.yaml')).version).toBe('1.36');
    expect(config.ruleLevelsFor()).toEqual({ HPA402: 'error' });
  });

  test('applies to charts added after it, as the plugin\'s own test app calls it first', () => {
    const app = new App({ outdir: path.join(dir, 'dist') });
    HpaConfig.load({ path: twoClusters() }).applyTo(app);
    const edge = hpaIn(new Chart(app, 'edge'));
    const prod = hpaIn(new Chart(app, 'prod'));
    expect([edge.cluster.version, edge.cluster.isGateEnabled('HPAScaleToZero'), hpa402(edge)]).toEqual(['1.36', true, []]);
    expect([prod.cluster.version, prod.cluster.isGateEnabled('HPAScaleToZero'), hpa402(prod)]).toEqual(['1.33', false, ['error']]);

    function hpaIn(chart: Chart) {
      const deployment = new kplus.Deployment(chart, 'web', { containers: [{ image: 'web' }] });
      return new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 3, maxReplicas: 3 });
    }
  });

  test('finds .cdk8s-hpa.yaml upward from a directory; without one every setting is the default', () => {
    writeConfig('rules: { HPA404: "off" }\n');
    fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    expect(HpaConfig.load({ directory: path.join(dir, 'a', 'b') }).ruleLevelsFor()).toEqual({ HPA404: 'off' });
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-none-'));
    fs.mkdirSync(path.join(empty, '.git'));
    const none = HpaConfig.load({ directory: empty });
    expect([none.path, none.clusterFor().version]).toEqual([undefined, ClusterProfile.defaultProfile().version]);
    fs.rmSync(empty, { recursive: true, force: true });
  });

  test('fails with the file and the key path when the file is bad', () => {
    const file = writeConfig('rules: { HPA404: sometimes }\n');
    expect(() => HpaConfig.load({ path: file })).toThrow(`${file}: rules.HPA404: "sometimes": the level of HPA404 must be one of error, warning, on, off`);
  });
});
