import { IConstruct } from 'constructs';
import { ExternalFallbackFormat } from './external-fallback';
import {
  GateStage, isKnownGate, KNOWN_GATES, DEFAULT_MINOR, KubernetesRelease, kubernetesRelease, NEWEST_KNOWN_MINOR, OLDEST_KNOWN_MINOR,
} from './private/kubernetes-releases';

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
  private readonly gates: { [gate: string]: boolean };
  private readonly minorNumber: number | undefined;
  private readonly release: KubernetesRelease;
  /** Whether a version was given (else the default release is assumed). */
  private readonly declared: boolean;
  /** Whether each known gate is on, worked out once: the validator asks for every manifest. */
  private readonly knownGatesEnabled: ReadonlyMap<string, boolean>;
  private problems?: Array<[string, unknown, string]>;

  private constructor(options: ClusterProfileOptions) {
    this.version = options.version ?? `1.${DEFAULT_MINOR}`;
    this.declared = options.version !== undefined;
    this.gates = { ...(options.featureGates ?? {}) };
    this.fallbackFormat = options.fallbackFormat ?? ExternalFallbackFormat.FAILURE_DURATION;
    this.minorNumber = parseMinor(this.version);
    this.release = kubernetesRelease(Math.min(this.minorNumber ?? DEFAULT_MINOR, NEWEST_KNOWN_MINOR));
    this.knownGatesEnabled = new Map(KNOWN_GATES.map(gate => [gate, this.gateEnabled(gate)]));
  }

  /** Makes this profile apply to every HPA at or below `scope` that sets no `cluster` of its own. */
  public applyTo(scope: IConstruct): void {
    profiles.set(scope, this);
  }

  /**
   * The gates set on this profile over the release's defaults, as given.
   * @internal
   */
  public _gatesSet(): { readonly [gate: string]: unknown } {
    return this.gates;
  }

  /** Whether `gate` is on in this cluster: the override if given, else the release's default. */
  public isGateEnabled(gate: string): boolean {
    return this.knownGatesEnabled.get(gate) ?? this.gateEnabled(gate);
  }

  private gateEnabled(gate: string): boolean {
    const state = this.release.gates[gate];
    if (!state) return false;
    const override = this.gates[gate];
    // A release newer than the table may have moved any gate: what the profile declares is taken as given.
    if (this._newerThanKnown && typeof override === 'boolean') return override;
    if (state.stage === GateStage.GA) return true;
    if (typeof override === 'boolean') return override && state.stage !== GateStage.ABSENT;
    return state.enabledByDefault;
  }

  /**
   * The minor version number (36 for `1.36`, 38 for `1.38`); the default release's when the
   * version is not understood.
   */
  public get minor(): number {
    return this.minorNumber ?? DEFAULT_MINOR;
  }

  /**
   * What the release this profile is judged as knows: its own, or the newest release the library
   * knows for a newer one (the default's for a version not understood).
   * @internal
   */
  public get _release(): KubernetesRelease {
    return this.release;
  }

  /**
   * Whether the version was declared, rather than the default release assumed.
   * @internal
   */
  public get _versionDeclared(): boolean {
    return this.declared;
  }

  /**
   * Whether the version is newer than every release the library knows (judged as the newest).
   * @internal
   */
  public get _newerThanKnown(): boolean {
    return this.minorNumber !== undefined && this.minorNumber > NEWEST_KNOWN_MINOR;
  }

  /**
   * Problems with the profile itself: an unknown version or gate, or a gate set where it does
   * not exist or cannot be changed. Each is `[field, value, detail]`.
   * @internal
   */
  public _problems(): Array<[string, unknown, string]> {
    this.problems ??= this.findProblems();
    return this.problems;
  }

  private findProblems(): Array<[string, unknown, string]> {
    const problems: Array<[string, unknown, string]> = [];
    if (this.minorNumber === undefined) {
      problems.push(['version', this.version,
        `must be a Kubernetes version 1.${OLDEST_KNOWN_MINOR} or later, such as "1.${DEFAULT_MINOR}"`]);
    }
    for (const [gate, value] of Object.entries(this.gates)) {
      const field = `featureGates.${gate}`;
      if (!isKnownGate(gate)) {
        problems.push([field, value, `unknown feature gate; known gates: ${KNOWN_GATES.join(', ')}`]);
      } else if (typeof value !== 'boolean') {
        problems.push([field, value, 'must be true or false']);
      } else if (!this._newerThanKnown) {
        const state = this.release.gates[gate];
        if (value && state.stage === GateStage.ABSENT) {
          problems.push([field, value, `Kubernetes ${this.version} has no ${gate} feature gate; declare a version that has it`]);
        } else if (!value && state.stage === GateStage.GA) {
          problems.push([field, value, `${gate} is GA and locked on in Kubernetes ${this.version}; it cannot be turned off`]);
        }
      }
    }
    return problems;
  }
}

const DEFAULT_PROFILE = ClusterProfile.of();

/** `'1.36'`, `'v1.36.2'` -> 36; undefined when not a 1.x version the library knows or one newer. */
function parseMinor(version: unknown): number | undefined {
  if (typeof version !== 'string') return undefined;
  const m = /^v?1\.(\d+)(\.\d+)?$/.exec(version.trim());
  if (!m) return undefined;
  const minor = Number(m[1]);
  return minor >= OLDEST_KNOWN_MINOR && Number.isSafeInteger(minor) ? minor : undefined;
}
