/** The command line of `cdk8s-hpa explain`, parsed; syntax errors are `UsageError`s. */
import { UsageError } from './errors';
import { ClusterFlags, readArgs } from './flags';
import { OutputFormat } from './formatters';

/** The formats `explain` writes (SARIF is for checks, not explanations). */
const EXPLAIN_FORMATS: readonly OutputFormat[] = ['text', 'json', 'github'];

export interface ExplainArgs extends Readonly<ClusterFlags> {
  readonly help: boolean;
  /** `--now`: the RFC 3339 time ages are counted to. */
  readonly now?: string;
  readonly format: OutputFormat;
  /** Files, directories, or `-` for standard input, in the order given. */
  readonly inputs: string[];
}

/** Parses the arguments after `explain`. Accepts `--flag value` and `--flag=value`; `--` ends the flags. */
export function parseExplainArgs(argv: readonly string[]): ExplainArgs {
  const cluster: ClusterFlags = { featureGates: {}, ruleLevels: {} };
  let format: OutputFormat = 'text';
  let now: string | undefined;
  const inputs: string[] = [];
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
        case '--format': {
          const v = option.value();
          if (!(EXPLAIN_FORMATS as readonly string[]).includes(v)) {
            throw new UsageError(`--format must be one of ${EXPLAIN_FORMATS.join(', ')} (got "${v}")`);
          }
          format = v as OutputFormat;
          return true;
        }
        default:
          return false;
      }
    },
  });
  return { help, ...cluster, now, format, inputs };
}
