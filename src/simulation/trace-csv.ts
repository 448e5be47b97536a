/**
 * The trace file of `cdk8s-hpa simulate`: CSV with the header `time,metric,observation,value`,
 * one change of one metric per row, read into a `SimulationTrace`.
 */
import { MetricObservation } from './metric-observation';
import { SimulatedMetric } from './simulation-step';
import { SimulationTrace } from './simulation-trace';
import { parseDuration } from '../model/duration-arg';
import { parseQuantity } from '../model/quantity';

export const TRACE_HEADER = ['time', 'metric', 'observation', 'value'];

/** A row that cannot be read, by its 1-based line number. */
export interface TraceProblem {
  readonly line: number;
  readonly message: string;
}

export interface ParsedTrace {
  readonly trace: SimulationTrace;
  /** The latest time of a row, in seconds; 0 for a trace without rows. */
  readonly lastTime: number;
  /** Every row that could not be read, in line order; the trace is unusable when there is one. */
  readonly problems: TraceProblem[];
}

const POD_TYPES = ['Resource', 'ContainerResource', 'Pods'];
const VALUE_TYPES = ['Object', 'External'];

type RowReader = (metric: SimulatedMetric | undefined, value: string) => { observation?: MetricObservation; replicas?: number } | string;

/** The observations, by their name in the `observation` column (case-insensitive). */
const OBSERVATIONS: { readonly [name: string]: { readonly name: string; readonly types?: string[]; readonly read: RowReader } } = {
  perpodusage: { name: 'perPodUsage', types: POD_TYPES, read: (_m, v) => oneNumber(v, true, MetricObservation.perPodUsage) },
  totalusage: { name: 'totalUsage', types: POD_TYPES, read: (_m, v) => oneNumber(v, true, MetricObservation.totalUsage) },
  podsamples: { name: 'podSamples', types: POD_TYPES, read: (_m, v) => numberList(v, true, MetricObservation.podSamples) },
  value: { name: 'value', types: VALUE_TYPES, read: (_m, v) => oneNumber(v, false, MetricObservation.value) },
  series: { name: 'series', types: ['External'], read: (_m, v) => numberList(v, false, MetricObservation.series) },
  failure: { name: 'failure', read: (_m, v) => ({ observation: MetricObservation.failure(v === '' ? undefined : v) }) },
  scaleto: { name: 'scaleTo', read: (_m, v) => /^\d+$/.test(v) ? { replicas: Number(v) } : `scaleTo needs a whole number of replicas (got "${v}")` },
};
const OBSERVATION_NAMES = Object.values(OBSERVATIONS).map(o => o.name);

/**
 * Reads a trace for the HPA's `metrics`. Blank lines and lines starting with `#` are skipped;
 * fields may be quoted as in RFC 4180 (`"a, b"`, `""` for a quote), but not span lines.
 */
export function parseTraceCsv(text: string, metrics: readonly SimulatedMetric[]): ParsedTrace {
  const trace = SimulationTrace.create();
  const problems: TraceProblem[] = [];
  const byId = new Map(metrics.map(m => [m.id, m]));
  const ids = metrics.map(m => m.id).join(', ');
  let lastTime = 0;
  let headerSeen = false;

  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) return;
    const fields = splitCsvLine(raw);
    if (typeof fields === 'string') {
      problems.push({ line, message: fields });
      return;
    }
    if (!headerSeen) {
      headerSeen = true;
      if (fields.map(f => f.trim().toLowerCase()).join(',') !== TRACE_HEADER.join(',')) {
        problems.push({ line, message: `the first line must be the header ${TRACE_HEADER.join(',')} (got "${raw.trim()}")` });
      }
      return;
    }
    if (fields.length < 3 || fields.length > 4) {
      problems.push({ line, message: `has ${fields.length} field${fields.length === 1 ? '' : 's'}; a row is ${TRACE_HEADER.join(',')} (quote a value that holds a comma)` });
      return;
    }
    const [timeText, metricText, observationText, valueText = ''] = fields.map(f => f.trim());
    const time = parseDuration(timeText);
    if (!time.ok) {
      problems.push({ line, message: `time: ${time.error}` });
      return;
    }
    const kind = OBSERVATIONS[observationText.toLowerCase()];
    if (!kind) {
      problems.push({ line, message: `observation: "${observationText}" is not one of ${OBSERVATION_NAMES.join(', ')}` });
      return;
    }
    let metric: SimulatedMetric | undefined;
    if (kind.name === 'scaleTo') {
      if (metricText !== '') {
        problems.push({ line, message: `scaleTo sets the target's replicas: leave the metric empty (got "${metricText}")` });
        return;
      }
    } else {
      metric = byId.get(metricText);
      if (!metric) {
        problems.push({ line, message: `metric: unknown metric "${metricText}"; the HPA's metrics are ${ids}` });
        return;
      }
      if (kind.types && !kind.types.includes(metric.type)) {
        const fits = Object.values(OBSERVATIONS).filter(o => o.types?.includes(metric!.type)).map(o => o.name);
        problems.push({ line, message: `observation: ${kind.name} is for ${kind.types.join(', ')} metrics; "${metric.id}" is ${/^[AEIOU]/.test(metric.type) ? 'an' : 'a'} ${metric.type} metric: use ${fits.join(', ')} or failure` });
        return;
      }
    }
    const read = kind.read(metric, valueText);
    if (typeof read === 'string') {
      problems.push({ line, message: `value: ${read}` });
      return;
    }
    if (read.observation) trace.at(time.seconds, metric!.id, read.observation);
    if (read.replicas !== undefined) trace.scaleTo(time.seconds, read.replicas);
    lastTime = Math.max(lastTime, time.seconds);
  });
  if (!headerSeen) problems.push({ line: 1, message: `no header: the first line must be ${TRACE_HEADER.join(',')}` });
  return { trace, lastTime, problems };
}

/** A plain number or a Kubernetes quantity (`500m`, `2Gi`), or why not. */
function number(text: string, nonNegative: boolean): number | string {
  const q = text === '' ? undefined : parseQuantity(text);
  if (!q || !q.ok || !Number.isFinite(q.value)) return `"${text}" is not a number or quantity (such as 40, 0.5, 500m, 2Gi)`;
  const n = q.value;
  if (nonNegative && n < 0) return `"${text}" is negative: usages are 0 or more`;
  return n;
}

function oneNumber(text: string, nonNegative: boolean, make: (n: number) => MetricObservation) {
  const n = number(text, nonNegative);
  return typeof n === 'string' ? n : { observation: make(n) };
}

/** `10;20;30`: one number per pod or per series. */
function numberList(text: string, nonNegative: boolean, make: (ns: number[]) => MetricObservation) {
  const values: number[] = [];
  for (const item of text.split(';')) {
    const n = number(item.trim(), nonNegative);
    if (typeof n === 'string') return `${n}; a list is separated by semicolons (10;20;30)`;
    values.push(n);
  }
  return { observation: make(values) };
}

/** The fields of one CSV line, or why it cannot be split. */
function splitCsvLine(line: string): string[] | string {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) return 'a quoted field is not closed (a field cannot span lines)';
        field += line.slice(i, q);
        if (line[q + 1] === '"') {
          field += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      if (i < line.length && line[i] !== ',') return 'text after a closing quote; a quote inside a quoted field is written ""';
    } else {
      const comma = line.indexOf(',', i);
      const end = comma < 0 ? line.length : comma;
      field = line.slice(i, end);
      i = end;
    }
    fields.push(field);
    if (i >= line.length) return fields;
    i++; // the comma
  }
}

/** One row of a trace: from `time` on, `metric` reports `observation` with `value`; a comment line above it. */
export interface TraceRow {
  readonly time: string;
  readonly metric: string;
  readonly observation: string;
  readonly value: string;
  readonly comment?: string;
}

/** A trace file with the header and `rows`, fields quoted where `parseTraceCsv` needs it. */
export function formatTraceCsv(rows: readonly TraceRow[]): string {
  const lines = [TRACE_HEADER.join(',')];
  for (const row of rows) {
    if (row.comment !== undefined) lines.push(`# ${row.comment.replace(/\r?\n/g, ' ')}`);
    lines.push([row.time, row.metric, row.observation, row.value].map(quoteField).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** A field as CSV writes it: quoted when it holds a quote, a comma or a line break. */
function quoteField(field: string): string {
  return /[",\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
