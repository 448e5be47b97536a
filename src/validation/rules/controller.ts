/**
 * What the API server stores but the HPA controller (pkg/controller/podautoscaler) then fails on
 * or silently reads differently.
 */
import { child, index, key } from '../issue-list';
import { closestContainerResource, containerResourceNameErrors, labelValueErrors, qualifiedNameErrors } from '../names';
import { RuleContext } from './context';
import { SOURCE_FIELDS, targetPath } from './metrics';
import { isObject, isString } from '../../model/values';
import { table } from '../../private/table';

const TARGET_FIELD = table({ Utilization: 'averageUtilization', Value: 'value', AverageValue: 'averageValue' });
const TARGET_FIELDS = Object.values(TARGET_FIELD);
const RESOURCE_SOURCES = new Set(['resource', 'containerResource']);

export function checkControllerPitfalls(ctx: RuleContext): void {
  for (const { metric, path } of ctx.metrics) {
    const field = isString(metric.type) ? SOURCE_FIELDS[metric.type] : undefined;
    const source = field ? metric[field] : undefined;
    if (!field || !isObject(source)) continue;
    const sourcePath = child(path, field);
    if (isObject(source.target)) checkTarget(ctx, field, source.target, sourcePath);
    const identifier = source.metric;
    if (isObject(identifier) && isObject(identifier.selector)) {
      checkSelector(ctx, identifier.selector, child(child(sourcePath, 'metric'), 'selector'));
    }
    if (field === 'resource' && isString(source.name) && source.name !== '' && containerResourceNameErrors(source.name).length > 0) {
      const meant = closestContainerResource(source.name);
      ctx.out.invalid('HPA206', child(sourcePath, 'name'), source.name,
        'the API server accepts any name here, but the controller only reads container resources such as cpu and memory',
        meant !== undefined ? `use "${meant}"` : 'name a container resource: "cpu", "memory", "ephemeral-storage" or an extended resource');
    }
  }
}

/**
 * The target against the fields the controller reads (horizontal.go, computeStatusForObjectMetric
 * and friends): an Object metric picks its field by `type` and fails when that field is unset;
 * the other sources read their fields and ignore `type`.
 */
function checkTarget(ctx: RuleContext, source: string, target: { [key: string]: any }, sourcePath: string): void {
  const type = target.type;
  const set = fieldsSet(target);
  if (source === 'object') {
    if (type === 'Utilization') {
      ctx.out.invalid('HPA202', targetPath(sourcePath, 'type'), type,
        'Utilization is a percentage of resource requests: the controller fails on an Object metric with "invalid object metric source"',
        'use a Value or AverageValue target (MetricTarget.value() or MetricTarget.averageValue())');
      return;
    }
    if (target.value !== undefined && target.averageValue !== undefined) {
      ctx.out.forbidden('HPA204', targetPath(sourcePath, type === 'AverageValue' ? 'value' : 'averageValue'),
        `value and averageValue are both set: the controller reads only the one type ${JSON.stringify(type)} names`);
      return;
    }
    const expected = isString(type) ? TARGET_FIELD[type] : undefined;
    if (expected && set.length > 0 && !set.includes(expected)) {
      ctx.out.invalid('HPA201', targetPath(sourcePath, 'type'), type,
        `does not match the target field that is set (${set.join(', ')}): the controller fails with "invalid object metric source"`,
        `set type to ${typesOf(set)}, or set ${expected}`);
    }
    return;
  }
  if (!RESOURCE_SOURCES.has(source) && (type === 'Utilization' || target.averageUtilization !== undefined)) {
    const field = type === 'Utilization' ? 'type' : 'averageUtilization';
    ctx.out.invalid('HPA410', targetPath(sourcePath, field), field === 'type' ? type : target.averageUtilization,
      `Utilization is a percentage of resource requests and only applies to Resource and ContainerResource metrics: on ${source} metrics the controller ignores it and reads ${source === 'pods' ? 'averageValue' : set.filter(f => f !== 'averageUtilization').join(' and ') || 'value or averageValue'}`,
      source === 'pods' ? 'set type to "AverageValue"' : `set type to ${typesOf(set).replace(/"Utilization"( or )?/, '') || '"Value" or "AverageValue"'}`);
    return;
  }
  const expected = isString(type) ? TARGET_FIELD[type] : undefined;
  if (!expected) return; // an unknown type is the API server's error (HPA115)
  if (set.length > 0 && !set.includes(expected)) {
    ctx.out.invalid('HPA410', targetPath(sourcePath, 'type'), type,
      `does not match the target field that is set (${set.join(', ')}): the controller ignores type and reads ${set.join(' and ')}`,
      `set type to ${typesOf(set)}`);
  }
}

/** The target fields that are set, in `TARGET_FIELDS` order. */
function fieldsSet(target: { [key: string]: any }): readonly string[] {
  return TARGET_FIELDS.filter(f => target[f] !== undefined);
}

/** The types that name the fields of `set`, for a finding: `"Value" or "AverageValue"`. */
function typesOf(set: readonly string[]): string {
  return Object.keys(TARGET_FIELD).filter(t => set.includes(TARGET_FIELD[t])).map(t => JSON.stringify(t)).join(' or ');
}

const OPERATORS = ['DoesNotExist', 'Exists', 'In', 'NotIn'];

/** `metav1.LabelSelectorAsSelector`, which the controller runs on every sync. */
function checkSelector(ctx: RuleContext, selector: { [key: string]: any }, path: string): void {
  if (isObject(selector.matchLabels)) {
    for (const [k, v] of Object.entries(selector.matchLabels)) {
      for (const e of qualifiedNameErrors(k)) ctx.out.invalid('HPA203', child(path, 'matchLabels'), k, e);
      if (isString(v)) for (const e of labelValueErrors(v)) ctx.out.invalid('HPA203', key(child(path, 'matchLabels'), k), v, e);
    }
  }
  if (!Array.isArray(selector.matchExpressions)) return;
  selector.matchExpressions.forEach((expr, i) => {
    if (!isObject(expr)) return;
    const p = index(child(path, 'matchExpressions'), i);
    if (isString(expr.key)) for (const e of qualifiedNameErrors(expr.key)) ctx.out.invalid('HPA203', child(p, 'key'), expr.key, e);
    const values = Array.isArray(expr.values) ? expr.values : [];
    const op = expr.operator;
    if (isString(op) || op === undefined) {
      if (!OPERATORS.includes(op ?? '')) {
        ctx.out.unsupported('HPA203', child(p, 'operator'), op ?? '', OPERATORS);
      } else if ((op === 'In' || op === 'NotIn') && values.length === 0) {
        ctx.out.required('HPA203', child(p, 'values'), `must be specified when operator is ${op}`);
      } else if ((op === 'Exists' || op === 'DoesNotExist') && values.length > 0) {
        ctx.out.forbidden('HPA203', child(p, 'values'), `may not be specified when operator is ${op}`);
      }
    }
    values.forEach((v: unknown, j: number) => {
      if (isString(v)) for (const e of labelValueErrors(v)) ctx.out.invalid('HPA203', index(child(p, 'values'), j), v, e);
    });
  });
}
