/** The command line of `cdk8s-hpa explain`, parsed; syntax errors are `UsageError`s. */
import { UnknownFlagError, UsageError } from '../../errors';
import { ClusterFlags, readArgs } from '../../flags';
import { OutputFormat } from '../../formatters';
import { checkLiveFlags, LiveFlags, readLiveFlag } from '../../live-cluster';

/** The formats `explain` writes (SARIF is for checks, not explanations). */
const EXPLAIN_FORMATS: readonly OutputFormat[] = ['text', 'json', 'github'];

/** With `LiveFlags`: `-n`, `-A`, `--context`, `--kubeconfig` (read live). */
export interface ExplainArgs extends Readonly<ClusterFlags>, Readonly<LiveFlags> {
  readonly help: boolean;
  /** `--now`: the RFC 3339 time ages are counted to. */
  readonly now?: string;
  readonly format: OutputFormat;
  /** Files, directories, or `-` for standard input, in the order given; or, read live, HPA names. */
  readonly inputs: string[];
  /** `--metrics`: read each metric's value from the metrics APIs, as the controller does. */
  readonly metrics: boolean;
  /** `--verbose`, `-v`: the arithmetic, every finding, the events and the replay, not only the short account. */
  readonly verbose: boolean;
  /** `--replay-load per-pod`: replay a pod metric as a load per pod; `total` (the default) as the total over the pods. */
  readonly replayLoad: ReplayLoad;
}

/** How the suggested replay holds a pod metric's load as the pod count changes. */
export type ReplayLoad = 'total' | 'per-pod';
const REPLAY_LOADS: readonly ReplayLoad[] = ['total', 'per-pod'];

/** Whether the flags ask to read a cluster (the positionals are then HPA names). */
export function hasLiveFlag(args: ExplainArgs): boolean {
  return args.namespace !== undefined || args.allNamespaces || args.context !== undefined || args.kubeconfig !== undefined || args.metrics;
}

/** Parses the arguments after `explain`. Accepts `--flag value` and `--flag=value`; `--` ends the flags. */
export function parseExplainArgs(argv: readonly string[]): ExplainArgs {
  const cluster: ClusterFlags = { featureGates: {}, ruleLevels: {} };
  let format: OutputFormat = 'text';
  let now: string | undefined;
  let verbose = false;
  let replayLoad: ReplayLoad = 'total';
  const inputs: string[] = [];
  const live: LiveFlags & { metrics: boolean } = {
    allNamespaces: false,
    metrics: false,
  };
  const help = readArgs(argv, cluster, {
    positional: arg => inputs.push(arg),
    flag: option => {
      switch (option.flag) {
        case '--now': {
          const v = option.value().trim();
          if (Number.isNaN(Date.parse(v)) || !/^\d{4}-\d{2}-\d{2}T/.test(v)) {
            throw new UsageError(`--now must be an RFC 3339 time such as 2026-11-23T12:00:00Z (got "${v}")`);
          }
          now = v;
          return true;
        }
        case '--format':
          format = option.oneOf(EXPLAIN_FORMATS);
          return true;
        case '-v':
        case '--verbose':
          option.noValue();
          verbose = true;
          return true;
        case '--replay-load':
          replayLoad = option.oneOf(REPLAY_LOADS);
          return true;
        case '--metrics':
          option.noValue();
          live.metrics = true;
          return true;
        default:
          return readLiveFlag(option, live);
      }
    },
  });
  if (cluster.compareRelease !== undefined) {
    throw new UnknownFlagError('unknown option --compare-release (explain reads what the cluster\'s own release wrote; validate --compare-release judges the spec under another)');
  }
  checkLiveFlags(live);
  return { help, ...cluster, now, format, inputs, verbose, replayLoad, ...live };
}
