/**
 * `cdk8s-hpa explain` on dumps of what the real HPA controller wrote (test/fixtures/explain/):
 * each was made by test/conformance (the controller of the release named in the file, its HPA
 * status and events written to a real kube-apiserver and read back as `kubectl get
 * hpa,deploy,pods,events -o yaml` prints them), with what the controller did in a comment, taken
 * from its status and its log. Every fact of it must be stated, and no healthy HPA called failing.
 */
import * as fs from 'fs';
import * as path from 'path';
import { run } from '../../../test/run-cli';

const DIR = 'test/fixtures/explain';
const ROOT = path.join(__dirname, '..', '..', '..', '..');

interface Fixture {
  readonly file: string;
  readonly flags: string[];
  readonly controller: { proposal?: number; causes: string[]; failing: string[]; troubled: boolean };
}

function fixture(name: string): Fixture {
  const file = `${DIR}/${name}`;
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return { file, flags: JSON.parse(/^# explain: (.*)$/m.exec(text)![1]), controller: JSON.parse(/^# controller: (.*)$/m.exec(text)![1]) };
}

const NAMES = fs.readdirSync(path.join(ROOT, DIR)).filter(f => f.endsWith('.yaml')).sort();

function explain(f: Fixture, ...more: string[]) {
  const json = run(['explain', ...f.flags, '--format', 'json', ...more, f.file]);
  const text = run(['explain', ...f.flags, ...more, f.file]);
  return { code: json.code, e: JSON.parse(json.stdout).explanations[0], text: text.stdout, textCode: text.code };
}

test('the fixtures cover the situations an SRE meets', () => {
  expect(NAMES.length).toBeGreaterThanOrEqual(12);
});

describe.each(NAMES)('%s', name => {
  const f = fixture(name);
  const { code, e, text, textCode } = explain(f);

  test('exits by the contract: 1 exactly when the controller is held at maxReplicas, paused or failing a metric', () => {
    expect([code, textCode]).toEqual(f.controller.troubled ? [1, 1] : [0, 0]);
    if (!f.controller.troubled) expect(['Healthy', 'Limited']).toContain(e.health);
  });

  test('names the cause the controller\'s status gives', () => {
    expect(f.controller.causes).toContain(e.cause);
  });

  test('names each metric the controller could not read, in the JSON and in the short text', () => {
    expect([...e.failingMetrics].sort()).toEqual([...f.controller.failing].sort());
    for (const id of f.controller.failing) expect(text).toContain(`"${id}"`);
  });

  test('states the controller\'s own proposal, never another as the controller\'s', () => {
    if (e.controllerProposal !== undefined) expect(e.controllerProposal).toBe(f.controller.proposal);
    if (f.controller.proposal !== undefined && (e.controllerProposal !== undefined || e.proposedReplicas === f.controller.proposal)) {
      expect(e.summary).toMatch(new RegExp(`proposes? ${f.controller.proposal} replicas?\\b`));
    }
  });

  test('is short: a headline, why, at most two more findings, the next step; no Go structs', () => {
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(5);
    expect(lines[1]).toMatch(/^ {2}why: /);
    expect(lines[lines.length - 1]).toMatch(/^ {2}next step: /);
    expect(text).not.toMatch(/&LabelSelector|map\[string\]string/);
  });
});

describe('what each situation shows', () => {
  test('held at maxReplicas: how many replicas the load asks for', () => {
    const { e, text } = explain(fixture('at-max-replicas.yaml'));
    expect(e.health).toBe('Stuck');
    expect(text).toContain('  next step: raise spec.maxReplicas to at least 16 (or make each pod handle more load)\n');
  });

  test('an External metric failing while CPU drives: failing, how often, scale-down blocked, the query with its selector', () => {
    const { e, text } = explain(fixture('external-failing-while-cpu-drives.yaml'));
    expect(e.health).toBe('Failing');
    const failing = e.findings.find((x: any) => x.findingId === 'EXP163');
    expect(failing.message).toMatch(/^the controller cannot read External metric "queue" while cpu drives the count .*never down.*; the controller failed to read it 7 times since /);
    expect(failing.fix).toMatch(/kubectl get --raw '\/apis\/external\.metrics\.k8s\.io\/v1beta1\/namespaces\/explain-1-3\d-\d+\/queue\?labelSelector=queue%3Dorders'/);
    expect(text).toContain('  why: the controller cannot read External metric "queue"');
  });

  test('scale-down disabled is said as disabled, not as a slow scale-down', () => {
    const { e, text } = explain(fixture('scale-down-disabled.yaml'));
    expect(e.cause).toBe('scaleDownDisabled');
    expect(text).toContain('scale-down is disabled (spec.behavior.scaleDown.selectPolicy: Disabled), so the HPA never removes replicas: it stays at 6');
    expect(text).not.toContain('in steps');
  });

  test('pods without metrics: the controller\'s proposal, and why the status\'s values give another', () => {
    const { e, text } = explain(fixture('pods-without-metrics.yaml'));
    expect([e.controllerProposal, e.proposedReplicas, e.cause]).toEqual([6, 9, 'missingPodMetrics']);
    expect(text).toMatch(/Healthy: 6 replicas \(min 2, max 20\); the controller proposes 6 replicas \(the status's values alone give 9\)/);
    expect(text).toContain('pods without metrics');
  });

  test('scaled to zero by the HPA itself is healthy', () => {
    const { e } = explain(fixture('scaled-to-zero.yaml'));
    expect([e.health, e.cause, e.status.currentReplicas]).toEqual(['Healthy', 'zero', 0]);
  });

  test('a KEDA-owned HPA points at its ScaledObject', () => {
    const { e, text } = explain(fixture('keda-at-max.yaml'));
    expect(e.managedBy).toBe('ScaledObject/web');
    expect(e.nextStep).toMatch(/^on ScaledObject "web", not on the HPA \(KEDA rewrites it\): raise spec\.maxReplicaCount to at least \d+ .*; see it with kubectl get scaledobject web -n explain-1-3\d-\d+ -o yaml$/);
    expect(text).toContain('  next step: on ScaledObject "web"');
  });

  test('replicas a manager applied do not outrank what the controller does: advice, not a failure', () => {
    const { e, code } = explain(fixture('replicas-set-by-apply.yaml'));
    // The next step is the tolerance that holds the count (62% against 60%), not the advice on replicas.
    expect([code, e.health, e.cause]).toEqual([0, 'Healthy', 'tolerance']);
    expect(e.nextStep).toBe('to scale up when cpu is 3.3% above its target, set spec.behavior.scaleUp.tolerance to 0.03 (now 0.1)');
    const advice = e.findings.find((x: any) => x.findingId === 'EXP194');
    expect(advice).toMatchObject({ level: 'info', ruleIds: ['HPA303'] });
    expect(e.validationIssues.map((i: any) => i.ruleId)).toEqual(['HPA303']);
  });

  test.each([
    ['at-min-replicas.yaml', 'minReplicas', 'if 4 replicas are more than this load needs, set spec.minReplicas to 2 (now 4)'],
    ['scale-down-disabled.yaml', 'scaleDownDisabled', 'to let it scale down to 2, set spec.behavior.scaleDown.selectPolicy to Max (now Disabled)'],
    ['scale-down-stabilization.yaml', 'scaleDownStabilization', 'to scale down sooner, set spec.behavior.scaleDown.stabilizationWindowSeconds to 60 (now 300s)'],
    ['within-tolerance.yaml', 'tolerance', 'to scale up when cpu is 19.6% above its target, set spec.behavior.scaleUp.tolerance to 0.19 (now 0.2)'],
    ['scale-up-disabled.yaml', 'scaleUpDisabled', 'to let it scale up to 12, set spec.behavior.scaleUp.selectPolicy to Max (now Disabled)'],
    ['scale-up-policy.yaml', 'scaleUpPolicy', 'to grow faster, set spec.behavior.scaleUp.policies[0].value to 5 (now 1, Pods per 60s) to add the 5 replicas from 5 to 10 in one period'],
  ])('%s: held by %s, the next step names that setting and the value to set', (name, cause, step) => {
    const { e, text } = explain(fixture(name));
    expect([e.cause, e.nextStep]).toEqual([cause, step]);
    expect(text).toContain(`  next step: ${step}\n`);
  });
});
