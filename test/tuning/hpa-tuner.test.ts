/**
 * `HpaTuner` on recorded history: the recommendation's measures are those a replay gives for it,
 * it meets the limits and costs no more than the spec as it is, and a brute-force search over the
 * same space (written here, apart from the tuner's) finds nothing cheaper within the limits;
 * determinism, validation refusals, and the settings refused with their name.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Duration } from 'cdk8s';
import { parse } from 'yaml';
import { ClusterProfile, HistoryLoad, HpaSimulator, HpaTuner, HpaValidator, PrometheusHistory, TuningLimits } from '../../src';

const FIXTURES = path.join(__dirname, '..', '..', 'cli', 'test', 'fixtures', 'history');

/** The web HPA of the history fixtures: 2 to 10 replicas at 50 % CPU, no behavior. */
const WEB = parse(fs.readFileSync(path.join(FIXTURES, 'web-hpa.yaml'), 'utf8').split('---')[1]);
const webHistory = () => PrometheusHistory.create()
  .metricFromFile('cpu', path.join(FIXTURES, 'web-cpu.json'))
  .replicasFromFile(path.join(FIXTURES, 'web-replicas.json'));
const WEB_OPTIONS = { podRequests: { cpu: 0.25 } };

/** Six hours of a service's total CPU (cores), every 15 s: a slow curve, a surge at 2h, bursts, noise. */
function dayHistory(): PrometheusHistory {
  const t0 = 1794787200;
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const values: string[] = [];
  for (let t = 0; t <= 6 * 3600; t += 15) {
    const curve = 1.2 + Math.sin(t / 5000);
    const surge = t >= 7200 && t < 9000 ? 1.6 : 0;
    const burst = t % 3600 >= 1800 && t % 3600 < 1980 ? 0.8 : 0;
    values.push(`[${t0 + t},"${(curve + surge + burst + 0.15 * random()).toFixed(4)}"]`);
  }
  const json = `{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"app":"api"},"values":[${values.join(',')}]}]}}`;
  return PrometheusHistory.create().metricFromJson('cpu', json, { load: HistoryLoad.TOTAL });
}
const API = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'api' },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' },
    minReplicas: 2,
    maxReplicas: 20,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }],
    behavior: { scaleUp: { stabilizationWindowSeconds: 120, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } },
  },
};
const API_OPTIONS = { podRequests: { cpu: 0.5 } };

/** The replay of `hpa` as `simulate --compare` gives it, the baseline first. */
function compared(baseline: any, hpa: any, history: PrometheusHistory, options = API_OPTIONS) {
  return HpaSimulator.fromManifest(baseline, options).compare(HpaSimulator.fromManifest(hpa, options), history).candidate;
}

/**
 * Written apart from the tuner: the share of syncs (percent) where the candidate's pods were above
 * `level` percent of their request, and the seconds from the step's start to `required` replicas.
 */
function independentlyFelt(replay: ReturnType<typeof compared>, level: number, stepStart: number | undefined, required: number) {
  const read = replay.result.steps.filter(s => s.metrics[0].usage !== undefined);
  const above = read.filter(s => s.metrics[0].usage! > level).length;
  const reached = stepStart === undefined ? undefined : replay.result.steps.find(s => s.time >= stepStart && s.replicas >= required);
  return { percent: (100 * above) / read.length, reaction: reached && reached.time - stepStart! };
}

describe('the recommendation', () => {
  const limits: TuningLimits = { maxAboveTarget: { cpu: 20 }, maxReaction: Duration.minutes(10) };
  const tuner = HpaTuner.fromManifest(API, { ...API_OPTIONS, limits, vary: ['target.cpu', 'window.up', 'window.down'], bounds: { 'target.cpu': { min: 50, max: 80 } }, maxReplays: 400 });
  const history = dayHistory();
  const result = tuner.tune(history);

  test('searched every combination, and says so', () => {
    expect(result.exhaustive).toBe(true);
    expect(result.space).toEqual([
      'target.cpu: 50, 56, 60, 62, 68, 74, 80',
      'window.up: 0s, 30s, 60s, 120s, 300s',
      'window.down: 0s, 60s, 120s, 300s, 600s, 900s',
    ]);
    // A scale-down window shorter than the scale-up one is a new lint finding (HPA408): refused.
    expect(result.refused).toBeGreaterThan(0);
    expect(result.replays + result.refused).toBe(7 * 5 * 6);
  });

  test('has the measures a replay of it gives, compared with the spec as it is', () => {
    expect(result.recommended.changes.length).toBeGreaterThan(0);
    expect(result.recommended.measures).toEqual(compared(API, result.recommended.hpa, history).measures);
    // One metric: a replay of it alone finds the same load step (its demand is the baseline's, scaled).
    expect(result.recommended.measures).toEqual(HpaSimulator.fromManifest(result.recommended.hpa, API_OPTIONS).replay(history).measures);
    expect(result.baseline.measures).toEqual(HpaSimulator.fromManifest(API, API_OPTIONS).replay(history).measures);
  });

  test('meets limits the spec as it is misses, at the levels of its target, for more replica-hours', () => {
    const replay = compared(API, result.recommended.hpa, history);
    const base = HpaSimulator.fromManifest(API, API_OPTIONS).replay(history);
    const f = independentlyFelt(replay, 60, base.loadStep?.start, base.measures.reaction!.requiredReplicas);
    expect(result.withinLimits).toBe(true);
    expect(result.recommended.misses).toEqual([]);
    expect(f.percent).toBeCloseTo(result.recommended.felt.aboveTarget[0].percent, 9);
    expect(f.percent).toBeLessThanOrEqual(20);
    expect(f.reaction).toBe(result.recommended.felt.reactionSeconds);
    expect(f.reaction).toBeLessThanOrEqual(600);
    expect(result.recommended.felt.directionChanges).toBeLessThanOrEqual(result.baseline.felt.directionChanges);
    // The spec as it is reacts in 405 s with 25 % above target: stricter limits cost more.
    expect(result.baseline.misses).toEqual(['cpu above 60: 25.5% of syncs, more than 20.0%']);
    expect(result.recommended.measures.replicaHours).toBeGreaterThan(result.baseline.measures.replicaHours);
  });

  test('with the spec as it is for limits, costs no more than it', () => {
    const r = HpaTuner.fromManifest(API, { ...API_OPTIONS, vary: ['target.cpu', 'window.down'], maxReplays: 400 }).tune(history);
    expect(r.exhaustive).toBe(true);
    expect(r.withinLimits).toBe(true);
    expect(r.recommended.measures.replicaHours).toBeLessThanOrEqual(r.baseline.measures.replicaHours);
  });

  test('a brute-force search over the same space finds nothing cheaper within the limits', () => {
    const base = HpaSimulator.fromManifest(API, API_OPTIONS).replay(history);
    const issue = (i: { ruleId: string; path: string }) => `${i.ruleId} ${i.path}`;
    const known = new Set(HpaValidator.validate(API).map(issue));
    let cheapest = Infinity;
    let refused = 0;
    for (const target of [50, 56, 60, 62, 68, 74, 80]) {
      for (const up of [0, 30, 60, 120, 300]) {
        for (const down of [0, 60, 120, 300, 600, 900]) {
          const hpa = JSON.parse(JSON.stringify(API));
          hpa.spec.metrics[0].resource.target.averageUtilization = target;
          hpa.spec.behavior.scaleUp.stabilizationWindowSeconds = up;
          if (down !== 300) hpa.spec.behavior.scaleDown = { stabilizationWindowSeconds: down };
          if (HpaValidator.validate(hpa).some(i => !known.has(issue(i)))) {
            refused++;
            continue;
          }
          const replay = compared(API, hpa, history);
          const f = independentlyFelt(replay, 60, base.loadStep?.start, base.measures.reaction!.requiredReplicas);
          const within = f.percent <= 20 && f.reaction !== undefined && f.reaction <= 600
            && replay.measures.directionChanges <= base.measures.directionChanges
            && replay.measures.longestAtMaxSeconds <= base.measures.longestAtMaxSeconds;
          if (within) cheapest = Math.min(cheapest, replay.measures.replicaHours);
        }
      }
    }
    expect(result.recommended.measures.replicaHours).toBeCloseTo(cheapest, 9);
    expect(refused).toBe(result.refused);
  });

  test('the front is cheapest first, the recommendation on it, beaten on cost only by specs outside the limits', () => {
    const costs = result.front.map(s => s.measures.replicaHours);
    expect([...costs].sort((a, b) => a - b)).toEqual(costs);
    expect(result.front.length).toBeGreaterThan(1);
    expect(result.front).toContain(result.recommended);
    const cheaper = result.front.filter(s => s.measures.replicaHours < result.recommended.measures.replicaHours);
    expect(cheaper.every(s => s.misses.length > 0)).toBe(true);
  });

  test('is the same on every run, certificate and all', () => {
    const again = HpaTuner.fromManifest(API, { ...API_OPTIONS, limits, vary: ['target.cpu', 'window.up', 'window.down'], bounds: { 'target.cpu': { min: 50, max: 80 } }, maxReplays: 400 })
      .tune(dayHistory());
    expect(JSON.stringify(again)).toEqual(JSON.stringify(result));
    expect(result.certificate.historyDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(result.certificate.release).toBe(ClusterProfile.of().version);
  });
});

describe('the coordinate search, when the space does not fit the budget', () => {
  const history = dayHistory();
  // Two more direction changes than the spec as it is, and up to 30 % of the syncs above 60 %.
  const options = { ...API_OPTIONS, maxReplays: 60, limits: { maxDirectionChanges: 11, maxAboveTarget: { cpu: 30 } } };
  const result = HpaTuner.fromManifest(API, options).tune(history);

  test('stays within the budget, and finds a spec no worse than the spec as it is on each measure, cheaper', () => {
    expect(result.exhaustive).toBe(false);
    expect(result.replays + result.refused).toBeLessThanOrEqual(60);
    expect(result.withinLimits).toBe(true);
    const r = result.recommended;
    expect(r.measures).toEqual(compared(API, r.hpa, history).measures);
    expect(r.measures.replicaHours).toBeLessThan(result.baseline.measures.replicaHours);
    expect(r.felt.aboveTarget[0].percent).toBeLessThanOrEqual(30);
    expect(r.felt.reactionSeconds).toBeLessThanOrEqual(result.baseline.felt.reactionSeconds!);
    expect(r.felt.directionChanges).toBeLessThanOrEqual(11);
  });

  test('scoring the batches elsewhere gives the same result', () => {
    const tuner = HpaTuner.fromManifest(API, options);
    const other = HpaTuner.fromManifest(API, options);
    const otherHistory = dayHistory();
    const search = tuner.search(history);
    for (let batch = search.nextBatch(); batch.length > 0; batch = search.nextBatch()) {
      search.submit(JSON.parse(JSON.stringify(other.score(otherHistory, batch))));
    }
    expect(JSON.stringify(search.result())).toEqual(JSON.stringify(result));
  });
});

describe('on the recorded web fixture', () => {
  test('the settings digest reads what the settings mean, not how they were written', () => {
    const digest = (options: object) => HpaTuner.fromManifest(WEB, options).tune(webHistory()).certificate.settingsDigest;
    const written = digest({ vary: ['window.down'], podRequests: { cpu: 0.25 }, limits: { maxAboveTarget: { cpu: 5 } } });
    // Another key order, and empty maps given where nothing is meant, as another language writes them.
    expect(digest({ limits: { maxAboveTarget: { cpu: 5 } }, podRequests: { cpu: 0.25 }, bounds: {}, vary: ['window.down'] })).toBe(written);
    expect(digest({ vary: ['window.down'], podRequests: { cpu: 0.25 }, limits: { maxAboveTarget: { cpu: 6 } } })).not.toBe(written);
  });

  test('keeps the spec as it is when nothing cheaper serves the load as well', () => {
    const result = HpaTuner.fromManifest(WEB, { ...WEB_OPTIONS, vary: ['window.down'], limits: { maxAboveTarget: { cpu: 0 } } }).tune(webHistory());
    expect(result.baseline.felt.aboveTarget[0].percent).toBeCloseTo(100 / 81, 9);
    expect(result.withinLimits).toBe(false);
    expect(result.recommended).toBe(result.baseline);
    expect(result.baseline.misses).toEqual(['cpu above 50: 1.2% of syncs, more than 0.0%']);
  });

  test('a candidate moving its own target is held to the target of the spec as it is', () => {
    const result = HpaTuner.fromManifest(WEB, { ...WEB_OPTIONS, vary: ['target.cpu'], bounds: { 'target.cpu': { min: 50, max: 100 } } }).tune(webHistory());
    const high = result.front.concat(result.baseline).length; // every spec replayed was read at 50 %
    expect(high).toBeGreaterThan(0);
    for (const s of result.front) expect(s.felt.aboveTarget[0].level).toBe(50);
    expect(result.recommended.measures).toEqual(compared(WEB, result.recommended.hpa, webHistory(), WEB_OPTIONS).measures);
  });
});

describe('validation', () => {
  test('refuses candidates the release does not accept, and replays none of them', () => {
    // 1.32 has no tolerance field: every candidate that sets one is refused.
    const result = HpaTuner.fromManifest(API, { ...API_OPTIONS, cluster: ClusterProfile.of({ version: '1.32' }), vary: ['tolerance.up'] }).tune(dayHistory());
    expect(result.refused).toBe(4);
    expect(result.replays).toBe(1);
    expect(result.recommended.hpa.spec.behavior.scaleUp.tolerance).toBeUndefined();
  });

  test('refuses a window beyond the API server\'s limit', () => {
    const result = HpaTuner.fromManifest(API, { ...API_OPTIONS, vary: ['window.down'], bounds: { 'window.down': { min: 3000, max: 4000 } } }).tune(dayHistory());
    expect(result.refused).toBeGreaterThan(0);
    expect(result.front.every(s => (s.hpa.spec.behavior.scaleDown?.stabilizationWindowSeconds ?? 0) <= 3600)).toBe(true);
  });

  test('refuses a spec with errors, and settings it does not have, naming them', () => {
    expect(() => HpaTuner.fromManifest({ ...API, spec: { ...API.spec, minReplicas: 30 } })).toThrow(/validation error/);
    expect(() => HpaTuner.fromManifest(API, { vary: ['speed'] })).toThrow(/vary "speed" is not a setting/);
    expect(() => HpaTuner.fromManifest(API, { vary: ['target.memory'] })).toThrow(/vary target.memory: the HPA has no metric "memory"/);
    expect(() => HpaTuner.fromManifest(API, { vary: ['windows'], bounds: { minReplicas: { min: 1, max: 3 } } })).toThrow(/bounds minReplicas: the setting does not vary/);
    expect(() => HpaTuner.fromManifest(API, { vary: ['windows'], bounds: { 'window.up': { min: 60, max: 0 } } })).toThrow(/bounds window.up: 60..0/);
    expect(() => HpaTuner.fromManifest(API, { ...API_OPTIONS, limits: { maxAboveTarget: { rps: 5 } } }).tune(dayHistory())).toThrow(/no metric "rps"/);
  });
});
