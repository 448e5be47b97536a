/** Every input's YAML or JSON documents, as objects for the commands, and their syntax errors. */
import { InputObjects, objectsOf } from './input-objects';
import { INPUT_RULE_ID, SYNTAX_RULE_ID } from './input-rules';
import { Located } from './located';
import { parseSource } from './yaml-source';
import { Severity } from '../validation/validation-issue';


/** Inputs that cannot be read, as issues, so every output format shows them. */
export function unreadableIssues(problems: ReadonlyArray<{ readonly name: string; readonly reason: string }>): Located[] {
  return problems.map(p => ({
    file: p.name,
    line: 1,
    column: 1,
    severity: Severity.ERROR,
    ruleId: INPUT_RULE_ID,
    path: '<root>',
    message: `cannot be read: ${p.reason}`,
  }));
}

/**
 * Parses every input's documents into `objects`; returns the YAML syntax errors, by file, as
 * issues (rule id `YAML`).
 */
export function loadObjects(inputs: ReadonlyArray<{ readonly name: string; readonly text: string }>, objects: InputObjects): Map<string, Located[]> {
  const syntaxErrors = new Map<string, Located[]>();
  for (const input of inputs) {
    for (const document of parseSource(input.text)) {
      for (const error of document.errors) {
        const list = syntaxErrors.get(input.name) ?? [];
        list.push({
          file: input.name,
          line: error.position.line,
          column: error.position.column,
          severity: Severity.ERROR,
          ruleId: SYNTAX_RULE_ID,
          path: '<root>',
          message: `syntax error: ${error.message}`,
        });
        syntaxErrors.set(input.name, list);
      }
      for (const object of objectsOf(input.name, document)) objects.add(object);
    }
  }
  return syntaxErrors;
}
