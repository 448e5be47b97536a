/**
 * What the controller decided at its last sync, read back from the status it wrote: the bounds
 * its conditions and `status.desiredReplicas` put on the replica count it proposed from the
 * metrics (horizontal.go: the proposal, then stabilization, then the rate limits and min/max,
 * each leaving its condition), whether the proposal redone from the status's values fits them,
 * and what holds the count where it is.
 */
import { Arithmetic } from './arithmetic';
import { ScalingCause } from './hpa-explanation';
import { SimSpec } from '../simulation/hpa-spec';
import { ConditionStatus, ConditionType, HorizontalPodAutoscalerCondition, HorizontalPodAutoscalerStatus } from '../status';

/** The controller's last decision, as far as the status tells. */
export interface Decision {
  readonly cause: ScalingCause;
  /** The controller's proposal, where the status leaves one count possible. */
  readonly controllerProposal?: number;
  /** The counts the status leaves possible for the controller's proposal, when it was computed. */
  readonly bounds?: { readonly lo: number; readonly hi: number };
  /** The proposal redone from the status's values is one the status leaves possible. */
  readonly consistent: boolean;
  /** The metrics the controller could not read, by id. */
  readonly failingMetrics: string[];
  /** The controller computed the metrics at its last sync (the target was in range, scaling on). */
  readonly computed: boolean;
}

/** The reasons of ScalingActive=False that name a metric the controller could not read. */
const METRIC_FAILURE = /^FailedGet\w*Metric$|^InvalidMetricSourceType$/;

/** Reads the controller's decision from the status, with the arithmetic redone from its values. */
export function readDecision(spec: SimSpec | undefined, status: HorizontalPodAutoscalerStatus, arithmetic: Arithmetic | undefined): Decision {
  const current = status.currentReplicas;
  const condition = (type: ConditionType) => (status.conditions ?? []).find(c => c.type === type);
  const active = condition(ConditionType.SCALING_ACTIVE);
  const able = condition(ConditionType.ABLE_TO_SCALE);
  const limited = condition(ConditionType.SCALING_LIMITED);
  const inRange = spec === undefined || current === 0 || (current >= spec.minReplicas && current <= spec.maxReplicas);
  const computed = inRange && active !== undefined
    && (active.status === ConditionStatus.TRUE || METRIC_FAILURE.test(active.reason ?? ''));
  const failingMetrics = computed ? (arithmetic?.metrics ?? []).filter(m => m.current === undefined && !m.fallbackActive).map(m => m.metric) : [];
  const bounds = computed && spec && active!.status === ConditionStatus.TRUE ? proposalBounds(spec, status, able, limited) : undefined;
  const proposal = arithmetic?.proposal;
  const consistent = bounds === undefined || proposal === undefined || (proposal >= bounds.lo && proposal <= bounds.hi);
  const controllerProposal = bounds && bounds.lo === bounds.hi ? bounds.lo : undefined;

  let cause: ScalingCause;
  if (able?.status === ConditionStatus.FALSE && /^Failed/.test(able.reason ?? '')) {
    cause = ScalingCause.TARGET;
  } else if (active?.status === ConditionStatus.FALSE && active.reason === 'ScalingDisabled') {
    cause = ScalingCause.ZERO;
  } else if (active?.status === ConditionStatus.FALSE && METRIC_FAILURE.test(active.reason ?? '')) {
    cause = ScalingCause.FAILING_METRIC;
  } else if (active?.status === ConditionStatus.FALSE) {
    cause = ScalingCause.TARGET;
  } else if (spec && current > spec.maxReplicas) {
    cause = ScalingCause.MAX_REPLICAS;
  } else if (spec && current > 0 && current < spec.minReplicas) {
    cause = ScalingCause.MIN_REPLICAS;
  } else if (limited?.status === ConditionStatus.TRUE && limitCause(limited, spec) !== undefined) {
    cause = limitCause(limited, spec)!;
  } else if (able?.reason === 'ScaleUpStabilized' && able.status === ConditionStatus.TRUE) {
    // A window holds the count, and past it the disabled direction would.
    cause = spec?.behavior?.scaleUp.selectPolicy === 'Disabled' ? ScalingCause.SCALE_UP_DISABLED : ScalingCause.SCALE_UP_STABILIZATION;
  } else if (able?.reason === 'ScaleDownStabilized' && able.status === ConditionStatus.TRUE) {
    cause = spec?.behavior?.scaleDown.selectPolicy === 'Disabled' ? ScalingCause.SCALE_DOWN_DISABLED : ScalingCause.SCALE_DOWN_STABILIZATION;
  } else if (!consistent && podMetricsIn(arithmetic)) {
    cause = ScalingCause.MISSING_POD_METRICS;
  } else if (current === 0 && status.desiredReplicas === 0) {
    cause = ScalingCause.ZERO;
  } else if (active === undefined) {
    cause = ScalingCause.UNKNOWN;
  } else if (status.desiredReplicas === current && (arithmetic?.metrics ?? []).some(m => m.withinTolerance && m.ratio !== 1)) {
    cause = ScalingCause.TOLERANCE;
  } else {
    cause = ScalingCause.NONE;
  }
  return { cause, controllerProposal, bounds, consistent, failingMetrics, computed };
}

/** The cause a `ScalingLimited=True` reason names, with the direction's `selectPolicy`. */
function limitCause(limited: HorizontalPodAutoscalerCondition, spec: SimSpec | undefined): ScalingCause | undefined {
  switch (limited.reason) {
    case 'TooManyReplicas': return ScalingCause.MAX_REPLICAS;
    case 'TooFewReplicas': return ScalingCause.MIN_REPLICAS;
    case 'ScaleUpLimit': return spec?.behavior?.scaleUp.selectPolicy === 'Disabled' ? ScalingCause.SCALE_UP_DISABLED : ScalingCause.SCALE_UP_POLICY;
    case 'ScaleDownLimit': return spec?.behavior?.scaleDown.selectPolicy === 'Disabled' ? ScalingCause.SCALE_DOWN_DISABLED : ScalingCause.SCALE_DOWN_POLICY;
    default: return undefined;
  }
}

/** Whether a metric with a value is read per pod (Resource, ContainerResource, Pods), where pods without metrics change the proposal. */
export function podMetricsIn(arithmetic: Arithmetic | undefined): boolean {
  return (arithmetic?.metrics ?? []).some(m => m.current !== undefined && ['Resource', 'ContainerResource', 'Pods'].includes(m.type));
}

/**
 * The proposals the status leaves possible, from what each step of the controller leaves behind:
 * `S`, the stabilized recommendation, is `desiredReplicas` when ScalingLimited is False and beyond
 * it (towards the proposal) when a limit applied; the proposal is `S` when AbleToScale says
 * ReadyForNewScale, beyond `S` when it says a window held it, and, after a rescale, beyond `S`
 * (exactly `S` with no window in that direction). Undefined when the conditions do not say.
 */
function proposalBounds(
  spec: SimSpec, status: HorizontalPodAutoscalerStatus,
  able: HorizontalPodAutoscalerCondition | undefined, limited: HorizontalPodAutoscalerCondition | undefined,
): { lo: number; hi: number } | undefined {
  const current = status.currentReplicas;
  const desired = status.desiredReplicas;
  // From zero, the controller raises the count to minReplicas after normalizing: S is not read back.
  if (current === 0 || !able || !limited) return undefined;
  let sLo: number;
  let sHi: number;
  if (limited.status === ConditionStatus.FALSE) {
    sLo = desired;
    sHi = desired;
  } else if (limited.reason === 'TooManyReplicas' || limited.reason === 'ScaleUpLimit') {
    sLo = desired + 1;
    sHi = Infinity;
  } else if (limited.reason === 'TooFewReplicas' || limited.reason === 'ScaleDownLimit') {
    sLo = 0;
    sHi = desired - 1;
  } else {
    return undefined;
  }
  const behavior = spec.behavior;
  switch (able.reason) {
    case 'ReadyForNewScale':
      return { lo: sLo, hi: sHi };
    case 'ScaleUpStabilized':
      // With behavior: a proposal at or above the count, held below it by the up window.
      return behavior ? { lo: Math.max(sLo + 1, current), hi: Infinity } : undefined;
    case 'ScaleDownStabilized':
      // With behavior, a proposal below the count held above it; without, any proposal below S (the highest of the window).
      return behavior ? { lo: 0, hi: Math.min(sHi - 1, current - 1) } : { lo: 0, hi: sHi - 1 };
    case 'SucceededRescale':
      if (!behavior) return { lo: 0, hi: sHi };
      if (sLo > current) return behavior.scaleUp.stabilizationWindowSeconds === 0 ? { lo: sLo, hi: sHi } : { lo: sLo, hi: Infinity };
      if (sHi < current) return behavior.scaleDown.stabilizationWindowSeconds === 0 ? { lo: sLo, hi: sHi } : { lo: 0, hi: sHi };
      return undefined;
    default:
      return undefined;
  }
}
