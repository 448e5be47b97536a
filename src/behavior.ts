import { Duration } from 'cdk8s';
import { durationSeconds, requireDuration } from './model/duration';
import { renderQuantity } from './model/quantity';
import { BehaviorSpec, ScalingRulesSpec } from './private/spec-types';
import { toKube } from './private/to-kube';
import { ScalingPolicy } from './scaling-policy';

/** Which policy applies when several allow different changes. */
export enum SelectPolicy {
  /** The policy that allows the largest change (the server default). */
  MAX = 'Max',
  /** The policy that allows the smallest change. */
  MIN = 'Min',
  /** No scaling in this direction. */
  DISABLED = 'Disabled',
}

/**
 * How the autoscaler scales in one direction (`scaleUp` or `scaleDown`).
 *
 * Fields left out get the API server's defaults (see each field), so only what is set is
 * rendered.
 */
export interface ScalingRules {
  /**
   * How far back the controller looks at its recommendations before it changes replicas; it
   * takes the least change over the window. Between 0 and 3600 seconds.
   *
   * @default - scale up: 0 seconds; scale down: the controller's
   * `--horizontal-pod-autoscaler-downscale-stabilization` flag (300 seconds by default)
   */
  readonly stabilizationWindow?: Duration;

  /**
   * Limits on the rate of change. Give at least one policy: the API server refuses an
   * explicit empty list.
   *
   * @default - scale up: 4 pods or 100 percent per 15 seconds, whichever is larger;
   * scale down: 100 percent per 15 seconds
   */
  readonly policies?: ScalingPolicy[];

  /**
   * Which policy applies when several do.
   *
   * @default SelectPolicy.MAX
   */
  readonly selectPolicy?: SelectPolicy;

  /**
   * How far the usage ratio may stray from 1.0 before the controller scales in this direction,
   * as a fraction (0.05 = 5 percent). Needs Kubernetes 1.33 or later and the
   * `HPAConfigurableTolerance` feature gate (on by default from 1.35).
   *
   * @default - the controller's `--horizontal-pod-autoscaler-tolerance` flag (0.1 by default)
   */
  readonly tolerance?: number;
}

/** Options of `Behavior.of()`. */
export interface BehaviorOptions {
  /**
   * Rules for scaling up.
   * @default - the API server's scale-up defaults
   */
  readonly scaleUp?: ScalingRules;
  /**
   * Rules for scaling down.
   * @default - the API server's scale-down defaults
   */
  readonly scaleDown?: ScalingRules;
}

/**
 * The `spec.behavior` of an HPA: stabilization windows, rate-limiting policies, policy
 * selection and tolerance, per direction.
 *
 * @see https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/#configurable-scaling-behavior
 * @example
 * Behavior.of({
 *   scaleDown: { stabilizationWindow: Duration.minutes(10), policies: [ScalingPolicy.percent(50, Duration.minutes(1))] },
 *   scaleUp: { selectPolicy: SelectPolicy.MAX, tolerance: 0.05 },
 * });
 */
export class Behavior {
  /** A behavior with the given rules; a direction left out keeps the server's defaults. */
  public static of(options: BehaviorOptions): Behavior {
    requireDuration(options?.scaleUp?.stabilizationWindow, 'Behavior.of(): scaleUp.stabilizationWindow');
    requireDuration(options?.scaleDown?.stabilizationWindow, 'Behavior.of(): scaleDown.stabilizationWindow');
    return new Behavior(options ?? {});
  }

  /** Rules for scaling up, as given. */
  public readonly scaleUp?: ScalingRules;
  /** Rules for scaling down, as given. */
  public readonly scaleDown?: ScalingRules;

  private constructor(options: BehaviorOptions) {
    this.scaleUp = options.scaleUp;
    this.scaleDown = options.scaleDown;
  }

  /** @internal */
  public _toKube(): BehaviorSpec {
    return { scaleUp: rulesToKube(this.scaleUp), scaleDown: rulesToKube(this.scaleDown) };
  }
}

function rulesToKube(rules: ScalingRules | undefined): ScalingRulesSpec | undefined {
  if (rules == null) {
    return undefined;
  }
  return {
    stabilizationWindowSeconds: rules.stabilizationWindow ? durationSeconds(rules.stabilizationWindow) : undefined,
    selectPolicy: rules.selectPolicy,
    policies: Array.isArray(rules.policies) ? rules.policies.map(p => toKube(p)) : rules.policies,
    tolerance: rules.tolerance == null ? undefined : renderQuantity(rules.tolerance),
  };
}
