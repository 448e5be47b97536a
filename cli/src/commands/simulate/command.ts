/**
 * `cdk8s-hpa simulate`: replays the HPA controller's decisions for one HPA manifest over a
 * metric trace (`HpaSimulator`), or over recorded history (simulate-history.ts), after checking
 * the manifest as `validate` does.
 */
import * as fs from 'fs';
import * as path from 'path';
import { checkInputs, ClusterProfile, DEFAULT_SYNC_LATENCIES, DEFAULT_SYNC_PERIOD_SECONDS, HpaSimulator, HpaSimulatorOptions, InputObject, parseTraceCsv, plural, RuleLevel, Severity, SimulationTrace, SYNTAX_RULE_ID, TRACE_HEADER } from 'cdk8s-hpa/lib/toolkit';
import { parseSimulateArgs, SimulateArgs } from './args';
import { HistorySubject, runHistory } from './history';
import { historyUsageProblem, wantsHistory } from './history-args';
import { runNotes, RunNoteNames, TargetWorkload } from './notes';
import { formatSimulationTable } from './table';
import { Command, Io } from '../../command';
import { EXIT_ISSUES, EXIT_OK, EXIT_USAGE, UsageError } from '../../errors';
import { formatSummary, formatText } from '../../formatters';
import { collectInputs, Input, STDIN_NAME } from '../../inputs';
import { writeOutputs } from '../../output-files';
import { RunSettings } from '../../run-settings';

/** Without --until, the run goes on this long after the trace's last row. */
export const DEFAULT_RUN_AFTER_TRACE_SECONDS = 600;

/** Seconds as Go writes milliseconds. */
const millis = (seconds: number): string => `${Math.round(seconds * 1e6) / 1e3}ms`;

export const SIMULATE_HELP = `Usage: cdk8s-hpa simulate --hpa <file> --trace <trace.csv> [options]
       cdk8s-hpa simulate --hpa <file> --history <metric>=<file.json>... [--compare <file>] [options]
       cdk8s-hpa simulate --hpa <file> --prometheus <url> --query <metric>=<PromQL>... --start <time> [options]

Replays the HPA controller's decisions (kube-controller-manager's horizontal.go and
replica_calculator.go: tolerance, stabilization windows, scaling policies, min/max, conditions,
scale to zero, External fallback) for one autoscaling/v2 HorizontalPodAutoscaler over a metric
trace, one sync every ${DEFAULT_SYNC_PERIOD_SECONDS}s from time 0. The HPA is checked first, as "cdk8s-hpa validate" checks
it: with errors it is not simulated. All pods are assumed Running and Ready.

Prints one line per sync that changed the replicas, a condition or a fallback, or whose error
is new; then the metrics no sync read, the final replica count, and the request each Utilization
metric's usages were compared with (and where it came from):
     time  replicas  desired  cpu (50%)  changes / error
      60s  2 -> 4    4        200% -> 8  ScalingLimited=True/ScaleUpLimit
  <metric> (<target>) columns show the usage the controller compared with the target, and the
  replica count the metric proposed ("error" when it failed); the last column lists what changed
  (AbleToScale, ScalingActive, ScalingLimited, ScaledToZero as Type=Status/Reason; "<metric>
  fallback active" or "inactive"; "error cleared") and the sync's error.

Options:
  --hpa <file>               YAML or JSON with the HPA (a directory: its .yaml, .yml and .json
                             files; "-": standard input). Other kinds are ignored, but a workload
                             the HPA targets is checked with it, as validate does.
                             e.g. --hpa dist/app.k8s.yaml
  --name <name>              which HPA, by metadata.name, when the input holds several
                             e.g. --name web
  --trace <file>             the metric trace, CSV (see "Trace file" below; "-": standard input)
                             e.g. --trace load.csv
  --until <duration>         the last sync time: seconds or with a unit (90s, 30m, 1h, 1h30m)
                             (default: the trace's last time plus ${DEFAULT_RUN_AFTER_TRACE_SECONDS / 60}m)
                             e.g. --until 30m
  --svg <file>               also write a plot of replicas and metrics over time
                             e.g. --svg run.svg
  --csv <file>               also write one row per sync: replicas, desired, per metric usage,
                             proposal and fallback, the conditions, the error
                             e.g. --csv run.csv
  --k8s-version <version>    the cluster's Kubernetes version (default: ${ClusterProfile.of().version});
                             it decides which fields the controller reads
                             e.g. --k8s-version 1.33
  --feature-gates <gates>    feature gates over the release's defaults, NAME=true|false
                             separated by commas; may be repeated
                             e.g. --feature-gates HPAScaleToZero=true
  --config <file>, --no-config, --disable/--enable/--error/--warn <rules>
                             the config file and rule levels, as for validate
  --initial-replicas <n>     the target's replicas before the first sync
                             (default: minReplicas, or 1 when minReplicas is 0; with a recorded
                             replica count, its value at the history's start)
                             e.g. --initial-replicas 4
  --pod-request <resource>=<quantity>
                             each pod's request (<container>/<resource>: one container's), which
                             Utilization usages are compared with, in the usages' unit; may be
                             repeated. Without it, a replay of history reads the requests of the
                             target workload in the --hpa input, as the controller reads the
                             pods' (sidecars, pod-level requests); a trace's usages are percent.
                             A warning says when it contradicts the workload's request, or when
                             no request is known and the usages look like cores or bytes
                             e.g. --pod-request cpu=250m (for usages in cores)
  --api-latency scale=<duration>,metrics=<duration>
                             how long the controller's scale calls and metrics reads take,
                             durations as Go writes them (default: scale=${millis(DEFAULT_SYNC_LATENCIES.scale)},metrics=${millis(DEFAULT_SYNC_LATENCIES.metrics)});
                             on 1.37 they decide when syncs drift onto the resync grid
                             e.g. --api-latency scale=1ms,metrics=250us
  --first-sync-delay <duration>
                             how long after the informer's start the first sync runs
                             (default: ${millis(DEFAULT_SYNC_LATENCIES.firstSyncDelay)})
                             e.g. --first-sync-delay 0.1s
  -h, --help                 show this help

Recorded history (instead of --trace):
  --history [<metric>=]<file>
                             a range query's response for one metric of the HPA: the JSON of
                             /api/v1/query_range (curl) or promtool query range -o json; may be
                             repeated, for each metric and for later ranges of one metric
                             e.g. --history cpu=cpu.json
  --replicas-history <file>  the target's replica count over the same period, to check the
                             replay against (kube_deployment_status_replicas of the workload);
                             may be repeated for later ranges
  --prometheus <url>         fetch the history: one --query per metric over --start to --end
  --query <metric>=<PromQL>  e.g. --query 'cpu=sum by (pod) (rate(container_cpu_usage_seconds_total{namespace="shop",pod=~"web-.*"}[1m]))'
  --replicas-query <PromQL>  e.g. --replicas-query 'kube_deployment_status_replicas{namespace="shop",deployment="web"}'
  --start <time>, --end <time>
                             RFC 3339, unix seconds, now or now-<duration> (now-7d, now-6h);
                             --end is now by default
  --step <duration>          the query's step (default: 15s)
  --header 'Name: value'     sent with every request (e.g. "Authorization: Bearer $TOKEN");
                             a user and password in the URL are sent as basic auth
  --save-history <dir>       write what was fetched there, one file per metric, to replay later
  --load <metric>=PodSamples|Total|PerPod
                             how a Resource or Pods metric's readings load the replay: PodSamples
                             (default for series with a pod label) gives the replay the recorded
                             pods' samples; Total spreads their sum over the replay's pods (the
                             load for comparing specs); PerPod gives each pod their mean
  --compare <file>           replay a second HPA over the same history, side by side (the two
                             are alternatives: HPA304, two HPAs on one target, is not reported)
  --compare-name <name>      which HPA of --compare, by metadata.name
  --compare-release <version>
                             what changes if we upgrade: replay the same HPA under this release
                             too (its default gates; the gates --feature-gates and the config
                             file set are kept), side by side, and print the first sync where
                             the replica counts part and the facts of the release table that
                             differ between the two releases, each with whether the run read it
                             e.g. --k8s-version 1.37 --compare-release 1.38
  --format text|json         the measures as a table (default) or JSON
  --report <file>            write the report: .html (measures and plot) or .svg (the plot)

  Each step of the query is an observation from its time on; a step without a sample (a gap)
  or with NaN is a failure of the metric. The replay runs from the history's first step to its
  last (--until shortens it). It prints the measures of each spec: replica-hours, the share of
  time each metric was above its target, scale events, direction changes, the longest time at
  maxReplicas, the time to react to the largest step in load, and, with a recorded replica
  count, how often the replay matched it (docs/what-if.md defines each), then the request each
  Utilization metric's usages (cores, bytes) were compared with: --pod-request's, else the
  target workload's, else none (usages read as percent of 100, with a warning where they look
  like cores or bytes).

Trace file:
  CSV with the header ${TRACE_HEADER.join(',')}; one row per change: from <time> on,
  <metric> reports <observation>, until its next row. Before a metric's first row, it fails.
    time         seconds, or with a unit: 90, 90s, 5m, 1h30m
    metric       the metric's id: the resource name (cpu) for Resource, container/resource
                 for ContainerResource, the metric name for Pods, Object and External
                 (a name used twice: #<index in spec.metrics>)
    observation  and its value:
      perPodUsage  every pod uses <value>            Resource, ContainerResource, Pods
      totalUsage   <value> spread over the pods      (a load that falls as pods are added)
      podSamples   one usage per pod: 50;60;70       (pods beyond the list are missing)
      value        an Object or External value       Object, External
      series       External series, summed: 10;20    External
      failure      the metrics API fails; the value, if any, is the error message
      scaleTo      the target is scaled by hand to <value> replicas (metric left empty)
  Values are numbers or Kubernetes quantities (500m, 2Gi). Utilization usages are percent of
  the request: perPodUsage 80 is 80%. Blank lines and lines starting with # are skipped; quote
  a field that holds a comma ("a, b").
    time,metric,observation,value
    0,cpu,perPodUsage,40
    1m,cpu,totalUsage,400
    90s,queue,series,10;20;30
    2m,queue,failure,adapter down
    10m,,scaleTo,3

Exit codes:
  0  simulated
  1  the HPA has errors (printed as validate prints them; not simulated)
  2  usage error, an input that could not be read, or a bad trace row (file:line: message),
     a history that cannot be read or fetched

Examples:
  cdk8s-hpa simulate --hpa web-hpa.yaml --trace load.csv
  cdk8s synth && cdk8s-hpa simulate --hpa dist/ --name web --trace load.csv --until 1h --svg web.svg
  cdk8s-hpa simulate --hpa web-hpa.yaml --compare web-tuned.yaml --history cpu=cpu.json --report what-if.html
  cdk8s-hpa simulate --hpa web-hpa.yaml --history cpu=cpu.json --k8s-version 1.37 --compare-release 1.38
`;

export const simulateCommand: Command = {
  run: runSimulate,
};

function runSimulate(argv: readonly string[], io: Io): number | Promise<number> {
  const args = parseSimulateArgs(argv);
  if (args.help) {
    io.stdout(SIMULATE_HELP);
    return EXIT_OK;
  }
  if (args.hpa === undefined) throw new UsageError('--hpa is required: the YAML or JSON file with the HorizontalPodAutoscaler');
  const problem = historyUsageProblem(args);
  if (problem !== undefined) throw new UsageError(problem);
  const history = wantsHistory(args);
  if (args.trace === undefined && !history) {
    throw new UsageError('--trace is required: the CSV file of metric observations (or recorded history: --history, --prometheus)');
  }
  if (args.hpa === '-' && args.trace === '-') throw new UsageError('--hpa and --trace cannot both read standard input');
  const run = RunSettings.resolve(args);

  const printed = new Set<string>();
  const simulator = checkedSimulator(args, io, run, args.hpa, args.name, printed);
  if (typeof simulator === 'number') return simulator;
  if (history && args.compareRelease !== undefined) {
    // Checked under the other release too: what its API server refuses is not replayed.
    const other = checkedSimulator(args, io, run.forRelease(args.compareRelease), args.hpa, args.name, printed, args.compareRelease);
    if (typeof other === 'number') return other;
    return runHistory(args, io, simulator, undefined, printed, args.compareRelease);
  }
  if (history) {
    // The spec to compare reads the pods' requests of the first spec's target, unless its own input holds the target.
    const candidate = args.compare !== undefined
      ? checkedSimulator(args, io, run, args.compare, args.compareName, printed, undefined, simulator.workload) : undefined;
    if (typeof candidate === 'number') return candidate;
    return runHistory(args, io, simulator, candidate, printed);
  }
  if (args.trace === undefined) return EXIT_USAGE;
  // A run without syncs' worth of trace names the metrics with their types, for the trace's checks.
  const metrics = simulator.simulator.run(SimulationTrace.create(), { until: 0 }).metrics;

  // The trace.
  if (args.trace !== '-' && isDirectory(args.trace)) {
    io.stderr(`cdk8s-hpa: ${args.trace}: is a directory; --trace takes one CSV file\n`);
    return EXIT_USAGE;
  }
  const traceInputs = readInputs(args.trace, io, false);
  if (!traceInputs) return EXIT_USAGE;
  const traceInput = traceInputs[0];
  const parsed = parseTraceCsv(traceInput.text, metrics);
  if (parsed.problems.length > 0) {
    for (const p of parsed.problems) io.stderr(`cdk8s-hpa: ${traceInput.name}:${p.line}: ${p.message}\n`);
    io.stderr(`cdk8s-hpa: ${plural(parsed.problems.length, 'bad line')} in the trace: not simulated (cdk8s-hpa simulate --help describes the format)\n`);
    return EXIT_USAGE;
  }

  const until = args.until ?? parsed.lastTime + DEFAULT_RUN_AFTER_TRACE_SECONDS;
  const result = simulator.simulator.run(parsed.trace, { until });
  io.stdout(formatSimulationTable(result, runNotes(result, simulator.names, io, printed)));

  return writeOutputs(io, [[args.svg, () => result.toSvg()], [args.csv, () => result.toCsv()]]);
}

/**
 * The simulator of the HPA in `file` (picked by `name`), read, parsed and checked as validate
 * checks it, with what reports call it; or the exit code after printing why it cannot be.
 * `workload`: the target to read the pods' requests from when the file holds none (the first
 * spec's, for `--compare`).
 */
function checkedSimulator(args: SimulateArgs, io: Io, run: RunSettings, file: string, name: string | undefined,
  printed: Set<string>, release?: string, workload?: TargetWorkload): HistorySubject | number {
  const checked = checkedHpa(args, io, run, file, name, args.compare !== undefined, printed, release, workload);
  if (typeof checked === 'number') return checked;
  const simulator = HpaSimulator.fromManifest(checked.manifest, checked.options);
  return { simulator, label: checked.label, names: checked.names, workload: checked.workload };
}

/** An HPA read and checked as validate checks it, with the simulator's options for it. */
export interface CheckedHpa {
  readonly manifest: any;
  readonly options: HpaSimulatorOptions;
  readonly label: string;
  /** How the run's notes name the requests flag and the workload. */
  readonly names: RunNoteNames;
  /** The target the input holds, whose pods' requests a replay of history reads. */
  readonly workload?: TargetWorkload;
}

/**
 * The HPA in `file` (picked by `name`), read, parsed and checked as validate checks it
 * (`alternatives`: HPA304 is not reported, the specs being alternatives for one target); or the
 * exit code after printing why it cannot be simulated. Warnings already `printed` are not printed
 * again; `release` names the --compare-release run. Each pod's requests are read from the target
 * the input holds (else from `workload`, when it is the same target).
 */
export function checkedHpa(args: Pick<SimulateArgs, 'podRequests' | 'initialReplicas' | 'timing'>, io: Io, run: RunSettings, file: string, name: string | undefined,
  alternatives: boolean, printed: Set<string> = new Set(), release?: string, workload?: TargetWorkload): CheckedHpa | number {
  const under = release === undefined ? '' : ` under Kubernetes ${release} (--compare-release)`;
  const hpaInputs = readInputs(file, io, true);
  if (!hpaInputs) return EXIT_USAGE;
  const checked = checkInputs(hpaInputs, input => {
    const settings = run.forInput(input === STDIN_NAME ? undefined : input);
    return alternatives ? { ...settings, ruleLevels: { ...settings.ruleLevels, HPA304: RuleLevel.OFF } } : settings;
  });
  if (checked.syntaxErrors > 0) {
    io.stdout(checked.issues.filter(e => e.ruleId === SYNTAX_RULE_ID).map(e => `${formatText(e)}\n`).join(''));
    io.stderr(`cdk8s-hpa: ${file} cannot be read as YAML: not simulated\n`);
    return EXIT_ISSUES;
  }
  const hpa = pickHpa(checked.objects.hpas, file, name);
  const issues = checked.issuesOf(hpa);
  const errors = issues.filter(i => i.severity === Severity.ERROR).length;
  if (errors > 0) {
    io.stdout(issues.map(i => `${formatText(i)}\n`).join(''));
    io.stderr(`cdk8s-hpa: ${formatSummary({ files: hpaInputs.length, hpas: 1, errors, warnings: issues.length - errors })}${under}: not simulated\n`);
    return EXIT_ISSUES;
  }
  for (const warning of issues.map(formatText).filter(text => !printed.has(text))) {
    printed.add(warning);
    io.stderr(`${warning}${under}\n`);
  }
  const ref = hpa.manifest.spec?.scaleTargetRef;
  const refName = `${ref?.kind}/${ref?.name}`;
  const target = checked.objects.targetOf(hpa);
  const own: TargetWorkload | undefined = target && {
    manifest: target.manifest, ref: refName, label: `${refName} (${path.basename(target.file)}:${target.positionOf('<root>').line})`,
  };
  const theirs = own ?? (workload?.ref === refName ? workload : undefined);
  // Checked above, with the input's workloads and the run's rule levels.
  const podRequests = Object.keys(args.podRequests).length > 0 ? args.podRequests : undefined;
  const options: HpaSimulatorOptions = {
    cluster: run.profileOf(hpa),
    initialReplicas: args.initialReplicas,
    podRequests,
    skipValidation: true,
    ...args.timing,
    ...(theirs && { workload: theirs.manifest }),
  };
  const hpaName = String(hpa.manifest.metadata?.name ?? 'hpa');
  const names: RunNoteNames = {
    option: '--pod-request',
    workload: theirs?.label,
    noWorkload: `the input holds no ${refName}, the HPA's target, to read its pods' requests from`,
  };
  return { manifest: hpa.manifest, options, label: `${hpaName} (${file === '-' ? STDIN_NAME : path.basename(file)})`, names, workload: theirs };
}

/** The inputs of `name`, or undefined after printing why they cannot be read. */
function readInputs(name: string, io: Io, manifests: boolean): Input[] | undefined {
  const collected = collectInputs([name], io.readStdin);
  for (const problem of collected.problems) io.stderr(`cdk8s-hpa: ${problem.name}: ${problem.reason}\n`);
  if (collected.problems.length > 0) return undefined;
  if (collected.inputs.length === 0) {
    io.stderr(`cdk8s-hpa: ${name}: no ${manifests ? '.yaml, .yml or .json file' : 'file'} in it\n`);
    return undefined;
  }
  return collected.inputs;
}

/** The one HPA of the input, or the one `--name` names. */
function pickHpa(hpas: InputObject[], input: string, name: string | undefined): InputObject {
  const nameOf = (h: InputObject) => String(h.manifest.metadata?.name ?? '<no name>');
  const names = hpas.map(nameOf).join(', ');
  if (hpas.length === 0) throw new UsageError(`no HorizontalPodAutoscaler in ${input}`);
  if (name !== undefined) {
    const named = hpas.filter(h => h.manifest.metadata?.name === name);
    if (named.length === 0) throw new UsageError(`no HorizontalPodAutoscaler named "${name}" in ${input} (it has ${names})`);
    if (named.length > 1) {
      const where = named.map(h => h.where()).join(', ');
      throw new UsageError(`${named.length} HorizontalPodAutoscalers are named "${name}" in ${input} (${where}): give one file with --hpa`);
    }
    return named[0];
  }
  if (hpas.length > 1) {
    throw new UsageError(`${input} holds ${hpas.length} HorizontalPodAutoscalers (${names}): pick one with --name`);
  }
  return hpas[0];
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}
