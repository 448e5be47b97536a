/**
 * `parse` with its results kept, for parsers of values that manifests repeat (a few quantities
 * and durations); the memory is emptied past `limit` entries.
 */
export function memoize<K, V>(parse: (input: K) => V, limit = 1000): (input: K) => V {
  const cache = new Map<K, V>();
  return input => {
    if (cache.has(input)) return cache.get(input)!;
    if (cache.size > limit) cache.clear();
    const parsed = parse(input);
    cache.set(input, parsed);
    return parsed;
  };
}
