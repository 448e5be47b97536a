/** The command line of `cdk8s-hpa validate`, parsed; syntax errors are `UsageError`s. */
import { UsageError } from './errors';
import { FlagArg, parseFeatureGates } from './flags';
import { OUTPUT_FORMATS, OutputFormat } from './formatters';

export interface ValidateArgs {
  readonly help: boolean;
  /** `--k8s-version`; checked by `ClusterProfile`, which reports an unknown version as HPA154. */
  readonly k8sVersion?: string;
  /** `--feature-gates A=true,B=false`, merged over repeated flags; names are checked by `ClusterProfile`. */
  readonly featureGates: { [gate: string]: boolean };
  readonly format: OutputFormat;
  readonly strict: boolean;
  /** Files, directories, or `-` for standard input, in the order given. */
  readonly inputs: string[];
}

/** Parses the arguments after `validate`. Accepts `--flag value` and `--flag=value`; `--` ends the flags. */
export function parseValidateArgs(argv: readonly string[]): ValidateArgs {
  let help = false;
  let k8sVersion: string | undefined;
  const featureGates: { [gate: string]: boolean } = {};
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
      case '--k8s-version': {
        const v = value().trim();
        if (v === '') throw new UsageError('--k8s-version needs a value such as 1.36');
        k8sVersion = v;
        break;
      }
      case '--feature-gates':
        Object.assign(featureGates, parseFeatureGates(value()));
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
  return { help, k8sVersion, featureGates, format, strict, inputs };
}
