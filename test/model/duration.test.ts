import { goDurationSeconds, goDurationString, parseGoDuration } from '../../src/model/duration';

describe('parseGoDuration (Go time.ParseDuration)', () => {
  // Cases from src/time/time_test.go parseDurationTests.
  test.each([
    ['0', 0],
    ['5s', 5],
    ['30s', 30],
    ['1478s', 1478],
    ['-5s', -5],
    ['+5s', 5],
    ['-0', 0],
    ['+0', 0],
    ['5.0s', 5],
    ['5.6s', 5.6],
    ['5.s', 5],
    ['.5s', 0.5],
    ['1.0s', 1],
    ['1.00s', 1],
    ['1.004s', 1.004],
    ['1.0040s', 1.004],
    ['100.00100s', 100.001],
    ['10ns', 10e-9],
    ['11us', 11e-6],
    ['12µs', 12e-6],
    ['12μs', 12e-6],
    ['13ms', 0.013],
    ['14s', 14],
    ['15m', 900],
    ['16h', 57600],
    ['3h30m', 12600],
    ['10.5s4m', 250.5],
    ['-2m3.4s', -123.4],
    ['1h2m3s4ms5us6ns', 3723.004005006],
    ['39h9m14.425s', 140954.425],
    ['.5m', 30],
    ['500us', 0.0005],
    ['30m1h', 5400],
    ['1h2m3.5s', 3723.5],
    ['9223372036.854775807s', 9223372036.854776],
  ])('reads %j as %d seconds', (text, seconds) => {
    const parsed = parseGoDuration(text);
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.seconds).toBeCloseTo(seconds, 9);
  });

  test.each([
    ['', 'time: invalid duration ""'],
    ['3', 'time: missing unit in duration "3"'],
    ['-', 'time: invalid duration "-"'],
    ['s', 'time: invalid duration "s"'],
    ['.', 'time: invalid duration "."'],
    ['-.', 'time: invalid duration "-."'],
    ['.s', 'time: invalid duration ".s"'],
    ['+.s', 'time: invalid duration "+.s"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['1 h', 'time: unknown unit " h" in duration "1 h"'],
    ['1.5.2s', 'time: missing unit in duration "1.5.2s"'],
    ['9223372036854775808ns', 'time: invalid duration "9223372036854775808ns"'],
    ['9223372036.854775808s', 'time: invalid duration "9223372036.854775808s"'],
    ['PT5M', 'time: invalid duration "PT5M"'],
  ])('refuses %j: %s', (text, error) => {
    expect(parseGoDuration(text)).toEqual({ ok: false, error });
    expect(goDurationSeconds(text)).toBeUndefined();
  });

  test('-9223372036.854775808s is the most negative duration', () => {
    expect(parseGoDuration('-9223372036.854775808s').ok).toBe(true);
  });

  test('writes seconds back as Go does, and reads them again', () => {
    for (const seconds of [90, 180, 3600, 5400, 0.5, 3723]) {
      expect(goDurationSeconds(goDurationString(seconds))).toBe(seconds);
    }
  });
});

describe('a number where a Duration belongs (plain JavaScript)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Behavior, ExternalFallback, ScalingPolicy } = require('../../src');
  test.each([
    ['ScalingPolicy.pods', () => ScalingPolicy.pods(4, 60), 'ScalingPolicy.pods(): period must be a cdk8s Duration, such as Duration.seconds(60); got 60'],
    ['ScalingPolicy.percent', () => ScalingPolicy.percent(10, '1m'), 'ScalingPolicy.percent(): period must be a cdk8s Duration, such as Duration.seconds(60) or Duration.minutes(5); got "1m"'],
    ['ExternalFallback.replicas', () => ExternalFallback.replicas(3, { failureDuration: 180 }), 'ExternalFallback.replicas(): failureDuration must be a cdk8s Duration, such as Duration.seconds(180); got 180'],
    ['Behavior.of', () => Behavior.of({ scaleDown: { stabilizationWindow: 300 } }), 'Behavior.of(): scaleDown.stabilizationWindow must be a cdk8s Duration, such as Duration.seconds(300); got 300'],
  ])('%s says which parameter and what to write, not "toSeconds is not a function"', (_name, call, message) => {
    expect(call).toThrow(new Error(message));
  });
});

test("the names of Object.prototype's members are unknown units, as in Go", () => {
  expect(parseGoDuration('1toString')).toEqual({ ok: false, error: 'time: unknown unit "toString" in duration "1toString"' });
  expect(parseGoDuration('2__proto__')).toEqual({ ok: false, error: 'time: unknown unit "__proto__" in duration "2__proto__"' });
});
