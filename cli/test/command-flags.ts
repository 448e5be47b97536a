/**
 * The flags of each command as its parser defines them, and as its `--help` lists them.
 *
 * A command's flags are the `case '--flag':` labels, lists and tables of its parser
 * (cli/src/commands/<command>/args.ts and the modules it imports from cli/src: flags.ts's cluster
 * and rule flags, history-args.ts, simulate's for tune). They are read from there, every
 * flag-shaped string literal of those modules, and each is then tried on the parser: the ones it
 * does not refuse as unknown (`UnknownFlagError`) are the command's flags.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { UnknownFlagError } from '../src/errors';

const SRC = path.join(__dirname, '..', 'src');

/** A flag as a parser reads it, and as --help and the docs write it: `-n`, `--k8s-version`. */
const FLAG = /(?<![\w-])--?[A-Za-z][\w-]*/g;

/** A command's parser: the arguments after its name, to what it read; throws `UsageError`. */
export type Parser = (argv: readonly string[]) => unknown;

/** The commands, as their folders in cli/src/commands/ hold them. */
export function commandNames(): string[] {
  return fs.readdirSync(path.join(SRC, 'commands'), { withFileTypes: true }).filter(e => e.isDirectory()).map(e => e.name).sort();
}

/** The module of `command`'s parser, cli/src/commands/<command>/args.ts. */
function argsModule(command: string): string {
  return path.join(SRC, 'commands', command, 'args.ts');
}

/** `command`'s parser: the one `parse...Args` function its args.ts exports. */
export function parserOf(command: string): Parser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exported = require(argsModule(command)) as { [name: string]: unknown };
  const parsers = Object.entries(exported).filter(([name, value]) => /^parse\w*Args$/.test(name) && typeof value === 'function');
  if (parsers.length !== 1) throw new Error(`${command}/args.ts exports ${parsers.length} parse...Args functions, not one`);
  return parsers[0][1] as Parser;
}

/** Whether `parse` takes `flag`: anything but refusing it as unknown (a bad or missing value is its own error). */
export function takes(parse: Parser, flag: string): boolean {
  try {
    parse([flag, 'x']);
    return true;
  } catch (e) {
    if (e instanceof UnknownFlagError) return false;
    return true;
  }
}

/** The modules `file` imports from cli/src, and theirs, `file` first. */
function moduleGraph(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  const imports = ts.preProcessFile(source, true, false).importedFiles
    .map(i => i.fileName)
    .filter(name => name.startsWith('.'))
    .map(name => `${path.resolve(path.dirname(file), name)}.ts`)
    .filter(f => f.startsWith(SRC + path.sep) && fs.existsSync(f));
  return [file, ...imports.flatMap(f => moduleGraph(f, seen))];
}

/** The flag-shaped string literals of a module (a path in cli/src, or absolute): case labels, lists and tables of flags. */
export function flagLiterals(file: string): string[] {
  file = path.resolve(SRC, file);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) && new RegExp(`^${FLAG.source}$`).test(node.text)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  return found;
}

/** The flags `command`'s parser takes, sorted. */
export function flagsOf(command: string): string[] {
  const parse = parserOf(command);
  const candidates = new Set(moduleGraph(argsModule(command)).flatMap(flagLiterals));
  return [...candidates].filter(flag => takes(parse, flag)).sort();
}

/**
 * The flags a --help text lists: those its option lines start with (a line indented two spaces
 * that starts with `-`, up to the column of descriptions), sorted.
 */
export function listedFlags(help: string): string[] {
  const heads = help.split('\n').filter(line => /^ {2}-/.test(line)).map(line => line.trim().split(/ {2,}/)[0]);
  return [...new Set(heads.flatMap(head => head.match(FLAG) ?? []))].sort();
}

/** The flags a --help text's examples use: those after `e.g.` on a line. */
export function exampleFlags(help: string): string[] {
  const examples = help.split('\n').flatMap(line => (line.includes('e.g.') ? [line.slice(line.indexOf('e.g.'))] : []));
  return [...new Set(examples.flatMap(e => e.match(FLAG) ?? []))].sort();
}
