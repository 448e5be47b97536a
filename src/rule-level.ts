/** What to do with a lint, cross-object rule or warning on one HPA. */
export enum RuleLevel {
  /** Fail synth. */
  ERROR = 'error',
  /** Print a warning at synth. */
  WARNING = 'warning',
  /** Check, with the rule's own severity: turns on a rule that is off by default (such as HPA404). */
  ON = 'on',
  /** Do not check. */
  OFF = 'off',
}
