/** A simulation's steps as CSV, one row per sync. */
import { SimulationResultProps } from './simulation-step';
import { ConditionType } from '../status';

const CONDITION_COLUMNS = [
  ConditionType.ABLE_TO_SCALE, ConditionType.SCALING_ACTIVE, ConditionType.SCALING_LIMITED,
  ConditionType.SCALED_TO_ZERO, ConditionType.EXTERNAL_METRIC_FALLBACK_ACTIVE,
];

/** The steps as CSV: see `SimulationResult.toCsv()`. */
export function renderCsv(result: SimulationResultProps): string {
  const header = ['time', 'replicas', 'desiredReplicas'];
  for (const m of result.metrics) header.push(`${m.id}.usage`, `${m.id}.proposal`, `${m.id}.fallback`);
  header.push(...CONDITION_COLUMNS, 'error');
  const lines = [header.map(csvField).join(',')];
  for (const s of result.steps) {
    const row: Array<string | number> = [s.time, s.replicas, s.desiredReplicas];
    for (const m of result.metrics) {
      const r = s.metrics.find(x => x.metric === m.id);
      row.push(r?.usage ?? (r?.error !== undefined ? 'error' : ''), r?.proposal ?? '', r?.fallbackActive ? 'active' : '');
    }
    for (const type of CONDITION_COLUMNS) {
      const c = s.conditions.find(x => x.type === type);
      row.push(c ? `${c.status}/${c.reason ?? ''}` : '');
    }
    row.push(s.error ?? '');
    lines.push(row.map(csvField).join(','));
  }
  return lines.join('\n') + '\n';
}

function csvField(value: string | number): string {
  const s = String(value);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
