/**
 * When the HPA controller's syncs start, on its own clock, and when within a sync it takes the
 * times it keeps (horizontal.go): the first recommendation once the scale is read, each later
 * one once the metrics are read, each scale event once the scale update returned.
 *
 * A sync lasts as long as its API calls: the scale read, one read per metric (when it reads the
 * metrics), the scale update (when it scales). After it, the worker puts the HPA back in the
 * work queue one period later (`AddRateLimited`); the HPA informer's resync, every period from
 * the informer's start, does the same, and the queue keeps the earlier of two ready times. So
 * where the release's syncs drift (`ControllerBehaviour.syncsDrift`), each starts one period
 * after the previous one ended, until a resync falls within a sync: from then on the resync
 * holds them on its grid. Where they do not drift, they keep to the period grid from the first.
 */
import type * as Cdk8s from 'cdk8s';
import { HpaSimulatorOptions } from './simulator-options';
import { durationSeconds, parseGoDuration, requireDuration } from '../model/duration';
import { KubernetesRelease } from '../private/kubernetes-releases';
import { onFirstUse } from '../private/memoize';

/** cdk8s, for the Durations of the command line's options: loaded only when one is given. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadCdk8s = onFirstUse(() => require('cdk8s') as typeof Cdk8s);

/** The controller's API call latencies and first-sync delay, in seconds. */
export interface SyncLatencies {
  /** One scale read or update. */
  readonly scale: number;
  /** One metrics read. */
  readonly metrics: number;
  /** From the informer's start (its resync grid's origin) to the first sync's start. */
  readonly firstSyncDelay: number;
}

/**
 * The defaults: the latencies the conformance test runs the real controller with, and the first
 * sync's delay there (client-go's cache-sync poll, 100 ms, before the worker starts).
 */
export const DEFAULT_SYNC_LATENCIES: SyncLatencies = { scale: 0.04, metrics: 0.01, firstSyncDelay: 0.1 };

/** The latencies `options` sets, the defaults for the others; throws on one that is not a non-negative Duration. */
export function syncLatencies(options: HpaSimulatorOptions): SyncLatencies {
  const seconds = (value: HpaSimulatorOptions['firstSyncDelay'], where: string, fallback: number): number => {
    requireDuration(value, `HpaSimulator options: ${where}`);
    if (value === undefined) return fallback;
    const s = durationSeconds(value);
    if (!(s >= 0) || !Number.isFinite(s)) throw new Error(`HpaSimulator options: ${where} must be a finite duration, 0 or more`);
    return s;
  };
  return {
    scale: seconds(options.apiLatency?.scale, 'apiLatency.scale', DEFAULT_SYNC_LATENCIES.scale),
    metrics: seconds(options.apiLatency?.metrics, 'apiLatency.metrics', DEFAULT_SYNC_LATENCIES.metrics),
    firstSyncDelay: seconds(options.firstSyncDelay, 'firstSyncDelay', DEFAULT_SYNC_LATENCIES.firstSyncDelay),
  };
}

/** What one sync did that its duration depends on. */
export interface SyncCalls {
  /** The metrics it read (0 when it corrected to min or max, or scaling was disabled). */
  readonly metricReads: number;
  /** Whether it updated the scale. */
  readonly rescaled: boolean;
}

/**
 * The controller's clock over the syncs of one run, in seconds since the first sync started.
 * It counts whole microseconds (latencies are rounded to them), so that days of syncs add up
 * without rounding and a time exactly a window after another is exactly that (Go counts
 * nanoseconds).
 */
export class SyncClock {
  /** When the current sync started, in microseconds. */
  private startUs = 0;
  private readonly drifts: boolean;
  private readonly periodUs: number;
  private readonly scaleUs: number;
  private readonly metricsUs: number;
  private readonly firstSyncDelayUs: number;

  constructor(release: KubernetesRelease, period: number, latencies: SyncLatencies) {
    this.drifts = release.controller.syncsDrift;
    this.periodUs = Math.round(period * 1e6);
    this.scaleUs = Math.round(latencies.scale * 1e6);
    this.metricsUs = Math.round(latencies.metrics * 1e6);
    this.firstSyncDelayUs = Math.round(latencies.firstSyncDelay * 1e6);
  }

  /** When the current sync started. */
  public get start(): number {
    return this.startUs / 1e6;
  }

  /** When the current sync read the scale: the time of a first recommendation. */
  public get scaleRead(): number {
    return (this.startUs + this.scaleUs) / 1e6;
  }

  /** When the current sync had read `metricReads` metrics: the time its stabilization and behaviors use. */
  public decided(metricReads: number): number {
    return this.decidedUs(metricReads) / 1e6;
  }

  /** When the current sync's scale update returned: the time of its scale event. */
  public scaled(metricReads: number): number {
    return (this.decidedUs(metricReads) + this.scaleUs) / 1e6;
  }

  /** Ends the current sync, which made `calls`, and moves to the next one's start. */
  public next(calls: SyncCalls): void {
    const start = this.startUs;
    const period = this.periodUs;
    if (!this.drifts) {
      this.startUs = (Math.round(start / period) + 1) * period;
      return;
    }
    const end = this.decidedUs(calls.metricReads) + (calls.rescaled ? this.scaleUs : 0);
    // The resyncs run at whole periods from the informer's start, firstSyncDelay before the
    // first sync: the first one at or after this sync's start.
    const origin = -this.firstSyncDelayUs;
    const resync = origin + Math.ceil((start - origin) / period) * period;
    this.startUs = resync <= end ? resync + period : end + period;
  }

  private decidedUs(metricReads: number): number {
    return this.startUs + this.scaleUs + metricReads * this.metricsUs;
  }
}

/** Simulator options from the command line, or why the text cannot give them. */
export type ParsedTimingArg = { readonly ok: true; readonly options: HpaSimulatorOptions } | { readonly ok: false; readonly error: string };

const LATENCY_KEYS = ['scale', 'metrics'] as const;

/**
 * `--api-latency scale=<duration>,metrics=<duration>` (either or both), durations as Go writes
 * them (`1ms`, `250us`, `0.1s`, `1m30s`): the `apiLatency` option.
 */
export function parseApiLatencyArg(text: string): ParsedTimingArg {
  const latency: { [key: string]: Cdk8s.Duration } = {};
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (!(LATENCY_KEYS as readonly string[]).includes(key) || eq < 0) {
      return { ok: false, error: `${JSON.stringify(part)} is not scale=<duration> or metrics=<duration> (e.g. scale=40ms,metrics=10ms)` };
    }
    if (latency[key] !== undefined) return { ok: false, error: `${key} is given twice in ${JSON.stringify(text)}` };
    const parsed = goDurationArg(part.slice(eq + 1).trim(), key);
    if (!parsed.ok) return parsed;
    latency[key] = parsed.duration;
  }
  return { ok: true, options: { apiLatency: latency } };
}

/** `--first-sync-delay <duration>`, a duration as Go writes it: the `firstSyncDelay` option. */
export function parseFirstSyncDelayArg(text: string): ParsedTimingArg {
  const parsed = goDurationArg(text.trim(), 'the first sync\'s delay');
  return parsed.ok ? { ok: true, options: { firstSyncDelay: parsed.duration } } : parsed;
}

/** A non-negative Go duration as a cdk8s Duration. */
function goDurationArg(text: string, what: string):
{ readonly ok: true; readonly duration: Cdk8s.Duration } | { readonly ok: false; readonly error: string } {
  const parsed = parseGoDuration(text);
  if (!parsed.ok || parsed.seconds < 0 || text.startsWith('-')) {
    const why = parsed.ok ? 'it is negative' : parsed.error;
    return { ok: false, error: `${what}: ${JSON.stringify(text)} is not a duration as Go writes it, 0 or more (1ms, 250us, 0.1s, 1m30s): ${why}` };
  }
  return { ok: true, duration: loadCdk8s().Duration.millis(parsed.seconds * 1000) };
}
