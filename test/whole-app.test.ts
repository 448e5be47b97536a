/**
 * Checks only the whole app can make at synth: an HPA in another namespace than its target, and
 * another HPA on the same target whoever made it (cdk8s-plus, an L1, an Include of Helm output).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, Include } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { HorizontalPodAutoscalerV2, HpaValidator, Metric, MetricTarget } from '../src';

function app() {
  const a = new App();
  const chart = new Chart(a, 'shop', { namespace: 'shop' });
  const deployment = new kplus.Deployment(chart, 'Api', {
    metadata: { name: 'api' },
    containers: [{ image: 'shop/api', resources: { cpu: { request: kplus.Cpu.millis(500) } } }],
  });
  return { app: a, chart, deployment };
}

describe('HPA305: an HPA in another namespace than its target', () => {
  test('fails when the HPA names another namespace than its cdk8s-plus target', () => {
    const { app: a, chart, deployment } = app();
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { metadata: { namespace: 'default' }, target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(hpa.validateHpa()).toEqual([expect.objectContaining({
      ruleId: 'HPA305',
      path: 'metadata.namespace',
      value: 'default',
      message: expect.stringMatching(/^Fails at run time: "default": the controller looks Deployment\/api up in the HPA's own namespace \(namespace "default"\), but the workload is in namespace "shop"/),
      fix: 'set the HPA\'s metadata.namespace to "shop"',
    })]);
    expect(() => a.synthYaml()).toThrow(/HPA305/);
  });

  test('fails when the target is in a namespace and the HPA in the one it is applied to', () => {
    const a = new App();
    const chart = new Chart(a, 'plain');
    const deployment = new kplus.Deployment(chart, 'Api', { metadata: { namespace: 'shop' }, containers: [{ image: 'x' }] });
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4, metrics: [Metric.external({ name: 'q', target: MetricTarget.averageValue(5) })] });
    expect(hpa.validateHpa().map(i => [i.ruleId, i.value])).toEqual([['HPA305', '']]);
  });

  test('accepts an HPA and its target in the same namespace, from the chart or set on both', () => {
    const { chart, deployment } = app();
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(hpa.validateHpa()).toEqual([]);
  });
});

describe('HPA304: another HPA on the same target, whoever made it', () => {
  test('a cdk8s-plus HorizontalPodAutoscaler on the same Deployment', () => {
    const { app: a, chart, deployment } = app();
    new kplus.HorizontalPodAutoscaler(chart, 'PlusHpa', { target: deployment, maxReplicas: 5 });
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(hpa.validateHpa()).toEqual([expect.objectContaining({
      ruleId: 'HPA304',
      path: 'spec.scaleTargetRef',
      message: expect.stringMatching(/^Conflicts with another HPA: "Deployment\/api": HorizontalPodAutoscaler "shop-plushpa-c82c50aa" \(shop\/PlusHpa\/Resource\) already scales this target/),
    })]);
    expect(() => a.synthYaml()).toThrow(/\[shop\/Hpa\] spec\.scaleTargetRef: .*\[HPA304\]/);
  });

  test('an L1 ApiObject of kind HorizontalPodAutoscaler created after the construct', () => {
    const { chart, deployment } = app();
    new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    new ApiObject(chart, 'L1', {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'legacy' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' }, maxReplicas: 3 },
    } as any);
    expect(HpaValidator.validateChart(chart).map(i => [i.ruleId, i.constructPath])).toEqual([['HPA304', 'shop/Hpa']]);
  });

  test('an HPA brought in with Include (Helm output), in the same namespace', () => {
    const { chart, deployment } = app();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-include-')), 'helm.yaml');
    fs.writeFileSync(file, [
      '# Source: api/templates/hpa.yaml',
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata: {name: api, namespace: shop}',
      'spec:',
      '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: api}',
      '  maxReplicas: 6',
    ].join('\n'));
    new Include(chart, 'Helm', { url: file });
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(hpa.validateHpa().map(i => i.ruleId)).toEqual(['HPA304']);
  });

  test('an HPA added after a synth is seen by the next synth in the same task', () => {
    const { app: a, chart, deployment } = app();
    new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(() => a.synthYaml()).not.toThrow();
    new kplus.HorizontalPodAutoscaler(chart, 'PlusHpa', { target: deployment, maxReplicas: 5 });
    expect(() => a.synthYaml()).toThrow(/\[shop\/Hpa\] spec\.scaleTargetRef: .*PlusHpa.*\[HPA304\]/);
  });

  test('an HPA removed from the tree no longer counts, in the same task', () => {
    const { app: a, chart, deployment } = app();
    new kplus.HorizontalPodAutoscaler(chart, 'PlusHpa', { target: deployment, maxReplicas: 5 });
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(() => a.synthYaml()).toThrow(/HPA304/);
    expect(chart.node.tryRemoveChild('PlusHpa')).toBe(true);
    expect(hpa.validateHpa()).toEqual([]);
    expect(() => a.synthYaml()).not.toThrow();
  });

  test('one of this library\'s HPAs removed from the tree no longer counts', () => {
    const { app: a, chart, deployment } = app();
    new HorizontalPodAutoscalerV2(chart, 'First', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    const second = new HorizontalPodAutoscalerV2(chart, 'Second', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(second.validateHpa().map(i => [i.ruleId, i.message])).toEqual([
      ['HPA304', 'Conflicts with another HPA: "Deployment/api": HorizontalPodAutoscaler "shop-first-c8031365" (shop/First) already scales this target: two autoscalers fight over its replica count'],
    ]);
    expect(chart.node.tryRemoveChild('First')).toBe(true);
    expect(second.validateHpa()).toEqual([]);
    const third = new HorizontalPodAutoscalerV2(chart, 'Third', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(third.validateHpa().map(i => [i.ruleId, i.message])).toEqual([
      ['HPA304', 'Conflicts with another HPA: "Deployment/api": HorizontalPodAutoscaler "shop-second-c8ee5893" (shop/Second) already scales this target: two autoscalers fight over its replica count'],
    ]);
    expect(() => a.synthYaml()).toThrow(/\[shop\/Third\] .*\[HPA304\]/);
  });

  test('not an HPA on another target, or in another namespace', () => {
    const { chart, deployment } = app();
    new ApiObject(chart, 'Other', {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'o', namespace: 'elsewhere' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' }, maxReplicas: 3 },
    } as any);
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(hpa.validateHpa()).toEqual([]);
  });
});
