/** Returned by `plainJson` when a value holds something other than plain JSON data. */
export const NOT_PLAIN = Symbol('not plain JSON');

/**
 * A copy of `value` without `undefined` and `null` members, as cdk8s writes it, or `NOT_PLAIN`
 * when it holds a token or any other class instance that only cdk8s's resolver can render.
 * Much cheaper than resolving, for values the library built itself.
 */
export function plainJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const result: unknown[] = [];
    for (const item of value) {
      const copy = plainJson(item);
      if (copy === NOT_PLAIN) return NOT_PLAIN;
      if (copy != null) result.push(copy);
    }
    return result;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_PLAIN;
  const result: { [key: string]: unknown } = {};
  for (const key of Object.keys(value)) {
    const copy = plainJson((value as { [key: string]: unknown })[key]);
    if (copy === NOT_PLAIN) return NOT_PLAIN;
    if (copy != null) result[key] = copy;
  }
  return result;
}
