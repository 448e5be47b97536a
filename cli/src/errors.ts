/** Exit codes and the errors that end a command before or while it reads its input. */

/** No errors (and, with `--strict`, no warnings). */
export const EXIT_OK = 0;
/** The input has errors (or warnings, with `--strict`). */
export const EXIT_ISSUES = 1;
/** A usage error, or an input that could not be read. */
export const EXIT_USAGE = 2;

/** A wrong command line: printed with a pointer to `--help`, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A flag the command does not take, as opposed to a bad value of one it takes (help.test.ts tells them apart). */
export class UnknownFlagError extends UsageError {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownFlagError';
  }
}
