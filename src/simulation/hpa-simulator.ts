import { ApiObject, Duration } from 'cdk8s';
import { ClusterProfile } from '../cluster-profile';
import { HorizontalPodAutoscalerV2 } from '../horizontal-pod-autoscaler-v2';
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS, DEFAULT_TOLERANCE } from '../private/constants';
import { durationSeconds } from '../model/duration';
import { HorizontalPodAutoscalerCondition } from '../status';
import type * as SpecModule from './hpa-spec';
import { SimulationResult, SimulationStep } from './simulation-result';
import type * as RunModule from './simulation-run';
import { SimulationTrace } from './simulation-trace';

/** The controller's `--horizontal-pod-autoscaler-sync-period` default, in seconds. */
const DEFAULT_SYNC_PERIOD_SECONDS = 15;

/** Options of `HpaSimulator`: the cluster, the controller's flags and the starting state. */
export interface HpaSimulatorOptions {
  /**
   * The cluster: its version and gates decide whether `tolerance` is read (HPAConfigurableTolerance),
   * whether scale to zero follows the ScaledToZero condition (HPAScaleToZero, 1.36+) and whether
   * External fallbacks apply (HPAExternalMetricFallback).
   *
   * @default - the HPA's own profile for `fromConstruct`, else the newest release the library knows with its default gates
   */
  readonly cluster?: ClusterProfile;

  /**
   * `--horizontal-pod-autoscaler-sync-period`: the time between syncs.
   * @default Duration.seconds(15)
   */
  readonly syncPeriod?: Duration;

  /**
   * `--horizontal-pod-autoscaler-tolerance`, both directions. As in the controller, 0 means the default.
   * @default 0.1
   */
  readonly tolerance?: number;

  /**
   * `--horizontal-pod-autoscaler-downscale-stabilization`: the window without `behavior`, and
   * the scale-down window when `behavior.scaleDown.stabilizationWindowSeconds` is unset.
   * @default Duration.minutes(5)
   */
  readonly downscaleStabilization?: Duration;

  /**
   * The target's replicas before the first sync.
   * @default - `minReplicas`, or 1 when `minReplicas` is 0
   */
  readonly initialReplicas?: number;

  /**
   * The HPA's conditions before the first sync, e.g. `ScaledToZero=True` for a target the HPA
   * scaled to zero before.
   * @default - none
   */
  readonly initialConditions?: HorizontalPodAutoscalerCondition[];

  /**
   * The request each pod (for ContainerResource: the container) has, by resource name (or
   * `container/resource`), in the unit of the usages in the trace. Used by Utilization targets.
   * @default - 100 for every resource: usages read as percentages of the request
   */
  readonly podRequests?: { [resource: string]: number };

  /**
   * The wall-clock time of simulation time 0, for `lastTransitionTime` (RFC 3339).
   * @default '1970-01-01T00:00:00Z'
   */
  readonly startTime?: string;
}

/** Options of `HpaSimulator.run()`. */
export interface SimulationRunOptions {
  /** The last sync time, in seconds; syncs run at 0, syncPeriod, 2 * syncPeriod, ... up to it. */
  readonly until: number;
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
  /** A simulator for an `autoscaling/v2` HorizontalPodAutoscaler manifest (a plain object). */
  public static fromManifest(manifest: any, options: HpaSimulatorOptions = {}): HpaSimulator {
    return new HpaSimulator(manifest, options, options.cluster ?? ClusterProfile.of());
  }

  /** A simulator for an HPA construct, from the manifest it renders, with its cluster profile. */
  public static fromConstruct(hpa: HorizontalPodAutoscalerV2, options: HpaSimulatorOptions = {}): HpaSimulator {
    const resource = hpa.node.findChild('Resource') as ApiObject;
    return new HpaSimulator(resource.toJson(), options, options.cluster ?? hpa.cluster);
  }

  private readonly spec: SpecModule.SimSpec;
  private readonly profile: ClusterProfile;
  private readonly syncPeriod: number;
  private readonly downscaleWindow: number;
  private readonly options: HpaSimulatorOptions;

  private constructor(manifest: any, options: HpaSimulatorOptions, profile: ClusterProfile) {
    this.options = options;
    this.profile = profile;
    this.syncPeriod = options.syncPeriod ? durationSeconds(options.syncPeriod) : DEFAULT_SYNC_PERIOD_SECONDS;
    if (!(this.syncPeriod > 0)) throw new Error('HpaSimulator: syncPeriod must be positive');
    this.downscaleWindow = options.downscaleStabilization
      ? durationSeconds(options.downscaleStabilization) : DEFAULT_DOWNSCALE_STABILIZATION_SECONDS;
    // SetDefaults_HPAControllerConfiguration: a tolerance of 0 is replaced by the default.
    const tolerance = options.tolerance ? options.tolerance : DEFAULT_TOLERANCE;
    this.spec = loadSpec().decodeSpec(manifest, profile, { tolerance, downscaleStabilizationSeconds: this.downscaleWindow });
  }

  /** How traces and results name the spec's metrics, in spec order. */
  public get metricIds(): string[] {
    return this.spec.metrics.map(m => m.id);
  }

  /** Runs the controller over `trace`, one sync per period from time 0 to `until`. */
  public run(trace: SimulationTrace, options: SimulationRunOptions): SimulationResult {
    const { Run, displayTarget } = loadRun();
    const run = new Run(this.spec, this.profile, this.options, this.downscaleWindow, trace);
    const steps: SimulationStep[] = [];
    // Integer sync counter: no drift from adding floating periods.
    for (let k = 0; k * this.syncPeriod <= options.until; k++) {
      steps.push(run.sync(k * this.syncPeriod));
    }
    return SimulationResult._create({
      name: this.spec.name,
      minReplicas: this.spec.minReplicas,
      maxReplicas: this.spec.maxReplicas,
      metrics: this.spec.metrics.map(m => ({ id: m.id, type: m.type, targetType: m.targetType, target: displayTarget(m) })),
      steps,
    });
  }
}

/* The simulation's internals are loaded on first use, to keep `require('cdk8s-hpa')` light. */
let specModule: typeof SpecModule | undefined;
let runModule: typeof RunModule | undefined;

function loadSpec(): typeof SpecModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  specModule ??= require('./hpa-spec') as typeof SpecModule;
  return specModule;
}

function loadRun(): typeof RunModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  runModule ??= require('./simulation-run') as typeof RunModule;
  return runModule;
}
