import { ClusterProfile } from './cluster-profile';
import { HistoryComparison, HistoryReplay } from './history/history-replay';
import type { PrometheusHistory } from './history/prometheus-history';
import { ReleaseComparison } from './history/release-comparison';
import type { ReplaySubject } from './history/replay-measures';
import { ReleaseComparisonOptions, ReplayOptions } from './history/replay-types';
import type { HorizontalPodAutoscalerV2 } from './horizontal-pod-autoscaler-v2';
import { durationSeconds, requireDuration } from './model/duration';
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS, DEFAULT_SYNC_PERIOD_SECONDS, DEFAULT_TOLERANCE } from './private/constants';
import { onFirstUse } from './private/memoize';
import type * as SpecReader from './simulation/hpa-spec';
import type * as Requests from './simulation/pod-requests';
import { SimulationResult } from './simulation/simulation-result';
import type * as Run from './simulation/simulation-run';
import { SimulationTrace } from './simulation/simulation-trace';
import { HpaSimulatorOptions, SimulationRunOptions } from './simulation/simulator-options';
import { syncLatencies } from './simulation/sync-timing';
import type * as Engine from './validation/engine';
import { ValidationIssue } from './validation/validation-issue';

/* eslint-disable @typescript-eslint/no-require-imports */
/** The engine, the spec reader and the run, loaded on first use. */
const loadEngine = onFirstUse(() => require('./validation/engine') as typeof Engine);
const loadSpecReader = onFirstUse(() => require('./simulation/hpa-spec') as typeof SpecReader);
const loadRun = onFirstUse(() => require('./simulation/simulation-run') as typeof Run);
const loadRequests = onFirstUse(() => require('./simulation/pod-requests') as typeof Requests);
/* eslint-enable @typescript-eslint/no-require-imports */

type Issues = ValidationIssue[];

/** Throws, listing them, when the manifest's issues hold errors. */
function refuseErrors(manifest: any, validate: () => Issues): void {
  const errors = validate().filter(i => i.severity === 'error');
  if (errors.length === 0) return;
  const name = typeof manifest?.metadata?.name === 'string' ? ` "${manifest.metadata.name}"` : '';
  const { formatIssue } = loadEngine();
  throw new Error([
    `HpaSimulator: the HorizontalPodAutoscaler${name} has ${errors.length === 1 ? '1 validation error' : `${errors.length} validation errors`}; `
      + 'fix them, or pass skipValidation: true to simulate it anyway:',
    ...errors.map(e => `  ${formatIssue(e)}`),
  ].join('\n'));
}

/**
 * Replays the HPA controller's decisions for an autoscaling/v2 HPA over a metric trace, sync
 * by sync.
 *
 * A port of the rules of kube-controller-manager's `horizontal.go` and `replica_calculator.go`:
 * per-metric proposals with the tolerance band, the maximum over metrics (a failing metric
 * blocks scale-down, not scale-up), stabilization windows, scaling policies and `selectPolicy`
 * with `behavior` (defaulted as the API server defaults it) or the older path without it,
 * min/max clamping, the status conditions, scale to zero and External-metric fallback. All pods
 * are assumed Running and Ready. Pure and deterministic: the same inputs give the same steps.
 *
 * @example
 * declare const hpa: HorizontalPodAutoscalerV2;
 * const result = HpaSimulator.fromConstruct(hpa).run(
 *   SimulationTrace.create()
 *     .at(0, 'cpu', MetricObservation.perPodUsage(50))
 *     .at(60, 'cpu', MetricObservation.perPodUsage(200)),
 *   { until: 600 });
 * const csv = result.toCsv();
 */
export class HpaSimulator {
  /**
   * A simulator for an `autoscaling/v2` HorizontalPodAutoscaler manifest (a plain object).
   * Throws when the manifest has validation errors (as `HpaValidator.validate` finds them,
   * with its `cdk8s-hpa.io/rules` annotation), unless `options.skipValidation`.
   */
  public static fromManifest(manifest: any, options: HpaSimulatorOptions = {}): HpaSimulator {
    const profile = options?.cluster ?? ClusterProfile.of();
    if (!options?.skipValidation) refuseErrors(manifest, () => loadEngine().validateManifest(manifest, { cluster: profile._facts() }));
    return new HpaSimulator(manifest, options ?? {}, profile);
  }

  /**
   * A simulator for an HPA construct, from the manifest it renders, with its cluster profile.
   * Throws when the HPA has validation errors (those `cdk8s synth` reports), unless
   * `options.skipValidation`.
   */
  public static fromConstruct(hpa: HorizontalPodAutoscalerV2, options: HpaSimulatorOptions = {}): HpaSimulator {
    const manifest = hpa._manifest();
    const profile = options?.cluster ?? hpa.cluster;
    if (!options?.skipValidation) {
      // With another cluster than the HPA's own, the manifest is checked for that cluster.
      refuseErrors(manifest, () => options?.cluster ? loadEngine().validateManifest(manifest, { cluster: profile._facts() }) : hpa.validateHpa());
    }
    const workload = options?.workload ?? hpa.target._workloadManifest();
    return new HpaSimulator(manifest, { ...options, ...(workload !== undefined && { workload }) }, profile);
  }

  private readonly spec: SpecReader.SimSpec;
  private readonly profile: ClusterProfile;
  private readonly syncPeriod: number;
  private readonly downscaleWindow: number;
  private readonly options: HpaSimulatorOptions;
  private readonly manifest: any;
  /** The workload's name and requests, when `options.workload` gives it. */
  private readonly workload: Requests.WorkloadRequests | undefined;
  /** What a trace's (`run()`) and a replay's usages are compared with, per spec metric. */
  private readonly traceRequests: Array<Requests.ResolvedRequest | undefined>;
  private readonly historyRequests: Array<Requests.ResolvedRequest | undefined>;

  private constructor(manifest: any, options: HpaSimulatorOptions, profile: ClusterProfile) {
    this.manifest = manifest;
    this.options = options;
    this.profile = profile;
    requireDuration(options.syncPeriod, 'HpaSimulator options: syncPeriod');
    requireDuration(options.downscaleStabilization, 'HpaSimulator options: downscaleStabilization');
    // Refused now rather than at the first run.
    syncLatencies(options);
    this.syncPeriod = options.syncPeriod ? durationSeconds(options.syncPeriod) : DEFAULT_SYNC_PERIOD_SECONDS;
    if (!(this.syncPeriod > 0)) throw new Error('HpaSimulator: syncPeriod must be positive');
    this.downscaleWindow = options.downscaleStabilization
      ? durationSeconds(options.downscaleStabilization) : DEFAULT_DOWNSCALE_STABILIZATION_SECONDS;
    // SetDefaults_HPAControllerConfiguration: a tolerance of 0 is replaced by the default.
    const tolerance = options.tolerance ? options.tolerance : DEFAULT_TOLERANCE;
    this.spec = loadSpecReader().readSpec(manifest, profile._facts(), { tolerance, downscaleStabilizationSeconds: this.downscaleWindow });
    const { resolveRequests, workloadRequests } = loadRequests();
    this.workload = options.workload != null ? workloadRequests(options.workload, this.spec, profile._facts()) : undefined;
    // A trace's usages are percent unless podRequests says otherwise; recorded history's are in base units.
    this.traceRequests = resolveRequests(this.spec, options.podRequests, this.workload, false);
    this.historyRequests = resolveRequests(this.spec, options.podRequests, this.workload, true);
  }

  /** How traces and results name the spec's metrics, in spec order. */
  public get metricIds(): string[] {
    return this.spec.metrics.map(m => m.id);
  }

  /** Runs the controller over `trace`, one sync per period from time 0 to `until`. */
  public run(trace: SimulationTrace, options: SimulationRunOptions): SimulationResult {
    return this._run(trace, options, true);
  }

  /**
   * Replays the controller over recorded history (from time 0, the history's first step, to its
   * last), starting from the recorded replica count when the history has it, and measures the
   * run: replica-hours, time above target, scale events, direction changes, time at max, the
   * reaction to the largest step in load, and how far it was from the recorded replica count.
   */
  public replay(history: PrometheusHistory, options: ReplayOptions = {}): HistoryReplay {
    return HistoryReplay._replay([this._subject()], history, options ?? {})[0];
  }

  /**
   * Replays this HPA and `candidate` over the same history (see `replay()`), for their measures
   * side by side.
   */
  public compare(candidate: HpaSimulator, history: PrometheusHistory, options: ReplayOptions = {}): HistoryComparison {
    return HistoryComparison._compare(this._subject(), candidate._subject(), history, options ?? {});
  }

  /**
   * "What changes if we upgrade": replays this HPA under its own cluster's release and under
   * Kubernetes `version` (each with its release's default gates, and the gates this profile
   * declares unless `featureGates` is given) over the same history, and reports the first sync
   * where the replica counts part and the facts of the release table that differ between the two
   * releases, each with whether the run read it. The HPA is checked under `version` as
   * `fromManifest()` checks it (unless `skipValidation`): errors there throw.
   */
  public compareReleases(version: string, history: PrometheusHistory, options: ReleaseComparisonOptions = {}): ReleaseComparison {
    const own = this.profile._facts();
    const profile = ClusterProfile.of({
      version,
      featureGates: options?.featureGates ?? own.gatesSet as { [gate: string]: boolean },
      fallbackFormat: this.profile.fallbackFormat,
    });
    const cluster = profile._facts();
    const problem = cluster.problems[0];
    if (problem) throw new Error(`HpaSimulator.compareReleases: ${problem[0]} ${JSON.stringify(problem[1])}: ${problem[2]}`);
    if (!this.options.skipValidation) refuseErrors(this.manifest, () => loadEngine().validateManifest(this.manifest, { cluster }));
    const candidate = new HpaSimulator(this.manifest, this.options, profile);
    return ReleaseComparison._compare(
      { subject: this._subject(), cluster: own }, { subject: candidate._subject(), cluster }, history, options ?? {});
  }

  /**
   * This simulator as a replay of history runs it.
   * @internal
   */
  public _subject(): ReplaySubject<SimulationResult> {
    return {
      spec: this.spec,
      options: this.withRequests(this.historyRequests),
      syncPeriod: this.syncPeriod,
      run: (input, until, options) => this._runInput(input, until, true, options),
    };
  }

  /**
   * `run()`; with `fastForward`, syncs that repeat the one before take a shortcut to the same
   * steps (the tests compare both ways).
   * @internal
   */
  public _run(trace: SimulationTrace, options: SimulationRunOptions, fastForward: boolean): SimulationResult {
    const input = loadRun().traceInput(this.spec, trace);
    return this._runInput(input, options.until, fastForward, this.withRequests(this.traceRequests), this.traceRequests);
  }

  /**
   * A run over any input (a trace, a history), with `options` in place of the simulator's
   * (the same but for the starting state), whose `podRequests` are `requests` (a replay's by
   * default).
   * @internal
   */
  public _runInput(input: Run.RunInput, until: number, fastForward: boolean, options: HpaSimulatorOptions,
    requests: ReadonlyArray<Requests.ResolvedRequest | undefined> = this.historyRequests): SimulationResult {
    const { Run: SimulationRun } = loadRun();
    const { displayTarget } = loadSpecReader();
    const run = new SimulationRun(this.spec, this.profile._facts(), options, this.downscaleWindow, input);
    const steps = run.syncs(this.syncPeriod, until, fastForward);
    return SimulationResult._create({
      name: this.spec.name,
      minReplicas: this.spec.minReplicas,
      maxReplicas: this.spec.maxReplicas,
      metrics: this.spec.metrics.map((m, i) => {
        const r = requests[i];
        return {
          id: m.id,
          type: m.type,
          targetType: m.targetType,
          target: displayTarget(m),
          ...(r && { request: r.value, requestSource: r.source }),
          ...(r?.workload !== undefined && { workloadRequest: r.workload }),
        };
      }),
      steps,
      workload: this.workload?.name,
      requestKeys: requests.map(r => r && { resource: r.resource, key: r.key }),
      trace: requests === this.traceRequests,
    });
  }

  /** The options with the requests a run compares usages with, each Utilization metric's under its own key. */
  private withRequests(requests: ReadonlyArray<Requests.ResolvedRequest | undefined>): HpaSimulatorOptions {
    return { ...this.options, podRequests: loadRequests().effectivePodRequests(this.spec, requests, this.options.podRequests) };
  }
}
