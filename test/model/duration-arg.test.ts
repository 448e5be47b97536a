import { parseDuration } from '../../src/model/duration-arg';

describe('parseDuration', () => {
  test.each([
    ['0', 0],
    ['90', 90],
    ['2.5', 2.5],
    ['90s', 90],
    ['5m', 300],
    ['1h', 3600],
    ['1h30m', 5400],
    ['1m30s', 90],
    ['2.5m', 150],
    [' 30m ', 1800],
    ['30m1h', 5400],
    ['.5m', 30],
    ['500ms', 0.5],
  ])('reads %j as %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toEqual({ ok: true, seconds });
  });

  test.each(['', 'm', '-5', '5x', '1.5.2s', '1 h', 'PT5M'])('fails when given %j', text => {
    expect(parseDuration(text)).toEqual({ ok: false, error: `"${text}" is not a duration (seconds, or with a unit: 90s, 5m, 1h, 1h30m)` });
  });
});
