/**
 * The events the HPA controller recorded about an HPA (core/v1 Events from its event recorder, or
 * the same read through events.k8s.io/v1), as the index matched them: which metric failed how
 * often, and what the controller last did.
 */
import { metricSelector, selectorText } from './commands';
import { HpaEventSummary } from './hpa-explanation';
import { isObject } from '../model/values';
import { FAILED_GET_REASON } from '../simulation/conditions';
import { SimMetric } from '../simulation/hpa-spec';

/** Every event, one summary each, oldest last occurrence first; messages as `plainMessage` words them. */
export function readEvents(events: ReadonlyArray<{ readonly [key: string]: any }>, hpa: { readonly [key: string]: any }): HpaEventSummary[] {
  return events.filter(isObject).map(e => {
    const series = isObject(e.series) ? e.series : {};
    const count = typeof e.count === 'number' ? e.count
      : typeof series.count === 'number' ? series.count
        : typeof e.deprecatedCount === 'number' ? e.deprecatedCount : 1;
    return {
      type: String(e.type ?? ''),
      reason: String(e.reason ?? ''),
      message: plainMessage(String(e.message ?? e.note ?? ''), hpa),
      count: Math.max(1, count),
      firstTime: time(e.firstTimestamp ?? e.deprecatedFirstTimestamp ?? e.eventTime),
      lastTime: time(e.lastTimestamp ?? series.lastObservedTime ?? e.deprecatedLastTimestamp ?? e.eventTime ?? e.firstTimestamp),
    };
  }).map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.lastTime ?? '').localeCompare(b.e.lastTime ?? '') || a.i - b.i)
    .map(({ e }) => e);
}

/** How often the controller failed to read `metric`, by its `FailedGet<Type>Metric` events. */
export interface MetricFailures {
  /** The number of failed reads the events count. */
  readonly count: number;
  readonly firstTime?: string;
  readonly lastTime?: string;
  /** The newest event's message. */
  readonly message: string;
}

/**
 * The failures of one metric among the events: those of its type's reason that name it (the
 * controller's messages name the resource, the metric, or `<namespace>/<metric>/` for an External
 * metric), or all of its reason when the spec has no other metric of that type.
 */
export function failuresOf(metric: SimMetric, metrics: readonly SimMetric[], events: readonly HpaEventSummary[]): MetricFailures | undefined {
  const reason = FAILED_GET_REASON[metric.type];
  const alone = metrics.filter(m => m.type === metric.type).length === 1;
  const name = metric.type === 'Resource' || metric.type === 'ContainerResource' ? metric.resource ?? metric.id : metric.id;
  const names = new RegExp(`(^|[\\s/])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([\\s/:]|$)`);
  const found = events.filter(e => e.reason === reason && (alone || names.test(e.message)));
  if (found.length === 0) return undefined;
  const last = found[found.length - 1];
  return {
    count: found.reduce((n, e) => n + e.count, 0),
    firstTime: found.map(e => e.firstTime).filter((t): t is string => t !== undefined).sort()[0],
    lastTime: last.lastTime,
    message: last.message,
  };
}

/** The newest event of a reason. */
export function lastEvent(events: readonly HpaEventSummary[], reason: string): HpaEventSummary | undefined {
  return [...events].reverse().find(e => e.reason === reason);
}

function time(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/**
 * A message of the controller without Go's printing of a label selector: the External metric
 * `ns/name/&LabelSelector{MatchLabels:map[string]string{...},...}` (or `ns/name/nil`) of an error,
 * and `name(&LabelSelector{...})` (or `name(nil)`) of a rescale reason, become
 * `"name" (selector queue=orders)`, the selector read from the HPA's spec. Up to 1.37 the rescale
 * reason of an Object metric with an AverageValue target is that External form too
 * (horizontal.go `computeStatusForObjectMetric`); it is worded as 1.38 writes it for both target
 * types, `<Kind> metric <name>`, the describedObject's kind.
 */
export function plainMessage(message: string, hpa: { readonly [key: string]: any }): string {
  const start = /external metric (?:([^\s/()]+)\/([^\s/()]+)\/|([^\s/()]+)\()(&LabelSelector\{|nil)/g;
  const metrics: any[] = Array.isArray(hpa.spec?.metrics) ? hpa.spec.metrics : [];
  const named = (type: string, name: string) => metrics.findIndex(x => isObject(x) && x.type === type
    && (type === 'External' ? x.external : x.object)?.metric?.name === name);
  let out = '';
  let from = 0;
  for (let m = start.exec(message); m !== null; m = start.exec(message)) {
    let end = m.index + m[0].length;
    if (m[4] !== 'nil') {
      // The struct's braces nest; it ends where they balance.
      let depth = 1;
      while (end < message.length && depth > 0) {
        if (message[end] === '{') depth++;
        else if (message[end] === '}') depth--;
        end++;
      }
    }
    const reasonForm = m[3] !== undefined;
    if (reasonForm && message[end] === ')') end++;
    const name = reasonForm ? m[3] : m[2];
    const index = named('External', name);
    const object = reasonForm && index < 0 ? named('Object', name) : -1;
    if (object >= 0) {
      out += `${message.slice(from, m.index)}${String(metrics[object].object?.describedObject?.kind ?? 'Object')} metric ${name}`;
    } else {
      const selector = index >= 0 ? selectorText(metricSelector(hpa, index)) : 'its selector';
      out += `${message.slice(from, m.index)}external metric "${name}" (${selector === 'no selector' ? selector : `selector ${selector}`})`;
    }
    from = end;
    start.lastIndex = end;
  }
  return out + message.slice(from);
}
