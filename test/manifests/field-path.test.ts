import { fieldPathSegments } from '../../src/manifests/field-path';

describe('fieldPathSegments', () => {
  test.each([
    ['spec.metrics[0].external.target.value', ['spec', 'metrics', 0, 'external', 'target', 'value']],
    ['spec.behavior.scaleUp.policies[12].periodSeconds', ['spec', 'behavior', 'scaleUp', 'policies', 12, 'periodSeconds']],
    ['metadata.labels[app.kubernetes.io/name]', ['metadata', 'labels', 'app.kubernetes.io/name']],
    ['apiVersion', ['apiVersion']],
    ['<root>', []],
    ['cluster.featureGates.HPAScaleToZero', []],
  ])('%s', (path, segments) => {
    expect(fieldPathSegments(path)).toEqual(segments);
  });
});
