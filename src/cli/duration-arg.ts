/** Durations as the command line takes them: `90` (seconds), `90s`, `5m`, `1h`, `1h30m`, `2.5m`. */

/** Seconds, or why the text is not a duration. */
export type ParsedDuration = { readonly ok: true; readonly seconds: number } | { readonly ok: false; readonly error: string };

const UNIT_SECONDS: { [unit: string]: number } = { h: 3600, m: 60, s: 1 };

/** Parses a non-negative duration: plain seconds, or numbers with h, m and s units in that order. */
export function parseDuration(text: string): ParsedDuration {
  const s = text.trim();
  const bad: ParsedDuration = { ok: false, error: `"${text}" is not a duration (seconds, or with a unit: 90s, 5m, 1h, 1h30m)` };
  if (/^\d+(\.\d+)?$/.test(s)) return { ok: true, seconds: Number(s) };
  if (!/^(\d+(\.\d+)?h)?(\d+(\.\d+)?m)?(\d+(\.\d+)?s)?$/.test(s) || s === '') return bad;
  let seconds = 0;
  for (const m of s.matchAll(/(\d+(?:\.\d+)?)([hms])/g)) seconds += Number(m[1]) * UNIT_SECONDS[m[2]];
  return { ok: true, seconds: Math.round(seconds * 1e6) / 1e6 };
}
