/** What to do with a lint or cross-object rule on one HPA. */
export enum RuleLevel {
  /** Fail synth. */
  ERROR = 'error',
  /** Print a warning at synth. */
  WARNING = 'warning',
  /** Do not check. */
  OFF = 'off',
}
