/** Small pieces of English for messages and reports. */

/** `1 error`, `2 errors`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A number for humans: at most 3 decimals, no trailing zeros. */
export function fmt(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Seconds as durations print: `300s`. */
export function seconds(n: number): string {
  return `${n}s`;
}

/** A word for sh: as is when safe, else in single quotes. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** A command line for sh, each word quoted where it must be. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
