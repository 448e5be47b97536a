/**
 * The specs a tuning may try: the settings the user lets vary, each with the values it may take
 * (the spec's own value among them), and the manifest of a choice of values. Loaded on first use.
 */
import { TuningRange } from './tuning-types';
import { parseQuantity } from '../model/quantity';
import { isObject } from '../model/values';
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS, DEFAULT_SCALE_DOWN_RULES, DEFAULT_SCALE_UP_RULES, DEFAULT_TOLERANCE } from '../private/constants';
import { SOURCE_FIELDS } from '../validation/rules/metrics';

/** The settings `vary` takes without one, and the groups that stand for several. */
export const DEFAULT_VARY = ['targets', 'windows', 'policies'];

/** One setting that may change, and the values it may take. */
export interface Dimension {
  /** `target.cpu`, `window.down`, `policies.up`, `minReplicas`, ... */
  readonly name: string;
  /** The values, in order; `values[base]` is the spec's own. */
  readonly values: readonly unknown[];
  readonly base: number;
  /** How a value is written in a change (`window.down=600`). */
  label(value: unknown): string;
  /** Sets the value in a copy of the manifest's spec. */
  apply(spec: any, value: unknown): void;
}

/** A usage problem with the settings: names `vary` or `bounds` and the value. */
export class TuningSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TuningSettingError';
  }
}

type Direction = 'up' | 'down';
const RULES_KEY: Record<Direction, string> = { up: 'scaleUp', down: 'scaleDown' };

/** Window values tried without bounds, in seconds. */
const WINDOWS: Record<Direction, number[]> = { up: [0, 30, 60, 120, 300], down: [0, 60, 120, 300, 600, 900] };
/** Tolerances tried without bounds. */
const TOLERANCES = [0.02, 0.05, 0.1, 0.15, 0.2];
/** Policy lists tried, each direction: the API server's default first. */
const POLICIES: Record<Direction, Array<ReadonlyArray<{ type: string; value: number; periodSeconds: number }>>> = {
  up: [
    DEFAULT_SCALE_UP_RULES.policies,
    [{ type: 'Percent', value: 100, periodSeconds: 60 }],
    [{ type: 'Percent', value: 50, periodSeconds: 60 }],
    [{ type: 'Pods', value: 4, periodSeconds: 60 }],
    [{ type: 'Pods', value: 2, periodSeconds: 60 }],
  ],
  down: [
    DEFAULT_SCALE_DOWN_RULES.policies,
    [{ type: 'Percent', value: 50, periodSeconds: 60 }],
    [{ type: 'Percent', value: 20, periodSeconds: 60 }],
    [{ type: 'Pods', value: 2, periodSeconds: 60 }],
    [{ type: 'Pods', value: 1, periodSeconds: 60 }],
  ],
};
/** Values a range is cut into (the spec's own added). */
const STEPS_IN_RANGE = 6;

/** A metric of the manifest as the tuning sees it. */
interface TargetField {
  readonly id: string;
  readonly index: number;
  readonly field: 'averageUtilization' | 'averageValue' | 'value';
  readonly value: number;
}

/** The dimensions of `vary` over `manifest`, with `bounds`. */
export function searchSpace(manifest: any, metricIds: readonly string[], vary: readonly string[],
  bounds: { readonly [setting: string]: TuningRange }): Dimension[] {
  const spec = manifest?.spec;
  if (!isObject(spec)) throw new TuningSettingError('the HPA has no spec');
  const targets = targetFields(spec, metricIds);
  const ids = targets.map(t => t.id);
  const names: string[] = [];
  const add = (n: string) => { if (!names.includes(n)) names.push(n); };
  for (const v of vary) {
    if (v === 'targets') {ids.forEach(id => add(`target.${id}`));} else if (v === 'windows') {['window.up', 'window.down'].forEach(add);} else if (v === 'policies') {['policies.up', 'policies.down'].forEach(add);} else if (v === 'tolerance') {['tolerance.up', 'tolerance.down'].forEach(add);} else if (/^target\./.test(v)) {
      if (!ids.includes(v.slice(7))) throw new TuningSettingError(`vary ${v}: the HPA has no metric "${v.slice(7)}" (its metrics: ${ids.join(', ')})`);
      add(v);
    } else if (['window.up', 'window.down', 'policies.up', 'policies.down', 'tolerance.up', 'tolerance.down', 'minReplicas', 'maxReplicas'].includes(v)) {add(v);} else {throw new TuningSettingError(`vary "${v}" is not a setting: targets, target.<metric>, tolerance, tolerance.up, tolerance.down, windows, window.up, window.down, policies, policies.up, policies.down, minReplicas, maxReplicas`);}
  }
  for (const [setting, range] of Object.entries(bounds)) {
    if (!names.some(n => n === setting || groupOf(n) === setting)) {
      throw new TuningSettingError(`bounds ${setting}: the setting does not vary (it varies: ${names.join(', ') || 'nothing'})`);
    }
    if (setting.startsWith('policies')) throw new TuningSettingError(`bounds ${setting}: policies take no range (the search tries a list of policies)`);
    if (!(Number.isFinite(range.min) && Number.isFinite(range.max) && range.min <= range.max && range.min >= 0)) {
      throw new TuningSettingError(`bounds ${setting}: ${range.min}..${range.max} is not a range of 0 or more, low to high`);
    }
  }
  const boundOf = (name: string) => bounds[name] ?? bounds[groupOf(name)];
  return names.map(name => {
    const range = boundOf(name);
    if (name.startsWith('target.')) return targetDimension(name, targets.find(t => `target.${t.id}` === name)!, range);
    const [kind, dir] = name.split('.') as [string, Direction];
    if (kind === 'window') return windowDimension(name, dir, spec, range);
    if (kind === 'tolerance') return toleranceDimension(name, dir, spec, range);
    if (kind === 'policies') return policiesDimension(name, dir, spec);
    return replicasDimension(name as 'minReplicas' | 'maxReplicas', spec, range);
  });
}

/** The group a setting belongs to (`targets` for `target.cpu`), or the setting. */
function groupOf(name: string): string {
  const [kind, rest] = name.split('.');
  if (rest === undefined) return name;
  return ({ target: 'targets', window: 'windows', tolerance: 'tolerance', policies: 'policies' } as Record<string, string>)[kind] ?? name;
}

/** The manifest with `values` (one index per dimension) set; the spec's own values are left as written. */
export function candidateManifest(manifest: any, dims: readonly Dimension[], choice: readonly number[]): any {
  const copy = JSON.parse(JSON.stringify(manifest));
  dims.forEach((d, i) => { if (choice[i] !== d.base) d.apply(copy.spec, d.values[choice[i]]); });
  return copy;
}

/** The changes of a choice from the spec as it is: `window.down=600`. */
export function changesOf(dims: readonly Dimension[], choice: readonly number[]): string[] {
  return dims.flatMap((d, i) => (choice[i] === d.base ? [] : [`${d.name}=${d.label(d.values[choice[i]])}`]));
}

/** Each metric with a target the tuning can set, with its id (`ids`: `HpaSimulator.metricIds`, in spec order). */
function targetFields(spec: any, ids: readonly string[]): TargetField[] {
  const metrics: any[] = Array.isArray(spec.metrics) ? spec.metrics : [];
  return metrics.flatMap((_, index) => {
    const target = targetOf(spec, index);
    if (!isObject(target)) return [];
    const id = ids[index];
    const field = target.type === 'Utilization' ? 'averageUtilization' : target.type === 'AverageValue' ? 'averageValue' : 'value';
    const raw = target[field];
    const q = typeof raw === 'number' ? raw : parseQuantity(String(raw));
    const value = typeof q === 'number' ? q : q.ok ? q.value : NaN;
    return Number.isFinite(value) ? [{ id, index, field, value } as TargetField] : [];
  });
}

/** The target of `spec.metrics[index]`, in its source's field. */
function targetOf(spec: any, index: number): any {
  const m = spec.metrics?.[index];
  return m?.[SOURCE_FIELDS[m?.type] ?? '']?.target;
}

/** `n` values spread over `[min, max]`, on multiples of `unit`, with `own`; sorted, once each. */
function spread(min: number, max: number, unit: number, own: number): number[] {
  const values = new Set<number>([own]);
  for (let i = 0; i < STEPS_IN_RANGE; i++) {
    const v = min + ((max - min) * i) / (STEPS_IN_RANGE - 1);
    values.add(Math.min(max, Math.max(min, Math.round(v / unit) * unit)));
  }
  return [...values].map(v => Number(v.toFixed(6))).sort((a, b) => a - b);
}

function dimension(name: string, values: number[], own: number, label: (v: number) => string, apply: (spec: any, v: number) => void): Dimension {
  return { name, values, base: values.indexOf(own), label: v => label(v as number), apply: (spec, v) => apply(spec, v as number) };
}

function targetDimension(name: string, t: TargetField, range: { min: number; max: number } | undefined): Dimension {
  const whole = t.field === 'averageUtilization';
  const own = t.value;
  const low = range?.min ?? own * 0.6;
  const high = range?.max ?? own * 1.4;
  const unit = whole ? 1 : niceUnit((high - low) / STEPS_IN_RANGE);
  const values = spread(whole ? Math.max(1, low) : low, high, unit, own).filter(v => v > 0);
  const render = (v: number) => (whole ? v : quantityText(v));
  return dimension(name, values, own, v => String(render(v)), (spec, v) => { targetOf(spec, t.index)[t.field] = render(v); });
}

function windowDimension(name: string, dir: Direction, spec: any, range: { min: number; max: number } | undefined): Dimension {
  const own = spec.behavior?.[RULES_KEY[dir]]?.stabilizationWindowSeconds ?? (dir === 'up' ? 0 : DEFAULT_DOWNSCALE_STABILIZATION_SECONDS);
  const values = range ? spread(range.min, range.max, 15, own) : [...new Set([own, ...WINDOWS[dir]])].sort((a, b) => a - b);
  return dimension(name, values, own, v => `${v}s`, (s, v) => { rules(s, dir).stabilizationWindowSeconds = v; });
}

function toleranceDimension(name: string, dir: Direction, spec: any, range: { min: number; max: number } | undefined): Dimension {
  const own = spec.behavior?.[RULES_KEY[dir]]?.tolerance ?? DEFAULT_TOLERANCE;
  const values = range ? spread(range.min, range.max, 0.01, own) : [...new Set([own, ...TOLERANCES])].sort((a, b) => a - b);
  return dimension(name, values, own, v => String(v), (s, v) => { rules(s, dir).tolerance = v; });
}

function policiesDimension(name: string, dir: Direction, spec: any): Dimension {
  const own = spec.behavior?.[RULES_KEY[dir]]?.policies;
  const key = (p: unknown) => JSON.stringify(p ?? (dir === 'up' ? DEFAULT_SCALE_UP_RULES.policies : DEFAULT_SCALE_DOWN_RULES.policies));
  const values: unknown[] = [own];
  for (const p of POLICIES[dir]) if (!values.some(v => key(v) === key(p))) values.push(p);
  return {
    name,
    values,
    base: 0,
    label: v => (v === undefined ? 'default' : (v as any[]).map(p => `${p.type} ${p.value}/${p.periodSeconds}s`).join(' + ')),
    apply: (s, v) => { rules(s, dir).policies = JSON.parse(JSON.stringify(v)); },
  };
}

function replicasDimension(name: 'minReplicas' | 'maxReplicas', spec: any, range: { min: number; max: number } | undefined): Dimension {
  const own = Number(spec[name] ?? 1);
  const low = range?.min ?? (name === 'minReplicas' ? 1 : own);
  const high = range?.max ?? (name === 'minReplicas' ? own : own * 2);
  return dimension(name, spread(low, high, 1, own), own, v => String(v), (s, v) => { s[name] = v; });
}

/** The behavior rules of one direction in `spec`, made when absent. */
function rules(spec: any, dir: Direction): any {
  spec.behavior = isObject(spec.behavior) ? spec.behavior : {};
  const key = RULES_KEY[dir];
  spec.behavior[key] = isObject(spec.behavior[key]) ? spec.behavior[key] : {};
  return spec.behavior[key];
}

/** A round step near `step`: 1, 2 or 5 times a power of ten. */
function niceUnit(step: number): number {
  if (!(step > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(step));
  return [1, 2, 5, 10].map(m => m * p).find(u => u >= step * 0.7) ?? 10 * p;
}

/** A quantity as Kubernetes writes one: whole numbers plain, else in milli-units. */
function quantityText(v: number): string {
  return Number.isInteger(v) ? String(v) : `${Math.round(v * 1000)}m`;
}
