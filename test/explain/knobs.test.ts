/**
 * Next steps that name the setting holding the count, with the value to set: a policy's value,
 * the tolerance where the cluster takes the per-HPA field, a window, minReplicas, a disabled
 * direction; and an External metric's fallback only where the cluster takes `external.fallback`.
 */
import { CLUSTER, GATES, hpa, NOW } from './fixtures';
import { ClusterProfile, ExternalFallbackFormat, HpaExplainer } from '../../src';
import { policyValues, toleranceFix } from '../../src/explain/knobs';

const explain = (manifest: any, cluster = CLUSTER) => HpaExplainer.explain(manifest, { cluster, now: NOW });
const copy = (file: string, name: string) => JSON.parse(JSON.stringify(hpa(file, name)));

describe('policyValues', () => {
  const rules = (selectPolicy: string, policies: Array<[string, number, number]>) => ({
    stabilizationWindowSeconds: 0,
    selectPolicy,
    policies: policies.map(([type, value, periodSeconds]) => ({ type, value, periodSeconds })),
    longestPeriod: Math.max(...policies.map(p => p[2])),
  });

  test('selectPolicy Max: the policy that allows the most now, raised to the change', () => {
    expect(policyValues('scaleUp', rules('Max', [['Pods', 2, 60], ['Percent', 50, 60]]), 10, 18))
      .toBe('set spec.behavior.scaleUp.policies[1].value to 80 (now 50, Percent per 60s) to add the 8 replicas from 10 to 18 in one period');
  });

  test('selectPolicy Min: every policy that allows less', () => {
    expect(policyValues('scaleDown', rules('Min', [['Pods', 1, 60], ['Percent', 10, 60], ['Pods', 9, 15]]), 10, 4))
      .toBe('set spec.behavior.scaleDown.policies[0].value to 6 (now 1, Pods per 60s) and spec.behavior.scaleDown.policies[1].value to 60 (now 10, Percent per 60s)'
        + ' to remove the 6 replicas from 10 to 4 in one period');
  });

  test('nothing when a policy already allows the change', () => {
    expect(policyValues('scaleUp', rules('Max', [['Pods', 8, 60]]), 10, 18)).toBeUndefined();
  });
});

describe('toleranceFix, by what the cluster takes', () => {
  const cpu = { path: 'spec.metrics[0]', metric: 'cpu', type: 'Resource', targetType: 'Utilization', target: 60, current: 57, ratio: 0.95, withinTolerance: true, fallbackActive: false, explanation: '' };
  const tolerance = { up: 0.1, down: 0.1 };

  test.each([
    ['1.35', 'to scale down when cpu is 5% below its target, set spec.behavior.scaleDown.tolerance to 0.04 (now 0.1)'],
    ['1.33', 'the tolerance (0.1) is kube-controller-manager\'s --horizontal-pod-autoscaler-tolerance, for every HPA; the per-HPA '
      + 'spec.behavior.scaleDown.tolerance (to 0.04) needs the HPAConfigurableTolerance feature gate, off on Kubernetes 1.33'],
    ['1.32', 'the tolerance (0.1) is kube-controller-manager\'s --horizontal-pod-autoscaler-tolerance, for every HPA; the per-HPA '
      + 'spec.behavior.scaleDown.tolerance (to 0.04) comes with Kubernetes 1.33'],
  ])('Kubernetes %s', (version, fix) => {
    expect(toleranceFix(cpu, tolerance, ClusterProfile.of({ version })._facts())).toBe(fix);
  });
});

describe('the next step of an HPA that is not failing names the setting', () => {
  test('held by a scale-down policy: the policy value that removes the replicas in one period', () => {
    const e = explain(hpa('scaling-limited.yaml', 'scale-down-limit'));
    // 15% against 60% on 8 pods: ceil(0.25 × 8) = 2; one Pod per 60s allows 7.
    expect([e.health, e.cause, e.proposedReplicas]).toEqual(['Healthy', 'scaleDownPolicy', 2]);
    expect(e.nextStep).toBe('to shrink faster, set spec.behavior.scaleDown.policies[0].value to 6 (now 1, Pods per 60s) to remove the 6 replicas from 8 to 2 in one period');
  });

  test('held by the tolerance: EXP197 says so, its fix is the next step', () => {
    const e = explain(hpa('scaling-active.yaml', 'valid-metric-found'));
    const held = e.findings.find(f => f.findingId === 'EXP197')!;
    expect(held).toEqual({
      findingId: 'EXP197',
      level: 'info',
      path: 'spec.behavior.scaleUp.tolerance',
      message: 'cpu is at 1.033 times its target, within the tolerance band [0.9, 1.1]: the controller keeps 4 replicas',
      fix: 'to scale up when cpu is 3.3% above its target, set spec.behavior.scaleUp.tolerance to 0.03 (now 0.1)',
    });
    expect(e.nextStep).toBe(held.fix);
  });

  test('fails when the metric sits exactly at its target: nothing holds the count, nothing to change', () => {
    const e = explain(hpa('scaling-limited.yaml', 'desired-within-range'));
    expect([e.cause, e.nextStep]).toEqual(['none', undefined]);
  });

  test('a failing HPA keeps its failure\'s fix as the next step', () => {
    const e = explain(hpa('stuck-at-max.yaml', 'web'));
    expect(e.nextStep).toBe('raise spec.maxReplicas to at least 16 (or make each pod handle more load)');
  });
});

describe('a failing External metric: fallback advice only where the cluster takes external.fallback', () => {
  const failing = () => copy('scaling-active.yaml', 'failed-get-external-metric');
  const query = 'check the external metrics adapter serves "queue_depth": kubectl get --raw \'/apis/external.metrics.k8s.io/v1beta1/namespaces/shop/queue_depth?labelSelector=queue%3Dorders\'';

  test('with the HPAExternalMetricFallback gate: the fallback to set, in the profile\'s wire shape', () => {
    expect(explain(failing()).nextStep).toBe(`${query}; to keep 4 replicas while it is down, set spec.metrics[0].external.fallback to {failureDuration: 3m, replicas: 4}`);
    const seconds = ClusterProfile.of({ featureGates: GATES, fallbackFormat: ExternalFallbackFormat.FAILURE_DURATION_SECONDS });
    expect(explain(failing(), seconds).nextStep).toBe(`${query}; to keep 4 replicas while it is down, set spec.metrics[0].external.fallback to {failureDurationSeconds: 180, replicas: 4}`);
  });

  test.each(['1.36', '1.37'])('Kubernetes %s without the gate: the adapter, or KEDA\'s fallback; never external.fallback', version => {
    const e = explain(failing(), ClusterProfile.of({ version }));
    expect(e.nextStep).toBe(`${query}; Kubernetes ${version} takes no external.fallback (feature gate HPAExternalMetricFallback off): `
      + 'to hold a known replica count while it is down, have the adapter serve a default for "queue_depth", or scale with a KEDA ScaledObject and its spec.fallback');
    expect(JSON.stringify(e.findings)).not.toContain('set spec.metrics[0].external.fallback');
  });
});
