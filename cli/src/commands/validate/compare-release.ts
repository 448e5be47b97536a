/**
 * `cdk8s-hpa validate --compare-release <version>`: each HPA judged under the other release too,
 * and what it finds beyond this run's findings, labelled with the release.
 */
import { checkInputs, Located, plural, Severity, SYNTAX_RULE_ID } from 'cdk8s-hpa/lib/toolkit';
import { Input, STDIN_NAME } from '../../inputs';
import { RunSettings } from '../../run-settings';

/**
 * The findings of `inputs` under `other` (the run's settings for `version`) that `current` does
 * not have at the same place, rule, field and severity; each message starts with the release.
 */
export function releaseOnlyIssues(inputs: readonly Input[], current: readonly Located[], other: RunSettings, version: string): Located[] {
  const key = (i: Located) => [i.file, i.line, i.column, i.ruleId, i.path, i.severity].join('\0');
  const seen = new Set(current.map(key));
  return checkInputs([...inputs], name => ({ ...other.forInput(name === STDIN_NAME ? undefined : name), scopeProfileReported: true })).issues
    .filter(i => i.ruleId !== SYNTAX_RULE_ID && !seen.has(key(i)))
    .map(i => ({ ...i, message: `${releaseLabel(version)}: ${i.message}` }));
}

/** How the findings of `--compare-release` are labelled. */
export function releaseLabel(version: string): string {
  return `Kubernetes ${version} (--compare-release)`;
}

/** What the summary adds: `; Kubernetes 1.38 (--compare-release) adds 1 error, 0 warnings`. */
export function releaseSummary(version: string, extra: readonly Located[]): string {
  const errors = extra.filter(i => i.severity === Severity.ERROR).length;
  return `; ${releaseLabel(version)} adds ${plural(errors, 'error')}, ${plural(extra.length - errors, 'warning')}`;
}
