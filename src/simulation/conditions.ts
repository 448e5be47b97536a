/**
 * The HPA's status conditions as the controller keeps them (`setCondition`): one entry per
 * type, in the order first set; `lastTransitionTime` moves only when the status changes.
 */
import { table } from '../private/table';
import { ConditionStatus, ConditionType, HorizontalPodAutoscalerCondition } from '../status';

interface Entry {
  type: ConditionType;
  status: ConditionStatus;
  reason?: string;
  message?: string;
  /** RFC 3339. */
  since?: string;
}

/** A mutable condition list. */
export class Conditions {
  private readonly entries: Entry[] = [];
  /** The snapshot last returned, shared by the steps while the conditions read the same. */
  private last: HorizontalPodAutoscalerCondition[] | undefined;

  constructor(initial: HorizontalPodAutoscalerCondition[], private readonly formatTime: (seconds: number) => string) {
    for (const c of initial) {
      this.entries.push({ type: c.type, status: c.status, reason: c.reason, message: c.message, since: c.lastTransitionTime });
    }
  }

  /** `setCondition`. */
  public set(type: ConditionType, status: boolean, reason: string, message: string, now: number): void {
    const s = status ? ConditionStatus.TRUE : ConditionStatus.FALSE;
    let existing: Entry | undefined;
    for (const e of this.entries) if (e.type === type) existing = e;
    if (!existing) {
      this.entries.push({ type, status: s, reason, message, since: this.formatTime(now) });
      return;
    }
    if (existing.status === s && existing.reason === reason && existing.message === message) return;
    if (existing.status !== s) existing.since = this.formatTime(now);
    existing.status = s;
    existing.reason = reason;
    existing.message = message;
  }

  /** Removes a condition type. */
  public remove(type: ConditionType): void {
    const i = this.entries.findIndex(e => e.type === type);
    if (i >= 0) this.entries.splice(i, 1);
  }

  /** Whether `type` is present with status True. */
  public isTrue(type: ConditionType): boolean {
    for (const e of this.entries) if (e.type === type && e.status === ConditionStatus.TRUE) return true;
    return false;
  }

  /** The reason of `type`, if present. */
  public reason(type: ConditionType): string | undefined {
    return this.entries.find(e => e.type === type)?.reason;
  }

  /**
   * A snapshot, shared between calls while the conditions read the same (treat it as
   * read-only). A sync may change a condition and change it back: the controller sets
   * AbleToScale to SucceededGetScale first, then to what the sync decided.
   */
  public snapshot(): HorizontalPodAutoscalerCondition[] {
    if (this.last !== undefined && sameConditions(this.entries, this.last)) return this.last;
    return this.last = this.entries.map(e => ({
      type: e.type, status: e.status, reason: e.reason, message: e.message, lastTransitionTime: e.since,
    }));
  }
}

function sameConditions(entries: Entry[], snapshot: HorizontalPodAutoscalerCondition[]): boolean {
  if (entries.length !== snapshot.length) return false;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const c = snapshot[i];
    if (e.type !== c.type || e.status !== c.status || e.reason !== c.reason || e.message !== c.message || e.since !== c.lastTransitionTime) {
      return false;
    }
  }
  return true;
}

/** The ScalingActive reason of a metric that cannot be read, by source type (horizontal.go). */
export const FAILED_GET_REASON = table({
  Resource: 'FailedGetResourceMetric',
  ContainerResource: 'FailedGetContainerResourceMetric',
  Pods: 'FailedGetPodsMetric',
  Object: 'FailedGetObjectMetric',
  External: 'FailedGetExternalMetric',
});
