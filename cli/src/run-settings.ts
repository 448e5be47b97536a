/**
 * What one run applies to each input file: the cluster profile and rule levels of the config
 * file (`.cdk8s-hpa.yaml`, its overrides matched by path) under the run's flags. Every problem
 * with them is a usage error, found before any input is read.
 *
 * Precedence, most specific first: the object's `cdk8s-hpa.io/rules` and `cdk8s-hpa.io/cluster`
 * annotations (applied by the engine), the run's flags, the config file's matching overrides
 * (later ones win), its root, the rules' own severities and the default cluster.
 */
import * as path from 'path';
import { applyRuleLevels, ClusterProfile, ClusterSettings, ConfigFile, ConfigFileError, HpaSettings, CLUSTER_ANNOTATION, annotatedCluster, formatClusterAnnotation, Located, profileIssues } from 'cdk8s-hpa/lib/toolkit';
import { UsageError } from './errors';
import { ClusterFlags } from './flags';
import { COMMAND_LINE, STDIN_NAME } from './inputs';


/** An HPA of the inputs: its input's name as reports print it, and its manifest. */
export interface JudgedHpa {
  readonly file: string;
  readonly manifest: unknown;
  /** `file:line`, where reports name it. */
  where?(): string | undefined;
}

/** How many HPAs a note names before it counts the rest. */
const NAMED_IN_NOTE = 3;

export class RunSettings {
  /**
   * The config file (`--config`, else the nearest `.cdk8s-hpa.yaml` above `cwd`, unless
   * `--no-config`) with the flags over it. Throws `UsageError` for a bad file, an unknown
   * version or gate, in the flags or in any profile the file and flags can produce.
   */
  public static resolve(flags: Readonly<ClusterFlags>, cwd: string = process.cwd()): RunSettings {
    if (flags.config !== undefined && flags.noConfig) throw new UsageError('--config and --no-config cannot both be given');
    let config: ConfigFile;
    try {
      const file = flags.noConfig ? undefined : flags.config ?? ConfigFile.find(cwd);
      config = file === undefined ? ConfigFile.none() : ConfigFile.read(file);
    } catch (e) {
      if (e instanceof ConfigFileError) throw new UsageError(`config file ${e.message}`);
      throw e;
    }
    const settings = new RunSettings(flags, config);
    settings.checkFlags();
    return settings;
  }

  private readonly profiles = new Map<string, ClusterProfile>();
  /** How each profile of an input reads in the summary, in the order first used. */
  private readonly descriptions = new Map<ClusterProfile, string>();

  private constructor(private readonly flags: Readonly<ClusterFlags>, public readonly config: ConfigFile,
    private readonly versionFlag = '--k8s-version') {}

  /**
   * The same settings for another release (`--compare-release`): the version replaced, the gates
   * the flags and the config file set kept. Throws `UsageError` as `resolve()` does.
   */
  public forRelease(version: string): RunSettings {
    const settings = new RunSettings({ ...this.flags, k8sVersion: version }, this.config, '--compare-release');
    settings.checkFlags();
    return settings;
  }

  /** The settings for an input, by the name reports print (`<stdin>` gets the file's root settings). */
  public forInput(name: string | undefined): HpaSettings {
    const file = this.config.settingsFor(name);
    const cluster = this.withFlags(file.cluster);
    const cacheKey = JSON.stringify(cluster);
    let profile = this.profiles.get(cacheKey);
    if (!profile) {
      profile = ClusterProfile.of(cluster);
      this.profiles.set(cacheKey, profile);
      this.descriptions.set(profile, describeProfile(profile, cluster.featureGates, describeRelease(profile, cluster.version === undefined)));
    }
    return { profile, ruleLevels: { ...file.rules, ...this.flags.ruleLevels } };
  }

  /**
   * The findings of the run's own profiles (HPA156: a release newer than this cdk8s-hpa knows),
   * once each, on the flag (`<command line>`, path `--k8s-version`) or the config file's key that
   * declared the version, for the inputs named that hold HPAs judged with them; with the rule
   * levels of the run. The engine reports them on no HPA (`scopeProfileReported`).
   */
  public profileFindings(files: Iterable<string>, cwd: string = process.cwd()): Located[] {
    const found = new Map<string, Located>();
    for (const file of new Set(files)) {
      const name = file === STDIN_NAME ? undefined : file;
      const settings = this.forInput(name);
      const versionAt = this.config.settingsFor(name).versionAt;
      const at = this.flags.k8sVersion !== undefined || versionAt === undefined || this.config.path === undefined
        ? { file: COMMAND_LINE, line: 1, column: 1, path: '--k8s-version' }
        : { file: path.relative(cwd, this.config.path) || this.config.path, line: versionAt.line, column: versionAt.column, path: versionAt.path };
      for (const issue of applyRuleLevels(profileIssues(settings.profile._facts()), settings.ruleLevels ?? {})) {
        const placed: Located = { ...issue, ...at };
        found.set(JSON.stringify([placed.file, placed.line, placed.ruleId, placed.message]), placed);
      }
    }
    return [...found.values()];
  }

  /**
   * The profile an HPA is judged with, as the engine decides: the one its `cdk8s-hpa.io/cluster`
   * annotation names (the app's, written at synth), else its input's.
   */
  public profileOf(hpa: JudgedHpa): ClusterProfile {
    return annotatedCluster(hpa.manifest) ?? this.inputProfile(hpa);
  }

  /**
   * The cluster profiles the HPAs were judged with (those of the inputs read, when there is no
   * HPA), and the config file, for the summary on standard error.
   */
  public describe(hpas: readonly JudgedHpa[], cwd: string = process.cwd()): string {
    const used = new Set<string>();
    for (const hpa of hpas) {
      const own = this.inputProfile(hpa);
      const annotated = annotatedCluster(hpa.manifest);
      // An annotation naming another cluster than the run's is named as such: it wins over the flags.
      const other = annotated !== undefined && formatClusterAnnotation(annotated._facts()) !== formatClusterAnnotation(own._facts());
      used.add(other ? `${describeProfile(annotated, annotated._facts().gatesSet, '')} (${CLUSTER_ANNOTATION})` : this.descriptions.get(own)!);
    }
    if (hpas.length === 0) this.descriptions.forEach(d => used.add(d));
    const file = this.config.path !== undefined ? `config ${path.relative(cwd, this.config.path) || this.config.path}` : undefined;
    return [[...used].join(', '), file].filter(x => x).join('; ');
  }

  /**
   * Where HPAs are judged for the cluster their own `cdk8s-hpa.io/cluster` annotation names, over
   * another that this run's `--k8s-version` or `--feature-gates` declare: a note naming them, as
   * the annotation silently wins; undefined where there is none.
   */
  public outrankedFlagsNote(hpas: readonly JudgedHpa[]): string | undefined {
    if (this.flags.k8sVersion === undefined && Object.keys(this.flags.featureGates).length === 0) return undefined;
    const byCluster = new Map<string, string[]>();
    for (const hpa of hpas) {
      const annotated = annotatedCluster(hpa.manifest);
      if (annotated === undefined) continue;
      const own = formatClusterAnnotation(annotated._facts());
      if (own === formatClusterAnnotation(this.inputProfile(hpa)._facts())) continue;
      const where = hpa.where?.() ?? hpa.file;
      const same = byCluster.get(own);
      if (same) same.push(where); else byCluster.set(own, [where]);
    }
    if (byCluster.size === 0) return undefined;
    const flags = [
      ...this.flags.k8sVersion !== undefined ? [`--k8s-version ${this.flags.k8sVersion}`] : [],
      ...Object.keys(this.flags.featureGates).length > 0 ? [`--feature-gates ${Object.entries(this.flags.featureGates).map(([g, on]) => `${g}=${on}`).join(',')}`] : [],
    ].join(' ');
    const groups = [...byCluster].map(([cluster, wheres]) => {
      const named = wheres.slice(0, NAMED_IN_NOTE).join(', ') + (wheres.length > NAMED_IN_NOTE ? ` and ${wheres.length - NAMED_IN_NOTE} more` : '');
      return `"${cluster}" (${named})`;
    });
    const count = [...byCluster.values()].reduce((n, w) => n + w.length, 0);
    return `${count === 1 ? '1 HorizontalPodAutoscaler is' : `${count} HorizontalPodAutoscalers are`} judged for the cluster ${count === 1 ? 'its' : 'their'} ${CLUSTER_ANNOTATION} annotation names, `
      + `which outranks ${flags}: ${groups.join('; ')}; the app that synthesized ${count === 1 ? 'it' : 'them'} set it: set the same cluster there, or remove the annotation`;
  }

  /** The profile of the input an HPA is in (standard input gets the config file's root settings). */
  private inputProfile(hpa: JudgedHpa): ClusterProfile {
    return this.forInput(hpa.file === STDIN_NAME ? undefined : hpa.file).profile;
  }

  private withFlags(cluster: ClusterSettings): ClusterSettings {
    return {
      version: this.flags.k8sVersion ?? cluster.version,
      featureGates: { ...cluster.featureGates, ...this.flags.featureGates },
    };
  }

  /** The flags alone, then with each cluster the config file can give. */
  private checkFlags(): void {
    const own = ClusterProfile.of({ version: this.flags.k8sVersion, featureGates: this.flags.featureGates });
    const flagOf = (field: string) => field === 'version' ? this.versionFlag : `--feature-gates ${field.replace(/^featureGates\./, '')}`;
    for (const [field, value, detail] of own._facts().problems) {
      throw new UsageError(`${flagOf(field)}: ${JSON.stringify(value)}: ${detail}`);
    }
    if (this.flags.k8sVersion === undefined && Object.keys(this.flags.featureGates).length === 0) return;
    for (const [where, cluster] of this.config.clusters()) {
      for (const [field, value, detail] of ClusterProfile.of(this.withFlags(cluster))._facts().problems) {
        throw new UsageError(`${flagOf(field)}: ${JSON.stringify(value)} with the cluster of the config file's ${where}: ${detail}`);
      }
    }
  }
}

/** What a summary says of a profile's release: the default's rule, or the release a newer one is judged as. */
function describeRelease(profile: ClusterProfile, isDefault: boolean): string {
  if (isDefault) return ' (the default: the newest release)';
  const { newerThanKnown, release } = profile._facts();
  return newerThanKnown ? ` (judged as 1.${release.minor}, the newest release this cdk8s-hpa knows)` : '';
}

/** `Kubernetes 1.36 +HPAScaleToZero`, with `note` after the version. */
function describeProfile(profile: ClusterProfile, gates: { readonly [gate: string]: unknown }, note: string): string {
  return `Kubernetes ${profile.version}${note}${Object.entries(gates).map(([gate, on]) => ` ${on ? '+' : '-'}${gate}`).join('')}`;
}
