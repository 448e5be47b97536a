/**
 * The wire shape of the `autoscaling/v2` HorizontalPodAutoscaler spec as the library renders it
 * (`_toKube()` of the construct and the value classes). The library's own, since the L1 that
 * cdk8s generates lacks the alpha fields (`tolerance` before 1.33's schema, `external.fallback`).
 * Untyped callers (plain JavaScript) can pass anything where a value class is expected: it is
 * rendered as given so the validator can report it, so these types say what is rendered for
 * typed callers, not what every manifest holds.
 */

/** `scaleTargetRef`, `describedObject`. */
export interface CrossVersionObjectReferenceSpec {
  readonly apiVersion?: string;
  readonly kind: string;
  readonly name: string;
}

/** A metric's `target`. */
export interface MetricTargetSpec {
  /** `Utilization`, `Value` or `AverageValue`. */
  readonly type: string;
  readonly value?: string | number;
  readonly averageValue?: string | number;
  readonly averageUtilization?: number;
}

/** A label selector as cdk8s-plus renders one. */
export interface LabelSelectorSpec {
  readonly matchLabels?: { readonly [key: string]: string };
  readonly matchExpressions?: ReadonlyArray<{ readonly key: string; readonly operator: string; readonly values?: readonly string[] }>;
}

/** `metric` of Pods, Object and External metrics. */
export interface MetricIdentifierSpec {
  readonly name: string;
  readonly selector?: LabelSelectorSpec;
}

/** `external.fallback`, in either of the shapes a `ClusterProfile` can pick. */
export interface ExternalFallbackSpec {
  readonly failureDuration?: string;
  readonly failureDurationSeconds?: number;
  readonly replicas: number;
}

/** One entry of `spec.metrics`. */
export interface MetricSpec {
  /** `Resource`, `ContainerResource`, `Pods`, `Object` or `External`. */
  readonly type: string;
  readonly resource?: { readonly name: string; readonly target: MetricTargetSpec };
  readonly containerResource?: { readonly container: string; readonly name: string; readonly target: MetricTargetSpec };
  readonly pods?: { readonly metric: MetricIdentifierSpec; readonly target: MetricTargetSpec };
  readonly object?: {
    readonly describedObject: CrossVersionObjectReferenceSpec;
    readonly metric: MetricIdentifierSpec;
    readonly target: MetricTargetSpec;
  };
  readonly external?: { readonly metric: MetricIdentifierSpec; readonly target: MetricTargetSpec; readonly fallback?: ExternalFallbackSpec };
}

/** One scaling policy. */
export interface ScalingPolicySpec {
  /** `Pods` or `Percent`. */
  readonly type: string;
  readonly value: number;
  readonly periodSeconds?: number;
}

/** `behavior.scaleUp`, `behavior.scaleDown`. */
export interface ScalingRulesSpec {
  readonly stabilizationWindowSeconds?: number;
  /** `Max`, `Min` or `Disabled`. */
  readonly selectPolicy?: string;
  readonly policies?: readonly ScalingPolicySpec[];
  readonly tolerance?: string | number;
}

/** `spec.behavior`. */
export interface BehaviorSpec {
  readonly scaleUp?: ScalingRulesSpec;
  readonly scaleDown?: ScalingRulesSpec;
}

/** `spec` of an `autoscaling/v2` HorizontalPodAutoscaler. */
export interface HorizontalPodAutoscalerV2Spec {
  readonly scaleTargetRef: CrossVersionObjectReferenceSpec;
  readonly minReplicas?: number;
  readonly maxReplicas: number;
  readonly metrics?: readonly MetricSpec[];
  readonly behavior?: BehaviorSpec;
}
