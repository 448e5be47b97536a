/**
 * YAML (and JSON, which is YAML) read with source positions: each document's plain value, and
 * the line and column of any field path in it, or of its nearest present parent.
 *
 * js-yaml reads every document: its value, or that it is not valid YAML, and, read again when
 * an issue is to be placed, where each node starts (its `listener` option, which js-yaml types
 * but keeps out of its documentation: the tests compare every position with `yaml`'s). `yaml`,
 * about ten times slower, is loaded only to word the syntax errors of a document js-yaml
 * refuses, in its messages, which name the construct and place it.
 *
 * Plain scalars resolve as in YAML 1.2's core schema (as `yaml` reads them): `yes`, `on`, `y`,
 * `1_000`, `0b101` and `2001-12-14` are strings, `017` is 17, `0o17` is 15 and `1e3` is 1000.
 * kubectl's reader (sigs.k8s.io/yaml, YAML 1.1) reads `yes`, `on` and `y` as true, `no`, `off`
 * and `n` as false, `017` as 15, `0b101` as 5 and `1_000` as 1000: the API server then refuses
 * a boolean where a string belongs, so a manifest that works reads the same with both.
 */
import * as jsyaml from 'js-yaml';
import type * as Yaml from 'yaml';

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
  // A directive (`%YAML 1.2`) applies to the documents after it: such a text is read whole.
  const starts = DIRECTIVE.test(text) ? [0, text.length] : documentStarts(text);
  const documents: SourceDocument[] = [];
  let line = 0;
  let lineAt = 0;
  for (let i = 0; i + 1 < starts.length; i++) {
    for (let nl = text.indexOf('\n', lineAt); nl !== -1 && nl < starts[i]; nl = text.indexOf('\n', lineAt)) {
      line++;
      lineAt = nl + 1;
    }
    documents.push(...readPart(text.slice(starts[i], starts[i + 1]), line));
  }
  const template = unrenderedTemplate(text, documents);
  return template ? [template] : documents;
}

/** A Go template action on one line: `{{ .Values.x }}`, `{{- include "app.labels" . | nindent 4 }}`, `{{- end }}`. */
const TEMPLATE_ACTION = /\{\{.*?\}\}/g;
/** The longest part of an action a message quotes. */
const MAX_QUOTED = 60;

/**
 * A template not yet rendered (a Helm chart's `templates/deployment.yaml`), as one error where
 * its first action breaks the YAML; undefined for YAML, rendered YAML included, whose strings
 * hold actions (`summary: "{{ $labels.pod }} is down"`, an Argo workflow's `"{{inputs.parameters.x}}"`).
 * Its documents are not read: what it holds is not yet what a cluster gets.
 */
function unrenderedTemplate(text: string, documents: readonly SourceDocument[]): SourceDocument | undefined {
  let lines: string[] | undefined;
  for (const document of documents) {
    for (const { position } of document.errors) {
      lines ??= text.split('\n');
      const line = lines[position.line - 1] ?? '';
      for (const action of line.matchAll(TEMPLATE_ACTION)) {
        if (position.column - 1 < action.index || position.column - 1 >= action.index + action[0].length) continue;
        const quoted = action[0].length > MAX_QUOTED ? `${action[0].slice(0, MAX_QUOTED - 5)} ...}}` : action[0];
        const at = { line: position.line, column: action.index + 1 };
        return {
          value: undefined,
          errors: [{
            message: `an unrendered template: ${quoted} is a template action, where YAML was expected; `
              + 'render it, then check the output: helm template RELEASE CHART | cdk8s-hpa validate -',
            position: at,
          }],
          positionOf: () => at,
        };
      }
    }
  }
  return undefined;
}

const DIRECTIVE = /^%/m;
/** A line that starts a document (`---`): it ends whatever the document before had open. */
const DOCUMENT_START = /^---(?=[ \t\r\n]|$)/gm;

/**
 * Where each part of `text` between `---` lines starts, then the end of `text`. Each part is
 * read apart, so a syntax error stays in its document and the documents after it are read.
 */
function documentStarts(text: string): number[] {
  const starts = [0];
  for (const m of text.matchAll(DOCUMENT_START)) if (m.index > 0) starts.push(m.index);
  starts.push(text.length);
  return starts;
}

/** A plain scalar that is a string under the core schema (not null, a boolean or a number). */
const NOT_CORE: unique symbol = Symbol('a string');

/** The forms of numbers in YAML 1.2's core schema, in `yaml`'s order, with their values. */
const NUMBER_FORMS: Array<[RegExp, (s: string) => number]> = [
  [/^0o[0-7]+$/, s => parseInt(s.substring(2), 8)],
  [/^[-+]?[0-9]+$/, s => parseInt(s, 10)],
  [/^0x[0-9a-fA-F]+$/, s => parseInt(s.substring(2), 16)],
  [/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    s => s.slice(-3).toLowerCase() === 'nan' ? NaN : s[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY],
  [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, s => parseFloat(s)],
  [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, s => parseFloat(s)],
];

/**
 * A plain scalar's value under the core schema (`~`, `null`, `Null`, `NULL` and the empty
 * scalar are null; `true`, `True`, `TRUE`, `false`, `False`, `FALSE` booleans; then the number
 * forms), or NOT_CORE for a string; decided by the first character for most scalars, which are words.
 */
function coreScalar(s: string): unknown {
  if (s.length === 0) return null;
  switch (s[0]) {
    case '~': return s.length === 1 ? null : NOT_CORE;
    case 'n': case 'N': return s === 'null' || s === 'Null' || s === 'NULL' ? null : NOT_CORE;
    case 't': case 'T': return s === 'true' || s === 'True' || s === 'TRUE' ? true : NOT_CORE;
    case 'f': case 'F': return s === 'false' || s === 'False' || s === 'FALSE' ? false : NOT_CORE;
    case '+': case '-': case '.': case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9': {
      const form = NUMBER_FORMS.find(([test]) => test.test(s));
      return form ? form[1](s) : NOT_CORE;
    }
    default: return NOT_CORE;
  }
}

/** A core-schema scalar type: its tag, and whether a scalar's core value is of that type. */
function coreType(tag: string, test: (value: unknown) => boolean): jsyaml.Type {
  return new jsyaml.Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (data: string | null) => test(coreScalar(data ?? '')),
    construct: (data: string | null) => coreScalar(data ?? ''),
  });
}

/**
 * js-yaml's schema for manifests: the core schema's scalars, untagged (one implicit type, as
 * js-yaml tries every implicit type on every plain scalar; construct() follows its resolve() on
 * the same scalar) and tagged (`!!int "3"`); and merge keys (`<<`).
 */
let resolved: unknown;
const SCHEMA = jsyaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    new jsyaml.Type('tag:yaml.org,2002:core-scalar', {
      kind: 'scalar',
      resolve: (data: string | null) => {
        resolved = data === null ? null : coreScalar(data);
        return resolved !== NOT_CORE;
      },
      construct: () => resolved,
    }),
    new jsyaml.Type('tag:yaml.org,2002:merge', { kind: 'scalar', resolve: (data: string | null) => data === '<<' }),
  ],
  explicit: [
    coreType('null', v => v === null),
    coreType('bool', v => typeof v === 'boolean'),
    coreType('int', v => Number.isInteger(v)),
    coreType('float', v => typeof v === 'number'),
  ],
});

/**
 * How deep collections may nest (js-yaml's default is 100): eight times as deep as the deepest
 * manifests of the Kubernetes source (the Gateway API's CRDs, 25), and well within how deep
 * `yaml` can read to word an error (it recurses, and runs out of stack at about 800).
 */
const MAX_DEPTH = 200;
// `maxDepth` came with js-yaml 4.3, after its type declarations.
const LOAD_OPTIONS: jsyaml.LoadOptions & { maxDepth: number } = { schema: SCHEMA, maxDepth: MAX_DEPTH };

/** The documents of one part of the source, which starts at line `lineOffset + 1`. */
function readPart(part: string, lineOffset: number): SourceDocument[] {
  let values: unknown[];
  try {
    values = jsyaml.loadAll(part, undefined, LOAD_OPTIONS);
  } catch (e) {
    return [refused(part, lineOffset, e)];
  }
  let nodes: PartNodes | undefined;
  return values.map((value, i) => {
    const at = (path: ReadonlyArray<string | number>) => linePosition(part, (nodes ??= readNodes(part)).offsetOf(i, path), lineOffset);
    const error = valueError(value, part, () => collectionKey(part, lineOffset, i));
    return error
      ? { value: undefined, errors: [{ message: error.message, position: error.position ?? at([]) }], positionOf: at }
      : { value, errors: [], positionOf: at };
  });
}

/** Aliases may add this many values to a document; more is refused (guards against "billion laughs"). */
const MAX_ALIASED_VALUES = 100_000;
const ALIAS_BOMB = 'Excessive alias count indicates a resource exhaustion attack';

/**
 * A mapping key that is itself a mapping or a list, as an unrendered template (`{{ .Values.x }}`)
 * is: YAML allows it, but a JSON object cannot hold it, and kubectl refuses the document
 * (sigs.k8s.io/yaml: "invalid map key"). js-yaml writes such a key as a string.
 */
const COLLECTION_KEY_ERROR = 'a mapping key is itself a mapping or a list (an unrendered template such as "{{ .Values.name }}"?): '
  + 'kubectl and the API server refuse it, a JSON object cannot hold it';

/**
 * Why a value js-yaml read is refused: aliases that expand it past what its text could hold
 * without them by MAX_ALIASED_VALUES, or a key js-yaml made of a collection (`[object Object]`,
 * or items joined by commas) that `yaml` confirms; undefined when it is fine.
 */
function valueError(
  value: unknown, text: string, placeCollectionKey: () => Position | undefined,
): { message: string; position?: Position } | undefined {
  // Without aliases a document has fewer values than characters: each takes one at least.
  let budget = text.length + MAX_ALIASED_VALUES;
  let suspectKey = false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      budget -= v.length;
      for (const item of v) stack.push(item);
    } else {
      for (const key of Object.keys(v)) {
        budget--;
        if (key === '[object Object]' || key.includes(',')) suspectKey = true;
        stack.push((v as Record<string, unknown>)[key]);
      }
    }
    if (budget < 0) return { message: ALIAS_BOMB };
  }
  const position = suspectKey ? placeCollectionKey() : undefined;
  return position ? { message: COLLECTION_KEY_ERROR, position } : undefined;
}

/**
 * A part js-yaml refuses: `yaml`'s errors for it (what is wrong and where), or js-yaml's own
 * when `yaml` finds none.
 */
function refused(part: string, lineOffset: number, e: unknown): SourceDocument {
  // js-yaml stops at MAX_DEPTH; `yaml` would recurse on, and say no more.
  const tooDeep = e instanceof jsyaml.YAMLException && e.reason.startsWith('nesting exceeded maxDepth');
  let errors = tooDeep ? [] : readWithYaml(part, lineOffset).errors;
  if (errors.length === 0) {
    const mark = e instanceof jsyaml.YAMLException ? e.mark : undefined;
    errors = [{
      message: e instanceof jsyaml.YAMLException ? e.reason : errorMessage(e),
      position: { line: lineOffset + (mark?.line ?? 0) + 1, column: (mark?.column ?? 0) + 1 },
    }];
  }
  return { value: undefined, errors, positionOf: () => errors[0].position };
}

/** A node js-yaml composed: where it starts, its value, and the nodes composed within it. */
interface Node {
  readonly start: number;
  result?: unknown;
  readonly children: Node[];
}

/** Where the nodes of a part's documents start. */
interface PartNodes {
  /** The offset in the part of the deepest node of `path` present in its `index`-th document. */
  offsetOf(index: number, path: ReadonlyArray<string | number>): number;
}

/** The nodes js-yaml composes for a part of the source, from its node events. */
function readNodes(part: string): PartNodes {
  const top: Node = { start: 0, children: [] };
  const stack: Node[] = [top];
  // The node that made each collection, for the aliases that use it again.
  const made = new Map<unknown, Node>();
  jsyaml.loadAll(part, undefined, {
    ...LOAD_OPTIONS,
    listener: (event, state) => {
      if (event === 'open') {
        const node: Node = { start: state.position, children: [] };
        stack[stack.length - 1].children.push(node);
        stack.push(node);
      } else {
        const node = stack.pop()!;
        node.result = state.result;
        if (isCollection(node.result) && !made.has(node.result)) made.set(node.result, node);
      }
    },
  });
  /** The node holding a collection's items: js-yaml composes some collections within a node of the same value, and an alias none. */
  const holder = (node: Node): Node => {
    while (node.children.length === 1 && node.children[0].result === node.result && isCollection(node.result)) node = node.children[0];
    return node.children.length === 0 && made.has(node.result) ? made.get(node.result)! : node;
  };
  /**
   * The key and value nodes of `segment` in a mapping node. Its nodes pair up as keys and values
   * unless a key has no value (`{a, b: 1}`): then, as the nodes that would be keys are not the
   * mapping's keys, none is taken for one. Keys merged in with `<<` are not placed, as `yaml`
   * places none.
   */
  const entry = (node: Node, segment: string): [Node, Node] | undefined => {
    // js-yaml may compose a last node of no entry (at a `...` that ends the document).
    const keys = node.children.filter((_, i) => i % 2 === 0 && i + 1 < node.children.length).map(key => keyText(key.result));
    const merges = keys.includes('<<');
    if (!merges && keys.length !== Object.keys(node.result as object).length) return undefined;
    if (keys.some(key => key === undefined || (!Object.hasOwn(node.result as object, key) && key !== '<<'))) return undefined;
    const i = keys.indexOf(segment);
    return i === -1 ? undefined : [node.children[2 * i], node.children[2 * i + 1]];
  };
  return {
    offsetOf: (index, path) => {
      let node = top.children[index];
      if (!node) return 0;
      let offset = contentStart(part, node.start);
      for (const segment of path) {
        node = holder(node);
        let found: [Node, Node] | undefined;
        if (Array.isArray(node.result)) {
          const item = typeof segment === 'number' && node.children.length === node.result.length ? node.children[segment] : undefined;
          if (item) found = [item, item];
        } else if (isCollection(node.result)) {
          found = entry(node, String(segment));
        }
        if (!found) break;
        offset = contentStart(part, found[0].start);
        node = found[1];
      }
      return offset;
    },
  };
}

/**
 * Where a node's content starts, as `yaml` places it: js-yaml's node starts before the space
 * after an explicit key's `?` or an item's `-`, and before an anchor (`&a`), a tag (`!!str`)
 * and the comments and line breaks after them.
 */
function contentStart(part: string, start: number): number {
  let at = start;
  for (;;) {
    while (part[at] === ' ' || part[at] === '\t' || part[at] === '\r' || part[at] === '\n') at++;
    if (part[at] === '#') {
      while (at < part.length && part[at] !== '\n') at++;
    } else if (part[at] === '&' || part[at] === '!') {
      while (at < part.length && !' \t\r\n'.includes(part[at])) at++;
    } else {
      return at;
    }
  }
}

/** A key as js-yaml writes it in the object; undefined for a collection (a refused key). */
function keyText(key: unknown): string | undefined {
  return isCollection(key) ? undefined : String(key);
}

function isCollection(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/** The 1-based line and column of `offset` in `text`, which starts at line `lineOffset + 1`. */
function linePosition(text: string, offset: number, lineOffset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line: line + lineOffset, column: offset - lineStart + 1 };
}

/* eslint-disable @typescript-eslint/no-require-imports */
let yamlModule: typeof Yaml | undefined;
/** `yaml`, loaded when a syntax error is to be worded or a collection key placed. */
const loadYaml = () => (yamlModule ??= require('yaml') as typeof Yaml);
/* eslint-enable @typescript-eslint/no-require-imports */

/** A part of the source as `yaml` reads it. */
interface YamlReading {
  readonly documents: Yaml.Document.Parsed[];
  readonly errors: SyntaxProblem[];
  /** The line and column in the source of an offset in the part. */
  position(offset: number): Position;
}

/** `part` as `yaml` reads it; the part starts at line `lineOffset + 1` of its source. */
function readWithYaml(part: string, lineOffset: number): YamlReading {
  const yaml = loadYaml();
  const lineCounter = new yaml.LineCounter();
  const position = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line + lineOffset, column: p.col };
  };
  let documents: Yaml.Document.Parsed[];
  try {
    const docs = yaml.parseAllDocuments(part, { lineCounter, merge: true, prettyErrors: false });
    documents = Array.isArray(docs) ? docs : [];
  } catch (e) {
    // Nesting deep enough to exhaust the stack, for one.
    return { documents: [], errors: [{ message: errorMessage(e), position: { line: lineOffset + 1, column: 1 } }], position };
  }
  const errors = documents.flatMap(doc => doc.errors.map(error => ({ message: cleanMessage(error.message), position: position(error.pos[0]) })));
  return { documents, errors, position };
}

/** Where the first mapping key that is a collection stands in the part's `index`-th document, as `yaml` reads it. */
function collectionKey(part: string, lineOffset: number, index: number): Position | undefined {
  const yaml = loadYaml();
  const { documents, position } = readWithYaml(part, lineOffset);
  if (!documents[index]) return undefined;
  let found: Yaml.Node | undefined;
  yaml.visit(documents[index], {
    Pair(_, pair) {
      if (!yaml.isCollection(pair.key)) return undefined;
      found = pair.key;
      return yaml.visit.BREAK;
    },
  });
  return found ? position(found.range?.[0] ?? 0) : undefined;
}

/** `Map keys must be unique at line 11, column 1:` without the position, which is printed apart. */
function cleanMessage(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '').replace(/:$/, '');
}

function errorMessage(e: unknown): string {
  return cleanMessage(e instanceof Error ? e.message : String(e));
}
