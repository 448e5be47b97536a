/**
 * A replay of recorded history, or a comparison of two, as a table of measures, JSON, SVG and
 * HTML. Loaded on first use.
 */
import { rfc3339 } from './history-input';
import { comparedReading } from './replay-measures';
import { ReportInput } from './replay-types';
import { axes, COLORS, esc, f, fmt, hline, LEFT, RIGHT } from '../simulation/result-svg';
import { SimulatedMetric, SimulationStep } from '../simulation/simulation-step';

/** The colours of the first and second spec. */
const SPEC_COLORS = [COLORS[0], COLORS[3]];
const RECORDED_COLOR = '#111827';
const TOP = 72;
const REPLICAS_HEIGHT = 240;
const ZOOM_HEIGHT = 180;
/** The close-up of the load step: from this long before it... */
const ZOOM_BEFORE_SECONDS = 600;
/** ...to this long after its start. */
const ZOOM_AFTER_SECONDS = 1800;
const RUG_HEIGHT = 16;
const METRIC_HEIGHT = 110;
const GAP = 46;

/** One row of the measures table: its label and one cell per spec. */
export interface MeasureRow {
  readonly label: string;
  readonly cells: string[];
}

/** The measures side by side, as the command line's table and the HTML page show them. */
export function measureRows(input: ReportInput): MeasureRow[] {
  const specs = input.specs;
  const rows: MeasureRow[] = [];
  const row = (label: string, cell: (s: ReportInput['specs'][number], i: number) => string) => rows.push({ label, cells: specs.map(cell) });
  const base = specs[0].measures;
  row('replica-hours', (s, i) => {
    const hours = s.measures.replicaHours;
    return i === 0 || base.replicaHours === 0 ? hours.toFixed(1) : `${hours.toFixed(1)} (${signed(((hours - base.replicaHours) / base.replicaHours) * 100, 1)}%)`;
  });
  const metrics = metricIds(input);
  for (const id of metrics) {
    row(`${id} above target`, s => {
      const a = s.measures.aboveTarget.find(m => m.metric === id);
      if (!a) return '-';
      const unit = a.targetType === 'Utilization' ? '%' : '';
      return `${(a.share * 100).toFixed(1)}% (${duration(a.seconds)}; target ${fmt(a.target)}${unit})`;
    });
  }
  row('scale events', s => `${s.measures.scaleEvents} (${s.measures.scaleUps} up, ${s.measures.scaleDowns} down)`);
  row('direction changes', s => String(s.measures.directionChanges));
  row('longest at max', s => `${s.measures.longestAtMaxStart === undefined ? 'never' : duration(s.measures.longestAtMaxSeconds)} (max ${s.result.maxReplicas})`);
  row('reaction to the load step', s => {
    const r = s.measures.reaction;
    if (!r) return '-';
    return `${r.seconds === undefined ? 'not reached' : duration(r.seconds)} (to ${r.requiredReplicas} replicas)`;
  });
  if (specs.some(s => s.replicasCheck)) {
    row('equal to the recorded count', s => {
      const c = s.replicasCheck;
      if (!c) return '-';
      return `${(c.share * 100).toFixed(1)}% of syncs (largest difference ${signed(c.largestDifference, 0)})`;
    });
    row('recorded replica-hours', s => (s.replicasCheck ? s.replicasCheck.recordedReplicaHours.toFixed(1) : '-'));
  }
  return rows;
}

/** What the history and the load step were, in a few lines under the table. */
export function historyLines(input: ReportInput): string[] {
  const h = input.history;
  const lines = [`history: ${h.start} to ${h.end}, ${input.specs[0].measures.syncs} syncs of ${input.specs[0].measures.syncPeriodSeconds}s`];
  for (const m of h.metrics) {
    const width = m.kind === 'pods' ? `${m.width} pods` : m.kind === 'series' ? `${m.width} series, summed` : 'one series';
    const load = m.load ? `, load ${m.load}` : '';
    const failed = m.failedSteps > 0 ? `, ${m.failedSteps} steps without a sample (the metric fails there)` : '';
    lines.push(`  ${m.metric}: ${width}${load}, step ${m.stepSeconds}s, ${m.steps} steps${failed}`);
  }
  const step = input.loadStep;
  if (step) {
    lines.push(`largest load step: ${rfc3339(Date.parse(h.start) / 1000 + step.start)}, from ${fmt(round(step.fromReplicas))} to ${fmt(round(step.toReplicas))} replicas' worth of load `
      + `in ${duration(step.end - step.start)}`);
  }
  const recorded = input.specs.find(s => s.replicasCheck)?.replicasCheck;
  if (recorded) lines.push(`recorded replica count: ${recorded.series}`);
  for (const w of h.warnings) lines.push(`Prometheus warned: ${w}`);
  return lines;
}

/**
 * The report as JSON: the history, the load step, and per spec its label, name, measures and
 * the request each Utilization metric's usages were compared with (and where it came from).
 */
export function renderJson(input: ReportInput): string {
  return JSON.stringify({
    history: input.history,
    loadStep: input.loadStep,
    specs: input.specs.map(s => ({
      label: s.label,
      name: s.result.name,
      minReplicas: s.result.minReplicas,
      maxReplicas: s.result.maxReplicas,
      measures: s.measures,
      replicasCheck: s.replicasCheck,
      requests: s.result.metrics.flatMap(m => (m.request === undefined ? [] : [{
        metric: m.id, request: m.request, source: m.requestSource, workloadRequest: m.workloadRequest,
      }])),
    })),
  }, null, 2) + '\n';
}

/** A page: the measures side by side, the history's lines, the plot. */
export function renderHtml(input: ReportInput): string {
  const title = reportTitle(input);
  const rows = measureRows(input);
  const head = `<tr><th></th>${input.specs.map((s, i) => `<th style="color:${SPEC_COLORS[i]}">${esc(s.label)}</th>`).join('')}</tr>`;
  const body = rows.map(r => `<tr><th>${esc(r.label)}</th>${r.cells.map(c => `<td>${esc(c)}</td>`).join('')}</tr>`).join('\n');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${esc(title)}</title>`,
    '<style>body{font-family:sans-serif;margin:24px;color:#111827}table{border-collapse:collapse;margin:12px 0}'
      + 'th,td{border:1px solid #d1d5db;padding:4px 10px;text-align:left}pre{color:#4b5563}</style>',
    '</head>',
    '<body>',
    `<h1>${esc(title)}</h1>`,
    `<table class="measures">\n${head}\n${body}\n</table>`,
    `<pre>${esc(historyLines(input).join('\n'))}</pre>`,
    renderSvg(input).trimEnd(),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The plot: replicas over the load with the scale events and the load step, the step up close, then each metric against its targets. */
export function renderSvg(input: ReportInput): string {
  const specs = input.specs;
  const metrics = metricIds(input);
  const width = input.width;
  const step = input.loadStep;
  const zoomHeight = step ? ZOOM_HEIGHT + GAP : 0;
  const height = TOP + REPLICAS_HEIGHT + specs.length * RUG_HEIGHT + GAP + zoomHeight + metrics.length * (METRIC_HEIGHT + GAP);
  const plotWidth = Math.max(100, width - LEFT - RIGHT);
  const steps0 = specs[0].result.steps;
  const t0 = steps0.length ? steps0[0].time : 0;
  const t1 = Math.max(t0 + 1, ...specs.map(s => (s.result.steps.length ? s.result.steps[s.result.steps.length - 1].time : 0)));
  const x = (t: number) => LEFT + ((t - t0) / (t1 - t0)) * plotWidth;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<title>${esc(reportTitle(input))}</title>`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${LEFT}" y="20" font-size="14" font-weight="bold">${esc(reportTitle(input))}</text>`);
  out.push(`<text x="${LEFT}" y="38" fill="#4b5563">${esc(`from ${input.history.start} (time 0) to ${input.history.end}`)}</text>`);
  let legendX = LEFT;
  specs.forEach((s, i) => {
    out.push(`<text x="${legendX}" y="54" fill="${SPEC_COLORS[i]}" font-weight="bold">${esc(`\u2014 ${s.label}`)}</text>`);
    // About 7.5 pixels a character of 12-pixel bold text.
    legendX += 30 + 7.5 * (s.label.length + 2);
  });

  // The replicas over the load, the whole history; the scale events under it.
  replicasPanel(out, input, TOP, REPLICAS_HEIGHT, t0, t1, plotWidth, 'replicas');
  specs.forEach((s, i) => {
    const rowTop = TOP + REPLICAS_HEIGHT + 18 + i * RUG_HEIGHT;
    const mid = rowTop + RUG_HEIGHT / 2;
    const ticks: string[] = [];
    for (const st of s.result.steps) {
      if (st.replicas === st.currentReplicas) continue;
      const xx = f(x(st.time));
      ticks.push(st.replicas > st.currentReplicas ? `M${xx} ${mid}V${rowTop + 1}` : `M${xx} ${mid}V${rowTop + RUG_HEIGHT - 1}`);
    }
    out.push(`<path class="events" data-series="replicas-${i}" stroke="${SPEC_COLORS[i]}" stroke-width="1" d="${ticks.join('') || 'M0 0'}"/>`);
    out.push(`<text x="${LEFT + plotWidth + 6}" y="${mid + 4}" font-size="10" fill="${SPEC_COLORS[i]}">${s.measures.scaleEvents} scale events</text>`);
  });

  // The largest load step up close: from 10 minutes before it to 30 minutes after.
  let panelsTop = TOP + REPLICAS_HEIGHT + 18 + specs.length * RUG_HEIGHT + GAP;
  if (step) {
    const z0 = Math.max(t0, step.start - ZOOM_BEFORE_SECONDS);
    const z1 = Math.min(t1, Math.max(step.start + ZOOM_AFTER_SECONDS, step.end + ZOOM_BEFORE_SECONDS));
    out.push(`<text x="${LEFT}" y="${panelsTop - 6}" font-weight="bold">${esc(`The largest load step, from ${duration(step.start - z0)} before it to ${duration(z1 - step.start)} after`)}</text>`);
    replicasPanel(out, input, panelsTop, ZOOM_HEIGHT, z0, Math.max(z1, z0 + 1), plotWidth, 'load-step');
    panelsTop += ZOOM_HEIGHT + GAP;
  }

  // Each metric as each replay compared it with its target.
  metrics.forEach((id, p) => {
    const ptop = panelsTop + p * (METRIC_HEIGHT + GAP);
    const series = specs.map((s, i) => {
      const index = s.result.metrics.findIndex(m => m.id === id);
      if (index < 0) return undefined;
      const metric = s.result.metrics[index];
      const steps = s.result.steps;
      return { i, metric, cols: envelope(steps.map(st => st.time), steps.map(st => reading(metric, st, index)), x) };
    }).filter((v): v is NonNullable<typeof v> => v !== undefined);
    const targets = series.map(v => v.metric.target);
    const top99 = Math.max(...series.map(v => maxOf(v.cols.map(c => c.max))));
    const mmax = Math.max(...targets.map(t => t * 1.5), top99) || 1;
    const my = (v: number) => ptop + METRIC_HEIGHT - (v / mmax) * METRIC_HEIGHT;
    const m0 = series[0].metric;
    const unit = m0.targetType === 'Utilization' ? '%' : '';
    const perReplica = m0.targetType === 'AverageValue' && (m0.type === 'Object' || m0.type === 'External') ? ' per replica' : '';
    out.push(`<text x="${LEFT}" y="${ptop - 6}" font-weight="bold">${esc(`${id}: ${m0.type} ${m0.targetType}${perReplica}, as each replay read it`)}</text>`);
    axes(out, id, ptop, METRIC_HEIGHT, mmax, my, x, t0, t1, plotWidth);
    for (const v of series) {
      const pts = v.cols.flatMap(c => (c.min === c.max ? [`${f(c.x)},${f(my(c.max))}`] : [`${f(c.x)},${f(my(c.min))}`, `${f(c.x)},${f(my(c.max))}`]));
      out.push(`<polyline class="series" data-series="${esc(id)}-${v.i}" fill="none" stroke="${SPEC_COLORS[v.i]}" stroke-opacity="0.75" stroke-width="1" points="${pts.join(' ')}"/>`);
    }
    const drawn = new Set<number>();
    for (const v of series) {
      if (drawn.has(v.metric.target)) continue;
      drawn.add(v.metric.target);
      hline(out, 'target', my(v.metric.target), plotWidth, `target ${fmt(v.metric.target)}${unit}`, series.length > 1 && new Set(targets).size > 1 ? SPEC_COLORS[v.i] : '#374151');
    }
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/**
 * Replicas from `t0` to `t1`: the load (the replicas it needs) shaded, the recorded count dashed,
 * each spec's count, maxReplicas, the load step and when each spec met it.
 */
function replicasPanel(out: string[], input: ReportInput, top: number, h: number, t0: number, t1: number, plotWidth: number, name: string): void {
  const specs = input.specs;
  const x = (t: number) => LEFT + ((t - t0) / (t1 - t0)) * plotWidth;
  const inRange = (times: readonly number[]) => {
    let first = 0;
    while (first < times.length && times[first] < t0) first++;
    let last = first;
    while (last < times.length && times[last] <= t1) last++;
    return [first, last] as const;
  };
  const steps0 = specs[0].result.steps;
  const times0 = steps0.map(s => s.time);
  const [a0, b0] = inRange(times0);
  const recorded = input.plot.recorded;
  const maxY = Math.max(1, ...specs.map(s => s.result.maxReplicas), ...specs.map(s => maxOf(s.result.steps.map(st => st.replicas))),
    recorded ? maxOf(recorded) : 0) * 1.1;
  const y = (v: number) => top + h - (Math.min(v, maxY) / maxY) * h;
  const step = input.loadStep;
  if (step && step.end >= t0 && step.start <= t1) {
    const x0 = x(Math.max(t0, step.start));
    const x1 = Math.max(x(Math.min(t1, step.end)), x0 + 2);
    out.push(`<rect class="load-step" x="${f(x0)}" y="${top}" width="${f(x1 - x0)}" height="${h}" fill="#fde68a"/>`);
    out.push(`<text class="band-label" x="${f(x0 + 3)}" y="${top + 12}" font-size="10" fill="#57534e">largest load step</text>`);
  }
  const demand = envelope(times0.slice(a0, b0), input.plot.demand.slice(a0, b0), x);
  if (demand.length > 0) {
    const area = demand.map(c => `${f(c.x)},${f(y(c.max))}`);
    out.push(`<polygon class="demand" data-panel="${name}" fill="#d1d5db" fill-opacity="0.7" points="${f(demand[0].x)},${f(y(0))} ${area.join(' ')} ${f(demand[demand.length - 1].x)},${f(y(0))}"/>`);
  }
  // Up close, the time of day (UTC) rather than the time since the history's start.
  const clock = (t: number) => new Date(Date.parse(input.history.start) + t * 1000).toISOString().slice(11, 16);
  axes(out, name, top, h, maxY, y, x, t0, t1, plotWidth, name === 'replicas' ? undefined : clock);
  for (const m of [...new Set(specs.map(s => s.result.maxReplicas))]) hline(out, 'max', y(m), plotWidth, `max ${m}`, '#dc2626');
  if (recorded) {
    out.push(`<polyline class="series" data-series="recorded" data-panel="${name}" fill="none" stroke="${RECORDED_COLOR}" stroke-width="1.5" stroke-dasharray="4 3" `
      + `points="${stepLine(times0.slice(a0, b0), recorded.slice(a0, b0), x, y)}"/>`);
  }
  specs.forEach((s, i) => {
    const times = s.result.steps.map(st => st.time);
    const [a, b] = inRange(times);
    out.push(`<polyline class="series" data-series="replicas-${i}" data-panel="${name}" fill="none" stroke="${SPEC_COLORS[i]}" stroke-width="2" `
      + `points="${stepLine(times.slice(a, b), s.result.steps.slice(a, b).map(st => st.replicas), x, y)}"/>`);
    const reaction = s.measures.reaction;
    if (step && reaction?.seconds !== undefined && step.start + reaction.seconds <= t1) {
      const rx = x(step.start + reaction.seconds);
      out.push(`<line class="reaction" data-series="replicas-${i}" x1="${f(rx)}" y1="${top}" x2="${f(rx)}" y2="${top + h}" stroke="${SPEC_COLORS[i]}" stroke-dasharray="2 2"/>`);
      out.push(`<text x="${f(rx + 3)}" y="${top + 30 + i * 13}" font-size="10" fill="${SPEC_COLORS[i]}">${esc(`${duration(reaction.seconds)} to ${reaction.requiredReplicas}`)}</text>`);
    }
  });
  const legend = [['load (replicas needed)', '#6b7280'], ...(recorded ? [['recorded replicas', RECORDED_COLOR]] : [])];
  legend.forEach(([text, color], i) => out.push(`<text x="${LEFT + plotWidth + 6}" y="${top + h - 4 - i * 14}" font-size="10" fill="${color}">${esc(text)}</text>`));
}

function reportTitle(input: ReportInput): string {
  return input.specs.length > 1
    ? `What if: ${input.specs[0].label} against ${input.specs[1].label}`
    : `Replay: ${input.specs[0].label}`;
}

/** The metric ids of every spec, the first spec's first. */
function metricIds(input: ReportInput): string[] {
  return [...new Set(input.specs.flatMap(s => s.result.metrics.map(m => m.id)))];
}

/** What the controller compared with the target at a sync (see `comparedReading`); undefined when the metric was not read. */
function reading(metric: SimulatedMetric, step: SimulationStep, index: number): number | undefined {
  const usage = step.metrics[index]?.usage;
  return usage === undefined ? undefined : comparedReading(metric.type, metric.targetType, usage, step.currentReplicas);
}

/** Per pixel column, the lowest and highest value of the syncs in it: thousands of syncs drawn as at most one point pair per column. */
function envelope(times: readonly number[], values: ReadonlyArray<number | undefined>,
  x: (t: number) => number): Array<{ x: number; min: number; max: number }> {
  const cols: Array<{ x: number; min: number; max: number }> = [];
  for (let i = 0; i < times.length; i++) {
    const v = values[i];
    if (v === undefined || !Number.isFinite(v)) continue;
    const col = Math.round(x(times[i]));
    const last = cols[cols.length - 1];
    if (last && last.x === col) {
      last.min = Math.min(last.min, v);
      last.max = Math.max(last.max, v);
    } else {
      cols.push({ x: col, min: v, max: v });
    }
  }
  return cols;
}

/** A step line through the values' changes (a value holds until the next one); gaps (undefined) break it. */
function stepLine(times: readonly number[], values: ReadonlyArray<number | undefined>, x: (t: number) => number, y: (v: number) => number): string {
  const pts: string[] = [];
  let last: number | undefined;
  for (let i = 0; i < times.length; i++) {
    const v = values[i];
    if (v === undefined || v === last) continue;
    if (last !== undefined) pts.push(`${f(x(times[i]))},${f(y(last))}`);
    pts.push(`${f(x(times[i]))},${f(y(v))}`);
    last = v;
  }
  if (last !== undefined && times.length > 0) pts.push(`${f(x(times[times.length - 1]))},${f(y(last))}`);
  return pts.join(' ');
}

function maxOf(values: ReadonlyArray<number | undefined>): number {
  let max = 0;
  for (const v of values) if (v !== undefined && Number.isFinite(v) && v > max) max = v;
  return max;
}

/** Seconds as `45s`, `2m 30s`, `3h 5m`, `2d 4h`: two units at most. */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const units: Array<[string, number]> = [['d', 86400], ['h', 3600], ['m', 60], ['s', 1]];
  const parts: string[] = [];
  let rest = s;
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || parts.length > 0) parts.push(`${n}${name}`);
    if (parts.length === 2) break;
  }
  return parts.filter(p => !/^0/.test(p)).join(' ');
}

function signed(n: number, digits: number): string {
  const text = n.toFixed(digits);
  return n > 0 ? `+${text}` : text;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
