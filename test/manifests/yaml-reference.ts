/**
 * What `yaml` reads (YAML 1.2, core schema, merge keys), the reference `parseSource` is compared
 * with on values and errors: the jest tests and the conformance run (the YAML files of the
 * Kubernetes source) use it.
 */
import * as yaml from 'yaml';
import { SourceDocument } from '../../src/manifests/yaml-source';

/** A document as compared: its value, or its error messages. */
export interface Reading {
  readonly value: unknown;
  readonly errors: string[];
}

/**
 * Every document of `text` as `yaml` reads it, empty ones left out; a mapping key that is a
 * collection is an error, as for kubectl (a JSON object cannot hold it).
 */
export function yamlReads(text: string): Reading[] {
  return yaml.parseAllDocuments(text, { merge: true })
    .map(doc => {
      const errors = doc.errors.map(e => e.message.split(' at line ')[0]);
      yaml.visit(doc, { Pair: (_, pair) => (yaml.isCollection(pair.key) ? (errors.push('collection key'), yaml.visit.BREAK) : undefined) });
      return { value: errors.length ? undefined : toJS(doc, errors), errors };
    })
    .filter(d => d.value !== null || d.errors.length > 0);
}

/** A document's value, or undefined with the error `yaml` throws (an alias without its anchor, for one). */
function toJS(doc: yaml.Document, errors: string[]): unknown {
  try {
    return doc.toJS();
  } catch (e) {
    errors.push((e as Error).message);
    return undefined;
  }
}

/** The documents `parseSource` read, empty ones left out. */
export function readings(docs: readonly SourceDocument[]): Reading[] {
  return docs.filter(d => d.value !== null || d.errors.length > 0).map(d => ({ value: d.value, errors: d.errors.map(e => e.message) }));
}

/** A 1-based line and column. */
export interface Place {
  readonly line: number;
  readonly column: number;
}

/**
 * Where `yaml` places a field path in each document of `text` (error-free ones only, empty
 * ones left out): at the key of a mapping entry or at a list item, or at the nearest present parent.
 */
export function yamlPlaces(text: string): Array<(path: ReadonlyArray<string | number>) => Place> {
  const lineCounter = new yaml.LineCounter();
  const place = (offset: number): Place => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  return yaml.parseAllDocuments(text, { merge: true, lineCounter })
    .filter(doc => {
      const errors = doc.errors.map(e => e.message);
      return errors.length === 0 && toJS(doc, errors) !== null && errors.length === 0;
    })
    .map(doc => (path: ReadonlyArray<string | number>) => {
      let node: unknown = doc.contents;
      let offset = (node as yaml.Node).range![0];
      for (const segment of path) {
        for (let i = 0; i < 100 && yaml.isAlias(node); i++) node = node.resolve(doc);
        let next: unknown;
        let at: number | undefined;
        if (yaml.isMap(node)) {
          const pair = node.items.find(p => yaml.isScalar(p.key) && String(p.key.value) === String(segment));
          if (pair) {
            next = pair.value;
            at = (pair.key as yaml.Node).range?.[0];
          }
        } else if (yaml.isSeq(node) && typeof segment === 'number') {
          next = node.items[segment];
          at = (next as yaml.Node | undefined)?.range?.[0];
        }
        if (at === undefined) break;
        offset = at;
        node = next;
      }
      return place(offset);
    });
}

/** Every field path of a plain value, and absent ones below each collection; none below a list with an empty item (placed at the list). */
function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [prefix];
  if (Array.isArray(value) && value.includes(null)) return [prefix];
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => pathsOf(v, [...prefix, k])), [...prefix, 'absent'], [...prefix, 99]];
}

const same = (a: Place, b: Place) => a.line === b.line && a.column === b.column;

/**
 * Whether `got` is where `yaml` places a parent of `path`, below which a mapping on the path has
 * a key without a value (`{a, b: 1}`), or a list a mapping of one entry (perhaps a pair in a flow
 * list, `[a: b]`): js-yaml composes no node for the value or the mapping, so its nodes do not
 * pair up, and the field is placed at its nearest parent that does.
 */
function placedAtParent(
  value: unknown, path: ReadonlyArray<string | number>, got: Place, place: (p: ReadonlyArray<string | number>) => Place,
): boolean {
  let at: any = value;
  let parentPlaced = false;
  for (let k = 0; k < path.length && at !== null && typeof at === 'object'; k++) {
    parentPlaced ||= same(got, place(path.slice(0, k)));
    const unpaired = Array.isArray(at)
      ? at.some(item => item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length === 1)
      : Object.values(at).includes(null);
    if (parentPlaced && unpaired) return true;
    at = at[path[k]];
  }
  return false;
}

/**
 * Compares where parseSource places every field path of the documents it read without errors
 * (`docs`, of `text`) with where `yaml` places them: the first difference, and how many positions
 * were compared.
 */
export function comparePlaces(text: string, docs: readonly SourceDocument[]): { difference?: string; compared: number } {
  const read = docs.filter(d => d.errors.length === 0 && d.value !== null);
  const places = yamlPlaces(text);
  if (read.length !== places.length) return { difference: `${read.length} documents read, yaml: ${places.length}, in:\n${text}`, compared: 0 };
  let compared = 0;
  for (const [i, doc] of read.entries()) {
    for (const path of pathsOf(doc.value)) {
      const got = doc.positionOf(path);
      const want = places[i](path);
      if (!same(got, want) && !placedAtParent(doc.value, path, got, places[i])) {
        return { difference: `${JSON.stringify(path)} at ${got.line}:${got.column}, yaml: ${want.line}:${want.column}, in:\n${text}`, compared };
      }
      compared++;
    }
  }
  return { compared };
}
