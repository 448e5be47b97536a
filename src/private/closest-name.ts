/** Suggestions for misspelt names. */

/** The known name closest to a misspelt one, if it is close. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
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

/**
 * The object name closest to `name`: a misspelling of it, else the name with a prefix or suffix
 * added or dropped at a `-` (kustomize's `namePrefix`/`nameSuffix`, Helm's `<release>-` prefix),
 * the shortest such.
 */
export function closestObjectName(name: string, candidates: readonly string[]): string | undefined {
  const misspelt = closestName(name, candidates);
  if (misspelt !== undefined) return misspelt;
  let best: string | undefined;
  for (const c of candidates) {
    const [long, short] = c.length > name.length ? [c, name] : [name, c];
    const affixed = short.length > 0 && (long.startsWith(`${short}-`) || long.endsWith(`-${short}`));
    if (affixed && (best === undefined || Math.abs(c.length - name.length) < Math.abs(best.length - name.length))) best = c;
  }
  return best;
}
