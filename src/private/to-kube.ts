/**
 * The wire form of one of the library's value classes, or the value itself when a caller
 * (from JavaScript, say) passed something else, so the validator can report it.
 */
export function toKube(value: any, ...args: any[]): any {
  return value != null && typeof value._toKube === 'function' ? value._toKube(...args) : value;
}
