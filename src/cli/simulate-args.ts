/** The command line of `cdk8s-hpa simulate`, parsed; syntax errors are `UsageError`s. */
import { parseDuration } from './duration-arg';
import { UsageError } from './errors';
import { ClusterFlags, FlagArg, readClusterFlag } from './flags';

export interface SimulateArgs extends Readonly<ClusterFlags> {
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
}

/** Parses the arguments after `simulate`. Accepts `--flag value` and `--flag=value`. */
export function parseSimulateArgs(argv: readonly string[]): SimulateArgs {
  let help = false;
  const files: { hpa?: string; trace?: string; svg?: string; csv?: string; name?: string } = {};
  let until: number | undefined;
  const cluster: ClusterFlags = { featureGates: {} };
  let initialReplicas: number | undefined;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-') || arg === '-') {
      throw new UsageError(`unexpected argument "${arg}" (the HPA is given with --hpa, the trace with --trace)`);
    }
    const option = new FlagArg(argv, i);
    if (readClusterFlag(option, cluster)) {
      i = option.lastIndex;
      continue;
    }
    const { flag } = option;
    const value = () => option.value();
    const nonEmpty = (): string => {
      const v = value().trim();
      if (v === '') throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '-h':
      case '--help':
        option.noValue();
        help = true;
        break;
      case '--hpa':
      case '--trace':
      case '--svg':
      case '--csv':
      case '--name':
        files[flag.slice(2) as keyof typeof files] = nonEmpty();
        break;
      case '--until': {
        const parsed = parseDuration(nonEmpty());
        if (!parsed.ok) throw new UsageError(`--until: ${parsed.error}`);
        until = parsed.seconds;
        break;
      }
      case '--initial-replicas': {
        const v = nonEmpty();
        if (!/^\d+$/.test(v) || Number(v) > 2 ** 31 - 1) {
          throw new UsageError(`--initial-replicas must be a whole number of replicas, 0 or more (got "${v}")`);
        }
        initialReplicas = Number(v);
        break;
      }
      default:
        throw new UsageError(`unknown option ${flag}`);
    }
    i = option.lastIndex;
  }
  return { help, ...files, until, ...cluster, initialReplicas };
}
