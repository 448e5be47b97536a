/**
 * docs/tune.md's history is what test/tuning/docs-history.ts generates (cli/src/docs.test.ts runs
 * the page's commands on it).
 */
import * as fs from 'fs';
import * as path from 'path';
import { docsHistory } from '../../../../test/tuning/docs-history';
import { ROOT } from '../../../test/cli-helpers';

test('the committed history is what docs-history.ts generates', () => {
  const h = docsHistory();
  const dir = path.join(ROOT, 'docs', 'tune', 'history');
  expect(fs.readFileSync(path.join(dir, 'cpu.json'), 'utf8')).toBe(h.cpu);
  expect(fs.readFileSync(path.join(dir, 'http_requests_per_second.json'), 'utf8')).toBe(h.rps);
  expect(fs.readFileSync(path.join(dir, 'replicas.json'), 'utf8')).toBe(h.replicas);
});
