/**
 * The decoding step of the API server: JSON types, int32 ranges, quantities, and unknown
 * fields under strict field validation (kubectl's default), gated by the cluster profile.
 *
 * It returns a copy of the manifest in which every ill-typed value is replaced by `BAD`, so the
 * rules that follow see it as present but check nothing in it, and fields the server would drop
 * are gone.
 */
import { ClusterProfile } from '../cluster-profile';
import { ExternalFallbackFormat } from '../external-fallback';
import { child, index, IssueList, key } from './field-errors';
import { parseGoDuration } from '../model/duration';
import { parseQuantity } from '../model/quantity';
import { INT32_MAX } from '../private/constants';
import {
  declareGate, declareVersion, GATE_CONFIGURABLE_TOLERANCE, GATE_CONTAINER_METRICS, GATE_EXTERNAL_METRIC_FALLBACK,
} from '../private/kubernetes-releases';

/** Stands for a value that failed decoding: present, but not checked further. */
export const BAD: unique symbol = Symbol('invalid value');

interface Context {
  readonly profile: ClusterProfile;
  readonly out: IssueList;
}

/** Why a field cannot be sent to this cluster, and whether the server would drop it. */
interface Unavailable {
  readonly ruleId: string;
  readonly detail: string;
  readonly fix: string;
  /** The server removes the field before validation (true) or validates it anyway (false). */
  readonly dropped: boolean;
  /** Rendered as a Forbidden error instead of an unknown field. */
  readonly forbidden?: boolean;
  /** Dropped without an issue here: a rule reports what the server then says. */
  readonly silent?: boolean;
}

type Scalar = 'string' | 'int32' | 'int64' | 'quantity' | 'duration' | 'any' | 'stringMap';
type Type = Scalar | ObjectType | ArrayType;
interface ObjectType {
  readonly fields: { readonly [name: string]: Field };
  /** The same fields, for fast look-ups. */
  readonly fieldMap: ReadonlyMap<string, Field>;
}
interface ArrayType { readonly items: Type }
interface Field {
  readonly type: Type;
  readonly available?: (ctx: Context) => Unavailable | undefined;
}

const f = (type: Type, available?: (ctx: Context) => Unavailable | undefined): Field => ({ type, available });
const obj = (fields: { [name: string]: Type | Field }): ObjectType => {
  const entries = Object.entries(fields).map(([n, t]): [string, Field] => [n, isField(t) ? t : f(t)]);
  return { fields: Object.fromEntries(entries), fieldMap: new Map(entries) };
};
const arr = (items: Type): ArrayType => ({ items });
function isField(t: Type | Field): t is Field {
  return typeof t === 'object' && 'type' in t;
}

function toleranceAvailability(ctx: Context): Unavailable | undefined {
  const p = ctx.profile;
  if (p.minor < 33) {
    return {
      ruleId: 'HPA150',
      detail: `Kubernetes ${p.version} has no tolerance field (added in 1.33): a strict client is refused and any other client's tolerance is silently dropped`,
      fix: `${declareVersion('1.33')}, or remove tolerance`,
      dropped: true,
    };
  }
  if (!p.isGateEnabled(GATE_CONFIGURABLE_TOLERANCE)) {
    return {
      ruleId: 'HPA151',
      detail: `the API server silently drops tolerance while the ${GATE_CONFIGURABLE_TOLERANCE} feature gate is off (alpha, off by default in 1.33 and 1.34)`,
      fix: `${declareGate(GATE_CONFIGURABLE_TOLERANCE)} if the cluster turns it on, use 1.35 or later, or remove tolerance`,
      dropped: true,
      forbidden: true,
    };
  }
  return undefined;
}

function fallbackAvailability(ctx: Context): Unavailable | undefined {
  if (ctx.profile.isGateEnabled(GATE_EXTERNAL_METRIC_FALLBACK)) return undefined;
  return {
    ruleId: 'HPA152',
    detail: `external.fallback needs the ${GATE_EXTERNAL_METRIC_FALLBACK} feature gate, which no Kubernetes release turns on: a strict client is refused and any other client's fallback is silently dropped`,
    fix: `${declareGate(GATE_EXTERNAL_METRIC_FALLBACK)} if the cluster runs it, or remove the fallback`,
    dropped: true,
  };
}

/** The server drops `containerResource` while its gate is off; rules/metrics.ts reports the result. */
function containerResourceAvailability(ctx: Context): Unavailable | undefined {
  if (ctx.profile.isGateEnabled(GATE_CONTAINER_METRICS)) return undefined;
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
const rules = obj({
  stabilizationWindowSeconds: 'int32',
  selectPolicy: 'string',
  policies: arr(obj({ type: 'string', value: 'int32', periodSeconds: 'int32' })),
  tolerance: f('quantity', toleranceAvailability),
});

function manifestType(format: ExternalFallbackFormat): ObjectType {
  return obj({
    apiVersion: 'string',
    kind: 'string',
    metadata: obj({
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
    }),
    spec: obj({
      scaleTargetRef: reference,
      minReplicas: 'int32',
      maxReplicas: 'int32',
      metrics: arr(obj({
        type: 'string',
        object: obj({ describedObject: reference, metric: identifier, target }),
        pods: obj({ metric: identifier, target }),
        resource: obj({ name: 'string', target }),
        containerResource: f(obj({ name: 'string', container: 'string', target }), containerResourceAvailability),
        external: obj({ metric: identifier, target, fallback: f(fallbackFields[format] ?? fallbackFields.failureDuration, fallbackAvailability) }),
      })),
      behavior: obj({ scaleUp: rules, scaleDown: rules }),
    }),
    status: 'any',
  });
}

const MANIFEST_TYPES = new Map<ExternalFallbackFormat, ObjectType>();

/**
 * Decodes `manifest` as the API server would; issues go to `out`. Copy on write: an object
 * whose fields all decode unchanged comes back as it is, so a clean manifest is not copied.
 */
export function decode(manifest: unknown, profile: ClusterProfile, out: IssueList): any {
  let type = MANIFEST_TYPES.get(profile.fallbackFormat);
  if (!type) {
    type = manifestType(profile.fallbackFormat);
    MANIFEST_TYPES.set(profile.fallbackFormat, type);
  }
  return decodeValue(manifest, type, '', undefined, { profile, out });
}

/** The path of `name` (a field, or an index) below `parent`; built only when it is needed. */
function pathOf(parent: string, name: string | number | undefined): string {
  if (name === undefined) return parent;
  return typeof name === 'number' ? index(parent, name) : child(parent, name);
}

function decodeValue(value: unknown, type: Type, parent: string, name: string | number | undefined, ctx: Context): any {
  if (value === null || value === undefined) return undefined;
  switch (type) {
    case 'any':
      return value;
    case 'string':
      return typeof value === 'string' ? value : bad(ctx, pathOf(parent, name), value, 'must be a string');
    case 'int32':
      return isInteger(value) && value >= -INT32_MAX - 1 && value <= INT32_MAX
        ? value
        : bad(ctx, pathOf(parent, name), value,
          isInteger(value) ? `must fit in a 32-bit integer (${-INT32_MAX - 1} to ${INT32_MAX})` : 'must be an integer');
    case 'int64':
      return isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? value : bad(ctx, pathOf(parent, name), value, 'must be a 64-bit integer');
    case 'quantity':
      return decodeQuantity(value, parent, name, ctx);
    case 'duration':
      return typeof value === 'string' && parseGoDuration(value).ok
        ? value
        : bad(ctx, pathOf(parent, name), value, 'must be a duration such as "3m", "90s" or "1h30m"');
    case 'stringMap':
      return decodeStringMap(value, pathOf(parent, name), ctx);
  }
  const path = pathOf(parent, name);
  if ('items' in type) {
    if (!Array.isArray(value)) return bad(ctx, path, value, 'must be a list');
    let result: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      // Go's JSON decoder turns a null list entry into the zero value, which is then validated.
      const decoded = decodeValue(item ?? zeroValue(type.items), type.items, path, i, ctx);
      if (decoded !== item && !result) result = value.slice(0, i);
      if (result) result.push(decoded);
    }
    return result ?? value;
  }
  return decodeObject(value, type, path, ctx);
}

function decodeObject(value: unknown, type: ObjectType, path: string, ctx: Context): any {
  if (typeof value !== 'object' || Array.isArray(value)) return bad(ctx, path, value, 'must be an object');
  const source = value as { [name: string]: unknown };
  let result: { [name: string]: unknown } | undefined;
  const names = Object.keys(source);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const raw = source[name];
    const field = type.fieldMap.get(name);
    if (!field) {
      const fieldPath = child(path, name);
      const suggestion = closest(name, Object.keys(type.fields));
      ctx.out.unknownField('HPA126', fieldPath, `strict decoding error: unknown field "${fieldPath}"`,
        suggestion ? `did you mean "${suggestion}"?` : `remove it; known fields here: ${Object.keys(type.fields).join(', ')}`);
      result ??= copyUpTo(source, names, i);
      continue;
    }
    const unavailable = raw == null || !field.available ? undefined : field.available(ctx);
    if (unavailable) {
      if (!unavailable.silent) {
        const fieldPath = child(path, name);
        if (unavailable.forbidden) {
          ctx.out.forbidden(unavailable.ruleId, fieldPath, unavailable.detail, unavailable.fix);
        } else {
          ctx.out.unknownField(unavailable.ruleId, fieldPath, unavailable.detail, unavailable.fix);
        }
      }
      if (unavailable.dropped) {
        result ??= copyUpTo(source, names, i);
        continue;
      }
    }
    const decoded = decodeValue(raw, field.type, path, name, ctx);
    if (decoded !== raw) result ??= copyUpTo(source, names, i);
    if (result && decoded !== undefined) result[name] = decoded;
  }
  return result ?? value;
}

/** The fields before `names[end]`: all decoded unchanged, or the copy would have started earlier. */
function copyUpTo(source: { [name: string]: unknown }, names: string[], end: number): { [name: string]: unknown } {
  const copy: { [name: string]: unknown } = {};
  for (let i = 0; i < end; i++) copy[names[i]] = source[names[i]];
  return copy;
}

function decodeQuantity(value: unknown, parent: string, name: string | number | undefined, ctx: Context): unknown {
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
    return bad(ctx, pathOf(parent, name), value, 'must be a quantity: a string such as "500m" or "1Gi", or a number');
  }
  const parsed = parseQuantity(value);
  if (!parsed.ok) {
    ctx.out.invalid('HPA125', pathOf(parent, name), value, parsed.error, 'write a quantity such as "100", "500m", "0.5" or "1Gi"');
    return BAD;
  }
  return value;
}

function decodeStringMap(value: unknown, path: string, ctx: Context): unknown {
  if (typeof value !== 'object' || Array.isArray(value)) return bad(ctx, path, value, 'must be an object of strings');
  const source = value as { [k: string]: unknown };
  for (const k in source) {
    const v = source[k];
    if (typeof v !== 'string') {
      // Rare: copy, dropping nulls and marking non-strings.
      const result: { [k: string]: unknown } = {};
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

function bad(ctx: Context, path: string, value: unknown, detail: string): typeof BAD {
  ctx.out.invalid('HPA127', path || '<root>', value, detail);
  return BAD;
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** The known name closest to a misspelt one, if it is close. */
function closest(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const c of candidates) {
    const a = name.toLowerCase();
    const b = c.toLowerCase();
    const d = a === b ? 0 : (a.length >= 4 && (b.startsWith(a) || a.startsWith(b))) ? 1 : editDistance(name, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return 99;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}
