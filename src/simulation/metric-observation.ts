/** What one spec metric reports, held piecewise-constant in a `SimulationTrace`. */

/** The kind of a `MetricObservation`. */
export enum ObservationKind {
  /** Every pod reports the same usage. */
  PER_POD_USAGE = 'PerPodUsage',
  /** A total usage spread evenly over the pods that exist at the sync. */
  TOTAL_USAGE = 'TotalUsage',
  /** One sample per pod, in pod order. */
  POD_SAMPLES = 'PodSamples',
  /** The value of an Object metric, or the series of an External metric (summed). */
  VALUE = 'Value',
  /** The metrics API returns an error. */
  FAILURE = 'Failure',
}

/**
 * One observation of one metric, as the metrics APIs would return it at a sync.
 *
 * Usages and values are plain numbers in the metric's base unit (cores for `cpu`, bytes for
 * `memory`, the raw value for custom and external metrics); the controller's milli-unit
 * arithmetic is applied to them. For a Utilization target the usage is compared with the pod's
 * request from `HpaSimulatorOptions.podRequests` (100 by default, so a usage reads as a
 * percentage of the request).
 *
 * @example
 * MetricObservation.perPodUsage(70);      // every pod at 70 (e.g. 70% of a request of 100)
 * MetricObservation.totalUsage(600);      // 600 spread over however many pods there are
 * MetricObservation.value(250);           // an Object or External metric's value
 * MetricObservation.failure('adapter down');
 */
export class MetricObservation {
  /**
   * Every pod reports `usage`: a load per pod that does not change with the replica count.
   * For Resource, ContainerResource and Pods metrics.
   */
  public static perPodUsage(usage: number): MetricObservation {
    return new MetricObservation(ObservationKind.PER_POD_USAGE, [usage]);
  }

  /**
   * `total` usage spread evenly over the current pods: adding pods lowers each pod's usage
   * (a feedback load). For Resource, ContainerResource and Pods metrics.
   */
  public static totalUsage(total: number): MetricObservation {
    return new MetricObservation(ObservationKind.TOTAL_USAGE, [total]);
  }

  /**
   * Explicit samples, one per pod in pod order. Samples beyond the pod count are ignored;
   * pods without a sample are missing, and the controller's missing-pod rules apply.
   * For Resource, ContainerResource and Pods metrics.
   */
  public static podSamples(samples: number[]): MetricObservation {
    return new MetricObservation(ObservationKind.POD_SAMPLES, [...samples]);
  }

  /** An Object metric's value, or an External metric with one series. */
  public static value(value: number): MetricObservation {
    return new MetricObservation(ObservationKind.VALUE, [value]);
  }

  /** An External metric whose selector matches several series; the controller sums them. */
  public static series(values: number[]): MetricObservation {
    return new MetricObservation(ObservationKind.VALUE, [...values]);
  }

  /** The metrics API fails for this metric. */
  public static failure(message?: string): MetricObservation {
    return new MetricObservation(ObservationKind.FAILURE, [], message ?? 'unable to fetch metrics from the metrics API');
  }

  /** The kind of observation. */
  public readonly kind: ObservationKind;
  /** The usages, samples or series values, as given. */
  public readonly values: number[];
  /** The error message of a failure. */
  public readonly message?: string;

  private constructor(kind: ObservationKind, values: number[], message?: string) {
    this.kind = kind;
    this.values = values;
    this.message = message;
  }
}
