/** What `npm pack` puts in the published library package: the library and its docs, no command line. */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..');

function packed(): { files: string[]; bundled: string[] } {
  const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`npm pack failed: ${run.stderr}`);
  const [pack] = JSON.parse(run.stdout.slice(run.stdout.indexOf('[')));
  return { files: pack.files.map((f: { path: string }) => f.path), bundled: pack.bundled };
}

test('the library package ships no command line, CI scripts, benchmarks, examples, rosetta fixtures, sources or tests', () => {
  const { files } = packed();
  const unwanted = files.filter(f => /^(\.ci|bench|bin|cli|examples|rosetta|src|test|projenrc)\//.test(f));
  expect(unwanted).toEqual([]);
  expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json', '.jsii', 'lib/index.js', 'lib/index.d.ts']));
});

test('the library bundles only its YAML readers: no Kubernetes or HTTP client', () => {
  expect(packed().bundled.sort()).toEqual(['argparse', 'js-yaml', 'yaml']);
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  expect(manifest.bin).toBeUndefined();
});

test('the command line package depends on the library at exactly its version', () => {
  const library = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const cli = JSON.parse(fs.readFileSync(path.join(ROOT, 'cli', 'package.json'), 'utf8'));
  expect([cli.name, cli.version, cli.dependencies['cdk8s-hpa'], cli.bin]).toEqual(['cdk8s-hpa-cli', library.version, library.version, { 'cdk8s-hpa': 'bin/cdk8s-hpa' }]);
  // Every other dependency of the command line is installed in the checkout, at the same range.
  for (const [name, range] of Object.entries(cli.dependencies)) {
    if (name !== 'cdk8s-hpa') expect([name, library.devDependencies[name]]).toEqual([name, range]);
  }
});
