/** Severity overrides for lint (HPA4xx) and cross-object (HPA3xx) rules, as the construct takes them. */
import { RuleLevel } from '../rule-level';
import { IssueList } from './issue-list';
import { isAdjustableRule, RULES } from './rule-catalog';
import { Severity, ValidationIssue } from './validation-issue';

/** Reports (HPA000) each override that names a rule that cannot be changed, or a level that does not exist. */
export function checkRuleLevels(ruleLevels: { readonly [ruleId: string]: RuleLevel }, out: IssueList): void {
  for (const [ruleId, level] of Object.entries(ruleLevels)) {
    if (!isAdjustableRule(ruleId) || !Object.values(RuleLevel).includes(level)) {
      out.invalid('HPA000', `ruleLevels.${ruleId}`, level, ruleId in RULES
        ? 'only lint (HPA4xx) and cross-object (HPA3xx) rules can be changed, to "error", "warning" or "off"'
        : 'no such rule', 'see HpaValidator.rules() for the rule ids');
    }
  }
}

/** The issues with the overrides applied: dropped when off, else with the severity asked for. */
export function applyRuleLevels(issues: ValidationIssue[], ruleLevels: { readonly [ruleId: string]: RuleLevel }): ValidationIssue[] {
  return issues.flatMap(issue => {
    const level = isAdjustableRule(issue.ruleId) ? ruleLevels[issue.ruleId] : undefined;
    if (level === RuleLevel.OFF) return [];
    if (level === RuleLevel.ERROR) return [{ ...issue, severity: Severity.ERROR }];
    if (level === RuleLevel.WARNING) return [{ ...issue, severity: Severity.WARNING }];
    return [issue];
  });
}
