/**
 * Severity overrides for cross-object rules (HPA3xx), lints (HPA4xx) and warnings: what makes one
 * valid, the object annotation that carries them in a manifest, and how they apply to issues.
 */
import { RULES_ANNOTATION } from '../private/constants';
import { RuleLevel } from '../rule-level';
import { IssueList, key } from './issue-list';
import { isAdjustableRule, RULES } from './rule-catalog';
import { Severity, ValidationIssue } from './validation-issue';

/** Rule levels by rule id. */
export type LevelsByRule = { readonly [ruleId: string]: RuleLevel };

/** No rule levels (one object for every manifest without the annotation). */
const NO_LEVELS: LevelsByRule = Object.freeze({});

/** The levels a rule may be set to. */
export const RULE_LEVEL_VALUES: readonly string[] = Object.values(RuleLevel);

/** Why `ruleId` cannot be set to `level`, or undefined when it can. */
export function ruleLevelProblem(ruleId: string, level: unknown): string | undefined {
  if (!(ruleId in RULES)) return `no such rule "${ruleId}" (see HpaValidator.rules() for the rule ids)`;
  if (!isAdjustableRule(ruleId)) {
    return `${ruleId} cannot be changed: only cross-object rules (HPA3xx), lints (HPA4xx) and warnings can be set to error, warning, on or off`;
  }
  if (typeof level !== 'string' || !RULE_LEVEL_VALUES.includes(level)) {
    return `the level of ${ruleId} must be one of ${RULE_LEVEL_VALUES.join(', ')}`;
  }
  return undefined;
}

/** Reports (HPA000) each override that names a rule that cannot be changed, or a level that does not exist. */
export function checkRuleLevels(ruleLevels: LevelsByRule, out: IssueList): void {
  for (const [ruleId, level] of Object.entries(ruleLevels)) {
    const problem = ruleLevelProblem(ruleId, level);
    if (problem !== undefined) out.invalid('HPA000', `ruleLevels.${ruleId}`, level, problem, 'see HpaValidator.rules() for the rule ids');
  }
}

/**
 * `HPA404=off, HPA402=error` as rule levels; each item that is not `RULE=LEVEL` with a rule that
 * may be changed and a known level is a problem (`[item, why]`) and is left out.
 */
export function parseRuleLevelList(text: string): { levels: { [ruleId: string]: RuleLevel }; problems: Array<[string, string]> } {
  const levels: { [ruleId: string]: RuleLevel } = {};
  const problems: Array<[string, string]> = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const m = /^([^=\s]+)\s*=\s*(\S+)$/.exec(item);
    if (!m) {
      problems.push([item, `"${item}" is not RULE=LEVEL (such as HPA404=off)`]);
      continue;
    }
    const ruleId = m[1].toUpperCase();
    const level = m[2].toLowerCase();
    const problem = ruleLevelProblem(ruleId, level);
    if (problem !== undefined) {
      problems.push([item, problem]);
    } else {
      levels[ruleId] = level as RuleLevel;
    }
  }
  return { levels, problems };
}

/** The construct writes its `ruleLevels` prop and the levels of `RuleLevels.applyTo()` into the annotation. */
const ANNOTATION_FIX = 'write RULE=LEVEL items naming rules that exist, such as "HPA404=off,HPA402=error"; the construct writes its ruleLevels prop and the levels of RuleLevels.applyTo() here';

/**
 * The levels the manifest's `cdk8s-hpa.io/rules` annotation sets; its problems are reported
 * (HPA000) on the annotation.
 */
export function annotationRuleLevels(manifest: unknown, out: IssueList): LevelsByRule {
  const annotations = (manifest as any)?.metadata?.annotations;
  if (annotations === null || typeof annotations !== 'object' || !(RULES_ANNOTATION in annotations)) return NO_LEVELS;
  const path = key('metadata.annotations', RULES_ANNOTATION);
  const text = annotations[RULES_ANNOTATION];
  if (typeof text !== 'string') {
    out.invalid('HPA000', path, text, 'must be a string of RULE=LEVEL items separated by commas, such as "HPA404=off,HPA402=error"');
    return NO_LEVELS;
  }
  const { levels, problems } = parseRuleLevelList(text);
  for (const [item, why] of problems) out.invalid('HPA000', path, item, why, ANNOTATION_FIX);
  return levels;
}

/**
 * `HPA404=off,HPA402=error`: `levels` as the annotation writes them, each item as given, so a rule
 * that does not exist or a bad level is refused by every checker that reads the manifest.
 */
export function formatRuleLevelList(levels: LevelsByRule): string {
  return Object.entries(levels).map(([ruleId, level]) => `${ruleId}=${level}`).join(',');
}

/**
 * The issues with the overrides applied: dropped when off (or off by default and not turned on),
 * else with the severity asked for.
 */
export function applyRuleLevels(issues: ValidationIssue[], ruleLevels: LevelsByRule): ValidationIssue[] {
  return issues.flatMap(issue => {
    const level = isAdjustableRule(issue.ruleId) ? ruleLevels[issue.ruleId] ?? defaultLevel(issue.ruleId) : undefined;
    if (level === RuleLevel.OFF) return [];
    if (level === RuleLevel.ON) return [issue];
    if (level === RuleLevel.ERROR) return [{ ...issue, severity: Severity.ERROR }];
    if (level === RuleLevel.WARNING) return [{ ...issue, severity: Severity.WARNING }];
    return [issue];
  });
}

function defaultLevel(ruleId: string): RuleLevel | undefined {
  return RULES[ruleId]?.offByDefault ? RuleLevel.OFF : undefined;
}
