import * as kplus from 'cdk8s-plus-27';
import { DescribedObject, ExternalFallback, ExternalFallbackFormat, Metric, MetricSourceType, MetricTarget } from '../src';

const FORMAT = ExternalFallbackFormat.FAILURE_DURATION;
const render = (m: Metric) => JSON.parse(JSON.stringify(m._toKube(FORMAT)));

describe('Metric', () => {
  test('resource(name, target)', () => {
    expect(render(Metric.resource('ephemeral-storage', MetricTarget.averageValue('1Gi')))).toEqual({
      type: 'Resource', resource: { name: 'ephemeral-storage', target: { type: 'AverageValue', averageValue: '1Gi' } },
    });
  });

  test('resourceCpu and resourceMemory', () => {
    expect(render(Metric.resourceCpu(MetricTarget.averageUtilization(70)))).toEqual({
      type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
    });
    expect(render(Metric.resourceMemory(MetricTarget.averageValue('512Mi')))).toEqual({
      type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '512Mi' } },
    });
  });

  test('containerResource renders the container and the resource name', () => {
    const m = Metric.containerResource({ container: 'app', resource: 'cpu', target: MetricTarget.averageUtilization(60) });
    expect(m.type).toBe(MetricSourceType.CONTAINER_RESOURCE);
    expect(render(m)).toEqual({
      type: 'ContainerResource', containerResource: { container: 'app', name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
    });
  });

  test('pods with a label selector (labels and expressions)', () => {
    const selector = kplus.LabelSelector.of({ labels: { app: 'web' }, expressions: [kplus.LabelExpression.in('tier', ['a', 'b'])] });
    expect(render(Metric.pods({ name: 'requests_per_second', selector, target: MetricTarget.averageValue(100) }))).toEqual({
      type: 'Pods',
      pods: {
        metric: {
          name: 'requests_per_second',
          selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] },
        },
        target: { type: 'AverageValue', averageValue: '100' },
      },
    });
  });

  test('object with a described object', () => {
    const describedObject = DescribedObject.fromReference({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' });
    expect(render(Metric.object({ describedObject, name: 'requests', target: MetricTarget.value('10k') }))).toEqual({
      type: 'Object',
      object: {
        describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' },
        metric: { name: 'requests' },
        target: { type: 'Value', value: '10k' },
      },
    });
  });

  test('external without and with a fallback', () => {
    expect(render(Metric.external({ name: 'queue_depth', target: MetricTarget.averageValue(30) }))).toEqual({
      type: 'External', external: { metric: { name: 'queue_depth' }, target: { type: 'AverageValue', averageValue: '30' } },
    });
    const selector = kplus.LabelSelector.of({ labels: { queue: 'worker_tasks' } });
    expect(render(Metric.external({ name: 'queue_depth', selector, target: MetricTarget.value(300), fallback: ExternalFallback.replicas(10) }))).toEqual({
      type: 'External',
      external: {
        metric: { name: 'queue_depth', selector: { matchLabels: { queue: 'worker_tasks' } } },
        target: { type: 'Value', value: '300' },
        fallback: { failureDuration: '3m', replicas: 10 },
      },
    });
  });
});
