/**
 * `parse` with its results kept, for parsers of values that manifests repeat (a few quantities
 * and durations); the memory is emptied past `limit` entries.
 */
export function memoize<K, V>(parse: (input: K) => V, limit = 1000): (input: K) => V {
  const cache = new Map<K, V>();
  return input => {
    const known = cache.get(input);
    if (known !== undefined || cache.has(input)) return known!;
    if (cache.size > limit) cache.clear();
    const parsed = parse(input);
    cache.set(input, parsed);
    return parsed;
  };
}

/**
 * A loader that calls `load` (a `require` of a module below the caller) on its first call and
 * returns the same module after: the front ends load the engines the first time they use them,
 * so `require('cdk8s-hpa')` stays cheap for apps that only build HPAs until synth.
 */
export function onFirstUse<T>(load: () => T): () => T {
  let module: T | undefined;
  return () => (module ??= load());
}
