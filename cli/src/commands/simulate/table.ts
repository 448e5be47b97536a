/**
 * The text report of `cdk8s-hpa simulate`: the syncs that changed the replicas, a fallback or a
 * condition, the metrics no sync read, the end state and the requests.
 */
import { ConditionStatus, ConditionType, HorizontalPodAutoscalerCondition, MetricStepResult, SimulatedMetric, SimulationResult, SimulationStep } from 'cdk8s-hpa/lib/toolkit';
import { RunNoteLines } from './notes';

/**
 * The conditions whose changes the table shows: ExternalMetricFallbackActive is shown as each
 * metric's fallback, and ScaledToZero only as it comes (True) and goes (no longer True).
 */
const SHOWN_CONDITIONS = [ConditionType.ABLE_TO_SCALE, ConditionType.SCALING_ACTIVE, ConditionType.SCALING_LIMITED, ConditionType.SCALED_TO_ZERO];

/**
 * AbleToScale reasons the table does not show as changes: SucceededRescale says what the row's
 * replicas say; SucceededGetScale that the sync stopped after reading the scale, which its error
 * and ScalingActive say.
 */
const UNSHOWN_ABLE_TO_SCALE = ['SucceededRescale', 'SucceededGetScale'];

/** The conditions of a sync that went as syncs usually go: a condition first set so is no change to show. */
const USUAL_TEXT = new Map<ConditionType, string>([
  { type: ConditionType.ABLE_TO_SCALE, status: ConditionStatus.TRUE, reason: 'ReadyForNewScale' },
  { type: ConditionType.SCALING_ACTIVE, status: ConditionStatus.TRUE, reason: 'ValidMetricFound' },
  { type: ConditionType.SCALING_LIMITED, status: ConditionStatus.FALSE, reason: 'DesiredWithinRange' },
].map(c => [c.type, conditionText(c)]));

/**
 * One row per sync that changed the replicas, a metric's fallback (active, inactive), a
 * condition (`Type=Status/Reason`, a condition first set compared with the usual state) or the
 * sync's error (a new one, or `error cleared`): time, replicas before -> after, desired, per
 * metric `usage -> proposal`, the changes and the sync's error; a row for each `scaleTo` of the
 * trace; then the metrics no sync read, `final replicas: N ...` and the request of each
 * Utilization metric (`notes`).
 */
export function formatSimulationTable(result: SimulationResult, notes: RunNoteLines = { unread: [], requests: [] }): string {
  const header = ['time', 'replicas', 'desired', ...result.metrics.map(metricHeader), 'changes / error'];
  const rows: string[][] = [];
  let changes = 0;
  let replicas = result.steps[0]?.currentReplicas;
  const shown = new Map<ConditionType, string>();
  const fallback = result.metrics.map(() => false);
  let error: string | undefined;
  for (const s of result.steps) {
    if (s.currentReplicas !== replicas) {
      // A scaleTo of the trace, applied before this sync.
      changes++;
      rows.push([`${s.time}s`, `${replicas} -> ${s.currentReplicas}`, '', ...result.metrics.map(() => ''), 'scaled by hand (scaleTo)']);
    }
    const changed = [...fallbackChanges(result.metrics, s, fallback), ...conditionChanges(s, shown)];
    if (s.error === undefined && error !== undefined) changed.push('error cleared');
    const scaled = s.replicas !== s.currentReplicas;
    if (scaled || changed.length > 0 || s.error !== error) {
      if (scaled) changes++;
      rows.push([
        `${s.time}s`,
        scaled ? `${s.currentReplicas} -> ${s.replicas}` : String(s.replicas),
        String(s.desiredReplicas),
        ...result.metrics.map(m => metricCell(m, s.metrics.find(r => r.metric === m.id))),
        [...changed, ...(s.error !== undefined ? [`error: ${s.error.replace(/\r?\n/g, '\\n')}`] : [])].join('; '),
      ]);
    }
    replicas = s.replicas;
    error = s.error;
  }
  const lines = rows.length > 0 ? alignColumns([header, ...rows]) : ['no sync changed the replicas, a fallback or a condition'];
  lines.push(...notes.unread);
  const last = result.steps[result.steps.length - 1];
  if (last) {
    lines.push(`final replicas: ${last.replicas} at ${last.time}s (${result.steps.length} syncs, ${changes} changes)`);
  }
  lines.push(...notes.requests);
  return lines.map(line => `${line}\n`).join('');
}

function metricHeader(m: SimulatedMetric): string {
  return `${m.id} (${formatValue(m.target, m)})`;
}

/** `200% -> 8`, `fallback -> 4`, `error`, or `-` when the sync read no metrics. */
function metricCell(m: SimulatedMetric, r: MetricStepResult | undefined): string {
  if (!r) return '-';
  const usage = r.usage !== undefined ? formatValue(r.usage, m) : r.error !== undefined ? 'error' : '?';
  if (r.proposal === undefined) return usage;
  return `${usage} -> ${r.proposal}${r.fallbackActive ? ' (fallback)' : ''}`;
}

function formatValue(v: number, m: SimulatedMetric): string {
  return `${Number(v.toPrecision(6))}${m.targetType === 'Utilization' ? '%' : ''}`;
}

/** `queue_depth fallback active` where a metric's fallback started or ended at this sync; `fallback` holds the last state. */
function fallbackChanges(metrics: readonly SimulatedMetric[], s: SimulationStep, fallback: boolean[]): string[] {
  if (s.metrics.length === 0) return [];
  return metrics.flatMap((m, i) => {
    const active = s.metrics.find(r => r.metric === m.id)?.fallbackActive === true;
    if (active === fallback[i]) return [];
    fallback[i] = active;
    return [`${m.id} fallback ${active ? 'active' : 'inactive'}`];
  });
}

/**
 * `ScalingActive=False/FailedGetResourceMetric` for each shown condition that changed at this
 * sync; `shown` holds the last of each set, a condition first set compared with the usual.
 */
function conditionChanges(s: SimulationStep, shown: Map<ConditionType, string>): string[] {
  return SHOWN_CONDITIONS.flatMap(type => {
    const c = s.conditions.find(x => x.type === type);
    if (type === ConditionType.ABLE_TO_SCALE && c !== undefined && UNSHOWN_ABLE_TO_SCALE.includes(c.reason ?? '')) return [];
    // ScaledToZero counts as it comes and goes: False and absent both say "not at zero".
    const counted = type === ConditionType.SCALED_TO_ZERO && c?.status !== ConditionStatus.TRUE ? undefined : c;
    const text = counted && conditionText(counted);
    const before = shown.get(type);
    if (text === undefined) {
      if (before === undefined) return [];
      shown.delete(type);
      return [c === undefined ? `${type} removed` : conditionText(c)];
    }
    shown.set(type, text);
    return text === (before ?? USUAL_TEXT.get(type)) ? [] : [text];
  });
}

function conditionText(c: Pick<HorizontalPodAutoscalerCondition, 'type' | 'status' | 'reason'>): string {
  return `${c.type}=${c.status}/${c.reason ?? ''}`;
}

/** Left-aligned columns two spaces apart (the first right-aligned, unless `leftFirst`); no trailing spaces. */
export function alignColumns(rows: string[][], leftFirst = false): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => r[c].length)));
  return rows.map(r => r
    .map((cell, c) => (c === 0 && !leftFirst ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
    .join('  ')
    .trimEnd());
}
