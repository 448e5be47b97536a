/**
 * The HorizontalPodAutoscaler API versions clusters serve, and how the API server reads the
 * older ones: it converts `autoscaling/v1`, `v2beta1` and `v2beta2` objects to its internal type
 * (the `autoscaling/v2` shape) and validates that. The engine does the same, and reports each
 * issue at the field the user wrote.
 *
 * Sources: pkg/apis/autoscaling/v1/conversion.go (k8s.io/kubernetes v1.37.0) for v1, including
 * its annotations; pkg/apis/autoscaling/v2beta1/conversion.go (v1.24.17) for v2beta1; v2beta2
 * has the v2 fields (without `tolerance`). Which release serves which version is in
 * src/private/kubernetes-releases.ts.
 */
import { isObject } from './values';
import {
  AUTOSCALING_V1, AUTOSCALING_V2BETA1, AUTOSCALING_V2BETA2, HPA_API_VERSION as AUTOSCALING_V2, HPA_KIND,
} from '../private/constants';

export { AUTOSCALING_V1, AUTOSCALING_V2BETA1, AUTOSCALING_V2BETA2 };

/** v1 and v2beta1 keep the metrics that v1 cannot express in this annotation (v2beta1 shape, JSON). */
export const METRIC_SPECS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
/** v1 and v2beta1 keep `behavior` in this annotation (internal shape, JSON). */
export const BEHAVIOR_SPECS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/behavior';

/**
 * The API server's warning for a deprecated version, word for word (k8s.io/apiserver
 * endpoints/deprecation: the removal is named when the type has one).
 */
export function deprecationWarning(apiVersion: string, since: number, removedIn: number | undefined): string {
  const unavailable = removedIn === undefined ? '' : `, unavailable in v1.${removedIn}+`;
  return `${apiVersion} HorizontalPodAutoscaler is deprecated in v1.${since}+${unavailable}; use ${AUTOSCALING_V2} HorizontalPodAutoscaler`;
}

/**
 * An object of the `autoscaling` API group whose kind is not exactly `HorizontalPodAutoscaler`
 * (`HorizontalPodAutoScaler`, `horizontalpodautoscaler`, `HPA`): an HPA misnamed, which kubectl
 * refuses (no matches for kind), so it is checked as the HPA it was meant to be and never applied.
 * (`autoscaling.k8s.io`, the VerticalPodAutoscaler's group, is another group.)
 */
export function meantAsHpa(manifest: { readonly [key: string]: any }): boolean {
  const { apiVersion, kind } = manifest;
  return typeof apiVersion === 'string' && apiVersion.startsWith(AUTOSCALING_GROUP)
    && typeof kind === 'string' && kind !== HPA_KIND && !(kind.endsWith('List') && Array.isArray(manifest.items));
}

const AUTOSCALING_GROUP = 'autoscaling/';

/** An object as the API server holds it after conversion, and where each of its fields came from. */
export interface Converted {
  /** The object in the `autoscaling/v2` shape. */
  readonly object: { [key: string]: any };
  /** The path the user wrote for a path of the converted object. */
  userPath(path: string): string;
}

const IDENTITY: Converted['userPath'] = path => path;

/**
 * Converts a decoded `autoscaling/v1`, `v2beta1` or `v2beta2` object to the v2 shape, as the API
 * server's conversion does; a v2 object (or anything else) comes back as it is.
 */
export function convertToV2(apiVersion: string, object: { [key: string]: any }): Converted {
  switch (apiVersion) {
    case AUTOSCALING_V1:
      return convertV1(object);
    case AUTOSCALING_V2BETA1:
      return convertV2beta1(object);
    default:
      return { object, userPath: IDENTITY };
  }
}

type Rewrite = readonly [RegExp, string];

function rewriter(rewrites: readonly Rewrite[]): Converted['userPath'] {
  return path => {
    for (const [pattern, replacement] of rewrites) {
      if (pattern.test(path)) return path.replace(pattern, replacement);
    }
    return path;
  };
}

// ---------------------------------------------------------------------------------------------
// autoscaling/v1: targetCPUUtilizationPercentage, plus the metrics and behavior annotations.

function convertV1(object: { [key: string]: any }): Converted {
  const spec = isObject(object.spec) ? object.spec : undefined;
  const annotations = isObject(object.metadata) && isObject(object.metadata.annotations) ? object.metadata.annotations : {};
  const { targetCPUUtilizationPercentage, ...common } = spec ?? {};
  const metrics: any[] = [];
  const origins: string[] = [];

  const fromAnnotation = parseJson(annotations[METRIC_SPECS_ANNOTATION]);
  if (Array.isArray(fromAnnotation)) {
    for (const metric of fromAnnotation) {
      metrics.push(isObject(metric) ? convertV2beta1Metric(metric) : metric);
      origins.push(`metadata.annotations[${METRIC_SPECS_ANNOTATION}]`);
    }
  }
  if (targetCPUUtilizationPercentage !== undefined && targetCPUUtilizationPercentage !== null) {
    metrics.push(cpuUtilization(targetCPUUtilizationPercentage));
    origins.push('spec.targetCPUUtilizationPercentage');
  }
  const converted: { [key: string]: any } = { ...object, apiVersion: AUTOSCALING_V2 };
  if (spec) {
    const v2spec: { [key: string]: any } = { ...common };
    if (metrics.length > 0) v2spec.metrics = metrics;
    const behavior = parseJson(annotations[BEHAVIOR_SPECS_ANNOTATION]);
    if (isObject(behavior) && Object.keys(behavior).length > 0) v2spec.behavior = behavior;
    converted.spec = v2spec;
  }
  const rewrites: Rewrite[] = [
    ...origins.map((origin, i): Rewrite => [new RegExp(`^spec\\.metrics\\[${i}\\](?![0-9]).*$`), origin]),
    // The implicit CPU target v1 gets when it names none (80 %): where the user would set one.
    [/^spec\.metrics(\[.*)?$/, 'spec.targetCPUUtilizationPercentage'],
    [/^spec\.behavior(\..*|\[.*)?$/, `metadata.annotations[${BEHAVIOR_SPECS_ANNOTATION}]`],
  ];
  return { object: converted, userPath: rewriter(rewrites) };
}

function cpuUtilization(percent: unknown): { [key: string]: any } {
  return { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: percent } } };
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // the API server ignores an annotation it cannot parse
  }
}

// ---------------------------------------------------------------------------------------------
// autoscaling/v2beta1: flat target fields on each metric source.

function convertV2beta1(object: { [key: string]: any }): Converted {
  const spec = isObject(object.spec) ? object.spec : undefined;
  const annotations = isObject(object.metadata) && isObject(object.metadata.annotations) ? object.metadata.annotations : {};
  const converted: { [key: string]: any } = { ...object, apiVersion: AUTOSCALING_V2 };
  if (spec) {
    const v2spec: { [key: string]: any } = { ...spec };
    if (Array.isArray(spec.metrics)) v2spec.metrics = spec.metrics.map((m: unknown) => isObject(m) ? convertV2beta1Metric(m) : m);
    const behavior = parseJson(annotations[BEHAVIOR_SPECS_ANNOTATION]);
    if (isObject(behavior) && Object.keys(behavior).length > 0) v2spec.behavior = behavior;
    converted.spec = v2spec;
  }
  return { object: converted, userPath: rewriter(V2BETA1_REWRITES) };
}

const M = '^(spec\\.metrics\\[\\d+\\]';
const V2BETA1_REWRITES: readonly Rewrite[] = [
  [new RegExp(`${M}\\.(?:resource|containerResource))\\.target\\.averageUtilization$`), '$1.targetAverageUtilization'],
  [new RegExp(`${M}\\.(?:resource|containerResource))\\.target\\.averageValue$`), '$1.targetAverageValue'],
  [new RegExp(`${M}\\.(?:resource|containerResource))\\.target(\\..*)?$`), '$1'],
  [new RegExp(`${M}\\.pods)\\.metric\\.name$`), '$1.metricName'],
  [new RegExp(`${M}\\.pods)\\.metric\\.selector`), '$1.selector'],
  [new RegExp(`${M}\\.pods)\\.target\\.averageValue$`), '$1.targetAverageValue'],
  [new RegExp(`${M}\\.pods)\\.(?:metric|target)(\\..*)?$`), '$1'],
  [new RegExp(`${M}\\.object)\\.describedObject`), '$1.target'],
  [new RegExp(`${M}\\.object)\\.metric\\.name$`), '$1.metricName'],
  [new RegExp(`${M}\\.object)\\.metric\\.selector`), '$1.selector'],
  [new RegExp(`${M}\\.object)\\.target\\.value$`), '$1.targetValue'],
  [new RegExp(`${M}\\.object)\\.target\\.averageValue$`), '$1.averageValue'],
  [new RegExp(`${M}\\.object)\\.(?:metric|target)(\\..*)?$`), '$1'],
  [new RegExp(`${M}\\.external)\\.metric\\.name$`), '$1.metricName'],
  [new RegExp(`${M}\\.external)\\.metric\\.selector`), '$1.metricSelector'],
  [new RegExp(`${M}\\.external)\\.target\\.value$`), '$1.targetValue'],
  [new RegExp(`${M}\\.external)\\.target\\.averageValue$`), '$1.targetAverageValue'],
  [new RegExp(`${M}\\.external)\\.(?:metric|target)(\\..*)?$`), '$1'],
  [/^spec\.behavior(\..*|\[.*)?$/, `metadata.annotations[${BEHAVIOR_SPECS_ANNOTATION}]`],
];

/** One v2beta1 (or v1 annotation) metric in the v2 shape, as the conversion functions build it. */
function convertV2beta1Metric(metric: { [key: string]: any }): { [key: string]: any } {
  const out: { [key: string]: any } = { type: metric.type };
  const defined = (o: { [key: string]: any }) => {
    for (const k of Object.keys(o)) if (o[k] === undefined || o[k] === null) delete o[k];
    return o;
  };
  const { resource, containerResource, pods, object, external } = metric;
  if (isObject(resource)) {
    out.resource = defined({ name: resource.name, target: utilizationOrValue(resource) });
  }
  if (isObject(containerResource)) {
    const { name, container } = containerResource;
    out.containerResource = defined({ name, container, target: utilizationOrValue(containerResource) });
  }
  if (isObject(pods)) {
    // targetAverageValue is not a pointer in v2beta1: absent, it is the zero quantity.
    out.pods = { metric: defined({ name: pods.metricName ?? '', selector: pods.selector }), target: { type: 'AverageValue', averageValue: pods.targetAverageValue ?? '0' } };
  }
  if (isObject(object)) {
    // targetValue is not a pointer in v2beta1: absent, it is the zero quantity.
    out.object = {
      describedObject: object.target,
      metric: defined({ name: object.metricName ?? '', selector: object.selector }),
      target: defined({ type: object.averageValue == null ? 'Value' : 'AverageValue', value: object.targetValue ?? '0', averageValue: object.averageValue }),
    };
    if (out.object.describedObject === undefined) delete out.object.describedObject;
  }
  if (isObject(external)) {
    out.external = {
      metric: defined({ name: external.metricName ?? '', selector: external.metricSelector }),
      target: defined({ type: external.targetValue == null ? 'AverageValue' : 'Value', value: external.targetValue, averageValue: external.targetAverageValue }),
    };
  }
  return defined(out);
}

function utilizationOrValue(source: { [key: string]: any }): { [key: string]: any } {
  const target: { [key: string]: any } = { type: source.targetAverageUtilization == null ? 'AverageValue' : 'Utilization' };
  if (source.targetAverageValue != null) target.averageValue = source.targetAverageValue;
  if (source.targetAverageUtilization != null) target.averageUtilization = source.targetAverageUtilization;
  return target;
}
