/** Warnings: manifests that work but are likely not what was meant. */
import { child } from '../issue-list';
import { RuleContext } from './context';
import { SOURCE_FIELDS } from './metrics';
import { parseGroupVersion } from './references';
import { groupOf, wellKnownApiVersion } from '../../model/scalable-kinds';
import { isNumber, isObject, isString } from '../../model/values';

export function checkLints(ctx: RuleContext): void {
  checkDuplicateMetrics(ctx);

  const { minReplicas, maxReplicas } = ctx.spec;
  const min = isNumber(minReplicas) ? minReplicas : undefined;
  const max = isNumber(maxReplicas) ? maxReplicas : undefined;

  for (const { fallback, path } of ctx.fallbacks) {
    const replicas = fallback.replicas;
    if (!isNumber(replicas) || replicas <= 0) continue;
    if (max !== undefined && max > 0 && replicas > max) {
      ctx.out.invalid('HPA401', child(path, 'replicas'), replicas, `is above maxReplicas (${max}): the controller caps it at ${max}`,
        `lower the fallback to ${max} or raise maxReplicas`);
    } else if (min !== undefined && replicas < min) {
      ctx.out.invalid('HPA401', child(path, 'replicas'), replicas, `is below minReplicas (${min}): the controller raises it to ${min}`,
        `raise the fallback to at least ${min} or lower minReplicas`);
    }
  }

  if (min !== undefined && max !== undefined && min > 0 && min === max) {
    ctx.out.invalid('HPA402', 'spec.maxReplicas', max, 'equals minReplicas: the autoscaler can never change the replica count',
      'raise maxReplicas above minReplicas, or drop the HPA and fix the workload\'s replicas');
  }

  const scaleDown = isObject(ctx.spec.behavior) ? ctx.spec.behavior.scaleDown : undefined;
  if (min === 0 && isObject(scaleDown) && scaleDown.selectPolicy === 'Disabled') {
    ctx.out.invalid('HPA403', 'spec.behavior.scaleDown.selectPolicy', 'Disabled',
      'with minReplicas 0 the workload can never scale down to zero while scale-down is Disabled',
      'allow scale-down (SelectPolicy.MAX or MIN), or set minReplicas to 1');
  }

  if (min !== undefined && min === 1) {
    ctx.out.invalid('HPA404', 'spec.minReplicas', min,
      'a single replica leaves the workload unavailable while its pod restarts or moves (kube-score, Polaris hpaMinAvailability, kube-linter)',
      'set minReplicas to 2 or more, or turn HPA404 off for this HPA');
  }

  const ref = isObject(ctx.spec.scaleTargetRef) ? ctx.spec.scaleTargetRef : {};
  const known = wellKnownApiVersion(ref.kind);
  if (known && isString(ref.apiVersion)) {
    const parsed = parseGroupVersion(ref.apiVersion);
    const knownGroup = groupOf(known);
    if ('group' in parsed && parsed.group !== '' && parsed.group !== knownGroup) {
      ctx.out.invalid('HPA405', 'spec.scaleTargetRef.apiVersion', ref.apiVersion,
        `${ref.kind} is served in ${knownGroup ? `the ${knownGroup} group` : 'the core group ("v1")'}: the controller cannot find the scale subresource of a ${ref.kind} in ${parsed.group}`,
        `set apiVersion to "${known}"`);
    }
  }
}

/** What a metric reads: two metrics with the same key compute the same value. */
function metricKey(metric: { [key: string]: any }): string | undefined {
  const source = isString(metric.type) ? metric[SOURCE_FIELDS[metric.type] ?? ''] : undefined;
  if (!isObject(source)) return undefined;
  const id = isObject(source.metric) ? source.metric : {};
  switch (metric.type) {
    case 'Resource': return JSON.stringify([metric.type, source.name]);
    case 'ContainerResource': return JSON.stringify([metric.type, source.name, source.container]);
    case 'Object': return JSON.stringify([metric.type, source.describedObject, id.name, id.selector]);
    case 'Pods':
    case 'External': return JSON.stringify([metric.type, id.name, id.selector]);
    default: return undefined;
  }
}

/** Whether another metric has the type of `metrics[i]`: a key starts with the type, so no other metric can match. */
function typeShared(metrics: RuleContext['metrics'], i: number): boolean {
  for (let j = 0; j < metrics.length; j++) {
    if (j !== i && metrics[j].metric.type === metrics[i].metric.type) return true;
  }
  return false;
}

function checkDuplicateMetrics(ctx: RuleContext): void {
  if (ctx.metrics.length < 2) return;
  let seen: Map<string, string> | undefined;
  for (let i = 0; i < ctx.metrics.length; i++) {
    const { metric, path } = ctx.metrics[i];
    if (!typeShared(ctx.metrics, i)) continue;
    const key = metricKey(metric);
    if (key === undefined) continue;
    seen ??= new Map();
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, path);
      continue;
    }
    ctx.out.invalid('HPA409', path, metric.type,
      `reads the same value as ${first}: the controller acts on the larger of the two proposals, so only one of the two targets ever counts`);
  }
}
