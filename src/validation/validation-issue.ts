/** How serious a validation issue is. */
export enum Severity {
  /** The cluster would refuse the manifest, or the controller would fail on it: synth fails. */
  ERROR = 'error',
  /** A lint: the manifest works but is likely not what was meant. Printed at synth. */
  WARNING = 'warning',
}

/**
 * One problem found in an HPA manifest.
 *
 * `path` is the field path as Kubernetes prints it (`spec.behavior.scaleUp.policies[1].periodSeconds`);
 * `message` follows Kubernetes' field errors (`Invalid value: 3600: must be less than or equal to 1800`).
 */
export interface ValidationIssue {
  /** A stable rule id: HPA1xx API server, HPA2xx controller, HPA3xx cross-object, HPA4xx lints. */
  readonly ruleId: string;
  /** Error or warning. */
  readonly severity: Severity;
  /** The field path, Kubernetes style. */
  readonly path: string;
  /** `<Required value|Invalid value|Unsupported value|Forbidden|Unknown field>[: <value>]: <detail>`. */
  readonly message: string;
  /**
   * The offending value as found in the manifest.
   * @default - none (a missing field)
   */
  readonly value?: any;
  /**
   * How to fix it, where there is one clear fix.
   * @default - none
   */
  readonly fix?: string;
  /**
   * The 1-based line of the offending field (or of its nearest present parent) in the YAML or
   * JSON text, for issues of `HpaValidator.validateYaml()`.
   * @default - none (the manifest was not given as text)
   */
  readonly line?: number;
  /**
   * The 1-based column that goes with `line`.
   * @default - none (the manifest was not given as text)
   */
  readonly column?: number;
  /**
   * The path of the `HorizontalPodAutoscalerV2` construct, for issues of
   * `HpaValidator.validateApp()` and `HpaValidator.validateChart()`.
   * @default - none (the manifest did not come from a construct)
   */
  readonly constructPath?: string;
}
