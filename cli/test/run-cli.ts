/** Runs `cdk8s-hpa` in-process through its `main`, from the repository root, with the streams captured. */
import * as path from 'path';
import { main } from '../src/main';

const ROOT = path.join(__dirname, '..', '..');

export function run(argv: string[], stdin = ''): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const code = main(argv, { stdout: t => { stdout += t; }, stderr: t => { stderr += t; }, readStdin: () => Buffer.from(stdin) });
    if (typeof code !== 'number') throw new Error(`run() is for runs that end without waiting on the network: ${argv.join(' ')}`);
    return { code, stdout, stderr };
  } finally {
    process.chdir(cwd);
  }
}
