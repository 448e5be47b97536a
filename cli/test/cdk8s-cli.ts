/**
 * The real cdk8s-cli, for the synth plugin's end-to-end tests, and an app to run it in: installed once into a cache
 * directory outside the clone (~/.cache/cdk8s-hpa/cdk8s-cli-<version>, about 90 MB) and reused,
 * rather than made a devDependency of every `npm ci`.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT } from './cli-helpers';

/** The cdk8s-cli release the plugin is tested under (its `cdk8s-cli/plugins` contract). */
export const CDK8S_CLI_VERSION = '2.207.60';

function cacheDir(): string {
  const base = process.env.CDK8S_HPA_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'cdk8s-hpa');
  return path.join(base, `cdk8s-cli-${CDK8S_CLI_VERSION}`);
}

/** The path of the `cdk8s` command, installing cdk8s-cli into the cache first if needed. */
export function cdk8sCli(): string {
  const dir = cacheDir();
  const bin = path.join(dir, 'node_modules', 'cdk8s-cli', 'bin', 'cdk8s');
  if (fs.existsSync(bin)) return bin;
  // Installed beside the cache, then renamed into place: an interrupted install leaves no half cache.
  const staging = `${dir}.${process.pid}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  execFileSync('npm', ['install', '--prefix', staging, `cdk8s-cli@${CDK8S_CLI_VERSION}`, '--no-audit', '--no-fund', '--no-save', '--loglevel=error'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, npm_config_yes: 'true' },
  });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(staging, dir);
  return bin;
}

/**
 * A cdk8s app in a new temporary directory, as a repository holds one: `.git`, this checkout
 * installed as cdk8s-hpa and cdk8s-hpa-cli beside cdk8s, cdk8s-plus-27 and constructs, and `files` by name.
 */
export function appDir(files: { readonly [name: string]: string }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-app-'));
  fs.mkdirSync(path.join(dir, '.git'));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const dep of ['cdk8s', 'cdk8s-plus-27', 'constructs']) {
    fs.symlinkSync(path.join(ROOT, 'node_modules', dep), path.join(dir, 'node_modules', dep));
  }
  fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'cdk8s-hpa'));
  fs.symlinkSync(path.join(ROOT, 'cli'), path.join(dir, 'node_modules', 'cdk8s-hpa-cli'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

/** What one `cdk8s synth` did: its exit code, output and the first validation report. */
export interface SynthRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly report: any;
}

/** `cdk8s synth` in `dir` (its cdk8s.yaml written first), fresh: the last dist/ and report removed. */
export function cdk8sSynth(dir: string, cdk8sYaml: readonly string[], env: { readonly [key: string]: string } = {}): SynthRun {
  fs.writeFileSync(path.join(dir, 'cdk8s.yaml'), cdk8sYaml.join('\n'));
  const reportFile = path.join(dir, 'report.json');
  fs.rmSync(reportFile, { force: true });
  fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  const run = spawnSync(process.execPath, [cdk8sCli(), 'synth', '--validation-reports-output-file', reportFile], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ...env, CDK8S_OUTDIR: '' },
    timeout: 120_000,
  });
  const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')).reports[0] : undefined;
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, report };
}
