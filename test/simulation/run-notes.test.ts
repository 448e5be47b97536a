/**
 * What a run's answer rests on, said: the request each Utilization metric's usages were compared
 * with, the readings whose size says they are in another unit, and the metrics no sync read.
 */
import { cpuUtilization, externalAverageValue, hpaManifest } from './helpers';
import { ClusterProfile, HpaSimulator, HpaSimulatorOptions, MetricObservation, SimulationResult, SimulationTrace } from '../../src';
import { amount, BYTES_AT_LEAST_PERCENT, CORES_BELOW_PERCENT, CORES_TARGET_AT_LEAST } from '../../src/simulation/run-notes';

/** As the command line names the flag, and the workload in the input. */
const CLI = { option: '--pod-request', workload: 'Deployment/web (app.yaml:1)', noWorkload: 'the input holds no Deployment/web' };
const WEB = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '250m', memory: '256Mi' } } }] } } },
};

function run(metrics: any[], trace: SimulationTrace, options: HpaSimulatorOptions = {}): SimulationResult {
  const manifest = hpaManifest({ minReplicas: 1, maxReplicas: 10, metrics });
  return HpaSimulator.fromManifest(manifest, { initialReplicas: 2, ...options }).run(trace, { until: 60 });
}
const cpuAt = (usage: number) => SimulationTrace.create().at(0, 'cpu', MetricObservation.perPodUsage(usage));
const memoryUtilization = (percent: number) => ({ type: 'Resource', resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: percent } } });

describe('usages that look like another unit than the run read them in', () => {
  test('the rule\'s bounds', () => {
    expect([CORES_BELOW_PERCENT, CORES_TARGET_AT_LEAST, BYTES_AT_LEAST_PERCENT]).toEqual([10, 20, 100_000]);
  });

  test.each<[string, number, number, boolean]>([
    ['9.9% on a target of 50%: cores', 9.9, 50, true],
    ['10% on a target of 50%: percent', 10, 50, false],
    ['0.4 on a target of 20%: cores', 0.4, 20, true],
    ['0.4 on a target of 19%: a target that low makes such readings plausible', 0.4, 19, false],
  ])('cpu, %s', (_title, usage, target, warned) => {
    expect(run([cpuUtilization(target)], cpuAt(usage))._notes(CLI).warnings).toHaveLength(warned ? 1 : 0);
  });

  test('memory read as percent that is a thousand times the request or more looks like bytes', () => {
    const trace = (bytes: number) => SimulationTrace.create().at(0, 'memory', MetricObservation.podSamples([bytes, 100]));
    expect(run([memoryUtilization(80)], trace(99_999))._notes(CLI).warnings).toEqual([]);
    expect(run([memoryUtilization(80)], trace(200 * 2 ** 20), { workload: WEB })._notes(CLI).warnings).toEqual([
      'memory: the run read the usages as percent of the request (a trace\'s usages are percent unless --pod-request gives the request), '
        + 'and one is 104857650%, a thousand times the request or more: they look like bytes. '
        + 'If they are, give each pod\'s request: --pod-request memory=256Mi (what Deployment/web (app.yaml:1) requests)',
    ]);
  });

  test('a request given or read from the workload is not second-guessed', () => {
    expect(run([cpuUtilization(50)], cpuAt(0.3), { podRequests: { cpu: 0.25 } })._notes(CLI).warnings).toEqual([]);
  });
});

describe('where each request came from', () => {
  test.each<[string, HpaSimulatorOptions, string]>([
    ['the option', { podRequests: { cpu: 0.25 } }, 'cpu: usages compared with a request of 250m per pod, from --pod-request cpu=250m'],
    ['the option, equal to the workload\'s', { podRequests: { cpu: 0.25 }, workload: WEB },
      'cpu: usages compared with a request of 250m per pod, from --pod-request cpu=250m (Deployment/web (app.yaml:1) requests the same)'],
    ['none on a trace, the workload\'s to give', { workload: WEB },
      'cpu: usages are percent of the request, a trace\'s unit; Deployment/web (app.yaml:1) requests 250m: --pod-request cpu=250m reads them as cores'],
    ['none on a trace, no workload', {}, 'cpu: usages are percent of the request, a trace\'s unit; --pod-request cpu=<quantity> reads them as cores'],
  ])('%s', (_title, options, line) => {
    expect(run([cpuUtilization(50)], cpuAt(40), options)._notes(CLI).requests).toEqual([line]);
  });

  test('a metric that is not Utilization has no request to say', () => {
    expect(run([externalAverageValue('queue', 30)], SimulationTrace.create().at(0, 'queue', MetricObservation.value(60)))._notes(CLI).requests).toEqual([]);
  });

  test('amounts read as quantities', () => {
    expect([0.25, 1.5, 2, 256 * 2 ** 20, 3 * 2 ** 30, 100].map(amount)).toEqual(['250m', '1500m', '2', '256Mi', '3Gi', '100']);
  });
});

describe('metrics no sync read', () => {
  test('one of two: it blocks every scale-down', () => {
    const result = run([cpuUtilization(50), externalAverageValue('queue', 30)], cpuAt(10));
    expect(result._notes(CLI).unread).toEqual([
      'queue: no sync read it (no metric queue in the trace yet): the controller fails the metric at every sync, which blocks every scale-down (the other metrics can still scale up)',
    ]);
    // 10% of 50% proposes 1 of the 2 pods: the failing queue holds them.
    expect(result.replicas).toEqual([2, 2, 2, 2, 2]);
    expect(result.warnings).toEqual(result._notes(CLI).unread);
  });

  test('the only one: no sync can scale', () => {
    expect(run([cpuUtilization(50)], SimulationTrace.create().at(0, 'cpu', MetricObservation.failure('metrics-server unavailable')))._notes(CLI).unread).toEqual([
      'cpu: no sync read it (metrics-server unavailable): the controller fails the metric at every sync, so no sync could scale (it is the HPA\'s only metric)',
    ]);
  });

  test('one with a fallback: the fallback stood in', () => {
    const result = run([cpuUtilization(50), externalAverageValue('queue', 30, { failureDuration: '30s', replicas: 5 })], cpuAt(10),
      { cluster: ClusterProfile.of({ version: '1.36', featureGates: { HPAExternalMetricFallback: true } }) });
    expect(result._notes(CLI).unread).toEqual([
      'queue: no sync read it (no metric queue in the trace yet): the controller fails the metric at every sync; its fallback of 5 replicas stood in from 30s',
    ]);
    expect(result.replicas.slice(-1)).toEqual([5]);
  });

  test('a metric read once is not named', () => {
    expect(run([cpuUtilization(50), externalAverageValue('queue', 30)], cpuAt(10).at(0, 'queue', MetricObservation.value(30)).at(30, 'queue', MetricObservation.failure('down')))
      ._notes(CLI).unread).toEqual([]);
  });
});
