/**
 * `HpaValidator.validateYaml()`: what `cdk8s-hpa validate` does for one input, with each issue's
 * line and column in the text. Loaded on first use (it loads the YAML parser).
 */
import { checkHpa, Engine } from './check-hpa';
import { InputObjects } from './input-objects';
import { loadObjects } from './load-objects';
import { ClusterProfile } from '../cluster-profile';
import type { LevelsByRule } from '../validation/rule-levels';
import { ValidationIssue } from '../validation/validation-issue';

const INPUT_NAME = '<text>';

/** Every issue of the HPAs in `text` (YAML or JSON, any number of documents): syntax errors, then each HPA's in manifest order. */
export function validateText(
  text: string, profile: ClusterProfile, engine: Engine, ruleLevels?: LevelsByRule,
): ValidationIssue[] {
  const objects = new InputObjects();
  const located = [...(loadObjects([{ name: INPUT_NAME, text }], objects).get(INPUT_NAME) ?? [])];
  const duplicates = objects.duplicateTargets();
  for (const hpa of objects.hpas) located.push(...checkHpa(engine, hpa, { profile, ruleLevels }, objects, duplicates.get(hpa)));
  // Only the fields of ValidationIssue: the other languages receive exactly the struct.
  return located.map(issue => {
    const out: { -readonly [K in keyof ValidationIssue]: ValidationIssue[K] } = {
      ruleId: issue.ruleId,
      severity: issue.severity,
      path: issue.path,
      message: issue.message,
      line: issue.line,
      column: issue.column,
    };
    if (issue.value !== undefined) out.value = issue.value;
    if (issue.fix !== undefined) out.fix = issue.fix;
    return out;
  });
}
