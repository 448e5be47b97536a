import { createHash } from 'crypto';
import { ClusterProfile } from './cluster-profile';
import { HistoryReplay } from './history/history-replay';
import type { PrometheusHistory } from './history/prometheus-history';
import type { MatrixSeries } from './history/prometheus-matrix';
import { HpaSimulator } from './hpa-simulator';
import { durationSeconds, requireDuration } from './model/duration';
import { onFirstUse } from './private/memoize';
import type { SimulationResult } from './simulation/simulation-result';
import type * as SearchModule from './tuning/search';
import type * as SpaceModule from './tuning/search-space';
import { FeltMeasures, HpaTunerOptions, TunedSpec, TuningCertificate, TuningResult, TuningScore } from './tuning/tuning-types';
import type * as Engine from './validation/engine';
import type { ValidationIssue } from './validation/validation-issue';

/* eslint-disable @typescript-eslint/no-require-imports */
/** The search, its space and the validation engine, loaded on first use. */
const loadSearch = onFirstUse(() => require('./tuning/search') as typeof SearchModule);
const loadSpace = onFirstUse(() => require('./tuning/search-space') as typeof SpaceModule);
const loadEngine = onFirstUse(() => require('./validation/engine') as typeof Engine);
/* eslint-enable @typescript-eslint/no-require-imports */

/** The budget of replays without `HpaTunerOptions.maxReplays`. */
const DEFAULT_MAX_REPLAYS = 160;

/** The spec as it is, replayed over one history: what every candidate is read against. */
interface Baseline {
  readonly ref: SearchModule.Reference;
  readonly spec: TunedSpec;
  readonly bounds: SearchModule.Bounds;
  /** Its replay's steps, for what the replay rests on (`SimulationResult.warnings`). */
  readonly result: SimulationResult;
}

/**
 * Finds the cheapest HPA (replica-hours) that would have served recorded history within the
 * user's limits: it varies the settings it may (targets, tolerances, stabilization windows,
 * policies, minReplicas, maxReplicas), checks each candidate as the cluster's release would (the
 * validation engine: a candidate with errors is refused, not replayed), replays each with
 * `HpaSimulator` over the whole history (no estimate stands in for a replay), and gives the
 * recommendation, the trade-off front around it, and a certificate that `simulate --compare`
 * reproduces. Deterministic: the same inputs give the same recommendation.
 *
 * The limits read the load as the service felt it, at the levels of the spec as it is: a
 * candidate that raises its own target does not count fewer syncs above target for it.
 *
 * @example
 * const history = PrometheusHistory.create()
 *   .metricFromFile('cpu', 'history/cpu.json', { load: HistoryLoad.TOTAL });
 * const result = HpaTuner.fromManifest({
 *   apiVersion: 'autoscaling/v2',
 *   kind: 'HorizontalPodAutoscaler',
 *   metadata: { name: 'web' },
 *   spec: {
 *     scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
 *     maxReplicas: 20,
 *     metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }],
 *   },
 * }, {
 *   podRequests: { cpu: 0.5 },
 *   limits: { maxAboveTarget: { cpu: 5 } },
 * }).tune(history);
 * const hpa = result.recommended.hpa;
 */
export class HpaTuner {
  /**
   * A tuner for an `autoscaling/v2` HorizontalPodAutoscaler manifest (a plain object): the spec
   * as it is. Throws when it has validation errors (unless `options.skipValidation`), or when
   * the settings to vary or their bounds are not ones it has.
   */
  public static fromManifest(manifest: any, options: HpaTunerOptions = {}): HpaTuner {
    return new HpaTuner(manifest, options ?? {});
  }

  private readonly manifest: any;
  private readonly options: HpaTunerOptions;
  private readonly profile: ClusterProfile;
  private readonly simulator: HpaSimulator;
  private readonly dims: SpaceModule.Dimension[];
  private readonly baselines = new WeakMap<PrometheusHistory, Baseline>();

  private constructor(manifest: any, options: HpaTunerOptions) {
    this.manifest = JSON.parse(JSON.stringify(manifest));
    this.options = options;
    this.profile = options.cluster ?? ClusterProfile.of();
    requireDuration(options.limits?.maxReaction, 'HpaTuner limits: maxReaction');
    requireDuration(options.limits?.maxTimeAtMax, 'HpaTuner limits: maxTimeAtMax');
    const budget = options.maxReplays ?? DEFAULT_MAX_REPLAYS;
    if (!(Number.isInteger(budget) && budget >= 1)) throw new Error(`HpaTuner: maxReplays must be a whole number, 1 or more (got ${budget})`);
    this.simulator = HpaSimulator.fromManifest(this.manifest, this.simulatorOptions(options.skipValidation));
    const { searchSpace, DEFAULT_VARY } = loadSpace();
    this.dims = searchSpace(this.manifest, this.simulator.metricIds, options.vary ?? DEFAULT_VARY, options.bounds ?? {});
  }

  /** How the history names the HPA's metrics, in spec order (`HpaSimulator.metricIds`). */
  public get metricIds(): string[] {
    return this.simulator.metricIds;
  }

  /** The settings the search varies, each with the values it may take: `window.down: 0s, 60s, 300s`. */
  public get space(): string[] {
    return this.dims.map(d => `${d.name}: ${d.values.map(v => d.label(v)).join(', ')}`);
  }

  /** Searches, replaying each candidate over `history` here, one after the other. */
  public tune(history: PrometheusHistory): TuningResult {
    const search = this.search(history);
    for (let batch = search.nextBatch(); batch.length > 0; batch = search.nextBatch()) search.submit(this.score(history, batch));
    return search.result();
  }

  /**
   * The search as batches, for a caller that scores each batch elsewhere (other threads or
   * processes, each with a tuner made with the same manifest and options, and the same history):
   * `nextBatch()`, `score()` each candidate, `submit()` the scores in the batch's order, until
   * `nextBatch()` is empty; then `result()`.
   */
  public search(history: PrometheusHistory): TuningSearch {
    return TuningSearch._create(this, history, this.dims, this.options.maxReplays ?? DEFAULT_MAX_REPLAYS);
  }

  /**
   * Checks each candidate with the validation engine (refused: one with an error, or with a
   * warning the spec as it is does not have) and replays the others over
   * `history`, each measured as the second spec of a comparison with the spec as it is.
   */
  public score(history: PrometheusHistory, candidates: any[]): TuningScore[] {
    const baseline = this._baseline(history);
    const { validateManifest, formatIssue } = loadEngine();
    const key = (i: ValidationIssue) => `${i.ruleId} ${i.path}`;
    const known = new Set(validateManifest(this.manifest, { cluster: this.profile._facts() }).map(key));
    return candidates.map(hpa => {
      // Errors, and the warnings the spec as it is does not have: a tuning adds no lint finding.
      const issues = validateManifest(hpa, { cluster: this.profile._facts() }).filter(i => i.severity === 'error' || !known.has(key(i)));
      if (issues.length > 0) return { hpa, refusals: issues.map(e => formatIssue(e)) };
      return { hpa, refusals: [], spec: this.replay(hpa, history, baseline) };
    });
  }

  /**
   * The spec as it is over `history`, replayed once per history.
   * @internal
   */
  public _baseline(history: PrometheusHistory): Baseline {
    const known = this.baselines.get(history);
    if (known) return known;
    const { felt, boundsOf, misses } = loadSearch();
    const [replay] = HistoryReplay._replay([this.simulator._subject()], history, { until: this.options.until });
    const thresholds = this.options.limits?.thresholds ?? {};
    for (const metric of Object.keys({ ...thresholds, ...this.options.limits?.maxAboveTarget })) {
      if (!this.simulator.metricIds.includes(metric)) {
        throw new Error(`HpaTuner limits: the HPA has no metric "${metric}" (its metrics: ${this.simulator.metricIds.join(', ')})`);
      }
    }
    const ref: SearchModule.Reference = {
      levels: new Map(replay.result.metrics.map(m => [m.id, thresholds[m.id] ?? m.target])),
      requiredReplicas: replay.measures.reaction?.requiredReplicas ?? 0,
      stepStart: replay.measures.reaction ? replay.loadStep?.start : undefined,
      loadStep: replay.loadStep,
    };
    const f = felt(replay.result, replay.measures, ref);
    const bounds = boundsOf(this.options.limits ?? {}, f, d => durationSeconds(d!));
    const spec: TunedSpec = { hpa: this.manifest, changes: [], measures: replay.measures, felt: f, misses: misses(f, bounds).lines };
    const baseline: Baseline = { ref, bounds, spec, result: replay.result };
    this.baselines.set(history, baseline);
    return baseline;
  }

  /** @internal */
  public _manifestOf(): any {
    return this.manifest;
  }

  /** @internal */
  public _certificate(history: PrometheusHistory, baseline: TunedSpec, recommended: TunedSpec, replays: number): TuningCertificate {
    const { until, limits, vary, bounds, maxReplays, podRequests, initialReplicas, syncPeriod, tolerance, downscaleStabilization } = this.options;
    const settings = {
      podRequests,
      initialReplicas,
      until,
      tolerance,
      vary,
      bounds,
      maxReplays,
      syncPeriod: syncPeriod && durationSeconds(syncPeriod),
      downscaleStabilization: downscaleStabilization && durationSeconds(downscaleStabilization),
      limits: limits && {
        ...limits,
        maxReaction: limits.maxReaction && durationSeconds(limits.maxReaction),
        maxTimeAtMax: limits.maxTimeAtMax && durationSeconds(limits.maxTimeAtMax),
      },
    };
    const gates: { [gate: string]: boolean } = {};
    for (const [gate, on] of Object.entries(this.profile._facts().gatesSet)) gates[gate] = on === true;
    return {
      historyDigest: historyDigest(history),
      release: this.profile.version,
      featureGates: gates,
      settingsDigest: sha256(JSON.stringify(canonical(settings) ?? {})),
      specsDigest: sha256(JSON.stringify([baseline.hpa, recommended.hpa])),
      measuresDigest: sha256(JSON.stringify([baseline.measures, recommended.measures])),
      replays,
    };
  }

  /** One candidate replayed, measured as `compare()` measures its second spec. */
  private replay(hpa: any, history: PrometheusHistory, baseline: Baseline): TunedSpec {
    const { felt, misses } = loadSearch();
    const simulator = HpaSimulator.fromManifest(hpa, this.simulatorOptions(true));
    const [replay] = HistoryReplay._replay([simulator._subject()], history, { until: this.options.until }, { loadStep: baseline.ref.loadStep });
    const f: FeltMeasures = felt(replay.result, replay.measures, baseline.ref);
    return { hpa, changes: [], measures: replay.measures, felt: f, misses: misses(f, baseline.bounds).lines };
  }

  private simulatorOptions(skipValidation: boolean | undefined) {
    const { limits, vary, bounds, maxReplays, until, ...simulator } = this.options;
    return { ...simulator, cluster: this.profile, skipValidation };
  }
}

/**
 * A search of `HpaTuner` as batches of candidates (`HpaTuner.search()`): score each batch
 * anywhere, submit the scores in order; the result is the same as `tune()`'s.
 */
export class TuningSearch {
  /** @internal */
  public static _create(tuner: HpaTuner, history: PrometheusHistory, dims: readonly SpaceModule.Dimension[], budget: number): TuningSearch {
    return new TuningSearch(tuner, history, dims, budget);
  }

  private readonly search: SearchModule.Search;
  private batch: ReadonlyArray<readonly number[]> = [];
  private refused = 0;

  private constructor(private readonly tuner: HpaTuner, private readonly history: PrometheusHistory,
    dims: readonly SpaceModule.Dimension[], budget: number) {
    this.search = new (loadSearch().Search)(dims, budget);
  }

  /** The next candidates to score, as manifests; empty when the search is over. */
  public nextBatch(): any[] {
    this.batch = this.search.next();
    return this.search.manifests(this.tuner._manifestOf(), this.batch);
  }

  /** The scores of the last batch's candidates, in its order (`HpaTuner.score()`). */
  public submit(scores: TuningScore[]): void {
    const baseline = this.tuner._baseline(this.history);
    this.search.submit(scores.map((s, i) => {
      if (!s.spec) {
        this.refused++;
        return { excess: Infinity };
      }
      const spec = { ...s.spec, changes: this.search.changes(this.batch[i]) };
      return { spec, excess: loadSearch().misses(spec.felt, baseline.bounds).excess };
    }));
  }

  /** What the search found (after `nextBatch()` came back empty). */
  public result(): TuningResult {
    const { tradeOffFront } = loadSearch();
    const { spec: baseline, bounds } = this.tuner._baseline(this.history);
    const scored = [...this.search.scored.values()];
    const specs = scored.flatMap(s => (s.spec ? [s.spec] : []));
    const best = this.search.best();
    const withinLimits = best?.spec !== undefined && best.excess === 0;
    const recommended = withinLimits ? best!.spec! : baseline;
    return {
      recommended,
      withinLimits,
      baseline,
      front: tradeOffFront(specs, bounds, recommended),
      replays: specs.length,
      refused: this.refused,
      exhaustive: this.search.exhaustive,
      space: this.tuner.space,
      certificate: this.tuner._certificate(this.history, baseline, recommended, specs.length),
    };
  }
}

/**
 * The settings as their meaning has them, whatever the caller's key order or language: keys
 * sorted, and unset values and empty maps (no limits, no pod requests) left out.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.keys(value).sort()
    .map(k => [k, canonical((value as { [k: string]: unknown })[k])] as const)
    .filter(([, v]) => v !== undefined);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The digest of everything a replay reads of the history. */
function historyDigest(history: PrometheusHistory): string {
  const hash = createHash('sha256');
  const recorded = history._recorded();
  const series = (list: ReadonlyArray<MatrixSeries>) => {
    for (const s of list) {
      hash.update(JSON.stringify(s.labels));
      hash.update(new Uint8Array(s.times.buffer, s.times.byteOffset, s.length * 8));
      hash.update(new Uint8Array(s.values.buffer, s.values.byteOffset, s.length * 8));
    }
  };
  for (const id of [...recorded.metrics.keys()].sort()) {
    const m = recorded.metrics.get(id)!;
    hash.update(JSON.stringify({ metric: id, load: m.load, step: m.stepSeconds }));
    series(m.series);
  }
  if (recorded.replicas) {
    hash.update('replicas');
    series(recorded.replicas.series);
  }
  return hash.digest('hex');
}
