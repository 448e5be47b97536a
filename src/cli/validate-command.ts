/**
 * `cdk8s-hpa validate`: the library's checks on any HPA YAML or JSON, with file:line:column.
 */
import { ClusterProfile } from '../cluster-profile';
import { checkHpa } from './check-hpa';
import { Command, Io } from './command';
import { EXIT_ISSUES, EXIT_OK, EXIT_USAGE, UsageError } from './errors';
import { clusterProfileOf } from './flags';
import { formatReport, formatSummary, Located } from './formatters';
import { InputObject, InputObjects } from './input-objects';
import { collectInputs, MAX_INPUT_BYTES } from './inputs';
import { loadObjects } from './load-objects';
import { parseValidateArgs } from './validate-args';
import { Severity } from '../validation/validation-issue';

export const VALIDATE_HELP = `Usage: cdk8s-hpa validate [options] <file|directory|->...

Checks every autoscaling/v2 HorizontalPodAutoscaler in YAML or JSON manifests (multi-document
files, kind: List, Helm or kustomize output) with the rules of kube-apiserver, the HPA
controller's pitfalls and the library's lints. Older HPAs (autoscaling/v1, v2beta1, v2beta2)
are reported with how to migrate. Other kinds are not checked, but a Deployment, StatefulSet
or other workload in the same input is matched to the HPAs that target it (same namespace,
kind and name; objects without a namespace are taken to be applied to one namespace
together) for the cross-object checks: Utilization without
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
  const profile = clusterProfileOf(args);

  const collected = collectInputs(args.inputs, io.readStdin);
  for (const problem of collected.problems) {
    io.stderr(`cdk8s-hpa: ${problem.name}: ${problem.reason}\n`);
  }

  const issues: Located[] = [];
  const objects = new InputObjects();
  const syntaxErrors = loadObjects(collected.inputs, objects);

  const duplicates = objects.duplicateTargets();
  const hpasByFile = new Map<string, InputObject[]>();
  for (const hpa of objects.hpas) {
    const ofFile = hpasByFile.get(hpa.file);
    if (ofFile) {
      ofFile.push(hpa);
    } else {
      hpasByFile.set(hpa.file, [hpa]);
    }
  }
  // In input order: each file's syntax errors and HPAs' issues, by position.
  for (const input of collected.inputs) {
    const ofFile: Located[] = [...(syntaxErrors.get(input.name) ?? [])];
    for (const hpa of hpasByFile.get(input.name) ?? []) {
      for (const issue of checkHpa(hpa, profile, objects, duplicates.get(hpa))) ofFile.push(issue);
    }
    const inOrder = ofFile.map((issue, i) => ({ issue, i }))
      .sort((a, b) => a.issue.line - b.issue.line || a.issue.column - b.issue.column || a.i - b.i);
    for (const { issue } of inOrder) issues.push(issue);
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
