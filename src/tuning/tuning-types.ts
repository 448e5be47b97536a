/** What `HpaTuner` takes and gives: the structs of a search for the cheapest spec within limits. */
import { Duration } from 'cdk8s';
import type { ReplayMeasures } from '../history/replay-types';
import type { HpaSimulatorOptions } from '../simulation/simulator-options';

/**
 * The user's limits, on the load as the service feels it. A limit not given is the spec as it
 * is: no candidate may do worse than it on that measure.
 */
export interface TuningLimits {
  /**
   * Per metric, the most share of syncs (a percent, as `simulate` counts them) where the metric
   * may be above the target of the spec AS IT IS (or `thresholds`), whatever target a candidate
   * sets: a candidate does not look better by moving its own target.
   * @default - each metric: the share of the spec as it is
   */
  readonly maxAboveTarget?: { [metric: string]: number };

  /**
   * Per metric, the level `maxAboveTarget` counts the syncs above, in the target's units (a
   * percent for Utilization).
   * @default - the target of the spec as it is
   */
  readonly thresholds?: { [metric: string]: number };

  /**
   * The most time to have, after the largest load step starts, the replicas the load at its end
   * needs at the targets of the spec as it is.
   * @default - the reaction of the spec as it is
   */
  readonly maxReaction?: Duration;

  /**
   * The most direction changes (flapping).
   * @default - those of the spec as it is
   */
  readonly maxDirectionChanges?: number;

  /**
   * The longest the count may stay at maxReplicas.
   * @default - the longest of the spec as it is
   */
  readonly maxTimeAtMax?: Duration;
}

/** A closed range of values a setting may take. */
export interface TuningRange {
  /** The lowest value. */
  readonly min: number;
  /** The highest value. */
  readonly max: number;
}

/** Options of `HpaTuner`: the simulator's (the cluster, pod requests, the initial replicas), the limits, what may change. */
export interface HpaTunerOptions extends HpaSimulatorOptions {
  /**
   * The limits a recommendation meets.
   * @default - no worse than the spec as it is, on each measure
   */
  readonly limits?: TuningLimits;

  /**
   * The settings that may change: `targets` (every metric's) or `target.<metric>`, `tolerance`
   * or `tolerance.up` / `tolerance.down`, `windows` or `window.up` / `window.down` (the
   * stabilization windows), `policies` or `policies.up` / `policies.down`, `minReplicas`,
   * `maxReplicas`. Everything else stays as written.
   * @default ['targets', 'windows', 'policies']
   */
  readonly vary?: string[];

  /**
   * Per setting of `vary` (the same names, `targets` and `target.<metric>` too; `tolerance.up`, ...),
   * the range its values are taken from: seconds for windows, a percent or the target's units
   * for targets, a fraction for tolerances, replicas for minReplicas and maxReplicas.
   * @default - a range around the spec's value (minReplicas and maxReplicas need one)
   */
  readonly bounds?: { [setting: string]: TuningRange };

  /**
   * The most specs the search replays (the spec as it is included). When every combination
   * fits, each is replayed; otherwise a coordinate search from the spec as it is.
   * @default 160
   */
  readonly maxReplays?: number;

  /**
   * The last sync, in seconds from the history's start.
   * @default - the history's last step
   */
  readonly until?: number;
}

/** One metric's share of syncs above a level (`TuningLimits.maxAboveTarget`). */
export interface FeltAboveTarget {
  /** The metric's id. */
  readonly metric: string;
  /** The level: the spec as it is's target, or the threshold, in the target's units. */
  readonly level: number;
  /** Syncs that read the metric. */
  readonly syncsRead: number;
  /** Of them, the syncs where the reading was above the level. */
  readonly syncsAbove: number;
  /** `syncsAbove / syncsRead` as a percent, 0 when no sync read it. */
  readonly percent: number;
}

/** What the limits read of one replay: the load as the service felt it. */
export interface FeltMeasures {
  /** Per metric, the share of syncs above the level of the spec as it is. */
  readonly aboveTarget: FeltAboveTarget[];
  /**
   * Seconds from the largest load step's start to the first sync with the replicas the load at
   * its end needs at the targets of the spec as it is.
   * @default - not reached, or the history has no load step
   */
  readonly reactionSeconds?: number;
  /** The replicas `reactionSeconds` waits for (0 without a load step). */
  readonly requiredReplicas: number;
  /** Scale events in the other direction than the one before. */
  readonly directionChanges: number;
  /** The longest run at maxReplicas, in seconds. */
  readonly longestAtMaxSeconds: number;
}

/** One spec the search replayed. */
export interface TunedSpec {
  /** The HorizontalPodAutoscaler manifest, as it would be applied. */
  readonly hpa: any;
  /** The settings that differ from the spec as it is: `window.down=600`, ...; empty for it. */
  readonly changes: string[];
  /** Its measures, as `HpaSimulator.compare()` gives them with the spec as it is first. */
  readonly measures: ReplayMeasures;
  /** What the limits read. */
  readonly felt: FeltMeasures;
  /** Why it misses the limits, one line each; empty when it meets them. */
  readonly misses: string[];
}

/** A candidate the search scored: replayed, or refused by the validation engine. */
export interface TuningScore {
  /** The candidate's manifest. */
  readonly hpa: any;
  /**
   * The spec replayed.
   * @default - refused: see `refusals`
   */
  readonly spec?: TunedSpec;
  /** The validation errors (and warnings the spec as it is does not have) that refused it, as `HpaValidator.format` writes them; empty when replayed. */
  readonly refusals: string[];
}

/** What a recommendation rests on: enough to replay it and to check it was not changed. */
export interface TuningCertificate {
  /** SHA-256 of the history: each metric's id, load and series (labels, times, values), and the recorded replica count. */
  readonly historyDigest: string;
  /** The Kubernetes release the specs were checked and replayed for. */
  readonly release: string;
  /** The feature gates set over the release's defaults. */
  readonly featureGates: { [gate: string]: boolean };
  /** SHA-256 of the settings: pod requests, initial replicas, sync period, until, limits, what may vary, the budget. */
  readonly settingsDigest: string;
  /** SHA-256 of the spec as it is and the recommendation, as JSON. */
  readonly specsDigest: string;
  /** SHA-256 of both specs' measures, as JSON: what `simulate --compare` prints for them. */
  readonly measuresDigest: string;
  /** Specs replayed. */
  readonly replays: number;
}

/** What `HpaTuner.tune()` found. */
export interface TuningResult {
  /** The cheapest spec replayed that meets the limits (the spec as it is when none does: see `withinLimits`). */
  readonly recommended: TunedSpec;
  /** Whether a replayed spec met the limits; when none did, `recommended` is the spec as it is. */
  readonly withinLimits: boolean;
  /** The spec as it is. */
  readonly baseline: TunedSpec;
  /**
   * The trade-off: of the replayed specs within the limits on direction changes and time at
   * max, those no other beats on replica-hours, the largest share above target and the reaction
   * together (the recommendation among them), cheapest first.
   */
  readonly front: TunedSpec[];
  /** Specs replayed, the spec as it is included. */
  readonly replays: number;
  /** Candidates the validation engine refused (not replayed). */
  readonly refused: number;
  /** Whether every combination of the allowed values was replayed. */
  readonly exhaustive: boolean;
  /** The settings the search varied, with the values it tried: `window.down: 0, 60, 300`. */
  readonly space: string[];
  /** What the recommendation rests on. */
  readonly certificate: TuningCertificate;
}
