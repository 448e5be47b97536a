/**
 * `cdk8s-hpa validate --compare-release`: each HPA judged under both releases, the other
 * release's extra findings labelled with it, the exit code the run's own release's.
 */
import { cli, requireCompiledCli } from '../../../test/cli-helpers';

beforeAll(() => requireCompiledCli());

const hpa = (apiVersion: string, targetApiVersion: string) => [
  `apiVersion: ${apiVersion}`,
  'kind: HorizontalPodAutoscaler',
  'metadata: {name: web}',
  'spec:',
  `  scaleTargetRef: {apiVersion: ${targetApiVersion}, kind: Deployment, name: web}`,
  '  minReplicas: 1',
  '  maxReplicas: 5',
  '  metrics:',
  '    - type: Resource',
  '      resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}',
  '',
].join('\n');

describe('validate --compare-release', () => {
  test('1.34\'s API server refuses a scaleTargetRef.apiVersion without a group that 1.33 stores', () => {
    const run = cli(['validate', '--k8s-version', '1.33', '--compare-release', '1.34', '-'], { input: hpa('autoscaling/v2', 'v1') });
    expect(run.lines).toEqual([
      '<stdin>:5:20: error [HPA205] spec.scaleTargetRef.apiVersion: Fails at run time: "v1": apiVersion must specify API group: Kubernetes 1.33 stores it, but the controller cannot find the scale subresource (fix: set apiVersion to "apps/v1")',
      '<stdin>:5:20: error [HPA107] spec.scaleTargetRef.apiVersion: Kubernetes 1.34 (--compare-release): Invalid value: "v1": apiVersion must specify API group (fix: set apiVersion to "apps/v1")',
    ]);
    expect(run.stderr).toBe('cdk8s-hpa: 1 error, 0 warnings in 1 HorizontalPodAutoscaler (1 input); Kubernetes 1.34 (--compare-release) adds 1 error, 0 warnings [Kubernetes 1.33]\n');
    expect(run.code).toBe(1);
  });

  test('a deprecation warning today is an error on the release that stops serving it; the exit code stays today\'s', () => {
    const run = cli(['validate', '--k8s-version', '1.25', '--compare-release', '1.26', '--format', 'json', '-'], { input: hpa('autoscaling/v2beta2', 'apps/v1') });
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({ errors: 0, warnings: 1 });
    expect(json.issues.map((i: any) => [i.ruleId, i.severity, i.message.split(':')[0]])).toEqual([
      ['HPA155', 'warning', 'Warning'],
      ['HPA100', 'error', 'Kubernetes 1.26 (--compare-release)'],
    ]);
    expect(run.stderr).toBe('cdk8s-hpa: 0 errors, 1 warning in 1 HorizontalPodAutoscaler (1 input); Kubernetes 1.26 (--compare-release) adds 1 error, 0 warnings [Kubernetes 1.25]\n');
    expect(run.code).toBe(0);
  });

  test('1.37 to 1.38: the API server rules are the same, nothing is added', () => {
    const run = cli(['validate', '--k8s-version', '1.37', '--compare-release', '1.38', '-'], { input: hpa('autoscaling/v2', 'v1') });
    expect(run.lines).toEqual([
      '<stdin>:5:20: error [HPA107] spec.scaleTargetRef.apiVersion: Invalid value: "v1": apiVersion must specify API group (fix: set apiVersion to "apps/v1")',
    ]);
    expect(run.stderr).toBe('cdk8s-hpa: 1 error, 0 warnings in 1 HorizontalPodAutoscaler (1 input); Kubernetes 1.38 (--compare-release) adds 0 errors, 0 warnings [Kubernetes 1.37]\n');
  });

  test('an unknown release is a usage error before any input is read', () => {
    const run = cli(['validate', '--compare-release', '1.2', '-'], { input: hpa('autoscaling/v2', 'apps/v1') });
    expect(run.stderr.split('\n')[0]).toBe('cdk8s-hpa validate: --compare-release: "1.2": must be a Kubernetes version 1.23 or later, such as "1.37"');
    expect(run.code).toBe(2);
  });
});
