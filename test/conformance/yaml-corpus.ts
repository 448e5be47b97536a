/**
 * The command line's YAML reading on real manifests: every YAML file of a Kubernetes release's
 * source (examples, test fixtures, add-ons), against `yaml` (YAML 1.2): the same values, errors
 * in the same documents, and every field path placed where `yaml` places it.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseSource } from '../../src/manifests/yaml-source';
import { comparePlaces, readings, yamlReads } from '../manifests/yaml-reference';

/** What reading the YAML files under `dir` found. */
export interface CorpusOutcome {
  readonly files: number;
  readonly documents: number;
  /** Documents with a syntax error (both readers agree on which). */
  readonly refused: number;
  /** Files that are unrendered templates (`yaml` finds syntax errors in them too). */
  readonly templates: number;
  /** Field paths placed where `yaml` places them. */
  readonly positions: number;
  readonly differences: string[];
}

export function readYamlCorpus(dir: string): CorpusOutcome {
  let files = 0;
  let documents = 0;
  let refused = 0;
  let templates = 0;
  let positions = 0;
  const differences: string[] = [];
  const walk = (at: string): void => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      if (!/\.ya?ml$/.test(entry.name)) continue;
      files++;
      const text = fs.readFileSync(file, 'utf8');
      const docs = parseSource(text);
      const ours = readings(docs);
      const reference = yamlReads(text);
      if (ours.length === 1 && ours[0].errors[0]?.startsWith('an unrendered template')) {
        templates++;
        if (!reference.some(d => d.errors.length > 0)) differences.push(`${path.relative(dir, file)}: taken for a template, yaml reads it`);
        continue;
      }
      documents += ours.length;
      refused += ours.filter(d => d.errors.length > 0).length;
      const same = JSON.stringify(ours.map(d => d.value)) === JSON.stringify(reference.map(d => d.value))
        && ours.length === reference.length && ours.every((d, i) => (d.errors.length > 0) === (reference[i].errors.length > 0));
      if (!same) {
        differences.push(`${path.relative(dir, file)}: read ${JSON.stringify(ours).slice(0, 200)}, yaml: ${JSON.stringify(reference).slice(0, 200)}`);
        continue;
      }
      const placed = comparePlaces(text, docs);
      positions += placed.compared;
      if (placed.difference) differences.push(`${path.relative(dir, file)}: ${placed.difference.split('\n')[0]}`);
    }
  };
  walk(dir);
  return { files, documents, refused, templates, positions, differences };
}
