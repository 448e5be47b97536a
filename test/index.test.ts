/**
 * The library's entry point as Node loads it: what `require('cdk8s-hpa')` loads, and what it leaves
 * until first use.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const ROOT = path.join(__dirname, '..');

describe('the library entry point', () => {
  test('require("cdk8s-hpa") loads no YAML parser and no Kubernetes client', () => {
    const script = [
      `require(${JSON.stringify(path.join(ROOT, 'lib', 'index.js'))});`,
      `const root = ${JSON.stringify(ROOT + path.sep)};`,
      'const loaded = Object.keys(require.cache).filter(k => ["node_modules/yaml/", "node_modules/js-yaml/", "node_modules/@kubernetes/"].some(p => k.startsWith(root + p)));',
      'console.log(JSON.stringify(loaded));',
    ].join('\n');
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([]);
  });

  test('require("cdk8s-hpa") leaves the validation engine and the simulation run until first use', () => {
    const lib = path.join(ROOT, 'lib');
    const script = [
      `const h = require(${JSON.stringify(path.join(lib, 'index.js'))});`,
      `const internals = ${JSON.stringify(['validation/engine.js', 'validation/decode.js', 'simulation/simulation-run.js'].map(f => path.join(lib, f)))};`,
      'const loaded = () => internals.filter(f => require.cache[f] !== undefined).length;',
      'const before = loaded();',
      'h.HpaValidator.validate({});',
      'console.log(JSON.stringify([before, loaded()]));',
    ].join('\n');
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([0, 2]);
  });

  test('lib/index.js exports every class and enum of the jsii assembly, to require() and to ESM import', () => {
    const assembly = JSON.parse(fs.readFileSync(path.join(ROOT, '.jsii'), 'utf8'));
    const names: string[] = Object.values<{ kind: string; name: string; namespace?: string }>(assembly.types)
      .filter(t => t.kind !== 'interface' && t.namespace === undefined).map(t => t.name).sort();
    expect(names).toEqual(expect.arrayContaining(['HorizontalPodAutoscalerV2', 'HpaConfig', 'HpaSimulator', 'HpaValidator']));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-esm-'));
    const esm = path.join(dir, 'import.mjs');
    fs.writeFileSync(esm, [
      `import * as h from ${JSON.stringify(path.join(ROOT, 'lib', 'index.js'))};`,
      'import { createRequire } from \'module\';',
      `const cjs = createRequire(import.meta.url)(${JSON.stringify(path.join(ROOT, 'lib', 'index.js'))});`,
      `const names = ${JSON.stringify(names)};`,
      'console.log(JSON.stringify([names.filter(n => typeof cjs[n] === "undefined"), names.filter(n => h[n] !== cjs[n])]));',
    ].join('\n'));
    const result = spawnSync(process.execPath, [esm], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([[], []]);
  });

  test('require("cdk8s-hpa") leaves the explainer until HpaExplainer is first used', () => {
    const lib = path.join(ROOT, 'lib');
    const script = [
      `const h = require(${JSON.stringify(path.join(lib, 'index.js'))});`,
      `const internals = ${JSON.stringify(['explain/explainer.js', 'explain/status-reader.js'].map(f => path.join(lib, f)))};`,
      'const loaded = () => internals.filter(f => require.cache[f] !== undefined).length;',
      'const before = loaded();',
      'h.HpaExplainer.explain({});',
      'console.log(JSON.stringify([before, loaded()]));',
    ].join('\n');
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([0, 2]);
  });
});
