import {
  ApiObject, ApiObjectMetadataDefinition, App, ImplicitTokenResolver, Lazy, LazyResolver, NumberStringUnionResolver,
} from 'cdk8s';
import { NOT_PLAIN } from './plain';

/**
 * The fields of cdk8s's `ApiObjectMetadataDefinition`, in order: what its `toJson()` renders
 * (the added attributes, then name, namespace, annotations, finalizers, owner references and
 * labels over them). Metadata with any other set of fields takes `toJson()`.
 */
const METADATA_FIELDS = ['name', 'namespace', 'labels', 'annotations', 'finalizers', 'ownerReferences', 'apiObject', '_additionalAttributes'];

/** cdk8s's own resolvers, in the order `App` sets them when given none. */
const DEFAULT_RESOLVERS = [LazyResolver.prototype, ImplicitTokenResolver.prototype, NumberStringUnionResolver.prototype];

/**
 * What `apiObject.metadata.toJson()` returns, without cdk8s's resolver walk, or `NOT_PLAIN`
 * when it cannot be had that way (the caller then calls `toJson()`).
 *
 * `toJson()` resolves the metadata with the app's resolvers and sanitizes it: members that are
 * `null` or `undefined`, empty lists and empty objects left out, object keys sorted. cdk8s's own
 * resolvers leave plain JSON data (strings, numbers, booleans, plain objects and lists) as it
 * is and replace a `Lazy` with what it produces, so for such metadata, in an app with only those
 * resolvers, sanitizing a copy is the same result at a fraction of the cost. `own` gives what
 * one of the caller's own `Lazy` values produces, and `NOT_PLAIN` for any other value.
 * Anything else (a token, a class instance, a custom resolver, metadata of another shape) is
 * `NOT_PLAIN`.
 */
export function plainMetadataJson(apiObject: ApiObject, own: (lazy: Lazy) => unknown): unknown {
  const meta = apiObject.metadata as unknown as { [field: string]: any };
  if (Object.getPrototypeOf(meta) !== ApiObjectMetadataDefinition.prototype || meta.apiObject !== apiObject) return NOT_PLAIN;
  const fields = Object.keys(meta);
  if (fields.length !== METADATA_FIELDS.length) return NOT_PLAIN;
  for (let i = 0; i < fields.length; i++) {
    if (fields[i] !== METADATA_FIELDS[i]) return NOT_PLAIN;
  }
  if (!hasDefaultResolvers(apiObject)) return NOT_PLAIN;
  const attributes = meta._additionalAttributes;
  if (!isPlainObject(attributes)) return NOT_PLAIN;
  if (Object.keys(attributes).every(key => RENDERED_FIELDS.has(key))) {
    // The fields `toJson()` puts over the attributes are all there is: its result holds them
    // only, in sorted key order.
    const result: { [key: string]: unknown } = {};
    if (!(put(result, 'annotations', meta.annotations, own) && put(result, 'finalizers', meta.finalizers, own)
      && put(result, 'labels', meta.labels, own) && put(result, 'name', meta.name, own)
      && put(result, 'namespace', meta.namespace, own) && put(result, 'ownerReferences', meta.ownerReferences, own))) {
      return NOT_PLAIN;
    }
    return Object.keys(result).length === 0 ? undefined : result;
  }
  // What `toJson()` spreads, copied key by key: spreading the attributes, an object cdk8s
  // deleted a key from, costs more than all the rest.
  const merged: { [key: string]: unknown } = {};
  for (const key of Object.keys(attributes)) {
    if (key === '__proto__') return NOT_PLAIN;
    merged[key] = attributes[key];
  }
  merged.name = meta.name;
  merged.namespace = meta.namespace;
  merged.annotations = meta.annotations;
  merged.finalizers = meta.finalizers;
  merged.ownerReferences = meta.ownerReferences;
  merged.labels = meta.labels;
  return sanitized(merged, own);
}

/**
 * What `apiObject.toJson()` returns for an API object whose props are its API version, its kind,
 * its metadata and `spec`, without cdk8s's resolver walk; `NOT_PLAIN` when it cannot be had
 * that way (JSON patches, key sorting turned off with `CDK8S_DISABLE_SORT`, or what makes
 * `plainMetadataJson` give up). `toJson()` resolves and sanitizes the whole object, metadata
 * included (`metadata.toJson()`, already sanitized): object keys sorted, `null` and `undefined`
 * members left out, then `apiVersion`, `kind` and `metadata` put first.
 */
export function plainApiObjectJson(apiObject: ApiObject, spec: unknown, own: (lazy: Lazy) => unknown): unknown {
  if (process.env.CDK8S_DISABLE_SORT || hasJsonPatches(apiObject)) return NOT_PLAIN;
  const metadata = plainMetadataJson(apiObject, own);
  if (metadata === NOT_PLAIN) return NOT_PLAIN;
  const specJson = sanitized(spec, own, false);
  if (specJson === NOT_PLAIN) return NOT_PLAIN;
  const result: { [key: string]: unknown } = { apiVersion: apiObject.apiVersion, kind: apiObject.kind };
  if (metadata !== undefined) result.metadata = metadata;
  if (specJson !== undefined) result.spec = specJson;
  return result;
}

/** Whether `addJsonPatch()` was called on `apiObject` (or cdk8s keeps its patches elsewhere now: then true). */
export function hasJsonPatches(apiObject: ApiObject): boolean {
  return (apiObject as unknown as { patches?: unknown[] }).patches?.length !== 0;
}

/** The fields `toJson()` renders over the added attributes. */
const RENDERED_FIELDS = new Set(['name', 'namespace', 'annotations', 'finalizers', 'ownerReferences', 'labels']);

/** Sets `result[key]` to the sanitized `value`, unless that is `undefined`; false when it is not plain. */
function put(result: { [key: string]: unknown }, key: string, value: unknown, own: (lazy: Lazy) => unknown): boolean {
  const item = typeof value === 'string' ? value : sanitized(value, own);
  if (item === NOT_PLAIN) return false;
  if (item !== undefined) result[key] = item;
  return true;
}

function hasDefaultResolvers(apiObject: ApiObject): boolean {
  const resolvers = (App.of(apiObject) as { resolvers?: unknown }).resolvers;
  if (!Array.isArray(resolvers) || resolvers.length !== DEFAULT_RESOLVERS.length) return false;
  for (let i = 0; i < resolvers.length; i++) {
    const resolver = resolvers[i];
    if (Object.getPrototypeOf(resolver) !== DEFAULT_RESOLVERS[i] || Object.prototype.hasOwnProperty.call(resolver, 'resolve')) return false;
  }
  return true;
}

/** An object cdk8s's resolvers walk into and its sanitizer accepts: a plain object whose `constructor` is `Object`. */
function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
    && (value as { constructor?: unknown }).constructor === Object;
}

/**
 * `sanitizeValue(resolve(value), { filterEmptyArrays: filterEmpty, filterEmptyObjects:
 * filterEmpty })` for plain data under cdk8s's own resolvers; `NOT_PLAIN` for anything else.
 * Metadata is sanitized with the filters on, the whole object (`ApiObject.toJson()`) without.
 */
function sanitized(value: unknown, own: (lazy: Lazy) => unknown, filterEmpty = true): unknown {
  if (value == null) return undefined;
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return value;
  if (type !== 'object') return NOT_PLAIN;
  if (value instanceof Lazy) {
    const produced = own(value);
    return produced === NOT_PLAIN ? NOT_PLAIN : sanitized(produced, own, filterEmpty);
  }
  if (Array.isArray(value)) {
    // A list with anything a resolver would act on, holes or another prototype is not plain.
    if (Object.getPrototypeOf(value) !== Array.prototype || isUnionOrToken(value)) return NOT_PLAIN;
    if (filterEmpty && value.length === 0) return undefined;
    const result: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return NOT_PLAIN;
      const item = sanitized(value[i], own, filterEmpty);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      // Kept in place even when undefined: the sanitizer maps lists item by item.
      result.push(item);
    }
    return result;
  }
  if (!isPlainObject(value) || typeof value.resolve === 'function') return NOT_PLAIN;
  const keys = Object.keys(value).sort();
  const result: { [key: string]: unknown } = {};
  let empty = true;
  for (const key of keys) {
    if (key === '__proto__') return NOT_PLAIN;
    const item = sanitized(value[key], own, filterEmpty);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    if (item != null) {
      result[key] = item;
      empty = false;
    }
  }
  return filterEmpty && empty ? undefined : result;
}

/** What `ImplicitTokenResolver` or `NumberStringUnionResolver` would replace in a list. */
function isUnionOrToken(value: any): boolean {
  return typeof value.resolve === 'function' || typeof value.value === 'number' || typeof value.value === 'string';
}
