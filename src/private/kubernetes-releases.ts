/**
 * What each Kubernetes release's API server knows about HorizontalPodAutoscalers: which
 * feature gates exist, at which stage, and whether they are on by default.
 *
 * This is the one data table behind `ClusterProfile`. Sources, per entry:
 * - `HPAScaleToZero` (KEP-2021): pkg/features/kube_features.go lists `{1.16, false, Alpha}`
 *   through 1.36; the feature-gate reference page and KEP-2021's kep.yaml give beta, on by
 *   default, from 1.37.
 * - `HPAConfigurableTolerance` (KEP-4951): kube_features.go for 1.35 has
 *   `{1.33, false, Alpha}, {1.35, true, Beta}`; kubernetes/api commit "Promote feature gate
 *   HPAConfigurableTolerance to GA" is in 1.37. The `tolerance` field does not exist before 1.33.
 * - `HPAContainerMetrics` (KEP-1610): alpha 1.20, beta (on) 1.27, GA 1.30, gate removed in 1.32.
 * - `HPAExternalMetricFallback` (KEP-5679): the implementation was closed unmerged; no release
 *   knows `external.fallback`, so the gate exists only where a profile declares it.
 * - `SidecarContainers` (KEP-753): kube_features.go has `{1.28, false, Alpha}, {1.29, true, Beta},
 *   {1.33, true, GA}`. With it off the API server drops an init container's `restartPolicy`.
 * - `PodLevelResources` (KEP-2837): kube_features.go has `{1.32, false, Alpha}, {1.34, true, Beta}`,
 *   still beta in 1.37. With it on the API server defaults pod-level requests (defaults.go
 *   `defaultPodRequests`); with it off it drops `spec.resources` of a pod template.
 * - What the HPA controller reads as a pod's request (replica_calculator.go): the regular
 *   containers only up to 1.28 (`calculatePodRequests`); restartable init containers too from
 *   1.29; the pod-level requests, when set and the metric names no container, from 1.34
 *   (`calculateRequests`, gated by PodLevelResources).
 * - `scaleTargetRef.apiVersion` must name an API group (kubernetes/kubernetes PR #132537, in the
 *   1.34-era strategy.go): enforced from 1.34 here.
 * - `spec.maxReplicas: 0` reported as `Required value` instead of `Invalid value` (PR #135412): 1.36.
 */

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

/**
 * The oldest and newest minor versions in the table. The table holds only releases that have
 * shipped (a release is added once k8s.io/kubernetes v1.N.0 is on the Go module proxy, with its
 * conformance programs in test/conformance), so the newest is the newest release.
 */
export const OLDEST_KNOWN_MINOR = 23;
export const NEWEST_KNOWN_MINOR = 37;

/**
 * The default profile's release: the newest release the table holds. The rule stays true as
 * Kubernetes ships: adding a release to the table moves the default with it.
 */
export const DEFAULT_MINOR = NEWEST_KNOWN_MINOR;

/** From this minor on the API server refuses a `scaleTargetRef.apiVersion` without a group. */
export const SCALE_TARGET_GROUP_RULE_SINCE_MINOR = 34;

/** From this minor on the HPA controller scales to zero by the ScaledToZero condition (KEP-2021 rework). */
export const SCALED_TO_ZERO_CONDITION_SINCE_MINOR = 36;

/**
 * From this minor on the API server validates fields itself (KEP-2885, `fieldValidation`, beta
 * and on in 1.25): strict for kubectl, which asks for it, a warning for other clients.
 */
export const SERVER_FIELD_VALIDATION_SINCE_MINOR = 25;

/** From this minor on the HPA controller counts the requests of restartable init containers (sidecars). */
export const SIDECAR_REQUESTS_SINCE_MINOR = 29;

/** From this minor on the HPA controller reads pod-level requests, with PodLevelResources on. */
export const POD_LEVEL_REQUESTS_SINCE_MINOR = 34;

/** From this minor on `maxReplicas: 0` is a `Required value` error. */
export const MAX_REPLICAS_REQUIRED_MESSAGE_SINCE_MINOR = 36;

const absent: GateState = { stage: GateStage.ABSENT, enabledByDefault: false };
const alphaOff: GateState = { stage: GateStage.ALPHA, enabledByDefault: false };
const betaOn: GateState = { stage: GateStage.BETA, enabledByDefault: true };
const ga: GateState = { stage: GateStage.GA, enabledByDefault: true };

/** The stage of `gate` in Kubernetes 1.`minor`. */
export function gateState(gate: string, minor: number): GateState {
  switch (gate) {
    case GATE_SCALE_TO_ZERO:
      return minor >= 37 ? betaOn : alphaOff;
    case GATE_CONFIGURABLE_TOLERANCE:
      if (minor < 33) return absent;
      if (minor < 35) return alphaOff;
      return minor < 37 ? betaOn : ga;
    case GATE_CONTAINER_METRICS:
      if (minor < 27) return alphaOff;
      return minor < 30 ? betaOn : ga;
    case GATE_EXTERNAL_METRIC_FALLBACK:
      return alphaOff;
    case GATE_SIDECAR_CONTAINERS:
      if (minor < 28) return absent;
      if (minor < 29) return alphaOff;
      return minor < 33 ? betaOn : ga;
    case GATE_POD_LEVEL_RESOURCES:
      if (minor < 32) return absent;
      return minor < 34 ? alphaOff : betaOn;
    default:
      return absent;
  }
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

/**
 * From this minor on, each sync starts one period after the previous one ended, so syncs drift
 * by their own duration (as the real 1.37 controller does in test/conformance, observed there); in 1.36 the HPA
 * informer's resync keeps them on the period grid. With drift, a recommendation or scale event
 * from exactly one window or period before is outside it.
 */
export const SYNCS_DRIFT_SINCE_MINOR = 37;
