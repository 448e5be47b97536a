import { Duration } from 'cdk8s';

/**
 * Seconds in a Duration, without throwing: a Duration that is not a whole number of seconds
 * comes back fractional, for the validator to report.
 */
export function durationSeconds(duration: Duration): number {
  return duration.toSeconds({ integral: false });
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
