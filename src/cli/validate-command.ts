/**
 * `cdk8s-hpa validate`: the library's checks on any HPA YAML or JSON, with file:line:column.
 */
import { ClusterProfile } from '../cluster-profile';
import { parseValidateArgs } from './args';
import { Command, Io } from './command';
import { EXIT_ISSUES, EXIT_OK, EXIT_USAGE, UsageError } from './errors';
import { fieldPathSegments } from './field-path';
import { formatReport, formatSummary, Located } from './formatters';
import { InputObject, InputObjects, namespaceOf, objectsOf, positionIn } from './input-objects';
import { collectInputs, MAX_INPUT_BYTES } from './inputs';
import { parseSource } from './yaml-source';
import { validateManifest } from '../validation/engine';
import { IssueList } from '../validation/field-errors';
import { reportDuplicateTarget } from '../validation/rules/cross-object';
import { Severity, ValidationIssue } from '../validation/validation-issue';

/** The rule id of a YAML or JSON syntax error (not a rule of the engine). */
export const SYNTAX_RULE_ID = 'YAML';

/** HPA API versions whose fields differ from autoscaling/v2: only the migration is reported. */
export const OLDER_SCHEMAS = ['autoscaling/v1', 'autoscaling/v2beta1'];

export const VALIDATE_HELP = `Usage: cdk8s-hpa validate [options] <file|directory|->...

Checks every autoscaling/v2 HorizontalPodAutoscaler in YAML or JSON manifests (multi-document
files, kind: List, Helm or kustomize output) with the rules of kube-apiserver, the HPA
controller's pitfalls and the library's lints. Older HPAs (autoscaling/v1, v2beta1, v2beta2)
are reported with how to migrate. Other kinds are not checked, but a Deployment, StatefulSet
or other workload in the same input is matched to the HPAs that target it (same namespace,
kind and name; no namespace means "default") for the cross-object checks: Utilization without
requests, a ContainerResource container that does not exist, a fixed replicas; and two HPAs on
one target are reported.

Inputs:
  <file>        a YAML or JSON file, whatever its extension ("-" reads standard input)
  <directory>   every .yaml, .yml and .json file below it, in name order (hidden
                directories and node_modules are skipped)
  Inputs over ${MAX_INPUT_BYTES / (1024 * 1024)} MiB, binary files and unreadable files are reported and skipped.

Options:
  --k8s-version <version>    the cluster's Kubernetes version (default: the newest release the
                             library knows, ${ClusterProfile.of().version})
                             e.g. --k8s-version 1.33
  --feature-gates <gates>    feature gates set on the cluster, over the release's defaults,
                             NAME=true|false separated by commas; may be repeated
                             e.g. --feature-gates HPAScaleToZero=true,HPAConfigurableTolerance=false
  --format <format>          text (default): file:line:column: severity [ruleId] path: message
                             json: {"files", "hpas", "errors", "warnings", "issues": [...]}
                             github: GitHub Actions annotations (::error file=...,line=...::...)
                             e.g. --format github
  --strict                   exit 1 on warnings too
                             e.g. --strict
  -h, --help                 show this help

Exit codes:
  0  no errors (with --strict: no warnings either)
  1  errors found (with --strict: errors or warnings)
  2  usage error, or an input that could not be read

Examples:
  cdk8s-hpa validate dist/
  helm template my-release ./chart | cdk8s-hpa validate --k8s-version 1.33 -
  cdk8s-hpa validate --feature-gates HPAScaleToZero=true --format github --strict k8s/*.yaml
`;

/**
 * Parses every input's documents into `objects`; returns the YAML syntax errors, by file, as
 * issues (rule id `YAML`).
 */
export function loadObjects(inputs: ReadonlyArray<{ readonly name: string; readonly text: string }>, objects: InputObjects): Map<string, Located[]> {
  const syntaxErrors = new Map<string, Located[]>();
  for (const input of inputs) {
    for (const document of parseSource(input.text)) {
      for (const error of document.errors) {
        const list = syntaxErrors.get(input.name) ?? [];
        list.push({
          file: input.name,
          line: error.position.line,
          column: error.position.column,
          severity: Severity.ERROR,
          ruleId: SYNTAX_RULE_ID,
          path: '<root>',
          message: `syntax error: ${error.message}`,
        });
        syntaxErrors.set(input.name, list);
      }
      for (const object of objectsOf(input.name, document)) objects.add(object);
    }
  }
  return syntaxErrors;
}

export const validateCommand: Command = {
  summary: 'check HorizontalPodAutoscalers in YAML or JSON files',
  run: runValidate,
};

function runValidate(argv: readonly string[], io: Io): number {
  const args = parseValidateArgs(argv);
  if (args.help) {
    io.stdout(VALIDATE_HELP);
    return EXIT_OK;
  }
  if (args.inputs.length === 0) {
    throw new UsageError('no input: give files, directories, or - for standard input');
  }
  const profile = ClusterProfile.of({ version: args.k8sVersion, featureGates: args.featureGates });

  const collected = collectInputs(args.inputs, io.readStdin);
  for (const problem of collected.problems) {
    io.stderr(`cdk8s-hpa: ${problem.name}: ${problem.reason}\n`);
  }

  const issues: Located[] = [];
  const objects = new InputObjects();
  const syntaxErrors = loadObjects(collected.inputs, objects);

  const duplicates = objects.duplicateTargets();
  const hpasByFile = new Map<string, InputObject[]>();
  for (const hpa of objects.hpas) hpasByFile.set(hpa.file, [...(hpasByFile.get(hpa.file) ?? []), hpa]);
  // In input order: each file's syntax errors and HPAs' issues, by position.
  for (const input of collected.inputs) {
    const ofFile: Located[] = [...(syntaxErrors.get(input.name) ?? [])];
    for (const hpa of hpasByFile.get(input.name) ?? []) {
      ofFile.push(...checkHpa(hpa, profile, objects, duplicates.get(hpa)));
    }
    issues.push(...ofFile.map((issue, i) => ({ issue, i }))
      .sort((a, b) => a.issue.line - b.issue.line || a.issue.column - b.issue.column || a.i - b.i)
      .map(x => x.issue));
  }

  const errors = issues.filter(i => i.severity === Severity.ERROR).length;
  const summary = {
    files: collected.inputs.length,
    hpas: objects.hpas.length,
    errors,
    warnings: issues.length - errors,
  };
  io.stdout(formatReport(args.format, issues, summary));
  io.stderr(`cdk8s-hpa: ${formatSummary(summary)}${collected.problems.length ? `; ${collected.problems.length} unreadable` : ''}\n`);

  if (collected.problems.length > 0) return EXIT_USAGE;
  if (errors > 0 || (args.strict && summary.warnings > 0)) return EXIT_ISSUES;
  return EXIT_OK;
}

/** One HPA's issues, placed in its source. */
export function checkHpa(hpa: InputObject, profile: ClusterProfile, objects: InputObjects, duplicateOf?: InputObject): Located[] {
  const manifest = hpa.manifest;
  let found: ValidationIssue[] = validateManifest(manifest, { profile, workload: objects.workloadOf(hpa) });
  if (OLDER_SCHEMAS.includes(manifest.apiVersion)) {
    // Their fields differ from v2's: the engine's other findings would be noise.
    found = found.filter(issue => issue.path === 'apiVersion');
  } else if (duplicateOf) {
    const extra = new IssueList();
    const ref = manifest.spec?.scaleTargetRef ?? {};
    const where = positionIn(duplicateOf, []);
    reportDuplicateTarget(extra, `${ref.kind}/${ref.name}`,
      `HorizontalPodAutoscaler "${duplicateOf.manifest.metadata?.name}" (${duplicateOf.file}:${where.line})`);
    found = [...found, ...extra.issues];
  }
  const object = {
    kind: manifest.kind,
    namespace: namespaceOf(manifest),
    name: typeof manifest.metadata?.name === 'string' ? manifest.metadata.name : undefined,
  };
  return found.map(issue => {
    const position = positionIn(hpa, fieldPathSegments(issue.path));
    return { file: hpa.file, line: position.line, column: position.column, ...issue, object };
  });
}
