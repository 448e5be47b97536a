import { IConstruct } from 'constructs';
import { ClusterProfile } from '../cluster-profile';
import { IssueList } from './field-errors';
import { loadEngine, loadTextValidation } from './load-engine';
import { RULES } from './rule-catalog';
import { Severity, ValidationIssue } from './validation-issue';

/** Options of `HpaValidator.validate()`. */
export interface HpaValidationOptions {
  /**
   * The cluster the manifest is for.
   * @default - the newest Kubernetes release the library knows, with its default feature gates
   */
  readonly cluster?: ClusterProfile;
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
    const issues = loadEngine().validateManifest(manifest, { profile: options?.cluster ?? ClusterProfile.defaultProfile() });
    // One issue instead of every required field when the manifest did not arrive as a map of
    // fields: nothing at all, or the keys of a Go map[interface{}]interface{} (yaml.v2's), which
    // the jsii runtime passes as "<interface {} Value>".
    const unreadable = new IssueList();
    const goKeys = neverThrows(() => goInterfaceKeyPath(manifest, ''));
    if (neverThrows(() => isEmptyObject(manifest))) {
      unreadable.required('HPA100', '<root>', 'the manifest has no fields', MANIFEST_FIX);
    } else if (goKeys !== undefined) {
      unreadable.invalid('HPA100', goKeys || '<root>', GO_INTERFACE_KEY,
        'the keys of this map are not strings (a Go map[interface{}]interface{}, as gopkg.in/yaml.v2 decodes)', MANIFEST_FIX);
    } else {
      return issues;
    }
    return [...issues.filter(issue => issue.path.startsWith('cluster.')), ...unreadable.issues];
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
    return loadTextValidation().validateText(text, options?.cluster ?? ClusterProfile.defaultProfile());
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
    const fix = issue.fix && (options?.withFix ?? true) ? ` (fix: ${issue.fix})` : '';
    return `${issue.path}: ${issue.message} [${issue.ruleId}]${fix}`;
  }

  /** Every rule, in id order. */
  public static rules(): ValidationRule[] {
    return Object.entries(RULES).map(([ruleId, info]) => ({ ruleId, severity: info.severity, summary: info.summary }));
  }

  private static validateConstructs(scope: IConstruct): ValidationIssue[] {
    if (scope?.node === undefined) {
      throw new Error('HpaValidator.validateApp/validateChart: expected a construct (an App or a Chart)');
    }
    // Found by shape, not by class: HorizontalPodAutoscalerV2 imports this module.
    return scope.node.findAll().flatMap(c => isHpaConstruct(c)
      ? c.validateHpa().map(issue => ({ ...issue, constructPath: c.node.path }))
      : []);
  }

  private constructor() {}
}

const MANIFEST_FIX = 'give the HorizontalPodAutoscaler\'s fields as a map with string keys (in Go a map[string]interface{}, as gopkg.in/yaml.v3 decodes, or a pointer to a struct with json tags), or its YAML text to HpaValidator.validateYaml';
/** What the Go jsii runtime sends for a map key that is not a string. */
const GO_INTERFACE_KEY = '<interface {} Value>';

/** The field path of the first map whose keys came from a Go map[interface{}]interface{}. */
function goInterfaceKeyPath(value: unknown, path: string, depth = 0): string | undefined {
  if (depth > 50 || typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = goInterfaceKeyPath(value[i], `${path}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === GO_INTERFACE_KEY) return path;
    const found = goInterfaceKeyPath(v, path ? `${path}.${k}` : k, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `fn()`, or undefined when reading the manifest throws (the engine reports that itself). */
function neverThrows<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

function isHpaConstruct(c: IConstruct): c is IConstruct & { validateHpa(): ValidationIssue[] } {
  const candidate = c as unknown as { validateHpa?: unknown; resourceType?: unknown };
  return candidate.resourceType === 'horizontalpodautoscalers' && typeof candidate.validateHpa === 'function';
}
