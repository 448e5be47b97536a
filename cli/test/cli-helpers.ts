/** Runs the real `cli/bin/cdk8s-hpa` in a subprocess, against cli/lib/ and the library's lib/ as compiled. */
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

export const ROOT = path.join(__dirname, '..', '..');
export const BIN = path.join(ROOT, 'cli', 'bin', 'cdk8s-hpa');
/**
 * The fixtures that several commands' tests share, by the path the command prints (relative to
 * the repository root). A fixture of one command lives beside it: see `testdata`.
 */
export const FIXTURES = 'cli/test/fixtures';

/** The fixtures of one command's tests, beside it (cli/src/commands/<command>/testdata), as the command prints their paths. */
export function testdata(command: 'validate' | 'simulate' | 'tune' | 'explain'): string {
  return `cli/src/commands/${command}/testdata`;
}

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout split into lines, without the empty last one. */
  readonly lines: string[];
}

export function cli(args: readonly string[], options: { input?: string | Buffer; cwd?: string } = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  const lines = result.stdout.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, lines };
}

/** `cli()` without blocking this process, for a run that reads a server the test serves (a fake cluster, a fake Prometheus). */
export function cliAsync(args: readonly string[], options: { cwd?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', d => { stdout += d; });
    child.stderr.on('data', d => { stderr += d; });
    child.on('error', reject);
    child.on('close', code => {
      const lines = stdout.split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      resolve({ code, stdout, stderr, lines });
    });
  });
}

/**
 * The command runs the JavaScript compiled to cli/lib/ and lib/. `npx projen build` compiles
 * before it tests; alone, `npx projen test` does not.
 */
export function requireCompiledCli(): void {
  const main = path.join(ROOT, 'cli', 'lib', 'main.js');
  if (!fs.existsSync(main)) {
    throw new Error('cli/lib/main.js is missing: run `npx projen compile` before the CLI tests (`npx projen build` does it)');
  }
  const built = fs.statSync(main).mtimeMs;
  const sources = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'cli', 'src'))].filter(f => !f.endsWith('.test.ts'));
  const stale = sources.filter(f => fs.statSync(f).mtimeMs > built + 1000);
  if (stale.length > 0) {
    throw new Error(`cli/lib/ is older than ${path.relative(ROOT, stale[0])}: run \`npx projen compile\` before the CLI tests`);
  }
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}
