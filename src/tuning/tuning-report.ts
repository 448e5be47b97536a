/**
 * What a tuning prints: the recommendation as the YAML to apply (construct code:
 * construct-code.ts), the trade-off front as rows. Loaded on first use (the command line reaches
 * it through the toolkit).
 */
import { TunedSpec, TuningResult } from './tuning-types';
import { duration } from '../history/replay-report';

/** An HPA manifest as YAML. */
export function specYaml(hpa: any): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('yaml') as typeof import('yaml')).stringify(hpa);
}

/** A reaction as the front's table writes it. */
function reactionText(s: TunedSpec): string {
  return s.felt.reactionSeconds === undefined ? (s.felt.requiredReplicas > 0 ? 'not reached' : '-') : duration(s.felt.reactionSeconds);
}

/**
 * The front as rows, a header first: replica-hours, each metric's share above its level, the
 * reaction, flapping, the changes. With `around`, only the specs within the limits and the
 * `around` next cheaper than the recommendation (what the limits cost), then the spec as it is;
 * `left` says how many of the front are not shown.
 */
export function frontRows(result: TuningResult, around = Infinity): { rows: string[][]; left: number } {
  const metrics = result.baseline.felt.aboveTarget;
  const head = ['replica-hours', ...metrics.map(m => `${m.metric} > ${m.level}`), 'reaction', 'dir. changes', 'within limits', 'changes'];
  const row = (s: TunedSpec, mark: string) => [
    `${s.measures.replicaHours.toFixed(1)}${mark}`,
    ...s.felt.aboveTarget.map(a => `${a.percent.toFixed(1)}%`),
    reactionText(s),
    String(s.felt.directionChanges),
    s.misses.length === 0 ? 'yes' : 'no',
    s.changes.length === 0 ? '(as it is)' : s.changes.join(' '),
  ];
  const cost = result.recommended.measures.replicaHours;
  const cheaper = result.front.filter(s => s.misses.length > 0 && s.measures.replicaHours < cost);
  const nearest = new Set(cheaper.slice(Math.max(0, cheaper.length - around)));
  const shown = result.front.filter(s => s.misses.length === 0 || s.changes.length === 0 || nearest.has(s));
  const rows = shown.map(s => row(s, s.hpa === result.recommended.hpa ? ' *' : ''));
  if (!shown.some(s => s.changes.length === 0)) rows.push(row(result.baseline, ''));
  return { rows: [head, ...rows], left: result.front.length - shown.length };
}
