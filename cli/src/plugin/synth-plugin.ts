/**
 * The cdk8s validation plugin: `cdk8s synth` runs it on every synthesized manifest, so every
 * HPA of the app is checked, whoever made it (this library's construct, cdk8s-plus, an L1
 * `ApiObject`, an `Include` of Helm or kustomize output), with the engine, the config file and
 * the rule levels the command line uses.
 *
 * cdk8s.yaml:
 *
 *   validations:
 *     - package: cdk8s-hpa-cli
 *       version: 1.2.3            # the version cdk8s-cli installs into its plugins directory
 *       class: HpaValidation
 *       properties: { rules: { HPA404: "off" } }
 *
 * cdk8s-cli reads the class from the package's main module (cli/src/index.ts). An installed copy
 * can be named by path instead: `package: ./node_modules/cdk8s-hpa-cli/lib/index.js`.
 *
 * The contract is cdk8s-cli's `Validation` (cdk8s-cli/plugins): a class constructed with the
 * `properties`, whose `validate(context)` adds violations to `context.report` and submits it.
 * It is written against that shape, not imported: cdk8s-cli is not a dependency.
 */
import { checkInputs, inputProblemIssues, Located, readFeatureGates, readRuleLevels, readVersion, RULES, Severity } from 'cdk8s-hpa/lib/toolkit';
import { UsageError } from '../errors';
import { ClusterFlags } from '../flags';
import { collectInputs } from '../inputs';
import { packageVersion } from '../package-version';
import { RunSettings } from '../run-settings';

/** What cdk8s-cli's `ValidationContext` gives a plugin (cdk8s-cli/plugins). */
export interface SynthValidationContext {
  readonly manifests: readonly string[];
  readonly report: {
    addViolation(violation: {
      ruleName: string;
      recommendation: string;
      fix: string;
      violatingResources: Array<{ resourceName: string; locations: string[]; manifestPath: string }>;
    }): void;
    submit(status: 'success' | 'failure', metadata?: { [key: string]: string }): void;
  };
  readonly logger?: { log(message: string): void };
}

/** The `properties` of the plugin in cdk8s.yaml; each mirrors a command-line flag. */
const PROPERTIES: { readonly [name: string]: string } = {
  config: 'the config file (default: the nearest .cdk8s-hpa.yaml), like --config',
  noConfig: 'true to read no config file, like --no-config',
  k8sVersion: 'the cluster\'s Kubernetes version, like --k8s-version',
  featureGates: 'a map of gate names to true or false, like --feature-gates',
  rules: 'a map of rule ids to error, warning or off, like --disable/--enable/--error/--warn',
  strict: 'true to fail on warnings too, like --strict',
};

/**
 * The validation plugin for `cdk8s synth` (cdk8s-cli's `validations:`). Errors fail the
 * synth; warnings are listed in a passing report (unless `strict`).
 */
export class HpaValidation {
  private readonly properties: { readonly [name: string]: unknown };

  public constructor(properties: { [name: string]: unknown } = {}) {
    this.properties = properties ?? {};
  }

  public async validate(context: SynthValidationContext): Promise<void> {
    let run: RunSettings;
    let strict: boolean;
    try {
      const flags = readProperties(this.properties);
      strict = this.properties.strict === true;
      run = RunSettings.resolve(flags);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      context.report.addViolation({
        ruleName: 'cdk8s-hpa configuration',
        recommendation: e.message,
        fix: `correct the plugin's properties in cdk8s.yaml (${Object.keys(PROPERTIES).join(', ')}) or the config file`,
        violatingResources: [],
      });
      context.report.submit('failure', { error: e.message });
      return;
    }

    const collected = collectInputs(context.manifests, () => Buffer.alloc(0));
    const checked = checkInputs(collected.inputs, name => run.forInput(name));
    const issues: Located[] = [...inputProblemIssues(collected.problems), ...checked.issues];

    // One violation per rule and level, with every object that breaks it: cdk8s-cli's report has
    // no level of its own, so the level is in the rule's name, and a rule that is an error on one
    // HPA and a warning on another (by their annotations or overrides) is reported twice.
    const byRule = new Map<string, Located[]>();
    for (const issue of issues) {
      const ruleAndLevel = `${issue.ruleId} (${issue.severity})`;
      byRule.set(ruleAndLevel, [...(byRule.get(ruleAndLevel) ?? []), issue]);
    }
    for (const [ruleAndLevel, found] of [...byRule].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const ruleId = found[0].ruleId;
      const resources = new Map<string, { resourceName: string; locations: string[]; manifestPath: string }>();
      for (const issue of found) {
        const name = issue.object?.name ?? '<unnamed>';
        const key = `${issue.file}\0${name}`;
        const resource = resources.get(key) ?? { resourceName: name, locations: [], manifestPath: issue.file };
        resource.locations.push(`${issue.path} (line ${issue.line}): ${issue.message}`);
        resources.set(key, resource);
      }
      const fixes = [...new Set(found.map(i => i.fix).filter((f): f is string => f !== undefined))];
      context.report.addViolation({
        ruleName: `${ruleAndLevel}: ${RULES[ruleId]?.summary ?? describeInputRule(ruleId)}`,
        recommendation: found.length === 1 ? `${found[0].path}: ${found[0].message}` : `${found.length} occurrences; each location says what is wrong`,
        fix: fixes.length > 0 ? fixes.join('; ') : 'see the message at each location',
        violatingResources: [...resources.values()],
      });
    }
    const errors = issues.filter(i => i.severity === Severity.ERROR).length;
    const warnings = issues.length - errors;
    const metadata: { [key: string]: string } = {
      HorizontalPodAutoscalers: String(checked.objects.hpas.length),
      errors: String(errors),
      warnings: String(warnings),
      version: packageVersion(),
    };
    const from = run.describe(checked.objects.hpas);
    if (from) metadata.settings = from;
    context.report.submit(errors > 0 || (strict && warnings > 0) ? 'failure' : 'success', metadata);
  }
}

function describeInputRule(ruleId: string): string {
  return ruleId === 'YAML' ? 'the manifest is valid YAML' : 'the manifest can be read';
}

/** The plugin's properties as the command line's flags; a bad one is a `UsageError` naming it. */
function readProperties(properties: { readonly [name: string]: unknown }): ClusterFlags {
  const flags: ClusterFlags = { featureGates: {}, ruleLevels: {} };
  const problems: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    const at = `properties.${name}`;
    switch (name) {
      case 'config':
        if (typeof value !== 'string' || value.trim() === '') problems.push(`${at}: ${JSON.stringify(value)}: must be the path of a config file`);
        else flags.config = value;
        break;
      case 'noConfig':
      case 'strict':
        if (typeof value !== 'boolean') problems.push(`${at}: ${JSON.stringify(value)}: must be true or false`);
        else if (name === 'noConfig') flags.noConfig = value;
        break;
      // A property given as null is as wrong as a value of the wrong type.
      case 'k8sVersion':
        flags.k8sVersion = readVersion(value ?? '', at, problems);
        break;
      case 'featureGates':
        Object.assign(flags.featureGates, readFeatureGates(value ?? [], at, problems));
        break;
      case 'rules':
        Object.assign(flags.ruleLevels, readRuleLevels(value ?? [], at, problems));
        break;
      default:
        problems.push(`${at}: unknown property (known: ${Object.entries(PROPERTIES).map(([k, v]) => `${k}: ${v}`).join('; ')})`);
    }
  }
  if (problems.length > 0) throw new UsageError(problems[0]);
  return flags;
}
