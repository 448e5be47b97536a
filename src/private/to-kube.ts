/**
 * The wire form of one of the library's value classes, or the value itself when a caller
 * (from JavaScript, say) passed something else, so the validator can report it. `_toKube` is
 * called with the argument only when one is given.
 */
export function toKube(value: any, arg?: any): any {
  if (value == null || typeof value._toKube !== 'function') return value;
  return arguments.length > 1 ? value._toKube(arg) : value._toKube();
}
