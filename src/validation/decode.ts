/**
 * The decoding step of the API server: JSON types, int32 ranges, quantities, and unknown
 * fields under strict field validation (kubectl's default), gated by the cluster profile.
 *
 * It returns a copy of the manifest in which every ill-typed value is replaced by `BAD`, so the
 * rules that follow see it as present but check nothing in it, and fields the server would drop
 * are gone.
 */
import { hpaSchema } from './hpa-schema';
import { child, ErrorType, index, IssueList, key } from './issue-list';
import { ArrayType, DecodeContext, ObjectType, Type } from './schema';
import { ClusterFacts } from '../model/cluster-facts';
import { parseGoDuration } from '../model/duration';
import { parseQuantity } from '../model/quantity';
import { closestName } from '../private/closest-name';
import { INT32_MAX } from '../private/constants';

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** Stands for a value that failed decoding: present, but not checked further. */
export const BAD: unique symbol = Symbol('invalid value');

/**
 * Decodes `manifest` as the API server would; issues go to `out`. Copy on write: an object
 * whose fields all decode unchanged comes back as it is, so a clean manifest is not copied.
 */
export function decode(manifest: unknown, cluster: ClusterFacts, out: IssueList): any {
  const apiVersion = manifest !== null && typeof manifest === 'object' ? (manifest as { apiVersion?: unknown }).apiVersion : undefined;
  return decodeValue(manifest, hpaSchema(apiVersion, cluster.fallbackFormat), { cluster, out, names: [] }, 0);
}

/** What decoding one manifest knows: the schema's context, and the names on the way to the value. */
interface Decoding extends DecodeContext {
  /**
   * The field names and list indexes from the root to the value being decoded (the first `depth`
   * of them), from which its path is built only when there is an issue to report.
   */
  readonly names: Array<string | number>;
}

/** The path of the value `depth` names below the root (`spec.metrics[0]`). */
function pathAt(ctx: Decoding, depth: number): string {
  let path = '';
  for (let i = 0; i < depth; i++) {
    const name = ctx.names[i];
    path = typeof name === 'number' ? index(path, name) : child(path, name);
  }
  return path;
}

function decodeValue(value: unknown, type: Type, ctx: Decoding, depth: number): any {
  if (value === null || value === undefined) return undefined;
  if (typeof type !== 'string') return 'items' in type ? decodeList(value, type, ctx, depth) : decodeObject(value, type, ctx, depth);
  switch (type) {
    case 'any':
      return value;
    case 'string':
      return typeof value === 'string' ? value : bad(ctx, pathAt(ctx, depth), value, 'must be a string');
    case 'int32':
      return isInt32(value)
        ? value
        : bad(ctx, pathAt(ctx, depth), value, isInteger(value) ? `must fit in a 32-bit integer (${-INT32_MAX - 1} to ${INT32_MAX})` : 'must be an integer');
    case 'int64':
      return isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? value : bad(ctx, pathAt(ctx, depth), value, 'must be a 64-bit integer');
    case 'quantity':
      return decodeQuantity(value, ctx, depth);
    case 'duration':
      return typeof value === 'string' && parseGoDuration(value).ok
        ? value
        : bad(ctx, pathAt(ctx, depth), value, 'must be a duration such as "3m", "90s" or "1h30m"');
    case 'stringMap':
      return decodeStringMap(value, ctx, depth);
  }
}

function decodeList(value: unknown, type: ArrayType, ctx: Decoding, depth: number): any {
  if (!Array.isArray(value)) return bad(ctx, pathAt(ctx, depth), value, 'must be a list');
  let result: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    ctx.names[depth] = i;
    // Go's JSON decoder turns a null list entry into the zero value, which is then validated.
    const decoded = decodeValue(item ?? zeroValue(type.items), type.items, ctx, depth + 1);
    if (decoded !== item && !result) result = value.slice(0, i);
    if (result) result.push(decoded);
  }
  return result ?? value;
}

function decodeObject(value: unknown, type: ObjectType, ctx: Decoding, depth: number): any {
  if (typeof value !== 'object' || Array.isArray(value)) return bad(ctx, pathAt(ctx, depth), value, 'must be an object');
  const source = value as { [name: string]: unknown };
  let result: { [name: string]: unknown } | undefined;
  // The own keys in Object.keys order, without building that array for every object.
  let i = -1;
  for (const name in source) {
    if (!hasOwnProperty.call(source, name)) continue;
    i++;
    const raw = source[name];
    const field = type.fields[name];
    if (!field) {
      const fieldPath = child(pathAt(ctx, depth), name);
      const suggestion = closestName(name, Object.keys(type.fields));
      ctx.out.unknownField('HPA126', fieldPath, unknownFieldDetail(fieldPath, ctx.cluster),
        suggestion ? `did you mean "${suggestion}"?` : `remove it; known fields here: ${Object.keys(type.fields).join(', ')}`,
        suggestion !== undefined && source[suggestion] == null ? suggestion : undefined);
      result ??= copyUpTo(source, i);
      continue;
    }
    const unavailable = raw == null || !field.available ? undefined : field.available(ctx);
    if (unavailable) {
      if (!unavailable.silent) {
        const fieldPath = child(pathAt(ctx, depth), name);
        if (unavailable.droppedSilently) {
          ctx.out.add(unavailable.ruleId, fieldPath, ErrorType.DROPPED, undefined, unavailable.detail, unavailable.fix);
        } else {
          ctx.out.unknownField(unavailable.ruleId, fieldPath, unavailable.detail, unavailable.fix);
        }
      }
      if (unavailable.dropped) {
        result ??= copyUpTo(source, i);
        continue;
      }
    }
    if (field.type === 'string' ? typeof raw === 'string' : field.type === 'int32' && isInt32(raw)) {
      // The most common fields, decoded unchanged without a call.
      if (result) result[name] = raw;
      continue;
    }
    ctx.names[depth] = name;
    const decoded = decodeValue(raw, field.type, ctx, depth + 1);
    if (decoded !== raw) result ??= copyUpTo(source, i);
    if (result && decoded !== undefined) result[name] = decoded;
  }
  return result ?? value;
}

/**
 * What becomes of an unknown field: where the server validates fields itself (kubernetes-releases.ts
 * `fieldValidation`), its strict field validation, which kubectl asks for by default, refuses the
 * object, and the server only warns other clients (its default is `Warn`) and drops the field;
 * before, the server drops it silently and kubectl's own client-side validation refuses it.
 */
function unknownFieldDetail(fieldPath: string, cluster: ClusterFacts): string {
  return cluster.release.apiServer.fieldValidation
    ? `strict decoding error: unknown field "${fieldPath}": kubectl apply refuses the object; other clients get a warning and the field dropped`
    : `unknown field "${fieldPath}": kubectl apply refuses the object (client-side validation); other clients get the field dropped silently`;
}

/** The first `end` own fields: all decoded unchanged, or the copy would have started earlier. */
function copyUpTo(source: { [name: string]: unknown }, end: number): { [name: string]: unknown } {
  const copy: { [name: string]: unknown } = {};
  const names = Object.keys(source);
  for (let i = 0; i < end; i++) copy[names[i]] = source[names[i]];
  return copy;
}

function decodeQuantity(value: unknown, ctx: Decoding, depth: number): unknown {
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
    return bad(ctx, pathAt(ctx, depth), value, 'must be a quantity: a string such as "500m" or "1Gi", or a number');
  }
  const parsed = parseQuantity(value);
  if (!parsed.ok) {
    ctx.out.invalid('HPA125', pathAt(ctx, depth), value, parsed.error, 'write a quantity such as "100", "500m", "0.5" or "1Gi"');
    return BAD;
  }
  return value;
}

function decodeStringMap(value: unknown, ctx: Decoding, depth: number): unknown {
  if (typeof value !== 'object' || Array.isArray(value)) return bad(ctx, pathAt(ctx, depth), value, 'must be an object of strings');
  const source = value as { [k: string]: unknown };
  for (const k in source) {
    const v = source[k];
    if (typeof v !== 'string') {
      // Rare: copy, dropping nulls and marking non-strings.
      const result: { [k: string]: unknown } = {};
      const path = pathAt(ctx, depth);
      for (const [k2, v2] of Object.entries(source)) {
        if (v2 == null) continue;
        result[k2] = typeof v2 === 'string' ? v2 : bad(ctx, key(path, k2), v2, 'must be a string');
      }
      return result;
    }
  }
  return value;
}

function zeroValue(type: Type): unknown {
  if (type === 'string') return '';
  if (type === 'int32' || type === 'int64') return 0;
  return typeof type === 'object' && 'fields' in type ? {} : undefined;
}

function bad(ctx: DecodeContext, path: string, value: unknown, detail: string): typeof BAD {
  ctx.out.invalid('HPA127', path || '<root>', value, detail);
  return BAD;
}

function isInt32(value: unknown): value is number {
  return isInteger(value) && value >= -INT32_MAX - 1 && value <= INT32_MAX;
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}
