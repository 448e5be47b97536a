/**
 * EXP191: the status, and on 1.37 and later each condition (HPAGeneration), read against
 * `metadata.generation`, to say when what the controller wrote predates the spec's last edit.
 */
import { CLUSTER, hpa, NOW } from './fixtures';
import { HpaExplainer } from '../../src';

function explainWith(generation: number | undefined, observed: number | undefined, conditions: Array<number | undefined>) {
  const m = JSON.parse(JSON.stringify(hpa('able-to-scale.yaml', 'succeeded-rescale')));
  m.metadata.generation = generation;
  m.status.observedGeneration = observed;
  m.status.conditions.forEach((c: any, i: number) => {
    c.observedGeneration = conditions[i];
  });
  const explanation = HpaExplainer.explain(m, { cluster: CLUSTER, now: NOW });
  return { explanation, stale: explanation.findings.find(f => f.findingId === 'EXP191')?.message, types: m.status.conditions.map((c: any) => c.type) };
}

describe('EXP191: a status older than the spec', () => {
  test('the status and its conditions are read with their generations', () => {
    const { explanation } = explainWith(4, 4, [4, 3]);
    expect(explanation.status!.conditions!.map(c => c.observedGeneration)).toEqual([4, 3]);
  });

  test('an older status, and the older conditions named', () => {
    const { stale, types } = explainWith(4, 3, [3, 3]);
    expect(stale).toBe(`the status is from generation 3; the spec is generation 4: the controller has not acted on the latest change yet; the conditions ${types[0]} (generation 3), ${types[1]} (generation 3) were set for an older spec`);
  });

  test('a current status with a condition the controller set for an older spec', () => {
    const { stale, types } = explainWith(4, 4, [4, 2]);
    expect(stale).toBe(`the spec is generation 4, and the conditions ${types[1]} (generation 2) were set for an older spec: they do not yet say what the controller makes of the latest change`);
  });

  test('all current, or no generations set (before 1.37): nothing said', () => {
    expect(explainWith(4, 4, [4, 4]).stale).toBeUndefined();
    expect(explainWith(4, undefined, [undefined, undefined]).stale).toBeUndefined();
    expect(explainWith(undefined, 3, [2, 2]).stale).toBeUndefined();
  });
});
