/**
 * The repository's config file, `.cdk8s-hpa.yaml`: the cluster profile and rule levels a team
 * decides once, with per-path overrides, read by the command line, the cdk8s synth plugin and
 * (through `HpaConfig`) the construct at synth. Read only when asked: `require('cdk8s-hpa')`
 * never loads a YAML parser.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ClusterProfile } from './cluster-profile';
import { RuleLevel } from './rule-level';
import { ruleLevelProblem } from './validation/rule-levels';

/** The file's name, found upward from the working directory. */
export const CONFIG_FILE_NAME = '.cdk8s-hpa.yaml';

/** A bad config file: its path, the key path and what is wrong. */
export class ConfigFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigFileError';
  }
}

/** The cluster as the file describes it. */
export interface ClusterSettings {
  readonly version?: string;
  readonly featureGates: { readonly [gate: string]: boolean };
}

/** What applies to one manifest file. */
export interface FileSettings {
  readonly cluster: ClusterSettings;
  readonly rules: { readonly [ruleId: string]: RuleLevel };
  /** Where `cluster.version` was set: its key path in the file (`overrides[1].cluster.version`) and position. */
  readonly versionAt?: KeyPosition;
}

/** A key of the config file, and where its value is. */
export interface KeyPosition {
  readonly path: string;
  readonly line: number;
  readonly column: number;
}

interface Section {
  readonly cluster?: { version?: string; featureGates?: { [gate: string]: boolean } };
  readonly rules?: { [ruleId: string]: RuleLevel };
  /** Where the section sets `cluster.version`. */
  readonly versionAt?: KeyPosition;
}

interface Override extends Section {
  readonly files: RegExp[];
}

const EMPTY: FileSettings = { cluster: { featureGates: {} }, rules: {} };

/** The config file, or none (every setting at its default). */
export class ConfigFile {
  /**
   * The nearest `.cdk8s-hpa.yaml` at or above `directory`; the search stops at the filesystem
   * root and at a directory holding `.git` (the repository's root).
   */
  public static find(directory: string): string | undefined {
    for (let dir = path.resolve(directory); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, CONFIG_FILE_NAME);
      if (fs.existsSync(candidate)) return candidate;
      if (fs.existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return undefined;
    }
  }

  /** Reads and checks `file`; throws `ConfigFileError` naming the key path of each problem. */
  public static read(file: string): ConfigFile {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new ConfigFileError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message})`);
    }
    return ConfigFile.parse(text, file);
  }

  /** Checks the text of a config file named `file`. */
  public static parse(text: string, file: string): ConfigFile {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const yaml = require('yaml') as typeof import('yaml');
    const lineCounter = new yaml.LineCounter();
    const doc = yaml.parseDocument(text, { prettyErrors: true, lineCounter });
    const versionAt = (keys: ReadonlyArray<string | number>, at: string): KeyPosition | undefined => {
      const node = doc.getIn([...keys, 'cluster', 'version'], true) as { range?: [number, number, number] } | undefined;
      if (node?.range === undefined) return undefined;
      const { line, col } = lineCounter.linePos(node.range[0]);
      return { path: `${at}cluster.version`, line, column: col };
    };
    if (doc.errors.length > 0) {
      const e = doc.errors[0];
      const at = e.linePos?.[0] ? `:${e.linePos[0].line}:${e.linePos[0].col}` : '';
      throw new ConfigFileError(`${file}${at}: not valid YAML: ${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`);
    }
    const problems: string[] = [];
    const rootSection = checkSection(doc.toJS(), '', problems, true) ?? {};
    const root = { ...rootSection, versionAt: versionAt([], '') };
    const overrides: Override[] = [];
    const rawOverrides = (doc.toJS() ?? {}).overrides;
    if (rawOverrides !== undefined) {
      if (!Array.isArray(rawOverrides)) {
        problems.push('overrides: must be a list of {files, cluster, rules}');
      } else {
        rawOverrides.forEach((raw, i) => {
          const at = `overrides[${i}]`;
          const section = checkSection(raw, at, problems, false);
          const files = checkFiles(raw?.files, `${at}.files`, problems);
          if (section && files) overrides.push({ ...section, files, versionAt: versionAt(['overrides', i], `${at}.`) });
        });
      }
    }
    const config = new ConfigFile(file, root, overrides);
    if (problems.length === 0) config.checkProfiles(rawOverrides, problems);
    if (problems.length > 0) {
      throw new ConfigFileError(`${file}: ${problems.length === 1 ? problems[0] : `\n  ${problems.join('\n  ')}`}`);
    }
    return config;
  }

  /** No file: every setting at its default. */
  public static none(): ConfigFile {
    return new ConfigFile(undefined, {}, []);
  }

  /** The file read, if any. */
  public readonly path: string | undefined;

  private constructor(file: string | undefined, private readonly root: Section, private readonly overrides: Override[]) {
    this.path = file;
  }

  /**
   * The settings for a manifest file: the file's root settings, then each override whose
   * `files` match it, in order (later ones win, key by key). Paths are taken relative to the
   * working directory; `undefined` (standard input) gets the root settings.
   */
  public settingsFor(manifestPath?: string): FileSettings {
    if (!this.path) return EMPTY;
    let cluster = { ...this.root.cluster, featureGates: { ...this.root.cluster?.featureGates } };
    let rules = { ...this.root.rules };
    let versionAt = this.root.cluster?.version !== undefined ? this.root.versionAt : undefined;
    const relative = manifestPath === undefined ? undefined
      : path.relative(path.dirname(path.resolve(this.path)), path.resolve(manifestPath)).split(path.sep).join('/');
    for (const o of this.overrides) {
      if (relative === undefined || relative.startsWith('../') || !matchesAny(o.files, relative)) continue;
      cluster = { ...cluster, ...o.cluster, featureGates: { ...cluster.featureGates, ...o.cluster?.featureGates } };
      rules = { ...rules, ...o.rules };
      if (o.cluster?.version !== undefined) versionAt = o.versionAt;
    }
    return { cluster, rules, ...versionAt && { versionAt } };
  }

  /** Each cluster the file can give: `[where, cluster]` for its root and each override over it. */
  public clusters(): Array<[string, ClusterSettings]> {
    const root = { ...this.root.cluster, featureGates: { ...this.root.cluster?.featureGates } };
    return [['root', root], ...this.overrides.map((o, i): [string, ClusterSettings] => [`overrides[${i}]`,
      { ...root, ...o.cluster, featureGates: { ...root.featureGates, ...o.cluster?.featureGates } }])];
  }

  /** Each profile the file can produce (the root's, and each override over it) names a known version and gates. */
  private checkProfiles(rawOverrides: unknown, problems: string[]): void {
    const check = (at: string, settings: ClusterSettings) => {
      for (const [field, value, detail] of ClusterProfile.of(settings)._facts().problems) {
        problems.push(`${at}cluster.${field}: ${JSON.stringify(value)}: ${detail}`);
      }
    };
    const root = { ...this.root.cluster, featureGates: { ...this.root.cluster?.featureGates } };
    check('', root);
    if (Array.isArray(rawOverrides)) {
      this.overrides.forEach((o, i) => {
        if (o.cluster) check(`overrides[${i}].`, { ...root, ...o.cluster, featureGates: { ...root.featureGates, ...o.cluster.featureGates } });
      });
    }
  }
}

const ROOT_KEYS = ['cluster', 'rules', 'overrides'];
const OVERRIDE_KEYS = ['files', 'cluster', 'rules'];
const CLUSTER_KEYS = ['version', 'featureGates'];

function checkSection(raw: unknown, at: string, problems: string[], isRoot: boolean): Section | undefined {
  const prefix = at ? `${at}.` : '';
  if (raw === null || raw === undefined) {
    if (!isRoot) problems.push(`${at}: must be a map with files, and cluster or rules`);
    return isRoot ? {} : undefined;
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`${at || '<root>'}: must be a map with ${(isRoot ? ROOT_KEYS : OVERRIDE_KEYS).join(', ')}`);
    return undefined;
  }
  const known = isRoot ? ROOT_KEYS : OVERRIDE_KEYS;
  for (const k of Object.keys(raw)) {
    if (!known.includes(k)) problems.push(`${prefix}${k}: unknown key (known keys: ${known.join(', ')})`);
  }
  const r = raw as { [key: string]: any };
  const section: { cluster?: Section['cluster']; rules?: Section['rules'] } = {};
  if (r.cluster !== undefined && r.cluster !== null) {
    const c = r.cluster;
    if (typeof c !== 'object' || Array.isArray(c)) {
      problems.push(`${prefix}cluster: must be a map with ${CLUSTER_KEYS.join(', ')}`);
    } else {
      const cluster: { version?: string; featureGates?: { [gate: string]: boolean } } = {};
      for (const k of Object.keys(c)) {
        if (!CLUSTER_KEYS.includes(k)) problems.push(`${prefix}cluster.${k}: unknown key (known keys: ${CLUSTER_KEYS.join(', ')})`);
      }
      const version = readVersion(c.version, `${prefix}cluster.version`, problems);
      if (version !== undefined) cluster.version = version;
      const gates = readFeatureGates(c.featureGates, `${prefix}cluster.featureGates`, problems);
      if (gates !== undefined) cluster.featureGates = gates;
      section.cluster = cluster;
    }
  }
  const rules = readRuleLevels(r.rules, `${prefix}rules`, problems);
  if (rules !== undefined) section.rules = rules;
  return section;
}

/**
 * A Kubernetes version given as data (a config file, the synth plugin's properties); whether the
 * library knows it is `ClusterProfile`'s to say. Undefined when not given or bad (`problems` says why).
 */
export function readVersion(raw: unknown, at: string, problems: string[]): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string' && raw.trim() !== '') return raw.trim();
  problems.push(typeof raw === 'number'
    ? `${at}: ${raw}: must be a string; quote it ("${raw}"), as YAML reads 1.30 as the number 1.3`
    : `${at}: ${JSON.stringify(raw)}: must be a Kubernetes version such as "1.36" (quoted)`);
  return undefined;
}

/** Feature gates given as data: a map of gate names to true or false. */
export function readFeatureGates(raw: unknown, at: string, problems: string[]): { [gate: string]: boolean } | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`${at}: must be a map of gate names to true or false`);
    return undefined;
  }
  const gates: { [gate: string]: boolean } = {};
  for (const [gate, on] of Object.entries(raw)) {
    if (typeof on !== 'boolean') {
      problems.push(`${at}.${gate}: ${JSON.stringify(on)}: must be true or false`);
    } else {
      gates[gate] = on;
    }
  }
  return gates;
}

/** Rule levels given as data: a map of rule ids to a `RuleLevel`; YAML 1.1's `off`, read as false, is taken as meant. */
export function readRuleLevels(raw: unknown, at: string, problems: string[]): { [ruleId: string]: RuleLevel } | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`${at}: must be a map of rule ids to ${Object.values(RuleLevel).join(', ')}`);
    return undefined;
  }
  const rules: { [ruleId: string]: RuleLevel } = {};
  for (const [ruleId, level] of Object.entries(raw)) {
    const value = level === false ? RuleLevel.OFF : level;
    const problem = ruleLevelProblem(ruleId, value);
    if (problem !== undefined) {
      problems.push(`${at}.${ruleId}: ${JSON.stringify(level)}: ${problem}`);
    } else {
      rules[ruleId] = value as RuleLevel;
    }
  }
  return rules;
}

function checkFiles(raw: unknown, at: string, problems: string[]): RegExp[] | undefined {
  const list = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list) || list.length === 0 || list.some(g => typeof g !== 'string' || g.trim() === '')) {
    problems.push(`${at}: must be a list of globs relative to the config file's directory, such as ["clusters/edge/**"]`);
    return undefined;
  }
  return list.map(globToRegExp);
}

/**
 * A glob relative to the config file's directory: `*` and `?` within one path segment, `**`
 * across segments, `{a,b}` alternatives. A glob naming a directory matches everything below it.
 */
export function globToRegExp(glob: string): RegExp {
  const g = glob.trim().replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === '*' && g[i + 1] === '*') {
      if (g[i + 2] === '/') {
        re += '(?:.*/)?';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (c === '*') {
      re += '[^/]*';
    } else if (c === '?') {
      re += '[^/]';
    } else if (c === '{') {
      const end = g.indexOf('}', i);
      if (end < 0) {
        re += '\\{';
      } else {
        re += `(?:${g.slice(i + 1, end).split(',').map(escapeRe).join('|')})`;
        i = end;
      }
    } else {
      re += escapeRe(c);
    }
  }
  return new RegExp(`^${re}(?:/.*)?$`);
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matchesAny(globs: readonly RegExp[], relative: string): boolean {
  return globs.some(re => re.test(relative));
}
