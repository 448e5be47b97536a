/**
 * The real cdk8s-cli, for the synth plugin's end-to-end test: installed once into a cache
 * directory outside the clone (~/.cache/cdk8s-hpa/cdk8s-cli-<version>, about 90 MB) and reused,
 * rather than made a devDependency of every `npm ci`.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

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
