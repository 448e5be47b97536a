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

/** The flag at `argv[index]`: `--flag`, `--flag value` or `--flag=value`. */
export class FlagArg {
  public readonly flag: string;
  private readonly inline?: string;
  private consumedNext = false;

  public constructor(private readonly argv: readonly string[], private readonly index: number) {
    const arg = argv[index];
    const eq = arg.indexOf('=');
    this.flag = eq >= 0 ? arg.slice(0, eq) : arg;
    this.inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
  }

  /** The flag's value: after `=`, or the next argument (which is then consumed). */
  public value(): string {
    if (this.inline !== undefined) return this.inline;
    const next = this.argv[this.index + 1];
    if (next === undefined || (next.startsWith('-') && next !== '-')) throw new UsageError(`${this.flag} needs a value`);
    this.consumedNext = true;
    return next;
  }

  /** Refuses `--flag=value` for a flag without a value. */
  public noValue(): void {
    if (this.inline !== undefined) throw new UsageError(`${this.flag} takes no value`);
  }

  /** The index of the last argument this flag used. */
  public get lastIndex(): number {
    return this.consumedNext ? this.index + 1 : this.index;
  }
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
