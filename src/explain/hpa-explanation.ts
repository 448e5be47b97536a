/**
 * What `HpaExplainer.explain()` returns: for one live HPA, what the controller is doing, why,
 * and what to change. Types only.
 */
import { HorizontalPodAutoscalerStatus } from '../status';
import { ValidationIssue } from '../validation/validation-issue';

/** How much a finding matters, from least to most. */
export enum FindingLevel {
  /** What the controller did, for the record: nothing to change. */
  INFO = 'info',
  /** A rate limit or stabilization window is slowing the HPA down for now. */
  LIMITED = 'limited',
  /** The HPA cannot reach the replica count its metrics ask for, and will not until something changes. */
  STUCK = 'stuck',
  /** The controller cannot do its job: a metric, the scale subresource or the selector fails. */
  FAILING = 'failing',
}

/** The overall state of one HPA: its most serious finding's level. */
export enum HpaHealth {
  /** Scaling as its metrics ask, or holding within tolerance. */
  HEALTHY = 'Healthy',
  /** Following its metrics, slowed by a rate limit or window. */
  LIMITED = 'Limited',
  /** Held away from what its metrics ask (maxReplicas, a paused target). */
  STUCK = 'Stuck',
  /** The controller reports a failure. */
  FAILING = 'Failing',
  /** The input does not tell: an HPA of an older API version, printed without the autoscaling/v2 status. */
  UNKNOWN = 'Unknown',
}

/** What holds the replica count where it is, or moves it, by the controller's last sync. */
export enum ScalingCause {
  /** It follows its metrics: nothing limits the count. */
  NONE = 'none',
  /** The metrics are off their targets, but within the tolerance: the count stays. */
  TOLERANCE = 'tolerance',
  /** `maxReplicas` caps the count (or the target has more replicas than that). */
  MAX_REPLICAS = 'maxReplicas',
  /** `minReplicas` holds the count up (or the target has fewer replicas than that). */
  MIN_REPLICAS = 'minReplicas',
  /** A scale-up policy limits how many replicas a period adds. */
  SCALE_UP_POLICY = 'scaleUpPolicy',
  /** A scale-down policy limits how many replicas a period removes. */
  SCALE_DOWN_POLICY = 'scaleDownPolicy',
  /** `selectPolicy: Disabled` on scale-up: the HPA never adds replicas. */
  SCALE_UP_DISABLED = 'scaleUpDisabled',
  /** `selectPolicy: Disabled` on scale-down: the HPA never removes replicas. */
  SCALE_DOWN_DISABLED = 'scaleDownDisabled',
  /** The scale-up stabilization window holds the count at the lowest recent recommendation. */
  SCALE_UP_STABILIZATION = 'scaleUpStabilization',
  /** The scale-down stabilization window holds the count at the highest recent recommendation. */
  SCALE_DOWN_STABILIZATION = 'scaleDownStabilization',
  /** A metric cannot be read: the HPA does not scale, or scales up only. */
  FAILING_METRIC = 'failingMetric',
  /** Pods without metrics (starting, in a rollout, not ready): the controller counts them apart, so it proposes another count than the status's values. */
  MISSING_POD_METRICS = 'missingPodMetrics',
  /** The target is at zero replicas: paused by hand, or scaled to zero by the HPA. */
  ZERO = 'zero',
  /** The target's scale subresource or pod selector cannot be used. */
  TARGET = 'target',
  /** The status does not tell (no status yet, or an older API version). */
  UNKNOWN = 'unknown',
}

/** One event about the HPA, as the controller's event recorder counts it. */
export interface HpaEventSummary {
  /** `Normal` or `Warning`. */
  readonly type: string;
  /** `SuccessfulRescale`, `FailedGetExternalMetric`, ... */
  readonly reason: string;
  readonly message: string;
  /** How many times it happened (the event's `count`). */
  readonly count: number;
  /**
   * When it first happened.
   * @default - not recorded
   */
  readonly firstTime?: string;
  /**
   * When it last happened.
   * @default - not recorded
   */
  readonly lastTime?: string;
}

/** One kind of finding the explainer reports. */
export interface ExplainFindingKind {
  /** The stable id. */
  readonly findingId: string;
  /** The level it has (the level of a condition finding can depend on the condition's status). */
  readonly level: FindingLevel;
  /**
   * The condition it explains, `Type=Status/Reason`.
   * @default - not about one condition
   */
  readonly condition?: string;
  /** What it means. */
  readonly summary: string;
}

/** One thing the explainer found. */
export interface ExplainFinding {
  /** A stable id: EXP1xx conditions, EXP18x-19x the status itself. */
  readonly findingId: string;
  /** How much it matters. */
  readonly level: FindingLevel;
  /**
   * The condition it explains, as `Type=Status/Reason` (`ScalingLimited=True/TooManyReplicas`).
   * @default - not about one condition
   */
  readonly condition?: string;
  /** What is happening and why, in a sentence or two. */
  readonly message: string;
  /** The spec field it points at (`spec.maxReplicas`, `spec.metrics[1].external.metric`). */
  readonly path: string;
  /**
   * The concrete change that addresses it.
   * @default - nothing to change
   */
  readonly fix?: string;
  /**
   * Rule ids of the validation issues that explain it (as `cdk8s-hpa validate` prints them).
   * @default - none
   */
  readonly ruleIds?: string[];
}

/** The controller's arithmetic for one metric, redone from `status.currentMetrics`. */
export interface MetricExplanation {
  /** The metric's place, `spec.metrics[i]`. */
  readonly path: string;
  /** Its id as the simulator and trace files name it: `cpu`, `app/cpu`, or the metric name. */
  readonly metric: string;
  /** `Resource`, `ContainerResource`, `Pods`, `Object` or `External`. */
  readonly type: string;
  /** `Utilization`, `AverageValue` or `Value`. */
  readonly targetType: string;
  /** The target: a whole percent for Utilization, else in base units. */
  readonly target: number;
  /**
   * The current value the controller compared with the target, in the target's units.
   * @default - the status has no value for it (the metric failed)
   */
  readonly current?: number;
  /**
   * `current / target` (per-pod for AverageValue Object and External targets).
   * @default - unknown
   */
  readonly ratio?: number;
  /**
   * Whether the ratio is inside the tolerance band, where the metric proposes no change.
   * @default - unknown
   */
  readonly withinTolerance?: boolean;
  /**
   * The replica count the metric proposes (the fallback's replicas while it is active).
   * @default - none: the metric failed
   */
  readonly proposedReplicas?: number;
  /** Whether an External fallback's replica count stands in for it. */
  readonly fallbackActive: boolean;
  /** The computation in words: `95% of request vs target 60%: ratio 1.58 > 1.1: ceil(1.58 × 10) = 16`. */
  readonly explanation: string;
}

/** A `cdk8s-hpa simulate` run that starts from the HPA's current state. */
export interface SimulateSuggestion {
  /** The target's replicas now (`--initial-replicas`). */
  readonly initialReplicas: number;
  /** A trace file (CSV, `time,metric,observation,value`) holding the current metrics from time 0. */
  readonly traceCsv: string;
}

/** Everything the explainer says about one HPA. */
export interface HpaExplanation {
  /** `metadata.name`. */
  readonly name: string;
  /** `metadata.namespace` (`default` when absent). */
  readonly namespace: string;
  /** The most serious finding's level. */
  readonly health: HpaHealth;
  /** One line: what the controller is doing. */
  readonly summary: string;
  /**
   * The status as read.
   * @default - the manifest has no status: the controller has not synced it yet
   */
  readonly status?: HorizontalPodAutoscalerStatus;
  /** Each metric's arithmetic, in spec order. */
  readonly metrics: MetricExplanation[];
  /**
   * The replicas the metrics propose together (the highest valid proposal).
   *
   * A pod metric's proposal counts the target's pods of the input as the controller counts them:
   * pods not ready as using nothing on a scale-up and left out otherwise, pods being deleted or
   * failed left out.
   * @default - none: no metric could be computed
   */
  readonly proposedReplicas?: number;
  /**
   * The metric whose proposal wins.
   * @default - none
   */
  readonly winningMetric?: string;
  /**
   * The replicas the next sync would set, from the proposal, min/max and the rate limits,
   * when the status tells enough to compute it.
   * @default - unknown
   */
  readonly nextReplicas?: number;
  /**
   * The replica count the controller itself proposed from the metrics at its last sync (what it
   * logs as "Proposing desired replicas"), where the status pins it down: the conditions and
   * `status.desiredReplicas` leave one count possible.
   * @default - the status leaves more than one count possible
   */
  readonly controllerProposal?: number;
  /** What holds the replica count where it is, or moves it. */
  readonly cause: ScalingCause;
  /** The metrics the controller could not read at its last sync, by id. */
  readonly failingMetrics: string[];
  /**
   * The object that manages the HPA, as `Kind/name` (a KEDA `ScaledObject/worker`): its bounds
   * and behavior are set there, not on the HPA.
   * @default - the HPA is managed directly
   */
  readonly managedBy?: string;
  /** The events about the HPA in the input, oldest first. */
  readonly events: HpaEventSummary[];
  /**
   * The one next step: the fix of the most serious finding that is not info.
   *
   * Where nothing fails but a setting holds the count (minReplicas, a stabilization window, a
   * disabled direction, a scale-down policy, the tolerance), the change of that setting: its field
   * and the value to set.
   * @default - nothing to change
   */
  readonly nextStep?: string;
  /** What the controller does and what to change, most serious first. */
  readonly findings: ExplainFinding[];
  /** The spec's validation issues (as `HpaValidator.validate` returns them). */
  readonly validationIssues: ValidationIssue[];
  /** What the status does not tell, and what the explanation therefore does not assume. */
  readonly unknowns: string[];
  /**
   * A simulation from the current state, to try a change before applying it.
   * @default - none: the spec has errors, or no metric value is known
   */
  readonly simulate?: SimulateSuggestion;
}
