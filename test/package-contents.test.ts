/** What `npm pack` puts in the published package: the library, its command line and its docs. */
import { spawnSync } from 'child_process';
import * as path from 'path';

const ROOT = path.join(__dirname, '..');

function packedFiles(): string[] {
  const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`npm pack failed: ${run.stderr}`);
  const [pack] = JSON.parse(run.stdout.slice(run.stdout.indexOf('[')));
  return pack.files.map((f: { path: string }) => f.path);
}

test('the npm package ships no CI scripts, benchmarks, examples, rosetta fixtures, sources or tests', () => {
  const files = packedFiles();
  const unwanted = files.filter(f => /^(\.ci|bench|examples|rosetta|src|test|projenrc)\//.test(f));
  expect(unwanted).toEqual([]);
  expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json', '.jsii', 'bin/cdk8s-hpa', 'lib/index.js', 'lib/index.d.ts']));
});
