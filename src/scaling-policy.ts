import { Duration } from 'cdk8s';
import { durationSeconds, requireDuration } from './model/duration';
import { ScalingPolicySpec } from './private/spec-types';

/** What a scaling policy's `value` counts. */
export enum ScalingPolicyType {
  /** An absolute number of pods. */
  PODS = 'Pods',
  /** A percentage of the current replicas. */
  PERCENT = 'Percent',
}

/**
 * A limit on how fast replicas may change in one direction: at most `value` pods (or percent
 * of the current replicas) within any `period`.
 *
 * @see https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/#scaling-policies
 * @example
 * ScalingPolicy.pods(4, Duration.seconds(15));
 * ScalingPolicy.percent(50, Duration.minutes(1));
 */
export class ScalingPolicy {
  /**
   * At most `count` pods per `period`.
   * @param count pods, greater than 0
   * @param period between 1 and 1800 seconds
   */
  public static pods(count: number, period: Duration): ScalingPolicy {
    return new ScalingPolicy(ScalingPolicyType.PODS, count, period);
  }

  /**
   * At most `percent` percent of the current replicas per `period` (may exceed 100).
   * @param percent greater than 0
   * @param period between 1 and 1800 seconds
   */
  public static percent(percent: number, period: Duration): ScalingPolicy {
    return new ScalingPolicy(ScalingPolicyType.PERCENT, percent, period);
  }

  /** The policy type. */
  public readonly type: ScalingPolicyType;
  /** The `value`: pods or percent, as given. */
  public readonly amount: number;
  /** The `periodSeconds`, as given. */
  public readonly period: Duration;

  private constructor(type: ScalingPolicyType, amount: number, period: Duration) {
    requireDuration(period, `ScalingPolicy.${type === ScalingPolicyType.PODS ? 'pods' : 'percent'}(): period`);
    this.type = type;
    this.amount = amount;
    this.period = period;
  }

  /** @internal */
  public _toKube(): ScalingPolicySpec {
    return { type: this.type, value: this.amount, periodSeconds: this.period ? durationSeconds(this.period) : undefined };
  }
}
