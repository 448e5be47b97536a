/** The installed package's version, for `--version`, SARIF and the synth plugin's report. */
import * as fs from 'fs';
import * as path from 'path';

let cached: string | undefined;

/** `package.json`'s version, one level above this module (cli/lib/ or cli/src/). */
export function packageVersion(): string {
  if (cached === undefined) {
    try {
      cached = String(JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).version);
    } catch {
      cached = 'unknown';
    }
  }
  return cached;
}
