import { ApiObject, ApiObjectMetadata, App, Chart, JsonPatch, Lazy, LazyResolver, ResolutionContext } from 'cdk8s';
import { plainApiObjectJson, plainMetadataJson } from '../../src/private/metadata-json';
import { NOT_PLAIN, sameJson } from '../../src/private/plain';

function objectWith(metadata: ApiObjectMetadata | undefined, app = new App()) {
  const chart = new Chart(app, 'chart', { labels: { app: 'web' } });
  return new ApiObject(chart, 'obj', { apiVersion: 'v1', kind: 'Thing', metadata });
}

const noLazy = () => NOT_PLAIN;

describe('plainMetadataJson', () => {
  // Each case: metadata given at construction and what is added after.
  const cases: Array<[string, ApiObjectMetadata | undefined, (o: ApiObject) => void]> = [
    ['none', undefined, () => undefined],
    ['a name and a namespace', { name: 'web', namespace: 'shop' }, () => undefined],
    ['labels and annotations, some added later', { labels: { b: '1', a: '2' }, annotations: { z: 'x', y: '' } }, o => {
      o.metadata.addLabel('c', '3');
      o.metadata.addAnnotation('a', 'b');
    }],
    ['empty and null members', { annotations: {}, labels: {}, finalizers: [], ownerReferences: [], extra: null, other: undefined } as any, () => undefined],
    ['finalizers and owner references', { finalizers: ['b', 'a'] }, o => {
      o.metadata.addOwnerReference({ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u', controller: true });
      o.metadata.addFinalizers('c');
    }],
    ['added attributes with nested objects and lists', { generateName: 'web-' } as any, o => {
      o.metadata.add('deep', { z: [1, { y: null, x: [] }, null], a: {}, b: { c: false } });
    }],
  ];

  test.each(cases)('is what metadata.toJson() renders: %s', (_name, metadata, change) => {
    const o = objectWith(metadata);
    change(o);
    const rendered = plainMetadataJson(o, noLazy);
    expect(rendered).toStrictEqual(o.metadata.toJson());
    expect(sameJson(rendered, o.metadata.toJson())).toBe(true);
  });

  test('renders the caller\'s own Lazy with what it produces, in place', () => {
    const o = objectWith({ name: 'web' });
    const own = Lazy.any({ produce: () => ({ b: 'x', a: [] }) });
    const empty = Lazy.any({ produce: () => undefined });
    o.metadata.addAnnotation('own', own);
    o.metadata.addAnnotation('empty', empty);
    const rendered = plainMetadataJson(o, lazy => (lazy === own || lazy === empty ? lazy.produce() : NOT_PLAIN));
    expect(rendered).toStrictEqual(o.metadata.toJson());
  });

  test.each([
    ['another Lazy', (o: ApiObject) => o.metadata.addLabel('x', Lazy.any({ produce: () => 'y' }))],
    ['a token', (o: ApiObject) => o.metadata.addLabel('x', { resolve: () => 'y' } as any)],
    ['a class instance', (o: ApiObject) => o.metadata.add('x', new Date(0))],
    ['a union value', (o: ApiObject) => o.metadata.addFinalizers(Object.assign(new (class Union {})(), { value: 'y' }) as any)],
    ['a function', (o: ApiObject) => o.metadata.add('x', () => 'y')],
    ['a list with a hole', (o: ApiObject) => o.metadata.add('x', [1, , 2])], // eslint-disable-line no-sparse-arrays
    ['an object with a constructor member', (o: ApiObject) => o.metadata.add('x', { constructor: 'y' })],
  ])('leaves metadata with %s to metadata.toJson()', (_name, change) => {
    const o = objectWith({ name: 'web' });
    change(o);
    expect(plainMetadataJson(o, noLazy)).toBe(NOT_PLAIN);
  });

  test('leaves an app with its own resolvers to metadata.toJson()', () => {
    const upper = { resolve: (context: ResolutionContext) => typeof context.value === 'string' && context.replaceValue(context.value.toUpperCase()) };
    const o = objectWith({ name: 'web' }, new App({ resolvers: [upper] }));
    expect(plainMetadataJson(o, noLazy)).toBe(NOT_PLAIN);
    const lazyOnly = objectWith({ name: 'web' }, new App({ resolvers: [new LazyResolver()] }));
    expect(plainMetadataJson(lazyOnly, noLazy)).toBe(NOT_PLAIN);
  });

  test('leaves metadata of another shape to metadata.toJson()', () => {
    const o = objectWith({ name: 'web' });
    (o.metadata as any).extraField = 'x';
    expect(plainMetadataJson(o, noLazy)).toBe(NOT_PLAIN);
  });
});

describe('plainApiObjectJson', () => {
  function objectWithSpec(spec: unknown, app = new App()) {
    const chart = new Chart(app, 'chart', { labels: { app: 'web' } });
    return new ApiObject(chart, 'obj', { apiVersion: 'v1', kind: 'Thing', metadata: { name: 'web', annotations: { b: '1', a: '' } }, spec });
  }

  test.each<[string, unknown]>([
    ['none', undefined],
    ['keys out of order, nested', { z: 1, a: { y: 'x', b: [{ d: true, c: 0 }] } }],
    ['null and undefined members', { a: null, b: undefined, c: { d: null } }],
    ['empty objects and lists, kept (unlike metadata)', { a: {}, b: [], c: [{}] }],
    ['lists with null items, kept in place', { a: [1, null, 'x'] }],
    ['an empty spec', {}],
  ])('is what toJson() renders: %s', (_name, spec) => {
    const o = objectWithSpec(spec);
    const rendered = plainApiObjectJson(o, spec, noLazy);
    expect(rendered).toStrictEqual(o.toJson());
    expect(JSON.stringify(rendered)).toBe(JSON.stringify(o.toJson()));
  });

  test.each<[string, (o: ApiObject) => void, unknown]>([
    ['a JSON patch', o => o.addJsonPatch(JsonPatch.add('/spec/a', 1)), { a: 0 }],
    ['a token in the spec', () => undefined, { a: { resolve: () => 'x' } }],
    ['a Lazy in the spec', () => undefined, { a: Lazy.any({ produce: () => 'x' }) }],
    ['a class instance in the spec', () => undefined, { a: new Date(0) }],
    ['metadata plainMetadataJson leaves to toJson()', o => o.metadata.addLabel('x', { resolve: () => 'y' } as any), { a: 1 }],
  ])('leaves an object with %s to toJson()', (_name, change, spec) => {
    const o = objectWithSpec(spec);
    change(o);
    expect(plainApiObjectJson(o, spec, noLazy)).toBe(NOT_PLAIN);
  });

  test('leaves key order to toJson() when CDK8S_DISABLE_SORT is set', () => {
    const o = objectWithSpec({ b: 1, a: 2 });
    process.env.CDK8S_DISABLE_SORT = '1';
    try {
      expect(plainApiObjectJson(o, { b: 1, a: 2 }, noLazy)).toBe(NOT_PLAIN);
    } finally {
      delete process.env.CDK8S_DISABLE_SORT;
    }
  });

  test('leaves an app with its own resolvers to toJson()', () => {
    const upper = { resolve: (context: ResolutionContext) => typeof context.value === 'string' && context.replaceValue(context.value.toUpperCase()) };
    const o = objectWithSpec({ a: 'x' }, new App({ resolvers: [upper] }));
    expect(plainApiObjectJson(o, { a: 'x' }, noLazy)).toBe(NOT_PLAIN);
  });
});
