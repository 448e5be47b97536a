/**
 * The status model of an autoscaling/v2 HPA, for reading a live object's status and for
 * simulating one. Types only.
 */

/** The condition types an HPA reports in `status.conditions`. */
export enum ConditionType {
  /** Whether the HPA can fetch and update the scale of its target. */
  ABLE_TO_SCALE = 'AbleToScale',
  /** Whether the HPA can compute replicas from its metrics. */
  SCALING_ACTIVE = 'ScalingActive',
  /** Whether the desired replicas were clamped by min/max or a scaling policy. */
  SCALING_LIMITED = 'ScalingLimited',
  /** Whether the HPA scaled the target to zero itself (KEP-2021), so it may scale it back up. */
  SCALED_TO_ZERO = 'ScaledToZero',
  /** Whether an External metric's fallback replica count is in use. */
  EXTERNAL_METRIC_FALLBACK_ACTIVE = 'ExternalMetricFallbackActive',
}

/** The status of a condition. */
export enum ConditionStatus {
  TRUE = 'True',
  FALSE = 'False',
  UNKNOWN = 'Unknown',
}

/** One entry of `status.conditions`. */
export interface HorizontalPodAutoscalerCondition {
  /** The condition type. */
  readonly type: ConditionType;
  /** True, False or Unknown. */
  readonly status: ConditionStatus;
  /**
   * A machine-readable reason, e.g. `TooFewReplicas`, `ScaleUpLimit`, `DesiredWithinRange`.
   * @default - none
   */
  readonly reason?: string;
  /**
   * A human-readable message.
   * @default - none
   */
  readonly message?: string;
  /**
   * When the condition last changed (RFC 3339).
   * @default - unknown
   */
  readonly lastTransitionTime?: string;
  /**
   * The `metadata.generation` the controller set the condition for (Kubernetes 1.37 and later,
   * HPAGeneration).
   * @default - not set by the server
   */
  readonly observedGeneration?: number;
}

/** The fallback state of one External metric. */
export interface ExternalMetricFallbackStatus {
  /** Whether the fallback replica count is in use for this metric. */
  readonly fallbackActive: boolean;
  /**
   * When the current run of consecutive failures began (RFC 3339).
   * @default - the metric is not failing
   */
  readonly firstFailureTime?: string;
  /**
   * The replica count the fallback proposes while active.
   * @default - none
   */
  readonly fallbackReplicas?: number;
}

/** A metric's current value, as `status.currentMetrics[].<source>.current` holds it. */
export interface MetricValueStatus {
  /**
   * The value of an Object or External `Value` target (a Kubernetes quantity).
   * @default - not reported
   */
  readonly value?: string;
  /**
   * The per-pod average (a Kubernetes quantity).
   * @default - not reported
   */
  readonly averageValue?: string;
  /**
   * The average utilization, a whole percent of the pods' requests.
   * @default - not reported
   */
  readonly averageUtilization?: number;
}

/**
 * One entry of `status.currentMetrics`. The controller writes one entry per `spec.metrics`
 * entry, in the same order, and an entry with an empty `type` for a metric it could not read.
 */
export interface MetricStatus {
  /** `Resource`, `ContainerResource`, `Pods`, `Object`, `External`, or `''` for a metric that failed. */
  readonly type: string;
  /**
   * The resource name (Resource, ContainerResource) or the metric name (Pods, Object, External).
   * @default - none (a failed metric)
   */
  readonly name?: string;
  /**
   * The container of a ContainerResource metric.
   * @default - none
   */
  readonly container?: string;
  /**
   * The current value.
   * @default - none (a failed metric)
   */
  readonly current?: MetricValueStatus;
}

/** The parts of `status` the library reads and simulates. */
export interface HorizontalPodAutoscalerStatus {
  /** The replicas the target has now. */
  readonly currentReplicas: number;
  /** The replicas the HPA last asked for. */
  readonly desiredReplicas: number;
  /**
   * The HPA's conditions.
   * @default - none
   */
  readonly conditions?: HorizontalPodAutoscalerCondition[];
  /**
   * Fallback state of the External metrics with a fallback, by metric name.
   * @default - none
   */
  readonly externalMetricFallbacks?: { [metricName: string]: ExternalMetricFallbackStatus };
  /**
   * When the HPA last changed the target's replicas (RFC 3339).
   * @default - never, or unknown
   */
  readonly lastScaleTime?: string;
  /**
   * The metrics' last values, one entry per `spec.metrics` entry.
   * @default - none
   */
  readonly currentMetrics?: MetricStatus[];
  /**
   * The `metadata.generation` the controller last acted on.
   * @default - not reported
   */
  readonly observedGeneration?: number;
}
