/**
 * Reading flags, for every command: `--flag`, `--flag value`, `--flag=value`, and the flags
 * that describe the cluster and the rules (`--k8s-version`, `--feature-gates`, `--config`,
 * `--no-config`, `--disable`, `--enable`, `--error`, `--warn`).
 */
import { RuleLevel, ruleLevelProblem } from 'cdk8s-hpa/lib/toolkit';
import { UnknownFlagError, UsageError } from './errors';

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

  /** The flag's value, trimmed; refuses an empty one. */
  public nonEmptyValue(): string {
    const v = this.value().trim();
    if (v === '') throw new UsageError(`${this.flag} needs a value`);
    return v;
  }

  /** The flag's value, one of `values`; refuses any other. */
  public oneOf<T extends string>(values: readonly T[]): T {
    const v = this.value();
    if (!(values as readonly string[]).includes(v)) throw new UsageError(`${this.flag} must be one of ${values.join(', ')} (got "${v}")`);
    return v as T;
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
 * Only the syntax is checked here; gate names are checked with the version before any input is read.
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

/** The cluster a command checks or simulates for, and the run's rule levels, as its flags give them. */
export interface ClusterFlags {
  /** `--k8s-version`; checked with the config file before any input is read (run-settings.ts). */
  k8sVersion?: string;
  /** `--compare-release`: a second Kubernetes version to judge or replay under, beside the first. */
  compareRelease?: string;
  /** `--feature-gates A=true,B=false`, merged over repeated flags; names are checked with the version. */
  readonly featureGates: { [gate: string]: boolean };
  /** `--config <file>`: the config file, instead of the nearest `.cdk8s-hpa.yaml`. */
  config?: string;
  /** `--no-config`: read no config file. */
  noConfig?: boolean;
  /** `--disable`, `--enable`, `--error`, `--warn`, in the order given (a later flag wins). */
  readonly ruleLevels: { [ruleId: string]: RuleLevel };
}

/** The rule flags and the level each sets; `--enable` checks a rule with its own severity (also one off by default). */
const RULE_FLAGS: { readonly [flag: string]: (ruleId: string) => RuleLevel } = {
  '--disable': () => RuleLevel.OFF,
  '--enable': () => RuleLevel.ON,
  '--error': () => RuleLevel.ERROR,
  '--warn': () => RuleLevel.WARNING,
};

/** Reads `option` into `cluster` when it is a cluster, config or rule flag; returns whether it was. */
export function readClusterFlag(option: FlagArg, cluster: ClusterFlags): boolean {
  const levelOf = Object.prototype.hasOwnProperty.call(RULE_FLAGS, option.flag) ? RULE_FLAGS[option.flag] : undefined;
  if (levelOf) {
    const ids = option.value().split(',').map(id => id.trim().toUpperCase()).filter(id => id !== '');
    if (ids.length === 0) throw new UsageError(`${option.flag} needs rule ids, such as ${option.flag} HPA404,HPA402`);
    for (const ruleId of ids) {
      const level = levelOf(ruleId);
      const problem = ruleLevelProblem(ruleId, level);
      if (problem !== undefined) throw new UsageError(`${option.flag}: ${problem}`);
      cluster.ruleLevels[ruleId] = level;
    }
    return true;
  }
  switch (option.flag) {
    case '--k8s-version':
    case '--compare-release': {
      const v = option.value().trim();
      if (v === '') throw new UsageError(`${option.flag} needs a value such as 1.36`);
      if (option.flag === '--k8s-version') cluster.k8sVersion = v;
      else cluster.compareRelease = v;
      return true;
    }
    case '--feature-gates':
      Object.assign(cluster.featureGates, parseFeatureGates(option.value()));
      return true;
    case '--config':
      cluster.config = option.nonEmptyValue();
      return true;
    case '--no-config':
      option.noValue();
      cluster.noConfig = true;
      return true;
    default:
      return false;
  }
}

/** What a command does with its own arguments. */
export interface ArgReader {
  /** An argument that is not a flag (`-` is one), or any argument after `--`. */
  positional(arg: string): void;
  /** Reads one of the command's own flags; returns false when the command has no such flag. */
  flag(option: FlagArg): boolean;
}

/**
 * Reads a command line: `-h`/`--help` and the cluster flags here, the rest with `reader`.
 * Accepts `--flag value` and `--flag=value`; `--` ends the flags. Returns whether help was asked.
 */
export function readArgs(argv: readonly string[], cluster: ClusterFlags, reader: ArgReader): boolean {
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      argv.slice(i + 1).forEach(a => reader.positional(a));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      reader.positional(arg);
      continue;
    }
    const option = new FlagArg(argv, i);
    if (option.flag === '-h' || option.flag === '--help') {
      option.noValue();
      help = true;
    } else if (!readClusterFlag(option, cluster) && !reader.flag(option)) {
      throw new UnknownFlagError(`unknown option ${option.flag}`);
    }
    i = option.lastIndex;
  }
  return help;
}
