/** What a replay of recorded history measures: the structs `HistoryReplay` and `HistoryComparison` hold. */
import { Duration } from 'cdk8s';
import type { SimulationResultProps } from '../simulation/simulation-step';

/** Options of `HpaSimulator.replay()` and `compare()`. */
export interface ReplayOptions {
  /**
   * The last sync, in seconds from the history's start.
   * @default - the history's last step
   */
  readonly until?: number;

  /**
   * How long a rise of the load may take and still count as one step, for the reaction time
   * (`LoadStep`).
   * @default Duration.minutes(5)
   */
  readonly loadStepWindow?: Duration;
}

/** How one metric of the history was read. */
export interface HistoryMetricSummary {
  /** The metric, as `HpaSimulator.metricIds` names it. */
  readonly metric: string;
  /** The files or URLs of its responses. */
  readonly sources: string[];
  /** `pods` (one series per pod), `single` (one series) or `series` (several External series, summed). */
  readonly kind: string;
  /** The pods (or series) seen over the range. */
  readonly width: number;
  /**
   * How a pod metric loads the replay (`HistoryLoad`'s value).
   * @default - an Object or External metric: its value
   */
  readonly load?: string;
  /** The query's step, in seconds. */
  readonly stepSeconds: number;
  /** Steps from the first sample to the last. */
  readonly steps: number;
  /** Steps without a usable sample (a gap, or only NaN), where the metric fails. */
  readonly failedSteps: number;
}

/** The history a replay read. */
export interface HistorySummary {
  /** Time 0 of the replay: the first step of any metric (RFC 3339). */
  readonly start: string;
  /** The last step of any metric (RFC 3339). */
  readonly end: string;
  /** The metrics, in the order the HPA names them (the first spec's, then any others). */
  readonly metrics: HistoryMetricSummary[];
  /** Prometheus's warnings and infos on the responses. */
  readonly warnings: string[];
}

/** The share of time one metric sat above its target in a replay. */
export interface MetricAboveTarget {
  /** The metric's id. */
  readonly metric: string;
  /** `Utilization`, `AverageValue` or `Value`. */
  readonly targetType: string;
  /** The target, in the units of `MetricStepResult.usage` (a percent for Utilization). */
  readonly target: number;
  /** Syncs that read the metric (it did not fail). */
  readonly syncsRead: number;
  /**
   * Of those, the syncs where the controller's reading was above the target: the usage for
   * Utilization and pod AverageValue, the value for Value, the value over the sync's replicas for
   * an Object or External AverageValue.
   */
  readonly syncsAbove: number;
  /** `syncsAbove / syncsRead`, 0 when no sync read it. */
  readonly share: number;
  /** `syncsAbove` times the sync period. */
  readonly seconds: number;
}

/**
 * The largest rise of the load in the history: the demand (the replicas the load needs at the
 * first spec's targets: the total over pods, or the External or Object value, over the target
 * per pod; the largest over metrics) rose most from `start` to `end`, at most the load-step
 * window apart. Both specs of a comparison are measured on the same step.
 */
export interface LoadStep {
  /** Seconds from the history's start: the sync with the lowest demand before the rise. */
  readonly start: number;
  /** Seconds from the history's start: the sync the rise reached. */
  readonly end: number;
  /** The demand at `start`, in replicas. */
  readonly fromReplicas: number;
  /** The demand at `end`, in replicas. */
  readonly toReplicas: number;
}

/** How long a replay took to meet the largest step in load. */
export interface Reaction {
  /**
   * The replicas the load at the step's end needs under this spec: its demand at this spec's
   * targets over (1 + the scale-up tolerance), rounded up, within minReplicas and maxReplicas.
   */
  readonly requiredReplicas: number;
  /**
   * Seconds from the step's start to the first sync at or after it with at least
   * `requiredReplicas` replicas.
   * @default - never reached before the replay ended
   */
  readonly seconds?: number;
}

/** The measures of one replay, each over its syncs (each sync's state holds for one sync period). */
export interface ReplayMeasures {
  /** Syncs in the replay. */
  readonly syncs: number;
  /** The sync period, in seconds. */
  readonly syncPeriodSeconds: number;
  /** The replicas after each sync times the sync period, summed, in hours: the cost. */
  readonly replicaHours: number;
  /** Syncs that changed the replica count. */
  readonly scaleEvents: number;
  /** Of them, those that raised it. */
  readonly scaleUps: number;
  /** Of them, those that lowered it. */
  readonly scaleDowns: number;
  /** Scale events in the other direction than the scale event before them: flapping. */
  readonly directionChanges: number;
  /** The longest run of consecutive syncs that left the count at maxReplicas, in seconds. */
  readonly longestAtMaxSeconds: number;
  /**
   * When that run began, in seconds from the history's start.
   * @default - never at maxReplicas
   */
  readonly longestAtMaxStart?: number;
  /** Per metric (spec order), the time it sat above its target. */
  readonly aboveTarget: MetricAboveTarget[];
  /**
   * The reaction to the largest step in load.
   * @default - the history has no rise of the load that a demand can be computed for
   */
  readonly reaction?: Reaction;
}

/** A replay's replica count against the count the cluster recorded over the same period. */
export interface ReplicasCheck {
  /** The recorded series, as a PromQL selector. */
  readonly series: string;
  /** Syncs with a recorded count at or before them. */
  readonly syncsCompared: number;
  /** Of them, the syncs where the replay's count was the recorded one. */
  readonly syncsEqual: number;
  /** `syncsEqual / syncsCompared`, 0 when none was compared. */
  readonly share: number;
  /** The replay's count minus the recorded one where they differ most (the first such sync); 0 when they never differ. */
  readonly largestDifference: number;
  /**
   * When, in seconds from the history's start.
   * @default - they never differ
   */
  readonly largestDifferenceTime?: number;
  /** The mean of the absolute differences over the compared syncs. */
  readonly meanAbsoluteDifference: number;
  /** The recorded counts times the sync period, over the compared syncs, in hours. */
  readonly recordedReplicaHours: number;
  /** The replay's counts over the same syncs, in hours. */
  readonly replayReplicaHours: number;
}

/**
 * What a replay of one or more specs found, before it is wrapped in the public classes.
 * @internal
 */
export interface ReplayData {
  readonly history: HistorySummary;
  readonly loadStep?: LoadStep;
  readonly replays: ReadonlyArray<{ readonly measures: ReplayMeasures; readonly replicasCheck?: ReplicasCheck }>;
  readonly plot: ReplayPlot;
}

/**
 * The history at the first spec's syncs, for the plot.
 * @internal
 */
export interface ReplayPlot {
  /** The demand at each sync, in replicas (see `LoadStep`); undefined where none can be read. */
  readonly demand: ReadonlyArray<number | undefined>;
  /** The recorded replica count at each sync, when the history has it. */
  readonly recorded?: ReadonlyArray<number | undefined>;
}

/**
 * What the renderings of a replay or a comparison read.
 * @internal
 */
export interface ReportInput {
  readonly history: HistorySummary;
  readonly loadStep?: LoadStep;
  readonly plot: ReplayPlot;
  readonly width: number;
  readonly specs: ReadonlyArray<{
    readonly label: string;
    readonly result: SimulationResultProps;
    readonly measures: ReplayMeasures;
    readonly replicasCheck?: ReplicasCheck;
  }>;
}

/** Options of `HpaSimulator.compareReleases()`. */
export interface ReleaseComparisonOptions extends ReplayOptions {
  /**
   * The gates of the second release's cluster over its defaults.
   * @default - the gates the simulator's profile declares; the release's defaults for the rest
   */
  readonly featureGates?: { [gate: string]: boolean };
}

/** One fact of the release table that the two releases of a comparison hold differently. */
export interface ReleaseDifference {
  /** `gate` (a feature gate's stage and default), `controller`, `apiServer` or `served` (an HPA apiVersion). */
  readonly kind: string;
  /** The gate, the controller or API-server fact, or the apiVersion. */
  readonly fact: string;
  /** How the baseline's release holds it (`beta, on by default`, `yes`, `served`). */
  readonly baseline: string;
  /** How the candidate's release holds it. */
  readonly candidate: string;
  /**
   * Whether the replay read the fact up to the first sync where the counts part (or, where they
   * never part, at all): a controller behaviour or a gate that decided something in the run.
   */
  readonly exercised: boolean;
  /** Why it was or was not read, as far as the replay can tell. */
  readonly reason: string;
}

/** The first sync where two releases' replays of one spec have different replica counts. */
export interface ReplicaParting {
  /** The sync's index, from 0, in both runs. */
  readonly sync: number;
  /** When it ran in the baseline's run, in seconds from the history's start. */
  readonly baselineTime: number;
  /** When it ran in the candidate's run (it differs where one release's syncs drift). */
  readonly candidateTime: number;
  /** The baseline's replica count after it. */
  readonly baselineReplicas: number;
  /** The candidate's replica count after it. */
  readonly candidateReplicas: number;
  /** Syncs, over the whole run, where the two counts differ. */
  readonly syncsDiffering: number;
}
