import { ClusterProfile } from '../cluster-profile';
import { loadEngine } from '../lazy-internals';
import { RuleLevel } from '../rule-level';
import { formatIssue } from './format-issue';
import { RULES } from './rule-catalog';
import { Severity, ValidationIssue } from './validation-issue';

/** Options of `HpaValidator.validate()`. */
export interface HpaValidationOptions {
  /**
   * The cluster the manifest is for.
   * @default - the newest Kubernetes release the library knows, with its default feature gates
   */
  readonly cluster?: ClusterProfile;

  /**
   * Severity overrides for lint (HPA4xx) and cross-object (HPA3xx) rules, for this call. The
   * manifest's own `cdk8s-hpa.io/rules` annotation wins over them.
   * @default - each rule's own severity
   */
  readonly ruleLevels?: { [ruleId: string]: RuleLevel };
}

/** A rule the validator checks. */
export interface ValidationRule {
  /** The stable rule id. */
  readonly ruleId: string;
  /** Its default severity. */
  readonly severity: Severity;
  /** What it checks. */
  readonly summary: string;
}

/**
 * Checks a plain `autoscaling/v2` HorizontalPodAutoscaler manifest from any source (cdk8s, Helm
 * output, a YAML file) with the rules of kube-apiserver, the HPA controller's pitfalls and the
 * library's lints, for the Kubernetes version and feature gates of a `ClusterProfile`.
 *
 * Never throws: any input, however malformed, yields issues.
 *
 * @example
 * const issues = HpaValidator.validate({
 *   apiVersion: 'autoscaling/v2',
 *   kind: 'HorizontalPodAutoscaler',
 *   metadata: { name: 'web' },
 *   spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 0 },
 * });
 * // issues[0]: spec.maxReplicas: Required value: must be set and greater than 0 [HPA102]
 */
export class HpaValidator {
  /** Every issue of `manifest`, errors and warnings, in manifest order. */
  public static validate(manifest: any, options: HpaValidationOptions = {}): ValidationIssue[] {
    return loadEngine().validateManifest(manifest, {
      profile: options?.cluster ?? ClusterProfile.defaultProfile(),
      ruleLevels: options?.ruleLevels,
    });
  }

  /** An issue as one line: `spec.maxReplicas: Invalid value: 0: must be greater than 0 [HPA102] (fix: ...)`. */
  public static format(issue: ValidationIssue): string {
    return formatIssue(issue);
  }

  /** Every rule, in id order. */
  public static rules(): ValidationRule[] {
    return Object.entries(RULES).map(([ruleId, info]) => ({ ruleId, severity: info.severity, summary: info.summary }));
  }

  private constructor() {}
}
