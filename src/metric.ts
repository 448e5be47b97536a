import * as kplus from 'cdk8s-plus-27';
import { ExternalFallback, ExternalFallbackFormat } from './external-fallback';
import { MetricTarget } from './metric-target';
import { DescribedObject } from './object-reference';
import { MetricIdentifierSpec, MetricSpec } from './private/spec-types';
import { toKube, toKubeWith } from './private/to-kube';

/** The source of a metric (`spec.metrics[].type`). */
export enum MetricSourceType {
  /** A resource (cpu, memory) of the target's pods, across all their containers. */
  RESOURCE = 'Resource',
  /** A resource of one container in each of the target's pods. */
  CONTAINER_RESOURCE = 'ContainerResource',
  /** A custom metric of each of the target's pods, averaged. */
  PODS = 'Pods',
  /** A custom metric of another object in the namespace (an Ingress, say). */
  OBJECT = 'Object',
  /** A metric from outside the cluster (a queue's depth, say). */
  EXTERNAL = 'External',
}

/** Options of `Metric.containerResource()`. */
export interface ContainerResourceMetricOptions {
  /** The container's name in the target's pod template. */
  readonly container: string;
  /** The resource, e.g. `cpu` or `memory`. */
  readonly resource: string;
  /** The target value. */
  readonly target: MetricTarget;
}

/** Options of `Metric.pods()`. */
export interface PodsMetricOptions {
  /** The metric's name, as the custom metrics API serves it. */
  readonly name: string;
  /**
   * Narrows the metric's series by label.
   * @default - no selector: all series of the metric for the target's pods
   */
  readonly selector?: kplus.LabelSelector;
  /** The target: `MetricTarget.averageValue()`. */
  readonly target: MetricTarget;
}

/** Options of `Metric.object()`. */
export interface ObjectMetricOptions {
  /** The object the metric describes. */
  readonly describedObject: DescribedObject;
  /** The metric's name. */
  readonly name: string;
  /**
   * Narrows the metric's series by label.
   * @default - no selector
   */
  readonly selector?: kplus.LabelSelector;
  /** The target: `MetricTarget.value()` or `MetricTarget.averageValue()`. */
  readonly target: MetricTarget;
}

/** Options of `Metric.external()`. */
export interface ExternalMetricOptions {
  /** The metric's name, as the external metrics API serves it. */
  readonly name: string;
  /**
   * Narrows the metric's series by label; the controller sums the matching series.
   * @default - no selector
   */
  readonly selector?: kplus.LabelSelector;
  /** The target: `MetricTarget.value()` or `MetricTarget.averageValue()`. */
  readonly target: MetricTarget;
  /**
   * Replicas to propose while the metrics provider is failing.
   * @default - none: a failing metric blocks scale-down and proposes nothing
   */
  readonly fallback?: ExternalFallback;
}

/**
 * One entry of `spec.metrics`: where a metric comes from and its target.
 *
 * @see https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/horizontal-pod-autoscaler-v2/#MetricSpec
 * @example
 * Metric.resourceCpu(MetricTarget.averageUtilization(70));
 * Metric.external({ name: 'queue_depth', target: MetricTarget.averageValue(30) });
 */
export class Metric {
  /** A resource of the target's pods, summed over their containers (`type: Resource`). */
  public static resource(name: string, target: MetricTarget): Metric {
    return new Metric(MetricSourceType.RESOURCE, { name, target });
  }

  /** CPU of the target's pods. */
  public static resourceCpu(target: MetricTarget): Metric {
    return Metric.resource('cpu', target);
  }

  /** Memory of the target's pods. */
  public static resourceMemory(target: MetricTarget): Metric {
    return Metric.resource('memory', target);
  }

  /** A resource of one container in each pod (`type: ContainerResource`). */
  public static containerResource(options: ContainerResourceMetricOptions): Metric {
    return new Metric(MetricSourceType.CONTAINER_RESOURCE, options ?? {});
  }

  /** A custom metric of each pod, averaged (`type: Pods`). */
  public static pods(options: PodsMetricOptions): Metric {
    return new Metric(MetricSourceType.PODS, options ?? {});
  }

  /** A custom metric of another object (`type: Object`). */
  public static object(options: ObjectMetricOptions): Metric {
    return new Metric(MetricSourceType.OBJECT, options ?? {});
  }

  /** A metric from outside the cluster (`type: External`), optionally with a fallback. */
  public static external(options: ExternalMetricOptions): Metric {
    return new Metric(MetricSourceType.EXTERNAL, options ?? {});
  }

  /** The metric source type. */
  public readonly type: MetricSourceType;
  private readonly options: { [key: string]: any };

  private constructor(type: MetricSourceType, options: { [key: string]: any }) {
    this.type = type;
    this.options = options;
  }

  /** @internal */
  public _toKube(fallbackFormat: ExternalFallbackFormat): MetricSpec {
    const o = this.options;
    const target = toKube(o.target);
    switch (this.type) {
      case MetricSourceType.RESOURCE:
        return { type: this.type, resource: { name: o.name, target } };
      case MetricSourceType.CONTAINER_RESOURCE:
        return { type: this.type, containerResource: { container: o.container, name: o.resource, target } };
      case MetricSourceType.PODS:
        return { type: this.type, pods: { metric: identifier(o), target } };
      case MetricSourceType.OBJECT:
        return { type: this.type, object: { describedObject: toKube(o.describedObject), metric: identifier(o), target } };
      default:
        return {
          type: this.type,
          external: {
            metric: identifier(o),
            target,
            fallback: toKubeWith(o.fallback, fallbackFormat),
          },
        };
    }
  }
}

function identifier(o: { [key: string]: any }): MetricIdentifierSpec {
  return { name: o.name, selector: toKube(o.selector) };
}
