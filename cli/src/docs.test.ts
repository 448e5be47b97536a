/**
 * The docs show what the command line prints. Every command of README.md and docs/*.md (a `$ `
 * line of a fenced block) runs here as a reader of the page runs it: from the repository's root,
 * on the files committed beside the page (docs/<page>/), standard output and standard error
 * interleaved as a terminal shows them. What it prints must be what the page shows after it; only
 * the tune's time and the checkout's own path may differ. A block whose mark says `not run`, with
 * a reason build-tools/docs.js lists (a live cluster, a Prometheus server), is the conformance
 * run's to run.
 *
 * `WRITE_DOCS=1 npx jest cli/src/docs.test.ts` writes what the commands print into the pages
 * instead of failing (docs/contributing.md): review the change with `git diff docs/ README.md`.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BIN, requireCompiledCli, ROOT } from '../test/cli-helpers';
import { parserOf } from '../test/command-flags';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const docs = require('../../build-tools/docs.js');

interface Step {
  /** The command, its continued lines joined by newlines, without the `$ `. */
  readonly command: string;
  /** What the page shows it prints. */
  readonly shown: string;
  readonly line: number;
}

interface Block {
  /** The line of the block's fence. */
  readonly line: number;
  /** The fence's indent (in a list item), which `code` is without. */
  readonly indent: string;
  /** The block's text, commands and what they print. */
  readonly code: string;
  readonly mark?: { readonly page: string; readonly name: string; readonly notRun?: string; readonly detail?: string };
  readonly steps: Step[];
}

const WRITE = Boolean(process.env.WRITE_DOCS);

/** The path a page shows for the checkout, as the README's install lines do. */
const SHOWN_ROOT = '/path/to/cdk8s-hpa';

const PAGES: Array<[string, Block[]]> = (docs.docFiles(ROOT) as string[])
  .map(file => [file, docs.commandBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Block[]]);
const where = (file: string, b: Block) => `${file}:${b.line}${b.mark ? ` (${b.mark.name})` : ''}`;
const RUN = PAGES.flatMap(([file, blocks]) => blocks.filter(b => b.mark?.notRun === undefined).map(b => [where(file, b), file, b] as const));
const NOT_RUN_BLOCKS = PAGES.flatMap(([file, blocks]) => blocks.filter(b => b.mark?.notRun !== undefined).map(b => [`${file} (${b.mark!.name})`, b] as const));
const NOT_RUN = NOT_RUN_BLOCKS.map(([name, b]) => [name, b.mark!.notRun]);

beforeAll(() => requireCompiledCli());

/** What may differ from run to run: the tune's time, the checkout's path. */
function normalised(text: string): string {
  return text.split(ROOT).join(SHOWN_ROOT).replace(/(\((?:every combination|coordinate search)\)) in \d+\.\ds$/gm, '$1 in (time)');
}

/**
 * A command line split into words as sh splits it (quotes, `\` escapes and continued lines, a `#`
 * comment, `&&` a word of its own), refusing what a shell would expand or redirect: the docs test
 * runs no shell.
 */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  const add = (text: string) => { word = (word ?? '') + text; };
  const end = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') {
      if (line[i + 1] !== '\n') add(line[i + 1] ?? '');
      i++;
    } else if (c === '\'' || c === '"') {
      const close = line.indexOf(c, i + 1);
      if (close < 0) throw new Error(`an unclosed ${c} in: ${line}`);
      const quoted = line.slice(i + 1, close);
      if (c === '"' && /[$`\\]/.test(quoted)) throw new Error(`"${quoted}": the docs test expands nothing in double quotes; use single quotes`);
      add(quoted);
      i = close;
    } else if (/\s/.test(c)) {
      end();
    } else if (c === '#' && word === undefined) {
      break;
    } else if (line.startsWith('&&', i)) {
      end();
      words.push('&&');
      i++;
    } else if (line.startsWith('$?', i) && word === undefined) {
      add('$?');
      i++;
    } else if ('|&;<>()$`*?[]{}~'.includes(c)) {
      throw new Error(`"${c}" in: ${line}: the docs test runs cdk8s-hpa, cd and echo $? without a shell, so it cannot run a pipe, a redirection or an expansion`);
    } else {
      add(c);
    }
  }
  end();
  return words;
}

/** Runs `cdk8s-hpa args` in `cwd`, its standard output and error into one file, as a terminal interleaves them. */
function cdk8sHpa(args: string[], cwd: string): { code: number; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-docs-'));
  const file = path.join(dir, 'output');
  const fd = fs.openSync(file, 'w');
  try {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd, stdio: ['pipe', fd, fd], input: '', timeout: 120_000 });
    if (r.error) throw r.error;
    return { code: r.status ?? 1, output: fs.readFileSync(file, 'utf8') };
  } finally {
    fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The block as the commands print it: each command with its output, from the repository's root. */
function rerun(block: Block): string {
  let cwd = ROOT;
  let code = 0;
  const lines: string[] = [];
  for (const step of block.steps) {
    let printed = '';
    const commands: string[][] = [[]];
    for (const word of shellWords(step.command)) {
      if (word === '&&') commands.push([]);
      else commands[commands.length - 1].push(word);
    }
    for (const [program, ...args] of commands) {
      if (program === 'cd' && args.length === 1) {
        cwd = path.resolve(cwd, args[0]);
        code = fs.existsSync(cwd) ? 0 : 1;
      } else if (program === 'echo' && args.join(' ') === '$?') {
        printed += `${code}\n`;
        code = 0;
      } else if (program === 'cdk8s-hpa' || (program === 'npx' && args[0] === 'cdk8s-hpa')) {
        const run = cdk8sHpa(program === 'npx' ? args.slice(1) : args, cwd);
        printed += run.output;
        code = run.code;
      } else {
        throw new Error(`line ${step.line}: the docs test runs cdk8s-hpa, cd and echo $?, not "${program}": show a command it runs, or mark the block not run with a reason build-tools/docs.js lists`);
      }
      if (code !== 0) break;
    }
    lines.push(`$ ${step.command}`, ...(printed === '' ? [] : printed.replace(/\n$/, '').split('\n')));
  }
  return lines.join('\n');
}

/** The page with `block` (as it stands in the page now) holding `code`. */
function withBlock(markdown: string, block: Block, code: string): string {
  const lines = markdown.split('\n');
  lines.splice(block.line, block.code.split('\n').length, ...code.split('\n').map(l => (l === '' ? l : block.indent + l)));
  return lines.join('\n');
}

describe('the commands of the docs', () => {
  test('the pages show commands, and the marks on their blocks are well formed', () => {
    expect(RUN.length).toBeGreaterThanOrEqual(12);
    expect(new Set(RUN.map(([, file]) => file))).toEqual(new Set(['docs/explain.md', 'docs/plugin.md', 'docs/simulate.md', 'docs/tune.md', 'docs/validate.md', 'docs/what-if.md']));
    expect(docs.markProblems(ROOT)).toEqual([]);
  });

  test('only what needs a live cluster or a Prometheus server is not run here', () => {
    expect(NOT_RUN).toEqual([
      ['docs/explain.md (live)', 'needs a live cluster'],
      ['docs/tune.md (fleet)', 'needs a live cluster'],
      ['docs/what-if.md (fetch)', 'needs a Prometheus server'],
      ['docs/what-if.md (compare)', 'needs a Prometheus server'],
    ]);
  });

  test.each(NOT_RUN_BLOCKS)('the commands of %s, not run here, are command lines their command takes', (_where, block) => {
    for (const step of block.steps) {
      const words = shellWords(step.command);
      const [program, command, ...args] = words[0] === 'npx' ? words.slice(1) : words;
      expect(program).toBe('cdk8s-hpa');
      expect(() => parserOf(command)(args)).not.toThrow();
    }
  });

  test.each(RUN)('%s shows what its commands print', (_where, file, block) => {
    const printed = rerun(block);
    if (WRITE && normalised(printed) !== normalised(block.code)) {
      const full = path.join(ROOT, file);
      // Blocks above this one may have changed length: find this one again by its text.
      const now = (docs.commandBlocks(fs.readFileSync(full, 'utf8')) as Block[]).find(b => b.code === block.code);
      if (now === undefined) throw new Error(`${file}: the block at line ${block.line} changed while it ran`);
      fs.writeFileSync(full, withBlock(fs.readFileSync(full, 'utf8'), now, printed));
      return;
    }
    expect(normalised(printed)).toBe(normalised(block.code));
  }, 180_000);
});

describe('how the docs test reads a page', () => {
  test('a mark names its own page, gives a listed reason, and stands right before its fence', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-marks-'));
    fs.mkdirSync(path.join(dir, 'docs'));
    fs.writeFileSync(path.join(dir, 'README.md'), '# Title\n');
    fs.writeFileSync(path.join(dir, 'docs', 'a.md'), [
      '# A', '',
      '<!-- b: x, not run: needs coffee -->', '```console', '$ cdk8s-hpa validate x.yaml', '```', '',
      '<!-- a: y -->', '', '```console', 'hello', '$ cdk8s-hpa --version', '```',
      '<!-- a: y, not run: needs a live cluster -->', '- ```console', '  $ cdk8s-hpa explain -n shop web', '  ```',
      '<!-- a: bad mark -->', '',
    ].join('\n'));
    expect(docs.markProblems(dir)).toEqual([
      'docs/a.md: line 11: a block of commands starts with its first command (`$ ...`)',
      'docs/a.md:3: the mark names page "b", not "a"',
      'docs/a.md:3: "needs coffee" is no reason not to run a block ("needs a live cluster", "needs a Prometheus server")',
      'docs/a.md:8: a mark stands on the line right before its block\'s fence',
      'docs/a.md:14: a second block named "y"',
      'docs/a.md:14: a mark stands on the line right before its block\'s fence',
      'docs/a.md:18: a mark reads <!-- a: <name> --> or <!-- a: <name>, not run: <reason> -->',
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a block in a list item is read without its indent', () => {
    const [block] = docs.commandBlocks('- run it:\n\n  ```console\n  $ cdk8s-hpa --version\n  0.1.0\n  ```\n') as Block[];
    expect(block).toEqual({ line: 3, indent: '  ', code: '$ cdk8s-hpa --version\n0.1.0', mark: undefined, steps: [{ line: 4, command: 'cdk8s-hpa --version', shown: '0.1.0' }] });
    expect(withBlock('- run it:\n\n  ```console\n  $ cdk8s-hpa --version\n  0.1.0\n  ```\n', block, '$ cdk8s-hpa --version\n0.2.0'))
      .toBe('- run it:\n\n  ```console\n  $ cdk8s-hpa --version\n  0.2.0\n  ```\n');
  });
});

describe('how the docs test reads a command', () => {
  test.each([
    ['npx cdk8s-hpa validate a.yaml', ['npx', 'cdk8s-hpa', 'validate', 'a.yaml']],
    ['cd dir && cdk8s-hpa validate .   # a comment', ['cd', 'dir', '&&', 'cdk8s-hpa', 'validate', '.']],
    ['cdk8s-hpa simulate --hpa a.yaml \\\n    --query \'cpu=sum by (pod) (rate(x{a="b"}[1m]))\'', ['cdk8s-hpa', 'simulate', '--hpa', 'a.yaml', '--query', 'cpu=sum by (pod) (rate(x{a="b"}[1m]))']],
    ['echo $?', ['echo', '$?']],
    ['cdk8s-hpa validate "two words" it\\\'s', ['cdk8s-hpa', 'validate', 'two words', 'it\'s']],
  ])('%j is the words %j', (line, words) => {
    expect(shellWords(line)).toEqual(words);
  });

  test.each([
    ['cdk8s-hpa validate --help | head'],
    ['cdk8s-hpa validate k8s/*.yaml'],
    ['cdk8s-hpa validate $DIR'],
    ['cdk8s-hpa validate "$DIR"'],
    ['cdk8s-hpa simulate --hpa <file>'],
    ['cdk8s-hpa validate \'a.yaml'],
  ])('fails on %j, which needs a shell', line => {
    expect(() => shellWords(line)).toThrow();
  });

  test('the tune\'s time and the checkout\'s path are all that may differ', () => {
    expect(normalised(`search: 156 specs replayed (coordinate search) in 1.7s\n${ROOT}/docs/x.yaml\nreaction in 4.5s`))
      .toBe(`search: 156 specs replayed (coordinate search) in (time)\n${SHOWN_ROOT}/docs/x.yaml\nreaction in 4.5s`);
  });
});
