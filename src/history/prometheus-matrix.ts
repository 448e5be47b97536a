/**
 * A streaming reader of Prometheus range-query results: the JSON of `/api/v1/query_range`
 * (`{"status":"success","data":{"resultType":"matrix","result":[...]}}`, as curl saves it) or
 * the bare matrix `promtool query range -o json` prints (`[{"metric":{...},"values":[...]}]`).
 *
 * Text goes in by chunks, as a file or an HTTP response delivers it; each sample goes straight
 * into its series' typed arrays. The document is never held whole, as text or as objects: a
 * month of 15 s samples is millions of `[t, "v"]` pairs, which `JSON.parse` would turn into as
 * many arrays and strings. Loaded on first use.
 */
import * as fs from 'fs';
import { StringDecoder } from 'string_decoder';

/** Characters (or bytes of a file) handed to the reader at a time. */
const CHUNK_CHARS = 1024 * 1024;

/** A series of a matrix: its labels and its float samples, in the order of the response. */
export interface MatrixSeries {
  readonly labels: { readonly [name: string]: string };
  /** Unix seconds (Prometheus writes milliseconds as three decimals). */
  times: Float64Array;
  /** The sample values; `NaN` and infinities as Prometheus writes them (`"NaN"`, `"+Inf"`). */
  values: Float64Array;
  /** How many of `times` and `values` hold samples. */
  length: number;
  /** Native histogram samples (`histograms`), which a replay cannot read. */
  histograms: number;
}

/** One response. */
export interface MatrixDocument {
  readonly series: MatrixSeries[];
  /** The response's `warnings` and `infos`. */
  readonly warnings: string[];
}

/** A response that is not a matrix, or not JSON; the message names the source. */
export class MatrixError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MatrixError';
  }
}

/** What a container means in a range-query response, which decides how its content is read. */
type Role =
  | 'envelope' // {"status", "data", "error", ...}
  | 'data' // {"resultType", "result", "stats"}
  | 'result' // [series, ...]
  | 'series' // {"metric", "values", "histograms"}
  | 'pairs' // [[t, "v"], ...]: read by `pair()`, never as frames
  | 'histograms' // [[t, {...}], ...]: counted
  | 'value' // anything kept: labels, status, error, warnings
  | 'skip'; // anything else (stats): read and dropped

interface Frame {
  readonly role: Role;
  readonly array: boolean;
  /** The object or array being built (role `value`), or the series (role `series`). */
  readonly target: any;
  /** The key whose value comes next (objects). */
  key: string | undefined;
  /** Whether a value (or, in an object, a key) may come next rather than a comma or the end. */
  expectValue: boolean;
  /** Whether the container is still empty (for `]` or `}` right after its start). */
  empty: boolean;
}

const WS_SPACE = 0x20;
const WS_TAB = 0x09;
const WS_LF = 0x0a;
const WS_CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Whether the number characters of JSON (`-+.eE` and digits) include `c`. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
}

function isSpace(c: number): boolean {
  return c === WS_SPACE || c === WS_LF || c === WS_CR || c === WS_TAB;
}

/** Powers of ten a plain decimal of up to 15 digits divides by, exactly. */
const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * The number written from `start` to `end` of `text`, as `Number()` reads it. A plain decimal
 * of at most 15 digits (every time and most values Prometheus writes) is read in place: its
 * digits and its power of ten are exact doubles, so the one division rounds as `Number()` does.
 * Anything else (an exponent, more digits) goes to `Number()`. NaN when it is not a number.
 */
export function decimal(text: string, start: number, end: number): number {
  let i = start;
  const first = text.charCodeAt(i);
  const negative = first === 0x2d;
  if (negative || first === 0x2b) i++;
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  let dot = false;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      mantissa = mantissa * 10 + (c - 0x30);
      digits++;
      if (dot) scale++;
    } else if (c === 0x2e && !dot) {
      dot = true;
    } else {
      return Number(text.slice(start, end));
    }
  }
  if (digits === 0 || digits > 15) return digits === 0 ? NaN : Number(text.slice(start, end));
  const value = scale === 0 ? mantissa : mantissa / POW10[scale];
  return negative ? -value : value;
}

/** A sample value from `start` to `end` (inside its quotes), as Go's `strconv.FormatFloat` writes it: `NaN`, `+Inf`, `-Inf` too. */
function sampleValue(text: string, start: number, end: number): number {
  const c = text.charCodeAt(start);
  if (c === 0x4e /* N */ && end - start === 3 && text.startsWith('NaN', start)) return NaN;
  if (text.charCodeAt(end - 1) === 0x66 /* f */) {
    const word = text.slice(start, end);
    if (word === '+Inf' || word === 'Inf') return Infinity;
    if (word === '-Inf') return -Infinity;
  }
  return decimal(text, start, end);
}

/** Reads one response, chunk by chunk: `write()` each chunk, then `end()`. */
export class MatrixReader {
  private text = '';
  private pos = 0;
  /** Characters consumed before `text`, for positions in errors. */
  private consumed = 0;
  private readonly stack: Frame[] = [];
  private rootSeen = false;
  private rootDone = false;
  private readonly series: MatrixSeries[] = [];
  private readonly envelope: { [key: string]: any } = {};
  private readonly data: { [key: string]: any } = {};
  private bare = false;

  /** `source` names the input in errors (a file, a URL). */
  constructor(private readonly source: string) {}

  /** Reads a chunk of the response. */
  public write(chunk: string): void {
    this.text = this.pos < this.text.length ? this.text.slice(this.pos) + chunk : chunk;
    this.consumed += this.pos;
    this.pos = 0;
    this.run(false);
  }

  /** The response, once all of it was written. */
  public end(): MatrixDocument {
    this.run(true);
    if (!this.rootSeen) throw this.error('is empty, not a Prometheus range-query response');
    if (!this.rootDone) throw this.error('ends before its JSON is complete (a download cut short?)');
    if (this.bare) return { series: this.series, warnings: [] };
    const env = this.envelope;
    if (env.status === 'error') {
      throw new MatrixError(`${this.source}: Prometheus answered with an error${env.errorType ? ` (${env.errorType})` : ''}: ${env.error ?? 'no message'}`);
    }
    if (env.status !== 'success' || env.data === undefined) {
      throw new MatrixError(`${this.source}: not a Prometheus API response (no "status": "success" with "data"); `
        + 'give the JSON /api/v1/query_range returns, or what promtool query range -o json prints');
    }
    if (this.data.resultType !== 'matrix') {
      const hint = this.data.resultType === 'vector' ? ': an instant query (/api/v1/query); ask /api/v1/query_range with start, end and step' : '';
      throw new MatrixError(`${this.source}: data.resultType is ${JSON.stringify(this.data.resultType)}, not "matrix"${hint}`);
    }
    const warnings = [...strings(env.warnings), ...strings(env.infos)];
    return { series: this.series, warnings };
  }

  private error(message: string): MatrixError {
    return new MatrixError(`${this.source}: ${message}`);
  }

  /** An error at character `at` of the current text (by default where the reader is). */
  private errorAt(message: string, at = this.pos): MatrixError {
    return this.error(`${message} at character ${this.consumed + at + 1}`);
  }

  private run(final: boolean): void {
    const text = this.text;
    const n = text.length;
    while (this.pos < n) {
      const c = text.charCodeAt(this.pos);
      if (isSpace(c)) {
        this.pos++;
        continue;
      }
      if (this.rootDone) throw this.errorAt('has more text after the JSON value');
      const frame = this.stack[this.stack.length - 1];
      if (frame === undefined) {
        if (this.rootSeen) throw this.errorAt('has more text after the JSON value');
        this.rootSeen = true;
        if (c === OPEN_OBJECT) {this.open('envelope', false, this.envelope);} else if (c === OPEN_ARRAY) {
          this.bare = true;
          this.open('result', true, undefined);
        } else {throw this.errorAt('does not start with { or [: not a Prometheus range-query response');}
        this.pos++;
        continue;
      }
      if (!frame.expectValue) {
        // A comma or the end of the container.
        if (c === COMMA) {
          frame.expectValue = true;
          if (!frame.array) frame.key = undefined;
          this.pos++;
        } else if (c === (frame.array ? CLOSE_ARRAY : CLOSE_OBJECT)) {
          this.pos++;
          this.close();
        } else {
          throw this.errorAt(`expected , or ${frame.array ? ']' : '}'}`);
        }
        continue;
      }
      if (!frame.array && frame.key === undefined) {
        // A key, then a colon.
        if (c === CLOSE_OBJECT && frame.empty) {
          this.pos++;
          this.close();
          continue;
        }
        if (c !== QUOTE) throw this.errorAt('expected a "key"');
        const end = this.stringEnd(this.pos);
        if (end < 0) break;
        let colon = end;
        while (colon < n && isSpace(text.charCodeAt(colon))) colon++;
        if (colon >= n) break;
        if (text.charCodeAt(colon) !== COLON) throw this.errorAt('expected : after a key');
        frame.key = this.stringValue(this.pos, end);
        this.pos = colon + 1;
        continue;
      }
      if (frame.array && c === CLOSE_ARRAY && frame.empty) {
        this.pos++;
        this.close();
        continue;
      }
      // A value.
      if (frame.role === 'pairs') {
        if (!this.pair(frame, final)) break;
        continue;
      }
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        const array = c === OPEN_ARRAY;
        this.pos++;
        this.openChild(frame, array);
        continue;
      }
      let value: unknown;
      let end: number;
      if (c === QUOTE) {
        end = this.stringEnd(this.pos);
        if (end < 0) break;
        value = this.stringValue(this.pos, end);
      } else if (isNumberChar(c)) {
        end = this.pos;
        while (end < n && isNumberChar(text.charCodeAt(end))) end++;
        if (end >= n && !final) break;
        value = decimal(text, this.pos, end);
        if (Number.isNaN(value as number)) throw this.errorAt(`${JSON.stringify(text.slice(this.pos, end))} is not a number`);
      } else {
        const word = /^(true|false|null)/.exec(text.slice(this.pos, this.pos + 5));
        if (!word) {
          if (n - this.pos < 5 && !final) break;
          throw this.errorAt(`unexpected ${JSON.stringify(text[this.pos])}`);
        }
        end = this.pos + word[1].length;
        value = word[1] === 'null' ? null : word[1] === 'true';
      }
      // Delivered first: an error points at the value.
      this.deliver(frame, value);
      this.pos = end;
    }
  }

  /**
   * The `[t, "v"]` pairs of a `values` array from here, read in place (the hot path: no frame
   * per pair): one, then the next ones as long as each follows the last as `,[` (the compact
   * JSON Prometheus and promtool write). False when the text ends inside a pair: the rest comes
   * with the next chunk.
   */
  private pair(frame: Frame, final: boolean): boolean {
    const text = this.text;
    const n = text.length;
    const series = frame.target as MatrixSeries;
    let i = this.pos;
    for (;;) {
      if (text.charCodeAt(i) !== OPEN_ARRAY) throw this.errorAt('a sample of "values" is not a [time, "value"] pair', i);
      i++;
      while (i < n && isSpace(text.charCodeAt(i))) i++;
      const t0 = i;
      while (i < n && isNumberChar(text.charCodeAt(i))) i++;
      const t1 = i;
      while (i < n && isSpace(text.charCodeAt(i))) i++;
      if (i >= n) return this.incomplete(final);
      if (text.charCodeAt(i) !== COMMA || t1 === t0) throw this.errorAt('a sample of "values" is not a [time, "value"] pair', i);
      i++;
      while (i < n && isSpace(text.charCodeAt(i))) i++;
      if (i >= n) return this.incomplete(final);
      if (text.charCodeAt(i) !== QUOTE) throw this.errorAt('a sample value is not a string (Prometheus writes "0.5")', i);
      const v1 = this.stringEnd(i);
      if (v1 < 0) return this.incomplete(final);
      let j = v1;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      if (j >= n) return this.incomplete(final);
      if (text.charCodeAt(j) !== CLOSE_ARRAY) throw this.errorAt('a sample of "values" has more than [time, "value"]', j);
      const time = decimal(text, t0, t1);
      if (!Number.isFinite(time)) throw this.errorAt(`sample time ${JSON.stringify(text.slice(t0, t1))} is not a number`, t0);
      const value = sampleValue(text, i + 1, v1 - 1);
      if (Number.isNaN(value) && text.slice(i + 1, v1 - 1) !== 'NaN') throw this.errorAt(`sample value ${text.slice(i, v1)} is not a number`, i);
      push(series, time, value);
      this.pos = j + 1;
      frame.empty = false;
      frame.expectValue = false;
      // The next pair, when it follows at once (the reader then stands at it, should its text
      // end in this chunk); anything else is the state machine's.
      if (j + 2 >= n || text.charCodeAt(j + 1) !== COMMA || text.charCodeAt(j + 2) !== OPEN_ARRAY) return true;
      i = j + 2;
      this.pos = i;
      frame.expectValue = true;
    }
  }

  private incomplete(final: boolean): boolean {
    if (final) throw this.errorAt('ends inside a sample');
    return false;
  }

  /** The index after the closing quote of the string starting at `start`, or -1 if it is not in the text yet. */
  private stringEnd(start: number): number {
    const text = this.text;
    let i = start + 1;
    for (;;) {
      const q = text.indexOf('"', i);
      if (q < 0) return -1;
      // An escaped quote has an odd number of backslashes before it.
      let backslashes = 0;
      for (let k = q - 1; k > start && text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
      if (backslashes % 2 === 0) return q + 1;
      i = q + 1;
    }
  }

  /** The string from its opening quote at `start` to `end` (after its closing quote), unescaped. */
  private stringValue(start: number, end: number): string {
    const inner = this.text.slice(start + 1, end - 1);
    if (inner.indexOf('\\') < 0) return inner;
    try {
      return JSON.parse(this.text.slice(start, end));
    } catch {
      throw this.errorAt('a string has a bad escape');
    }
  }

  private openChild(parent: Frame, array: boolean): void {
    const role = childRole(parent);
    switch (role) {
      case 'series':
        if (array) throw this.errorAt('an element of "result" is not a series object ({"metric": ..., "values": ...}): not a matrix');
        this.open(role, false, { labels: {}, times: new Float64Array(64), values: new Float64Array(64), length: 0, histograms: 0 });
        return;
      case 'result':
        // A vector or scalar result is read and dropped: end() says why.
        if (this.data.resultType !== undefined && this.data.resultType !== 'matrix') this.open('skip', array, undefined);
        else if (!array) throw this.errorAt('"result" is not an array: not a matrix');
        else this.open(role, true, undefined);
        return;
      case 'pairs':
      case 'histograms':
        if (!array) throw this.errorAt(`"${parent.key}" is not an array of samples`);
        this.open(role, true, parent.target);
        return;
      case 'data':
        if (array) throw this.errorAt('"data" is not an object');
        this.open(role, false, this.data);
        return;
      case 'value':
        if (parent.role === 'series' && array) throw this.errorAt('"metric" is not an object of labels');
        this.open(role, array, array ? [] : {});
        return;
      default:
        this.open(role, array, undefined);
    }
  }

  private open(role: Role, array: boolean, target: any): void {
    this.stack.push({ role, array, target, key: undefined, expectValue: true, empty: true });
  }

  private close(): void {
    const frame = this.stack.pop()!;
    const parent = this.stack[this.stack.length - 1];
    if (parent === undefined) {
      this.rootDone = true;
      return;
    }
    if (frame.role === 'series') {
      trim(frame.target as MatrixSeries);
      this.series.push(frame.target as MatrixSeries);
    }
    this.deliver(parent, frame.role === 'value' || frame.role === 'data' ? frame.target : undefined, true);
  }

  /** A value of `frame` is complete (a container's after it closed): kept where the frame keeps values. */
  private deliver(frame: Frame, value: unknown, container = false): void {
    frame.empty = false;
    frame.expectValue = false;
    switch (frame.role) {
      case 'value':
        if (frame.array) frame.target.push(value);
        else frame.target[frame.key!] = value;
        return;
      case 'envelope':
        if (frame.key === 'data' && !container && value !== null) throw this.errorAt('"data" is not an object');
        this.envelope[frame.key!] = value;
        return;
      case 'data':
        if (frame.key === 'resultType') this.data.resultType = value;
        return;
      case 'series':
        if (frame.key === 'metric') {this.labels(frame.target as MatrixSeries, value);} else if ((frame.key === 'values' || frame.key === 'histograms') && !container && value !== null) {
          throw this.errorAt(`"${frame.key}" is not an array of samples`);
        }
        return;
      case 'result':
        if (!container) throw this.errorAt('an element of "result" is not a series object ({"metric": ..., "values": ...}): not a matrix');
        return;
      case 'histograms':
        (frame.target as MatrixSeries).histograms++;
        return;
      default:
        return;
    }
  }

  private labels(series: MatrixSeries, value: unknown): void {
    if (value === null) return;
    if (typeof value !== 'object' || Array.isArray(value)) throw this.errorAt('"metric" is not an object of labels');
    const labels = series.labels as { [name: string]: string };
    for (const [k, v] of Object.entries(value as object)) {
      if (typeof v !== 'string') throw this.errorAt(`label ${k} is not a string`);
      labels[k] = v;
    }
  }
}

/** The role of a container opened as the next value of `parent`. */
function childRole(parent: Frame): Role {
  switch (parent.role) {
    case 'envelope':
      if (parent.key === 'data') return 'data';
      return parent.key === 'warnings' || parent.key === 'infos' || parent.key === 'error' ? 'value' : 'skip';
    case 'data':
      return parent.key === 'result' ? 'result' : parent.key === 'resultType' ? 'value' : 'skip';
    case 'result':
      return 'series';
    case 'series':
      if (parent.key === 'metric') return 'value';
      if (parent.key === 'values') return 'pairs';
      if (parent.key === 'histograms') return 'histograms';
      return 'skip';
    case 'value':
      return 'value';
    default:
      return 'skip';
  }
}

function push(series: MatrixSeries, time: number, value: number): void {
  if (series.length === series.times.length) {
    const times = new Float64Array(Math.max(64, series.length * 2));
    times.set(series.times);
    const values = new Float64Array(times.length);
    values.set(series.values);
    series.times = times;
    series.values = values;
  }
  series.times[series.length] = time;
  series.values[series.length] = value;
  series.length++;
}

/**
 * A series' arrays cut to its samples: the room doubling left (up to as much again) is given
 * back once the series is complete.
 */
function trim(series: MatrixSeries): void {
  if (series.times.length === series.length) return;
  series.times = series.times.slice(0, series.length);
  series.values = series.values.slice(0, series.length);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A response held as text. */
export function readMatrixText(text: string, source: string): MatrixDocument {
  if (typeof text !== 'string') throw new MatrixError(`${source}: the response must be JSON text, got ${typeof text}`);
  const reader = new MatrixReader(source);
  // In slices: the reader keeps only an unfinished token between two writes.
  for (let i = 0; i < text.length; i += CHUNK_CHARS) reader.write(text.slice(i, i + CHUNK_CHARS));
  return reader.end();
}

/** A response saved in a file, read a chunk at a time. */
export function readMatrixFile(file: string): MatrixDocument {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    throw new MatrixError(`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    const reader = new MatrixReader(file);
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.alloc(CHUNK_CHARS);
    for (;;) {
      let n: number;
      try {
        n = fs.readSync(fd, buffer, 0, buffer.length, null);
      } catch (e) {
        throw new MatrixError(`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      if (n === 0) break;
      reader.write(decoder.write(buffer.subarray(0, n)));
    }
    reader.write(decoder.end());
    return reader.end();
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The series of `known` and `added` together: a series with the labels of a known one joins it,
 * in time order (a sample at a time both have, where two ranges overlap, is kept once); others
 * are new series. The ranges may come in any order.
 */
export function mergeSeries(known: MatrixSeries[], added: readonly MatrixSeries[]): MatrixSeries[] {
  const byKey = new Map(known.map((s, i) => [labelKey(s.labels), i]));
  const out = [...known];
  for (const s of added) {
    const key = labelKey(s.labels);
    const i = byKey.get(key);
    if (i === undefined) {
      byKey.set(key, out.length);
      out.push(s);
    } else {
      out[i] = joined(out[i], s);
    }
  }
  return out;
}

/** Two series of the same labels as one, their samples merged by time. */
function joined(a: MatrixSeries, b: MatrixSeries): MatrixSeries {
  const size = a.length + b.length;
  const out: MatrixSeries = {
    labels: a.labels, times: new Float64Array(size), values: new Float64Array(size), length: 0, histograms: a.histograms + b.histograms,
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const ta = i < a.length ? a.times[i] : Infinity;
    const tb = j < b.length ? b.times[j] : Infinity;
    if (tb < ta) {
      push(out, tb, b.values[j++]);
    } else {
      push(out, ta, a.values[i++]);
      if (tb === ta) j++;
    }
  }
  trim(out);
  return out;
}

function labelKey(labels: { readonly [name: string]: string }): string {
  return JSON.stringify(Object.keys(labels).sort().map(k => [k, labels[k]]));
}
