/**
 * Durations, in one grammar: Go's `time.ParseDuration` (src/time/format.go), which the API
 * server uses for `external.fallback.failureDuration` and the command line for its arguments;
 * and the other way, seconds written as Go writes a `time.Duration`.
 */
import type { Duration } from 'cdk8s';
import { memoize, onFirstUse } from '../private/memoize';
import { table } from '../private/table';

/** Nanoseconds per unit, as `unitMap` in src/time/format.go (`µs` is U+00B5, `μs` U+03BC). */
const UNIT_NANOSECONDS = table({
  ns: 1n,
  us: 1000n,
  µs: 1000n,
  μs: 1000n,
  ms: 1000000n,
  s: 1000000000n,
  m: 60000000000n,
  h: 3600000000000n,
});

/** `1 << 63`: the magnitude limit of a `time.Duration` (int64 nanoseconds). */
const LIMIT = 2n ** 63n;

/** Seconds, or Go's error message. */
export type ParsedGoDuration = { readonly ok: true; readonly seconds: number } | { readonly ok: false; readonly error: string };

/**
 * Go's `time.ParseDuration`, in seconds (whole nanoseconds, as Go keeps them): a sign, then
 * one or more decimal numbers each with a unit (`300ms`, `-1.5h`, `2h45m`, `.5m`, `500us`);
 * `0` alone needs no unit. Memoized: manifests repeat a few values.
 */
export const parseGoDuration: (text: string) => ParsedGoDuration = memoize(parse);

/** Seconds of a Go duration string, or undefined when it does not parse. */
export function goDurationSeconds(text: string): number | undefined {
  const parsed = parseGoDuration(text);
  return parsed.ok ? parsed.seconds : undefined;
}

function parse(original: string): ParsedGoDuration {
  const invalid: ParsedGoDuration = { ok: false, error: `time: invalid duration ${goQuote(original)}` };
  let s = original;
  let negative = false;
  if (s !== '' && (s[0] === '-' || s[0] === '+')) {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return { ok: true, seconds: 0 };
  if (s === '') return invalid;
  let total = 0n;
  while (s !== '') {
    const m = /^([0-9]*)(?:\.([0-9]*))?/.exec(s)!;
    const whole = m[1];
    const fraction = m[2];
    if (whole === '' && (fraction === undefined || fraction === '')) return invalid;
    s = s.slice(m[0].length);
    const unitText = /^[^0-9.]*/.exec(s)![0];
    s = s.slice(unitText.length);
    if (unitText === '') return { ok: false, error: `time: missing unit in duration ${goQuote(original)}` };
    const unit = UNIT_NANOSECONDS[unitText];
    if (unit === undefined) return { ok: false, error: `time: unknown unit ${goQuote(unitText)} in duration ${goQuote(original)}` };
    const v = BigInt(whole === '' ? '0' : whole);
    if (v >= LIMIT) return invalid;
    let value = v * unit;
    if (value > LIMIT) return invalid;
    if (fraction) {
      // float64(f) * (float64(unit) / scale), truncated to whole nanoseconds.
      const digits = fraction.slice(0, 18);
      value += BigInt(Math.trunc(Number(digits) * (Number(unit) / 10 ** digits.length)));
      if (value > LIMIT) return invalid;
    }
    total += value;
    if (total > LIMIT) return invalid;
  }
  if (!negative && total > LIMIT - 1n) return invalid;
  const seconds = Number(total / 1000000000n) + Number(total % 1000000000n) / 1e9;
  return { ok: true, seconds: negative ? -seconds : seconds };
}

/** `strconv.Quote` for the printable text of a duration. */
function goQuote(text: string): string {
  return JSON.stringify(text);
}

/**
 * Seconds in a Duration, without throwing: a Duration that is not a whole number of seconds
 * comes back fractional, for the validator to report.
 */
export function durationSeconds(duration: Duration): number {
  return duration.toSeconds({ integral: false });
}

/**
 * Refuses a value that is not a cdk8s `Duration` where one is expected, with what to write
 * instead: TypeScript and the jsii languages check this at compile or call time; plain
 * JavaScript does not, and would fail later with `toSeconds is not a function`. Checked by shape,
 * not with `instanceof`, so this module does not load cdk8s (the command line never needs it).
 */
export function requireDuration(value: unknown, where: string): void {
  if (value === undefined) return;
  if (typeof value === 'object' && value !== null && typeof (value as { toSeconds?: unknown }).toSeconds === 'function') return;
  const example = typeof value === 'number' && Number.isFinite(value) ? `Duration.seconds(${value})` : 'Duration.seconds(60) or Duration.minutes(5)';
  throw new Error(`${where} must be a cdk8s Duration, such as ${example}; got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
}

/** A Go `time.Duration` string as the KEPs write it: `180` -> `3m`, `90` -> `1m30s`, `3600` -> `1h`. */
export function goDurationString(seconds: number): string {
  if (!Number.isFinite(seconds)) {
    return String(seconds);
  }
  if (seconds === 0) {
    return '0s';
  }
  const sign = seconds < 0 ? '-' : '';
  let rest = Math.abs(seconds);
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  rest -= minutes * 60;
  const secs = Math.round(rest * 1e9) / 1e9;
  return sign + (hours ? `${hours}h` : '') + (minutes ? `${minutes}m` : '') + (secs ? `${secs}s` : '');
}

/** cdk8s, for Durations made from seconds: loaded only when one is made. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadCdk8s = onFirstUse(() => require('cdk8s') as typeof import('cdk8s'));

/** Seconds as a cdk8s Duration, for the command line's options. */
export function secondsDuration(seconds: number): Duration {
  return loadCdk8s().Duration.millis(seconds * 1000);
}
