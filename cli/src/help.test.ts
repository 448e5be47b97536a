/**
 * Each `--help` lists exactly the flags its command takes: every flag the parser reads (from the
 * definitions in the command's args.ts and what it imports, cli/test/command-flags.ts) is on an
 * option line of its --help, every flag an option line or an `e.g.` names is one the parser
 * takes, the examples parse, and the docs the help points to are there.
 */
import * as fs from 'fs';
import * as path from 'path';
import { commandNames, exampleFlags, flagLiterals, flagsOf, listedFlags, parserOf, takes } from '../test/command-flags';
import { run } from '../test/run-cli';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const docs = require('../../build-tools/docs.js');

const ROOT = path.join(__dirname, '..', '..');
const MAIN_HELP = run(['--help']).stdout;
const COMMANDS = commandNames();
const HELP: { [command: string]: string } = Object.fromEntries(COMMANDS.map(c => [c, run([c, '--help']).stdout]));

/** The command lines of a help's examples (after `Example:` or `Examples:`), from `cdk8s-hpa` on, up to a pipe or a redirection. */
function examples(help: string): string[][] {
  const section = /^Examples?:\n((?: {2}.*\n?)*)/m.exec(help);
  return (section?.[1] ?? '').split('\n').flatMap(line => line.split('|'))
    .map(part => /\bcdk8s-hpa (.*)$/.exec(part.split(/ [>&]/)[0])?.[1])
    .filter((command): command is string => command !== undefined)
    .map(command => command.trim().split(/\s+/));
}

describe('cdk8s-hpa --help', () => {
  test('lists every command, as their folders hold them', () => {
    const listed = /^Commands:\n((?: {2}.*\n)*)/m.exec(MAIN_HELP)![1].split('\n').filter(l => l !== '').map(l => l.trim().split(/\s+/)[0]);
    expect(listed.sort()).toEqual(COMMANDS);
    expect(COMMANDS).toEqual(['explain', 'simulate', 'tune', 'validate']);
  });

  test('lists every flag the command line takes before a command, and takes every flag it lists', () => {
    // main.ts reads them itself, before any command's parser.
    const takenByMain = [...new Set(flagLiterals('main.ts'))].filter(flag => run([flag]).code === 0).sort();
    expect(takenByMain).toEqual(expect.arrayContaining(['--help', '-h']));
    expect(takenByMain).toEqual(listedFlags(MAIN_HELP));
    expect(run(['--bogus']).code).toBe(2);
  });
});

describe.each(COMMANDS)('cdk8s-hpa %s --help', command => {
  const help = () => HELP[command];
  const parse = parserOf(command);

  test('lists every flag the parser reads', () => {
    const flags = flagsOf(command);
    expect(flags).toEqual(expect.arrayContaining(['--help', '-h', '--k8s-version', '--feature-gates', '--config', '--disable']));
    expect(flags.filter(f => !listedFlags(help()).includes(f))).toEqual([]);
  });

  test('lists no flag the parser refuses, on an option line or in an example', () => {
    expect(listedFlags(help()).length).toBeGreaterThanOrEqual(10);
    expect(listedFlags(help()).filter(f => !takes(parse, f))).toEqual([]);
    expect(exampleFlags(help()).filter(f => !takes(parse, f))).toEqual([]);
  });

  test('links only to docs pages and anchors that exist', () => {
    const links = [...help().matchAll(/https:\/\/github\.com\/cdk8s-hpa\/cdk8s-hpa\/blob\/main\/([^\s#)]+)(?:#([\w-]+))?/g)];
    for (const [url, file, anchor] of links) {
      expect([url, fs.existsSync(path.join(ROOT, file))]).toEqual([url, true]);
      if (anchor !== undefined) expect([url, docs.anchorsOf(fs.readFileSync(path.join(ROOT, file), 'utf8')).has(anchor)]).toEqual([url, true]);
    }
  });
});

describe('the examples of every --help', () => {
  const all = [MAIN_HELP, ...Object.values(HELP)].flatMap(examples);

  test('there are some', () => {
    expect(all.length).toBeGreaterThanOrEqual(10);
  });

  test.each(all.map(argv => [argv.join(' '), argv]))('cdk8s-hpa %s is a command line its command takes', (_line, argv) => {
    const [command, ...args] = argv as string[];
    expect(COMMANDS).toContain(command);
    expect(() => parserOf(command)(args)).not.toThrow();
  });
});

describe('how the flags are found', () => {
  test('a flag of tune\'s own and one of simulate\'s it reads, but not simulate\'s that it refuses', () => {
    const tune = flagsOf('tune');
    expect(tune).toEqual(expect.arrayContaining(['--jobs', '--vary', '--hpa', '--history', '--pod-request']));
    expect(tune).not.toContain('--trace');
    expect(tune).not.toContain('--compare-release');
    expect(flagsOf('simulate')).toEqual(expect.arrayContaining(['--trace', '--compare-release']));
  });

  test('an option line starts with a flag; its flags are those before the description', () => {
    expect(listedFlags([
      'Options:',
      '  -n, --namespace <ns>       read the HPAs of this namespace',
      '  --start <time>, --end <time>',
      '                             --until shortens it (a description, not an option line)',
      '  --config <file>, --no-config, --disable/--enable/--error/--warn <rules>',
      '  --query <metric>=<PromQL>  e.g. --query \'cpu=x\'',
      '  cdk8s-hpa validate --strict dist/',
    ].join('\n'))).toEqual(['--config', '--disable', '--enable', '--end', '--error', '--namespace', '--no-config', '--query', '--start', '--warn', '-n']);
  });
});
