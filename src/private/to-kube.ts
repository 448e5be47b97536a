/**
 * The wire form of one of the library's value classes, or the value itself when a caller
 * (from JavaScript, say) passed something else, so the validator can report it.
 */
export function toKube(value: any): any {
  return value != null && typeof value._toKube === 'function' ? value._toKube() : value;
}

/** `toKube` for value classes whose `_toKube` takes an argument: called with `arg`. */
export function toKubeWith(value: any, arg: unknown): any {
  return value != null && typeof value._toKube === 'function' ? value._toKube(arg) : value;
}
