/**
 * `--format sarif`: SARIF 2.1.0 (OASIS), the format GitHub code scanning and other CI tools
 * read, with the rule metadata of the catalog, each rule's page in the rules reference, paths
 * relative to the repository's root, and fingerprints that follow a finding across commits.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { INPUT_RULE_ID, INPUT_RULES, Located, isAdjustableRule, ruleDocUrl, RULES, Severity } from 'cdk8s-hpa/lib/toolkit';
import { COMMAND_LINE } from './inputs';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFORMATION_URI = 'https://github.com/cdk8s-hpa/cdk8s-hpa';
/** The base of every relative URI: the repository's root, as GitHub code scanning reads them. */
const SRCROOT = '%SRCROOT%';
/** The key of the fingerprint in `partialFingerprints`, versioned in case what it hashes changes. */
const FINGERPRINT_KEY = 'cdk8sHpaFinding/v1';

interface RuleDescriptor {
  readonly id: string;
  readonly summary: string;
  readonly fix: string;
  readonly severity: Severity;
  readonly label?: string;
  readonly offByDefault?: boolean;
  readonly adjustable: boolean;
}

/** The rules a report can name: the catalog's, YAML syntax errors and unreadable inputs. */
function ruleDescriptors(): RuleDescriptor[] {
  return [
    ...Object.entries(RULES).map(([id, info]) => ({ id, ...info, adjustable: isAdjustableRule(id) })),
    ...INPUT_RULES.map(({ id, summary, fix }) => ({ id, summary, fix, severity: Severity.ERROR, adjustable: false })),
  ];
}

/** A rule as GitHub code scanning shows it: its summary, what it expects, how to fix it, and its page. */
function reportingDescriptor(rule: RuleDescriptor): object {
  const url = ruleDocUrl(rule.id);
  const defaults = [
    rule.offByDefault ? `off unless turned on, then ${article(rule.severity)}` : article(rule.severity),
    ...(rule.adjustable ? ['adjustable (error, warning, on or off)'] : []),
    ...(rule.label ? [`reported as "${rule.label}"`] : []),
  ].join('; ');
  return {
    id: rule.id,
    shortDescription: { text: rule.summary },
    fullDescription: { text: `Expects: ${rule.summary}. Default: ${defaults}.` },
    helpUri: url,
    help: {
      text: `Expects: ${rule.summary}. Fix: ${rule.fix}. Default: ${defaults}. ${url}`,
      markdown: `**Expects:** ${rule.summary}\n\n**Fix:** ${rule.fix}\n\n**Default:** ${defaults}\n\n[${rule.id} in the rules reference](${url})`,
    },
    defaultConfiguration: { level: level(rule.severity), ...(rule.offByDefault ? { enabled: false } : {}) },
    properties: { tags: tagsOf(rule.id) },
  };
}

/** The whole report as a SARIF log with one run; paths are read from `cwd`. */
export function formatSarif(issues: readonly Located[], toolVersion: string, cwd: string = process.cwd()): string {
  const rules = ruleDescriptors();
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const unreadable = issues.filter(i => i.ruleId === INPUT_RULE_ID);
  // Findings on the run's own flags are about the run, not a file: notifications, not alerts.
  const ofRun = issues.filter(i => i.file === COMMAND_LINE);
  const uris = new ArtifactUris(cwd);
  const fingerprints = new Fingerprints();
  const results = issues.filter(i => i.file !== COMMAND_LINE).map(i => {
    const artifactLocation = uris.of(i.file);
    const object = i.object?.name !== undefined ? `${i.object.namespace ?? 'default'}/${i.object.kind}/${i.object.name}` : undefined;
    const result: { [key: string]: unknown } = {
      ruleId: i.ruleId,
      level: level(i.severity),
      message: { text: `${i.path}: ${i.message}${i.fix ? ` (fix: ${i.fix})` : ''}` },
      locations: [{
        physicalLocation: {
          artifactLocation,
          region: { startLine: Math.max(1, i.line), startColumn: Math.max(1, i.column) },
        },
        ...(object !== undefined ? { logicalLocations: [{ name: i.object!.name, fullyQualifiedName: object, kind: 'object' }] } : {}),
      }],
      // Not the line: a finding stays the same alert when lines above it move. An issue without
      // an object (a syntax error, an unreadable input) is told apart by its message.
      partialFingerprints: { [FINGERPRINT_KEY]: fingerprints.of([i.ruleId, artifactLocation.uri, object ?? i.message, i.path]) },
      properties: { path: i.path },
    };
    const index = ruleIndex.get(i.ruleId);
    if (index !== undefined) result.ruleIndex = index;
    return result;
  });
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'cdk8s-hpa',
          version: toolVersion,
          informationUri: INFORMATION_URI,
          rules: rules.map(reportingDescriptor),
        },
      },
      ...(uris.usedBase ? { originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(uris.root) } } } : {}),
      invocations: [{
        executionSuccessful: unreadable.length === 0,
        toolExecutionNotifications: [
          ...unreadable.map(i => ({
            level: 'error',
            message: { text: `${i.file}: ${i.message}` },
            locations: [{ physicalLocation: { artifactLocation: uris.of(i.file) } }],
          })),
          ...ofRun.map(i => ({
            level: level(i.severity),
            message: { text: `${i.path}: ${i.message}${i.fix ? ` (fix: ${i.fix})` : ''}` },
            descriptor: { id: i.ruleId, ...ruleIndex.has(i.ruleId) && { index: ruleIndex.get(i.ruleId) } },
          })),
        ],
      }],
      results,
    }],
  };
  return `${JSON.stringify(log, undefined, 2)}\n`;
}

/**
 * Input paths as URIs relative to the repository's root (the nearest directory at or above the
 * working directory that holds `.git`, else the working directory), which is how GitHub code
 * scanning places a result in the repository; a file outside it gets an absolute `file:` URI.
 */
class ArtifactUris {
  public readonly root: string;
  /** Whether any URI was made relative to the root. */
  public usedBase = false;

  constructor(private readonly cwd: string) {
    this.root = repositoryRoot(cwd) ?? path.resolve(cwd);
  }

  public of(file: string): { uri: string; uriBaseId?: string } {
    if (file.startsWith('<')) return { uri: file.replace(/[<>]/g, '') }; // standard input
    const absolute = path.resolve(this.cwd, file);
    const relative = path.relative(this.root, absolute);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return { uri: pathToFileURL(absolute).href };
    this.usedBase = true;
    return { uri: relative.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
  }
}

function repositoryRoot(directory: string): string | undefined {
  for (let dir = path.resolve(directory); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** A directory as an absolute URI ending in `/`, as SARIF wants a base URI. */
function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/** Fingerprints of what identifies a finding, with the occurrence (`:2`) when two are alike. */
class Fingerprints {
  private readonly seen = new Map<string, number>();

  public of(identity: readonly string[]): string {
    const hash = createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32);
    const occurrence = (this.seen.get(hash) ?? 0) + 1;
    this.seen.set(hash, occurrence);
    return `${hash}:${occurrence}`;
  }
}

function level(severity: Severity): 'error' | 'warning' {
  return severity === Severity.WARNING ? 'warning' : 'error';
}

function article(severity: Severity): string {
  return severity === Severity.WARNING ? 'a warning' : 'an error';
}

function tagsOf(ruleId: string): string[] {
  const group = ruleId.slice(0, 4);
  switch (group) {
    case 'HPA0': return ['settings'];
    case 'HPA1': return ['kubernetes', 'api-server'];
    case 'HPA2': return ['kubernetes', 'controller'];
    case 'HPA3': return ['kubernetes', 'cross-object'];
    case 'HPA4': return ['kubernetes', 'lint'];
    default: return ['input'];
  }
}
