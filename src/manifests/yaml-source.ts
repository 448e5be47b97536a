/**
 * YAML (and JSON, which is YAML) read with source positions: each document's plain value, and
 * the line and column of any field path in it, or of its nearest present parent.
 */
import { Document, isAlias, isMap, isPair, isScalar, isSeq, LineCounter, Node, parseAllDocuments } from 'yaml';

/** Aliases a document may expand before it is refused (guards against "billion laughs"). */
const MAX_ALIAS_COUNT = 1000;

/** A 1-based line and column. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** A syntax error in the source. */
export interface SyntaxProblem {
  readonly message: string;
  readonly position: Position;
}

/** One YAML document of a source, parsed. */
export interface SourceDocument {
  /** The document as plain data; undefined when it has syntax errors or is empty. */
  readonly value: unknown;
  readonly errors: SyntaxProblem[];
  /** Where a field path (`['spec', 'metrics', 0]`) stands, or its nearest present parent. */
  positionOf(path: ReadonlyArray<string | number>): Position;
}

/** Every document in `text`, in order. Never throws. */
export function parseSource(text: string): SourceDocument[] {
  const lineCounter = new LineCounter();
  const position = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  let docs: Document.Parsed[];
  try {
    const parsed = parseAllDocuments(text, { lineCounter, merge: true, prettyErrors: false });
    docs = Array.isArray(parsed) ? parsed : [];
  } catch (e) {
    const first = { line: 1, column: 1 };
    return [{ value: undefined, errors: [{ message: errorMessage(e), position: first }], positionOf: () => first }];
  }
  return docs.map(doc => {
    const start = position(doc.contents?.range?.[0] ?? doc.range[0]);
    const errors = doc.errors.map(e => ({ message: cleanMessage(e.message), position: position(e.pos[0]) }));
    let value: unknown;
    if (errors.length === 0) {
      try {
        value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
      } catch (e) {
        errors.push({ message: errorMessage(e), position: start });
      }
    }
    return {
      value,
      errors,
      positionOf: (path: ReadonlyArray<string | number>) => {
        const offset = offsetOf(doc, path);
        return offset === undefined ? start : position(offset);
      },
    };
  });
}

/**
 * The offset of the deepest node of `path` present in the document: a map entry's key, or a
 * list item.
 */
function offsetOf(doc: Document.Parsed, path: ReadonlyArray<string | number>): number | undefined {
  let node: unknown = doc.contents;
  let offset: number | undefined = (node as Node | null)?.range?.[0];
  for (const segment of path) {
    node = resolve(doc, node);
    let next: unknown;
    let at: number | undefined;
    if (isMap(node)) {
      const pair = node.items.find(p => isPair(p) && keyText(p.key) === String(segment));
      if (pair) {
        next = pair.value;
        at = (pair.key as Node | null)?.range?.[0] ?? (pair.value as Node | null)?.range?.[0];
      }
    } else if (isSeq(node) && typeof segment === 'number') {
      next = node.items[segment];
      at = (isPair(next) ? (next.key as Node | null) : (next as Node | null))?.range?.[0];
    }
    if (at === undefined) break;
    offset = at;
    node = next;
  }
  return offset;
}

function resolve(doc: Document.Parsed, node: unknown): unknown {
  for (let i = 0; i < 100 && isAlias(node); i++) node = node.resolve(doc);
  return node;
}

function keyText(key: unknown): string | undefined {
  return isScalar(key) ? String(key.value) : undefined;
}

/** `Map keys must be unique at line 11, column 1:` without the position, which is printed apart. */
function cleanMessage(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '').replace(/:$/, '');
}

function errorMessage(e: unknown): string {
  return cleanMessage(e instanceof Error ? e.message : String(e));
}
