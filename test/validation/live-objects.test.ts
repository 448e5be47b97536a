/**
 * Objects read from a cluster (`kubectl get -o yaml`) carry what the API server and the
 * controllers filled in: a Deployment always has `spec.replicas`. That is an authoring mistake
 * (HPA303) only when a manager of the object sets it itself, as its `managedFields` show.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { HpaValidator } from '../../src';

const DUMP = readFileSync(join(__dirname, '..', 'fixtures', 'live', 'scaled-by-hpa.yaml'), 'utf8');

/** The dump with `replace` applied to its text. */
const edited = (find: string, replace: string) => {
  expect(DUMP).toContain(find);
  return DUMP.replace(find, replace);
};

const ruleIds = (text: string) => HpaValidator.validateYaml(text).map(i => i.ruleId);

describe('a Deployment read from a cluster', () => {
  test('whose replicas the HPA set through the scale subresource is not a fixed replica count', () => {
    expect(ruleIds(DUMP)).toEqual([]);
  });

  test('without managedFields (kubectl get hides them) is not taken to fix its replicas', () => {
    const withoutManagedFields = DUMP.replace(/\n    managedFields:\n(?: {4}[- ].*\n| {6,}.*\n)+/, '\n');
    expect(withoutManagedFields).not.toContain('managedFields');
    expect(ruleIds(withoutManagedFields)).toEqual([]);
  });

  test('whose replicas a client applies fixes them (HPA303), naming the manager', () => {
    const applied = edited(`      manager: kubectl-create
      operation: Update`, `      manager: kubectl-client-side-apply
      operation: Update`).replace(`        f:spec:
          f:progressDeadlineSeconds: {}`, `        f:spec:
          f:progressDeadlineSeconds: {}
          f:replicas: {}`);
    const issues = HpaValidator.validateYaml(applied);
    expect(issues.map(i => [i.ruleId, i.message])).toEqual([
      ['HPA303', 'Conflicts with the target: "Deployment/web": the target fixes replicas: 4, set by kubectl-client-side-apply (its managedFields): each of their updates resets the replica count the autoscaler chose'],
    ]);
  });

  test('a manifest as written (no uid, no resourceVersion) with replicas still fixes them', () => {
    const written = DUMP.replace(/\n    resourceVersion: "\d+"\n    uid: \S+/g, '');
    expect(written).not.toMatch(/uid:|resourceVersion: "\d/);
    expect(ruleIds(written)).toEqual(['HPA303']);
  });
});
