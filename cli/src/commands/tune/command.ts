/**
 * `cdk8s-hpa tune`: the cheapest spec (replica-hours) that would have served the recorded history
 * within the limits, every candidate replayed in full (`HpaTuner`), on every core.
 */
import * as os from 'os';
import { constructCode, frontRows, LANGUAGE_NAMES, plural, PrometheusHistory, shellCommand, specYaml, TuningResult } from 'cdk8s-hpa/lib/toolkit';
import { parseTuneArgs, TuneArgs } from './args';
import { fleetUsageProblem, tuneFleet } from './fleet';
import { TEMPLATE_VARIABLES } from './query-templates';
import { makeTuner, searchOnWorkers, Tuning, tuningHistory } from './tuning';
import { Command, Io } from '../../command';
import { EXIT_OK, UsageError } from '../../errors';
import { writeOutputs } from '../../output-files';
import { failed } from '../simulate/history';
import { historyUsageProblem, wantsHistory } from '../simulate/history-args';
import { RunNoteLines, runNotes } from '../simulate/notes';
import { alignColumns } from '../simulate/table';

export const TUNE_HELP = `Usage: cdk8s-hpa tune --hpa <file> --history <metric>=<file.json>... [limits] [--vary ...] [options]
       cdk8s-hpa tune --hpa <file> --prometheus <url> --query <metric>=<PromQL>... --start <time> [options]
       cdk8s-hpa tune --all [-n <namespace> | -A] --prometheus <url> --query-template <metric>=<PromQL>... --start <time> [options]

Searches the specs the HPA may take (the settings --vary names) for the cheapest one, in
replica-hours, that would have served the recorded history within the limits. Every candidate
is checked as the cluster's release would check it (a candidate with errors is refused) and
replayed in full over the history, as "simulate --compare" replays it: no estimate stands in
for a replay. Prints the recommendation as the YAML to apply and as construct code, the
trade-off front, and a certificate "simulate --compare" reproduces.

Read as "cdk8s-hpa simulate" reads them (its --help has the details):
  --hpa <file>, --name <name>
                             the HPA as it is
  --history [<metric>=]<file>, --replicas-history <file>
                             the recorded history, from files
  --prometheus <url>, --query <metric>=<PromQL>, --replicas-query <PromQL>, --start <time>,
  --end <time>, --step <duration>, --header 'Name: value', --save-history <dir>
                             the recorded history, fetched from Prometheus
  --load <metric>=PodSamples|Total|PerPod, --pod-request <resource>=<quantity>
                             how the history loads the replays
  --k8s-version <version>, --feature-gates <gates>, --config <file>, --no-config,
  --disable/--enable/--error/--warn <rules>
                             the cluster, and the checks that refuse a candidate
  --initial-replicas <n>, --until <duration>, --api-latency <latencies>,
  --first-sync-delay <duration>
                             the replays' start, end and timing

Limits (on the load as the service felt it; a limit not given: no worse than the spec as it is):
  --max-above-target <metric>=<percent>
                             the most share of syncs where the metric was above the target of
                             the spec AS IT IS (whatever target a candidate sets); may be repeated
                             e.g. --max-above-target cpu=5
  --threshold <metric>=<value>
                             count the syncs above this level instead (the target's units: a
                             percent for Utilization)     e.g. --threshold cpu=80
  --max-reaction <duration>  the most time, from the largest load step's start, to have the
                             replicas the load at its end needs at the spec's targets
                             e.g. --max-reaction 5m
  --max-direction-changes <n>
                             the most scale events against the one before (flapping)
  --max-time-at-max <duration>
                             the longest time at maxReplicas in a row

What may change (everything else stays as written):
  --vary <settings>          comma-separated, may be repeated: targets, target.<metric>,
                             tolerance, tolerance.up, tolerance.down, windows, window.up,
                             window.down, policies, policies.up, policies.down, minReplicas,
                             maxReplicas; <setting>=<low>..<high> bounds it (seconds, or with
                             s, m, h for windows; a percent or the target's units for targets)
                             (default: targets,windows,policies)
                             e.g. --vary targets,windows,minReplicas=2..6
  --max-replays <n>          the most specs replayed (default 160): every combination when they
                             fit, else a coordinate search from the spec as it is
  --jobs <n>                 worker threads replaying candidates (default: the cores; with
                             --prometheus, one)
  --format text|json         the recommendation, front and certificate as text (default) or JSON
  --output <file>            also write the recommended HPA there, as YAML (to apply, or to
                             replay with simulate --compare)
  --language typescript|python|java|go
                             the language of the construct code printed with the recommendation
                             (default typescript)
  -h, --help                 show this help

Every HPA of a cluster (--all), read as "cdk8s-hpa explain -A" reads it, each tuned as above
over history fetched with the query templates, one HPA after the other, and ranked by the
replica-hours its recommendation saves; an HPA that cannot be tuned (no template for a metric, a
refused spec, a query that fails or returns nothing) is listed with why, and the others go on:
  --all                      tune every HPA of the namespace (-n, else the context's) or of
                             every namespace (-A)
  -n, --namespace <ns>, -A, --all-namespaces, --context <name>, --kubeconfig <file>
                             the cluster and its namespaces, as "cdk8s-hpa explain" reads them
  --query-template <metric>=<PromQL>
                             the query of a metric, for each HPA that has it, with these
                             replaced by each HPA's own; may be repeated
${Object.entries(TEMPLATE_VARIABLES).map(([v, what]) => `                               ${`{{${v}}}`.padEnd(15)}${what}`).join('\n')}
                             e.g. --query-template 'cpu=sum by (pod) (rate(container_cpu_usage_seconds_total{namespace="{{namespace}}",pod=~"{{workload}}-.*"}[1m]))'
  --replicas-query-template <PromQL>
                             the target's replica count, the same way
                             e.g. --replicas-query-template 'kube_deployment_status_replicas{namespace="{{namespace}}",deployment="{{workload}}"}'
  --prometheus, --start, --end, --step, --header
                             as for one HPA ("cdk8s-hpa simulate --help"); the range is fixed once
                             for every HPA
  --pod-request <resource>=<quantity>
                             for every HPA; a resource it leaves out is read from each target's
                             pod template (the sum of its containers' requests)
  --max-above-target, --threshold, --load
                             for the HPAs with that metric
  --out <dir>                write each HPA's result there as it finishes, its entry of --format
                             json in <dir>/<namespace>/<hpa>.json; a later run skips the HPAs
                             whose result is there for the same spec and flags
  --format text|json         the ranking as a table (default), or JSON: one entry per HPA, most
                             replica-hours saved first, each with what "tune --format json" prints
                             for it ("result"), or why it was not tuned ("reason")
  --jobs <n>                 worker threads replaying each HPA's candidates (default: the cores)

Exit codes:
  0  searched (the recommendation may be the spec as it is); with --all, every HPA
  1  the HPA has errors (printed as validate prints them); with --all, an HPA was not tuned
  2  usage error, an input that could not be read, a history that cannot be read or fetched;
     with --all, a cluster that cannot be read, no HPA in it, or an --out file not written
`;

/** The specs of the front cheaper than the recommendation, which miss the limits, the table shows. */
const FRONT_AROUND = 5;

export const tuneCommand: Command = {
  run: runTune,
};

function runTune(argv: readonly string[], io: Io): number | Promise<number> {
  const args = parseTuneArgs(argv);
  if (args.help) {
    io.stdout(TUNE_HELP);
    return EXIT_OK;
  }
  const fleetProblem = fleetUsageProblem(args);
  if (fleetProblem !== undefined) throw new UsageError(fleetProblem);
  if (args.all) return tuneFleet(args, argv, io);
  if (args.hpa === undefined) throw new UsageError('--hpa is required: the YAML or JSON file with the HorizontalPodAutoscaler as it is (or --all: every HPA of a cluster)');
  if (!wantsHistory(args)) throw new UsageError('tune needs the history: --history <metric>=<file.json> or --prometheus <url>');
  const problem = historyUsageProblem(args);
  if (problem !== undefined) throw new UsageError(problem);
  const tuning = makeTuner(args, io);
  if (typeof tuning === 'number') return tuning;
  let history: PrometheusHistory | Promise<PrometheusHistory>;
  try {
    history = tuningHistory(args, io, tuning);
  } catch (e) {
    return failed(io, e);
  }
  const jobs = args.prometheus !== undefined ? 1 : args.jobs ?? (os.availableParallelism?.() ?? os.cpus().length);
  const started = Date.now();
  let notes: RunNoteLines = { unread: [], requests: [] };
  return Promise.resolve(history)
    .then(h => {
      // The spec as it is, replayed once for every search: what its replay rests on, said first.
      notes = runNotes(tuning.tuner._baseline(h).result, tuning.names, io, new Set());
      return searchOnWorkers(tuning, h, argv, jobs);
    })
    .then(result => report(args, io, tuning, result, (Date.now() - started) / 1000, notes), e => failed(io, e));
}

function report(args: TuneArgs, io: Io, tuning: Tuning, result: TuningResult, seconds: number, notes: RunNoteLines): number {
  const written = writeOutputs(io, [[args.output, () => specYaml(result.recommended.hpa)]]);
  if (args.format === 'json') {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return written;
  }
  const r = result.recommended;
  const b = result.baseline;
  const saving = b.measures.replicaHours > 0 ? ((b.measures.replicaHours - r.measures.replicaHours) / b.measures.replicaHours) * 100 : 0;
  const lines = [
    `${tuning.label}: ${plural(result.replays, 'spec')} replayed${result.refused ? `, ${result.refused} refused by validation` : ''}`
      + ` (${result.exhaustive ? 'every combination' : 'coordinate search'}) in ${seconds.toFixed(1)}s`,
    ...result.space.map(s => `  ${s}`),
    ...(notes.unread.length + notes.requests.length > 0 ? ['', ...notes.unread, ...notes.requests] : []),
    '',
  ];
  if (!result.withinLimits) {
    lines.push('no spec replayed meets the limits; the spec as it is misses them:', ...b.misses.map(m => `  ${m}`), '');
  } else if (r.changes.length === 0) {
    lines.push('recommended: the spec as it is (nothing cheaper meets the limits)', '');
  } else {
    lines.push(`recommended: ${r.changes.join(' ')}`,
      `  ${r.measures.replicaHours.toFixed(1)} replica-hours instead of ${b.measures.replicaHours.toFixed(1)} (${saving >= 0 ? '-' : '+'}${Math.abs(saving).toFixed(1)}%)`, '');
    lines.push('the HPA to apply:', '', ...specYaml(r.hpa).trimEnd().split('\n').map(l => `  ${l}`), '');
    const language = args.language ?? 'typescript';
    lines.push(`as construct code (${LANGUAGE_NAMES[language]}; --language for another):`, '',
      ...constructCode(r.hpa, language).trimEnd().split('\n').map(l => `  ${l}`), '');
  }
  const front = frontRows(result, FRONT_AROUND);
  lines.push('the trade-off front (levels of the spec as it is; * recommended):', ...alignColumns(front.rows, true).map(l => `  ${l}`));
  if (front.left > 0) lines.push(`  (${plural(front.left, 'more spec')} on the front, outside the limits: --format json lists them all)`);
  lines.push('');
  const c = result.certificate;
  lines.push('certificate:',
    `  history   sha256:${c.historyDigest}`,
    `  release   ${c.release}${Object.keys(c.featureGates).length ? ` (${Object.entries(c.featureGates).map(([g, on]) => `${g}=${on}`).join(',')})` : ''}`,
    `  settings  sha256:${c.settingsDigest}`,
    `  specs     sha256:${c.specsDigest}`,
    `  measures  sha256:${c.measuresDigest}`,
    `  reproduce: ${args.output === undefined ? 'save the HPA to apply (--output), then ' : ''}${shellCommand(['cdk8s-hpa', 'simulate', '--hpa', args.hpa!,
      '--compare', args.output ?? '<recommended.yaml>', ...historyFlags(args)])}`);
  io.stdout(lines.map(l => `${l}\n`).join(''));
  return written;
}

/** The history flags of the command line, as simulate takes them. */
function historyFlags(args: TuneArgs): string[] {
  return [
    ...args.history.flatMap(h => ['--history', h.metric ? `${h.metric}=${h.file}` : h.file]),
    ...args.replicasHistory.flatMap(f => ['--replicas-history', f]),
    ...Object.entries(args.loads).flatMap(([m, l]) => ['--load', `${m}=${l}`]),
    ...Object.entries(args.podRequests).flatMap(([r, q]) => ['--pod-request', `${r}=${q}`]),
    ...(args.k8sVersion ? ['--k8s-version', args.k8sVersion] : []),
  ];
}
