/** The files a command writes besides its report on standard output (`--svg`, `--csv`, `--report`). */
import * as fs from 'fs';
import { Io } from './command';
import { EXIT_OK, EXIT_USAGE } from './errors';

/**
 * Writes each file asked for (those not undefined) with what its renderer gives; says on
 * standard error which could not be written. Returns 0, or 2 when one could not.
 */
export function writeOutputs(io: Io, outputs: ReadonlyArray<readonly [string | undefined, () => string]>): number {
  let code = EXIT_OK;
  for (const [file, render] of outputs) {
    if (file === undefined) continue;
    try {
      fs.writeFileSync(file, render());
    } catch (e) {
      io.stderr(`cdk8s-hpa: ${file}: cannot write: ${(e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e))}\n`);
      code = EXIT_USAGE;
    }
  }
  return code;
}
