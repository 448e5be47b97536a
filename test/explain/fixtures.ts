/** The explain fixtures: kubectl-shaped YAML (`kind: List` or one object), read as plain objects. */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { ClusterProfile } from '../../src';

export const FIXTURES = 'test/explain/fixtures';
/** The time the fixtures' status ages are counted to. */
export const NOW = '2026-11-23T12:00:00Z';
/** The gates of the cluster the fixtures come from. */
export const GATES = { HPAExternalMetricFallback: true, HPAScaleToZero: true };
export const CLUSTER = ClusterProfile.of({ featureGates: GATES });

export function objects(file: string): any[] {
  const doc = parse(fs.readFileSync(path.join(__dirname, 'fixtures', file), 'utf8'));
  return doc.kind === 'List' ? doc.items : [doc];
}

export function hpa(file: string, name: string): any {
  const found = objects(file).find(o => o.kind === 'HorizontalPodAutoscaler' && o.metadata.name === name);
  if (!found) throw new Error(`no HPA ${name} in ${file}`);
  return found;
}
