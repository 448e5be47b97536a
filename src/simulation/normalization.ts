/**
 * What the controller does with the metrics' proposal, ported from horizontal.go:
 * stabilization over the recommendation history, rate limits from the scale-event history,
 * min/max clamping, with and without `spec.behavior`.
 *
 * Times are seconds. Window membership follows the controller as it runs: an entry recorded
 * at `r` counts at `now` iff `now - r < window` (Go: `timestamp.After(now - window)`, with
 * syncs that start a little after each multiple of the period), and is old iff
 * `now - r >= window`. The controller's clock has whole microseconds (see sync-timing.ts):
 * ages are taken to the microsecond (`secondsSince`), so that one exactly a window old is, in
 * spite of the rounding of seconds with fractions.
 */
import { SimRules } from './hpa-spec';
import { ceilToReplicas } from './replica-calculator';
import { INT32_MAX, INT32_MIN } from '../private/constants';

/** Seconds from `then` to `now`, both on the controller's clock, to the microsecond. */
export function secondsSince(now: number, then: number): number {
  return Math.round((now - then) * 1e6) / 1e6;
}

/** `timestampedRecommendation`. */
export interface Recommendation {
  recommendation: number;
  timestamp: number;
}

/** `timestampedScaleEvent`. */
export interface ScaleEvent {
  replicaChange: number;
  timestamp: number;
  outdated: boolean;
}

/** A value with the reason the controller gives for it. */
export interface Limited {
  readonly replicas: number;
  readonly reason: string;
  readonly message: string;
}

/** `scaleUpLimitFactor` and `scaleUpLimitMinimum` of the path without behavior. */
export const SCALE_UP_LIMIT_FACTOR = 2.0;
export const SCALE_UP_LIMIT_MINIMUM = 4.0;


/** `stabilizeRecommendation` (no behavior): the max over the downscale window; records the proposal. */
export function stabilizeRecommendation(recs: Recommendation[], now: number, windowSeconds: number, desired: number): number {
  const stabilized = maxOverDownscaleWindow(recs, now, windowSeconds, desired);
  recordRecommendation(recs, stabilized.oldIndex, desired, now);
  return stabilized.replicas;
}

/** Where a recommendation goes: the last one outside every window, or the end of the list. */
export interface Slot {
  /** The index of the last recommendation outside every window; -1 for none. */
  readonly oldIndex: number;
}

/** `stabilizeRecommendation` without recording the proposal. */
export function maxOverDownscaleWindow(
  recs: Recommendation[], now: number, windowSeconds: number, desired: number,
): Slot & { readonly replicas: number } {
  let max = desired;
  let oldIndex = -1;
  for (let i = 0; i < recs.length; i++) {
    const rec = recs[i];
    if (outsideDownscaleWindow(secondsSince(now, rec.timestamp), windowSeconds)) {
      oldIndex = i;
    } else if (rec.recommendation > max) {
      max = rec.recommendation;
    }
  }
  return { replicas: max, oldIndex };
}

/**
 * Without behavior: whether a recommendation `age` seconds old is out of the downscale window,
 * and so for good (`Before(cutoff)` upstream: one exactly a window old still counts).
 */
export function outsideDownscaleWindow(age: number, windowSeconds: number): boolean {
  return age > windowSeconds;
}

/** With behaviors: whether a recommendation `age` seconds old is out of both stabilization windows, and so for good. */
export function outsideBehaviorWindows(age: number, up: SimRules, down: SimRules): boolean {
  return age >= up.stabilizationWindowSeconds && age >= down.stabilizationWindowSeconds;
}

/** Records `desired` at `now` in the slot a stabilization found (replacing an old one, or appended). */
export function recordRecommendation(recs: Recommendation[], oldIndex: number, desired: number, now: number): void {
  const rec = { recommendation: desired, timestamp: now };
  if (oldIndex >= 0) recs[oldIndex] = rec;
  else recs.push(rec);
}

/** `calculateScaleUpLimit`: `max(2 * current, 4)`. */
export function calculateScaleUpLimit(current: number): number {
  return Math.trunc(Math.max(SCALE_UP_LIMIT_FACTOR * current, SCALE_UP_LIMIT_MINIMUM));
}

/** `convertDesiredReplicasWithRules` (no behavior). */
export function convertDesiredReplicasWithRules(current: number, desired: number, min: number, max: number): Limited {
  const scaleUpLimit = calculateScaleUpLimit(current);
  let maximumAllowed: number;
  let limiting: Limited;
  if (max > scaleUpLimit) {
    maximumAllowed = scaleUpLimit;
    limiting = { replicas: scaleUpLimit, reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' };
  } else {
    maximumAllowed = max;
    limiting = { replicas: max, reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' };
  }
  if (desired < min) {
    return { replicas: min, reason: 'TooFewReplicas', message: 'the desired replica count is less than the minimum replica count' };
  }
  if (desired > maximumAllowed) return limiting;
  return { replicas: desired, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
}

/** The result of `stabilizeRecommendationWithBehaviors`. */
export interface Stabilized {
  readonly replicas: number;
  readonly reason: string;
  readonly message: string;
}

/**
 * `stabilizeRecommendationWithBehaviors`: the current count clamped into
 * [min over the up window, max over the down window], both windows including the proposal.
 * Records the proposal.
 */
export function stabilizeWithBehaviors(
  recs: Recommendation[], now: number, current: number, desired: number, up: SimRules, down: SimRules,
): Stabilized {
  const stabilized = clampToBehaviorWindows(recs, now, current, desired, up, down);
  recordRecommendation(recs, stabilized.oldIndex, desired, now);
  return stabilized;
}

/** `stabilizeRecommendationWithBehaviors` without recording the proposal. */
export function clampToBehaviorWindows(
  recs: Recommendation[], now: number, current: number, desired: number, up: SimRules, down: SimRules,
): Stabilized & Slot {
  const upW = up.stabilizationWindowSeconds;
  const downW = down.stabilizationWindowSeconds;
  let upRec = desired;
  let downRec = desired;
  let oldIndex = -1;
  for (let i = 0; i < recs.length; i++) {
    const rec = recs[i];
    const old = secondsSince(now, rec.timestamp);
    if (old < upW && rec.recommendation < upRec) upRec = rec.recommendation;
    if (old < downW && rec.recommendation > downRec) downRec = rec.recommendation;
    if (outsideBehaviorWindows(old, up, down)) oldIndex = i;
  }
  let stabilized = current;
  if (stabilized < upRec) stabilized = upRec;
  if (stabilized > downRec) stabilized = downRec;
  return desired >= current
    ? { replicas: stabilized, reason: 'ScaleUpStabilized', message: 'recent recommendations were lower than current one, applying the lowest recent recommendation', oldIndex }
    : { replicas: stabilized, reason: 'ScaleDownStabilized', message: 'recent recommendations were higher than current one, applying the highest recent recommendation', oldIndex };
}

/** `getReplicasChangePerPeriod`: the changes recorded less than `period` seconds ago. */
export function getReplicasChangePerPeriod(periodSeconds: number, events: ScaleEvent[], now: number): number {
  let replicas = 0;
  for (const e of events) {
    if (secondsSince(now, e.timestamp) < periodSeconds) replicas += e.replicaChange;
  }
  return replicas;
}

/** `calculateScaleUpLimitWithScalingRules`. */
export function calculateScaleUpLimitWithScalingRules(
  current: number, upEvents: ScaleEvent[], downEvents: ScaleEvent[], rules: SimRules, now: number, saturates: boolean,
): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const isMin = rules.selectPolicy === 'Min';
  let result = isMin ? INT32_MAX : INT32_MIN;
  for (const policy of rules.policies) {
    const added = getReplicasChangePerPeriod(policy.periodSeconds, upEvents, now);
    const deleted = getReplicasChangePerPeriod(policy.periodSeconds, downEvents, now);
    const start = current - added + deleted;
    let proposed = result;
    // int32 addition wraps in Go: a Pods value near 2^31 gives a negative limit, which freezes scale-up.
    if (policy.type === 'Pods') proposed = wrapInt32(start + policy.value);
    else if (policy.type === 'Percent') proposed = ceilToReplicas(start * (1 + policy.value / 100), saturates);
    result = isMin ? Math.min(result, proposed) : Math.max(result, proposed);
  }
  return result;
}

/** `calculateScaleDownLimitWithBehaviors`. */
export function calculateScaleDownLimitWithBehaviors(
  current: number, upEvents: ScaleEvent[], downEvents: ScaleEvent[], rules: SimRules, now: number,
): number {
  if (rules.selectPolicy === 'Disabled') return current;
  const isMin = rules.selectPolicy === 'Min';
  let result = isMin ? INT32_MIN : INT32_MAX;
  for (const policy of rules.policies) {
    const added = getReplicasChangePerPeriod(policy.periodSeconds, upEvents, now);
    const deleted = getReplicasChangePerPeriod(policy.periodSeconds, downEvents, now);
    const start = current - added + deleted;
    let proposed = result;
    if (policy.type === 'Pods') proposed = start - policy.value;
    else if (policy.type === 'Percent') proposed = int32(start * (1 - policy.value / 100));
    result = isMin ? Math.max(result, proposed) : Math.min(result, proposed);
  }
  return result;
}

/** `convertDesiredReplicasWithBehaviorRate`. */
export function convertDesiredReplicasWithBehaviorRate(args: {
  readonly current: number;
  readonly desired: number;
  readonly min: number;
  readonly max: number;
  readonly up: SimRules;
  readonly down: SimRules;
  readonly upEvents: ScaleEvent[];
  readonly downEvents: ScaleEvent[];
  readonly now: number;
  /** The release's `replicaCountsSaturate`. */
  readonly saturates: boolean;
}): Limited {
  const { current, desired } = args;
  if (desired > current) {
    let limit = calculateScaleUpLimitWithScalingRules(current, args.upEvents, args.downEvents, args.up, args.now, args.saturates);
    if (limit < current) limit = current;
    let maximumAllowed = args.max;
    let reason = 'TooManyReplicas';
    let message = 'the desired replica count is more than the maximum replica count';
    if (maximumAllowed > limit) {
      maximumAllowed = limit;
      reason = 'ScaleUpLimit';
      message = 'the desired replica count is increasing faster than the maximum scale rate';
    }
    if (desired > maximumAllowed) return { replicas: maximumAllowed, reason, message };
  } else if (desired < current) {
    let limit = calculateScaleDownLimitWithBehaviors(current, args.upEvents, args.downEvents, args.down, args.now);
    if (limit > current) limit = current;
    let minimumAllowed = args.min;
    let reason = 'TooFewReplicas';
    let message = 'the desired replica count is less than the minimum replica count';
    if (minimumAllowed < limit) {
      minimumAllowed = limit;
      reason = 'ScaleDownLimit';
      message = 'the desired replica count is decreasing faster than the maximum scale rate';
    }
    if (desired < minimumAllowed) return { replicas: minimumAllowed, reason, message };
  }
  return { replicas: desired, reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' };
}

/** `storeScaleEvent` (only called when `spec.behavior` is set). */
export function storeScaleEvent(
  upEvents: ScaleEvent[], downEvents: ScaleEvent[], up: SimRules, down: SimRules, prev: number, next: number, now: number,
): void {
  const [events, period, change] = next > prev ? [upEvents, up.longestPeriod, next - prev] : [downEvents, down.longestPeriod, prev - next];
  let oldIndex = -1;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (secondsSince(now, e.timestamp) >= period) e.outdated = true; // markScaleEventsOutdated
    if (e.outdated) oldIndex = i;
  }
  const event: ScaleEvent = { replicaChange: change, timestamp: now, outdated: false };
  if (oldIndex >= 0) events[oldIndex] = event;
  else events.push(event);
}

/** Go's int32 addition of two int32 values: the sum wraps around at 2^31. */
function wrapInt32(x: number): number {
  return Number(BigInt.asIntN(32, BigInt(x)));
}

/** Go's `int32(float64)` on amd64: truncation, and MinInt32 past the int32 range. */
function int32(x: number): number {
  const t = Math.trunc(x);
  return t >= INT32_MIN && t <= INT32_MAX ? t : INT32_MIN;
}
