/** The README's "Explaining a live HPA" blocks are what `cdk8s-hpa explain` prints on the fixtures. */
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES, NOW } from './fixtures';
import { run } from './run-cli';
import { HpaExplainer } from '../../src';

const README = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');

test.each([
  [['--now', NOW, `${FIXTURES}/stuck-at-max.yaml`], 1],
  [['--now', NOW, '--feature-gates', 'HPAExternalMetricFallback=true', `${FIXTURES}/external-fallback.yaml`], 1],
  [['--now', NOW, `${FIXTURES}/cpu-no-request.yaml`], 1],
])('the README shows what `cdk8s-hpa explain %s` prints', (args, code) => {
  const r = run(['explain', ...(args as string[])]);
  expect(r.code).toBe(code);
  expect(README).toContain(`$ npx cdk8s-hpa explain ${(args as string[]).join(' ')}\n${r.stdout}\`\`\``);
});

test('the README lists every finding kind', () => {
  const kinds = HpaExplainer.findingKinds();
  for (const k of kinds) {
    expect(README).toContain(`| ${k.findingId} | ${k.condition ? `\`${k.condition}\`` : ''} | ${k.level} | ${k.summary} |\n`);
  }
  expect(README.match(/^\| EXP\d+ \|/gm)).toHaveLength(kinds.length);
});
