/**
 * The code blocks of the docs, read and run as a reader would run them: each TypeScript example is
 * a whole program with its imports, `cdk8s-hpa` being the library in src/.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as cdk8s from 'cdk8s';
import * as yaml from 'js-yaml';
import * as ts from 'typescript';

export const ROOT = path.join(__dirname, '..');

export interface FencedBlock {
  /** The language of the fence (`ts`, `yaml`, `text`, ...). */
  readonly lang: string;
  /** The fence's info string after the language (`fixture=program`). */
  readonly info: string;
  readonly code: string;
  /** The line of the first line of code, 1-based. */
  readonly line: number;
}

/** The fenced code blocks of a markdown text, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(\w*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j].startsWith(open[1]) && lines[j].trim() === lines[j].trim().replace(/[^`]/g, ''))) body.push(lines[j++]);
    blocks.push({ lang: open[2], info: open[3], code: body.join('\n'), line: i + 2 });
    i = j;
  }
  return blocks;
}

/** The markdown files of the docs: README.md and docs/*.md, relative to the root. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const docsFiles: () => string[] = require('../build-tools/docs.js').docFiles;

export function readDoc(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

/** What running one example did. */
export interface ExampleRun {
  /** What it printed with console.log, line by line. */
  readonly printed: string[];
  /** The objects of each `app.synth()`, which writes no file here. */
  readonly synthesized: any[][];
  /** What it threw, if anything (a failed synth, say). */
  readonly error?: Error;
}

/**
 * Runs a TypeScript example: `cdk8s-hpa` is src/, and `App.synth()` keeps the objects it would
 * write (after the same validation) instead of writing dist/.
 */
export function runExample(code: string): ExampleRun {
  const printed: string[] = [];
  const synthesized: any[][] = [];
  class App extends cdk8s.App {
    public synth(): void {
      synthesized.push(yaml.loadAll(this.synthYaml()));
    }
  }
  const modules: { [name: string]: unknown } = {
    'cdk8s': { ...cdk8s, App },
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    'cdk8s-hpa': require('../src'),
  };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = (name: string) => modules[name] ?? require(name);
  const compilerOptions = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true };
  const js = ts.transpileModule(code, { compilerOptions }).outputText;
  const console = { log: (...args: unknown[]) => printed.push(...args.map(String).join(' ').split('\n')) };
  try {
    new Function('require', 'exports', 'console', js)(load, {}, console);
    return { printed, synthesized };
  } catch (e) {
    return { printed, synthesized, error: e as Error };
  }
}

/** Type errors of the examples, each as `file:line: message`; `cdk8s-hpa` is src/index.ts. */
export function typecheck(examples: ReadonlyArray<{ readonly file: string; readonly line: number; readonly code: string }>): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    esModuleInterop: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    types: ['node'],
    paths: { 'cdk8s-hpa': [path.join(ROOT, 'src', 'index.ts')] },
  };
  const virtual = new Map(examples.map(e => [path.join(ROOT, 'docs', '.examples', `${e.file.replace(/\W/g, '-')}-${e.line}.ts`), e]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = f => virtual.has(f) || fileExists.call(host, f);
  host.readFile = f => virtual.get(f)?.code ?? readFile.call(host, f);
  host.getSourceFile = (f, lang, ...rest) => virtual.has(f)
    ? ts.createSourceFile(f, virtual.get(f)!.code, lang)
    : getSourceFile.call(host, f, lang, ...rest);
  const program = ts.createProgram([...virtual.keys()], options, host);
  const problems: string[] = [];
  for (const [file, example] of virtual) {
    for (const d of ts.getPreEmitDiagnostics(program, program.getSourceFile(file))) {
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
      problems.push(`${example.file}:${example.line + line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    }
  }
  return problems;
}
