import { namespaceKey, objectKey, scaleTargetKey } from '../../src/model/object-keys';

describe('object keys', () => {
  test('an object without a namespace is keyed by the namespace it is applied to, not "default"', () => {
    expect(namespaceKey(undefined)).toEqual('');
    expect(namespaceKey('')).toEqual('');
    expect(namespaceKey('default')).toEqual('default');
    expect(objectKey(undefined, 'Deployment', 'web')).toEqual(objectKey('', 'Deployment', 'web'));
    expect(objectKey(undefined, 'Deployment', 'web')).not.toEqual(objectKey('default', 'Deployment', 'web'));
  });

  test('a scale target is keyed by namespace, API group, kind and name; the version does not count', () => {
    const ref = (apiVersion: unknown) => ({ apiVersion, kind: 'Deployment', name: 'web' });
    expect(scaleTargetKey('shop', ref('apps/v1'))).toEqual(scaleTargetKey('shop', ref('apps/v1beta2')));
    expect(scaleTargetKey('shop', ref('apps/v1'))).toEqual(['shop', 'apps', 'Deployment', 'web'].join('\u0000'));
    expect(scaleTargetKey('shop', ref('v1'))).toEqual(['shop', '', 'Deployment', 'web'].join('\u0000'));
    expect(scaleTargetKey('shop', ref('apps/v1'))).not.toEqual(scaleTargetKey('other', ref('apps/v1')));
    expect(scaleTargetKey('shop', ref('apps/v1'))).not.toEqual(scaleTargetKey('shop', ref('example.com/v1')));
  });

  test('fails when the reference has no kind or name', () => {
    expect(scaleTargetKey('shop', undefined)).toBeUndefined();
    expect(scaleTargetKey('shop', { kind: 'Deployment' })).toBeUndefined();
    expect(scaleTargetKey('shop', { name: 'web', kind: 3 })).toBeUndefined();
  });
});
