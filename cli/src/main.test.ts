/**
 * `cdk8s-hpa` run for real, as a subprocess, on the fixtures: output lines and exit codes.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BIN, cli, FIXTURES, requireCompiledCli, ROOT, testdata } from '../test/cli-helpers';

beforeAll(() => requireCompiledCli());

const VALIDATE = testdata('validate');
const HELM = `${VALIDATE}/helm-web.yaml`;

/** What `cdk8s-hpa validate cli/src/commands/validate/testdata/helm-web.yaml` prints. */
const HELM_REPORT = [
  `${HELM}:52:3: error [HPA303] spec.scaleTargetRef: Conflicts with the target: "Deployment/web": the target fixes replicas: 3: every apply resets the replica count the autoscaler chose (fix: remove replicas from the workload)`,
  `${HELM}:52:3: error [HPA304] spec.scaleTargetRef: Conflicts with another HPA: "Deployment/web": HorizontalPodAutoscaler "web-memory" (${HELM}:87) also scales this target: the controller sets ScalingActive=False (AmbiguousSelector: the pods are controlled by more than one HPA) on both, and neither scales (fix: keep one HPA per target and put all metrics in it)`,
  `${HELM}:64:11: error [HPA301] spec.metrics[0].resource.target.averageUtilization: Fails at run time: 80: container "nginx" of Deployment/web has no cpu request: the controller cannot compute utilization and the metric fails (fix: give container "nginx" a cpu request, or use an averageValue target)`,
  `${HELM}:68:9: error [HPA302] spec.metrics[1].containerResource.container: Fails at run time: "sidecar": Deployment/web has no container named "sidecar" (it has "app", "nginx") (fix: use one of "app", "nginx")`,
  `${HELM}:77:11: warning [HPA410] spec.metrics[2].external.target.type: Ignored by the controller: "Value": does not match the target field that is set (averageValue): the controller ignores type and reads averageValue (fix: set type to "AverageValue")`,
  `${HELM}:84:11: error [HPA123] spec.behavior.scaleDown.policies[0].periodSeconds: Invalid value: 3600: must be less than or equal to 1800 (fix: use a period of at most 1800s)`,
  `${HELM}:92:3: error [HPA303] spec.scaleTargetRef: Conflicts with the target: "Deployment/web": the target fixes replicas: 3: every apply resets the replica count the autoscaler chose (fix: remove replicas from the workload)`,
  `${HELM}:92:3: error [HPA304] spec.scaleTargetRef: Conflicts with another HPA: "Deployment/web": HorizontalPodAutoscaler "web" (${HELM}:45) also scales this target: the controller sets ScalingActive=False (AmbiguousSelector: the pods are controlled by more than one HPA) on both, and neither scales (fix: keep one HPA per target and put all metrics in it)`,
];

describe('cdk8s-hpa validate on a Helm-style manifest', () => {
  test('prints every issue as file:line:column: severity [ruleId] path: message, and exits 1', () => {
    const run = cli(['validate', HELM]);
    expect(run.lines).toEqual(HELM_REPORT);
    expect(run.stderr).toBe('cdk8s-hpa: 7 errors, 1 warning in 2 HorizontalPodAutoscalers (1 input) [Kubernetes 1.37 (the default: the newest release)]\n');
    expect(run.code).toBe(1);
  });

  test('points each line and column at the offending node of the YAML source', () => {
    const source = fs.readFileSync(path.join(ROOT, HELM), 'utf8').split('\n');
    const at = (line: number, column: number) => source[line - 1].slice(column - 1);
    expect(at(52, 3)).toBe('scaleTargetRef:');
    expect(at(64, 11)).toBe('averageUtilization: 80');
    expect(at(68, 9)).toBe('container: sidecar');
    expect(at(84, 11)).toBe('periodSeconds: 3600');
    // The document start of the first HPA, after Helm's `# Source:` comment.
    expect(at(45, 1)).toBe('apiVersion: autoscaling/v2');
  });

  test('--format json emits the issues with positions, values, fixes and the object', () => {
    const run = cli(['validate', '--format', 'json', HELM]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ files: 1, hpas: 2, errors: 7, warnings: 1 });
    expect(report.issues).toHaveLength(8);
    expect(report.issues[2]).toEqual({
      file: HELM,
      line: 64,
      column: 11,
      severity: 'error',
      ruleId: 'HPA301',
      path: 'spec.metrics[0].resource.target.averageUtilization',
      message: 'Fails at run time: 80: container "nginx" of Deployment/web has no cpu request: the controller cannot compute utilization and the metric fails',
      value: 80,
      fix: 'give container "nginx" a cpu request, or use an averageValue target',
      object: { kind: 'HorizontalPodAutoscaler', namespace: 'default', name: 'web' },
    });
  });

  test('--format github emits GitHub Actions annotations', () => {
    const run = cli(['validate', '--format=github', HELM]);
    expect(run.code).toBe(1);
    expect(run.lines).toHaveLength(8);
    expect(run.lines[5]).toBe(`::error file=${HELM},line=84,col=11,title=HPA123::spec.behavior.scaleDown.policies[0].periodSeconds: Invalid value: 3600: must be less than or equal to 1800 (fix: use a period of at most 1800s)`);
  });

  test('reads standard input with -', () => {
    const run = cli(['validate', '-'], { input: fs.readFileSync(path.join(ROOT, HELM)) });
    expect(run.code).toBe(1);
    expect(run.lines).toEqual(HELM_REPORT.map(line => line.split(HELM).join('<stdin>')));
  });
});

describe('cdk8s-hpa validate exit codes', () => {
  test('exits 0 with no output on a clean manifest', () => {
    const run = cli(['validate', `${VALIDATE}/clean.yaml`]);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('cdk8s-hpa: 0 errors, 0 warnings in 1 HorizontalPodAutoscaler (1 input) [Kubernetes 1.37 (the default: the newest release)]\n');
    expect(run.code).toBe(0);
  });

  test('exits 0 on warnings, and 1 with --strict', () => {
    const warning = `${VALIDATE}/hpa.json:6:23: warning [HPA405] spec.scaleTargetRef.apiVersion: Lint: "extensions/v1beta1": Deployment is served in the apps group: the controller cannot find the scale subresource of a Deployment in extensions (fix: set apiVersion to "apps/v1")`;
    const plain = cli(['validate', `${VALIDATE}/hpa.json`]);
    expect(plain.lines).toEqual([warning]);
    expect(plain.code).toBe(0);
    const strict = cli(['validate', '--strict', `${VALIDATE}/hpa.json`]);
    expect(strict.lines).toEqual([warning]);
    expect(strict.code).toBe(1);
  });

  test('judges autoscaling/v2beta2 and autoscaling/v1 HPAs as the release would: v2beta2 is no longer served, v1 is', () => {
    const file = `${VALIDATE}/old-versions.yaml`;
    const run = cli(['validate', file]);
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([
      `${file}:1:1: error [HPA100] apiVersion: Unsupported value: "autoscaling/v2beta2": Kubernetes 1.37 does not serve this version (removed in 1.26), kubectl fails with: no matches for kind "HorizontalPodAutoscaler" in version "autoscaling/v2beta2"; served: "autoscaling/v2", "autoscaling/v1" (fix: move to autoscaling/v2: change apiVersion only, the fields are the same)`,
      `${file}:11:3: error [HPA102] spec.maxReplicas: Required value: must be set and greater than 0 (fix: set maxReplicas to the most replicas the workload may have)`,
      `${file}:11:3: error [HPA103] spec.maxReplicas: Invalid value: 0: must be greater than or equal to \`minReplicas\` (fix: raise maxReplicas to at least 2, or lower minReplicas)`,
      // The v1 HPA (minReplicas 2, maxReplicas 5, targetCPUUtilizationPercentage 60) is valid.
    ]);
  });

  test('an HPA version the release still serves is checked with the rules of its converted fields, at the fields written', () => {
    const v1 = [
      'apiVersion: autoscaling/v1',
      'kind: HorizontalPodAutoscaler',
      'metadata: {name: reports}',
      'spec:',
      '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: reports}',
      '  minReplicas: 5',
      '  maxReplicas: 3',
      '  targetCPUUtilizationPercentage: 0',
    ].join('\n');
    const run = cli(['validate', '-'], { input: v1 });
    expect(run.lines).toEqual([
      '<stdin>:7:3: error [HPA103] spec.maxReplicas: Invalid value: 3: must be greater than or equal to `minReplicas` (fix: raise maxReplicas to at least 5, or lower minReplicas)',
      '<stdin>:8:3: error [HPA116] spec.targetCPUUtilizationPercentage: Invalid value: 0: must be greater than 0 (fix: use a target greater than 0)',
    ]);
    const v2beta2 = cli(['validate', '--k8s-version', '1.25', '-'], { input: v1.replace('autoscaling/v1', 'autoscaling/v2beta2').replace('targetCPUUtilizationPercentage: 0', 'behavior: {scaleUp: {tolerance: 0.1}}') });
    expect(v2beta2.lines).toEqual([
      '<stdin>:1:1: warning [HPA155] apiVersion: Warning: autoscaling/v2beta2 HorizontalPodAutoscaler is deprecated in v1.23+, unavailable in v1.26+; use autoscaling/v2 HorizontalPodAutoscaler (fix: move to autoscaling/v2: change apiVersion only, the fields are the same)',
      '<stdin>:7:3: error [HPA103] spec.maxReplicas: Invalid value: 3: must be greater than or equal to `minReplicas` (fix: raise maxReplicas to at least 5, or lower minReplicas)',
      '<stdin>:8:24: error [HPA126] spec.behavior.scaleUp.tolerance: Unknown field: strict decoding error: unknown field "spec.behavior.scaleUp.tolerance": kubectl apply refuses the object; other clients get a warning and the field dropped (fix: remove it; known fields here: stabilizationWindowSeconds, selectPolicy, policies)',
    ]);
  });

  test('reports malformed YAML at its position and still checks the other documents', () => {
    const file = `${FIXTURES}/malformed.yaml`;
    const run = cli(['validate', file]);
    expect(run.lines).toEqual([
      `${file}:7:3: error [YAML] <root>: syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]`,
      `${file}:16:3: error [HPA102] spec.maxReplicas: Required value: must be set and greater than 0 (fix: set maxReplicas to the most replicas the workload may have)`,
      `${file}:16:3: error [HPA103] spec.maxReplicas: Invalid value: 0: must be greater than or equal to \`minReplicas\` (fix: raise maxReplicas to at least 2, or lower minReplicas)`,
    ]);
    expect(run.code).toBe(1);
  });

  test('an empty file holds no HPA: exit 0', () => {
    const run = cli(['validate', `${FIXTURES}/empty.yaml`]);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`cdk8s-hpa: note: ${FIXTURES}/empty.yaml holds no HorizontalPodAutoscaler\n`
      + 'cdk8s-hpa: no HorizontalPodAutoscaler found in 1 input [Kubernetes 1.37 (the default: the newest release)]\n');
    expect(run.code).toBe(0);
  });

  test('a binary file is unreadable: exit 2 with a clear message, other inputs still checked', () => {
    const run = cli(['validate', `${VALIDATE}/binary.yaml`, `${VALIDATE}/hpa.json`]);
    expect(run.stderr).toContain(`cdk8s-hpa: ${VALIDATE}/binary.yaml: binary content (it contains NUL characters); manifests must be YAML or JSON in UTF-8, or in UTF-16 with a byte order mark\n`);
    expect(run.lines).toEqual([
      `${VALIDATE}/binary.yaml:1:1: error [INPUT] <root>: cannot be read: binary content (it contains NUL characters); manifests must be YAML or JSON in UTF-8, or in UTF-16 with a byte order mark`,
      expect.stringMatching(/^cli\/src\/commands\/validate\/testdata\/hpa\.json:6:23: warning \[HPA405\]/),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  test('a missing file is unreadable: exit 2', () => {
    const run = cli(['validate', `${VALIDATE}/no-such-file.yaml`]);
    expect(run.stderr).toContain(`cdk8s-hpa: ${VALIDATE}/no-such-file.yaml: no such file or directory\n`);
    expect(run.code).toBe(2);
  });

  test('a file over the size limit is not read: exit 2', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-cli-'));
    try {
      const huge = path.join(dir, 'huge.yaml');
      fs.writeFileSync(huge, '');
      fs.truncateSync(huge, 17 * 1024 * 1024);
      const run = cli(['validate', huge]);
      expect(run.stderr).toContain(`cdk8s-hpa: ${huge}: file is too large (17 MiB; the limit is 16 MiB)\n`);
      expect(run.code).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a YAML alias bomb is refused as an error, not expanded', () => {
    const levels = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) levels.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    const run = cli(['validate', '-'], { input: levels.join('\n') });
    expect(run.lines).toEqual(['<stdin>:1:1: error [YAML] <root>: syntax error: Excessive alias count indicates a resource exhaustion attack']);
    expect(run.code).toBe(1);
  });
});

describe('cdk8s-hpa validate on directories', () => {
  test('reads .yaml, .yml and .json files below a directory, skipping hidden directories, and matches HPAs to workloads across files', () => {
    const run = cli(['validate', `${VALIDATE}/dir`]);
    expect(run.lines).toEqual([
      `${VALIDATE}/dir/nested/b-hpa.yml:18:11: error [HPA301] spec.metrics[0].resource.target.averageUtilization: Fails at run time: 75: container "db" of StatefulSet/db (${VALIDATE}/dir/a-deployment.yaml:1) has no memory request: the controller cannot compute utilization and the metric fails (fix: give container "db" a memory request, or use an averageValue target)`,
    ]);
    expect(run.stderr).toBe('cdk8s-hpa: 1 error, 0 warnings in 1 HorizontalPodAutoscaler (2 inputs) [Kubernetes 1.37 (the default: the newest release)]\n');
    expect(run.code).toBe(1);
  });

  test('checks an HPA against the copy of its target nearest to it, and names the target\'s file and line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-cli-'));
    const deployment = (memory: string) => [
      '# the Deployment',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: {name: api}',
      'spec:',
      '  template:',
      '    spec:',
      `      containers: [{name: api, image: api, resources: {requests: {cpu: 100m${memory}}}}]`,
      '',
    ].join('\n');
    const hpa = [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata: {name: api}',
      'spec:',
      '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: api}',
      '  maxReplicas: 4',
      '  metrics: [{type: Resource, resource: {name: memory, target: {type: Utilization, averageUtilization: 80}}}]',
      '',
    ].join('\n');
    try {
      for (const [env, memory] of [['a-dev', ''], ['b-prod', ', memory: 1Gi']]) {
        fs.mkdirSync(path.join(dir, env));
        fs.writeFileSync(path.join(dir, env, 'deployment.yaml'), deployment(memory));
        fs.writeFileSync(path.join(dir, env, 'hpa.yaml'), hpa);
      }
      const run = cli(['validate', 'a-dev', 'b-prod'], { cwd: dir });
      expect(run.stdout.trim().split('\n')).toEqual([
        'a-dev/hpa.yaml:7:83: error [HPA301] spec.metrics[0].resource.target.averageUtilization: Fails at run time: 80: container "api" of Deployment/api (a-dev/deployment.yaml:2) has no memory request: the controller cannot compute utilization and the metric fails (fix: give container "api" a memory request, or use an averageValue target)',
      ]);
      expect(run.code).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('says when an HPA is not checked against a target of its directory that differs only in having a namespace', () => {
    const input = [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata: {name: web}',
      'spec:',
      '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}',
      '  maxReplicas: 5',
      '---',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: {name: web, namespace: loki}',
      'spec: {replicas: 3}',
      '',
    ].join('\n');
    const run = cli(['validate', '-'], { input });
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toBe('cdk8s-hpa: note: <stdin>:1:1: HorizontalPodAutoscaler web (no namespace) was not checked against Deployment/web, which the input holds with namespace "loki": '
      + '`helm install -n` puts both in one namespace, `kubectl apply` may not; give both the same metadata.namespace to have them checked together');
    expect(run.code).toBe(0);
    // With the namespace on both, the pair is checked: the fixed replicas are found.
    const both = cli(['validate', '-'], { input: input.replace('metadata: {name: web}', 'metadata: {name: web, namespace: loki}') });
    expect(both.lines).toEqual([expect.stringContaining('error [HPA303]')]);
    expect(both.stderr).not.toContain('note:');
  });

  test('handles a directory with thousands of files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-cli-'));
    try {
      for (let i = 0; i < 2500; i++) {
        fs.writeFileSync(path.join(dir, `cm-${i}.yaml`), `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-${i}}\ndata: {a: b}\n`);
      }
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'skipped');
      fs.copyFileSync(path.join(ROOT, VALIDATE, 'clean.yaml'), path.join(dir, 'zz-hpa.yaml'));
      const run = cli(['validate', dir]);
      expect(run.stderr).toBe('cdk8s-hpa: 0 errors, 0 warnings in 1 HorizontalPodAutoscaler (2501 inputs) [Kubernetes 1.37 (the default: the newest release)]\n');
      expect(run.code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('cdk8s-hpa validate cluster profile flags', () => {
  const scaleToZero = [
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata: {name: worker}',
    'spec:',
    '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: worker}',
    '  minReplicas: 0',
    '  maxReplicas: 5',
    '  metrics:',
    '    - type: External',
    '      external:',
    '        metric: {name: queue_depth}',
    '        target: {type: AverageValue, averageValue: "30"}',
    '',
  ].join('\n');

  test('--feature-gates turns a gate on', () => {
    const off = cli(['validate', '--k8s-version', '1.36', '-'], { input: scaleToZero });
    expect(off.lines).toHaveLength(1);
    expect(off.lines[0]).toMatch(/^<stdin>:6:3: error \[HPA101\] spec.minReplicas: /);
    expect(off.code).toBe(1);
    const on = cli(['validate', '--k8s-version', '1.36', '--feature-gates', 'HPAScaleToZero=true,HPAContainerMetrics=true', '-'], { input: scaleToZero });
    expect(on.stdout).toBe('');
    expect(on.code).toBe(0);
  });

  test('with no version declared, minReplicas: 0 passes as on the newest release, with a warning that says so; --strict fails on it', () => {
    const run = cli(['validate', '--no-config', '-'], { input: scaleToZero });
    expect(run.lines).toEqual([expect.stringMatching(/^<stdin>:6:3: warning \[HPA157\] spec\.minReplicas: Warning: judged as on Kubernetes 1\.37, the default \(the newest release\), as no cluster version is declared: /)]);
    expect(run.code).toBe(0);
    expect(cli(['validate', '--no-config', '--strict', '-'], { input: scaleToZero }).code).toBe(1);
    const declared = cli(['validate', '--no-config', '--k8s-version', '1.37', '-'], { input: scaleToZero });
    expect([declared.stdout, declared.code]).toEqual(['', 0]);
  });

  test('--k8s-version picks the release: tolerance before 1.33 is an error', () => {
    const tolerance = scaleToZero.replace('minReplicas: 0', 'minReplicas: 2') + '  behavior:\n    scaleUp:\n      tolerance: 0.05\n';
    const run = cli(['validate', '--k8s-version', '1.32', '-'], { input: tolerance });
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toMatch(/^<stdin>:15:7: error \[HPA150\] spec.behavior.scaleUp.tolerance: Unknown field: Kubernetes 1.32 has no tolerance field/);
    expect(cli(['validate', '--k8s-version=1.35', '-'], { input: tolerance }).code).toBe(0);
  });

  test('--k8s-version newer than the library\'s releases: judged as the newest, with a warning that says so; exit 0', () => {
    const run = cli(['validate', '--k8s-version', '1.39', `${VALIDATE}/clean.yaml`]);
    // A fact of the run, once, on the flag: not on each HPA.
    expect(run.lines).toEqual([expect.stringMatching(new RegExp('^<command line>:1:1: warning \\[HPA156\\] --k8s-version: Warning: '
      + 'Kubernetes 1\\.39 is judged as 1\\.38, the newest release this cdk8s-hpa knows: .*a newer cdk8s-hpa may know more '
      + '\\(fix: upgrade cdk8s-hpa to a version that knows Kubernetes 1\\.39; until then, turn HPA156 off \\(ruleLevels, or --disable HPA156\\) to accept the judgement as 1\\.38\\)$'))]);
    expect(run.stderr).toBe('cdk8s-hpa: 0 errors, 1 warning in 1 HorizontalPodAutoscaler (1 input) [Kubernetes 1.39 (judged as 1.38, the newest release this cdk8s-hpa knows)]\n');
    expect(run.code).toBe(0);
    // Three HPAs in two files: still one finding, in text, JSON and SARIF (a notification, not an alert).
    const three = [`${VALIDATE}/clean.yaml`, '-'];
    const input = fs.readFileSync(path.join(ROOT, VALIDATE, 'clean.yaml'), 'utf8').replace(/name: (\S+)\n/g, 'name: $1-b\n');
    const twice = `${input}---\n${input.replace(/name: (\S+)-b\n/g, 'name: $1-c\n')}`;
    expect(cli(['validate', '--k8s-version', '1.39', ...three], { input: twice }).lines.filter(l => l.includes('HPA156'))).toHaveLength(1);
    const json = JSON.parse(cli(['validate', '--format', 'json', '--k8s-version', '1.39', ...three], { input: twice }).stdout);
    expect(json.issues.filter((i: any) => i.ruleId === 'HPA156')).toEqual([expect.objectContaining({ file: '<command line>', path: '--k8s-version' })]);
    expect(json.hpas).toBe(3);
    const sarif = JSON.parse(cli(['validate', '--format', 'sarif', '--k8s-version', '1.39', ...three], { input: twice }).stdout);
    expect(sarif.runs[0].results.filter((r: any) => r.ruleId === 'HPA156')).toEqual([]);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications).toEqual([expect.objectContaining({ level: 'warning', descriptor: expect.objectContaining({ id: 'HPA156' }) })]);
    // Judged as the newest release: scaling to zero as the newest release knows it.
    const zero = cli(['validate', '--k8s-version', 'v1.40.0', '--disable', 'HPA156', '-'], { input: scaleToZero });
    expect([zero.stdout, zero.code]).toEqual(['', 0]);
    expect(zero.stderr).toContain('[Kubernetes v1.40.0 (judged as 1.38, the newest release this cdk8s-hpa knows)]');
  });

  test.each([
    [['--k8s-version', '1.22'], '--k8s-version: "1.22": must be a Kubernetes version 1.23 or later, such as "1.37"'],
    [['--k8s-version', 'v2'], '--k8s-version: "v2": must be a Kubernetes version 1.23 or later, such as "1.37"'],
    [['--feature-gates', 'NoSuchGate=true'], '--feature-gates NoSuchGate: true: unknown feature gate; known gates: HPAScaleToZero, HPAConfigurableTolerance, HPAContainerMetrics, HPAExternalMetricFallback, SidecarContainers, PodLevelResources'],
    [['--k8s-version', '1.30', '--feature-gates', 'HPAConfigurableTolerance=true'], '--feature-gates HPAConfigurableTolerance: true: Kubernetes 1.30 has no HPAConfigurableTolerance feature gate; declare a version that has it'],
  ])('an unknown version or gate (%j) is a usage error before any input is read, whatever the inputs hold', (flags, message) => {
    for (const input of [`${VALIDATE}/clean.yaml`, `${FIXTURES}/empty.yaml`, `${VALIDATE}/no-such-file.yaml`]) {
      const run = cli(['validate', ...flags, input]);
      expect(run.stderr.split('\n')[0]).toBe(`cdk8s-hpa validate: ${message}`);
      expect(run.stdout).toBe('');
      expect(run.code).toBe(2);
    }
  });
});

describe('cdk8s-hpa usage', () => {
  test.each([
    [[], 'cdk8s-hpa: no command given'],
    [['simulat'], 'cdk8s-hpa: unknown command "simulat" (commands: validate, simulate, tune, explain)'],
    [['validate'], 'cdk8s-hpa validate: no input: give files, directories, or - for standard input'],
    [['validate', '--bogus', 'x.yaml'], 'cdk8s-hpa validate: unknown option --bogus'],
    [['validate', '--format', 'xml', 'x.yaml'], 'cdk8s-hpa validate: --format must be one of text, json, github, sarif (got "xml")'],
    [['validate', '--feature-gates', 'HPAScaleToZero', 'x.yaml'], 'cdk8s-hpa validate: --feature-gates: "HPAScaleToZero" is not NAME=true or NAME=false'],
    [['validate', '--feature-gates', 'HPAScaleToZero=yes', 'x.yaml'], 'cdk8s-hpa validate: --feature-gates: HPAScaleToZero must be true or false (got "yes")'],
    [['validate', 'x.yaml', '--k8s-version'], 'cdk8s-hpa validate: --k8s-version needs a value'],
    [['validate', '--strict=yes', 'x.yaml'], 'cdk8s-hpa validate: --strict takes no value'],
  ])('fails with exit 2 on %j', (args, message) => {
    const run = cli(args);
    expect(run.stderr.split('\n')[0]).toBe(message);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });

  test('validate --help documents every flag with an example, and exits 0', () => {
    const run = cli(['validate', '--help']);
    expect(run.code).toBe(0);
    for (const flag of ['--k8s-version', '--feature-gates', '--format', '--strict']) {
      expect(run.stdout).toContain(`  ${flag}`);
      expect(run.stdout).toContain(`e.g. ${flag}`);
    }
    expect(run.stdout).toContain('-h, --help');
    expect(run.stdout).toContain('Exit codes:');
    expect(run.stdout).toContain('helm template my-release ./chart | cdk8s-hpa validate --k8s-version 1.33 -');
  });

  test('--help lists the commands', () => {
    const run = cli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  validate  check HorizontalPodAutoscalers in YAML or JSON files');
    expect(run.stdout).toContain('  simulate  replay the HPA controller over a metric trace (CSV)');
    expect(run.stdout).toContain('  explain   explain why live HPAs (kubectl get hpa -o yaml) are or are not scaling');
    expect(run.stdout).toContain('  tune      find the cheapest HPA that would have served recorded history within limits, proven by replay');
  });

  test.each([
    [['--help'], []],
    [['validate', '--help'], ['validate']],
    [['simulate', '--help'], ['simulate']],
    [['explain', '--help'], ['explain']],
  ])('%j loads the command modules %j and no other', (args, expected) => {
    const script = [
      `const { main } = require(${JSON.stringify(path.join(ROOT, 'cli', 'lib', 'main.js'))});`,
      `main(${JSON.stringify(args)}, { stdout: () => {}, stderr: () => {}, readStdin: () => Buffer.alloc(0) });`,
      'const commands = Object.keys(require.cache).map(k => /commands\\/(\\w+)\\/command\\.js$/.exec(k)?.[1]).filter(k => k !== undefined);',
      'console.log(JSON.stringify(commands));',
    ].join('\n');
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(expected);
  });

  test.each([
    [['--help']],
    [['explain', '--help']],
    [['explain', 'test/explain/fixtures/stuck-at-max.yaml']],
  ])('%j loads nothing of the cluster reader (it loads the Kubernetes client)', args => {
    const script = [
      `const { main } = require(${JSON.stringify(path.join(ROOT, 'cli', 'lib', 'main.js'))});`,
      `main(${JSON.stringify(args)}, { stdout: () => {}, stderr: () => {}, readStdin: () => Buffer.alloc(0) });`,
      `const cluster = ${JSON.stringify(path.join(ROOT, 'cli', 'lib', 'cluster') + path.sep)};`,
      'console.log(JSON.stringify(Object.keys(require.cache).filter(k => k.startsWith(cluster))));',
    ].join('\n');
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: ROOT });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([]);
  });
});

describe('the command line\'s start', () => {
  test('the command line loads neither cdk8s nor cdk8s-plus-27: it starts without them', () => {
    // A preload that lists, when the process exits, the modules of either package it loaded.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-preload-'));
    const preload = path.join(dir, 'preload.js');
    const loaded = path.join(dir, 'loaded.json');
    fs.writeFileSync(preload, [
      `const modules = ${JSON.stringify(['cdk8s', 'cdk8s-plus-27'].map(p => path.join(ROOT, 'node_modules', p) + path.sep))};`,
      `process.on("exit", () => require("fs").writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(Object.keys(require.cache).filter(k => modules.some(m => k.startsWith(m))))));`,
    ].join('\n'));
    const manifests = path.join(ROOT, 'test', 'fixtures', 'field', 'ok', 'autoscaling-v1.yaml');
    const result = spawnSync(process.execPath, ['-r', preload, BIN, 'validate', manifests], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(JSON.parse(fs.readFileSync(loaded, 'utf8'))).toEqual([]);
  });
});
