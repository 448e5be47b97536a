/**
 * `cdk8s-hpa validate` on manifests shaped like what teams keep in repositories (rendered Helm
 * charts, kustomize builds, `kubectl get -o yaml` dumps, older HPA versions, anchors, several
 * namespaces). Every fixture under ok/ is accepted by a real API server and runs as meant: it
 * must pass with exit 0 and no error. Every fixture under broken/ names what must be caught in
 * `# expect: RULE severity path` lines. A fixture's `# flags:` line gives command-line flags.
 * Under unrendered/, a Helm chart as `helm create` writes it: inputs that are not manifests yet.
 */
import * as fs from 'fs';
import * as path from 'path';
import { cli, requireCompiledCli, ROOT } from '../cli/cli-helpers';

beforeAll(() => requireCompiledCli());

const FIELD = 'test/fixtures/field';

function fixtures(dir: string): string[] {
  const walk = (d: string): string[] => fs.readdirSync(path.join(ROOT, d), { withFileTypes: true })
    .flatMap(e => e.isDirectory() ? walk(`${d}/${e.name}`) : [`${d}/${e.name}`]);
  return walk(`${FIELD}/${dir}`).sort();
}

function header(file: string, key: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(new RegExp(`^# ${key}: (.*)$`, 'gm'))].map(m => m[1].trim());
}

interface Reported { readonly ruleId: string; readonly severity: string; readonly path: string }

function validate(files: readonly string[], flags: readonly string[]): { code: number | null; issues: Reported[]; stderr: string } {
  const run = cli(['validate', '--format', 'json', ...flags, ...files]);
  const report = run.stdout ? JSON.parse(run.stdout) : { issues: [] };
  return { code: run.code, stderr: run.stderr, issues: report.issues.map((i: any) => ({ ruleId: i.ruleId, severity: i.severity, path: i.path })) };
}

describe('manifests a real cluster runs as intended', () => {
  test.each(fixtures('ok'))('%s passes with exit 0 and no error', file => {
    const flags = header(file, 'flags').flatMap(f => f.split(/\s+/));
    const result = validate([file], flags);
    expect(result.issues.filter(i => i.severity === 'error')).toEqual([]);
    expect(result.code).toBe(0);
  });

  test('the whole ok/ tree in one run (dev and prod copies of one HPA are one object applied twice, not two HPAs)', () => {
    const files = fixtures('ok').filter(f => header(f, 'flags').length === 0);
    const result = validate(files, []);
    expect(result.issues.filter(i => i.severity === 'error')).toEqual([]);
    expect(result.code).toBe(0);
  });
});

describe('manifests with a real problem', () => {
  test.each(fixtures('broken'))('%s is caught', file => {
    const expected = header(file, 'expect').map(line => {
      const [ruleId, severity, fieldPath] = line.split(/\s+/);
      return { ruleId, severity, path: fieldPath };
    });
    expect(expected.length).toBeGreaterThan(0);
    const result = validate([file], header(file, 'flags').flatMap(f => f.split(/\s+/)));
    for (const issue of expected) expect(result.issues).toContainEqual(issue);
    const hasError = expected.some(e => e.severity === 'error');
    expect(result.code).toBe(hasError ? 1 : 0);
  });
});

describe('inputs that are not manifests yet', () => {
  test('an unrendered Helm chart (as helm create writes it): one error per template file, at its first action, naming the command that renders it', () => {
    const chart = `${FIELD}/unrendered/web`;
    const run = cli(['validate', '--format', 'json', chart]);
    const issues: Array<{ file: string; line: number; column: number; ruleId: string; message: string }> = JSON.parse(run.stdout).issues;
    expect(issues.map(i => `${i.file}:${i.line}:${i.column} ${i.ruleId}`)).toEqual([
      `${chart}/templates/deployment.yaml:6:5 YAML`,
      `${chart}/templates/hpa.yaml:1:1 YAML`,
      `${chart}/templates/httproute.yaml:1:1 YAML`,
      `${chart}/templates/ingress.yaml:1:1 YAML`,
      `${chart}/templates/service.yaml:6:5 YAML`,
      `${chart}/templates/serviceaccount.yaml:1:1 YAML`,
      `${chart}/templates/tests/test-connection.yaml:4:10 YAML`,
    ]);
    for (const issue of issues) expect(issue.message).toMatch(/^syntax error: an unrendered template: \{\{.*\}\} is a template action, where YAML was expected; render it, then check the output: helm template RELEASE CHART \| cdk8s-hpa validate -$/);
    expect(run.code).toBe(1);
  });
});
