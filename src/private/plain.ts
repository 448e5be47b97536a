/** Returned by `plainJson` when a value holds something other than plain JSON data. */
export const NOT_PLAIN = Symbol('not plain JSON');

/**
 * A copy of `value` without `undefined` and `null` members, as cdk8s writes it, or `NOT_PLAIN`
 * when it holds a token or any other class instance that only cdk8s's resolver can render.
 * Much cheaper than resolving, for values the library built itself. With `sortKeys`, each
 * object's keys are sorted and a list with a missing item is `NOT_PLAIN`: the copy is then what
 * cdk8s's `ApiObject.toJson()` renders for plain data.
 */
export function plainJson(value: unknown, sortKeys = false): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const result: unknown[] = [];
    for (const item of value) {
      const copy = plainJson(item, sortKeys);
      if (copy === NOT_PLAIN || (copy == null && sortKeys)) return NOT_PLAIN;
      if (copy != null) result.push(copy);
    }
    return result;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_PLAIN;
  const result: { [key: string]: unknown } = {};
  const keys = Object.keys(value);
  if (sortKeys) keys.sort();
  for (const key of keys) {
    const copy = plainJson((value as { [key: string]: unknown })[key], sortKeys);
    if (copy === NOT_PLAIN) return NOT_PLAIN;
    if (copy != null) result[key] = copy;
  }
  return result;
}

/**
 * Whether two values of plain JSON data are the same: equal primitives (`Object.is`), lists of
 * the same items, objects with the same keys in the same order and the same values. Anything
 * else (a class instance, say) is never the same as another value.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (!sameJson(a[i], b[i])) return false;
    }
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  for (let i = 0; i < aKeys.length; i++) {
    const key = aKeys[i];
    if (key !== bKeys[i] || !sameJson((a as { [key: string]: unknown })[key], (b as { [key: string]: unknown })[key])) return false;
  }
  return true;
}

/**
 * Whether `plainJson(value)` is `sameJson` to `plain`, without making the copy: false also when
 * `value` is not plain.
 */
export function plainJsonEquals(value: unknown, plain: unknown): boolean {
  if (value === null || typeof value !== 'object') return Object.is(value, plain);
  if (typeof plain !== 'object' || plain === null) return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(plain)) return false;
    let j = 0;
    for (const item of value) {
      if (item == null) continue;
      if (j >= plain.length || !plainJsonEquals(item, plain[j])) return false;
      j++;
    }
    return j === plain.length;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype || Array.isArray(plain) || Object.getPrototypeOf(plain) !== Object.prototype) return false;
  const plainKeys = Object.keys(plain);
  let j = 0;
  for (const key of Object.keys(value)) {
    const item = (value as { [key: string]: unknown })[key];
    if (item == null) continue;
    // plainJson's copy would set a prototype for this key: leave it to plainJson and sameJson.
    if (key === '__proto__') return false;
    if (j >= plainKeys.length || plainKeys[j] !== key || !plainJsonEquals(item, (plain as { [key: string]: unknown })[key])) return false;
    j++;
  }
  return j === plainKeys.length;
}
