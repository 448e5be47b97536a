/** The rule ids the command line reports itself, beside the engine's: problems with the input. */

/** A YAML or JSON syntax error. */
export const SYNTAX_RULE_ID = 'YAML';
/** An input that cannot be read. */
export const INPUT_RULE_ID = 'INPUT';

/** What each input rule checks, for reports and the rules reference; both are errors. */
export const INPUT_RULES: ReadonlyArray<{ readonly id: string; readonly summary: string; readonly fix: string }> = [
  { id: SYNTAX_RULE_ID, summary: 'the input is valid YAML or JSON', fix: 'correct the syntax at the position given' },
  { id: INPUT_RULE_ID, summary: 'the input can be read (exists, is not binary, is within the size limit)', fix: 'name a file or directory that exists and holds YAML or JSON text within the size limit' },
];
