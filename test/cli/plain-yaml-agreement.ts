/**
 * The plain reader compared with `yaml` on one document: the jest tests (generated documents) and
 * the conformance run (the YAML files of the Kubernetes source) use it.
 */
import { NOT_PLAIN, plainOffsets, readPlainDocument } from '../../src/manifests/plain-yaml';
import { documentStarts, parseSourceWithYaml } from '../../src/manifests/yaml-source';

/** A value written with its types and key order visible, NaN and -0 included. */
function exactly(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? 'number:-0' : `number:${value}`;
  if (value === null || typeof value !== 'object') return `${typeof value}:${JSON.stringify(value)}`;
  if (Array.isArray(value)) return `[${value.map(exactly).join(',')}]`;
  if (Object.getPrototypeOf(value) !== Object.prototype) return 'not a plain object';
  return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${exactly(v)}`).join(',')}}`;
}

/** Every path of a plain value, and absent paths below each collection. */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => pathsOf(v, [...prefix, k])), [...prefix, 'absent'], [...prefix, 99]];
}

/** The 1-based line and column of an offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** The documents of a source as the command line splits it, at `---` lines. */
export function documentTexts(text: string): string[] {
  const starts = documentStarts(text);
  return starts.slice(1).map((end, i) => text.slice(starts[i], end));
}

/** What comparing the plain reader with `yaml` on one document found. */
export interface Agreement {
  /** Whether the plain reader read the document (else it left it to the full parsers). */
  readonly read: boolean;
  /** How many positions were compared. */
  readonly positions: number;
  /** What differs, with the document; undefined when nothing does. */
  readonly difference?: string;
}

/**
 * Compares the plain reader with `yaml` on one document: on a document it reads, the value and
 * the position of every path it knows one for must be `yaml`'s; a document it leaves has no
 * positions either.
 */
export function comparePlainWithYaml(text: string): Agreement {
  const plain = readPlainDocument(text);
  if (plain === NOT_PLAIN) {
    return { read: false, positions: 0, difference: plainOffsets(text) === undefined ? undefined : `positions of a document it leaves:\n${text}` };
  }
  const reference = parseSourceWithYaml(text);
  const expected = reference.length === 1 && reference[0].errors.length === 0 ? exactly(reference[0].value) : 'yaml refuses it';
  if (expected !== exactly(plain)) return { read: true, positions: 0, difference: `value ${exactly(plain)}, yaml: ${expected}, of:\n${text}` };
  const offsets = plainOffsets(text)!;
  let positions = 0;
  for (const fieldPath of pathsOf(plain)) {
    const offset = offsets(fieldPath);
    if (offset === undefined) continue;
    const got = lineAndColumn(text, offset);
    const want = reference[0].positionOf(fieldPath);
    if (got.line !== want.line || got.column !== want.column) {
      return { read: true, positions, difference: `${JSON.stringify(fieldPath)} at ${got.line}:${got.column}, yaml: ${want.line}:${want.column}, in:\n${text}` };
    }
    positions++;
  }
  return { read: true, positions };
}
