/**
 * A dump that holds other workloads of the HPA's namespace but not its target (`kubectl get
 * hpa,deploy` where the target is a StatefulSet, or another chart's Deployment): the validator's
 * HPA306 says the controller cannot get the target's scale. Where the HPA's live status shows the
 * controller read that scale for the current spec, the status beats the partial input.
 */
import { CLUSTER, hpa, NOW, objects } from './fixtures';
import { HpaExplainer, HpaHealth } from '../../src';

/** Another Deployment of namespace shop, as the API server returns it: not the HPA's target. */
const other = () => JSON.parse(JSON.stringify({ ...objects('pods-not-ready.yaml')[1], metadata: { ...objects('pods-not-ready.yaml')[1].metadata, name: 'api' } }));
const explain = (manifest: any) => HpaExplainer.explain(manifest, { cluster: CLUSTER, now: NOW, relatedObjects: [other()] });
const stuck = () => JSON.parse(JSON.stringify(hpa('stuck-at-max.yaml', 'web')));

describe('a live status beats a partial input', () => {
  test('AbleToScale=True: the controller read the scale, so HPA306 is not reported and the replay is offered', () => {
    const e = explain(stuck());
    expect(e.validationIssues.map(i => i.ruleId)).toEqual([]);
    expect(e.findings.map(f => f.findingId)).toEqual(['EXP140', 'EXP123', 'EXP110']);
    expect(e.unknowns).toContain('the target Deployment/web: the input holds other workloads of its namespace but not it, while the controller read its scale '
      + '(AbleToScale=True/ReadyForNewScale), so it exists outside the input: HPA306 is not reported, and the checks against the target (requests, containers, replicas) were not made');
    expect(e.simulate).toBeDefined();
  });

  test.each([
    ['SucceededGetScale', 'True'],
    ['SucceededRescale', 'True'],
    ['FailedUpdateScale', 'False'],
  ])('AbleToScale %s (%s) reads the scale too', (reason, status) => {
    const m = stuck();
    m.status.conditions[0] = { ...m.status.conditions[0], reason, status };
    expect(explain(m).validationIssues.map(i => i.ruleId)).toEqual([]);
  });

  test('fails when the controller could not get the scale: HPA306 explains FailedGetScale', () => {
    const m = stuck();
    m.status.conditions[0] = { ...m.status.conditions[0], status: 'False', reason: 'FailedGetScale', message: 'the HPA controller was unable to get the target\'s current scale: deployments/scale.apps "web" not found' };
    const e = explain(m);
    expect(e.health).toBe(HpaHealth.FAILING);
    expect(e.findings[0]).toMatchObject({ findingId: 'EXP120', ruleIds: ['HPA306'] });
  });

  test('fails when the status predates the spec\'s last edit: the scale it read may be another target\'s', () => {
    const m = stuck();
    m.metadata.generation = 3;
    m.status.observedGeneration = 2;
    expect(explain(m).validationIssues.map(i => i.ruleId)).toEqual(['HPA306']);
  });

  test('fails when the HPA has no status: nothing shows the target exists', () => {
    const { status, ...m } = stuck();
    void status;
    const e = explain(m);
    expect(e.findings[0]).toMatchObject({ findingId: 'EXP193', ruleIds: ['HPA306'] });
  });
});
