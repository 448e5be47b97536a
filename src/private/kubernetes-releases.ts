/**
 * What each Kubernetes release knows about HorizontalPodAutoscalers, as one table: a row per
 * release, written as what changed since the row before, each change with its source (the
 * Kubernetes file, PR or KEP it comes from). `kubernetesRelease(minor)` reads the table and
 * answers with everything that release knows; nothing else in the library names a release
 * number for a fact.
 *
 * Adding a release is one row at the end (and its conformance programs in test/conformance,
 * which check the row's served API versions and gates against the real code).
 */
import {
  AUTOSCALING_V1, AUTOSCALING_V2BETA1, AUTOSCALING_V2BETA2, HPA_API_VERSION as AUTOSCALING_V2,
} from './constants';
import { table } from './table';

/** How far a feature gate has come in one release. */
export enum GateStage {
  /** The gate and the field it guards do not exist in this release. */
  ABSENT = 'absent',
  ALPHA = 'alpha',
  BETA = 'beta',
  /** Locked on: it cannot be turned off. */
  GA = 'ga',
}

export interface GateState {
  readonly stage: GateStage;
  readonly enabledByDefault: boolean;
}

export const GATE_SCALE_TO_ZERO = 'HPAScaleToZero';
export const GATE_CONFIGURABLE_TOLERANCE = 'HPAConfigurableTolerance';
export const GATE_CONTAINER_METRICS = 'HPAContainerMetrics';
export const GATE_EXTERNAL_METRIC_FALLBACK = 'HPAExternalMetricFallback';
export const GATE_SIDECAR_CONTAINERS = 'SidecarContainers';
export const GATE_POD_LEVEL_RESOURCES = 'PodLevelResources';

/** Every gate the library knows, in a stable order. */
export const KNOWN_GATES: readonly string[] = [
  GATE_SCALE_TO_ZERO,
  GATE_CONFIGURABLE_TOLERANCE,
  GATE_CONTAINER_METRICS,
  GATE_EXTERNAL_METRIC_FALLBACK,
  GATE_SIDECAR_CONTAINERS,
  GATE_POD_LEVEL_RESOURCES,
];

/** The API server's rules for HPAs that changed between releases. */
export interface ApiServerRules {
  /** `scaleTargetRef.apiVersion` must name an API group (HPA107; before, only the controller fails on it: HPA205). */
  readonly scaleTargetGroupRule: boolean;
  /** `maxReplicas: 0` is a `Required value` error (before, `Invalid value`: must be greater than 0). */
  readonly maxReplicasRequired: boolean;
  /** The server validates fields itself: strict for kubectl, which asks for it; a warning for other clients. */
  readonly fieldValidation: boolean;
}

/** What the HPA controller does that changed between releases. */
export interface ControllerBehaviour {
  /** Each sync starts one period after the previous one ended, so syncs drift by their own duration. */
  readonly syncsDrift: boolean;
  /** Scaling to zero and back follows the ScaledToZero condition. */
  readonly scaledToZeroCondition: boolean;
  /** A pod's request includes its restartable init containers (sidecars), with SidecarContainers on. */
  readonly sidecarRequests: boolean;
  /** A pod's request is its pod-level request, when set and the metric names no container, with PodLevelResources on. */
  readonly podLevelRequests: boolean;
  /** The controller reads a pod's restartable init containers before its regular containers (and names the first without a request). */
  readonly sidecarsReadFirst: boolean;
  /**
   * Where more than one HPA selects the same pods, the controller sets ScalingActive=False
   * (AmbiguousSelector) on each and none of them scales; before, each applied its own count.
   */
  readonly ambiguousSelector: boolean;
  /**
   * `GetExternalPerPodMetricReplicas` (an External metric's AverageValue target) caps its count
   * at MaxInt32; before, a count past it became MinInt32 on amd64 (see `replicaCountsSaturate`).
   */
  readonly externalPerPodCapped: boolean;
  /**
   * `getUsageRatioReplicaCount` (an Object or External metric's Value target, from a nonzero
   * count) caps its count at MaxInt32; before, a count past it became MinInt32 on amd64.
   */
  readonly usageRatioCapped: boolean;
  /**
   * Every replica count the controller computes, a Percent policy's scale-up limit and a
   * Utilization's percent saturate at the int32 range (`ceilToInt32`; the percent, summed
   * exactly, clamped). Before, the percent kept its low 32 bits, and each count not capped above was
   * Go's `int32(math.Ceil(x))`, which the platform decides past the range: MinInt32 on amd64
   * (the simulator's model), MaxInt32 on arm64. A count of MinInt32 loses to the other metrics'
   * proposals and, alone, reads as 0: the HPA scales down to minReplicas under extreme load.
   */
  readonly replicaCountsSaturate: boolean;
}

/** Everything one release knows, as the table gives it. */
export interface KubernetesRelease {
  /** 37 for Kubernetes 1.37. */
  readonly minor: number;
  /** The HPA apiVersions its API server serves, newest first. */
  readonly servedApiVersions: readonly string[];
  /** Each served apiVersion that is deprecated, with the release that deprecated it. */
  readonly deprecatedSince: { readonly [apiVersion: string]: number };
  /** The stage and default of every known gate. */
  readonly gates: { readonly [gate: string]: GateState };
  readonly apiServer: ApiServerRules;
  readonly controller: ControllerBehaviour;
}

/** A fact that starts in a release, with its source. */
type Since<T> = { readonly [K in keyof T]?: string };

/** One row: what changed in a release, each change with its source. */
interface Row {
  readonly minor: number;
  /** The prerelease the row was read from (`v1.38.0-beta.0`), until the release ships: never the default. */
  readonly prerelease?: string;
  /** apiVersions served from this release on (a new one is the newest), with the release that deprecated each. */
  readonly serves?: { readonly [apiVersion: string]: { readonly deprecatedSince?: number; readonly source: string } };
  readonly stopsServing?: { readonly [apiVersion: string]: string };
  readonly gates?: { readonly [gate: string]: GateState & { readonly source: string } };
  readonly apiServer?: Since<ApiServerRules>;
  readonly controller?: Since<ControllerBehaviour>;
}

const ALPHA_OFF = { stage: GateStage.ALPHA, enabledByDefault: false } as const;
const BETA_ON = { stage: GateStage.BETA, enabledByDefault: true } as const;
const GA = { stage: GateStage.GA, enabledByDefault: true } as const;

/**
 * The table. Gate stages are kube_features.go's (pkg/features) unless a source says otherwise;
 * the controller's readings are replica_calculator.go's (pkg/controller/podautoscaler).
 * A row is added once k8s.io/kubernetes v1.N.0 or a prerelease of it is on the Go module proxy;
 * a prerelease's row says so (`prerelease`), and the default stays the newest shipped release.
 */
const ROWS: readonly Row[] = [
  {
    minor: 23,
    serves: {
      [AUTOSCALING_V2]: { source: 'GA in 1.23 (Kubernetes deprecation guide)' },
      [AUTOSCALING_V2BETA2]: { deprecatedSince: 23, source: 'k8s.io/api autoscaling/v2beta2 prerelease-lifecycle tags: deprecated 1.23' },
      [AUTOSCALING_V2BETA1]: { deprecatedSince: 22, source: 'k8s.io/api autoscaling/v2beta1 prerelease-lifecycle tags: deprecated 1.22' },
      [AUTOSCALING_V1]: { source: 'served by every release (Kubernetes deprecation guide)' },
    },
    gates: {
      [GATE_SCALE_TO_ZERO]: { ...ALPHA_OFF, source: 'KEP-2021: {1.16, false, Alpha}' },
      [GATE_CONTAINER_METRICS]: { ...ALPHA_OFF, source: 'KEP-1610: alpha since 1.20' },
      [GATE_EXTERNAL_METRIC_FALLBACK]: {
        ...ALPHA_OFF,
        source: 'KEP-5679: the implementation was closed unmerged, so no release has the gate; it exists where a profile declares it',
      },
    },
  },
  { minor: 24 },
  {
    minor: 25,
    stopsServing: { [AUTOSCALING_V2BETA1]: 'removed in 1.25 (Kubernetes deprecation guide; storage_autoscaling.go)' },
    apiServer: { fieldValidation: 'KEP-2885: server-side field validation (`fieldValidation`) beta and on in 1.25' },
  },
  {
    minor: 26,
    stopsServing: { [AUTOSCALING_V2BETA2]: 'removed in 1.26 (Kubernetes deprecation guide; storage_autoscaling.go)' },
    controller: { ambiguousSelector: 'horizontal.go `validateAndParseSelector` from 1.26 (absent in v1.25.16): pods selected by more than one HPA set ScalingActive=False, reason AmbiguousSelector, on each, and `computeReplicasForMetrics` fails so none scales' },
  },
  { minor: 27, gates: { [GATE_CONTAINER_METRICS]: { ...BETA_ON, source: 'KEP-1610: beta, on by default in 1.27' } } },
  { minor: 28, gates: { [GATE_SIDECAR_CONTAINERS]: { ...ALPHA_OFF, source: 'KEP-753: {1.28, false, Alpha}; with it off the API server drops an init container\'s `restartPolicy`' } } },
  {
    minor: 29,
    gates: { [GATE_SIDECAR_CONTAINERS]: { ...BETA_ON, source: 'KEP-753: {1.29, true, Beta}' } },
    controller: { sidecarRequests: '`calculatePodRequests` adds restartable init containers from 1.29 (up to 1.28 it reads the regular containers only)' },
  },
  {
    minor: 30,
    gates: { [GATE_CONTAINER_METRICS]: { ...GA, source: 'KEP-1610: GA in 1.30; the gate is removed in 1.32 and the field stays, so it stays GA here' } },
  },
  { minor: 31 },
  { minor: 32, gates: { [GATE_POD_LEVEL_RESOURCES]: { ...ALPHA_OFF, source: 'KEP-2837: {1.32, false, Alpha}' } } },
  {
    minor: 33,
    gates: {
      [GATE_CONFIGURABLE_TOLERANCE]: { ...ALPHA_OFF, source: 'KEP-4951: {1.33, false, Alpha}; the `tolerance` field does not exist before 1.33' },
      [GATE_SIDECAR_CONTAINERS]: { ...GA, source: 'KEP-753: {1.33, true, GA}' },
    },
  },
  {
    minor: 34,
    gates: {
      [GATE_POD_LEVEL_RESOURCES]: {
        ...BETA_ON,
        source: 'KEP-2837: {1.34, true, Beta}; with it on the API server defaults pod-level requests (defaults.go `defaultPodRequests`), with it off it drops a pod template\'s `spec.resources`',
      },
    },
    apiServer: { scaleTargetGroupRule: 'kubernetes/kubernetes PR #132537: strategy.go refuses a scaleTargetRef.apiVersion without a group' },
    controller: {
      podLevelRequests: '`calculateRequests` reads the pod-level requests when set and the metric names no container, gated by PodLevelResources',
      externalPerPodCapped: 'kubernetes/kubernetes PR #127050: `GetExternalPerPodMetricReplicas` caps its count at MaxInt32',
    },
  },
  {
    minor: 35,
    gates: { [GATE_CONFIGURABLE_TOLERANCE]: { ...BETA_ON, source: 'KEP-4951: {1.35, true, Beta}' } },
    controller: { usageRatioCapped: 'kubernetes/kubernetes PR #126979 (issue #126892): `getUsageRatioReplicaCount` caps its count at MaxInt32' },
  },
  {
    minor: 36,
    apiServer: { maxReplicasRequired: 'kubernetes/kubernetes PR #135412: `maxReplicas: 0` is `Required value`' },
    controller: { scaledToZeroCondition: 'KEP-2021 rework: the controller scales to zero and back by the ScaledToZero condition' },
  },
  {
    minor: 37,
    gates: {
      [GATE_SCALE_TO_ZERO]: { ...BETA_ON, source: 'KEP-2021 kep.yaml and the feature-gate reference: beta, on by default in 1.37' },
      [GATE_CONFIGURABLE_TOLERANCE]: { ...GA, source: 'kubernetes/api commit "Promote feature gate HPAConfigurableTolerance to GA", in 1.37' },
    },
    controller: {
      syncsDrift: 'horizontal.go (1.37): `enqueueHPA` queues a new HPA at once (`queue.Add`), so the first sync precedes the informer\'s resyncs and each sync starts one period after the previous one ended until a resync falls within a sync; observed in test/conformance, sync for sync',
    },
  },
  {
    minor: 38,
    prerelease: 'v1.38.0-beta.0',
    controller: {
      sidecarsReadFirst: 'replica_calculator.go `calculatePodRequestsFromContainers` walks `podutil.ContainerIter(InitContainers|Containers)`: init containers first (1.37 appended the restartable ones after the regular containers)',
      replicaCountsSaturate: 'kubernetes/kubernetes PR #141397: the nine `int32(math.Ceil(...))` of replica_calculator.go and horizontal.go go through `ceilToInt32`, which saturates; PR #142192: metrics/utilization.go sums with big.Int and clamps the percent; observed in test/conformance (overflow scenarios)',
    },
    // Also checked against v1.38.0-beta.0, none changing a fact the library uses: HPAGeneration GA (kube_features.go;
    // not a gate the library reads); the Pods policy's sum still wraps; utilization summed with big.Int (metrics/utilization.go); Succeeded pods
    // skipped (podutil.IsPodTerminal), pod overhead left out of pod-level requests
    // (ExcludeOverhead), per-pod usage 0 at 0 replicas (getPerPodUsage); an Object metric's
    // rescale reason "<Kind> metric <name>". HPAOptimizedSelectorStore is beta since 1.37; the
    // declarative validations of the HPA move from alpha to beta marks with the same rules.
  },
];

const ABSENT_GATE: GateState = { stage: GateStage.ABSENT, enabledByDefault: false };

/** Each row with the rows before it applied: every release's full facts. */
function accumulate(rows: readonly Row[]): ReadonlyMap<number, KubernetesRelease> {
  const releases = new Map<number, KubernetesRelease>();
  let previous: KubernetesRelease = {
    minor: rows[0].minor - 1,
    servedApiVersions: [],
    deprecatedSince: {},
    gates: Object.fromEntries(KNOWN_GATES.map(gate => [gate, ABSENT_GATE])),
    apiServer: { scaleTargetGroupRule: false, maxReplicasRequired: false, fieldValidation: false },
    controller: {
      syncsDrift: false,
      scaledToZeroCondition: false,
      sidecarRequests: false,
      podLevelRequests: false,
      sidecarsReadFirst: false,
      ambiguousSelector: false,
      externalPerPodCapped: false,
      usageRatioCapped: false,
      replicaCountsSaturate: false,
    },
  };
  for (const row of rows) {
    if (row.minor !== previous.minor + 1) throw new Error(`kubernetes-releases: the row after 1.${previous.minor} is 1.${row.minor}`);
    previous = apply(previous, row);
    releases.set(row.minor, previous);
  }
  return releases;
}

/** The release `row` describes: the one before, with the row's changes. */
function apply(previous: KubernetesRelease, row: Row): KubernetesRelease {
  const serves = Object.keys(row.serves ?? {});
  const stops = Object.keys(row.stopsServing ?? {});
  const deprecatedSince: { [apiVersion: string]: number } = { ...previous.deprecatedSince };
  for (const [apiVersion, { deprecatedSince: since }] of Object.entries(row.serves ?? {})) {
    if (since !== undefined) deprecatedSince[apiVersion] = since;
  }
  for (const apiVersion of stops) delete deprecatedSince[apiVersion];
  const gates: { [gate: string]: GateState } = { ...previous.gates };
  for (const [gate, { stage, enabledByDefault }] of Object.entries(row.gates ?? {})) {
    if (!KNOWN_GATES.includes(gate)) throw new Error(`kubernetes-releases: 1.${row.minor} names the unknown gate ${gate}`);
    gates[gate] = { stage, enabledByDefault };
  }
  const startingNow = (facts: object | undefined) => Object.fromEntries(Object.keys(facts ?? {}).map(fact => [fact, true]));
  return {
    minor: row.minor,
    servedApiVersions: [...serves, ...previous.servedApiVersions.filter(v => !stops.includes(v) && !serves.includes(v))],
    // Looked up by names from outside (a manifest's apiVersion, a profile's gates): no prototype.
    deprecatedSince: table(deprecatedSince),
    gates: table(gates),
    apiServer: { ...previous.apiServer, ...startingNow(row.apiServer) },
    controller: { ...previous.controller, ...startingNow(row.controller) },
  };
}

const RELEASES = accumulate(ROWS);

/** The oldest and newest minor versions in the table; the newest is the newest release (see ROWS). */
export const OLDEST_KNOWN_MINOR = ROWS[0].minor;
export const NEWEST_KNOWN_MINOR = ROWS[ROWS.length - 1].minor;

/**
 * The default profile's release: the newest shipped release the table holds. The rule stays true
 * as Kubernetes ships: adding a release to the table (or dropping a row's `prerelease`) moves the
 * default with it.
 */
export const DEFAULT_MINOR = [...ROWS].reverse().find(row => row.prerelease === undefined)!.minor;

/** What Kubernetes 1.`minor` knows; throws for a release the table does not hold. */
export function kubernetesRelease(minor: number): KubernetesRelease {
  const release = RELEASES.get(minor);
  if (!release) throw new Error(`Kubernetes 1.${minor} is not in the table of releases (1.${OLDEST_KNOWN_MINOR} to 1.${NEWEST_KNOWN_MINOR})`);
  return release;
}

/** The minors of the table's releases of which `holds` is true, oldest first. */
export function releasesWhere(holds: (release: KubernetesRelease) => boolean): number[] {
  return [...RELEASES.values()].filter(holds).map(r => r.minor);
}

/** The first release of the table of which `holds` is true. */
export function firstReleaseWhere(holds: (release: KubernetesRelease) => boolean): number | undefined {
  return releasesWhere(holds)[0];
}

/** Every HPA apiVersion some release of the table serves, newest first. */
export const HPA_API_VERSIONS: readonly string[] = ROWS.reduce<string[]>(
  (all, row) => [...Object.keys(row.serves ?? {}).filter(v => !all.includes(v)), ...all], []);

export type ServedState =
  | { readonly served: true; readonly deprecated?: { readonly since: number; readonly removedIn?: number } }
  | { readonly served: false; readonly since?: number; readonly removedIn?: number };

const SERVED: ServedState = { served: true };

/** Whether `release` serves `apiVersion` for HorizontalPodAutoscalers; undefined for an apiVersion no release serves. */
export function servedState(apiVersion: string, release: KubernetesRelease): ServedState | undefined {
  // Asked for every manifest: the common answer first.
  if (release.servedApiVersions.includes(apiVersion) && release.deprecatedSince[apiVersion] === undefined) return SERVED;
  if (!HPA_API_VERSIONS.includes(apiVersion)) return undefined;
  const serves = (minor: number) => RELEASES.get(minor)?.servedApiVersions.includes(apiVersion) ?? false;
  const removedIn = firstReleaseWhere(r => !serves(r.minor) && serves(r.minor - 1));
  if (serves(release.minor)) return { served: true, deprecated: { since: release.deprecatedSince[apiVersion], removedIn } };
  return removedIn !== undefined && removedIn <= release.minor
    ? { served: false, removedIn }
    : { served: false, since: firstReleaseWhere(r => serves(r.minor)) };
}

/** `[1.33, 1.34]` as "1.33 and 1.34". */
export function listReleases(minors: readonly number[]): string {
  const names = minors.map(m => `1.${m}`);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Whether the release shipped with a gate whose state a cluster can choose. */
export function isKnownGate(gate: string): boolean {
  return KNOWN_GATES.includes(gate);
}

/** How to declare a gate, for library and command-line users alike. */
export function declareGate(gate: string): string {
  return `declare ${gate}=true in the cluster profile (ClusterProfile featureGates, or --feature-gates)`;
}

/** How to declare a newer version, for library and command-line users alike. */
export function declareVersion(version: string): string {
  return `declare version ${version} or later in the cluster profile (ClusterProfile version, or --k8s-version)`;
}

/** One fact of the table that two releases hold differently. */
export interface ReleaseFactDifference {
  /** `gate`, `controller`, `apiServer` or `served`. */
  readonly kind: 'gate' | 'controller' | 'apiServer' | 'served';
  /** The gate, the `ControllerBehaviour` or `ApiServerRules` key, or the apiVersion. */
  readonly fact: string;
  /** How the first release holds it (`beta, on by default`, `yes`, `served`, ...). */
  readonly from: string;
  /** How the second release holds it. */
  readonly to: string;
}

/** Every fact of the table `from` and `to` hold differently: gates, controller, API server, served versions. */
export function releaseDifferences(from: KubernetesRelease, to: KubernetesRelease): ReleaseFactDifference[] {
  const gate = (s: GateState) => s.stage === GateStage.ABSENT ? 'absent'
    : s.stage === GateStage.GA ? 'GA' : `${s.stage}, ${s.enabledByDefault ? 'on' : 'off'} by default`;
  const yesNo = (b: boolean) => b ? 'yes' : 'no';
  const served = (r: KubernetesRelease, v: string) => !r.servedApiVersions.includes(v) ? 'not served'
    : r.deprecatedSince[v] !== undefined ? `deprecated since 1.${r.deprecatedSince[v]}` : 'served';
  const out: ReleaseFactDifference[] = [];
  const add = (kind: ReleaseFactDifference['kind'], fact: string, a: string, b: string) => {
    if (a !== b) out.push({ kind, fact, from: a, to: b });
  };
  for (const g of KNOWN_GATES) add('gate', g, gate(from.gates[g]), gate(to.gates[g]));
  for (const k of Object.keys(to.controller) as Array<keyof ControllerBehaviour>) add('controller', k, yesNo(from.controller[k]), yesNo(to.controller[k]));
  for (const k of Object.keys(to.apiServer) as Array<keyof ApiServerRules>) add('apiServer', k, yesNo(from.apiServer[k]), yesNo(to.apiServer[k]));
  for (const v of HPA_API_VERSIONS) add('served', v, served(from, v), served(to, v));
  return out;
}

/** The prerelease the table read `minor` from (`v1.38.0-beta.0`); undefined for a shipped release. */
export function prereleaseOf(minor: number): string | undefined {
  return ROWS.find(row => row.minor === minor)?.prerelease;
}
