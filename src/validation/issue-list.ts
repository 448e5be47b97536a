/**
 * Issues as Kubernetes reports field errors (`field.ErrorList`): `IssueList`, the error types,
 * field paths and how values are printed.
 */
import { RULES } from './rule-catalog';
import { Severity, ValidationIssue } from './validation-issue';

/**
 * Kubernetes' `field.ErrorType` strings, plus the decoder's unknown-field rejection, the API
 * server's warnings, and a field it drops without a word.
 */
export enum ErrorType {
  REQUIRED = 'Required value',
  INVALID = 'Invalid value',
  UNSUPPORTED = 'Unsupported value',
  FORBIDDEN = 'Forbidden',
  UNKNOWN_FIELD = 'Unknown field',
  TOO_LONG = 'Too long',
  WARNING = 'Warning',
  DROPPED = 'Dropped by the API server',
}

/** `spec.metrics` + `[0]`: Kubernetes field paths. */
export function child(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}
export function index(path: string, i: number): string {
  return `${path}[${i}]`;
}
export function key(path: string, k: string): string {
  return `${path}[${k}]`;
}

/** The path of the object a field is in, and the field's name: `spec.maxReplicas` is `spec` and `maxReplicas`. */
function splitPath(path: string): { parent: string; name: string } {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? { parent: '', name: path } : { parent: path.slice(0, dot), name: path.slice(dot + 1) };
}

/** A value as Go's field errors print it: strings quoted, numbers bare, the rest as JSON. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === undefined) return 'undefined';
  try {
    const json = JSON.stringify(value);
    return json === undefined ? String(value) : (json.length > 120 ? `${json.slice(0, 117)}...` : json);
  } catch {
    return String(value);
  }
}

/** Collects issues in the order they are found, once each. */
export class IssueList {
  public readonly issues: ValidationIssue[] = [];
  private seen?: Set<string>;
  /** The fields unknown fields were meant to be (their did-you-mean), by the path of the object they are in. */
  private meant?: Map<string, Set<string>>;

  /**
   * A missing field; `oneOf` names the fields any of which would do (the last name of `path` when
   * not given).
   */
  public required(ruleId: string, path: string, detail: string, fix?: string, oneOf?: readonly string[]): void {
    if (oneOf !== undefined && this.meant !== undefined && this.wasMeant(splitPath(path).parent, oneOf)) return;
    this.add(ruleId, path, ErrorType.REQUIRED, undefined, detail, fix);
  }
  public invalid(ruleId: string, path: string, value: unknown, detail: string, fix?: string): void {
    this.add(ruleId, path, ErrorType.INVALID, value, detail, fix);
  }
  public unsupported(ruleId: string, path: string, value: unknown, supported: readonly string[], fix?: string): void {
    this.add(ruleId, path, ErrorType.UNSUPPORTED, value, `supported values: ${supported.map(s => JSON.stringify(s)).join(', ')}`, fix);
  }
  public forbidden(ruleId: string, path: string, detail: string, fix?: string): void {
    this.add(ruleId, path, ErrorType.FORBIDDEN, undefined, detail, fix);
  }
  /**
   * An unknown field; `meant` is the known field its name is a misspelling of, when that one is
   * not set beside it: strict decoding stops at the unknown field, before validation, so what
   * the rules find of the missing field (required, or judged at its zero value) is not reported:
   * one finding per typo.
   */
  public unknownField(ruleId: string, path: string, detail: string, fix?: string, meant?: string): void {
    if (meant !== undefined) {
      const { parent } = splitPath(path);
      this.meant ??= new Map();
      const here = this.meant.get(parent);
      if (here) here.add(meant); else this.meant.set(parent, new Set([meant]));
    }
    this.add(ruleId, path, ErrorType.UNKNOWN_FIELD, undefined, detail, fix);
  }

  /**
   * Adds an issue with the severity, wording and (unless `fix` names one) fix of its rule: the
   * API server's rules speak as its field errors, the others with their own label. Values are
   * printed only for Invalid and Unsupported.
   */
  public add(ruleId: string, path: string, type: ErrorType, value: unknown, detail: string, fix?: string): void {
    const rule = RULES[ruleId];
    const shown = type === ErrorType.INVALID || type === ErrorType.UNSUPPORTED;
    const label = rule?.label ?? type;
    if (this.meant !== undefined && type !== ErrorType.UNKNOWN_FIELD && this.missingByTypo(path)) return;
    const message = (shown ? `${label}: ${formatValue(value)}` : label) + (detail ? `: ${detail}` : '');
    if (!this.remember(ruleId, path, message)) return;
    const issue: { -readonly [K in keyof ValidationIssue]: ValidationIssue[K] } = {
      ruleId,
      severity: rule?.severity ?? Severity.ERROR,
      path,
      message,
    };
    if (shown) issue.value = value;
    const theFix = fix ?? rule?.fix;
    if (theFix) issue.fix = theFix;
    this.issues.push(issue);
  }

  /**
   * Moves the issues found from `start` on to the paths `userPath` gives (the fields a user wrote
   * in an older apiVersion), once each.
   */
  public mapPaths(start: number, userPath: (path: string) => string): void {
    const moved = this.issues.splice(start);
    for (const issue of moved) {
      const path = userPath(issue.path);
      if (path === issue.path) this.issues.push(issue);
      else if (this.remember(issue.ruleId, path, issue.message)) this.issues.push({ ...issue, path });
    }
  }

  /** Whether the field at `path`, or one above it, is missing because its name was misspelt. */
  private missingByTypo(path: string): boolean {
    for (let p = path; p !== '';) {
      const up = splitPath(p);
      if (this.wasMeant(up.parent, [up.name])) return true;
      p = up.parent;
    }
    return false;
  }

  /** Whether an unknown field in the object at `parent` was meant to be one of `names`. */
  private wasMeant(parent: string, names: readonly string[]): boolean {
    const here = this.meant?.get(parent);
    return here !== undefined && names.some(n => here.has(n));
  }

  /** Whether this finding is new (and remembers it). */
  private remember(ruleId: string, path: string, message: string): boolean {
    const dedupeKey = `${ruleId}\u0000${path}\u0000${message}`;
    this.seen ??= new Set();
    if (this.seen.has(dedupeKey)) return false;
    this.seen.add(dedupeKey);
    return true;
  }
}
