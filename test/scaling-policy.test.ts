import { Duration } from 'cdk8s';
import { ScalingPolicy, ScalingPolicyType } from '../src';

describe('ScalingPolicy', () => {
  test('pods(count, period) renders type Pods with periodSeconds', () => {
    expect(ScalingPolicy.pods(4, Duration.seconds(15))._toKube()).toEqual({ type: 'Pods', value: 4, periodSeconds: 15 });
  });

  test('percent(percent, period) renders type Percent and may exceed 100', () => {
    expect(ScalingPolicy.percent(200, Duration.minutes(2))._toKube()).toEqual({ type: 'Percent', value: 200, periodSeconds: 120 });
  });

  test('a period that is not whole seconds is kept fractional for the validator, not thrown', () => {
    const policy = ScalingPolicy.pods(1, Duration.millis(1500));
    expect(policy.type).toBe(ScalingPolicyType.PODS);
    expect(policy._toKube()).toEqual({ type: 'Pods', value: 1, periodSeconds: 1.5 });
  });
});
