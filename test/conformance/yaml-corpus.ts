/**
 * The command line's plain YAML reader on real manifests: every YAML file of a Kubernetes
 * release's source (examples, test fixtures, add-ons), document by document, against `yaml`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { comparePlainWithYaml, documentTexts } from '../cli/plain-yaml-agreement';

/** What reading the YAML files under `dir` found. */
export interface CorpusOutcome {
  readonly files: number;
  readonly documents: number;
  /** Documents the plain reader read itself (the others it left to the full parsers). */
  readonly read: number;
  readonly positions: number;
  readonly differences: string[];
}

export function readYamlCorpus(dir: string): CorpusOutcome {
  let files = 0;
  let documents = 0;
  let read = 0;
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
      // The documents as the command line splits them, at `---` lines.
      for (const text of documentTexts(fs.readFileSync(file, 'utf8'))) {
        documents++;
        const agreement = comparePlainWithYaml(text);
        if (agreement.read) read++;
        positions += agreement.positions;
        if (agreement.difference) differences.push(`${path.relative(dir, file)}: ${agreement.difference.split('\n')[0]}`);
      }
    }
  };
  walk(dir);
  return { files, documents, read, positions, differences };
}
