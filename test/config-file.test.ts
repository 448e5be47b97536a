import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CONFIG_FILE_NAME, ConfigFile, globToRegExp } from '../src/config-file';

const parse = (text: string) => ConfigFile.parse(text, 'repo/.cdk8s-hpa.yaml');

describe('the config file', () => {
  test('reads the cluster, the rules and the overrides; an override applies to the files its globs match', () => {
    const config = parse([
      'cluster: { version: "1.33", featureGates: { HPAContainerMetrics: true } }',
      'rules: { HPA404: error, HPA402: "off" }',
      'overrides:',
      '  - files: ["clusters/edge/**"]',
      '    cluster: { version: "1.36", featureGates: { HPAScaleToZero: true } }',
      '    rules: { HPA404: "off" }',
      '  - files: "clusters/edge/special.yaml"',
      '    rules: { HPA402: warning }',
    ].join('\n'));
    expect(config.settingsFor('repo/clusters/prod/web.yaml')).toEqual({
      cluster: { version: '1.33', featureGates: { HPAContainerMetrics: true } },
      rules: { HPA404: 'error', HPA402: 'off' },
      // Where the version was declared, for a finding about it (HPA156) placed on its key.
      versionAt: { path: 'cluster.version', line: 1, column: 21 },
    });
    expect(config.settingsFor('repo/clusters/edge/a/worker.yaml')).toEqual({
      cluster: { version: '1.36', featureGates: { HPAContainerMetrics: true, HPAScaleToZero: true } },
      rules: { HPA404: 'off', HPA402: 'off' },
      versionAt: { path: 'overrides[0].cluster.version', line: 5, column: 25 },
    });
    expect(config.settingsFor('repo/clusters/edge/special.yaml').rules).toEqual({ HPA404: 'off', HPA402: 'warning' });
    // Standard input, and files outside the config file's directory, get the root settings.
    expect(config.settingsFor(undefined).cluster.version).toBe('1.33');
    expect(config.settingsFor('elsewhere/clusters/edge/worker.yaml').cluster.version).toBe('1.33');
  });

  test('takes a release newer than the library knows, with the gates it declares, in the root and in overrides', () => {
    const config = parse([
      'cluster: { version: "1.39", featureGates: { HPAConfigurableTolerance: false } }',
      'overrides:',
      '  - files: ["edge/**"]',
      '    cluster: { version: "v1.40.1" }',
    ].join('\n'));
    expect(config.settingsFor('repo/web.yaml').cluster).toEqual({ version: '1.39', featureGates: { HPAConfigurableTolerance: false } });
    expect(config.settingsFor('repo/edge/worker.yaml').cluster.version).toBe('v1.40.1');
  });

  test('takes a bare YAML 1.1 off (false) as "off"', () => {
    expect(parse('rules: { HPA404: false }').settingsFor(undefined).rules).toEqual({ HPA404: 'off' });
  });

  test.each([
    ['colour: blue', 'colour: unknown key (known keys: cluster, rules, overrides)'],
    ['cluster: { version: 1.30 }', 'cluster.version: 1.3: must be a string; quote it ("1.3"), as YAML reads 1.30 as the number 1.3'],
    ['cluster: { version: "1.22" }', 'cluster.version: "1.22": must be a Kubernetes version 1.23 or later, such as "1.37"'],
    ['cluster: { version: "1.x" }', 'cluster.version: "1.x": must be a Kubernetes version 1.23 or later, such as "1.37"'],
    ['cluster: { versoin: "1.33" }', 'cluster.versoin: unknown key (known keys: version, featureGates)'],
    ['cluster: { featureGates: { HPAScaleToZero: yes } }', 'cluster.featureGates.HPAScaleToZero: "yes": must be true or false'],
    ['cluster: { featureGates: { NoSuchGate: true } }', 'cluster.featureGates.NoSuchGate: true: unknown feature gate; known gates: HPAScaleToZero, HPAConfigurableTolerance, HPAContainerMetrics, HPAExternalMetricFallback, SidecarContainers, PodLevelResources'],
    ['rules: { HPA404: loud }', 'rules.HPA404: "loud": the level of HPA404 must be one of error, warning, on, off'],
    ['rules: { HPA102: "off" }', 'rules.HPA102: "off": HPA102 cannot be changed: only cross-object rules (HPA3xx), lints (HPA4xx) and warnings can be set to error, warning, on or off'],
    ['rules: [HPA404]', 'rules: must be a map of rule ids to error, warning, on, off'],
    ['overrides: { files: x }', 'overrides: must be a list of {files, cluster, rules}'],
    ['overrides:\n  - cluster: { version: "1.36" }', 'overrides[0].files: must be a list of globs relative to the config file\'s directory, such as ["clusters/edge/**"]'],
    ['overrides:\n  - files: [a]\n    rule: {}', 'overrides[0].rule: unknown key (known keys: files, cluster, rules)'],
    ['overrides:\n  - files: [a]\n    cluster: { version: "1.30", featureGates: { HPAConfigurableTolerance: true } }',
      'overrides[0].cluster.featureGates.HPAConfigurableTolerance: true: Kubernetes 1.30 has no HPAConfigurableTolerance feature gate; declare a version that has it'],
  ])('fails on %j naming the key path', (text, problem) => {
    expect(() => parse(text)).toThrow(`repo/.cdk8s-hpa.yaml: ${problem}`);
  });

  test('fails on YAML that does not parse, with the line', () => {
    expect(() => parse('rules: { HPA404: off\n')).toThrow(/^repo\/\.cdk8s-hpa\.yaml:\d+:\d+: not valid YAML: /);
  });

  test('lists every problem at once', () => {
    expect(() => parse('a: 1\nb: 2')).toThrow('repo/.cdk8s-hpa.yaml: \n  a: unknown key (known keys: cluster, rules, overrides)\n  b: unknown key (known keys: cluster, rules, overrides)');
  });

  test('is found upward from a directory, not above a directory holding .git', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-config-'));
    try {
      fs.mkdirSync(path.join(root, 'repo', 'charts', 'web'), { recursive: true });
      fs.writeFileSync(path.join(root, CONFIG_FILE_NAME), 'rules: {}\n');
      expect(ConfigFile.find(path.join(root, 'repo', 'charts', 'web'))).toBe(path.join(root, CONFIG_FILE_NAME));
      fs.mkdirSync(path.join(root, 'repo', '.git'));
      expect(ConfigFile.find(path.join(root, 'repo', 'charts', 'web'))).toBeUndefined();
      fs.writeFileSync(path.join(root, 'repo', 'charts', CONFIG_FILE_NAME), 'rules: {}\n');
      expect(ConfigFile.find(path.join(root, 'repo', 'charts', 'web'))).toBe(path.join(root, 'repo', 'charts', CONFIG_FILE_NAME));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('globToRegExp', () => {
  test.each([
    ['clusters/edge/**', 'clusters/edge/a/b.yaml', true],
    ['clusters/edge', 'clusters/edge/b.yaml', true],
    ['clusters/edge/', 'clusters/edge/b.yaml', true],
    ['clusters/edge', 'clusters/edge-2/b.yaml', false],
    ['dist/*.k8s.yaml', 'dist/edge.k8s.yaml', true],
    ['dist/*.k8s.yaml', 'dist/sub/edge.k8s.yaml', false],
    ['**/edge-*.yaml', 'a/b/edge-1.yaml', true],
    ['**/edge-*.yaml', 'edge-1.yaml', true],
    ['./dist/{edge,lab}.k8s.yaml', 'dist/lab.k8s.yaml', true],
    ['dist/?.yaml', 'dist/ab.yaml', false],
  ])('%s matches %s: %s', (glob, file, matches) => {
    expect(globToRegExp(glob).test(file)).toBe(matches);
  });
});
