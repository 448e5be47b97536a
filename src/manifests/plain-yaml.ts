/**
 * The plainest YAML, read fast, and the scalars of `yaml`'s core schema.
 *
 * Most manifests (rendered Helm charts, kustomize builds, `kubectl get -o yaml`, cdk8s output) are
 * block mappings and lists of one-line scalars, with one-line flow collections and literal block
 * scalars (`|`, `|-`) here and there. `readPlainDocument` reads exactly that and nothing more: at
 * anything else (a folded block scalar, a plain or quoted scalar over several lines, a flow
 * collection over several lines, an escape in a double-quoted scalar, a key that is not a word,
 * a duplicate key, a tab, a carriage return, an empty document, ...) it gives up with NOT_PLAIN,
 * and the caller reads the document with a full parser.
 * What it returns is what `yaml` reads from the same document (the tests compare them).
 */

/** What `readPlainDocument` returns for a document it leaves to a full parser. */
export const NOT_PLAIN: unique symbol = Symbol('not plain YAML');

/** What a plain scalar resolves to when it is a string (not null, a boolean or a number). */
export const NOT_CORE: unique symbol = Symbol('a string');

/** The forms of numbers in `yaml`'s core schema, in its order, with their values. */
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
 * A plain scalar's value under `yaml`'s core schema (`/^(?:~|[Nn]ull|NULL)?$/` null,
 * `/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/` booleans, then the number forms), or NOT_CORE for a
 * string; decided by the first character for most scalars, which are words.
 */
export function coreScalar(s: string): unknown {
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

const NEWLINE = 10;
const SPACE = 32;
const HASH = 35;
const DASH = 45;
const COLON = 58;
const COMMA = 44;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const BACKSLASH = 92;
const PIPE = 124;
const PLUS = 43;

/** Characters a plain scalar may not start with (YAML's indicators; `-` is handled apart). */
const NOT_PLAIN_START = new Set('?:,[]{}#&*!|>\'"%@`'.split('').map(c => c.charCodeAt(0)));

/** Thrown inside the reader when the document is not plain; never escapes it. */
const GIVE_UP = new Error('not plain YAML');

/**
 * A character a plain reading leaves to a full parser: a control character other than a line
 * feed (a tab or a carriage return among them), a C1 control or a byte order mark.
 */
function isUnusual(c: number): boolean {
  return c < 0x7f ? c < 32 : c <= 0x9f || c === 0xfeff;
}

/** Flow collections nested deeper are left to a full parser (the reader recurses into them). */
const MAX_FLOW_DEPTH = 100;

/** Longer keys are left to a full parser: `yaml` refuses an implicit key of over 1024 characters. */
const MAX_KEY_LENGTH = 1000;

/** Keys read before, by hash (see `plainKey`). */
const KEY_CACHE_SIZE = 1021;
const KEY_HASH_MODULUS = 1048573;
const keyCache: Array<string | undefined> = new Array(KEY_CACHE_SIZE).fill(undefined);

/** A key of a block or flow mapping written as a plain scalar: letters, digits and `_`, `.`, `/`, `-`. */
function isKeyChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 47 || c === DASH;
}

/**
 * The value of one YAML document (the text between two `---` lines, the first of which it may
 * start with) when it is plain YAML; NOT_PLAIN otherwise.
 */
export function readPlainDocument(text: string, start = 0, end = text.length): unknown {
  return readWith(new PlainReader(text, start, end));
}

/** The document `reader` reads, or NOT_PLAIN when it gives up. */
function readWith(reader: PlainReader): unknown {
  try {
    return reader.document();
  } catch (e) {
    if (e === GIVE_UP) return NOT_PLAIN;
    throw e;
  }
}

/**
 * Where each field path stands in a document `readPlainDocument` reads: the offset in `text`
 * `yaml` gives the deepest node of the path present (a map entry's key, or a list item), or
 * undefined where the plain reading does not know it (an empty list item), so `yaml` decides.
 * Undefined for a document `readPlainDocument` leaves.
 */
export function plainOffsets(text: string, start = 0, end = text.length): ((path: ReadonlyArray<string | number>) => number | undefined) | undefined {
  const offsets: Offsets = new Map();
  const reader = new PlainReader(text, start, end, offsets);
  const root = readWith(reader);
  if (root === NOT_PLAIN) return undefined;
  return path => {
    let node = root;
    let offset: number | undefined = reader.rootOffset;
    for (const segment of path) {
      const within = node !== null && typeof node === 'object' ? offsets.get(node) : undefined;
      if (within === undefined) break;
      let at: number | undefined;
      if (Array.isArray(node)) {
        if (typeof segment !== 'number' || segment >= node.length) break;
        at = (within as number[])[segment];
        node = node[segment];
      } else {
        at = (within as Map<string, number>).get(String(segment));
        if (at === undefined) break;
        node = (node as { [key: string]: unknown })[String(segment)];
      }
      offset = at;
      if (Number.isNaN(offset)) return undefined;
    }
    return offset;
  };
}

/** Where the keys of each mapping and the items of each list start, when asked for. */
type Offsets = Map<object, Map<string, number> | number[]>;

/** A cursor over the content lines of the text: `at` is where the current one's content starts. */
class PlainReader {
  /** Start of the current node's content; -1 at the end of the text. */
  private at = 0;
  /** Column (0-based) of `at`. */
  private col = 0;
  private lineStart = 0;
  /** The offset after the quoted scalar or flow collection read last. */
  private after = 0;
  /** Hash of the key characters `scanKey` read last. */
  private keyHash = 0;
  /** How many flow collections the one being read is in. */
  private flowDepth = 0;
  /** Where the document's value starts. */
  rootOffset = 0;

  /** `end` is the end of the text or the start of a line; `offsets`, when given, is filled in. */
  constructor(private readonly s: string, private readonly start: number, private readonly end: number, private readonly offsets?: Offsets) {}

  document(): unknown {
    if (this.s.startsWith('---', this.start)) this.endLine(this.start + 3);
    else this.nextLine(this.start);
    if (this.at === -1) throw GIVE_UP;
    this.rootOffset = this.at;
    const value = this.blockNode();
    if (this.at !== -1) throw GIVE_UP;
    return value;
  }

  /** A block mapping or list starting at the cursor. */
  private blockNode(): unknown {
    return this.isListItem(this.at) ? this.list(this.col) : this.mapping(this.col);
  }

  private mapping(indent: number): { [key: string]: unknown } {
    const s = this.s;
    const result: { [key: string]: unknown } = {};
    const keyOffsets = this.offsets && new Map<string, number>();
    if (keyOffsets) this.offsets!.set(result, keyOffsets);
    for (;;) {
      if (this.isListItem(this.at)) throw GIVE_UP;
      const keyEnd = this.keyEnd(this.at);
      if (keyEnd === -1) throw GIVE_UP;
      const key = this.keyText(this.at, keyEnd);
      if (Object.prototype.hasOwnProperty.call(result, key) || key === '__proto__') throw GIVE_UP;
      keyOffsets?.set(key, this.at);
      const p = this.skipSpaces(keyEnd + 1);
      const c = s.charCodeAt(p);
      if (Number.isNaN(c) || c === NEWLINE || c === HASH) {
        this.endLine(p);
        if (this.at !== -1 && this.col > indent) result[key] = this.blockNode();
        else if (this.at !== -1 && this.col === indent && this.isListItem(this.at)) result[key] = this.list(indent);
        else result[key] = null;
      } else {
        result[key] = c === PIPE ? this.literal(p, indent) : this.inlineValue(p);
      }
      if (this.at === -1 || this.col < indent) return result;
      if (this.col > indent) throw GIVE_UP;
    }
  }

  private list(indent: number): unknown[] {
    const s = this.s;
    const result: unknown[] = [];
    const itemOffsets = this.offsets && [] as number[];
    if (itemOffsets) this.offsets!.set(result, itemOffsets);
    for (;;) {
      const p = this.skipSpaces(this.at + 1);
      const c = s.charCodeAt(p);
      if (Number.isNaN(c) || c === NEWLINE || c === HASH) {
        this.endLine(p);
        const nested = this.at !== -1 && this.col > indent;
        itemOffsets?.push(nested ? this.at : NaN);
        result.push(nested ? this.blockNode() : null);
      } else if (this.isListItem(p)) {
        throw GIVE_UP;
      } else {
        itemOffsets?.push(p);
        if (c === PIPE) {
          result.push(this.literal(p, indent));
        } else if (this.keyEnd(p) !== -1) {
          this.at = p;
          this.col = p - this.lineStart;
          result.push(this.mapping(this.col));
        } else {
          result.push(this.inlineValue(p));
        }
      }
      if (this.at === -1 || this.col < indent) return result;
      if (this.col > indent) throw GIVE_UP;
      if (!this.isListItem(this.at)) return result;
    }
  }

  /** A scalar or flow collection that ends its line; moves the cursor to the next line. */
  private inlineValue(p: number): unknown {
    const value = this.node(p, false);
    this.endLine(this.after);
    return value;
  }

  /** A scalar or flow collection at p, in a block or in a flow collection; `after` is set to the offset after it. */
  private node(p: number, inFlow: boolean): unknown {
    const c = this.s.charCodeAt(p);
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) return this.quoted(p);
    if (c === OPEN_BRACKET || c === OPEN_BRACE) return this.flow(p);
    this.checkPlainStart(p, inFlow);
    const end = inFlow ? this.flowPlainEnd(p) : this.blockPlainEnd(p);
    this.after = end;
    return plainValue(this.s.slice(p, end));
  }

  /** Where a plain scalar in a block ends: at the line's end or a comment, trailing spaces left out. */
  private blockPlainEnd(p: number): number {
    const s = this.s;
    let i = p;
    for (; i < s.length; i++) {
      const ch = s.charCodeAt(i);
      if (ch > COLON && ch < 0x7f) continue;
      if (ch === NEWLINE) break;
      if (isUnusual(ch)) throw GIVE_UP;
      if (ch === COLON) {
        const next = s.charCodeAt(i + 1);
        if (Number.isNaN(next) || next === SPACE || next === NEWLINE) throw GIVE_UP;
      } else if (ch === HASH && s.charCodeAt(i - 1) === SPACE) {
        break;
      }
    }
    while (s.charCodeAt(i - 1) === SPACE) i--;
    return i;
  }

  /** Where a plain scalar in a flow collection ends: at `,`, `]` or `}`, trailing spaces left out. */
  private flowPlainEnd(p: number): number {
    const s = this.s;
    let i = p;
    for (; i < s.length; i++) {
      const ch = s.charCodeAt(i);
      if ((ch > COLON && ch < OPEN_BRACKET) || (ch > CLOSE_BRACKET && ch < OPEN_BRACE)) continue;
      if (ch === COMMA || ch === CLOSE_BRACKET || ch === CLOSE_BRACE) break;
      if (ch === NEWLINE || isUnusual(ch) || ch === COLON || ch === OPEN_BRACKET || ch === OPEN_BRACE) throw GIVE_UP;
      if (ch === HASH && s.charCodeAt(i - 1) === SPACE) throw GIVE_UP;
    }
    while (s.charCodeAt(i - 1) === SPACE) i--;
    if (i === p) throw GIVE_UP;
    return i;
  }

  /**
   * A literal block scalar (`|` or `|-`) whose header is at p, in a mapping or list at column
   * `indent`: its lines, at the indentation of the first, up to the first line indented less.
   * Left to a full parser: `|+`, an indentation indicator, an empty scalar, a line of spaces
   * longer than the indentation, an unusual character, a last line without a line break.
   */
  private literal(p: number, indent: number): string {
    const s = this.s;
    let q = p + 1;
    const strip = s.charCodeAt(q) === DASH;
    if (strip) q++;
    const c = s.charCodeAt(q);
    if (c === PLUS || (c >= 48 && c <= 57)) throw GIVE_UP;
    q = this.skipSpaces(q);
    if (s.charCodeAt(q) === HASH && s.charCodeAt(q - 1) === SPACE) q = s.indexOf('\n', q);
    if (q === -1 || s.charCodeAt(q) !== NEWLINE) throw GIVE_UP;
    const lines: string[] = [];
    let contentIndent = -1;
    let lineStart = q + 1;
    while (lineStart < this.end) {
      let j = lineStart;
      while (s.charCodeAt(j) === SPACE) j++;
      const ch = s.charCodeAt(j);
      if (ch === NEWLINE || Number.isNaN(ch)) {
        // A line of spaces: an empty line of the scalar (leading ones decide nothing).
        if (Number.isNaN(ch) || (contentIndent !== -1 && j - lineStart > contentIndent)) throw GIVE_UP;
        if (contentIndent === -1 && j - lineStart > indent) throw GIVE_UP;
        lines.push('');
        lineStart = j + 1;
        continue;
      }
      const column = j - lineStart;
      if (contentIndent === -1) {
        if (column <= indent) break;
        contentIndent = column;
      } else if (column < contentIndent) {
        break;
      }
      let newline = j;
      for (let code = s.charCodeAt(newline); code !== NEWLINE; code = s.charCodeAt(++newline)) {
        if (Number.isNaN(code) || isUnusual(code)) throw GIVE_UP;
      }
      lines.push(s.slice(lineStart + contentIndent, newline));
      lineStart = newline + 1;
    }
    if (contentIndent === -1) throw GIVE_UP;
    let end = lines.length;
    while (lines[end - 1] === '') end--;
    this.nextLine(lineStart);
    const text = lines.length === end ? lines : lines.slice(0, end);
    return strip ? text.join('\n') : `${text.join('\n')}\n`;
  }

  /** A plain scalar may start at p (in a flow collection, `-` must not be followed by a flow indicator either). */
  private checkPlainStart(p: number, inFlow: boolean): void {
    const c = this.s.charCodeAt(p);
    if (NOT_PLAIN_START.has(c)) throw GIVE_UP;
    if (c === DASH) {
      const next = this.s.charCodeAt(p + 1);
      if (Number.isNaN(next) || next === SPACE || next === NEWLINE) throw GIVE_UP;
      if (inFlow && (next === COMMA || next === OPEN_BRACKET || next === CLOSE_BRACKET || next === OPEN_BRACE || next === CLOSE_BRACE)) throw GIVE_UP;
    }
  }

  /** A quoted scalar on one line, without escapes; `after` is set to the offset after it. */
  private quoted(p: number): string {
    const s = this.s;
    const quote = s.charCodeAt(p);
    if (quote === DOUBLE_QUOTE) {
      for (let i = p + 1; i < s.length; i++) {
        const ch = s.charCodeAt(i);
        if (ch === DOUBLE_QUOTE) {
          this.after = i + 1;
          return s.slice(p + 1, i);
        }
        if (ch === BACKSLASH || ch === NEWLINE || isUnusual(ch)) throw GIVE_UP;
      }
      throw GIVE_UP;
    }
    let value = '';
    let from = p + 1;
    for (let i = p + 1; i < s.length; i++) {
      const ch = s.charCodeAt(i);
      if (ch === NEWLINE || isUnusual(ch)) throw GIVE_UP;
      if (ch === SINGLE_QUOTE) {
        if (s.charCodeAt(i + 1) !== SINGLE_QUOTE) {
          this.after = i + 1;
          return value + s.slice(from, i);
        }
        value += s.slice(from, i + 1);
        i++;
        from = i + 1;
      }
    }
    throw GIVE_UP;
  }

  /** A flow list or mapping on one line; `after` is set to the offset after it. */
  private flow(p: number): unknown {
    if (++this.flowDepth > MAX_FLOW_DEPTH) throw GIVE_UP;
    const value = this.flowCollection(p);
    this.flowDepth--;
    return value;
  }

  private flowCollection(p: number): unknown {
    const s = this.s;
    const close = s.charCodeAt(p) === OPEN_BRACKET ? CLOSE_BRACKET : CLOSE_BRACE;
    const list: unknown[] = [];
    const map: { [key: string]: unknown } = {};
    const result = close === CLOSE_BRACKET ? list : map;
    const offsets = this.offsets && (close === CLOSE_BRACKET ? [] as number[] : new Map<string, number>());
    if (offsets) this.offsets!.set(result, offsets);
    let i = this.skipSpaces(p + 1);
    if (s.charCodeAt(i) === close) {
      this.after = i + 1;
      return result;
    }
    for (;;) {
      if (close === CLOSE_BRACE) {
        let keyEnd: number;
        let key: string;
        if (s.charCodeAt(i) === DOUBLE_QUOTE || s.charCodeAt(i) === SINGLE_QUOTE) {
          key = this.quoted(i);
          keyEnd = this.after;
        } else {
          keyEnd = this.scanKey(i);
          key = this.plainKey(i, keyEnd);
        }
        if (keyEnd - i > MAX_KEY_LENGTH || s.charCodeAt(keyEnd) !== COLON || s.charCodeAt(keyEnd + 1) !== SPACE) throw GIVE_UP;
        if (Object.prototype.hasOwnProperty.call(map, key) || key === '__proto__') throw GIVE_UP;
        (offsets as Map<string, number> | undefined)?.set(key, i);
        map[key] = this.flowValue(this.skipSpaces(keyEnd + 1));
        i = this.after;
      } else {
        (offsets as number[] | undefined)?.push(i);
        list.push(this.flowValue(i));
        i = this.after;
      }
      i = this.skipSpaces(i);
      const c = s.charCodeAt(i);
      if (c === close) {
        this.after = i + 1;
        return result;
      }
      if (c !== COMMA) throw GIVE_UP;
      i = this.skipSpaces(i + 1);
      if (s.charCodeAt(i) === close) throw GIVE_UP;
    }
  }

  /** A value inside a flow collection; `after` is set to the offset after it. */
  private flowValue(p: number): unknown {
    const value = this.node(p, true);
    const next = this.s.charCodeAt(this.skipSpaces(this.after));
    if (next !== COMMA && next !== CLOSE_BRACKET && next !== CLOSE_BRACE) throw GIVE_UP;
    return value;
  }

  /** Where the `:` of a block mapping key starting at p stands; -1 when p does not start one. */
  private keyEnd(p: number): number {
    const s = this.s;
    let i = p;
    const c = s.charCodeAt(p);
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      for (i = p + 1; s.charCodeAt(i) !== c; i++) if (s.charCodeAt(i) === NEWLINE || i >= s.length) return -1;
      i++;
    } else {
      i = this.scanKey(p);
      if (i === p) return -1;
    }
    if (i - p > MAX_KEY_LENGTH || s.charCodeAt(i) !== COLON) return -1;
    const next = s.charCodeAt(i + 1);
    return Number.isNaN(next) || next === SPACE || next === NEWLINE ? i : -1;
  }

  /** The key between p and its `:`. */
  private keyText(p: number, end: number): string {
    const c = this.s.charCodeAt(p);
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      const key = this.quoted(p);
      if (this.after !== end) throw GIVE_UP;
      return key;
    }
    return this.plainKey(p, end);
  }

  /** The end of the key characters from p; their hash is left in `keyHash` for `plainKey`. */
  private scanKey(p: number): number {
    const s = this.s;
    let hash = 0;
    let i = p;
    for (let c = s.charCodeAt(i); isKeyChar(c); c = s.charCodeAt(++i)) hash = (hash * 31 + c) % KEY_HASH_MODULUS;
    this.keyHash = hash;
    return i;
  }

  /**
   * A plain key just scanned: a word that is a string in the core schema (`true`, `1` or `null`
   * are left to the full parser). Keys repeat from object to object, so the string of one read
   * before is reused: cheaper than a new string, which a property lookup has to hash.
   */
  private plainKey(p: number, end: number): string {
    if (end === p) throw GIVE_UP;
    const slot = (this.keyHash + end - p) % KEY_CACHE_SIZE;
    const known = keyCache[slot];
    if (known !== undefined && known.length === end - p && this.s.startsWith(known, p)) return known;
    const c = this.s.charCodeAt(p);
    if (c === DASH || c === 46 /* . */ || c === 47 /* / */) throw GIVE_UP;
    const key = this.s.slice(p, end);
    if (coreScalar(key) !== NOT_CORE) throw GIVE_UP;
    keyCache[slot] = key;
    return key;
  }

  private isListItem(p: number): boolean {
    const s = this.s;
    if (s.charCodeAt(p) !== DASH) return false;
    const next = s.charCodeAt(p + 1);
    return Number.isNaN(next) || next === SPACE || next === NEWLINE;
  }

  private skipSpaces(p: number): number {
    while (this.s.charCodeAt(p) === SPACE) p++;
    return p;
  }

  /**
   * The rest of the line from p holds only spaces and a comment (after a space); then the cursor
   * moves to the next line with content.
   */
  private endLine(p: number): void {
    const s = this.s;
    const q = this.skipSpaces(p);
    const c = s.charCodeAt(q);
    if (c === HASH ? s.charCodeAt(q - 1) !== SPACE : !Number.isNaN(c) && c !== NEWLINE) throw GIVE_UP;
    const newline = s.indexOf('\n', q);
    this.nextLine(newline === -1 ? s.length : newline + 1);
  }

  /** Moves the cursor to the first line with content (not blank, not a comment) from `lineStart` on. */
  private nextLine(lineStart: number): void {
    const s = this.s;
    while (lineStart < this.end) {
      let j = lineStart;
      while (s.charCodeAt(j) === SPACE) j++;
      const c = s.charCodeAt(j);
      if (Number.isNaN(c)) break;
      if (c !== HASH && c !== NEWLINE) {
        this.lineStart = lineStart;
        this.at = j;
        this.col = j - lineStart;
        return;
      }
      const end = s.indexOf('\n', j);
      if (end === -1) break;
      lineStart = end + 1;
    }
    this.at = -1;
  }
}

/** A plain scalar's value: null, a boolean, a number or the string itself. */
function plainValue(text: string): unknown {
  const value = coreScalar(text);
  return value === NOT_CORE ? text : value;
}
