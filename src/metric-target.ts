import { renderQuantity } from './model/quantity';
import { MetricTargetSpec } from './private/spec-types';
import { Quantity } from './quantity';

/**
 * What a metric's value is compared with.
 *
 * @see https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/horizontal-pod-autoscaler-v2/#HorizontalPodAutoscalerSpec
 */
export enum MetricTargetType {
  /** A percentage of the pods' resource requests (`averageUtilization`). */
  UTILIZATION = 'Utilization',
  /** The metric's value as a whole (`value`). */
  VALUE = 'Value',
  /** The metric's value divided by the number of pods (`averageValue`). */
  AVERAGE_VALUE = 'AverageValue',
}

/**
 * The target value of a metric: `value`, `averageValue` or `averageUtilization`.
 *
 * Quantities are numbers or Kubernetes quantity strings (`'500m'`, `'1Gi'`, `'0.01'`) and are
 * rendered as quantity strings. `valueQuantity()` and `averageValueQuantity()` take a typed
 * `Quantity` instead, for languages where a number-or-string parameter is untyped (`Object` in
 * Java, `interface{}` in Go). Bad values are not refused here: the construct's synth-time
 * validation reports them with their field path.
 *
 * @example
 * MetricTarget.averageUtilization(70);
 * MetricTarget.averageValue('500m');
 * MetricTarget.value(100);
 */
export class MetricTarget {
  /** The metric as a whole should equal `quantity` (`type: Value`). */
  public static value(quantity: number | string): MetricTarget {
    return new MetricTarget(MetricTargetType.VALUE, quantity, undefined);
  }

  /** The metric divided by the number of pods should equal `quantity` (`type: AverageValue`). */
  public static averageValue(quantity: number | string): MetricTarget {
    return new MetricTarget(MetricTargetType.AVERAGE_VALUE, quantity, undefined);
  }

  /** `value()` with a typed quantity: `MetricTarget.valueQuantity(Quantity.parse('2k'))`. */
  public static valueQuantity(quantity: Quantity): MetricTarget {
    return MetricTarget.value(quantity?.amount);
  }

  /** `averageValue()` with a typed quantity: `MetricTarget.averageValueQuantity(Quantity.parse('500m'))`. */
  public static averageValueQuantity(quantity: Quantity): MetricTarget {
    return MetricTarget.averageValue(quantity?.amount);
  }

  /**
   * The pods' average usage should be `percent` of their requests (`type: Utilization`).
   * Only for Resource and ContainerResource metrics; no upper bound (150 means 1.5x the request).
   */
  public static averageUtilization(percent: number): MetricTarget {
    return new MetricTarget(MetricTargetType.UTILIZATION, undefined, percent);
  }

  /** The target type. */
  public readonly type: MetricTargetType;
  /** The `value` or `averageValue` as given, for Value and AverageValue targets. */
  public readonly quantity?: number | string;
  /** The `averageUtilization` as given, for Utilization targets. */
  public readonly percent?: number;

  private constructor(type: MetricTargetType, quantity: number | string | undefined, percent: number | undefined) {
    this.type = type;
    this.quantity = quantity;
    this.percent = percent;
  }

  /** @internal */
  public _toKube(): MetricTargetSpec {
    switch (this.type) {
      case MetricTargetType.VALUE:
        return { type: this.type, value: renderQuantity(this.quantity!) };
      case MetricTargetType.AVERAGE_VALUE:
        return { type: this.type, averageValue: renderQuantity(this.quantity!) };
      default:
        return { type: this.type, averageUtilization: this.percent };
    }
  }
}
