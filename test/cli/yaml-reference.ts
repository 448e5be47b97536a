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
      return { value: errors.length ? undefined : doc.toJS(), errors };
    })
    .filter(d => d.value !== null || d.errors.length > 0);
}

/** The documents `parseSource` read, empty ones left out. */
export function readings(docs: readonly SourceDocument[]): Reading[] {
  return docs.filter(d => d.value !== null || d.errors.length > 0).map(d => ({ value: d.value, errors: d.errors.map(e => e.message) }));
}
