/** The command line of `cdk8s-hpa validate`, parsed; syntax errors are `UsageError`s. */
import { UsageError } from './errors';
import { ClusterFlags, FlagArg, readClusterFlag } from './flags';
import { OUTPUT_FORMATS, OutputFormat } from './formatters';

export interface ValidateArgs extends Readonly<ClusterFlags> {
  readonly help: boolean;
  readonly format: OutputFormat;
  readonly strict: boolean;
  /** Files, directories, or `-` for standard input, in the order given. */
  readonly inputs: string[];
}

/** Parses the arguments after `validate`. Accepts `--flag value` and `--flag=value`; `--` ends the flags. */
export function parseValidateArgs(argv: readonly string[]): ValidateArgs {
  let help = false;
  const cluster: ClusterFlags = { featureGates: {} };
  let format: OutputFormat = 'text';
  let strict = false;
  const inputs: string[] = [];

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      inputs.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      inputs.push(arg);
      continue;
    }
    const option = new FlagArg(argv, i);
    if (readClusterFlag(option, cluster)) {
      i = option.lastIndex;
      continue;
    }
    const { flag } = option;
    const value = () => option.value();
    const noValue = () => option.noValue();
    switch (flag) {
      case '-h':
      case '--help':
        noValue();
        help = true;
        break;
      case '--strict':
        noValue();
        strict = true;
        break;
      case '--format': {
        const v = value();
        if (!(OUTPUT_FORMATS as readonly string[]).includes(v)) {
          throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')} (got "${v}")`);
        }
        format = v as OutputFormat;
        break;
      }
      default:
        throw new UsageError(`unknown option ${flag}`);
    }
    i = option.lastIndex;
  }
  return { help, ...cluster, format, strict, inputs };
}
