/** Issues placed in their source. */
import { ValidationIssue } from '../validation/validation-issue';

/** An issue with where it is: a `ValidationIssue` (or a problem with the input itself) in a file. */
export interface Located extends ValidationIssue {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The object the issue is about, when there is one. */
  readonly object?: { readonly kind?: string; readonly namespace?: string; readonly name?: string };
}

/**
 * The fields of a `ValidationIssue` of `issue` and no others (what `HpaValidator.validateYaml`
 * returns to every language, and what reports print), in one order, without unset ones.
 */
export function issueFields(issue: ValidationIssue): ValidationIssue {
  const out: { -readonly [K in keyof ValidationIssue]: ValidationIssue[K] } = {
    ruleId: issue.ruleId,
    severity: issue.severity,
    path: issue.path,
    message: issue.message,
  };
  if (issue.value !== undefined) out.value = issue.value;
  if (issue.fix !== undefined) out.fix = issue.fix;
  if (issue.line !== undefined) out.line = issue.line;
  if (issue.column !== undefined) out.column = issue.column;
  if (issue.constructPath !== undefined) out.constructPath = issue.constructPath;
  return out;
}
