/**
 * `cdk8s-hpa explain`: why live HPAs (`kubectl get hpa -o yaml`) are or are not scaling, from
 * their status, with `HpaExplainer`. Reads the same inputs as `validate`.
 */
import { checkInputs, ClusterProfile, ExplainFinding, explainIndexed, FindingLevel, HpaExplanation, HpaHealth, InputObject, isObject, issueFields, kubectlWith, Located, plural, Severity, sharedCauses, shellCommand, shellQuote, SYNTAX_RULE_ID } from 'cdk8s-hpa/lib/toolkit';
import { ExplainArgs, parseExplainArgs } from './args';
import { bySeverity, SharedPart, sharedCausesText, sharedParts, stateSummaryText } from './fleet';
import { explainLive, liveNames, LiveOutput } from './live';
import { Command, Io } from '../../command';
import { EXIT_ISSUES, EXIT_OK, EXIT_USAGE, UsageError } from '../../errors';
import { formatGithub, formatText } from '../../formatters';
import { CollectedInputs, collectInputs, STDIN_NAME } from '../../inputs';
import { RunSettings } from '../../run-settings';

export const EXPLAIN_HELP = `Usage: cdk8s-hpa explain [options] <file|directory|->...
       cdk8s-hpa explain [options] [-n <namespace>] <name>...  (HPAs read from the cluster)
       cdk8s-hpa explain [options] -n <namespace> | -A

Says, for each live HorizontalPodAutoscaler in the input (what "kubectl get hpa -o yaml"
prints), in a few lines: what the controller is doing, why, and the one next step. With
--verbose: every status condition explained with the spec field it points at and a fix
(finding ids EXP1xx), the controller's arithmetic redone from status.currentMetrics (ratio to
target, tolerance, the replicas each metric proposes, which one wins, what min/max and the
behavior allow now), the spec's own problems as "cdk8s-hpa validate" reports them, the HPA's
events, what the status does not tell, and a "cdk8s-hpa simulate" command line that replays
the current load from the current state.

Give the target, its pods and the events too ("kubectl get hpa,deploy,pods,events -o yaml")
for the cross-object facts (containers without a request, two HPAs on one target) and how
often a metric failed. A KEDA ScaledObject that owns the HPA is where its settings change.

Read from the cluster as kubectl reads it (kubeconfig, context, credentials), each HPA comes
with what the controller reads: its target and scale subresource, the target's pods, the HPA's
events, and with --metrics the metrics APIs. Arguments that are no file are HPA names.

Many HPAs (-A, -n, a dump of a cluster) print most severe first, a cause the cluster shares
(metrics-server down) once before them, and one line per state at the end.

Options:
  -n, --namespace <ns>       read the HPAs of this namespace (default: the context's)
  -A, --all-namespaces       read the HPAs of every namespace
  --context <name>           the kubeconfig context to use (default: the current one)
  --kubeconfig <file>        the kubeconfig to use (default: KUBECONFIG, else ~/.kube/config)
  --metrics                  also read each metric's values from metrics.k8s.io,
                             custom.metrics.k8s.io or external.metrics.k8s.io, as the
                             controller does
  --k8s-version <version>    the cluster's Kubernetes version (default: the server's when
                             read from the cluster, else ${ClusterProfile.of().version})
                             e.g. --k8s-version 1.33
  --feature-gates <gates>    feature gates set on the cluster, over the release's defaults,
                             NAME=true|false separated by commas; may be repeated
                             e.g. --feature-gates HPAExternalMetricFallback=true
  --config <file>, --no-config, --disable/--enable/--error/--warn <rules>
                             the config file and rule levels of the spec's own checks, as
                             for validate
  --now <time>               count ages (since lastScaleTime, firstFailureTime) up to this
                             RFC 3339 time instead of the current time
                             e.g. --now 2026-11-23T12:00:00Z
  -v, --verbose              the arithmetic, every finding, the events and a replay, not
                             only what the HPA does, why and the next step
  --replay-load <load>       how the replay holds a Resource or Pods metric's load as pods
                             come and go: total (default: the current total, spread over
                             however many pods run) or per-pod (each pod keeps its load)
                             e.g. --replay-load per-pod
  --format <format>          text (default): per HPA, what it does, why and the next step;
                               with --verbose, the findings as
                               file:line:column: level [findingId] condition path: message
                             json: {"inputs", "hpas", "explanations": [...]}
                             github: GitHub Actions annotations of the findings that are not
                               info (stuck and failing as errors, limited as warnings)
                             e.g. --format json
  -h, --help                 show this help

Exit codes:
  0  every HPA is scaling as configured (healthy, or slowed by a rate limit, a window or a
     disabled direction, or printed as autoscaling/v1, whose status is not read)
  1  an HPA is stuck (held at maxReplicas, paused at zero, no status) or failing (a metric,
     even one while another drives, the scale subresource or the selector)
  2  usage error, an input that could not be read, a cluster that could not be read (its
     server unreachable, a refusal by RBAC), or no HPA to explain (an empty input, one cut
     short, not a manifest, no HPA in the namespace read)

Examples:
  cdk8s-hpa explain -n shop web
  cdk8s-hpa explain -A --context prod --metrics
  kubectl get hpa -A -o yaml | cdk8s-hpa explain -
  kubectl get hpa,deploy,pods,events -n shop -o yaml | cdk8s-hpa explain --verbose -
`;

export const explainCommand: Command = {
  run: runExplain,
};

function runExplain(argv: readonly string[], io: Io): number | Promise<number> {
  const args = parseExplainArgs(argv);
  if (args.help) {
    io.stdout(EXPLAIN_HELP);
    return EXIT_OK;
  }
  const names = liveNames(args);
  if (names === undefined && args.inputs.length === 0) {
    throw new UsageError('no input: give files, directories, or - for standard input; or HPA names, -n NAMESPACE or -A to read the cluster');
  }
  const run = RunSettings.resolve(args);
  if (names !== undefined) return explainLive(args, names, run, io, explainInputs);
  return explainInputs(collectInputs(args.inputs, io.readStdin), args, run, io);
}

/** Explains the HPAs of the inputs (files, standard input, or what was read live) and returns the exit code. */
function explainInputs(collected: Pick<CollectedInputs, 'inputs' | 'problems'>, args: ExplainArgs, run: RunSettings, io: Io, live?: LiveOutput): number {
  for (const problem of collected.problems) io.stderr(`cdk8s-hpa: ${problem.name}: ${problem.reason}\n`);
  // Standard input and a live object are in no file: the config file's root settings, no override by path.
  const settingsOf = (name: string) => run.forInput(name === STDIN_NAME || live ? undefined : name);
  const checked = checkInputs(collected.inputs, settingsOf);
  const syntaxErrors = checked.issues.filter(e => e.ruleId === SYNTAX_RULE_ID);
  for (const e of syntaxErrors) io.stderr(`${formatText(e)}\n`);

  // What kubectl prints always has a spec: an HPA without one was cut short.
  const cutShort = checked.objects.hpas.filter(hpa => !isObject(hpa.manifest.spec));
  for (const hpa of cutShort) {
    io.stderr(`cdk8s-hpa: ${hpa.where()}: HorizontalPodAutoscaler ${hpa.manifest.metadata?.name ?? ''} has no spec: the input was cut short, or is not what kubectl prints\n`);
  }
  const results = checked.objects.hpas.filter(hpa => !cutShort.includes(hpa)).map(hpa => {
    const issues = checked.issuesOf(hpa).map(issueFields);
    const explanation = explainIndexed(hpa, checked.objects, issues, {
      cluster: settingsOf(hpa.file).profile._facts(), now: args.now, perPodLoad: args.replayLoad === 'per-pod', kubectlFlags: live?.kubectlFlags,
    });
    // A rule the explanation does not report (HPA306 where the live status shows the target exists) is off in the replay too.
    const refuted = [...new Set(issues.map(i => i.ruleId).filter(id => !explanation.validationIssues.some(i => i.ruleId === id)))];
    return { hpa, explanation, simulate: simulateCommand(hpa, explanation, args, live, refuted) };
  });

  if (args.format === 'json') {
    const names = results.map(r => `${r.explanation.namespace}/${r.explanation.name}`);
    io.stdout(`${JSON.stringify({
      inputs: collected.inputs.length,
      hpas: results.length,
      clusterWide: sharedCauses(results.map(r => r.explanation), kubectlWith(live?.kubectlFlags))
        .map(c => ({ message: c.message, fix: c.fix, hpas: c.members.map(m => names[m.index]) })),
      explanations: results.map(r => ({
        file: r.hpa.file,
        ...r.hpa.positionOf('<root>'),
        ...r.explanation,
        findings: r.explanation.findings.map(f => ({ ...f, ...r.hpa.positionOf(f.path) })),
        simulate: r.simulate ? { argv: r.simulate.argv, trace: r.simulate.trace } : undefined,
        ...live?.json(r.hpa.file),
      })),
    }, undefined, 2)}\n`);
  } else if (args.format === 'github') {
    io.stdout(results.flatMap(r => r.explanation.findings
      .filter(f => f.level !== FindingLevel.INFO)
      .map(f => `${formatGithub(locate(r.hpa, f))}\n`)).join(''));
  } else if (results.length > 1) {
    // Many HPAs: a cause the cluster shares once, the most severe first, a line per state at the end.
    const causes = sharedCauses(results.map(r => r.explanation), kubectlWith(live?.kubectlFlags));
    const parts = sharedParts(causes);
    const ordered = bySeverity(results.map((r, index) => ({ r, part: parts.get(index) })), x => x.r.explanation);
    io.stdout(`${sharedCausesText(causes, results.map(r => `${r.explanation.namespace}/${r.explanation.name}`))}${
      ordered.map(({ r, part }) => formatExplanation(r.hpa, r.explanation, r.simulate, args.verbose, part) + (live?.text(r.hpa.file, args.verbose) ?? '')).join('\n')
    }\n${stateSummaryText(results.map(r => r.explanation))}`);
  } else {
    io.stdout(results.map(r => formatExplanation(r.hpa, r.explanation, r.simulate, args.verbose) + (live?.text(r.hpa.file, args.verbose) ?? '')).join('\n'));
  }
  const troubled = results.filter(r => r.explanation.health === HpaHealth.STUCK || r.explanation.health === HpaHealth.FAILING).length;
  const more = args.verbose || args.format !== 'text' ? '' : ' (--verbose: the arithmetic, every finding, the events and a replay to try a change)';
  io.stderr(`cdk8s-hpa: ${results.length === 0 ? `no HorizontalPodAutoscaler found in ${plural(collected.inputs.length, 'input')}`
    : `${troubled} of ${plural(results.length, 'HorizontalPodAutoscaler')} stuck or failing${more}`}\n`);

  // Nothing to explain is a usage error: an empty input, one cut short, or no manifest at all.
  if (collected.problems.length > 0 || syntaxErrors.length > 0 || cutShort.length > 0 || results.length === 0) return EXIT_USAGE;
  return troubled > 0 ? EXIT_ISSUES : EXIT_OK;
}

interface SimulateCommand {
  /** The arguments after `cdk8s-hpa`. */
  readonly argv: string[];
  /** Standard input: the trace. */
  readonly trace: string;
  /** A command that saves the HPA first, when it came from standard input. */
  readonly save?: string;
}

/** `cdk8s-hpa simulate ...` with the HPA, the options of this run, and the current metrics as the trace. */
function simulateCommand(
  hpa: InputObject, explanation: HpaExplanation, args: ExplainArgs, live: LiveOutput | undefined, refuted: readonly string[],
): SimulateCommand | undefined {
  const suggestion = explanation.simulate;
  if (!suggestion) return undefined;
  let file = hpa.file;
  let save: string | undefined;
  if (file === STDIN_NAME || live !== undefined) {
    file = `${explanation.name}-hpa.yaml`;
    save = `${kubectlWith(live?.kubectlFlags)(['get', 'hpa', explanation.name, '-n', explanation.namespace, '-o', 'yaml'])} > ${shellQuote(file)}`;
  }
  const gates = Object.entries(args.featureGates).map(([g, on]) => `${g}=${on}`).join(',');
  return {
    argv: [
      'simulate', '--hpa', file, '--name', explanation.name,
      '--initial-replicas', String(suggestion.initialReplicas),
      ...(args.k8sVersion ? ['--k8s-version', args.k8sVersion] : []),
      ...(gates ? ['--feature-gates', gates] : []),
      ...refuted.flatMap(id => ['--disable', id]),
      '--trace', '-',
    ],
    trace: suggestion.traceCsv,
    save,
  };
}

/**
 * One HPA's explanation as text. Short: the headline (what it is doing), why, at most two more
 * findings that are not info, and the one next step. Verbose: the metrics' arithmetic, every
 * finding as `validate` prints issues, the spec's errors, the events, what the status does not
 * tell, the next step and a replay of the current metrics to try a change.
 */
export function formatExplanation(
  hpa: InputObject, e: HpaExplanation, simulate: SimulateCommand | undefined, verbose: boolean, shared?: SharedPart,
): string {
  const at = hpa.positionOf('<root>');
  const out = [`${hpa.file}:${at.line}:${at.column}: HorizontalPodAutoscaler ${e.namespace}/${e.name}: ${e.summary}`];
  const serious = e.findings.filter(f => f.level !== FindingLevel.INFO);
  const next = `  next step: ${e.nextStep ?? nothingToChange(e)}`;
  if (!verbose && shared) {
    // The cause the cluster shares is said once, above: the rest of this HPA's account after it.
    const own = serious.filter(f => !shared.findings.includes(f));
    const metrics = e.metrics.filter(m => shared.findings.some(f => f.path.startsWith(m.path))).map(m => `"${m.metric}"`);
    out.push(`  why: the cluster-wide cause ${shared.label} above${metrics.length > 0 ? `: the controller cannot read ${metrics.join(', ')} from the resource metrics API` : ''}`);
    for (const f of own.slice(0, 2)) out.push(`  also: ${f.message}`);
    if (own.length > 2) out.push(`  and ${plural(own.length - 2, 'more finding')} (--verbose)`);
    const step = own.find(f => f.fix !== undefined)?.fix;
    out.push(`  next step: ${shared.findings.some(f => f.fix === e.nextStep) || step === undefined ? `the cluster-wide cause ${shared.label} above` : step}`);
    return `${out.join('\n')}\n`;
  }
  if (!verbose) {
    out.push(`  why: ${serious[0]?.message ?? quietReason(e)}`);
    for (const f of serious.slice(1, 3)) out.push(`  also: ${f.message}`);
    if (serious.length > 3) out.push(`  and ${plural(serious.length - 3, 'more finding')} (--verbose)`);
    out.push(next);
    return `${out.join('\n')}\n`;
  }
  if (e.metrics.length > 0) {
    out.push('  metrics:');
    for (const m of e.metrics) out.push(`    ${m.metric} (${m.path}): ${m.explanation}`);
    if (e.proposedReplicas !== undefined) {
      // The next sync is worked out from the proposal the headline states: the controller's own where it differs.
      const own = e.findings.some(f => f.findingId === 'EXP195') ? `; the controller's own: ${e.controllerProposal ?? 'another count'} (EXP195)` : '';
      out.push(`    together: ${e.proposedReplicas} (${e.winningMetric})${own}${e.nextReplicas !== undefined ? `; the next sync sets ${e.nextReplicas}` : ''}`);
    }
  }
  out.push('  findings:');
  for (const f of e.findings) out.push(`    ${formatFinding(hpa, f)}`);
  const errors = e.validationIssues.filter(i => i.severity === Severity.ERROR);
  if (errors.length > 0) {
    out.push('  spec:');
    for (const issue of errors) {
      const p = hpa.positionOf(issue.path);
      out.push(`    ${formatText({ ...issue, file: hpa.file, line: p.line, column: p.column })}`);
    }
  }
  if (e.events.length > 0) {
    out.push('  events:');
    for (const ev of e.events.slice(-EVENTS_SHOWN)) {
      out.push(`    ${ev.lastTime ?? ''} ${ev.type} ${ev.reason}${ev.count > 1 ? ` (x${ev.count})` : ''}: ${ev.message}`);
    }
    if (e.events.length > EVENTS_SHOWN) out.push(`    (${e.events.length - EVENTS_SHOWN} earlier)`);
  }
  if (e.unknowns.length > 0) {
    out.push('  not in the status:');
    for (const u of e.unknowns) out.push(`    - ${u}`);
  }
  out.push(next);
  if (simulate) {
    out.push('  to see what a change does, edit the HPA and replay the current metrics:');
    if (simulate.save) out.push(`    ${simulate.save}`);
    out.push(`    cdk8s-hpa ${shellCommand(simulate.argv)} <<'EOF'`);
    for (const line of simulate.trace.trimEnd().split('\n')) out.push(`    ${line}`);
    out.push('    EOF');
  }
  return `${out.join('\n')}\n`;
}

/** The events a verbose explanation lists, the newest. */
const EVENTS_SHOWN = 8;

/** The findings that say why a healthy HPA holds or moves its count, before its metrics' arithmetic. */
const QUIET_CAUSES = ['EXP195', 'EXP143', 'EXP141', 'EXP125', 'EXP197', 'EXP150', 'EXP144'];

/** Why a healthy HPA does what it does: the finding that says so, else the winning metric's arithmetic. */
function quietReason(e: HpaExplanation): string {
  for (const id of QUIET_CAUSES) {
    const f = e.findings.find(x => x.findingId === id);
    if (f && (id !== 'EXP144' || e.metrics.length === 0)) return f.message;
  }
  const winning = e.metrics.find(m => m.metric === e.winningMetric) ?? e.metrics[0];
  return winning ? `${winning.metric}: ${winning.explanation}` : e.findings[0]?.message ?? 'the status says nothing more';
}

/** The next step of an HPA with nothing to fix: nothing, or, for one KEDA manages, where its settings are. */
function nothingToChange(e: HpaExplanation): string {
  const keda = e.findings.find(f => f.findingId === 'EXP196');
  return keda ? `nothing to change; KEDA's ${e.managedBy} sets this HPA: ${keda.fix}` : 'nothing to change';
}

/** A finding as an issue of the input: stuck and failing are errors, the others warnings. */
function locate(hpa: InputObject, f: ExplainFinding): Located {
  const p = hpa.positionOf(f.path);
  const severity = f.level === FindingLevel.STUCK || f.level === FindingLevel.FAILING ? Severity.ERROR : Severity.WARNING;
  const condition = f.condition ? `${f.condition}: ` : '';
  return { file: hpa.file, line: p.line, column: p.column, severity, ruleId: f.findingId, path: f.path, message: `${condition}${f.message}`, fix: f.fix };
}

/** `file:line:column: stuck [EXP140] ScalingLimited=True/TooManyReplicas spec.maxReplicas: ... (fix: ...)`. */
function formatFinding(hpa: InputObject, f: ExplainFinding): string {
  const p = hpa.positionOf(f.path);
  const condition = f.condition ? `${f.condition} ` : '';
  const rules = f.ruleIds ? ` [${f.ruleIds.join(', ')}]` : '';
  return `${hpa.file}:${p.line}:${p.column}: ${f.level} [${f.findingId}] ${condition}${f.path}: ${f.message}${rules}${f.fix ? ` (fix: ${f.fix})` : ''}`;
}
