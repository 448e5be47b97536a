import { spawnSync } from 'child_process';
import * as path from 'path';
import { requireCompiledCli, ROOT } from '../cli/cli-helpers';

beforeAll(() => requireCompiledCli());

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
