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

  test('1.37 and 1.38 (v1.38.0-beta.0) never part on history: their one controller difference is read from pods', () => {
    const c = simulator('1.37').compareReleases('1.38', drop());
    expect(c.parting).toBeUndefined();
    expect(c.baseline.result.replicas).toEqual(c.candidate.result.replicas);
    expect(c.candidatePrerelease).toBe('v1.38.0-beta.0');
    expect(c.differences).toEqual([
      expect.objectContaining({ kind: 'controller', fact: 'sidecarsReadFirst', baseline: 'no', candidate: 'yes', exercised: false }),
    ]);
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
