import * as path from 'path';
import { App, Chart, Names } from 'cdk8s';
import { IConstruct } from 'constructs';
import { ClusterProfile } from './cluster-profile';
import { CONFIG_FILE_NAME, ConfigFile, FileSettings } from './config-file';
import { RuleLevel } from './rule-level';
import { RuleLevels } from './rule-levels';

/** Options of `HpaConfig.load()`. */
export interface HpaConfigLoadOptions {
  /**
   * The config file to read.
   * @default - `.cdk8s-hpa.yaml` found upward from `directory`, stopping at the filesystem root
   * or at a directory holding `.git`; none found means every setting at its default
   */
  readonly path?: string;

  /**
   * Where the search for `.cdk8s-hpa.yaml` starts.
   * @default - the working directory
   */
  readonly directory?: string;
}

/** Options of `HpaConfig.applyTo()`. */
export interface HpaConfigApplyOptions {
  /**
   * The manifest file the HPAs at the scope are written to, matched against the `files` of the
   * config file's `overrides` (relative to the working directory).
   * @default - for each HPA, the file `cdk8s synth` writes its chart to
   * (`<outdir>/<chart>.k8s.yaml`), so the app and `cdk8s-hpa validate dist/` pick the same override
   */
  readonly manifestPath?: string;
}

/**
 * The repository's `.cdk8s-hpa.yaml`: the cluster profile and rule levels a team sets once, for
 * the app at synth, `cdk8s-hpa validate` in CI and the cdk8s synth plugin alike.
 *
 * It holds `cluster` (a version and feature gates), `rules` (levels by rule id) and `overrides`
 * (the same for the manifests that match `files` globs); docs/plugin.md shows a whole file.
 *
 * What it sets sits under everything set in code: a `ClusterProfile` or `RuleLevels` applied to
 * a scope, and an HPA's own `cluster` and `ruleLevels` props.
 *
 * @example
 * // For every HPA of this chart (pass the app for all of them).
 * HpaConfig.load().applyTo(this);
 */
export class HpaConfig {
  /** The file's name, found upward from the working directory. */
  public static readonly FILE_NAME = CONFIG_FILE_NAME;

  /**
   * Reads the config file (the nearest `.cdk8s-hpa.yaml`, or `options.path`). Throws an error
   * naming the file and the key path when it holds an unknown key or a bad value.
   */
  public static load(options: HpaConfigLoadOptions = {}): HpaConfig {
    const file = options?.path ?? ConfigFile.find(options?.directory ?? process.cwd());
    return new HpaConfig(file === undefined ? ConfigFile.none() : ConfigFile.read(file));
  }

  /**
   * The file read.
   * @default - none found: every setting at its default
   */
  public readonly path?: string;

  /** The settings and profile for each manifest file asked about, made once: a check compares profiles by identity. */
  private readonly byFile = new Map<string | undefined, { readonly settings: FileSettings; profile?: ClusterProfile }>();

  private constructor(private readonly file: ConfigFile) {
    this.path = file.path;
  }

  /** The cluster profile for a manifest file (the root's, with the matching overrides). */
  public clusterFor(manifestPath?: string): ClusterProfile {
    const entry = this.entryFor(manifestPath);
    entry.profile ??= ClusterProfile.of(entry.settings.cluster);
    return entry.profile;
  }

  /** The rule levels for a manifest file (the root's, with the matching overrides). */
  public ruleLevelsFor(manifestPath?: string): { [ruleId: string]: RuleLevel } {
    return { ...this.entryFor(manifestPath).settings.rules };
  }

  /**
   * Applies the profile and rule levels to every HPA at or below `scope`, under those set in
   * code, whenever it is added (before or after this call). Each HPA gets the settings of the
   * file `cdk8s synth` writes its chart to, unless `options.manifestPath` names one.
   */
  public applyTo(scope: IConstruct, options: HpaConfigApplyOptions = {}): void {
    const fixed = options?.manifestPath;
    const fileOf = (at: IConstruct) => fixed ?? chartFile(at);
    ClusterProfile._applyFromConfig(scope, at => {
      const manifestPath = fileOf(at);
      // No cluster in the file for this manifest: the default applies, and is not written into it.
      const cluster = this.entryFor(manifestPath).settings.cluster;
      return cluster.version === undefined && Object.keys(cluster.featureGates).length === 0 ? undefined : this.clusterFor(manifestPath);
    });
    RuleLevels._applyFromConfig(scope, at => this.entryFor(fileOf(at)).settings.rules);
  }

  private entryFor(manifestPath: string | undefined) {
    let entry = this.byFile.get(manifestPath);
    if (!entry) {
      entry = { settings: this.file.settingsFor(manifestPath) };
      this.byFile.set(manifestPath, entry);
    }
    return entry;
  }
}

/** Where `cdk8s synth` writes the nearest chart at or above `at`, with one file per chart. */
function chartFile(at: IConstruct): string | undefined {
  const chart = at.node.scopes.reverse().find(s => Chart.isChart(s)) as Chart | undefined;
  const root = at.node.root;
  if (!chart || !(root instanceof App)) return undefined;
  return path.join(root.outdir, `${Names.toDnsLabel(chart)}${root.outputFileExtension}`);
}
