/**
 * docs/tune.md's runs are what the command line prints on the committed history (the tune's
 * time aside), and the history is what test/tuning/docs-history.ts generates.
 */
import * as fs from 'fs';
import * as path from 'path';
import { docsHistory } from '../../../../test/tuning/docs-history';
import { cli, requireCompiledCli, ROOT } from '../../../test/cli-helpers';

beforeAll(() => requireCompiledCli());

const PAGE = fs.readFileSync(path.join(ROOT, 'docs', 'tune.md'), 'utf8');
const BLOCKS = [...PAGE.matchAll(/<!-- tune: (\w+) -->\n```console\n\$ cdk8s-hpa (.*)\n([\s\S]*?)```/g)].map(m => [m[1], m[2], m[3]]);
/** The tune's time, which no two runs share. */
const timeless = (text: string) => text.replace(/ in \d+\.\ds\n/, ' in (time)\n');

test('the page shows the baseline, the tune and the comparison', () => {
  expect(BLOCKS.map(b => b[0])).toEqual(['baseline', 'tune', 'compare']);
});

test.each(BLOCKS)('docs/tune.md shows what its %s run prints', (_name, args, shown) => {
  const run = cli(args.split(' '));
  expect(run.code).toBe(0);
  expect(timeless(run.stdout)).toBe(timeless(shown));
});

test('the committed history is what docs-history.ts generates', () => {
  const h = docsHistory();
  const dir = path.join(ROOT, 'docs', 'tune', 'history');
  expect(fs.readFileSync(path.join(dir, 'cpu.json'), 'utf8')).toBe(h.cpu);
  expect(fs.readFileSync(path.join(dir, 'http_requests_per_second.json'), 'utf8')).toBe(h.rps);
  expect(fs.readFileSync(path.join(dir, 'replicas.json'), 'utf8')).toBe(h.replicas);
});
