/** The text report of `cdk8s-hpa simulate`: the syncs that changed the replicas, and the end state. */
import { ConditionStatus, ConditionType, MetricStepResult, SimulatedMetric, SimulationResult, SimulationStep } from 'cdk8s-hpa/lib/toolkit';

/**
 * One row per sync that changed the replicas: time, replicas before -> after, desired, per
 * metric `usage -> proposal`, and why the count was limited (ScalingLimited) or the sync's
 * error; a row for each `scaleTo` of the trace; then `final replicas: N ...`.
 */
export function formatSimulationTable(result: SimulationResult): string {
  const header = ['time', 'replicas', 'desired', ...result.metrics.map(metricHeader), 'limited / error'];
  const rows: string[][] = [];
  let replicas = result.steps[0]?.currentReplicas;
  for (const s of result.steps) {
    if (s.currentReplicas !== replicas) {
      // A scaleTo of the trace, applied before this sync.
      rows.push([`${s.time}s`, `${replicas} -> ${s.currentReplicas}`, '', ...result.metrics.map(() => ''), 'scaled by hand (scaleTo)']);
    }
    if (s.replicas !== s.currentReplicas) {
      rows.push([
        `${s.time}s`,
        `${s.currentReplicas} -> ${s.replicas}`,
        String(s.desiredReplicas),
        ...result.metrics.map(m => metricCell(m, s.metrics.find(r => r.metric === m.id))),
        note(s),
      ]);
    }
    replicas = s.replicas;
  }
  const lines = rows.length > 0 ? alignColumns([header, ...rows]) : ['no sync changed the replicas'];
  const last = result.steps[result.steps.length - 1];
  if (last) {
    lines.push(`final replicas: ${last.replicas} at ${last.time}s (${result.steps.length} syncs, ${rows.length} changes)`);
  }
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

/** The ScalingLimited reason when the count was limited, and the sync's error. */
function note(s: SimulationStep): string {
  const parts: string[] = [];
  const limited = s.conditions.find(c => c.type === ConditionType.SCALING_LIMITED);
  if (limited?.status === ConditionStatus.TRUE && limited.reason) parts.push(limited.reason);
  if (s.error !== undefined) parts.push(`error: ${s.error.replace(/\r?\n/g, '\\n')}`);
  return parts.join('; ');
}

/** Left-aligned columns two spaces apart (the first right-aligned, unless `leftFirst`); no trailing spaces. */
export function alignColumns(rows: string[][], leftFirst = false): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map(r => r[c].length)));
  return rows.map(r => r
    .map((cell, c) => (c === 0 && !leftFirst ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
    .join('  ')
    .trimEnd());
}
