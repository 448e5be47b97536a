import { Duration } from 'cdk8s';
import { durationSeconds, goDurationString, requireDuration } from './model/duration';
import { DEFAULT_FALLBACK_FAILURE_DURATION_SECONDS } from './private/constants';
import { ExternalFallbackSpec } from './private/spec-types';

/**
 * How `external.fallback` is written on the wire.
 *
 * The field is alpha and its final shape is not settled upstream, so the shape is chosen by the
 * `ClusterProfile` and rendered in this one place.
 */
export enum ExternalFallbackFormat {
  /** `fallback: { failureDuration: '3m', replicas: 10 }`, as the external-metric fallback KEP writes it. */
  FAILURE_DURATION = 'failureDuration',
  /** `fallback: { failureDurationSeconds: 180, replicas: 10 }`, as one implementation wrote it. */
  FAILURE_DURATION_SECONDS = 'failureDurationSeconds',
}

/** Options of `ExternalFallback.replicas()`. */
export interface ExternalFallbackOptions {
  /**
   * How long the external metric must keep failing before the fallback replica count applies.
   *
   * @default Duration.minutes(3)
   */
  readonly failureDuration?: Duration;
}

/**
 * The replica count an External metric proposes while its metrics provider is failing.
 *
 * Needs the `HPAExternalMetricFallback` feature gate, which no Kubernetes release has turned
 * on: declare it in the `ClusterProfile`. The controller starts counting at the first failed
 * sync (`firstFailureTime`) and, once `failureDuration` has passed, proposes `replicas` for
 * this metric; the other metrics still count and the highest proposal wins.
 *
 * @example
 * ExternalFallback.replicas(10, { failureDuration: Duration.minutes(5) });
 */
export class ExternalFallback {
  /** Scale to `count` replicas once the metric has failed for `failureDuration`. */
  public static replicas(count: number, options: ExternalFallbackOptions = {}): ExternalFallback {
    requireDuration(options?.failureDuration, 'ExternalFallback.replicas(): failureDuration');
    return new ExternalFallback(count, options?.failureDuration);
  }

  /** The fallback replica count, as given. */
  public readonly count: number;
  /** The failure duration, as given; `undefined` means the 3-minute default. */
  public readonly failureDuration?: Duration;

  private constructor(count: number, failureDuration: Duration | undefined) {
    this.count = count;
    this.failureDuration = failureDuration;
  }

  /** @internal */
  public _toKube(format: ExternalFallbackFormat): ExternalFallbackSpec {
    const seconds = this.failureDuration ? durationSeconds(this.failureDuration) : DEFAULT_FALLBACK_FAILURE_DURATION_SECONDS;
    return format === ExternalFallbackFormat.FAILURE_DURATION_SECONDS
      ? { failureDurationSeconds: seconds, replicas: this.count }
      : { failureDuration: goDurationString(seconds), replicas: this.count };
  }
}
