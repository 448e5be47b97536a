/**
 * The schema of a HorizontalPodAutoscaler as the API server decodes it, per apiVersion, with the
 * fields a cluster's version or feature gates make unavailable.
 */
import { ExternalFallbackFormat } from '../external-fallback';
import { arr, DecodeContext, f, obj, ObjectType, Unavailable } from './schema';
import { AUTOSCALING_V1, AUTOSCALING_V2BETA1, AUTOSCALING_V2BETA2 } from '../model/api-versions';
import { FallbackFormat } from '../model/cluster-facts';
import {
  declareGate, declareVersion, firstReleaseWhere, GATE_CONFIGURABLE_TOLERANCE, GATE_CONTAINER_METRICS, GATE_EXTERNAL_METRIC_FALLBACK,
  GateStage, KubernetesRelease, listReleases, releasesWhere,
} from '../private/kubernetes-releases';

/** Where `tolerance` (which comes with its gate) is in the table: since, off by default in, on by default from. */
const tolerance = (r: KubernetesRelease) => r.gates[GATE_CONFIGURABLE_TOLERANCE];
const TOLERANCE_SINCE = `1.${firstReleaseWhere(r => tolerance(r).stage !== GateStage.ABSENT)}`;
const TOLERANCE_ALPHA = listReleases(releasesWhere(r => tolerance(r).stage === GateStage.ALPHA));
const TOLERANCE_ON = `1.${firstReleaseWhere(r => tolerance(r).enabledByDefault)}`;

function toleranceAvailability(ctx: DecodeContext): Unavailable | undefined {
  const c = ctx.cluster;
  if (tolerance(c.release).stage === GateStage.ABSENT) {
    return {
      ruleId: 'HPA150',
      detail: `Kubernetes ${c.version} has no tolerance field (added in ${TOLERANCE_SINCE}): a strict client is refused and any other client's tolerance is silently dropped`,
      fix: `${declareVersion(TOLERANCE_SINCE)}, or remove tolerance`,
      dropped: true,
    };
  }
  if (!c.gatesOn[GATE_CONFIGURABLE_TOLERANCE]) {
    return {
      ruleId: 'HPA151',
      detail: `the API server silently drops tolerance while the ${GATE_CONFIGURABLE_TOLERANCE} feature gate is off (alpha, off by default in ${TOLERANCE_ALPHA})`,
      fix: `${declareGate(GATE_CONFIGURABLE_TOLERANCE)} if the cluster turns it on, use ${TOLERANCE_ON} or later, or remove tolerance`,
      dropped: true,
      droppedSilently: true,
    };
  }
  return undefined;
}

function fallbackAvailability(ctx: DecodeContext): Unavailable | undefined {
  if (ctx.cluster.gatesOn[GATE_EXTERNAL_METRIC_FALLBACK]) return undefined;
  return {
    ruleId: 'HPA152',
    detail: `external.fallback needs the ${GATE_EXTERNAL_METRIC_FALLBACK} feature gate, which no Kubernetes release turns on: a strict client is refused and any other client's fallback is silently dropped`,
    fix: `${declareGate(GATE_EXTERNAL_METRIC_FALLBACK)} if the cluster runs it, or remove the fallback`,
    dropped: true,
  };
}

/** The server drops `containerResource` while its gate is off; rules/metrics.ts reports the result. */
function containerResourceAvailability(ctx: DecodeContext): Unavailable | undefined {
  if (ctx.cluster.gatesOn[GATE_CONTAINER_METRICS]) return undefined;
  return { ruleId: 'HPA151', detail: '', fix: '', dropped: true, silent: true };
}

const reference = obj({ apiVersion: 'string', kind: 'string', name: 'string' });
const selector = obj({
  matchLabels: 'stringMap',
  matchExpressions: arr(obj({ key: 'string', operator: 'string', values: arr('string') })),
});
const identifier = obj({ name: 'string', selector });
const target = obj({ type: 'string', value: 'quantity', averageValue: 'quantity', averageUtilization: 'int32' });
const fallbackFields = {
  [ExternalFallbackFormat.FAILURE_DURATION]: obj({ failureDuration: 'duration', replicas: 'int32' }),
  [ExternalFallbackFormat.FAILURE_DURATION_SECONDS]: obj({ failureDurationSeconds: 'int64', replicas: 'int32' }),
};
const scalingRuleFields = {
  stabilizationWindowSeconds: 'int32',
  selectPolicy: 'string',
  policies: arr(obj({ type: 'string', value: 'int32', periodSeconds: 'int32' })),
} as const;
const rules = obj({ ...scalingRuleFields, tolerance: f('quantity', toleranceAvailability) });

const metadata = obj({
  name: 'string',
  generateName: 'string',
  namespace: 'string',
  labels: 'stringMap',
  annotations: 'stringMap',
  uid: 'string',
  resourceVersion: 'string',
  generation: 'int64',
  creationTimestamp: 'any',
  deletionTimestamp: 'any',
  deletionGracePeriodSeconds: 'int64',
  ownerReferences: 'any',
  finalizers: arr('string'),
  managedFields: 'any',
  selfLink: 'string',
});

function manifest(spec: ObjectType): ObjectType {
  return obj({ apiVersion: 'string', kind: 'string', metadata, spec, status: 'any' });
}

/** The v2 shape (v2beta2 too), with the External source and scaling rules each version has. */
function v2Shape(external: ObjectType, scalingRules: ObjectType): ObjectType {
  return manifest(obj({
    scaleTargetRef: reference,
    minReplicas: 'int32',
    maxReplicas: 'int32',
    metrics: arr(obj({
      type: 'string',
      object: obj({ describedObject: reference, metric: identifier, target }),
      pods: obj({ metric: identifier, target }),
      resource: obj({ name: 'string', target }),
      containerResource: f(obj({ name: 'string', container: 'string', target }), containerResourceAvailability),
      external,
    })),
    behavior: obj({ scaleUp: scalingRules, scaleDown: scalingRules }),
  }));
}

function v2Type(format: FallbackFormat): ObjectType {
  const fallback = f(fallbackFields[format] ?? fallbackFields.failureDuration, fallbackAvailability);
  return v2Shape(obj({ metric: identifier, target, fallback }), rules);
}

/** autoscaling/v2beta2: the v2 fields, without `tolerance` and `fallback`. */
const V2BETA2 = v2Shape(obj({ metric: identifier, target }), obj(scalingRuleFields));

/** autoscaling/v2beta1: targets as flat fields of each metric source. */
const V2BETA1 = manifest(obj({
  scaleTargetRef: reference,
  minReplicas: 'int32',
  maxReplicas: 'int32',
  metrics: arr(obj({
    type: 'string',
    object: obj({ target: reference, metricName: 'string', targetValue: 'quantity', selector, averageValue: 'quantity' }),
    pods: obj({ metricName: 'string', targetAverageValue: 'quantity', selector }),
    resource: obj({ name: 'string', targetAverageUtilization: 'int32', targetAverageValue: 'quantity' }),
    containerResource: f(obj({ name: 'string', container: 'string', targetAverageUtilization: 'int32', targetAverageValue: 'quantity' }), containerResourceAvailability),
    external: obj({ metricName: 'string', metricSelector: selector, targetValue: 'quantity', targetAverageValue: 'quantity' }),
  })),
}));

/** autoscaling/v1: a CPU utilization target; other metrics and behavior live in annotations. */
const V1 = manifest(obj({
  scaleTargetRef: reference,
  minReplicas: 'int32',
  maxReplicas: 'int32',
  targetCPUUtilizationPercentage: 'int32',
}));

const V2_TYPES = new Map<FallbackFormat, ObjectType>();

/**
 * The HPA's schema for `apiVersion` (any other apiVersion is read as autoscaling/v2), for
 * clusters whose External fallback has `format`.
 */
export function hpaSchema(apiVersion: unknown, format: FallbackFormat): ObjectType {
  switch (apiVersion) {
    case AUTOSCALING_V2BETA2: return V2BETA2;
    case AUTOSCALING_V2BETA1: return V2BETA1;
    case AUTOSCALING_V1: return V1;
  }
  let type = V2_TYPES.get(format);
  if (!type) {
    type = v2Type(format);
    V2_TYPES.set(format, type);
  }
  return type;
}
