import { ValidationIssue } from './validation-issue';

/** An issue as one line: `spec.maxReplicas: Invalid value: 0: must be greater than 0 [HPA102] (fix: ...)`. */
export function formatIssue(issue: ValidationIssue, withFix: boolean = true): string {
  return `${issue.path}: ${issue.message} [${issue.ruleId}]${issue.fix && withFix ? ` (fix: ${issue.fix})` : ''}`;
}
