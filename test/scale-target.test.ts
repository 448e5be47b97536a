import { Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { ScaleTarget } from '../src';

describe('ScaleTarget', () => {
  test('fromReference renders the reference and knows no containers', () => {
    const t = ScaleTarget.fromReference({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'checkout' });
    expect(t._toKube()).toEqual({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'checkout' });
    expect(t._facts('shop')).toEqual({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'checkout', namespace: 'shop', replicas: undefined, containers: undefined });
  });

  test('fromScalable marks the workload as autoscaled, so it stops rendering replicas', () => {
    const chart = Testing.chart();
    const deployment = new kplus.Deployment(chart, 'web', { containers: [{ image: 'web', name: 'web' }] });
    expect(deployment.toScalingTarget().replicas).toBeUndefined();
    expect(Testing.synth(chart)[0].spec.replicas).toBe(2);
    const target = ScaleTarget.fromScalable(deployment);
    target.markHasAutoscaler();
    expect(target.hasAutoscaler).toBe(true);
    expect(deployment.hasAutoscaler).toBe(true);
    expect(Testing.synth(chart)[0].spec.replicas).toBeUndefined();
  });

  test('facts list each container with the resources it requests (a limit counts as a request)', () => {
    const chart = Testing.chart();
    const deployment = new kplus.Deployment(chart, 'web', {
      replicas: 3,
      containers: [
        { image: 'a', name: 'app', resources: { cpu: { request: kplus.Cpu.millis(100) } } },
        { image: 'b', name: 'sidecar', resources: { memory: { limit: undefined }, cpu: { limit: kplus.Cpu.units(1) } } },
        { image: 'c', name: 'bare', resources: {} },
      ],
    });
    const facts = ScaleTarget.fromScalable(deployment)._facts(undefined);
    expect(facts.kind).toBe('Deployment');
    expect(facts.replicas).toBe(3);
    expect(facts.containers).toEqual([
      { name: 'app', requests: ['cpu'] },
      { name: 'sidecar', requests: ['cpu'] },
      { name: 'bare', requests: [] },
    ]);
  });

  test('fromScalable returns a ScaleTarget as it is', () => {
    const t = ScaleTarget.fromReference({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs' });
    expect(ScaleTarget.fromScalable(t)).toBe(t);
  });
});
