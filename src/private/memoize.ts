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
