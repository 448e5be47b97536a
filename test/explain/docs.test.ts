/** docs/explain.md's real runs are what `cdk8s-hpa explain` prints on the fixtures. */
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES, NOW } from './fixtures';
import { run } from './run-cli';

const PAGE = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'explain.md'), 'utf8');

test.each([
  [['--now', NOW, `${FIXTURES}/stuck-at-max.yaml`], 1],
  [['--now', NOW, '--feature-gates', 'HPAExternalMetricFallback=true', `${FIXTURES}/external-fallback.yaml`], 1],
  [['--now', NOW, `${FIXTURES}/cpu-no-request.yaml`], 1],
])('docs/explain.md shows what `cdk8s-hpa explain %s` prints', (args, code) => {
  const r = run(['explain', ...(args as string[])]);
  expect(r.code).toBe(code);
  expect(PAGE).toContain(`$ npx cdk8s-hpa explain ${(args as string[]).join(' ')}\n${r.stdout}\`\`\``);
});
