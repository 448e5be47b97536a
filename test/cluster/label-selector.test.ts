import { labelSelectorString } from '../../src/cluster/label-selector';

describe('labelSelectorString: a LabelSelector as the query string apimachinery writes', () => {
  test.each([
    [undefined, ''],
    [{}, ''],
    [{ matchLabels: { app: 'web' } }, 'app=web'],
    // Requirements sorted by key; the values of in and notin sorted.
    [{ matchLabels: { tier: 'front', app: 'web' } }, 'app=web,tier=front'],
    [{ matchExpressions: [{ key: 'env', operator: 'In', values: ['prod', 'canary'] }] }, 'env in (canary,prod)'],
    [{ matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['dev'] }] }, 'env notin (dev)'],
    [{ matchExpressions: [{ key: 'canary', operator: 'DoesNotExist' }, { key: 'app', operator: 'Exists' }] }, 'app,!canary'],
    [{ matchLabels: { queue: 'orders' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['prod'] }] }, 'env in (prod),queue=orders'],
  ])('%j is %j', (selector, expected) => {
    expect(labelSelectorString(selector)).toBe(expected);
  });

  test('an unknown operator is an error that names it', () => {
    expect(() => labelSelectorString({ matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] })).toThrow('"Gt" is not a valid label selector operator');
  });
});
