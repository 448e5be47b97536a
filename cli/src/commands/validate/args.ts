/** The command line of `cdk8s-hpa validate`, parsed; syntax errors are `UsageError`s. */
import { UsageError } from '../../errors';
import { ClusterFlags, readArgs } from '../../flags';
import { OUTPUT_FORMATS, OutputFormat } from '../../formatters';

export interface ValidateArgs extends Readonly<ClusterFlags> {
  readonly help: boolean;
  readonly format: OutputFormat;
  readonly strict: boolean;
  /** A run that finds no manifest file passes (else it is a usage error). */
  readonly allowEmpty: boolean;
  /** Files, directories, or `-` for standard input, in the order given. */
  readonly inputs: string[];
}

/** Parses the arguments after `validate`. Accepts `--flag value` and `--flag=value`; `--` ends the flags. */
export function parseValidateArgs(argv: readonly string[]): ValidateArgs {
  const cluster: ClusterFlags = { featureGates: {}, ruleLevels: {} };
  let format: OutputFormat = 'text';
  let strict = false;
  let allowEmpty = false;
  const inputs: string[] = [];
  const help = readArgs(argv, cluster, {
    positional: arg => inputs.push(arg),
    flag: option => {
      switch (option.flag) {
        case '--strict':
          option.noValue();
          strict = true;
          return true;
        case '--allow-empty':
          option.noValue();
          allowEmpty = true;
          return true;
        case '--format': {
          const v = option.value();
          if (!(OUTPUT_FORMATS as readonly string[]).includes(v)) {
            throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')} (got "${v}")`);
          }
          format = v as OutputFormat;
          return true;
        }
        default:
          return false;
      }
    },
  });
  return { help, ...cluster, format, strict, allowEmpty, inputs };
}
