/** Durations as the command line takes them: `90` (seconds), or a Go duration: `90s`, `5m`, `1h30m`, `2.5m`. */
import { parseGoDuration } from './duration';

/** Seconds, or why the text is not a duration. */
export type ParsedDuration = { readonly ok: true; readonly seconds: number } | { readonly ok: false; readonly error: string };

/** Parses a non-negative duration: plain seconds, or Go's `time.ParseDuration` grammar. */
export function parseDuration(text: string): ParsedDuration {
  const s = text.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return { ok: true, seconds: Number(s) };
  const parsed = parseGoDuration(s);
  if (parsed.ok && parsed.seconds >= 0 && !s.startsWith('-')) return { ok: true, seconds: parsed.seconds };
  return { ok: false, error: `"${text}" is not a duration (seconds, or with a unit: 90s, 5m, 1h, 1h30m)` };
}
