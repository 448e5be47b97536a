/**
 * Limits and server defaults of the autoscaling/v2 API, in one place.
 *
 * Code, docs and tests read these; each value names where Kubernetes defines it.
 */

/** `MaxStabilizationWindowSeconds` in pkg/apis/autoscaling/validation/validation.go. */
export const MAX_STABILIZATION_WINDOW_SECONDS = 3600;

/** `MaxPeriodSeconds` in pkg/apis/autoscaling/validation/validation.go. */
export const MAX_PERIOD_SECONDS = 1800;

/** `metadata.name` length limit (`IsDNS1123Subdomain`). */
export const MAX_DNS1123_SUBDOMAIN_LENGTH = 253;

/** Container names (`IsDNS1123Label`). */
export const MAX_DNS1123_LABEL_LENGTH = 63;

/** The largest value an int32 field accepts when the API server decodes a request. */
export const INT32_MAX = 2147483647;
export const INT32_MIN = -INT32_MAX - 1;

/** `spec.minReplicas` when it is omitted (pkg/apis/autoscaling/v2/defaults.go). */
export const DEFAULT_MIN_REPLICAS = 1;

/** `autoscaling.DefaultCPUUtilization`: the metric used when `spec.metrics` is empty. */
export const DEFAULT_CPU_UTILIZATION = 80;

/** The controller's `--horizontal-pod-autoscaler-tolerance` default. */
export const DEFAULT_TOLERANCE = 0.1;

/** The controller's `--horizontal-pod-autoscaler-sync-period` default, in seconds. */
export const DEFAULT_SYNC_PERIOD_SECONDS = 15;

/** The controller's `--horizontal-pod-autoscaler-downscale-stabilization` default, in seconds. */
export const DEFAULT_DOWNSCALE_STABILIZATION_SECONDS = 300;

/** The controller's `--horizontal-pod-autoscaler-cpu-initialization-period` default, in seconds. */
export const DEFAULT_CPU_INITIALIZATION_PERIOD_SECONDS = 300;

/** The controller's `--horizontal-pod-autoscaler-initial-readiness-delay` default, in seconds. */
export const DEFAULT_INITIAL_READINESS_DELAY_SECONDS = 30;

/** A policy as the API server writes it (type, value, periodSeconds). */
export interface RawPolicy {
  readonly type: string;
  readonly value: number;
  readonly periodSeconds: number;
}

/** A fully defaulted rule set as the API server writes it. */
export interface RawRules {
  readonly stabilizationWindowSeconds?: number;
  readonly selectPolicy: string;
  readonly policies: RawPolicy[];
}

/** `GenerateHPAScaleUpRules` defaults (pkg/apis/autoscaling/v2/defaults.go). */
export const DEFAULT_SCALE_UP_RULES: RawRules = {
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ],
};

/**
 * `GenerateHPAScaleDownRules` defaults. `stabilizationWindowSeconds` stays unset: the controller
 * then uses its downscale-stabilization flag (300 s by default).
 */
export const DEFAULT_SCALE_DOWN_RULES: RawRules = {
  selectPolicy: 'Max',
  policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
};

/** `failureDuration` of an external-metric fallback when none is given (the KEP's default). */
export const DEFAULT_FALLBACK_FAILURE_DURATION_SECONDS = 180;

/** The HPA's own API group and version. */
export const HPA_API_VERSION = 'autoscaling/v2';
/** The older HPA apiVersions; which releases serve them is in kubernetes-releases.ts. */
export const AUTOSCALING_V2BETA2 = 'autoscaling/v2beta2';
export const AUTOSCALING_V2BETA1 = 'autoscaling/v2beta1';
export const AUTOSCALING_V1 = 'autoscaling/v1';
export const HPA_KIND = 'HorizontalPodAutoscaler';

/**
 * The annotation on an HPA that sets rule levels for that object (`HPA404=off,HPA402=error`),
 * honoured by the construct, `HpaValidator`, the command line and the cdk8s synth plugin.
 */
export const RULES_ANNOTATION = 'cdk8s-hpa.io/rules';

/**
 * The annotation on an HPA that names the cluster it is for (`version=1.36,HPAScaleToZero=true`):
 * the construct writes the profile it judged the HPA with, and every checker judges it with that.
 */
export const CLUSTER_ANNOTATION = 'cdk8s-hpa.io/cluster';
