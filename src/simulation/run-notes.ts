/**
 * What a run's answer rests on, said rather than left silent: which request each Utilization
 * metric's usages were compared with and where it came from, a given request the workload
 * contradicts, usages whose size says they are in another unit than the run read them in, and
 * metrics no sync could read.
 */
import { PodRequestSource, SimulatedMetric, SimulationResultProps } from './simulation-step';
import { toMilli } from '../model/quantity';

/**
 * No usage the run read reached this percent of the request, for a CPU metric with no request
 * known: as percent, no pod ever used a tenth of its request; as cores, a pod rarely uses ten.
 */
export const CORES_BELOW_PERCENT = 10;

/** ...while the target is at least this (a target below it makes readings below 10% plausible). */
export const CORES_TARGET_AT_LEAST = 20;

/**
 * A usage at or above this percent of the request, for a memory metric with no request known:
 * a thousand times the request as percent (the pod would be killed long before), a megabyte
 * or less as bytes.
 */
export const BYTES_AT_LEAST_PERCENT = 100_000;

/** How the notes name what the user gives: the requests option, the workload. */
export interface NoteNames {
  /** The option that gives requests: `podRequests`, `--pod-request`. */
  readonly option: string;
  /** The workload, with where it is (`Deployment/web (app.yaml:4)`); else the result's `Kind/name`. */
  readonly workload?: string;
  /** Why no workload's requests are known, when none was given. */
  readonly noWorkload: string;
  /** Whether the run read a trace (usages in percent unless the option gives the request), not recorded history. */
  readonly trace: boolean;
}

/** One line per Utilization metric: the request its usages were compared with, and where it came from. */
export function requestLines(result: SimulationResultProps, names: NoteNames): string[] {
  return utilizationMetrics(result).map(({ m, resource, key }) => {
    const workload = names.workload ?? result.workload;
    const request = m.request!;
    switch (m.requestSource) {
      case PodRequestSource.POD_REQUESTS: {
        const same = m.workloadRequest !== undefined && sameAmount(m.workloadRequest, request) ? ` (${workload} requests the same)` : '';
        return `${m.id}: usages compared with a request of ${amount(request)} per ${holder(m)}, from ${names.option} ${key}=${amount(request)}${same}`;
      }
      case PodRequestSource.WORKLOAD:
        return `${m.id}: usages (${unitOf(resource)}) compared with a request of ${amount(request)} per ${holder(m)}: what ${workload} requests`;
      default: {
        if (!names.trace) return `${m.id}: no request known (${whyUnknown(m, resource, workload, names)}): usages read as percent of a request of 100`;
        const theirs = m.workloadRequest !== undefined ? `; ${workload} requests ${amount(m.workloadRequest)}: ${names.option} ${key}=${amount(m.workloadRequest)}` : `; ${names.option} ${key}=<quantity>`;
        return `${m.id}: usages are percent of the request, a trace's unit${theirs} reads them as ${unitOf(resource)}`;
      }
    }
  });
}

/**
 * Warnings about the requests: one given that the workload contradicts; no request known while
 * the usages' size says they are cores (`cpu`: every usage below 10% while the target is 20% or
 * more) or bytes (`memory`: a usage of 100000% or more).
 */
export function requestWarnings(result: SimulationResultProps, names: NoteNames): string[] {
  const out: string[] = [];
  const workload = names.workload ?? result.workload;
  for (const { m, index, resource, key } of utilizationMetrics(result)) {
    const request = m.request!;
    const theirs = m.workloadRequest;
    if (m.requestSource === PodRequestSource.POD_REQUESTS && theirs !== undefined && !sameAmount(theirs, request)) {
      const whose = m.type === 'ContainerResource' ? `whose container ${m.id.split('/')[0]} requests` : 'whose pods request';
      out.push(`${m.id}: ${names.option} ${key}=${amount(request)} contradicts ${workload}, ${whose} ${amount(theirs)} ${resource}: `
        + `the run compares the usages with ${amount(request)}, the ${names.option}'s; drop ${names.option} ${key} to use the workload's request, or correct the one that is wrong`);
    }
    if (m.requestSource !== PodRequestSource.PERCENT) continue;
    const highest = highestUsage(result, index);
    if (highest === undefined) continue;
    const suggest = `${names.option} ${key}=${theirs !== undefined ? `${amount(theirs)} (what ${workload} requests)` : '<quantity>'}`;
    const why = names.trace ? `a trace's usages are percent unless ${names.option} gives the request` : whyUnknown(m, resource, workload, names);
    if (resource === 'cpu' && highest < CORES_BELOW_PERCENT && m.target >= CORES_TARGET_AT_LEAST) {
      out.push(`${m.id}: the run read the usages as percent of the request (${why}), and every usage it read is below ${CORES_BELOW_PERCENT}% `
        + `(the highest: ${highest}%) while the target is ${m.target}%: they look like cores. If they are, give each ${holder(m)}'s request: ${suggest}`);
    } else if (resource === 'memory' && highest >= BYTES_AT_LEAST_PERCENT) {
      out.push(`${m.id}: the run read the usages as percent of the request (${why}), and one is ${highest}%, `
        + `a thousand times the request or more: they look like bytes. If they are, give each ${holder(m)}'s request: ${suggest}`);
    }
  }
  return out;
}

/**
 * One line per metric that no sync read: the controller fails it at every sync, which blocks
 * every scale-down (its fallback standing in, if it has one and the gate is on).
 */
export function unreadMetricLines(result: SimulationResultProps): string[] {
  const out: string[] = [];
  result.metrics.forEach((m, i) => {
    let error: string | undefined;
    let fallbackFrom: number | undefined;
    let fallbackReplicas: number | undefined;
    for (const s of result.steps) {
      const r = s.metrics[i];
      if (r === undefined) continue;
      if (r.usage !== undefined) return;
      error ??= r.error;
      if (r.fallbackActive && fallbackFrom === undefined) {
        fallbackFrom = s.time;
        fallbackReplicas = r.fallbackReplicas;
      }
    }
    if (error === undefined) return;
    const effect = fallbackFrom !== undefined
      ? `; its fallback of ${fallbackReplicas} replicas stood in from ${fallbackFrom}s`
      : result.metrics.length === 1 ? ', so no sync could scale (it is the HPA\'s only metric)' : ', which blocks every scale-down (the other metrics can still scale up)';
    out.push(`${m.id}: no sync read it (${error}): the controller fails the metric at every sync${effect}`);
  });
  return out;
}

/** A request as a quantity: `250m`, `1.5`, `512Mi`. */
export function amount(value: number): string {
  const milli = toMilli(value);
  if (milli % 1000 !== 0) return `${milli}m`;
  const units = value >= 1024 ? ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki'] : [];
  for (const [i, unit] of units.entries()) {
    const size = 1024 ** (6 - i);
    if (value >= size && value % size === 0) return `${value / size}${unit}`;
  }
  return String(value);
}

function utilizationMetrics(result: SimulationResultProps): Array<{ m: SimulatedMetric; index: number; resource: string; key: string }> {
  return result.metrics.flatMap((m, index) => {
    const k = result.requestKeys?.[index];
    return m.request !== undefined && k !== undefined ? [{ m, index, resource: k.resource, key: k.key }] : [];
  });
}

/** The highest usage any sync read for metric `index`; undefined when none read it. */
function highestUsage(result: SimulationResultProps, index: number): number | undefined {
  let highest: number | undefined;
  let last: unknown;
  for (const s of result.steps) {
    const r = s.metrics[index];
    // Steps that read the same share their results.
    if (r === last || r?.usage === undefined) continue;
    last = r;
    if (highest === undefined || r.usage > highest) highest = r.usage;
  }
  return highest;
}

function whyUnknown(m: SimulatedMetric, resource: string, workload: string | undefined, names: NoteNames): string {
  if (workload === undefined) return names.noWorkload;
  return `${workload} gives no ${resource} request the controller reads${m.type === 'ContainerResource' ? ' for the container' : ''}`;
}

function sameAmount(a: number, b: number): boolean {
  return toMilli(a) === toMilli(b);
}

function unitOf(resource: string): string {
  return resource === 'cpu' ? 'cores' : resource === 'memory' ? 'bytes' : `${resource}'s units`;
}

function holder(m: SimulatedMetric): string {
  return m.type === 'ContainerResource' ? 'container' : 'pod';
}
