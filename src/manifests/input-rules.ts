/** The rule ids the command line reports itself, beside the engine's: problems with the input. */

/** A YAML or JSON syntax error. */
export const SYNTAX_RULE_ID = 'YAML';
/** An input that cannot be read. */
export const INPUT_RULE_ID = 'INPUT';
