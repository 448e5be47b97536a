/** The command line of `cdk8s-hpa validate`, parsed; syntax errors are `UsageError`s. */
import { UsageError } from './errors';

export type OutputFormat = 'text' | 'json' | 'github';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'github'];

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
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    const inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('-') && next !== '-')) throw new UsageError(`${flag} needs a value`);
      i++;
      return next;
    };
    const noValue = () => {
      if (inline !== undefined) throw new UsageError(`${flag} takes no value`);
    };
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
  }
  return { help, k8sVersion, featureGates, format, strict, inputs };
}

/**
 * `HPAScaleToZero=true,HPAConfigurableTolerance=false`, as kube-apiserver's `--feature-gates`.
 * Only the syntax is checked here; unknown gate names are reported by the engine (HPA154).
 */
export function parseFeatureGates(text: string): { [gate: string]: boolean } {
  const gates: { [gate: string]: boolean } = {};
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const m = /^([^=\s]+)\s*=\s*(\S*)$/.exec(item);
    if (!m) throw new UsageError(`--feature-gates: "${item}" is not NAME=true or NAME=false`);
    const v = m[2].toLowerCase();
    if (v !== 'true' && v !== 'false') {
      throw new UsageError(`--feature-gates: ${m[1]} must be true or false (got "${m[2]}")`);
    }
    gates[m[1]] = v === 'true';
  }
  return gates;
}
