/**
 * `--format sarif`: SARIF 2.1.0 (OASIS), the format GitHub code scanning and other CI tools
 * read, with the rule metadata of the catalog.
 */
import { INPUT_RULE_ID, INPUT_RULES } from '../manifests/input-rules';
import { Located } from '../manifests/located';
import { RULES } from '../validation/rule-catalog';
import { Severity } from '../validation/validation-issue';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFORMATION_URI = 'https://github.com/cdk8s-hpa/cdk8s-hpa';

/** The rules a report can name: the catalog's, YAML syntax errors and unreadable inputs. */
function ruleDescriptors(): Array<{ id: string; summary: string; severity: Severity }> {
  return [
    ...Object.entries(RULES).map(([id, info]) => ({ id, summary: info.summary, severity: info.severity })),
    ...INPUT_RULES.map(({ id, summary }) => ({ id, summary, severity: Severity.ERROR })),
  ];
}

/** The whole report as a SARIF log with one run. */
export function formatSarif(issues: readonly Located[], toolVersion: string): string {
  const rules = ruleDescriptors();
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const unreadable = issues.filter(i => i.ruleId === INPUT_RULE_ID);
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'cdk8s-hpa',
          version: toolVersion,
          informationUri: INFORMATION_URI,
          rules: rules.map(r => ({
            id: r.id,
            shortDescription: { text: r.summary },
            defaultConfiguration: { level: level(r.severity) },
            properties: { tags: tagsOf(r.id) },
          })),
        },
      },
      invocations: [{
        executionSuccessful: unreadable.length === 0,
        toolExecutionNotifications: unreadable.map(i => ({
          level: 'error',
          message: { text: `${i.file}: ${i.message}` },
          locations: [{ physicalLocation: { artifactLocation: { uri: toUri(i.file) } } }],
        })),
      }],
      results: issues.map(i => {
        const result: { [key: string]: unknown } = {
          ruleId: i.ruleId,
          level: level(i.severity),
          message: { text: `${i.path}: ${i.message}${i.fix ? ` (fix: ${i.fix})` : ''}` },
          locations: [{
            physicalLocation: {
              artifactLocation: { uri: toUri(i.file) },
              region: { startLine: Math.max(1, i.line), startColumn: Math.max(1, i.column) },
            },
            ...(i.object?.name !== undefined ? {
              logicalLocations: [{
                name: i.object.name,
                fullyQualifiedName: `${i.object.namespace ?? 'default'}/${i.object.kind}/${i.object.name}`,
                kind: 'object',
              }],
            } : {}),
          }],
          properties: { path: i.path },
        };
        const index = ruleIndex.get(i.ruleId);
        if (index !== undefined) result.ruleIndex = index;
        return result;
      }),
    }],
  };
  return `${JSON.stringify(log, undefined, 2)}\n`;
}

function level(severity: Severity): 'error' | 'warning' {
  return severity === Severity.WARNING ? 'warning' : 'error';
}

function tagsOf(ruleId: string): string[] {
  const group = ruleId.slice(0, 4);
  switch (group) {
    case 'HPA1': return ['kubernetes', 'api-server'];
    case 'HPA2': return ['kubernetes', 'controller'];
    case 'HPA3': return ['kubernetes', 'cross-object'];
    case 'HPA4': return ['kubernetes', 'lint'];
    default: return ['input'];
  }
}

/** A path as a relative URI reference (standard input as `stdin`). */
function toUri(file: string): string {
  if (file.startsWith('<')) return file.replace(/[<>]/g, '');
  return file.split(/[\\/]/).map(encodeURIComponent).join('/');
}
