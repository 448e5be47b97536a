/**
 * Reads `status` of an autoscaling/v2 HPA manifest (as `kubectl get hpa -o yaml` prints it) into
 * the library's status model, reporting each field that cannot be read instead of throwing.
 */
import { isObject } from '../model/values';
import { table } from '../private/table';
import {
  ConditionStatus, ConditionType, ExternalMetricFallbackStatus, HorizontalPodAutoscalerCondition,
  HorizontalPodAutoscalerStatus, MetricStatus, MetricValueStatus,
} from '../status';

/** A status field that cannot be read. */
export interface StatusProblem {
  readonly path: string;
  readonly value: unknown;
  readonly detail: string;
}

export interface ReadStatus {
  /** Undefined when the manifest has no status object. */
  readonly status?: HorizontalPodAutoscalerStatus;
  readonly problems: StatusProblem[];
  /** Conditions whose type or status the model has no member for (a newer controller's), kept out of `status`. */
  readonly otherConditions: Array<{ readonly type: string; readonly status: string; readonly reason?: string; readonly message?: string }>;
}

const CONDITION_TYPES: readonly string[] = Object.values(ConditionType);
const CONDITION_STATUSES: readonly string[] = Object.values(ConditionStatus);

/** The `<source>` field of a `currentMetrics` entry, by type. */
const SOURCE_FIELD = table({
  Resource: 'resource',
  ContainerResource: 'containerResource',
  Pods: 'pods',
  Object: 'object',
  External: 'external',
});

/** The KEP-5679 `fallbackStatus` value while the fallback replicas are in use. */
const FALLBACK_IN_USE = 'Fallback';

export function readStatus(manifest: unknown): ReadStatus {
  const problems: StatusProblem[] = [];
  const otherConditions: ReadStatus['otherConditions'] = [];
  const raw = isObject(manifest) ? manifest.status : undefined;
  if (!isObject(raw) || Object.keys(raw).length === 0) return { problems, otherConditions };

  const int = (path: string, value: unknown): number | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
    problems.push({ path, value, detail: 'must be a whole number, 0 or more' });
    return undefined;
  };
  const str = (path: string, value: unknown): string | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    problems.push({ path, value, detail: 'must be a string' });
    return undefined;
  };
  const time = (path: string, value: unknown): string | undefined => {
    const s = str(path, value);
    if (s !== undefined && Number.isNaN(Date.parse(s))) {
      problems.push({ path, value, detail: 'must be an RFC 3339 time such as 2026-01-02T15:04:05Z' });
      return undefined;
    }
    return s;
  };

  const conditions: HorizontalPodAutoscalerCondition[] = [];
  if (raw.conditions !== undefined && raw.conditions !== null) {
    if (!Array.isArray(raw.conditions)) {
      problems.push({ path: 'status.conditions', value: raw.conditions, detail: 'must be a list' });
    } else {
      raw.conditions.forEach((c: unknown, i: number) => {
        const path = `status.conditions[${i}]`;
        if (!isObject(c) || typeof c.type !== 'string' || typeof c.status !== 'string') {
          problems.push({ path, value: c, detail: 'must have a type and a status' });
          return;
        }
        if (!CONDITION_TYPES.includes(c.type) || !CONDITION_STATUSES.includes(c.status)) {
          otherConditions.push({ type: c.type, status: c.status, reason: str(`${path}.reason`, c.reason), message: str(`${path}.message`, c.message) });
          return;
        }
        conditions.push({
          type: c.type as ConditionType,
          status: c.status as ConditionStatus,
          reason: str(`${path}.reason`, c.reason),
          message: str(`${path}.message`, c.message),
          lastTransitionTime: time(`${path}.lastTransitionTime`, c.lastTransitionTime),
          observedGeneration: int(`${path}.observedGeneration`, c.observedGeneration),
        });
      });
    }
  }

  const currentMetrics: MetricStatus[] = [];
  const fallbacks: { [name: string]: ExternalMetricFallbackStatus } = {};
  if (raw.currentMetrics !== undefined && raw.currentMetrics !== null) {
    if (!Array.isArray(raw.currentMetrics)) {
      problems.push({ path: 'status.currentMetrics', value: raw.currentMetrics, detail: 'must be a list' });
    } else {
      raw.currentMetrics.forEach((m: unknown, i: number) => {
        const path = `status.currentMetrics[${i}]`;
        const type = isObject(m) && typeof m.type === 'string' ? m.type : '';
        const field = SOURCE_FIELD[type];
        const source = field && isObject(m) ? m[field] : undefined;
        if (!isObject(source)) {
          // The controller writes `type: ""` for a metric it could not read.
          currentMetrics.push({ type: '' });
          return;
        }
        const where = `${path}.${field}`;
        const name = type === 'Resource' || type === 'ContainerResource'
          ? str(`${where}.name`, source.name)
          : str(`${where}.metric.name`, isObject(source.metric) ? source.metric.name : undefined);
        const cur = isObject(source.current) ? source.current : {};
        const current: MetricValueStatus = {
          value: str(`${where}.current.value`, cur.value),
          averageValue: str(`${where}.current.averageValue`, cur.averageValue),
          averageUtilization: int(`${where}.current.averageUtilization`, cur.averageUtilization),
        };
        currentMetrics.push({
          type,
          name,
          container: type === 'ContainerResource' ? str(`${where}.container`, source.container) : undefined,
          current,
        });
        if (type === 'External' && name !== undefined && (source.fallbackStatus !== undefined || source.firstFailureTime !== undefined)) {
          fallbacks[name] = {
            fallbackActive: source.fallbackStatus === FALLBACK_IN_USE,
            firstFailureTime: time(`${where}.firstFailureTime`, source.firstFailureTime),
          };
        }
      });
    }
  }

  const status: HorizontalPodAutoscalerStatus = {
    currentReplicas: int('status.currentReplicas', raw.currentReplicas) ?? 0,
    desiredReplicas: int('status.desiredReplicas', raw.desiredReplicas) ?? 0,
    conditions,
    currentMetrics,
    externalMetricFallbacks: Object.keys(fallbacks).length > 0 ? fallbacks : undefined,
    lastScaleTime: time('status.lastScaleTime', raw.lastScaleTime),
    observedGeneration: int('status.observedGeneration', raw.observedGeneration),
  };
  return { status, problems, otherConditions };
}
