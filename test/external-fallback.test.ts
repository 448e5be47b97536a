import { Duration } from 'cdk8s';
import { ExternalFallback, ExternalFallbackFormat } from '../src';
import { goDurationString } from '../src/model/duration';

describe('ExternalFallback', () => {
  test('defaults failureDuration to 3 minutes, as the KEP writes it', () => {
    expect(ExternalFallback.replicas(10)._toKube(ExternalFallbackFormat.FAILURE_DURATION)).toEqual({ failureDuration: '3m', replicas: 10 });
  });

  test.each([
    [Duration.seconds(90), '1m30s'],
    [Duration.hours(1), '1h'],
    [Duration.minutes(75), '1h15m'],
    [Duration.seconds(0), '0s'],
  ])('renders %s as %s', (duration, expected) => {
    expect(ExternalFallback.replicas(2, { failureDuration: duration })._toKube(ExternalFallbackFormat.FAILURE_DURATION))
      .toEqual({ failureDuration: expected, replicas: 2 });
  });

  test('renders failureDurationSeconds when the cluster profile asks for that shape', () => {
    expect(ExternalFallback.replicas(4, { failureDuration: Duration.minutes(5) })._toKube(ExternalFallbackFormat.FAILURE_DURATION_SECONDS))
      .toEqual({ failureDurationSeconds: 300, replicas: 4 });
  });

  test('goDurationString writes fractional seconds instead of rounding them away', () => {
    expect(goDurationString(1.5)).toBe('1.5s');
    expect(goDurationString(-60)).toBe('-1m');
  });
});
