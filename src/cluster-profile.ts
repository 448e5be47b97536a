import { IConstruct } from 'constructs';
import { ExternalFallbackFormat } from './external-fallback';
import { ClusterFacts, resolveCluster } from './model/cluster-facts';

/** Options of `ClusterProfile.of()`. */
export interface ClusterProfileOptions {
  /**
   * The Kubernetes minor version the manifests are for, such as `'1.36'` (a patch part,
   * `'1.36.2'`, and a leading `v` are accepted). Versions 1.23 to 1.37 are known; a newer
   * one is judged as the newest the library knows, with a warning (HPA156) that says so.
   *
   * @default - the newest Kubernetes release the library knows (1.37); its table holds only releases that have shipped, so the default moves forward as the library adds each new release
   */
  readonly version?: string;

  /**
   * Feature gates set on the cluster's API server and controller manager, overriding the
   * release's defaults: `HPAScaleToZero`, `HPAConfigurableTolerance`, `HPAContainerMetrics`,
   * `HPAExternalMetricFallback`, and `SidecarContainers` and `PodLevelResources`, which decide
   * whose requests the controller reads for a Utilization metric.
   *
   * @default - the release's defaults
   */
  readonly featureGates?: { [gate: string]: boolean };

  /**
   * How `external.fallback` is written; the field is alpha and its wire shape is not settled.
   *
   * @default ExternalFallbackFormat.FAILURE_DURATION
   */
  readonly fallbackFormat?: ExternalFallbackFormat;
}

const profiles = new WeakMap<IConstruct, ClusterProfile>();
/** What config files set at a scope: the profile for a construct at or below it (by the file its chart is written to). */
const configProfiles = new WeakMap<IConstruct, (at: IConstruct) => ClusterProfile | undefined>();

/**
 * The Kubernetes cluster the manifests are for: its version and feature gates decide which
 * HPA fields and values its API server accepts.
 *
 * Set one per app or chart with `applyTo(scope)`; the `cluster` prop of one HPA overrides it.
 *
 * @example
 * ClusterProfile.of({ version: '1.36', featureGates: { HPAScaleToZero: true } });
 */
export class ClusterProfile {
  /** The default profile: the newest Kubernetes release the library knows, with its default gates. */
  public static defaultProfile(): ClusterProfile {
    return DEFAULT_PROFILE;
  }

  /** A profile for the given version and gates. */
  public static of(options: ClusterProfileOptions = {}): ClusterProfile {
    return new ClusterProfile(options ?? {});
  }

  /**
   * The profile that applies at `scope`: the nearest one set with `applyTo` on it or a scope
   * above it, else the nearest one `HpaConfig.applyTo()` set from a config file, else the
   * default profile.
   */
  public static lookup(scope: IConstruct): ClusterProfile {
    return ClusterProfile._lookupSet(scope) ?? DEFAULT_PROFILE;
  }

  /**
   * The profile set at `scope` in code or by a config file, as `lookup`; undefined when none is
   * (the default profile applies).
   * @internal
   */
  public static _lookupSet(scope: IConstruct): ClusterProfile | undefined {
    for (let s: IConstruct | undefined = scope; s; s = s.node.scope) {
      const p = profiles.get(s);
      if (p) return p;
    }
    for (let s: IConstruct | undefined = scope; s; s = s.node.scope) {
      const p = configProfiles.get(s)?.(scope);
      if (p) return p;
    }
    return undefined;
  }

  /**
   * Makes the profiles a config file gives apply at or below `scope`, under any set in code.
   * `profileAt` is asked when a construct looks its profile up, so charts added later get theirs.
   * @internal
   */
  public static _applyFromConfig(scope: IConstruct, profileAt: (at: IConstruct) => ClusterProfile | undefined): void {
    configProfiles.set(scope, profileAt);
  }

  /** The version as given, or the default. */
  public readonly version: string;
  /** The wire shape of `external.fallback`. */
  public readonly fallbackFormat: ExternalFallbackFormat;
  /** What the engines read, resolved once: the validator asks for every manifest. */
  private readonly facts: ClusterFacts;

  private constructor(options: ClusterProfileOptions) {
    this.fallbackFormat = options.fallbackFormat ?? ExternalFallbackFormat.FAILURE_DURATION;
    this.facts = resolveCluster({ version: options.version, featureGates: options.featureGates, fallbackFormat: this.fallbackFormat });
    this.version = this.facts.version;
  }

  /** Makes this profile apply to every HPA at or below `scope` that sets no `cluster` of its own. */
  public applyTo(scope: IConstruct): void {
    profiles.set(scope, this);
  }

  /** Whether `gate` is on in this cluster: the override if given, else the release's default. */
  public isGateEnabled(gate: string): boolean {
    return this.facts.gatesOn[gate] === true;
  }

  /**
   * The minor version number (36 for `1.36`, 38 for `1.38`); the default release's when the
   * version is not understood.
   */
  public get minor(): number {
    return this.facts.minor;
  }

  /**
   * The cluster as the engines read it: the release's facts, the gates, the profile's problems.
   * @internal
   */
  public _facts(): ClusterFacts {
    return this.facts;
  }
}

const DEFAULT_PROFILE = ClusterProfile.of();

