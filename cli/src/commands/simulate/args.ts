/** The command line of `cdk8s-hpa simulate`, parsed; syntax errors are `UsageError`s. */
import { HpaSimulatorOptions, INT32_MAX, parseApiLatencyArg, parseDuration, parseFirstSyncDelayArg } from 'cdk8s-hpa/lib/toolkit';
import { HistoryArgs, readHistoryFlag } from './history-args';
import { UsageError } from '../../errors';
import { ClusterFlags, readArgs } from '../../flags';

export interface SimulateArgs extends Readonly<ClusterFlags>, Readonly<HistoryArgs> {
  readonly help: boolean;
  /** `--hpa`: the manifest file, or `-` for standard input. */
  readonly hpa?: string;
  /** `--name`: which HPA of the file, by `metadata.name`. */
  readonly name?: string;
  /** `--trace`: the trace CSV file. */
  readonly trace?: string;
  /** `--until`, in seconds. */
  readonly until?: number;
  /** `--svg`: where to write the plot. */
  readonly svg?: string;
  /** `--csv`: where to write one row per sync. */
  readonly csv?: string;
  /** `--initial-replicas`. */
  readonly initialReplicas?: number;
  /** `--api-latency` and `--first-sync-delay`: when the controller's syncs run. */
  readonly timing: Pick<HpaSimulatorOptions, 'apiLatency' | 'firstSyncDelay'>;
}

/** Parses the arguments after `simulate`. Accepts `--flag value` and `--flag=value`. */
export function parseSimulateArgs(argv: readonly string[]): SimulateArgs {
  const files: { hpa?: string; trace?: string; svg?: string; csv?: string; name?: string } = {};
  let until: number | undefined;
  const cluster: ClusterFlags = { featureGates: {}, ruleLevels: {} };
  const history: HistoryArgs = { history: [], replicasHistory: [], loads: {}, queries: {}, headers: {}, podRequests: {} };
  let initialReplicas: number | undefined;
  let timing: Pick<HpaSimulatorOptions, 'apiLatency' | 'firstSyncDelay'> = {};
  const help = readArgs(argv, cluster, {
    positional: arg => {
      throw new UsageError(`unexpected argument "${arg}" (the HPA is given with --hpa, the trace with --trace)`);
    },
    flag: option => {
      switch (option.flag) {
        case '--hpa':
        case '--trace':
        case '--svg':
        case '--csv':
        case '--name':
          files[option.flag.slice(2) as keyof typeof files] = option.nonEmptyValue();
          return true;
        case '--until': {
          const parsed = parseDuration(option.nonEmptyValue());
          if (!parsed.ok) throw new UsageError(`--until: ${parsed.error}`);
          until = parsed.seconds;
          return true;
        }
        case '--initial-replicas': {
          const v = option.nonEmptyValue();
          if (!/^\d+$/.test(v) || Number(v) > INT32_MAX) {
            throw new UsageError(`--initial-replicas must be a whole number of replicas, 0 or more (got "${v}")`);
          }
          initialReplicas = Number(v);
          return true;
        }
        case '--api-latency':
        case '--first-sync-delay': {
          const parsed = (option.flag === '--api-latency' ? parseApiLatencyArg : parseFirstSyncDelayArg)(option.nonEmptyValue());
          if (!parsed.ok) throw new UsageError(`${option.flag}: ${parsed.error}`);
          timing = { ...timing, ...parsed.options };
          return true;
        }
        default:
          return readHistoryFlag(option, history);
      }
    },
  });
  return { help, ...files, until, ...cluster, ...history, initialReplicas, timing };
}
