import { Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { DescribedObject } from '../src';

describe('DescribedObject', () => {
  test('fromReference renders the reference as given', () => {
    expect(DescribedObject.fromReference({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main-route' })._toKube())
      .toEqual({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main-route' });
  });

  test('fromResource reads a cdk8s-plus resource\'s API version, kind and name', () => {
    const chart: Chart = Testing.chart();
    const service = new kplus.Service(chart, 'svc', { metadata: { name: 'frontend' }, ports: [{ port: 80 }] });
    expect(DescribedObject.fromResource(service)._toKube()).toEqual({ apiVersion: 'v1', kind: 'Service', name: 'frontend' });
  });
});
