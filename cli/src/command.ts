/** What a subcommand of `cdk8s-hpa` is, and what it may touch. */

/** Standard streams, injectable for tests. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** All of standard input. */
  readStdin(): Buffer;
}

/** A subcommand; its one-line summary for `cdk8s-hpa --help` is in main.ts's `COMMANDS`. */
export interface Command {
  /**
   * Runs with the arguments after the subcommand's name; returns the exit code, or its promise
   * when the command waits on the network (`explain` reading a cluster). Throws `UsageError`.
   */
  run(argv: readonly string[], io: Io): number | Promise<number>;
}
