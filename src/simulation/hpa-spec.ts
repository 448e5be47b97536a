/**
 * The parts of an autoscaling/v2 HPA the controller reads, decoded once from a manifest and
 * defaulted as the API server stores it (`defaultedSpec`) and as the controller completes it
 * (`maybeInitScaleDownStabilizationWindow`). Internal to the simulator.
 */
import { ClusterFacts } from '../model/cluster-facts';
import { defaultedSpec } from '../model/defaults';
import { parseGoDuration } from '../model/duration';
import { parseQuantity, toMilli } from '../model/quantity';
import { isObject } from '../model/values';
import { DEFAULT_FALLBACK_FAILURE_DURATION_SECONDS } from '../private/constants';
import { GATE_CONFIGURABLE_TOLERANCE, GATE_EXTERNAL_METRIC_FALLBACK } from '../private/kubernetes-releases';

/** The metric source types of autoscaling/v2. */
export type SourceType = 'Resource' | 'ContainerResource' | 'Pods' | 'Object' | 'External';

/** One spec metric, ready for the replica calculator. */
export interface SimMetric {
  /** How traces and results name it: `cpu`, `app/cpu`, or the metric name; `#i` on a clash. */
  readonly id: string;
  readonly index: number;
  readonly type: SourceType;
  /** `Utilization`, `AverageValue` or `Value`. */
  readonly targetType: string;
  /** The target: a whole percent for Utilization, else milli-units (`Quantity.MilliValue()`). */
  readonly target: number;
  /** The resource name for Resource and ContainerResource metrics. */
  readonly resource?: string;
  /** The container of a ContainerResource metric. */
  readonly container?: string;
  /** An External metric's fallback, when set and the gate is on. */
  readonly fallback?: { readonly replicas: number; readonly failureDurationSeconds: number };
}

/** One direction of a defaulted `behavior`. */
export interface SimRules {
  readonly stabilizationWindowSeconds: number;
  readonly selectPolicy: string;
  readonly policies: ReadonlyArray<{ readonly type: string; readonly value: number; readonly periodSeconds: number }>;
  /** Longest `periodSeconds` among the policies (0 without policies). */
  readonly longestPeriod: number;
}

/** The HPA spec as the controller sees it. */
export interface SimSpec {
  readonly name: string;
  readonly minReplicas: number;
  readonly maxReplicas: number;
  readonly metrics: SimMetric[];
  /** `undefined` when `spec.behavior` is absent: the controller's older path. */
  readonly behavior?: { readonly scaleUp: SimRules; readonly scaleDown: SimRules };
  readonly tolerance: { readonly up: number; readonly down: number };
  readonly hasObjectOrExternal: boolean;
}

/** Controller flags the spec decoding needs. */
export interface ControllerFlags {
  readonly tolerance: number;
  readonly downscaleStabilizationSeconds: number;
}

/**
 * The spec the controller sees: the manifest defaulted by the model's `defaultedSpec`, read
 * into the simulator's types. Throws on a manifest the simulator cannot run.
 */
export function readSpec(manifest: any, cluster: ClusterFacts, flags: ControllerFlags): SimSpec {
  if (!isObject(manifest) || !isObject(manifest.spec)) {
    throw new Error('HpaSimulator: the manifest has no spec');
  }
  const spec = defaultedSpec(JSON.parse(JSON.stringify(manifest.spec)));
  const name = String(manifest.metadata?.name ?? 'hpa');
  const minReplicas = int(spec.minReplicas, 'spec.minReplicas');
  const maxReplicas = int(spec.maxReplicas, 'spec.maxReplicas');
  if (!Array.isArray(spec.metrics)) throw new Error('HpaSimulator: spec.metrics must be a list');

  const fallbackOn = cluster.gatesOn[GATE_EXTERNAL_METRIC_FALLBACK];
  const metrics = spec.metrics.map((m: any, i: number) => decodeMetric(m, i, fallbackOn));
  const seen = new Map<string, number>();
  for (const m of metrics) seen.set(m.id, (seen.get(m.id) ?? 0) + 1);
  const unique = metrics.map((m: SimMetric) => (seen.get(m.id)! > 1 ? { ...m, id: `#${m.index}` } : m));

  let behavior: SimSpec['behavior'];
  let up = flags.tolerance;
  let down = flags.tolerance;
  if (spec.behavior !== undefined && spec.behavior !== null) {
    behavior = {
      scaleUp: decodeRules(spec.behavior.scaleUp, 'scaleUp', flags),
      scaleDown: decodeRules(spec.behavior.scaleDown, 'scaleDown', flags),
    };
    if (cluster.gatesOn[GATE_CONFIGURABLE_TOLERANCE]) {
      up = tolerance(spec.behavior.scaleUp?.tolerance, up, 'scaleUp');
      down = tolerance(spec.behavior.scaleDown?.tolerance, down, 'scaleDown');
    }
  }
  return {
    name,
    minReplicas,
    maxReplicas,
    metrics: unique,
    behavior,
    tolerance: { up, down },
    hasObjectOrExternal: unique.some((m: SimMetric) => m.type === 'Object' || m.type === 'External'),
  };
}

function decodeMetric(m: any, index: number, fallbackOn: boolean): SimMetric {
  const type = m?.type as SourceType;
  const where = `spec.metrics[${index}]`;
  switch (type) {
    case 'Resource': {
      const r = m.resource ?? {};
      return { id: String(r.name), index, type, resource: String(r.name), ...target(r.target, `${where}.resource.target`, true) };
    }
    case 'ContainerResource': {
      const r = m.containerResource ?? {};
      return {
        id: `${r.container}/${r.name}`,
        index,
        type,
        resource: String(r.name),
        container: String(r.container),
        ...target(r.target, `${where}.containerResource.target`, true),
      };
    }
    case 'Pods':
      return { id: String(m.pods?.metric?.name), index, type, ...target(m.pods?.target, `${where}.pods.target`, false) };
    case 'Object':
      return { id: String(m.object?.metric?.name), index, type, ...target(m.object?.target, `${where}.object.target`, false) };
    case 'External': {
      const e = m.external ?? {};
      return {
        id: String(e.metric?.name),
        index,
        type,
        ...target(e.target, `${where}.external.target`, false),
        fallback: fallbackOn ? decodeFallback(e.fallback) : undefined,
      };
    }
    default:
      throw new Error(`HpaSimulator: ${where}.type: unsupported metric source type ${JSON.stringify(m?.type)}`);
  }
}

/** The controller reads the field the target type names (AverageValue first for Object/External). */
function target(t: any, where: string, resource: boolean): { targetType: string; target: number } {
  const type = t?.type;
  if (type === 'Utilization' && resource) {
    return { targetType: type, target: int(t.averageUtilization, `${where}.averageUtilization`) };
  }
  if (type === 'AverageValue') return { targetType: type, target: milli(t.averageValue, `${where}.averageValue`) };
  if (type === 'Value' && !resource) return { targetType: type, target: milli(t.value, `${where}.value`) };
  throw new Error(`HpaSimulator: ${where}.type: unsupported target type ${JSON.stringify(type)} for this metric`);
}

function decodeFallback(f: any): SimMetric['fallback'] {
  if (typeof f !== 'object' || f === null) return undefined;
  let seconds = DEFAULT_FALLBACK_FAILURE_DURATION_SECONDS;
  if (typeof f.failureDurationSeconds === 'number') seconds = f.failureDurationSeconds;
  if (f.failureDuration !== undefined) seconds = duration(f.failureDuration, 'fallback.failureDuration');
  return { replicas: int(f.replicas, 'fallback.replicas'), failureDurationSeconds: seconds };
}

function decodeRules(rules: any, direction: string, flags: ControllerFlags): SimRules {
  const policies = (Array.isArray(rules?.policies) ? rules.policies : []).map((p: any, i: number) => ({
    type: String(p.type),
    value: int(p.value, `spec.behavior.${direction}.policies[${i}].value`),
    periodSeconds: int(p.periodSeconds, `spec.behavior.${direction}.policies[${i}].periodSeconds`),
  }));
  const window = rules?.stabilizationWindowSeconds ?? flags.downscaleStabilizationSeconds;
  return {
    stabilizationWindowSeconds: int(window, `spec.behavior.${direction}.stabilizationWindowSeconds`),
    selectPolicy: String(rules?.selectPolicy),
    policies,
    longestPeriod: policies.reduce((acc: number, p: { periodSeconds: number }) => Math.max(acc, p.periodSeconds), 0),
  };
}

function tolerance(value: unknown, dflt: number, direction: string): number {
  if (value === undefined || value === null) return dflt;
  const q = parseQuantity(value as any);
  if (!q.ok) throw new Error(`HpaSimulator: spec.behavior.${direction}.tolerance: ${q.error}`);
  return q.value;
}

function int(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new Error(`HpaSimulator: ${where}: must be an integer, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** `Quantity.MilliValue()`: milli-units, rounded up. */
function milli(value: unknown, where: string): number {
  if (typeof value !== 'number' && typeof value !== 'string') {
    throw new Error(`HpaSimulator: ${where}: must be a quantity, got ${JSON.stringify(value)}`);
  }
  const q = parseQuantity(value);
  if (!q.ok) throw new Error(`HpaSimulator: ${where}: ${q.error}`);
  return Math.min(toMilli(q.value), Number.MAX_SAFE_INTEGER);
}

/** A Go duration string (or a number of seconds), in seconds. */
function duration(value: unknown, where: string): number {
  if (typeof value === 'number') return value;
  const parsed = parseGoDuration(String(value));
  if (!parsed.ok) throw new Error(`HpaSimulator: ${where}: ${parsed.error}`);
  return parsed.seconds;
}

/** A metric's target as people write it: percent for Utilization, base units for the others. */
export function displayTarget(m: SimMetric): number {
  return m.targetType === 'Utilization' ? m.target : m.target / 1000;
}
