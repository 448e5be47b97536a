/**
 * Type guards for values read from a manifest (decoded ones may hold the validator's `BAD`
 * marker where decoding failed).
 */

/** A JSON object: not null, not a list. */
export function isObject(value: unknown): value is { [key: string]: any } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isNumber(value: unknown): value is number {
  return typeof value === 'number';
}
