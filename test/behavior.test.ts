import { Duration } from 'cdk8s';
import { Behavior, ScalingPolicy, SelectPolicy } from '../src';

describe('Behavior', () => {
  test('renders only the fields that are set, so the server defaults apply', () => {
    expect(Behavior.of({ scaleUp: { selectPolicy: SelectPolicy.MIN } })._toKube()).toEqual({
      scaleUp: { selectPolicy: 'Min', stabilizationWindowSeconds: undefined, policies: undefined, tolerance: undefined },
      scaleDown: undefined,
    });
  });

  test('renders every field of both directions', () => {
    const behavior = Behavior.of({
      scaleUp: {
        stabilizationWindow: Duration.seconds(0),
        policies: [ScalingPolicy.pods(4, Duration.seconds(15)), ScalingPolicy.percent(100, Duration.seconds(15))],
        selectPolicy: SelectPolicy.MAX,
        tolerance: 0.05,
      },
      scaleDown: {
        stabilizationWindow: Duration.minutes(10),
        policies: [ScalingPolicy.percent(50, Duration.minutes(1))],
        selectPolicy: SelectPolicy.DISABLED,
        tolerance: 0,
      },
    });
    expect(JSON.parse(JSON.stringify(behavior._toKube()))).toEqual({
      scaleUp: {
        stabilizationWindowSeconds: 0,
        policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }],
        selectPolicy: 'Max',
        tolerance: '0.05',
      },
      scaleDown: {
        stabilizationWindowSeconds: 600,
        policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }],
        selectPolicy: 'Disabled',
        tolerance: '0',
      },
    });
  });

  test('an explicit empty policies list is kept (the validator reports it)', () => {
    expect(Behavior.of({ scaleDown: { policies: [] } })._toKube().scaleDown?.policies).toEqual([]);
  });

  test('SelectPolicy members carry the wire values', () => {
    expect([SelectPolicy.MAX, SelectPolicy.MIN, SelectPolicy.DISABLED]).toEqual(['Max', 'Min', 'Disabled']);
  });
});
