/**
 * A lookup table for keys that come from outside (a manifest, an annotation, a flag): an object
 * without a prototype, so that `toString`, `constructor` or `__proto__` find nothing, as in a
 * Go map, instead of one of Object.prototype's members.
 */
export function table<V>(entries: { readonly [key: string]: V }): { readonly [key: string]: V } {
  return Object.assign(Object.create(null), entries);
}
