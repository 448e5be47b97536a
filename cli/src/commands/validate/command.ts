/**
 * `cdk8s-hpa validate`: the library's checks on any HPA YAML or JSON, with file:line:column.
 */
import { ClusterProfile, checkInputs, docsUrl, inputProblemIssues, Located, ruleDocUrl, Severity } from 'cdk8s-hpa/lib/toolkit';
import { parseValidateArgs } from './args';
import { releaseOnlyIssues, releaseSummary } from './compare-release';
import { Command, Io } from '../../command';
import { EXIT_ISSUES, EXIT_OK, EXIT_USAGE, UsageError } from '../../errors';
import { formatReport, formatSummary } from '../../formatters';
import { collectInputs, MAX_INPUT_BYTES, noInputs, skippedDirectoryNotes, STDIN_NAME, unusedInputNotes } from '../../inputs';
import { packageVersion } from '../../package-version';
import { RunSettings } from '../../run-settings';

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
                directories and node_modules are skipped; a kustomize directory, with a
                kustomization.yaml, is noted and skipped: check what it builds with
                kustomize build DIR | cdk8s-hpa validate -; so is a Helm chart, with a
                Chart.yaml: helm template RELEASE DIR | cdk8s-hpa validate -)
  Files are UTF-8, or UTF-16 with a byte order mark (as Windows PowerShell writes them).
  Inputs over ${MAX_INPUT_BYTES / (1024 * 1024)} MiB, binary files and unreadable files are reported and skipped.
  A file that holds no Kubernetes object (no apiVersion or kind: a CI workflow, mkdocs.yml)
  is noted and skipped; a file named here that holds no HorizontalPodAutoscaler is noted.
  An unrendered Helm template named on its own is one error: render the chart first,
  helm template RELEASE CHART | cdk8s-hpa validate -

Options:
  --k8s-version <version>    the cluster's Kubernetes version (default: the newest release,
                             ${ClusterProfile.of().version}; a version newer than this cdk8s-hpa knows is
                             judged as the newest it knows, with a warning, HPA156)
                             e.g. --k8s-version 1.33
  --feature-gates <gates>    feature gates set on the cluster, over the release's defaults,
                             NAME=true|false separated by commas; may be repeated
                             e.g. --feature-gates HPAScaleToZero=true,HPAConfigurableTolerance=false
  --config <file>            the config file (default: the nearest .cdk8s-hpa.yaml at or above
                             the working directory, up to the repository's root): cluster,
                             rules and per-path overrides; see
                             ${docsUrl('plugin.md#the-config-file')}
                             e.g. --config ci/.cdk8s-hpa.yaml
  --no-config                read no config file
  --disable <rules>          turn lint (HPA4xx) or cross-object (HPA3xx) rules off, by id,
                             separated by commas; may be repeated
                             e.g. --disable HPA404,HPA402
  --enable <rules>           turn rules back on at their own severity
  --error <rules>            report rules as errors
                             e.g. --error HPA404
  --warn <rules>             report rules as warnings
  --format <format>          text (default): file:line:column: severity [ruleId] path: message
                             json: {"files", "hpas", "errors", "warnings", "unreadable", "issues": [...]}
                             github: GitHub Actions annotations (::error file=...,line=...::...)
                             sarif: SARIF 2.1.0, for GitHub code scanning and other CI tools
                             e.g. --format sarif > cdk8s-hpa.sarif
  --compare-release <version>
                             judge each HPA under this release too, and list what its API
                             server and checks find beyond this run's findings, each message
                             starting "Kubernetes <version> (--compare-release):"; they do not
                             count in the summary's errors and warnings nor in the exit code
                             e.g. --k8s-version 1.37 --compare-release 1.38
  --strict                   exit 1 on warnings too
                             e.g. --strict
  --allow-empty              pass (exit 0) when the directories given hold no manifest file
                             (else a usage error, exit 2), e.g. in a CI step that may run
                             before anything is rendered
  -h, --help                 show this help

Which settings win (most specific first): an HPA's own cdk8s-hpa.io/rules annotation
(e.g. "HPA404=off,HPA402=error") and cdk8s-hpa.io/cluster annotation (e.g.
"version=1.36,HPAScaleToZero=true", written at synth by an app whose cluster is set in code or
the config file), then the rule and cluster flags of this run, then the config file's overrides
whose files match the input (later ones win), then its root settings, then the rules' own
severities and the default cluster.

Rules: each rule id is explained, with its fix and default, at its anchor (the id in lower
case) in the rules reference, e.g. ${ruleDocUrl('HPA404')}

Exit codes:
  0  no errors (with --strict: no warnings either)
  1  errors found (with --strict: errors or warnings)
  2  usage error (bad flag, bad version, unknown gate, bad config file: found before any input
     is read; no manifest file found, without --allow-empty), or an input that could not be
     read (reported in every format, rule id INPUT)

Examples:
  cdk8s-hpa validate dist/
  helm template my-release ./chart | cdk8s-hpa validate --k8s-version 1.33 -
  cdk8s-hpa validate --feature-gates HPAScaleToZero=true --format github --strict k8s/*.yaml
`;

export const validateCommand: Command = {
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
  // Flags and the config file are checked before any input is read.
  const run = RunSettings.resolve(args);
  const compared = args.compareRelease === undefined ? undefined : { version: args.compareRelease, settings: run.forRelease(args.compareRelease) };

  const collected = collectInputs(args.inputs, io.readStdin);
  for (const problem of collected.problems) {
    io.stderr(`cdk8s-hpa: ${problem.name}: ${problem.reason}\n`);
  }
  for (const note of skippedDirectoryNotes(collected)) io.stderr(`cdk8s-hpa: note: ${note}\n`);
  const none = noInputs(args.inputs, collected);
  if (none && !args.allowEmpty) throw new UsageError(`${none}; --allow-empty lets a run with nothing to check pass`);

  // Unreadable inputs first, in every format; then each file's issues.
  // The run's profile is reported once (on its flag or config key), not on each HPA.
  const checked = checkInputs(collected.inputs, name => ({ ...run.forInput(name === STDIN_NAME ? undefined : name), scopeProfileReported: true }));
  const runFindings = run.profileFindings(checked.objects.hpas.map(hpa => hpa.file));
  const extra = compared === undefined ? [] : releaseOnlyIssues(collected.inputs, checked.issues, compared.settings, compared.version);
  const issues: Located[] = [...inputProblemIssues(collected.problems), ...runFindings, ...checked.issues];

  const errors = issues.filter(i => i.severity === Severity.ERROR).length - collected.problems.length;
  const summary = {
    files: collected.inputs.length,
    hpas: checked.objects.hpas.length,
    errors,
    warnings: issues.length - errors - collected.problems.length,
    unreadable: collected.problems.length,
  };
  io.stdout(formatReport(args.format, [...issues, ...extra], summary, packageVersion()));
  const reported = new Set([...checked.objects.hpas.map(hpa => hpa.file), ...checked.issues.map(issue => issue.file)]);
  const outranked = run.outrankedFlagsNote(checked.objects.hpas);
  const notes = [
    ...checked.notes,
    ...outranked !== undefined ? [outranked] : [],
    ...unusedInputNotes(collected.inputs, checked.notKubernetes, reported),
  ];
  for (const note of notes) {
    io.stderr(`cdk8s-hpa: note: ${note}
`);
  }
  const from = run.describe(checked.objects.hpas);
  io.stderr(`cdk8s-hpa: ${formatSummary(summary)}${collected.problems.length ? `; ${collected.problems.length} unreadable` : ''}${compared ? releaseSummary(compared.version, extra) : ''}${from ? ` [${from}]` : ''}\n`);

  if (collected.problems.length > 0) return EXIT_USAGE;
  if (errors > 0 || (args.strict && summary.warnings > 0)) return EXIT_ISSUES;
  return EXIT_OK;
}
