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
import { cli, requireCompiledCli, ROOT } from '../../../test/cli-helpers';

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

function report(files: readonly string[], flags: readonly string[] = []): { code: number | null; issues: any[]; stderr: string } {
  const run = cli(['validate', '--format', 'json', ...flags, ...files]);
  return { code: run.code, stderr: run.stderr, issues: run.stdout ? JSON.parse(run.stdout).issues : [] };
}

function validate(files: readonly string[], flags: readonly string[]): { code: number | null; issues: Reported[]; stderr: string } {
  const run = report(files, flags);
  return { ...run, issues: run.issues.map((i: any) => ({ ruleId: i.ruleId, severity: i.severity, path: i.path })) };
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
  test('an unrendered Helm chart (as helm create writes it) is noted and skipped; its templates named one by one are one error each, at the first action, naming the command that renders it', () => {
    const chart = `${FIELD}/unrendered/web`;
    const walked = cli(['validate', '--allow-empty', '--format', 'json', `${FIELD}/unrendered`]);
    expect(JSON.parse(walked.stdout).issues).toEqual([]);
    expect(walked.stderr).toContain(`cdk8s-hpa: note: ${chart} is a Helm chart: its templates are Helm's input, not checked; check what it renders: helm template RELEASE ${chart} | cdk8s-hpa validate -\n`);
    expect(walked.code).toBe(0);
    const templates = ['deployment.yaml', 'hpa.yaml', 'httproute.yaml', 'ingress.yaml', 'service.yaml', 'serviceaccount.yaml', 'tests/test-connection.yaml'].map(t => `${chart}/templates/${t}`);
    const run = cli(['validate', '--format', 'json', ...templates]);
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

describe('what the findings on the field fixtures say', () => {
  const only = (file: string) => report([`${FIELD}/broken/${file}`]).issues.map(i => [i.ruleId, i.path, i.message, i.fix]);

  test('a target the input lacks names the workload the input holds under a close name', () => {
    expect(only('kustomize-name-prefix-rollout.yaml')).toEqual([['HPA306', 'spec.scaleTargetRef.name',
      'Fails at run time: "checkout": the input holds workloads of namespace "payments" (Rollout/prod-checkout), but no Rollout "checkout": '
        + 'the controller cannot get the target\'s scale (FailedGetScale, not found) and never scales it',
      expect.stringMatching(/^set name to "prod-checkout", the Rollout the input holds \(test\/fixtures\/field\/broken\/kustomize-name-prefix-rollout\.yaml:5\); if something outside this input makes Rollout\/checkout/)]]);
    expect(only('kustomize-target-renamed.yaml').map(i => i[3])).toEqual([expect.stringMatching(/^set name to "web-deployment", the Deployment the input holds/)]);
    expect(only('helm-target-name-typo.yaml').map(i => i[3])).toEqual([expect.stringMatching(/^set name to "storefront", the Deployment the input holds/)]);
  });

  test('a misspelt kind and a misspelt resource name are one error each, with the spelling meant', () => {
    expect(only('kustomize-lower-case-kind.yaml')).toEqual([['HPA207', 'spec.scaleTargetRef.kind',
      expect.stringContaining('every sync fails with FailedGetScale (no matches for kind "deployment" in group "apps")'), 'set kind to "Deployment"']]);
    expect(only('misspelt-resource-name.yaml')).toEqual([['HPA113', 'spec.metrics[1].containerResource.name',
      'Invalid value: "memroy": must be a standard resource type or fully qualified; must be a standard resource for containers', 'use "memory"']]);
  });

  test('an HPA beside a KEDA ScaledObject on its target gets KEDA\'s wording, and the fix points at the ScaledObject', () => {
    const webhook = '(KEDA\'s admission webhook refuses a ScaledObject on a target already scaled: "the workload \'orders-worker\' of type \'apps/v1.Deployment\' is already managed by the hpa \'orders-worker-cpu\'")';
    expect(only('keda-scaledobject-and-hpa.yaml')).toEqual([['HPA304', 'spec.scaleTargetRef',
      expect.stringMatching(/^Conflicts with another HPA: "Deployment\/orders-worker": ScaledObject "orders-worker" \(\S+:40\), through the HPA KEDA makes of it \("keda-hpa-orders-worker"\), also scales this target: the controller sets ScalingActive=False \(AmbiguousSelector: the pods are controlled by more than one HPA\) on both, and neither scales /),
      'remove this HPA and let ScaledObject "orders-worker" scale the target: give its metrics to the ScaledObject\'s triggers (KEDA\'s cpu and memory scalers take utilization targets)']]);
    expect(only('keda-scaledobject-and-hpa.yaml')[0][2]).toContain(webhook);
    // The HPA KEDA made is fixed in its ScaledObject; the one added by hand is removed.
    const both = only('keda-hpa-and-manual-hpa.yaml');
    expect(both.map(i => [i[0], i[3]])).toEqual([
      ['HPA304', 'KEDA makes this HPA from ScaledObject "orders-worker" and puts back any change to it: remove the other HPA "orders-worker-cpu" (the ScaledObject\'s triggers can take its metrics), or the ScaledObject'],
      ['HPA304', expect.stringMatching(/^remove this HPA and let ScaledObject "orders-worker" scale the target/)],
    ]);
    expect(both.map(i => i[2])).toEqual([expect.stringContaining(webhook), expect.stringContaining(webhook)]);
  });
});
