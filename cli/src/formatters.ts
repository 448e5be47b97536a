/** The output formats of `cdk8s-hpa validate`: text lines, JSON, GitHub Actions annotations, SARIF. */
import { issueFields, Located, plural, Severity } from 'cdk8s-hpa/lib/toolkit';
import { formatSarif } from './sarif';

export type OutputFormat = 'text' | 'json' | 'github' | 'sarif';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'github', 'sarif'];


export interface Summary {
  readonly files: number;
  readonly hpas: number;
  readonly errors: number;
  readonly warnings: number;
  /** Inputs that could not be read (also among the issues, rule id `INPUT`). */
  readonly unreadable?: number;
}

/** The whole report, ready to write to standard output. */
export function formatReport(format: OutputFormat, issues: readonly Located[], summary: Summary, toolVersion: string = 'unknown'): string {
  switch (format) {
    case 'sarif':
      return formatSarif(issues, toolVersion);
    case 'json':
      return `${JSON.stringify({ ...summary, issues: issues.map(toJson) }, undefined, 2)}\n`;
    case 'github':
      return issues.map(formatGithub).map(line => `${line}\n`).join('');
    default:
      return issues.map(formatText).map(line => `${line}\n`).join('');
  }
}

/** `file:line:column: error [HPA102] spec.maxReplicas: Invalid value: 0: ... (fix: ...)`. */
export function formatText(issue: Located): string {
  return `${issue.file}:${issue.line}:${issue.column}: ${issue.severity} [${issue.ruleId}] ${issue.path}: ${oneLine(issue.message)}${fixSuffix(issue)}`;
}

/**
 * `::error file=...,line=...,col=...,title=HPA102::...`, escaped as the GitHub Actions toolkit
 * escapes workflow commands.
 */
export function formatGithub(issue: Located): string {
  const command = issue.severity === Severity.WARNING ? 'warning' : 'error';
  const properties = [
    `file=${escapeProperty(issue.file)}`,
    `line=${issue.line}`,
    `col=${issue.column}`,
    `title=${escapeProperty(issue.ruleId)}`,
  ].join(',');
  return `::${command} ${properties}::${escapeData(`${issue.path}: ${issue.message}${fixSuffix(issue)}`)}`;
}

/** A one-line count for standard error. */
export function formatSummary(summary: Summary): string {
  const files = plural(summary.files, 'input');
  if (summary.hpas === 0 && summary.errors === 0 && summary.warnings === 0) {
    return `no HorizontalPodAutoscaler found in ${files}`;
  }
  return `${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')} in ${plural(summary.hpas, 'HorizontalPodAutoscaler')} (${files})`;
}

function toJson(issue: Located): object {
  return { file: issue.file, ...issueFields(issue), ...(issue.object !== undefined && { object: issue.object }) };
}

function fixSuffix(issue: Located): string {
  return issue.fix ? ` (fix: ${oneLine(issue.fix)})` : '';
}

/** Messages quote values from the input, which may hold line breaks. */
function oneLine(text: string): string {
  return text.replace(/\r?\n/g, '\\n');
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
