/** `ValidateObjectMeta` for an HPA (`NameIsDNSSubdomain`), and the manifest's type. */
import { HPA_API_VERSION, HPA_KIND } from '../../private/constants';
import { child, ErrorType } from '../issue-list';
import { dns1123LabelErrors, labelValueErrors, objectNameErrors, qualifiedNameErrors } from '../names';
import { RuleContext } from './context';
import { isObject, isString } from '../../model/values';

const MAX_ANNOTATIONS_BYTES = 256 * 1024;

export function checkTypeMeta(ctx: RuleContext): void {
  const { apiVersion, kind } = ctx.manifest;
  if (isString(apiVersion) && apiVersion !== HPA_API_VERSION) {
    ctx.out.unsupported('HPA100', 'apiVersion', apiVersion, [HPA_API_VERSION],
      migrationHint(apiVersion));
  } else if (apiVersion === undefined) {
    ctx.out.required('HPA100', 'apiVersion', `must be "${HPA_API_VERSION}"`);
  }
  if (isString(kind) && kind !== HPA_KIND) {
    ctx.out.unsupported('HPA100', 'kind', kind, [HPA_KIND]);
  } else if (kind === undefined) {
    ctx.out.required('HPA100', 'kind', `must be "${HPA_KIND}"`);
  }
}

function migrationHint(apiVersion: string): string {
  if (/^autoscaling\/(v1|v2beta1|v2beta2)$/.test(apiVersion)) {
    return `${apiVersion} is an older HPA API: move to ${HPA_API_VERSION} (v2beta2 keeps the same fields; v1's targetCPUUtilizationPercentage becomes a Resource cpu metric with an Utilization target; v2beta1's targetAverageValue/targetValue move into metric.target)`;
  }
  return `set apiVersion to "${HPA_API_VERSION}"`;
}

export function checkMetadata(ctx: RuleContext): void {
  const meta = isObject(ctx.manifest.metadata) ? ctx.manifest.metadata : {};
  const path = 'metadata';
  const { name, generateName, namespace, labels, annotations } = meta;
  if (!isString(generateName) || generateName.length === 0) {
    if (name === undefined || name === '') {
      ctx.out.required('HPA104', child(path, 'name'), 'name or generateName is required');
    }
  } else {
    for (const e of objectNameErrors(generateName, true)) ctx.out.invalid('HPA104', child(path, 'generateName'), generateName, e);
  }
  if (isString(name) && name.length > 0) {
    for (const e of objectNameErrors(name, false)) {
      ctx.out.invalid('HPA104', child(path, 'name'), name, e, 'use lower-case letters, digits, "-" and "."');
    }
  }
  if (isString(namespace) && namespace.length > 0) {
    for (const e of dns1123LabelErrors(namespace)) ctx.out.invalid('HPA105', child(path, 'namespace'), namespace, e);
  }
  if (isObject(labels)) {
    for (const [k, v] of Object.entries(labels)) {
      for (const e of qualifiedNameErrors(k)) ctx.out.invalid('HPA105', child(path, 'labels'), k, e);
      if (isString(v)) {
        for (const e of labelValueErrors(v)) ctx.out.invalid('HPA105', child(path, 'labels'), v, e);
      }
    }
  }
  if (isObject(annotations)) {
    let size = 0;
    for (const [k, v] of Object.entries(annotations)) {
      for (const e of qualifiedNameErrors(k.toLowerCase())) ctx.out.invalid('HPA105', child(path, 'annotations'), k, e);
      size += k.length + (isString(v) ? v.length : 0);
    }
    if (size > MAX_ANNOTATIONS_BYTES) {
      ctx.out.add('HPA105', child(path, 'annotations'), ErrorType.TOO_LONG, undefined, `may not be more than ${MAX_ANNOTATIONS_BYTES} bytes`);
    }
  }
}
