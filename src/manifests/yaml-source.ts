/**
 * YAML (and JSON, which is YAML) read with source positions: each document's plain value, and
 * the line and column of any field path in it, or of its nearest present parent.
 *
 * Three readers, one result. `yaml` is the reference: its values, its syntax errors and its
 * positions are what this module returns. It is slow on large inputs, so each document (the
 * text between two `---` lines) is first offered to the plain reader (./plain-yaml.ts), which
 * reads the block mappings and lists of one-line scalars (and literal block scalars) most
 * manifests are, and leaves anything else. A document it leaves that uses only the common part
 * of YAML (no anchors, aliases, tags, merge keys, explicit or null keys, directives, tab
 * indentation) is read with js-yaml, under a schema that resolves plain scalars exactly as
 * `yaml`'s core schema does. Positions are read only when asked for, by the reader that read
 * the document (js-yaml from its nodes), else by `yaml`. Anything js-yaml refuses is parsed by
 * `yaml`, and an input with a syntax error anywhere is parsed whole by `yaml`, so errors are
 * `yaml`'s own.
 */
import type * as JsYaml from 'js-yaml';
import type * as Yaml from 'yaml';
import { coreScalar, NOT_CORE, NOT_PLAIN, plainOffsets, readPlainDocument } from './plain-yaml';

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
  return (DIRECTIVE.test(text) ? undefined : parseByDocument(text)) ?? parseExact(text, 0);
}

/** Every document in `text` as `yaml` alone reads it: the reference `parseSource` keeps to. */
export function parseSourceWithYaml(text: string): SourceDocument[] {
  return parseExact(text, 0);
}

/* eslint-disable @typescript-eslint/no-require-imports */
let yamlModule: typeof Yaml | undefined;
/** `yaml`, loaded when a position or an exact parse is first needed. */
const loadYaml = () => (yamlModule ??= require('yaml') as typeof Yaml);

let coreSchema: JsYaml.Schema | undefined;
/** js-yaml and a schema with `yaml`'s core-schema scalars (YAML 1.2 core; no timestamps, no `1_000`). */
function loadJsYaml(): { jsyaml: typeof JsYaml; schema: JsYaml.Schema } {
  const jsyaml = require('js-yaml') as typeof JsYaml;
  // One implicit type for null, booleans, integers and floats (js-yaml tries every implicit type
  // on every plain scalar, keys included); construct() follows its resolve() on the same scalar.
  let resolved: unknown;
  coreSchema ??= jsyaml.FAILSAFE_SCHEMA.extend({
    implicit: [new jsyaml.Type('tag:yaml.org,2002:core-scalar', {
      kind: 'scalar',
      resolve: (data: string | null) => {
        resolved = data === null ? null : coreScalar(data);
        return resolved !== NOT_CORE;
      },
      construct: () => resolved,
    })],
  });
  return { jsyaml, schema: coreSchema };
}

/* eslint-enable @typescript-eslint/no-require-imports */

/** A directive line (`%YAML 1.1`): it changes how the documents after it are read. */
const DIRECTIVE = /^%/m;
/** A line that starts a document (`---`); such a line ends whatever a document had open. */
const DOCUMENT_START = /^---(?=[ \t\r\n]|$)/gm;
/**
 * What js-yaml may read otherwise than `yaml` (the document is then parsed by `yaml`): an
 * anchor, alias or tag; a merge key; an explicit (`? `), empty, null or collection key (`{{`,
 * as in an unrendered template, is one); a
 * `__proto__` key; a document end (`...`); a byte order mark; a carriage return that does not
 * end a line.
 */
const NEEDS_REFERENCE = /(?:^|[\s[{,])(?:[&*]\S|!|\?(?:\s|$)|(?:~|null|Null|NULL)?[ ]*:(?:\s|$))|<<|[\]}][ ]*:(?:\s|$)|\{[ ]*[[{]|__proto__|^\.\.\.(?:\s|$)|\uFEFF|\r(?!\n)/m;
/**
 * In a document that is not a flow collection (JSON) itself, what else needs `yaml`: a tab, or
 * a flow collection left open at the end of a line (`yaml` checks the indentation of the lines
 * that continue it, js-yaml does not).
 */
const NEEDS_REFERENCE_IN_BLOCK = /\t|[[{][^\]}\n]*$/m;
const FLOW_DOCUMENT = /^\s*(?:---\s+)?[[{]/;
/** Lines longer than this may hold an implicit key longer than `yaml` allows (1024 characters). */
const MAX_FAST_LINE = 1024;

/**
 * The documents of `text`, split at its `---` lines: each read with js-yaml when it allows it,
 * else with `yaml`; undefined when any part has a syntax error (then `yaml` reads the whole).
 */
function parseByDocument(text: string): SourceDocument[] | undefined {
  const documents: SourceDocument[] = [];
  let line = 0;
  let lineAt = 0;
  const starts = documentStarts(text);
  for (let i = 0; i + 1 < starts.length; i++) {
    for (let nl = text.indexOf('\n', lineAt); nl !== -1 && nl < starts[i]; nl = text.indexOf('\n', lineAt)) {
      line++;
      lineAt = nl + 1;
    }
    const fast = readFast(text, starts[i], starts[i + 1], line);
    if (fast) {
      documents.push(...fast);
      continue;
    }
    const exact = parseExact(text.slice(starts[i], starts[i + 1]), line);
    if (exact.some(d => d.errors.length > 0)) return undefined;
    documents.push(...exact);
  }
  return documents;
}

/**
 * Where each part of `text` between `---` lines starts, then the end of `text`: the parts this
 * module reads one by one (the first from the start of `text`, each later one at its `---`).
 */
export function documentStarts(text: string): number[] {
  const starts = [0];
  for (const m of text.matchAll(DOCUMENT_START)) if (m.index! > 0) starts.push(m.index!);
  starts.push(text.length);
  return starts;
}

/**
 * One part of the source (from `start` to `end`) read by the plain reader or js-yaml; undefined
 * when `yaml` has to read it.
 */
function readFast(text: string, start: number, end: number, lineOffset: number): SourceDocument[] | undefined {
  const chunk = text.slice(start, end);
  const plain = readPlainDocument(text, start, end);
  if (plain !== NOT_PLAIN) {
    let offsets: ReturnType<typeof plainOffsets>;
    return [withPositions(plain, chunk, lineOffset, path => {
      offsets ??= plainOffsets(text, start, end);
      const offset = offsets?.(path);
      return offset === undefined ? undefined : offset - start;
    })];
  }
  if (!jsYamlReadsAsYaml(chunk)) return undefined;
  const { jsyaml, schema } = loadJsYaml();
  let values: unknown[];
  try {
    values = jsyaml.loadAll(chunk, undefined, { schema });
  } catch {
    return undefined;
  }
  if (values.length > 1) return undefined;
  return values.map(value => {
    let tree: NodeTree | undefined | null;
    return withPositions(value, chunk, lineOffset, path => {
      tree ??= readTree(chunk) ?? null;
      const offset = tree ? offsetInTree(tree, path) : NOT_FOUND;
      return offset === NOT_FOUND ? undefined : offset;
    });
  });
}

/**
 * A document read without errors, its positions from `offsetIn` (an offset in `chunk`), or from
 * `yaml` where that does not know one.
 */
function withPositions(
  value: unknown, chunk: string, lineOffset: number, offsetIn: (path: ReadonlyArray<string | number>) => number | undefined,
): SourceDocument {
  let exact: SourceDocument | undefined;
  return {
    value,
    errors: [],
    positionOf: path => {
      const offset = offsetIn(path);
      if (offset !== undefined) return linePosition(chunk, offset, lineOffset);
      exact ??= parseExact(chunk, lineOffset)[0];
      return exact ? exact.positionOf(path) : { line: lineOffset + 1, column: 1 };
    },
  };
}

/** Whether js-yaml reads the part of the source as `yaml` does (values and positions). */
function jsYamlReadsAsYaml(chunk: string): boolean {
  return !(NEEDS_REFERENCE.test(chunk) || (NEEDS_REFERENCE_IN_BLOCK.test(chunk) && !FLOW_DOCUMENT.test(chunk)) || hasLongLine(chunk));
}

function hasLongLine(text: string): boolean {
  if (text.length <= MAX_FAST_LINE) return false;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); ; i = text.indexOf('\n', i + 1)) {
    const end = i === -1 ? text.length : i;
    if (end - lineStart > MAX_FAST_LINE) return true;
    if (i === -1) return false;
    lineStart = i + 1;
  }
}

/** A node js-yaml composed: where it starts, its value, and the nodes composed within it. */
interface NodeTree {
  readonly start: number;
  result?: unknown;
  readonly children: NodeTree[];
}

/** The tree of nodes js-yaml composes for a part of the source with one document, from its listener. */
function readTree(chunk: string): NodeTree | undefined {
  const { jsyaml, schema } = loadJsYaml();
  const top: NodeTree = { start: 0, children: [] };
  const stack: NodeTree[] = [top];
  try {
    jsyaml.loadAll(chunk, undefined, {
      schema,
      listener: (event, state) => {
        if (event === 'open') {
          const node: NodeTree = { start: state.position, children: [] };
          stack[stack.length - 1].children.push(node);
          stack.push(node);
        } else {
          stack.pop()!.result = state.result;
        }
      },
    });
  } catch {
    return undefined;
  }
  return top.children.length === 1 ? top.children[0] : undefined;
}

const NOT_FOUND = -1;

/**
 * The offset `yaml` gives the deepest node of `path` present (a map entry's key, or a list
 * item), read from js-yaml's tree; NOT_FOUND when the tree does not pair up with the value
 * (nodes js-yaml composes and drops, or values it fills in without a node), so `yaml` decides.
 */
function offsetInTree(root: NodeTree, path: ReadonlyArray<string | number>): number {
  let node = unwrap(root);
  if (node.result === null || typeof node.result !== 'object') return NOT_FOUND;
  let offset = node.start;
  for (const segment of path) {
    node = unwrap(node);
    const value = node.result;
    let next: NodeTree | undefined;
    let at: number | undefined;
    if (Array.isArray(value)) {
      if (node.children.length !== value.length) return NOT_FOUND;
      if (typeof segment === 'number' && segment < value.length) {
        next = node.children[segment];
        at = next.start;
      }
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      if (node.children.length !== 2 * keys.length) return NOT_FOUND;
      for (let i = 0; i < node.children.length; i += 2) {
        const key = String(node.children[i].result);
        if (!(key in value)) return NOT_FOUND;
        if (key === String(segment)) {
          at = node.children[i].start;
          next = node.children[i + 1];
        }
      }
    }
    if (next === undefined || at === undefined) break;
    offset = at;
    node = next;
  }
  return offset;
}

/** The node that holds a collection: js-yaml composes some collections within a node of the same value. */
function unwrap(node: NodeTree): NodeTree {
  while (node.children.length === 1 && node.children[0].result === node.result && node.result !== null && typeof node.result === 'object') {
    node = node.children[0];
  }
  return node;
}

/** The 1-based line and column of `offset` in `text`, which starts at line `lineOffset + 1` (as `yaml`'s LineCounter counts). */
function linePosition(text: string, offset: number, lineOffset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line: line + lineOffset, column: offset - lineStart + 1 };
}

/** Every document of `text` as `yaml` reads it; `text` starts at line `lineOffset + 1` of its source. */
function parseExact(text: string, lineOffset: number): SourceDocument[] {
  const yaml = loadYaml();
  const lineCounter = new yaml.LineCounter();
  const position = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line + lineOffset, column: p.col };
  };
  let docs: Yaml.Document.Parsed[];
  try {
    const parsed = yaml.parseAllDocuments(text, { lineCounter, merge: true, prettyErrors: false });
    docs = Array.isArray(parsed) ? parsed : [];
  } catch (e) {
    const first = { line: lineOffset + 1, column: 1 };
    return [{ value: undefined, errors: [{ message: errorMessage(e), position: first }], positionOf: () => first }];
  }
  return docs.map(doc => {
    const start = position(doc.contents?.range?.[0] ?? doc.range[0]);
    const errors = doc.errors.map(e => ({ message: cleanMessage(e.message), position: position(e.pos[0]) }));
    if (errors.length === 0) {
      const key = collectionKey(yaml, doc);
      if (key) errors.push({ message: COLLECTION_KEY_ERROR, position: position(key.range?.[0] ?? 0) });
    }
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
        const offset = offsetOf(yaml, doc, path);
        return offset === undefined ? start : position(offset);
      },
    };
  });
}

/**
 * A mapping key that is itself a mapping or a list, as an unrendered template (`{{ .Values.x }}`)
 * is: YAML allows it, but a JSON object cannot hold it, and kubectl refuses the document
 * (sigs.k8s.io/yaml, converting to JSON).
 */
const COLLECTION_KEY_ERROR = 'a mapping key is itself a mapping or a list (an unrendered template such as "{{ .Values.name }}"?): '
  + 'kubectl and the API server refuse it, a JSON object cannot hold it';

function collectionKey(yaml: typeof Yaml, doc: Yaml.Document.Parsed): Yaml.Node | undefined {
  let found: Yaml.Node | undefined;
  yaml.visit(doc, {
    Pair(_, pair) {
      if (yaml.isCollection(pair.key)) {
        found = pair.key;
        return yaml.visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * The offset of the deepest node of `path` present in the document: a map entry's key, or a
 * list item.
 */
function offsetOf(yaml: typeof Yaml, doc: Yaml.Document.Parsed, path: ReadonlyArray<string | number>): number | undefined {
  let node: unknown = doc.contents;
  let offset: number | undefined = (node as Yaml.Node | null)?.range?.[0];
  for (const segment of path) {
    node = resolve(yaml, doc, node);
    let next: unknown;
    let at: number | undefined;
    if (yaml.isMap(node)) {
      const pair = node.items.find(p => yaml.isPair(p) && keyText(yaml, p.key) === String(segment));
      if (pair) {
        next = pair.value;
        at = (pair.key as Yaml.Node | null)?.range?.[0] ?? (pair.value as Yaml.Node | null)?.range?.[0];
      }
    } else if (yaml.isSeq(node) && typeof segment === 'number') {
      next = node.items[segment];
      at = (yaml.isPair(next) ? (next.key as Yaml.Node | null) : (next as Yaml.Node | null))?.range?.[0];
    }
    if (at === undefined) break;
    offset = at;
    node = next;
  }
  return offset;
}

function resolve(yaml: typeof Yaml, doc: Yaml.Document.Parsed, node: unknown): unknown {
  for (let i = 0; i < 100 && yaml.isAlias(node); i++) node = node.resolve(doc);
  return node;
}

function keyText(yaml: typeof Yaml, key: unknown): string | undefined {
  return yaml.isScalar(key) ? String(key.value) : undefined;
}

/** `Map keys must be unique at line 11, column 1:` without the position, which is printed apart. */
function cleanMessage(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '').replace(/:$/, '');
}

function errorMessage(e: unknown): string {
  return cleanMessage(e instanceof Error ? e.message : String(e));
}
