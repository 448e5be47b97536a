/** `cdk8s-hpa explain` through the command line's `main`, with its standard streams captured. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stringify } from 'yaml';
import { FIXTURES, GATES, hpa, NOW, objects } from '../../../../test/explain/fixtures';
import { run } from '../../../test/run-cli';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const GATE_FLAG = Object.entries(GATES).map(([g, on]) => `${g}=${on}`).join(',');

describe('cdk8s-hpa explain', () => {
  test('explains a stuck HPA in a few lines and exits 1', () => {
    const r = run(['explain', '--now', NOW, `${FIXTURES}/stuck-at-max.yaml`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe([
      `${FIXTURES}/stuck-at-max.yaml:2:1: HorizontalPodAutoscaler shop/web: Stuck: 10 replicas (min 2, max 10); the metrics propose 16 replicas (cpu); the metrics ask for more than maxReplicas`,
      '  why: the metrics propose 16 replicas (cpu), more than maxReplicas 10: the HPA is stuck at 10',
      '  next step: raise spec.maxReplicas to at least 16 (or make each pod handle more load)',
      '',
    ].join('\n'));
    expect(r.stderr).toBe('cdk8s-hpa: 1 of 1 HorizontalPodAutoscaler stuck or failing (--verbose: the arithmetic, every finding, the events and a replay to try a change)\n');
  });

  test('--verbose: the arithmetic, every finding, the next step and a replay of the total load', () => {
    const r = run(['explain', '--now', NOW, '--verbose', `${FIXTURES}/stuck-at-max.yaml`]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      `${FIXTURES}/stuck-at-max.yaml:2:1: HorizontalPodAutoscaler shop/web: Stuck: 10 replicas (min 2, max 10); the metrics propose 16 replicas (cpu); the metrics ask for more than maxReplicas`,
      '  metrics:',
      '    cpu (spec.metrics[0]): 95% of request vs target 60%: ratio 1.583, above the tolerance band [0.9, 1.1]: ceil(1.583 × 10) = 16',
      '    together: 16 (cpu); the next sync sets 10',
      '  findings:',
      `    ${FIXTURES}/stuck-at-max.yaml:36:3: stuck [EXP140] ScalingLimited=True/TooManyReplicas spec.maxReplicas: the metrics propose 16 replicas (cpu), more than maxReplicas 10: the HPA is stuck at 10 (fix: raise spec.maxReplicas to at least 16 (or make each pod handle more load))`,
      `    ${FIXTURES}/stuck-at-max.yaml:35:1: info [EXP123] AbleToScale=True/ReadyForNewScale spec.behavior: stabilization did not change the recommendation: the HPA follows its metrics`,
      `    ${FIXTURES}/stuck-at-max.yaml:38:3: info [EXP110] ScalingActive=True/ValidMetricFound spec.metrics: the controller computed a replica count from cpu resource utilization (percentage of request): it follows its metrics`,
      '  next step: raise spec.maxReplicas to at least 16 (or make each pod handle more load)',
      '  to see what a change does, edit the HPA and replay the current metrics:',
      `    cdk8s-hpa simulate --hpa ${FIXTURES}/stuck-at-max.yaml --name web --initial-replicas 10 --trace - <<'EOF'`,
      '    time,metric,observation,value',
      '    # cpu: 95% of request on each of 10 pods, replayed as their total, spread over however many pods run (perPodUsage 95 keeps each pod at it instead)',
      '    0,cpu,totalUsage,950',
      '    EOF',
      '',
    ]);
    expect(r.stderr).toBe('cdk8s-hpa: 1 of 1 HorizontalPodAutoscaler stuck or failing\n');
  });

  test('--verbose states the headline\'s proposal: the next sync is worked out from the controller\'s own, not the status\'s values', () => {
    // Three of six pods report 90% against 60%: the values alone give 9, the controller proposed 6 and keeps 6.
    const file = 'test/fixtures/explain/pods-without-metrics.yaml';
    const args = ['explain', '--now', '2026-11-27T00:49:55Z', '--k8s-version', '1.36', file];
    const lines = run([...args, '--verbose']).stdout.split('\n');
    expect(lines[0]).toContain('the controller proposes 6 replicas (the status\'s values alone give 9)');
    expect(lines).toContain('    together: 9 (cpu); the controller\'s own: 6 (EXP195); the next sync sets 6');
    const e = JSON.parse(run([...args, '--format', 'json']).stdout).explanations[0];
    expect([e.proposedReplicas, e.controllerProposal, e.nextReplicas]).toEqual([9, 6, 6]);
  });

  test('--replay-load per-pod replays each pod\'s load instead of the total', () => {
    const r = run(['explain', '--now', NOW, '--verbose', '--replay-load', 'per-pod', `${FIXTURES}/stuck-at-max.yaml`]);
    expect(r.stdout).toContain('    time,metric,observation,value\n    0,cpu,perPodUsage,95\n    EOF\n');
  });

  test('the replay of the total load settles where the controller does: a constant total, not a constant load per pod', () => {
    // 10 pods at 20% of request against 50%: the controller settles at ceil(200 / 50) = 4 pods.
    const manifest = hpa('stuck-at-max.yaml', 'web');
    const status = { ...manifest.status, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 20 } } }] };
    const low = { ...manifest, spec: { ...manifest.spec, minReplicas: 1, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }], behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } }, status };
    const finalReplicas = (load: string) => {
      const e = JSON.parse(run(['explain', '--now', NOW, '--format', 'json', '--replay-load', load, '-'], stringify(low)).stdout).explanations[0];
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-replay-'));
      try {
        fs.writeFileSync(path.join(dir, 'web-hpa.yaml'), stringify(low));
        const argv = e.simulate.argv.map((a: string) => (a === 'web-hpa.yaml' ? path.join(dir, a) : a));
        const out = run([...argv, '--until', '30m'], e.simulate.trace).stdout;
        return Number(/final replicas: (\d+)/.exec(out)?.[1]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    expect(finalReplicas('total')).toBe(4);
    expect(finalReplicas('per-pod')).toBe(1);
  });

  test('a dump without the target, whose live status shows the controller read its scale: no HPA306, and the replay runs without it', () => {
    const other = objects('pods-not-ready.yaml')[1];
    const dump = { apiVersion: 'v1', kind: 'List', items: [hpa('stuck-at-max.yaml', 'web'), { ...other, metadata: { ...other.metadata, name: 'api' } }] };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-partial-'));
    try {
      const file = path.join(dir, 'dump.yaml');
      fs.writeFileSync(file, stringify(dump));
      const e = JSON.parse(run(['explain', '--now', NOW, '--format', 'json', file]).stdout).explanations[0];
      expect(e.validationIssues).toEqual([]);
      expect(e.simulate.argv).toEqual(['simulate', '--hpa', file, '--name', 'web', '--initial-replicas', '10', '--disable', 'HPA306', '--trace', '-']);
      const replay = run(e.simulate.argv, e.simulate.trace);
      expect([replay.code, replay.stderr]).toEqual([0, '']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('exits 0 when every HPA is healthy, reading standard input', () => {
    const r = run(['explain', '--now', NOW, '-'], stringify(hpa('scaling-limited.yaml', 'desired-within-range')));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe([
      '<stdin>:1:1: HorizontalPodAutoscaler shop/desired-within-range: Healthy: 4 replicas (min 2, max 10); the metrics propose 4 replicas (cpu)',
      '  why: cpu: 60% of request vs target 60%: ratio 1, within the tolerance band [0.9, 1.1]: keeps 4',
      '  next step: nothing to change',
      '',
    ].join('\n'));
    // From standard input, the simulate command line first saves the HPA to a file.
    const verbose = run(['explain', '--now', NOW, '-v', '-'], stringify(hpa('scaling-limited.yaml', 'desired-within-range')));
    expect(verbose.stdout).toContain('    kubectl get hpa desired-within-range -n shop -o yaml > desired-within-range-hpa.yaml\n'
      + "    cdk8s-hpa simulate --hpa desired-within-range-hpa.yaml --name desired-within-range --initial-replicas 4 --trace - <<'EOF'\n");
  });

  test('exits 0 on an autoscaling/v1 HPA, saying how to get it as autoscaling/v2', () => {
    const v1 = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'old' }, spec: { maxReplicas: 5 }, status: { currentReplicas: 2 } };
    const r = run(['explain', '--now', NOW, '-'], stringify(v1));
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      '<stdin>:1:1: HorizontalPodAutoscaler default/old: Unknown: printed as autoscaling/v1',
      '  why: this HPA is printed as autoscaling/v1, which does not hold the autoscaling/v2 conditions and metrics the explanation reads',
      '  next step: read it as autoscaling/v2: kubectl get hpa.v2.autoscaling old -n default -o yaml',
    ]);
  });

  test.each([
    ['an empty file', ''],
    ['a scalar', '42\n'],
    ['no HPA in it', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x }\n'],
    ['a dump cut short after the HPA\'s metadata', 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: autoscaling/v2\n  kind: HorizontalPodAutoscaler\n  metadata:\n    name: web\n'],
  ])('exits 2 on %s: nothing to explain', (_what, input) => {
    const r = run(['explain', '--now', NOW, '-'], input);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/no HorizontalPodAutoscaler found in 1 input|has no spec: the input was cut short, or is not what kubectl prints/);
  });

  test('a dump cut short explains the HPAs before the cut and exits 2', () => {
    const cut = stringify({ apiVersion: 'v1', kind: 'List', items: [hpa('stuck-at-max.yaml', 'web'), { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'cut' } }] });
    const r = run(['explain', '--now', NOW, '-'], cut);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('HorizontalPodAutoscaler shop/web: Stuck');
    expect(r.stderr).toContain('HorizontalPodAutoscaler cut has no spec: the input was cut short, or is not what kubectl prints');
  });

  test('rule levels of the command line and of the config file reach the explanation', () => {
    const file = `${FIXTURES}/cpu-no-request.yaml`;
    const ids = (args: string[]) => JSON.parse(run(['explain', '--now', NOW, '--format', 'json', ...args, file]).stdout)
      .explanations[0].validationIssues.map((i: any) => `${i.ruleId}:${i.severity}`);
    expect(ids([])).toEqual(['HPA301:error']);
    expect(ids(['--disable', 'HPA301'])).toEqual([]);
    expect(ids(['--warn', 'HPA301'])).toEqual(['HPA301:warning']);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-config-'));
    try {
      fs.writeFileSync(path.join(dir, 'rules.yaml'), 'rules:\n  HPA301: "off"\n');
      expect(ids(['--config', path.join(dir, 'rules.yaml')])).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('--format json: every HPA with its findings placed in the file', () => {
    const r = run(['explain', '--now', NOW, '--feature-gates', GATE_FLAG, '--format', 'json', `${FIXTURES}/scaling-limited.yaml`]);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect([json.inputs, json.hpas]).toEqual([1, 5]);
    expect(json.explanations.map((e: any) => [e.name, e.health, e.findings[0].findingId, e.findings[0].line])).toEqual([
      ['too-many-replicas', 'Stuck', 'EXP140', 38],
      ['too-few-replicas', 'Healthy', 'EXP123', 111],
      ['scale-up-limit', 'Limited', 'EXP142', 201],
      ['scale-down-limit', 'Healthy', 'EXP126', 277],
      ['desired-within-range', 'Healthy', 'EXP123', 348],
    ]);
  });

  test('--help documents every flag with an example and the exit codes, and exits 0', () => {
    const r = run(['explain', '--help']);
    expect(r.code).toBe(0);
    for (const flag of ['--k8s-version', '--feature-gates', '--now', '--format', '--replay-load']) {
      expect(r.stdout).toContain(`  ${flag}`);
      expect(r.stdout).toContain(`e.g. ${flag}`);
    }
    expect(r.stdout).toContain('Exit codes:\n  0  every HPA is scaling as configured');
  });

  test('is listed in cdk8s-hpa --help', () => {
    expect(run(['--help']).stdout).toContain('  explain   explain why live HPAs (kubectl get hpa -o yaml) are or are not scaling\n');
  });

  test('--format github: an annotation per finding that is not info', () => {
    const r = run(['explain', '--now', NOW, '--format', 'github', `${FIXTURES}/stuck-at-max.yaml`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`::error file=${FIXTURES}/stuck-at-max.yaml,line=36,col=3,title=EXP140::spec.maxReplicas: ScalingLimited=True/TooManyReplicas: `
      + 'the metrics propose 16 replicas (cpu), more than maxReplicas 10: the HPA is stuck at 10 (fix: raise spec.maxReplicas to at least 16 (or make each pod handle more load))\n');
  });

  test.each([
    [['explain'], 'cdk8s-hpa explain: no input: give files, directories, or - for standard input; or HPA names, -n NAMESPACE or -A to read the cluster'],
    [['explain', '--format', 'xml', 'x.yaml'], 'cdk8s-hpa explain: --format must be one of text, json, github (got "xml")'],
    [['explain', '--now', 'noon', 'x.yaml'], 'cdk8s-hpa explain: --now must be an RFC 3339 time such as 2026-11-23T12:00:00Z (got "noon")'],
  ])('fails with a usage error (exit 2) on %j', (argv, message) => {
    const r = run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(message);
  });

  test('fails with exit 2 on an input that cannot be read', () => {
    const r = run(['explain', 'no-such-file.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cdk8s-hpa: no-such-file.yaml: no such file or directory\n');
  });
});

describe('the simulate command line explain suggests runs', () => {
  const files = fs.readdirSync(path.join(ROOT, FIXTURES)).filter(f => f.endsWith('.yaml'));
  const cases = files.flatMap(file => {
    const r = run(['explain', '--now', NOW, '--feature-gates', GATE_FLAG, '--format', 'json', `${FIXTURES}/${file}`]);
    return JSON.parse(r.stdout).explanations.filter((e: any) => e.simulate).map((e: any) => [file, e.name, e.simulate]);
  });

  test('most fixtures get one', () => {
    expect(cases.length).toBeGreaterThan(30);
  });

  test.each(cases)('%s %s', (_file, _name, simulate) => {
    const r = run(simulate.argv, simulate.trace);
    // Lints of the live HPA may be printed (as warnings); errors would stop the run.
    expect(r.stderr).not.toMatch(/error|not simulated|bad line/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/replicas/);
  });
});
