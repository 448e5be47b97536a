/** An issue placed in its input, as every report format takes it. */
import { Severity } from '../validation/validation-issue';

/** An issue with where it is: a `ValidationIssue` (or a syntax error) in a file. */
export interface Located {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly severity: Severity;
  readonly ruleId: string;
  readonly path: string;
  readonly message: string;
  readonly value?: unknown;
  readonly fix?: string;
  /** The object the issue is about, when there is one. */
  readonly object?: { readonly kind?: string; readonly namespace?: string; readonly name?: string };
}
