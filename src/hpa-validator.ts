import { IConstruct } from 'constructs';
import { ClusterProfile } from './cluster-profile';
import type * as CheckInputs from './manifests/check-inputs';
import type * as Located from './manifests/located';
import { onFirstUse } from './private/memoize';
import { RuleLevel } from './rule-level';
import type * as Engine from './validation/engine';
import { formatIssue } from './validation/format-issue';
import { RULES } from './validation/rule-catalog';
import { Severity, ValidationIssue } from './validation/validation-issue';

/* eslint-disable @typescript-eslint/no-require-imports */
/** The engine and the input path, loaded on first use (the input path loads the YAML parser). */
const engine = onFirstUse(() => require('./validation/engine') as typeof Engine);
const inputPath = onFirstUse(() => ({
  ...require('./manifests/check-inputs') as typeof CheckInputs,
  ...require('./manifests/located') as typeof Located,
}));
/* eslint-enable @typescript-eslint/no-require-imports */

/** Options of `HpaValidator.validate()`. */
export interface HpaValidationOptions {
  /**
   * The cluster the manifest is for. The manifest's own `cdk8s-hpa.io/cluster` annotation (which
   * the construct writes when a profile is set in code) wins over it.
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

/** Options of `HpaValidator.format()`. */
export interface IssueFormatOptions {
  /**
   * Whether to end the line with the issue's fix, `(fix: ...)`.
   * @default true
   */
  readonly withFix?: boolean;
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
 * const issues = HpaValidator.validateYaml(`
 * apiVersion: autoscaling/v2
 * kind: HorizontalPodAutoscaler
 * metadata:
 *   name: web
 * spec:
 *   scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
 *   maxReplicas: 0
 * `);
 * // issues[0]: spec.maxReplicas: Required value: must be set and greater than 0 [HPA102]
 */
export class HpaValidator {
  /** Every issue of `manifest`, errors and warnings, in manifest order. */
  public static validate(manifest: any, options: HpaValidationOptions = {}): ValidationIssue[] {
    return engine().validateManifest(manifest, {
      cluster: (options?.cluster ?? ClusterProfile.defaultProfile())._facts(),
      ruleLevels: options?.ruleLevels,
    });
  }

  /**
   * Every issue of the HorizontalPodAutoscalers in a YAML or JSON text, with the `line` and
   * `column` of each: any number of documents, `kind: List` too, as `cdk8s-hpa validate` reads
   * files. Other kinds are not checked, but a workload in the same text is matched to the HPAs
   * that target it for the cross-object checks. A syntax error is an issue with rule id `YAML`.
   *
   * The way to give a manifest from Python, Java or Go: no map keys to get right in a language
   * whose names differ from Kubernetes' (Python's `api_version`), and positions to report.
   */
  public static validateYaml(text: string, options: HpaValidationOptions = {}): ValidationIssue[] {
    if (typeof text !== 'string') {
      throw new Error(`HpaValidator.validateYaml: text must be a string of YAML or JSON, got ${text === null ? 'null' : typeof text}`);
    }
    const settings = { profile: options?.cluster ?? ClusterProfile.defaultProfile(), ruleLevels: options?.ruleLevels };
    const { checkInputs, issueFields } = inputPath();
    // Only the fields of ValidationIssue: the other languages receive exactly the struct.
    return checkInputs([{ name: '<text>', text }], () => settings).issues.map(issueFields);
  }

  /**
   * Every issue of every `HorizontalPodAutoscalerV2` in an app, as `cdk8s synth` would report
   * them, each with the path of its construct in `constructPath`; for tests in any language.
   */
  public static validateApp(app: IConstruct): ValidationIssue[] {
    return HpaValidator.validateConstructs(app);
  }

  /** Every issue of every `HorizontalPodAutoscalerV2` in a chart (see `validateApp()`). */
  public static validateChart(chart: IConstruct): ValidationIssue[] {
    return HpaValidator.validateConstructs(chart);
  }

  /**
   * An issue as one line: `spec.maxReplicas: Invalid value: 0: must be greater than 0 [HPA102] (fix: ...)`.
   */
  public static format(issue: ValidationIssue, options: IssueFormatOptions = {}): string {
    return formatIssue(issue, options?.withFix ?? true);
  }

  /** Every rule, in id order. */
  public static rules(): ValidationRule[] {
    return Object.entries(RULES).map(([ruleId, info]) => ({ ruleId, severity: info.severity, summary: info.summary }));
  }

  private static validateConstructs(scope: IConstruct): ValidationIssue[] {
    if (scope?.node === undefined) {
      throw new Error('HpaValidator.validateApp/validateChart: expected a construct (an App or a Chart)');
    }
    // Found by shape, not by class: the validator loads neither the construct nor cdk8s-plus-27.
    return scope.node.findAll().flatMap(c => isHpaConstruct(c)
      ? c.validateHpa().map(issue => ({ ...issue, constructPath: c.node.path }))
      : []);
  }

  private constructor() {}
}

function isHpaConstruct(c: IConstruct): c is IConstruct & { validateHpa(): ValidationIssue[] } {
  const candidate = c as unknown as { validateHpa?: unknown; resourceType?: unknown };
  return candidate.resourceType === 'horizontalpodautoscalers' && typeof candidate.validateHpa === 'function';
}
