/** Type guards for decoded values (which may hold the `BAD` marker where decoding failed). */

export function isObject(value: unknown): value is { [key: string]: any } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isNumber(value: unknown): value is number {
  return typeof value === 'number';
}

/** Present in the manifest, even if it failed decoding. */
export function isSet(value: unknown): boolean {
  return value !== undefined;
}

/** A non-empty string, or a value that failed decoding (nothing more to say about it). */
export function isPresentString(value: unknown): boolean {
  return (typeof value === 'string' && value.length > 0) || typeof value === 'symbol';
}
