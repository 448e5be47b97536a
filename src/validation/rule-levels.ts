/** Severity overrides for cross-object rules (HPA3xx), lints (HPA4xx) and warnings, as the construct takes them. */
import { RuleLevel } from '../rule-level';
import { IssueList } from './issue-list';
import { isAdjustableRule, RULES } from './rule-catalog';
import { Severity, ValidationIssue } from './validation-issue';

/** Reports (HPA000) each override that names a rule that cannot be changed, or a level that does not exist. */
export function checkRuleLevels(ruleLevels: { readonly [ruleId: string]: RuleLevel }, out: IssueList): void {
  for (const [ruleId, level] of Object.entries(ruleLevels)) {
    if (!isAdjustableRule(ruleId) || !Object.values(RuleLevel).includes(level)) {
      out.invalid('HPA000', `ruleLevels.${ruleId}`, level, ruleId in RULES
        ? 'only cross-object rules (HPA3xx), lints (HPA4xx) and warnings can be changed, to "error", "warning", "on" or "off"'
        : 'no such rule', 'see HpaValidator.rules() for the rule ids');
    }
  }
}

/**
 * The issues with the overrides applied: dropped when off (or off by default and not turned on),
 * else with the severity asked for.
 */
export function applyRuleLevels(issues: ValidationIssue[], ruleLevels: { readonly [ruleId: string]: RuleLevel }): ValidationIssue[] {
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
