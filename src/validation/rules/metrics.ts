/** `validateMetrics` and `validateMetricSpec` with each source's checks. */
import { parseQuantity } from '../../model/quantity';
import { declareGate, GATE_CONTAINER_METRICS } from '../../private/kubernetes-releases';
import { child } from '../issue-list';
import { closestContainerResource, containerResourceNameErrors, dns1123LabelErrors, pathSegmentErrors } from '../names';
import { RuleContext } from './context';
import { checkDescribedObject } from './references';
import { isNumber, isObject, isString } from '../../model/values';
import { table } from '../../private/table';

export const SOURCE_FIELDS = table({
  Object: 'object',
  Pods: 'pods',
  Resource: 'resource',
  External: 'external',
  ContainerResource: 'containerResource',
});
const SOURCE_TYPES = Object.keys(SOURCE_FIELDS).sort();
/** The order in which the API server looks for populated sources. */
const SOURCE_ORDER = ['object', 'external', 'pods', 'resource', 'containerResource'];

export function checkMetrics(ctx: RuleContext): void {
  for (const { metric, path } of ctx.metrics) {
    checkMetricSpec(ctx, metric, path);
  }
}

function checkMetricSpec(ctx: RuleContext, metric: { [key: string]: any }, path: string): void {
  const type = metric.type ?? '';
  if (type === '') {
    ctx.out.required('HPA109', child(path, 'type'), 'must specify a metric source type');
  }
  const expected = isString(type) ? SOURCE_FIELDS[type] : undefined;
  if (isString(type) && !expected) {
    ctx.out.unsupported('HPA109', child(path, 'type'), type, SOURCE_TYPES);
  }
  let first: string | undefined;
  let count = 0;
  for (const s of SOURCE_ORDER) {
    if (metric[s] === undefined) continue;
    first ??= s;
    count++;
  }
  if (first !== undefined && isObject(metric[first])) {
    SOURCE_CHECKS[first](ctx, metric[first], child(path, first));
  }
  if (expected === 'containerResource' && metric[expected] === undefined && !ctx.cluster.gatesOn[GATE_CONTAINER_METRICS]) {
    ctx.out.required('HPA151', child(path, expected),
      `must populate information for the given metric source (only allowed when ${GATE_CONTAINER_METRICS} feature is enabled)`,
      `the API server drops containerResource while ${GATE_CONTAINER_METRICS} is off (before 1.27): ${declareGate(GATE_CONTAINER_METRICS)}, use 1.27 or later, or use a Resource metric`);
  } else if (expected && metric[expected] === undefined) {
    ctx.out.required('HPA110', child(path, expected), 'must populate information for the given metric source',
      count === 1 ? `type ${type} reads ${expected}, but ${first} is set: make type and the source agree` : undefined);
  }
  if (count > 1) {
    for (const s of SOURCE_ORDER) {
      if (metric[s] !== undefined && s !== expected) {
        ctx.out.forbidden('HPA110', child(path, s), 'must populate the given metric source only', `remove ${s}, or move it into a metric of its own`);
      }
    }
  }
}

/** The target fields either of which an Object or External target needs, and a Resource target. */
const VALUE_FIELDS = ['value', 'averageValue'];
const RESOURCE_FIELDS = ['averageUtilization', 'averageValue'];

type SourceCheck = (ctx: RuleContext, source: { [key: string]: any }, path: string) => void;

const SOURCE_CHECKS: { [field: string]: SourceCheck } = {
  object(ctx, src, path) {
    checkDescribedObject(ctx, src.describedObject, child(path, 'describedObject'));
    checkIdentifier(ctx, src.metric, path);
    const t = checkTarget(ctx, src.target, path);
    if (t.value === undefined && t.averageValue === undefined) {
      ctx.out.required('HPA117', child(path, 'target.averageValue'), 'must set either a target value or averageValue',
        'set target.value or target.averageValue (MetricTarget.value() or MetricTarget.averageValue())', VALUE_FIELDS);
    }
  },
  external(ctx, src, path) {
    checkIdentifier(ctx, src.metric, path);
    const t = checkTarget(ctx, src.target, path);
    if (t.value === undefined && t.averageValue === undefined) {
      ctx.out.required('HPA117', child(path, 'target.averageValue'), 'must set either a target value for metric or a per-pod target',
        'set target.value or target.averageValue (MetricTarget.value() or MetricTarget.averageValue())', VALUE_FIELDS);
    }
    if (t.value !== undefined && t.averageValue !== undefined) {
      ctx.out.forbidden('HPA117', child(path, 'target.value'), 'may not set both a target value for metric and a per-pod target',
        'keep value (the metric as a whole) or averageValue (per pod), not both');
    }
  },
  pods(ctx, src, path) {
    checkIdentifier(ctx, src.metric, path);
    const t = checkTarget(ctx, src.target, path);
    if (t.averageValue === undefined) {
      ctx.out.required('HPA117', child(path, 'target.averageValue'), 'must specify a positive target averageValue',
        'set target.averageValue: Pods metrics take a per-pod average (MetricTarget.averageValue())');
    }
  },
  resource(ctx, src, path) {
    if (src.name === undefined || src.name === '') {
      ctx.out.required('HPA113', child(path, 'name'), 'must specify a resource name', 'name a resource such as "cpu" or "memory"');
    }
    checkResourceTarget(ctx, checkTarget(ctx, src.target, path), path);
  },
  containerResource(ctx, src, path) {
    if (src.name === undefined || src.name === '') {
      ctx.out.required('HPA113', child(path, 'name'), 'must specify a resource name', 'name a resource such as "cpu" or "memory"');
    } else if (isString(src.name)) {
      const errors = containerResourceNameErrors(src.name);
      const meant = errors.length > 0 ? closestContainerResource(src.name) : undefined;
      // A misspelt name gets one error with the name meant, where the API server gives two.
      if (meant !== undefined) ctx.out.invalid('HPA113', child(path, 'name'), src.name, errors.join('; '), `use "${meant}"`);
      else for (const e of errors) ctx.out.invalid('HPA113', child(path, 'name'), src.name, e);
    }
    if (src.container === undefined || src.container === '') {
      ctx.out.required('HPA114', child(path, 'container'), 'must specify a container', 'name a container of the target\'s pod template');
    } else if (isString(src.container)) {
      for (const e of dns1123LabelErrors(src.container)) ctx.out.invalid('HPA114', child(path, 'container'), src.container, e);
    }
    checkResourceTarget(ctx, checkTarget(ctx, src.target, path), path);
  },
};

function checkResourceTarget(ctx: RuleContext, t: { [key: string]: any }, path: string): void {
  if (t.averageUtilization === undefined && t.averageValue === undefined) {
    ctx.out.required('HPA117', child(path, 'target.averageUtilization'), 'must set either a target raw value or a target utilization',
      'set target.averageUtilization or target.averageValue (MetricTarget.averageUtilization() or MetricTarget.averageValue())', RESOURCE_FIELDS);
  }
  if (t.averageUtilization !== undefined && t.averageValue !== undefined) {
    ctx.out.forbidden('HPA117', child(path, 'target.averageValue'), 'may not set both a target raw value and a target utilization',
      'keep averageUtilization or averageValue, not both');
  }
}

/** The `metric` of the source at `sourcePath` (paths are built only for a finding: this runs for every metric). */
function checkIdentifier(ctx: RuleContext, identifier: unknown, sourcePath: string): void {
  const id = isObject(identifier) ? identifier : {};
  if (id.name === undefined || id.name === '') {
    ctx.out.required('HPA111', child(sourcePath, 'metric.name'), 'must specify a metric name');
  } else if (isString(id.name)) {
    for (const e of pathSegmentErrors(id.name)) ctx.out.invalid('HPA111', child(sourcePath, 'metric.name'), id.name, e);
  }
}

/** The path of `field` of the target of the source at `sourcePath`, built only for a finding. */
export function targetPath(sourcePath: string, field: string): string {
  return child(sourcePath, `target.${field}`);
}

const TARGET_TYPES = ['Utilization', 'Value', 'AverageValue'];
const QUANTITY_TARGET_FIELDS = ['value', 'averageValue'];

/**
 * `validateMetricTarget` for the `target` of the source at `sourcePath`; returns the target object
 * (empty when absent) for the source's checks.
 */
function checkTarget(ctx: RuleContext, target: unknown, sourcePath: string): { [key: string]: any } {
  const t = isObject(target) ? target : {};
  if (t.type === undefined || t.type === '') {
    ctx.out.required('HPA115', targetPath(sourcePath, 'type'), 'must specify a metric target type');
  }
  if (isString(t.type) && !TARGET_TYPES.includes(t.type)) {
    ctx.out.invalid('HPA115', targetPath(sourcePath, 'type'), t.type, 'must be either Utilization, Value, or AverageValue');
  } else if (t.type === undefined) {
    ctx.out.invalid('HPA115', targetPath(sourcePath, 'type'), '', 'must be either Utilization, Value, or AverageValue');
  }
  for (const field of QUANTITY_TARGET_FIELDS) {
    const q = t[field];
    if (isString(q) || isNumber(q)) {
      const parsed = parseQuantity(q);
      if (parsed.ok && parsed.sign !== 1) {
        ctx.out.invalid('HPA116', targetPath(sourcePath, field), q, 'must be positive');
      }
    }
  }
  if (isNumber(t.averageUtilization) && t.averageUtilization < 1) {
    ctx.out.invalid('HPA116', targetPath(sourcePath, 'averageUtilization'), t.averageUtilization, 'must be greater than 0');
  }
  return t;
}
