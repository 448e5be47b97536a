import { Testing, Chart } from 'cdk8s';
import { HorizontalPodAutoscalerV2, HpaValidator, Metric, MetricTarget, Quantity, ScaleTarget } from '../src';

describe('Quantity', () => {
  test.each([
    ['of(200)', Quantity.of(200), '200'],
    ['of(0.5)', Quantity.of(0.5), '0.5'],
    ["parse('500m')", Quantity.parse('500m'), '500m'],
    ["parse('2Gi')", Quantity.parse('2Gi'), '2Gi'],
  ])('%s renders as %s', (_name, q, expected) => {
    expect(q.toString()).toBe(expected);
  });

  test('keeps what was given', () => {
    expect(Quantity.of(30).amount).toBe(30);
    expect(Quantity.parse('30').amount).toBe('30');
  });

  test('the typed factories render as value() and averageValue() do', () => {
    expect(MetricTarget.valueQuantity(Quantity.parse('2k'))._toKube()).toEqual(MetricTarget.value('2k')._toKube());
    expect(MetricTarget.averageValueQuantity(Quantity.of(30))._toKube()).toEqual({ type: 'AverageValue', averageValue: '30' });
  });

  test('a text that is not a quantity is reported at synth with its path, not thrown', () => {
    const chart = new Chart(Testing.app(), 'c');
    expect(() => Quantity.parse('lots')).not.toThrow();
    new HorizontalPodAutoscalerV2(chart, 'Hpa', {
      target: ScaleTarget.fromReference({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }),
      maxReplicas: 3,
      metrics: [Metric.pods({ name: 'rps', target: MetricTarget.averageValueQuantity(Quantity.parse('lots')) })],
    });
    const errors = HpaValidator.validateChart(chart).filter(i => i.severity === 'error');
    expect(errors.map(i => i.path)).toEqual(['spec.metrics[0].pods.target.averageValue']);
    expect(errors[0].message).toContain('"lots"');
  });
});
