/**
 * docs/explain.md's real runs on files are what `cdk8s-hpa explain` prints on them (its run on a
 * live cluster, `-n NAMESPACE NAME`, is held by the conformance run's live cluster).
 */
import * as fs from 'fs';
import * as path from 'path';
import { run } from '../../../test/run-cli';

const PAGE = fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'docs', 'explain.md'), 'utf8');
const BLOCKS = [...PAGE.matchAll(/```console\n\$ npx cdk8s-hpa explain (.*)\n([\s\S]*?)```/g)]
  .map(m => [m[1], m[2]])
  .filter(([args]) => !/(^| )-n /.test(args));

test('the page shows runs on fixtures', () => {
  expect(BLOCKS.length).toBeGreaterThanOrEqual(5);
});

test.each(BLOCKS)('docs/explain.md shows what `cdk8s-hpa explain %s` prints', (args, shown) => {
  expect(run(['explain', ...args.split(' ')]).stdout).toBe(shown);
});
