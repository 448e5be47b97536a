/**
 * What a tuning prints: the recommendation as the YAML to apply and as construct code, the
 * trade-off front as rows. Loaded on first use (the command line reaches it through the toolkit).
 */
import { TunedSpec, TuningResult } from './tuning-types';
import { duration } from '../history/replay-report';

/** An HPA manifest as YAML. */
export function specYaml(hpa: any): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('yaml') as typeof import('yaml')).stringify(hpa);
}

/** A value as TypeScript writes it. */
const ts = (v: unknown) => JSON.stringify(v).replace(/"([A-Za-z_$][\w$]*)":/g, '$1: ').replace(/"/g, '\'').replace(/,/g, ', ')
  .replace(/^\{(.*)\}$/, '{ $1 }');

function targetCode(t: any): string {
  if (t?.type === 'Utilization') return `MetricTarget.averageUtilization(${t.averageUtilization})`;
  if (t?.type === 'AverageValue') return `MetricTarget.averageValue(${ts(t.averageValue)})`;
  return `MetricTarget.value(${ts(t?.value)})`;
}

function metricCode(m: any): string {
  switch (m?.type) {
    case 'Resource':
      if (m.resource.name === 'cpu') return `Metric.resourceCpu(${targetCode(m.resource.target)})`;
      if (m.resource.name === 'memory') return `Metric.resourceMemory(${targetCode(m.resource.target)})`;
      return `Metric.resource(${ts(m.resource.name)}, ${targetCode(m.resource.target)})`;
    case 'ContainerResource':
      return `Metric.containerResource({ container: ${ts(m.containerResource.container)}, resource: ${ts(m.containerResource.name)}, target: ${targetCode(m.containerResource.target)} })`;
    case 'Pods':
      return `Metric.pods({ name: ${ts(m.pods.metric.name)}, target: ${targetCode(m.pods.target)} })`;
    case 'External':
      return `Metric.external({ name: ${ts(m.external.metric.name)}, target: ${targetCode(m.external.target)} })`;
    default:
      return `Metric.object({ describedObject: ${ts(m?.object?.describedObject)}, name: ${ts(m?.object?.metric?.name)}, target: ${targetCode(m?.object?.target)} })`;
  }
}

function rulesCode(r: any): string {
  const parts: string[] = [];
  if (r.stabilizationWindowSeconds !== undefined) parts.push(`stabilizationWindow: Duration.seconds(${r.stabilizationWindowSeconds})`);
  if (Array.isArray(r.policies)) {
    parts.push(`policies: [${r.policies.map((p: any) => `ScalingPolicy.${p.type === 'Pods' ? 'pods' : 'percent'}(${p.value}, Duration.seconds(${p.periodSeconds}))`).join(', ')}]`);
  }
  if (r.selectPolicy !== undefined) parts.push(`selectPolicy: SelectPolicy.${String(r.selectPolicy).toUpperCase()}`);
  if (r.tolerance !== undefined) parts.push(`tolerance: ${r.tolerance}`);
  return `{ ${parts.join(', ')} }`;
}

/**
 * The HPA as construct code in TypeScript (`target` names the workload: a cdk8s-plus
 * workload in the app, or `ScaleTarget.fromReference` as written here).
 */
export function constructCode(hpa: any): string {
  const spec = hpa.spec ?? {};
  const lines = [
    `new HorizontalPodAutoscalerV2(chart, ${ts(String(hpa.metadata?.name ?? 'Hpa'))}, {`,
    `  target: ScaleTarget.fromReference(${ts(spec.scaleTargetRef)}),`,
    ...(spec.minReplicas !== undefined ? [`  minReplicas: ${spec.minReplicas},`] : []),
    `  maxReplicas: ${spec.maxReplicas},`,
    `  metrics: [${(spec.metrics ?? []).map(metricCode).join(', ')}],`,
  ];
  if (spec.behavior) {
    const dirs = (['scaleUp', 'scaleDown'] as const).filter(d => spec.behavior[d]).map(d => `${d}: ${rulesCode(spec.behavior[d])}`);
    lines.push(`  behavior: Behavior.of({ ${dirs.join(', ')} }),`);
  }
  lines.push('});');
  return `${lines.join('\n')}\n`;
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
