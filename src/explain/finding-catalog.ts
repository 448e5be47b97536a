/**
 * Every finding the explainer reports, by stable id. Condition findings are keyed by the
 * condition type and reason the HPA controller sets (kube-controller-manager's horizontal.go,
 * every `setCondition` call; the seeds' ScaledToZero and ExternalMetricFallbackActive reasons
 * as the simulator sets them).
 */
import { ConditionType } from '../status';
import { FindingLevel } from './hpa-explanation';

export interface FindingInfo {
  readonly level: FindingLevel;
  readonly summary: string;
  /** `Type=Status/Reason`, for condition findings. */
  readonly condition?: string;
}

const A = ConditionType.ABLE_TO_SCALE;
const S = ConditionType.SCALING_ACTIVE;
const L = ConditionType.SCALING_LIMITED;
const Z = ConditionType.SCALED_TO_ZERO;
const F = ConditionType.EXTERNAL_METRIC_FALLBACK_ACTIVE;

const c = (type: ConditionType, status: string, reason: string, level: FindingLevel, summary: string): FindingInfo =>
  ({ level, summary, condition: `${type}=${status}/${reason}` });
const other = (level: FindingLevel, summary: string): FindingInfo => ({ level, summary });

export const FINDINGS = {
  EXP101: c(S, 'False', 'FailedGetResourceMetric', FindingLevel.FAILING, 'a Resource metric cannot be read (metrics-server, or a missing request)'),
  EXP102: c(S, 'False', 'FailedGetContainerResourceMetric', FindingLevel.FAILING, 'a ContainerResource metric cannot be read (metrics-server, a missing request or container)'),
  EXP103: c(S, 'False', 'FailedGetPodsMetric', FindingLevel.FAILING, 'a Pods metric cannot be read from the custom metrics API'),
  EXP104: c(S, 'False', 'FailedGetObjectMetric', FindingLevel.FAILING, 'an Object metric cannot be read from the custom metrics API'),
  EXP105: c(S, 'False', 'FailedGetExternalMetric', FindingLevel.FAILING, 'an External metric cannot be read from the external metrics API'),
  EXP106: c(S, 'False', 'InvalidMetricSourceType', FindingLevel.FAILING, 'a metric has a source type the controller does not know'),
  EXP107: c(S, 'False', 'InvalidSelector', FindingLevel.FAILING, "the target's scale subresource has no usable pod selector"),
  EXP108: c(S, 'False', 'AmbiguousSelector', FindingLevel.FAILING, "the target's pods are also selected by another HPA"),
  EXP109: c(S, 'False', 'ScalingDisabled', FindingLevel.STUCK, 'the target has 0 replicas the HPA did not set: the HPA is paused'),
  EXP110: c(S, 'True', 'ValidMetricFound', FindingLevel.INFO, 'the controller computed a replica count from the metrics'),
  EXP120: c(A, 'False', 'FailedGetScale', FindingLevel.FAILING, "the target's scale subresource cannot be read"),
  EXP121: c(A, 'False', 'FailedUpdateScale', FindingLevel.FAILING, "the target's scale subresource cannot be written"),
  EXP122: c(A, 'True', 'SucceededGetScale', FindingLevel.INFO, 'the last sync read the scale and stopped before scaling'),
  EXP123: c(A, 'True', 'ReadyForNewScale', FindingLevel.INFO, 'stabilization did not change the recommendation'),
  EXP124: c(A, 'True', 'ScaleUpStabilized', FindingLevel.LIMITED, 'the scale-up stabilization window holds the replicas down'),
  EXP125: c(A, 'True', 'ScaleDownStabilized', FindingLevel.INFO, 'the scale-down stabilization window holds the replicas up'),
  EXP126: c(A, 'True', 'SucceededRescale', FindingLevel.INFO, "the last sync changed the target's replicas"),
  EXP127: c(A, 'False', 'BackoffBoth', FindingLevel.LIMITED, 'an older controller waits out its upscale and downscale forbidden windows'),
  EXP128: c(A, 'True', 'BackoffUpscale', FindingLevel.LIMITED, 'an older controller waits out its upscale forbidden window'),
  EXP129: c(A, 'True', 'BackoffDownscale', FindingLevel.LIMITED, 'an older controller waits out its downscale forbidden window'),
  EXP140: c(L, 'True', 'TooManyReplicas', FindingLevel.STUCK, 'the metrics ask for more than maxReplicas'),
  EXP141: c(L, 'True', 'TooFewReplicas', FindingLevel.INFO, 'the metrics ask for fewer than minReplicas'),
  EXP142: c(L, 'True', 'ScaleUpLimit', FindingLevel.LIMITED, 'a scale-up rate limit caps the change'),
  EXP143: c(L, 'True', 'ScaleDownLimit', FindingLevel.INFO, 'a scale-down rate limit caps the change'),
  EXP144: c(L, 'False', 'DesiredWithinRange', FindingLevel.INFO, 'min/max and the rate limits did not change the recommendation'),
  EXP150: c(Z, 'True', 'ScaledToZero', FindingLevel.INFO, 'the HPA scaled the target to zero and will scale it back up'),
  EXP151: c(Z, 'False', 'NotScaledToZero', FindingLevel.INFO, 'the HPA did not scale the target to zero'),
  EXP160: c(F, 'True', 'FallbackActive', FindingLevel.FAILING, "an External metric keeps failing: its fallback's replica count is in use"),
  EXP161: c(F, 'False', 'FallbackInactive', FindingLevel.INFO, 'no External metric uses its fallback'),
  EXP162: other(FindingLevel.FAILING, 'an External metric with a fallback is failing; the fallback starts when failureDuration has passed'),
  EXP163: other(FindingLevel.FAILING, 'a metric cannot be read while another drives: the HPA scales up on the others, never down'),
  EXP170: other(FindingLevel.INFO, 'a condition type or reason this library does not know'),
  EXP180: other(FindingLevel.STUCK, 'no status: the controller has not synced the HPA'),
  EXP181: other(FindingLevel.INFO, 'a status field cannot be read'),
  EXP182: other(FindingLevel.INFO, 'an older HPA API version whose status the explainer does not read: get the HPA as autoscaling/v2'),
  EXP190: other(FindingLevel.LIMITED, 'the target is outside [minReplicas, maxReplicas]: the next sync moves it without reading metrics'),
  EXP191: other(FindingLevel.INFO, 'the controller has not acted on the latest spec yet'),
  EXP192: other(FindingLevel.STUCK, 'the metrics ask for more than maxReplicas'),
  EXP193: other(FindingLevel.FAILING, 'the spec has validation errors, and no status says what the controller made of them'),
  EXP194: other(FindingLevel.INFO, 'the spec has issues that do not explain what the controller did (authoring advice)'),
  EXP195: other(FindingLevel.INFO, "the controller proposed another count than the status's values give: pods without metrics, or rounding"),
  EXP196: other(FindingLevel.INFO, 'KEDA manages this HPA: its ScaledObject sets the bounds, behavior, triggers, fallback and pausing'),
  EXP197: other(FindingLevel.INFO, 'a metric is off its target within the tolerance: the controller keeps the count'),
} as const;

export type FindingId = keyof typeof FINDINGS;

/** The finding of a condition, by `Type/Reason`. */
export const CONDITION_FINDING: ReadonlyMap<string, FindingId> = new Map(
  (Object.entries(FINDINGS) as Array<[FindingId, FindingInfo]>)
    .filter(([, info]) => info.condition !== undefined)
    .map(([id, info]) => [conditionKey(info.condition!.split('=')[0], info.condition!.split('/')[1]), id]),
);

export function conditionKey(type: string, reason: string): string {
  return `${type}/${reason}`;
}
