/**
 * YAML (and JSON, which is YAML) read with source positions: each document's plain value, and
 * the line and column of any field path in it, or of its nearest present parent.
 *
 * One path, two libraries with one job each. js-yaml reads every document: its value, or that
 * it is not valid YAML. `yaml` is loaded only when a document needs it: to place a field path
 * (an issue is reported there) with its line counter, and to say what is wrong with a document
 * js-yaml refuses, in its own messages (they name the construct, and place it). `yaml` alone
 * reads about ten times slower than js-yaml, seconds on a file of 10,000 objects.
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
 * `yaml` can place a field path (it recurses, and runs out of stack at about 800).
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
  let exact: ExactPart | undefined;
  const inYaml = () => (exact ??= readExact(part, lineOffset));
  return values.map((value, i) => {
    const at = (path: ReadonlyArray<string | number>) => inYaml().positionOf(i, path);
    const error = valueError(value, part, () => inYaml().collectionKey(i));
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
function valueError(value: unknown, text: string, collectionKey: () => Position | undefined): { message: string; position?: Position } | undefined {
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
  const position = suspectKey ? collectionKey() : undefined;
  return position ? { message: COLLECTION_KEY_ERROR, position } : undefined;
}

/**
 * A part js-yaml refuses: `yaml`'s errors for it (what is wrong and where), or js-yaml's own
 * when `yaml` finds none.
 */
function refused(part: string, lineOffset: number, e: unknown): SourceDocument {
  // js-yaml stops at MAX_DEPTH; `yaml` would recurse on, and say no more.
  const tooDeep = e instanceof jsyaml.YAMLException && e.reason.startsWith('nesting exceeded maxDepth');
  let errors = tooDeep ? [] : readExact(part, lineOffset).errors;
  if (errors.length === 0) {
    const mark = e instanceof jsyaml.YAMLException ? e.mark : undefined;
    errors = [{
      message: e instanceof jsyaml.YAMLException ? e.reason : errorMessage(e),
      position: { line: lineOffset + (mark?.line ?? 0) + 1, column: (mark?.column ?? 0) + 1 },
    }];
  }
  return { value: undefined, errors, positionOf: () => errors[0].position };
}

/** A part of the source as `yaml` reads it: positions, collection keys and syntax errors. */
interface ExactPart {
  readonly errors: SyntaxProblem[];
  /** Where a field path of the part's `index`-th document stands, or its nearest present parent. */
  positionOf(index: number, path: ReadonlyArray<string | number>): Position;
  /** Where the first mapping key of the document that is a collection stands, if any. */
  collectionKey(index: number): Position | undefined;
}

/* eslint-disable @typescript-eslint/no-require-imports */
let yamlModule: typeof Yaml | undefined;
/** `yaml`, loaded when a position or an error message is first needed. */
const loadYaml = () => (yamlModule ??= require('yaml') as typeof Yaml);
/* eslint-enable @typescript-eslint/no-require-imports */

/** `part` as `yaml` reads it; the part starts at line `lineOffset + 1` of its source. */
function readExact(part: string, lineOffset: number): ExactPart {
  const yaml = loadYaml();
  const lineCounter = new yaml.LineCounter();
  const position = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line + lineOffset, column: p.col };
  };
  const partStart = { line: lineOffset + 1, column: 1 };
  let documents: Yaml.Document.Parsed[];
  try {
    const docs = yaml.parseAllDocuments(part, { lineCounter, merge: true, prettyErrors: false });
    documents = Array.isArray(docs) ? docs : [];
  } catch (e) {
    // Nesting deep enough to exhaust the stack, for one.
    return { errors: [{ message: errorMessage(e), position: partStart }], positionOf: () => partStart, collectionKey: () => undefined };
  }
  return {
    errors: documents.flatMap(doc => doc.errors.map(e => ({ message: cleanMessage(e.message), position: position(e.pos[0]) }))),
    positionOf: (index, path) => {
      const doc = documents[index];
      if (!doc) return partStart;
      const offset = offsetOf(yaml, doc, path) ?? doc.contents?.range?.[0] ?? doc.range[0];
      return position(offset);
    },
    collectionKey: index => {
      const doc = documents[index];
      const key = doc ? collectionKeyIn(yaml, doc) : undefined;
      return key ? position(key.range?.[0] ?? 0) : undefined;
    },
  };
}

function collectionKeyIn(yaml: typeof Yaml, doc: Yaml.Document.Parsed): Yaml.Node | undefined {
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
    node = resolveAlias(yaml, doc, node);
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

function resolveAlias(yaml: typeof Yaml, doc: Yaml.Document.Parsed, node: unknown): unknown {
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
