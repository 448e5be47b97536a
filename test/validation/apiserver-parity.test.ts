import { API_SERVER_CASES, ApiServerCase } from './apiserver-cases';
import { ClusterProfile, HpaValidator, Severity } from '../../src';

function validate(c: ApiServerCase) {
  // The cases are validation_test.go's of 1.36: its release, unless a case names another.
  return HpaValidator.validate(c.manifest, { cluster: ClusterProfile.of({ version: '1.36', ...c.cluster }) });
}

/**
 * What the API server reports: errors of the HPA1xx rules (incl. the HPA15x gating rules), less
 * the library's own report of a field the server would silently drop (it accepts the manifest).
 */
function apiServerErrors(c: ApiServerCase) {
  return validate(c).filter(i => i.severity === Severity.ERROR && i.ruleId.startsWith('HPA1') && !isSilentDropReport(i.message));
}

function isSilentDropReport(message: string): boolean {
  return message.includes('silently drop');
}

describe('parity with kube-apiserver validation_test.go', () => {
  test.each(API_SERVER_CASES.map(c => [c.goTest, c] as const))('%s', (_name, c) => {
    const actual = apiServerErrors(c).map(i => ({ path: i.path, message: i.message }));
    const expected = c.errors.map(e => ({ path: e.path, type: e.type, detail: e.detail }));
    // Every expected error is reported, with its path, error type and Go's detail...
    for (const e of expected) {
      expect(actual).toContainEqual({
        path: e.path,
        message: expect.stringMatching(new RegExp(`^${escape(e.type)}(: .*)?${e.detail ? `: .*${escape(e.detail)}` : ''}`)),
      });
    }
    // ...and nothing else.
    expect(actual).toHaveLength(expected.length);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a tolerance the server would silently drop is an error of its own (HPA151), not a silent loss', () => {
  const dropped = API_SERVER_CASES.filter(c => c.goTest.includes('tolerance 1m with the gate off'));
  expect(dropped).toHaveLength(1);
  expect(validate(dropped[0]).filter(i => i.ruleId === 'HPA151').map(i => i.path)).toEqual(['spec.behavior.scaleUp.tolerance']);
});
