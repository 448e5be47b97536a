/**
 * Kubernetes quantities (k8s.io/apimachinery/pkg/api/resource): the grammar of `ParseQuantity`,
 * `MilliValue()`, and the string a number is written as.
 */
import { memoize } from '../private/memoize';

const FORMAT_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const SUFFIX_ERROR = "unable to parse quantity's suffix";

const BINARY: { [suffix: string]: number } = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const DECIMAL: { [suffix: string]: number } = { 'n': 1e-9, 'u': 1e-6, 'm': 1e-3, '': 1, 'k': 1e3, 'M': 1e6, 'G': 1e9, 'T': 1e12, 'P': 1e15, 'E': 1e18 };

export type ParsedQuantity = { readonly ok: true; readonly sign: number; readonly value: number } | { readonly ok: false; readonly error: string };

/** Parses a quantity given as a string or a JSON number (memoized: manifests repeat a few values). */
export const parseQuantity: (input: string | number) => ParsedQuantity = memoize(parse);

function parse(input: string | number): ParsedQuantity {
  // Quantity.UnmarshalJSON trims white space before parsing.
  const str = typeof input === 'number' ? String(input) : input.trim();
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?([eEinumkKMGTP]*)([-+]?[0-9]*)$/.exec(str);
  if (str.length === 0 || !m) {
    return { ok: false, error: FORMAT_ERROR };
  }
  const [, sign, whole, frac = '', letters, exponent] = m;
  const suffix = letters + exponent;
  let multiplier: number | undefined = BINARY[suffix] ?? DECIMAL[suffix];
  if (multiplier === undefined && /^[eE][-+]?[0-9]+$/.test(suffix)) {
    multiplier = 10 ** Number(suffix.slice(1));
  }
  if (multiplier === undefined) {
    return { ok: false, error: SUFFIX_ERROR };
  }
  const magnitude = Number(`${whole || '0'}.${frac || '0'}`);
  const nonZero = /[1-9]/.test(whole + frac);
  const s = !nonZero ? 0 : sign === '-' ? -1 : 1;
  return { ok: true, sign: s, value: s * magnitude * multiplier };
}

/** A number in base units to milli-units, rounded up as `Quantity.MilliValue()` does, ignoring float noise. */
export function toMilli(value: number): number {
  const m = value * 1000;
  const r = Math.round(m);
  return Math.abs(m - r) < 1e-6 * Math.max(1, Math.abs(m)) ? r : Math.ceil(m);
}

/**
 * A quantity as users give it: a number or a Kubernetes quantity string (`'500m'`, `'1Gi'`).
 * Rendered as the quantity string the API server would write back; the value itself is not
 * changed, so the validator sees exactly what the user wrote.
 */
export function renderQuantity(quantity: number | string): string {
  // JavaScript writes 1e21 as "1e+21" and 1e-7 as "1e-7"; both are valid quantity strings.
  return typeof quantity === 'number' ? String(quantity) : quantity;
}
