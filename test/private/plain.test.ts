import { NOT_PLAIN, plainJson, plainJsonEquals, sameJson } from '../../src/private/plain';

describe('sameJson', () => {
  test('compares plain data by value, keys in order', () => {
    expect(sameJson({ a: [1, 'x', { b: null }] }, { a: [1, 'x', { b: null }] })).toBe(true);
    expect(sameJson(NaN, NaN)).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson({ a: undefined }, {})).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson(0, -0)).toBe(false);
    expect(sameJson(new Date(0), new Date(0))).toBe(false);
  });
});

describe('plainJsonEquals', () => {
  test.each<[string, unknown, unknown]>([
    ['equal data', { a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'x' }] }],
    ['null and undefined members and items left out', { a: undefined, b: [null, 1, undefined], c: null, d: 2 }, { b: [1], d: 2 }],
    ['other values', { a: 1 }, { a: 2 }],
    ['other key order', { a: 1, b: 2 }, { b: 2, a: 1 }],
    ['a missing key', { a: 1, b: 2 }, { a: 1 }],
    ['an extra key', { a: 1 }, { a: 1, b: 2 }],
    ['a longer list', [1, 2], [1]],
    ['a list for an object', [], {}],
    ['a class instance', { a: new Date(0) }, { a: {} }],
    ['a class instance in a list', [new Date(0)], [{}]],
    ['NaN', { a: NaN }, { a: NaN }],
    ['-0', { a: -0 }, { a: 0 }],
  ])('agrees with plainJson then sameJson: %s', (_name, value, plain) => {
    const copy = plainJson(value);
    expect(plainJsonEquals(value, plain)).toBe(copy !== NOT_PLAIN && sameJson(copy, plain));
  });
});
