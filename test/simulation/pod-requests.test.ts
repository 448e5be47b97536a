/**
 * The request a Utilization metric's usages are compared with: `podRequests`, else (a replay of
 * recorded history, whose usages are cores or bytes) the target workload's pods' requests as the
 * controller of the cluster's release reads them, else 100 (usages in percent); and what each
 * result says of it.
 */
import { Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { cpuUtilization, hpaManifest } from './helpers';
import {
  ClusterProfile, HorizontalPodAutoscalerV2, HpaSimulator, HpaSimulatorOptions, Metric, MetricObservation, MetricTarget, PodRequestSource,
  PrometheusHistory, SimulationTrace,
} from '../../src';

const T0 = 1794787200;

/** A range-query response as curl saves it: one series per pod (`web-a`, `web-b`, ...), each `cores` every 15 s for a minute. */
function podHistory(cores: number[], metric = 'cpu'): PrometheusHistory {
  const series = cores.map((c, i) => {
    const values = [0, 15, 30, 45, 60].map(t => `[${T0 + t},"${c}"]`).join(',');
    return `{"metric":{"namespace":"shop","pod":"web-${'abcdefgh'[i]}"},"values":[${values}]}`;
  });
  return PrometheusHistory.create().metricFromJson(metric, `{"status":"success","data":{"resultType":"matrix","result":[${series.join(',')}]}}`);
}

/** The Deployment `web` as `kubectl get -o yaml` or cdk8s writes it, with the given pod template spec. */
const deployment = (pod: any) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: pod } },
});
const WEB = deployment({ containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '250m' } } }] });
/** The same with a native sidecar requesting 100m. */
const WITH_SIDECAR = deployment({
  initContainers: [{ name: 'proxy', image: 'envoy', restartPolicy: 'Always', resources: { requests: { cpu: '100m' } } }],
  containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '250m' } } }],
});

const HPA = hpaManifest({ minReplicas: 2, maxReplicas: 10, metrics: [cpuUtilization(50)] });
const simulator = (options: HpaSimulatorOptions, manifest: any = HPA) => HpaSimulator.fromManifest(manifest, { initialReplicas: 2, ...options });

describe('a replay of recorded history', () => {
  test('compares the cores with the workload\'s request: 0.25 cores of 250m is 100%, twice the target', () => {
    const result = simulator({ workload: WEB }).replay(podHistory([0.25, 0.25])).result;
    expect(result.metrics).toEqual([{
      id: 'cpu',
      type: 'Resource',
      targetType: 'Utilization',
      target: 50,
      request: 0.25,
      requestSource: PodRequestSource.WORKLOAD,
      workloadRequest: 0.25,
    }]);
    expect(result.workload).toBe('Deployment/web');
    expect(result.steps[0].metrics[0]).toMatchObject({ usage: 100, proposal: 4 });
    expect(result.warnings).toEqual([]);
  });

  test('takes podRequests over the workload\'s, and still says what the workload requests', () => {
    const result = simulator({ workload: WEB, podRequests: { cpu: 0.5 } }).replay(podHistory([0.25, 0.25])).result;
    expect(result.metrics[0]).toMatchObject({ request: 0.5, requestSource: PodRequestSource.POD_REQUESTS, workloadRequest: 0.25 });
    expect(result.steps[0].metrics[0]).toMatchObject({ usage: 50, proposal: 2 });
    expect(result.warnings).toEqual([
      'cpu: podRequests cpu=500m contradicts Deployment/web, whose pods request 250m cpu: the run compares the usages with 500m, '
        + 'the podRequests\'s; drop podRequests cpu to use the workload\'s request, or correct the one that is wrong',
    ]);
  });

  test('without a request, reads cores as percent of 100 and says they look like cores', () => {
    const result = simulator({}).replay(podHistory([0.25, 0.25])).result;
    expect(result.metrics[0]).toMatchObject({ request: 100, requestSource: PodRequestSource.PERCENT });
    expect(result.metrics[0].workloadRequest).toBeUndefined();
    // 0% proposes 0 pods; minReplicas holds 2.
    expect(result.steps[0].metrics[0]).toMatchObject({ usage: 0, proposal: 0 });
    expect(result.steps[0].replicas).toBe(2);
    expect(result.warnings).toEqual([
      'cpu: the run read the usages as percent of the request (no workload was given: HpaSimulatorOptions.workload), and every usage it read '
        + 'is below 10% (the highest: 0%) while the target is 50%: they look like cores. If they are, give each pod\'s request: podRequests cpu=<quantity>',
    ]);
  });

  test('reads a native sidecar\'s request from 1.29, as the controller of each release does', () => {
    const on = (version: string) => simulator({ workload: WITH_SIDECAR, cluster: ClusterProfile.of({ version }) })
      .replay(podHistory([0.35, 0.35])).result;
    expect(on('1.28').metrics[0]).toMatchObject({ request: 0.25, workloadRequest: 0.25 });
    expect(on('1.28').steps[0].metrics[0]).toMatchObject({ usage: 140, proposal: 6 });
    expect(on('1.29').metrics[0]).toMatchObject({ request: 0.35, workloadRequest: 0.35 });
    expect(on('1.29').steps[0].metrics[0]).toMatchObject({ usage: 100, proposal: 4 });
  });

  test('reads the pod-level request where the controller does (1.34 on, PodLevelResources on)', () => {
    const podLevel = deployment({ resources: { requests: { cpu: '1' } }, containers: [{ name: 'app', image: 'nginx' }, { name: 'log', image: 'fluentbit' }] });
    const on = (featureGates: { [gate: string]: boolean }) => simulator({ workload: podLevel, cluster: ClusterProfile.of({ version: '1.36', featureGates }), skipValidation: true })
      .replay(podHistory([0.5, 0.5])).result.metrics[0];
    expect(on({})).toMatchObject({ request: 1, requestSource: PodRequestSource.WORKLOAD, workloadRequest: 1 });
    // With the gate off the controller reads the containers, which request no CPU: none known.
    expect(on({ PodLevelResources: false })).toMatchObject({ request: 100, requestSource: PodRequestSource.PERCENT });
  });

  test('a ContainerResource metric reads its container\'s request, and a podRequests entry by container/resource', () => {
    const manifest = hpaManifest({
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [{ type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization', averageUtilization: 50 } } }],
    });
    const history = () => podHistory([0.25, 0.25], 'app/cpu');
    expect(simulator({ workload: WITH_SIDECAR }, manifest).replay(history()).result.metrics[0])
      .toMatchObject({ id: 'app/cpu', request: 0.25, requestSource: PodRequestSource.WORKLOAD, workloadRequest: 0.25 });
    const given = simulator({ workload: WITH_SIDECAR, podRequests: { 'cpu': 1, 'app/cpu': 0.125 } }, manifest).replay(history()).result;
    expect(given.metrics[0]).toMatchObject({ request: 0.125, requestSource: PodRequestSource.POD_REQUESTS });
    expect(given.warnings).toEqual([
      'app/cpu: podRequests app/cpu=125m contradicts Deployment/web, whose container app requests 250m cpu: the run compares the usages with 125m, '
        + 'the podRequests\'s; drop podRequests app/cpu to use the workload\'s request, or correct the one that is wrong',
    ]);
    expect(simulator({ workload: WITH_SIDECAR, podRequests: { cpu: 1 } }, manifest).replay(history()).result.metrics[0])
      .toMatchObject({ request: 1, requestSource: PodRequestSource.POD_REQUESTS });
  });
});

describe('a run over a trace', () => {
  test('reads usages as percent whatever the workload requests, and says what it requests', () => {
    const result = simulator({ workload: WEB }).run(SimulationTrace.create().at(0, 'cpu', MetricObservation.perPodUsage(40)), { until: 0 });
    expect(result.metrics[0]).toMatchObject({ request: 100, requestSource: PodRequestSource.PERCENT, workloadRequest: 0.25 });
    expect(result.steps[0].metrics[0]).toMatchObject({ usage: 40, proposal: 2 });
    expect(result.warnings).toEqual([]);
  });

  test('with usages that look like cores, names the workload\'s request to give', () => {
    const result = simulator({ workload: WEB }).run(SimulationTrace.create().at(0, 'cpu', MetricObservation.perPodUsage(0.3)), { until: 30 });
    expect(result.warnings).toEqual([
      'cpu: the run read the usages as percent of the request (a trace\'s usages are percent unless podRequests gives the request), and every usage '
        + 'it read is below 10% (the highest: 0%) while the target is 50%: they look like cores. If they are, give each pod\'s request: '
        + 'podRequests cpu=250m (what Deployment/web requests)',
    ]);
  });
});

test('fromConstruct reads the requests of the cdk8s-plus workload it targets', () => {
  const chart = Testing.chart();
  const web = new kplus.Deployment(chart, 'Web', { containers: [{ image: 'nginx', resources: { cpu: { request: kplus.Cpu.millis(500) } } }] });
  const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
    target: web, minReplicas: 2, maxReplicas: 8, metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(60))],
  });
  const result = HpaSimulator.fromConstruct(hpa, { initialReplicas: 2 }).replay(podHistory([0.6, 0.6])).result;
  expect(result.workload).toBe(`Deployment/${web.name}`);
  // 0.6 cores of 500m is 120%: twice the target of 60.
  expect(result.metrics[0]).toMatchObject({ request: 0.5, requestSource: PodRequestSource.WORKLOAD });
  expect(result.steps[0].metrics[0]).toMatchObject({ usage: 120, proposal: 4 });
});
