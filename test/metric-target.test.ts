import { MetricTarget, MetricTargetType } from '../src';

describe('MetricTarget', () => {
  test.each([
    ['value(100)', MetricTarget.value(100), { type: 'Value', value: '100' }],
    ["value('1Gi')", MetricTarget.value('1Gi'), { type: 'Value', value: '1Gi' }],
    ['averageValue(0.5)', MetricTarget.averageValue(0.5), { type: 'AverageValue', averageValue: '0.5' }],
    ["averageValue('500m')", MetricTarget.averageValue('500m'), { type: 'AverageValue', averageValue: '500m' }],
    ["averageValue('0.01')", MetricTarget.averageValue('0.01'), { type: 'AverageValue', averageValue: '0.01' }],
    ['averageUtilization(70)', MetricTarget.averageUtilization(70), { type: 'Utilization', averageUtilization: 70 }],
    ['averageUtilization(250) has no upper bound', MetricTarget.averageUtilization(250), { type: 'Utilization', averageUtilization: 250 }],
  ])('%s renders as a quantity string target', (_name, target, expected) => {
    expect(target._toKube()).toEqual(expected);
  });

  test('keeps the raw values for the validator', () => {
    const t = MetricTarget.averageValue('not-a-quantity');
    expect(t.type).toBe(MetricTargetType.AVERAGE_VALUE);
    expect(t.quantity).toBe('not-a-quantity');
    expect(MetricTarget.averageUtilization(-5).percent).toBe(-5);
  });

  test('does not throw for bad values', () => {
    expect(() => MetricTarget.value(Number.NaN)._toKube()).not.toThrow();
    expect(MetricTarget.value(-1)._toKube()).toEqual({ type: 'Value', value: '-1' });
  });
});
