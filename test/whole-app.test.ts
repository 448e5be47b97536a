/**
 * Checks only the whole app can make at synth: an HPA in another namespace than its target,
 * another autoscaler on the same target whoever made it (cdk8s-plus, an L1, an Include of Helm
 * output, a KEDA ScaledObject), and a target the app should hold but does not.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, Include } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { HorizontalPodAutoscalerV2, HpaValidator, Metric, MetricTarget, RuleLevel, ScaleTarget } from '../src';

/** A file of YAML documents for `Include`. */
function yamlFile(name: string, ...lines: string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-include-')), name);
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

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
      message: expect.stringMatching(/^Conflicts with another HPA: "Deployment\/api": HorizontalPodAutoscaler "shop-plushpa-c82c50aa" \(shop\/PlusHpa\/Resource\) also scales this target/),
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
      ['HPA304', 'Conflicts with another HPA: "Deployment/api": HorizontalPodAutoscaler "shop-first-c8031365" (shop/First) also scales this target: the controller sets ScalingActive=False (AmbiguousSelector: the pods are controlled by more than one HPA) on both, and neither scales'],
    ]);
    expect(chart.node.tryRemoveChild('First')).toBe(true);
    expect(second.validateHpa()).toEqual([]);
    const third = new HorizontalPodAutoscalerV2(chart, 'Third', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(third.validateHpa().map(i => [i.ruleId, i.message])).toEqual([
      ['HPA304', 'Conflicts with another HPA: "Deployment/api": HorizontalPodAutoscaler "shop-second-c8ee5893" (shop/Second) also scales this target: the controller sets ScalingActive=False (AmbiguousSelector: the pods are controlled by more than one HPA) on both, and neither scales'],
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

describe('HPA306: a target the app should hold', () => {
  const reference = (name: string) => ScaleTarget.fromReference({ apiVersion: 'apps/v1', kind: 'Deployment', name });

  test('fails when a chart holds the workloads of the HPA\'s namespace but not its target, and names the closest', () => {
    const { app: a, chart } = app();
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: reference('api-server'), minReplicas: 2, maxReplicas: 4 });
    expect(hpa.validateHpa()).toEqual([expect.objectContaining({
      ruleId: 'HPA306',
      path: 'spec.scaleTargetRef.name',
      message: 'Fails at run time: "api-server": the input holds workloads of namespace "shop" (Deployment/api), but no Deployment "api-server": '
        + 'the controller cannot get the target\'s scale (FailedGetScale, not found) and never scales it',
      fix: expect.stringMatching(/^set name to "api", the Deployment the input holds \(shop\/Api\/Resource\); if something outside this input makes Deployment\/api-server/),
    })]);
    expect(() => a.synthYaml()).toThrow(/\[shop\/Hpa\] spec\.scaleTargetRef\.name: .*\[HPA306\]/);
  });

  test('passes a reference to a workload made elsewhere: the HPA\'s chart holds no workload, as a chart is one file at synth', () => {
    const { chart } = app();
    const autoscaling = new Chart(chart.node.scope as App, 'autoscaling', { namespace: 'shop' });
    const hpa = new HorizontalPodAutoscalerV2(autoscaling, 'Hpa', { target: reference('queue-worker'), minReplicas: 2, maxReplicas: 4 });
    expect(hpa.validateHpa()).toEqual([]);
  });

  test('the rule can be turned off for one HPA, and the synthesized manifest says so to the command line and the plugin', () => {
    const { app: a, chart } = app();
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
      target: reference('made-by-operator'), minReplicas: 2, maxReplicas: 4, ruleLevels: { HPA306: RuleLevel.OFF },
    });
    expect(hpa.validateHpa()).toEqual([]);
    const yaml = a.synthYaml();
    expect(yaml).toContain('cdk8s-hpa.io/rules: HPA306=off');
    expect(HpaValidator.validateYaml(yaml)).toEqual([]);
  });

  test('the construct and the command line give the same verdict on the chart\'s manifest', () => {
    const { chart } = app();
    new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: reference('apii'), minReplicas: 2, maxReplicas: 4 });
    // The chart's objects as synth writes them to its one file (JSON documents are YAML).
    const manifest = chart.node.findAll().filter(ApiObject.isApiObject).map(o => JSON.stringify(o.toJson())).join('\n---\n');
    const brief = (issues: Array<{ ruleId: string; path: string; fix?: string }>) => issues.map(i => [i.ruleId, i.path, i.fix?.split(' (')[0]]);
    expect(brief(HpaValidator.validateChart(chart))).toEqual([['HPA306', 'spec.scaleTargetRef.name', 'set name to "api", the Deployment the input holds']]);
    expect(brief(HpaValidator.validateYaml(manifest))).toEqual(brief(HpaValidator.validateChart(chart)));
  });

  test('a reference to an L1 or an Included workload of the tree is checked against what it renders', () => {
    const { chart } = app();
    new ApiObject(chart, 'Legacy', {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'legacy' },
      spec: { replicas: 3, selector: { matchLabels: { app: 'legacy' } }, template: { metadata: { labels: { app: 'legacy' } }, spec: { containers: [{ name: 'legacy', image: 'legacy' }] } } },
    });
    new Include(chart, 'Helm', {
      url: yamlFile('worker.yaml',
        '# Source: worker/templates/deployment.yaml',
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: {name: worker, namespace: shop}',
        'spec:',
        '  selector: {matchLabels: {app: worker}}',
        '  template:',
        '    metadata: {labels: {app: worker}}',
        '    spec:',
        '      containers:',
        '      - {name: worker, image: registry.example/worker:1.0.0, resources: {requests: {memory: 128Mi}}}'),
    });
    const legacy = new HorizontalPodAutoscalerV2(chart, 'LegacyHpa', {
      target: reference('legacy'), minReplicas: 2, maxReplicas: 4, metrics: [Metric.resourceCpu(MetricTarget.averageValue('500m'))],
    });
    const worker = new HorizontalPodAutoscalerV2(chart, 'WorkerHpa', {
      target: reference('worker'), minReplicas: 2, maxReplicas: 4, metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(70))],
    });
    expect(legacy.validateHpa().map(i => [i.ruleId, i.message])).toEqual([
      ['HPA303', 'Conflicts with the target: "Deployment/legacy": the target fixes replicas: 3: every apply resets the replica count the autoscaler chose'],
    ]);
    expect(worker.validateHpa().map(i => [i.ruleId, i.fix])).toEqual([['HPA301', 'give container "worker" a cpu request, or use an averageValue target']]);
  });
});

describe('HPA304: a KEDA ScaledObject in the app counts as the HPA KEDA makes of it', () => {
  const scaledObject = {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: { name: 'api' },
    spec: { scaleTargetRef: { name: 'api' }, minReplicaCount: 1, maxReplicaCount: 20, triggers: [{ type: 'cpu', metricType: 'Utilization', metadata: { value: '60' } }] },
  };

  test('an L1 ScaledObject on the same Deployment', () => {
    const { app: a, chart, deployment } = app();
    new ApiObject(chart, 'Keda', scaledObject);
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(hpa.validateHpa()).toEqual([expect.objectContaining({
      ruleId: 'HPA304',
      message: expect.stringMatching(/^Conflicts with another HPA: "Deployment\/api": ScaledObject "api" \(shop\/Keda\), through the HPA KEDA makes of it \("keda-hpa-api"\), also scales this target: .*is already managed by the hpa 'shop-hpa-c8[0-9a-f]+'"\)$/),
      fix: 'remove this HPA and let ScaledObject "api" scale the target: give its metrics to the ScaledObject\'s triggers (KEDA\'s cpu and memory scalers take utilization targets)',
    })]);
    expect(() => a.synthYaml()).toThrow(/\[shop\/Hpa\] spec\.scaleTargetRef: .*ScaledObject "api".*\[HPA304\]/);
  });

  test('a ScaledObject brought in with Include, and none on another target', () => {
    const { chart, deployment } = app();
    new Include(chart, 'Keda', {
      url: yamlFile('keda.yaml',
        'apiVersion: keda.sh/v1alpha1',
        'kind: ScaledObject',
        'metadata: {name: api-queue, namespace: shop}',
        'spec:',
        '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: api}',
        '  triggers:',
        '  - {type: rabbitmq, metadata: {protocol: amqp, queueName: api, mode: QueueLength, value: "20"}}',
        '---',
        'apiVersion: keda.sh/v1alpha1',
        'kind: ScaledObject',
        'metadata: {name: other, namespace: shop}',
        'spec:',
        '  scaleTargetRef: {name: other}',
        '  triggers:',
        '  - {type: rabbitmq, metadata: {protocol: amqp, queueName: other, mode: QueueLength, value: "20"}}'),
    });
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4 });
    expect(hpa.validateHpa().map(i => [i.ruleId, i.message.includes('ScaledObject "api-queue"')])).toEqual([['HPA304', true]]);
  });
});
