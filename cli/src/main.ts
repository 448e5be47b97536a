/**
 * `cdk8s-hpa <command>`: the command line's entry point (bin/cdk8s-hpa).
 */
import * as fs from 'fs';
import { Command, Io } from './command';
import type * as ExplainModule from './commands/explain/command';
import type * as SimulateModule from './commands/simulate/command';
import type * as TuneModule from './commands/tune/command';
import type * as ValidateModule from './commands/validate/command';
import { EXIT_OK, EXIT_USAGE, UsageError } from './errors';
import { packageVersion } from './package-version';

/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The subcommands, each with its line for `--help`, loaded when it runs: `--help` loads none of
 * them, and a command none of the others (the explainer and the simulator are the heaviest).
 * Adding one is one entry here.
 */
const COMMANDS: { readonly [name: string]: { readonly summary: string; load(): Command } } = {
  validate: {
    summary: 'check HorizontalPodAutoscalers in YAML or JSON files',
    load: () => (require('./commands/validate/command') as typeof ValidateModule).validateCommand,
  },
  simulate: {
    summary: 'replay the HPA controller over a metric trace (CSV) or recorded history (Prometheus)',
    load: () => (require('./commands/simulate/command') as typeof SimulateModule).simulateCommand,
  },
  tune: {
    summary: 'find the cheapest HPA that would have served recorded history within limits, proven by replay',
    load: () => (require('./commands/tune/command') as typeof TuneModule).tuneCommand,
  },
  explain: {
    summary: 'explain why live HPAs (kubectl get hpa -o yaml) are or are not scaling',
    load: () => (require('./commands/explain/command') as typeof ExplainModule).explainCommand,
  },
};
/* eslint-enable @typescript-eslint/no-require-imports */

function mainHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map(n => n.length));
  return [
    'Usage: cdk8s-hpa <command> [options]',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    '  -h, --help     show this help (cdk8s-hpa <command> --help for a command\'s options)',
    '  -v, --version  print the version',
    '',
    'Example:',
    '  cdk8s-hpa validate --k8s-version 1.33 manifests/',
    '  cdk8s-hpa simulate --hpa web-hpa.yaml --trace load.csv --svg web.svg',
    '  kubectl get hpa,deploy,pods -o yaml | cdk8s-hpa explain -',
    '',
  ].join('\n');
}

/** Runs the command line; returns the exit code, or its promise for a command that waits on the network. Never throws or rejects. */
export function main(argv: readonly string[], io: Io): number | Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined) throw new UsageError('no command given');
    if (name === '-h' || name === '--help' || name === 'help') {
      io.stdout(mainHelp());
      return EXIT_OK;
    }
    if (name === '--version' || name === '-v') {
      io.stdout(`${packageVersion()}\n`);
      return EXIT_OK;
    }
    const command = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command) {
      throw new UsageError(`unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
    }
    const commandFailed = (e: unknown): number => {
      if (e instanceof UsageError) {
        io.stderr(`cdk8s-hpa ${name}: ${e.message}\nRun "cdk8s-hpa ${name} --help" for usage.\n`);
        return EXIT_USAGE;
      }
      return internalError(e, io);
    };
    try {
      const code = command.load().run(rest, io);
      return typeof code === 'number' ? code : code.catch(commandFailed);
    } catch (e) {
      return commandFailed(e);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`cdk8s-hpa: ${e.message}\n\n${mainHelp()}`);
      return EXIT_USAGE;
    }
    return internalError(e, io);
  }
}

function internalError(e: unknown, io: Io): number {
  io.stderr(`cdk8s-hpa: internal error: ${e instanceof Error ? e.message : String(e)} (please report it)\n`);
  return EXIT_USAGE;
}

/** bin/cdk8s-hpa: the process's arguments and streams. */
export function runFromProcess(): void {
  // A closed pipe (`cdk8s-hpa validate . | head`) ends the output, not with a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  const code = main(process.argv.slice(2), {
    stdout: text => process.stdout.write(text),
    stderr: text => process.stderr.write(text),
    readStdin: () => fs.readFileSync(0),
  });
  if (typeof code === 'number') process.exitCode = code;
  else void code.then(c => { process.exitCode = c; });
}
