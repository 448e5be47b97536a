/** A simulation's steps as an SVG plot: replicas, then one panel per metric. */
import { SimulationResultProps, SimulationStep } from './simulation-step';
import { ConditionStatus, ConditionType } from '../status';

/** The plot area's margins, shared with the replay report. */
export const LEFT = 64;
export const RIGHT = 120;
const TOP = 36;
const REPLICAS_HEIGHT = 220;
const METRIC_HEIGHT = 120;
const GAP = 44;
export const COLORS = ['#2563eb', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#be123c'];

/** The plot of `SimulationResult.toSvg()`, `width` pixels wide. */
export function renderSvg(result: SimulationResultProps, width: number): string {
  const steps = result.steps;
  const height = TOP + REPLICAS_HEIGHT + result.metrics.length * (METRIC_HEIGHT + GAP) + GAP;
  const plotWidth = Math.max(100, width - LEFT - RIGHT);
  const t0 = steps.length ? steps[0].time : 0;
  const t1 = steps.length > 1 ? steps[steps.length - 1].time : t0 + 1;
  const x = (t: number) => LEFT + ((t - t0) / (t1 - t0)) * plotWidth;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<title>${esc(`HPA ${result.name}: replicas and metrics over time`)}</title>`);
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${LEFT}" y="20" font-size="14" font-weight="bold">${esc(`HPA ${result.name}`)}</text>`);

  // Shaded periods across every panel, each labelled where it starts.
  const bandTop = TOP;
  const bandHeight = height - TOP - GAP / 2;
  const band = (cls: string, fill: string, label: string, test: (s: SimulationStep) => boolean) => {
    for (const [from, to] of periods(steps, test)) {
      const x0 = x(from);
      const x1 = Math.max(x(to), x0 + 1);
      out.push(`<rect class="band ${cls}" x="${f(x0)}" y="${bandTop}" width="${f(x1 - x0)}" height="${f(bandHeight)}" fill="${fill}"/>`);
      out.push(`<text class="band-label" x="${f(x0 + 3)}" y="${bandTop + 12}" font-size="10" fill="#57534e">${label}</text>`);
    }
  };
  band('fallback', '#fef3c7', 'fallback', s => s.metrics.some(m => m.fallbackActive));
  band('scaled-to-zero', '#e5e7eb', 'scaled to zero', s => s.replicas === 0
    && s.conditions.some(c => c.type === ConditionType.SCALED_TO_ZERO && c.status === ConditionStatus.TRUE));

  // Replicas panel.
  const maxY = Math.max(result.maxReplicas, ...steps.map(s => s.replicas), 1);
  const top = TOP + 16;
  const h = REPLICAS_HEIGHT - 16;
  const y = (v: number) => top + h - (v / maxY) * h;
  axes(out, 'replicas', top, h, maxY, y, x, t0, t1, plotWidth);
  hline(out, 'max', y(result.maxReplicas), plotWidth, `max ${result.maxReplicas}`, '#dc2626');
  hline(out, 'min', y(result.minReplicas), plotWidth, `min ${result.minReplicas}`, '#dc2626');
  const pts = steps.map(s => `${f(x(s.time))},${f(y(s.replicas))}`);
  out.push(`<polyline class="series" data-series="replicas" fill="none" stroke="#111827" stroke-width="2" points="${pts.join(' ')}"/>`);
  if (steps.length) {
    const last = steps[steps.length - 1];
    out.push(`<text x="${f(x(last.time) + 6)}" y="${f(y(last.replicas) + 4)}" font-weight="bold">replicas ${last.replicas}</text>`);
  }

  // One panel per metric.
  result.metrics.forEach((m, i) => {
    const color = COLORS[i % COLORS.length];
    const ptop = TOP + REPLICAS_HEIGHT + GAP + i * (METRIC_HEIGHT + GAP);
    const values = steps.map(s => s.metrics.find(r => r.metric === m.id));
    const mmax = Math.max(m.target * 1.5, ...values.map(v => v?.usage ?? 0)) || 1;
    const my = (v: number) => ptop + METRIC_HEIGHT - (v / mmax) * METRIC_HEIGHT;
    const unit = m.targetType === 'Utilization' ? '%' : '';
    out.push(`<text x="${LEFT}" y="${ptop - 6}" font-weight="bold" fill="${color}">${esc(`${m.id}: ${m.type} ${m.targetType}, target ${fmt(m.target)}${unit}`)}</text>`);
    axes(out, m.id, ptop, METRIC_HEIGHT, mmax, my, x, t0, t1, plotWidth);
    hline(out, 'target', my(m.target), plotWidth, `target ${fmt(m.target)}${unit}`, color);
    // Runs of consecutive steps with a usage, one polyline each.
    let run: string[] = [];
    const flush = () => {
      if (run.length) out.push(`<polyline class="series" data-series="${esc(m.id)}" fill="none" stroke="${color}" stroke-width="1.5" points="${run.join(' ')}"/>`);
      run = [];
    };
    steps.forEach((s, k) => {
      const v = values[k];
      if (v?.usage !== undefined) {
        run.push(`${f(x(s.time))},${f(my(v.usage))}`);
      } else {
        flush();
        if (v?.error !== undefined) {
          out.push(`<rect class="failure" data-series="${esc(m.id)}" x="${f(x(s.time) - 1)}" y="${ptop + METRIC_HEIGHT - 8}" width="2" height="8" fill="#dc2626"/>`);
        }
      }
    });
    flush();
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** [from, to) time ranges of consecutive steps that pass `test`; `to` is the next step's time. */
function periods(steps: SimulationStep[], test: (s: SimulationStep) => boolean): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start: number | undefined;
  steps.forEach((s, i) => {
    if (test(s)) {
      if (start === undefined) start = s.time;
    } else if (start !== undefined) {
      out.push([start, s.time]);
      start = undefined;
    }
    if (i === steps.length - 1 && start !== undefined) out.push([start, s.time]);
  });
  return out;
}

export function axes(out: string[], name: string, top: number, h: number, maxV: number, y: (v: number) => number,
  x: (t: number) => number, t0: number, t1: number, plotWidth: number, label?: (t: number) => string): void {
  out.push(`<g class="axes" data-panel="${esc(name)}" stroke="#9ca3af" stroke-width="1">`);
  out.push(`<line x1="${LEFT}" y1="${top}" x2="${LEFT}" y2="${top + h}"/>`);
  out.push(`<line x1="${LEFT}" y1="${top + h}" x2="${LEFT + plotWidth}" y2="${top + h}"/>`);
  out.push('</g>');
  for (const v of ticks(maxV)) {
    out.push(`<text x="${LEFT - 6}" y="${f(y(v) + 4)}" text-anchor="end" fill="#4b5563">${fmt(v)}</text>`);
  }
  const time = timeTicks(t1 - t0);
  for (const t of time.values.map(d => t0 + d)) {
    out.push(`<text x="${f(x(t))}" y="${top + h + 14}" text-anchor="middle" fill="#4b5563">${label ? esc(label(t)) : timeLabel(t, time.unit)}</text>`);
  }
}

export function hline(out: string[], cls: string, yy: number, plotWidth: number, label: string, color: string): void {
  out.push(`<line class="${cls}" x1="${LEFT}" y1="${f(yy)}" x2="${LEFT + plotWidth}" y2="${f(yy)}" stroke="${color}" stroke-dasharray="5 4"/>`);
  out.push(`<text x="${LEFT + plotWidth + 6}" y="${f(yy + 4)}" fill="${color}">${esc(label)}</text>`);
}

/** About five round tick values from 0 to max. */
function ticks(max: number): number[] {
  if (!(max > 0)) return [0];
  const raw = max / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map(k => k * mag).find(s => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

const TIME_STEPS = [15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 3 * 3600, 6 * 3600, 12 * 3600, 86400, 2 * 86400];

/** About five time ticks at a round step, all labelled in the step's unit (s, m, h or d). */
function timeTicks(span: number): { values: number[]; unit: [string, number] } {
  const step = TIME_STEPS.find(s => s >= span / 6) ?? Math.ceil(span / 6 / 86400) * 86400;
  const unit: [string, number] = step % 86400 === 0 ? ['d', 86400] : step % 3600 === 0 ? ['h', 3600] : step % 60 === 0 ? ['m', 60] : ['s', 1];
  const values: number[] = [];
  for (let v = 0; v <= span + 1e-9; v += step) values.push(v);
  return { values, unit };
}

function timeLabel(seconds: number, [suffix, size]: [string, number]): string {
  return seconds === 0 ? '0' : `${Number((seconds / size).toPrecision(6))}${suffix}`;
}

export function f(n: number): string {
  return String(Math.round(n * 10) / 10);
}

export function fmt(n: number): string {
  return String(Number(n.toPrecision(6)));
}

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
