/**
 * One spec replayed under two releases over the same history (`compareReleases`): where the
 * counts part and which differing facts of the release table the run read.
 */
import { ClusterProfile, HistoryLoad, HpaSimulator, PrometheusHistory } from '../../src';
import { cpuUtilization, hpaManifest } from '../simulation/helpers';

const T0 = 1794787200;

/** A Total CPU history, every 15 s from 0 to `to`, in percent of one pod's request. */
function history(to: number, total: (t: number) => number): PrometheusHistory {
  const values: string[] = [];
  for (let t = 0; t <= to; t += 15) values.push(`[${T0 + t},"${total(t)}"]`);
  const json = `{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"app":"web"},"values":[${values.join(',')}]}]}}`;
  return PrometheusHistory.create().metricFromJson('cpu', json, { load: HistoryLoad.TOTAL });
}

/**
 * Scale-down waits 301 s: on the period grid the high proposal of 20 syncs (300 s) before is
 * still in the window; where syncs drift (1.37), 20 syncs are more than 301 s apart.
 */
const SLOW_DOWN = {
  scaleUp: { stabilizationWindowSeconds: 0 },
  scaleDown: { stabilizationWindowSeconds: 301 },
};
const simulator = (version: string, spec: object = {}) => HpaSimulator.fromManifest(
  hpaManifest({ minReplicas: 1, maxReplicas: 10, metrics: [cpuUtilization(50)], behavior: SLOW_DOWN, ...spec }),
  { cluster: ClusterProfile.of({ version }) });
/** 8 pods' worth of load for 5 minutes, then 2. */
const drop = () => history(1200, t => (t < 300 ? 400 : 100));

describe('compareReleases', () => {
  test('1.36 and 1.37 part where 1.37\'s syncs drift out of a policy period and a stabilization window', () => {
    const c = simulator('1.36').compareReleases('1.37', drop());
    expect(c.baselineVersion).toBe('1.36');
    expect(c.candidateVersion).toBe('1.37');
    // Sync 0 scales 1 -> 5 (the default scale-up policy: 4 pods per 15 s) at 0.09 s. On the grid
    // (1.36) sync 1 decides at 15.05 s, with that scale event still in its 15 s period: 5 again.
    // Drifting (1.37) it starts at 15.09 s and decides at 15.14 s: the event is out, 5 -> 8.
    expect(c.parting).toEqual({ sync: 1, baselineTime: 15, candidateTime: 15.09, baselineReplicas: 5, candidateReplicas: 8, syncsDiffering: 2 });
    // And 20 drifting syncs are more than the 301 s scale-down window: 1.37 scales down a sync earlier.
    expect(c.baseline.result.replicas.slice(38, 41)).toEqual([8, 8, 2]);
    expect(c.candidate.result.replicas.slice(38, 41)).toEqual([8, 2, 2]);
    const drift = c.differences.find(d => d.fact === 'syncsDrift')!;
    expect(drift).toMatchObject({ kind: 'controller', baseline: 'no', candidate: 'yes', exercised: true });
    expect(c.differences.find(d => d.fact === 'HPAScaleToZero')).toMatchObject({ baseline: 'alpha, off by default', candidate: 'beta, on by default', exercised: false });
    expect(c.differences.find(d => d.fact === 'HPAConfigurableTolerance')).toMatchObject({ baseline: 'beta, on by default', candidate: 'GA', exercised: false });
  });

  test('1.37 and 1.38 (v1.38.0-beta.0) keep the same count on a load within the int32 range', () => {
    const c = simulator('1.37').compareReleases('1.38', drop());
    expect(c.parting).toBeUndefined();
    expect(c.baseline.result.replicas).toEqual(c.candidate.result.replicas);
    expect(c.candidatePrerelease).toBe('v1.38.0-beta.0');
    expect(c.differences).toEqual([
      expect.objectContaining({ kind: 'controller', fact: 'sidecarsReadFirst', baseline: 'no', candidate: 'yes', exercised: false }),
      expect.objectContaining({ kind: 'controller', fact: 'replicaCountsSaturate', baseline: 'no', candidate: 'yes', exercised: false, reason: 'no metric\'s count passed the int32 range' }),
    ]);
  });

  test('1.37 and 1.38 part where a lag with a 100m target passes 214,748,364 (kubernetes#126892): 1.37 scales down, 1.38 holds max', () => {
    // A queue lag that grows by 400,000 a second, as a per-pod metric with a 0.1 target: the
    // controller proposes ceil(lag * 10), past MaxInt32 once the lag passes 214,748,364.7 (537 s).
    const lag = { type: 'Pods', pods: { metric: { name: 'lag' }, target: { type: 'AverageValue', averageValue: '100m' } } };
    const values: string[] = [];
    for (let t = 0; t <= 1200; t += 15) values.push(`[${T0 + t},"${t * 400_000}"]`);
    const json = `{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"app":"worker"},"values":[${values.join(',')}]}]}}`;
    const growing = PrometheusHistory.create().metricFromJson('lag', json, { load: HistoryLoad.TOTAL });
    const c = HpaSimulator.fromManifest(hpaManifest({ minReplicas: 2, maxReplicas: 40, metrics: [lag] }), { cluster: ClusterProfile.of({ version: '1.37' }) })
      .compareReleases('1.38', growing);
    const at = (sync: number) => [c.baseline.result.replicas[sync], c.candidate.result.replicas[sync]];
    expect(at(35)).toEqual([40, 40]);
    // From sync 36 (540 s) the proposal is MinInt32 on 1.37: read as 0, held off by the 300 s
    // scale-down window, then down to minReplicas; 1.38 saturates and stays at 40.
    expect(c.baseline.result.steps[36].metrics[0].proposal).toBe(-2147483648);
    expect(c.candidate.result.steps[36].metrics[0].proposal).toBe(2147483647);
    // Sync 35's recommendation of 40 leaves the window at sync 55 (825 s).
    expect(c.parting).toMatchObject({ sync: 55, baselineReplicas: 2, candidateReplicas: 40 });
    expect(at(80)).toEqual([2, 40]);
    expect(c.differences.find(d => d.fact === 'replicaCountsSaturate')).toMatchObject({
      exercised: true, reason: 'at sync 36 lag proposes MinInt32 (read as 0) and MaxInt32: a count past the int32 range',
    });
  });

  test('1.28 and 1.29 read the workload\'s requests differently where a native sidecar requests CPU', () => {
    const workload = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {
        template: {
          spec: {
            initContainers: [{ name: 'proxy', image: 'envoy', restartPolicy: 'Always', resources: { requests: { cpu: '50m' } } }],
            containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '200m' } } }],
          },
        },
      },
    };
    const cores = (total: (t: number) => number) => {
      const values: string[] = [];
      for (let t = 0; t <= 600; t += 15) values.push(`[${T0 + t},"${total(t)}"]`);
      return PrometheusHistory.create().metricFromJson('cpu', `{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"app":"web"},"values":[${values.join(',')}]}]}}`,
        { load: HistoryLoad.TOTAL });
    };
    const c = HpaSimulator.fromManifest(hpaManifest({ minReplicas: 1, maxReplicas: 10, metrics: [cpuUtilization(50)], behavior: SLOW_DOWN }),
      { cluster: ClusterProfile.of({ version: '1.28' }), workload }).compareReleases('1.29', cores(() => 0.5));
    // 0.5 cores in all: 250% of the app's 200m on 1.28, five pods' worth at the target of 50%;
    // 200% of 250m on 1.29, where the sidecar's 50m counts: four pods' worth.
    expect(c.baseline.result.metrics[0]).toMatchObject({ request: 0.2, requestSource: 'workload' });
    expect(c.candidate.result.metrics[0]).toMatchObject({ request: 0.25, requestSource: 'workload' });
    expect(c.baseline.result.replicas.slice(-1)).toEqual([5]);
    expect(c.candidate.result.replicas.slice(-1)).toEqual([4]);
    expect(c.differences.find(d => d.fact === 'sidecarRequests')).toMatchObject({
      kind: 'controller', exercised: true, reason: 'the pods\' requests the replays compare usages with differ (cpu: 0.2 and 0.25)',
    });
  });

  test('a controller fact about pods\' requests is not read where no request comes from a workload', () => {
    const c = simulator('1.37').compareReleases('1.38', drop());
    expect(c.differences.find(d => d.fact === 'sidecarsReadFirst')?.reason).toBe('the order the requests are read in does not change their sum');
    const older = simulator('1.28').compareReleases('1.29', drop());
    expect(older.differences.find(d => d.fact === 'sidecarRequests')).toMatchObject({
      exercised: false, reason: 'the replay reads no request from a workload (podRequests, or none known)',
    });
  });

  test('the same release: no difference at all', () => {
    const c = simulator('1.37').compareReleases('1.37', drop());
    expect(c.parting).toBeUndefined();
    expect(c.differences).toEqual([]);
  });

  test('a spec the other release refuses throws, as fromManifest does', () => {
    expect(() => simulator('1.37', { minReplicas: 0, metrics: [{ type: 'External', external: { metric: { name: 'q' }, target: { type: 'Value', value: 1 } } }] })
      .compareReleases('1.35', drop())).toThrow(/validation error/);
    expect(() => simulator('1.37').compareReleases('1.2', drop())).toThrow(/compareReleases: version "1.2"/);
  });

  test('renders both replays side by side, labelled', () => {
    const c = simulator('1.36').compareReleases('1.37', drop());
    expect(JSON.parse(c.toJson({ baselineLabel: 'web (1.36)', candidateLabel: 'web (1.37)' })).specs.map((s: any) => s.label)).toEqual(['web (1.36)', 'web (1.37)']);
  });
});
