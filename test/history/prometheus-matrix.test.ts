/**
 * The streaming reader of range-query responses: the shapes Prometheus writes (the API's
 * envelope, promtool's bare matrix), cut into chunks anywhere, and the responses it refuses.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as fc from 'fast-check';
import { decimal, MatrixReader, mergeSeries, readMatrixFile, readMatrixText } from '../../src/history/prometheus-matrix';

const FIXTURES = path.join(__dirname, '..', '..', 'cli', 'test', 'fixtures', 'history');

/** The samples of each series, as plain arrays. */
function samples(text: string, chunk?: number) {
  let doc;
  if (chunk === undefined) {
    doc = readMatrixText(text, 'x.json');
  } else {
    const reader = new MatrixReader('x.json');
    for (let i = 0; i < text.length; i += chunk) reader.write(text.slice(i, i + chunk));
    doc = reader.end();
  }
  return {
    warnings: doc.warnings,
    series: doc.series.map(s => ({
      labels: s.labels,
      times: Array.from(s.times.subarray(0, s.length)),
      values: Array.from(s.values.subarray(0, s.length)),
      histograms: s.histograms,
    })),
  };
}

// What curl saves from /api/v1/query_range (Prometheus v0.316.0), with a NaN, an infinity, a
// value Go writes with an exponent, milliseconds in a time, a label with an escaped quote.
const ENVELOPE = '{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"__name__":"app_cpu","app":"web","pod":"web-\\"a\\""},'
  + '"values":[[1795701600,"NaN"],[1795701615.5,"0.11"],[1795701630,"+Inf"],[1795701645,"1e-07"]]},{"metric":{"pod":"web-b"},"values":[[1795701600,"-0.25"]]}]}}';

describe('reading a range-query response', () => {
  test('reads the API\'s envelope: labels, times in seconds, values with NaN and infinities', () => {
    expect(samples(ENVELOPE)).toEqual({
      warnings: [],
      series: [
        { labels: { __name__: 'app_cpu', app: 'web', pod: 'web-"a"' }, times: [1795701600, 1795701615.5, 1795701630, 1795701645], values: [NaN, 0.11, Infinity, 1e-7], histograms: 0 },
        { labels: { pod: 'web-b' }, times: [1795701600], values: [-0.25], histograms: 0 },
      ],
    });
  });

  test('gives the same series whatever the chunks the text arrives in', () => {
    const whole = samples(ENVELOPE);
    for (const chunk of [1, 2, 3, 5, 7, 11, 64]) expect(samples(ENVELOPE, chunk)).toEqual(whole);
  });

  test('reads promtool query range -o json: a bare matrix, with "histograms": null', () => {
    const text = '[{"metric":{"__name__":"up","job":"x"},"values":[[1795701600,"1"],[1795701615,"0"]],"histograms":null},{"metric":{},"values":null,"histograms":null}]\n';
    expect(samples(text, 4).series).toEqual([
      { labels: { __name__: 'up', job: 'x' }, times: [1795701600, 1795701615], values: [1, 0], histograms: 0 },
      { labels: {}, times: [], values: [], histograms: 0 },
    ]);
  });

  test('reads pretty-printed JSON, stats and warnings; counts native histogram samples', () => {
    const text = JSON.stringify({
      status: 'success',
      warnings: ['PromQL warning: this is a warning'],
      infos: ['PromQL info: metric might not be a counter'],
      data: {
        resultType: 'matrix',
        result: [{ metric: { a: 'b' }, values: [[1, '2'], [2, '3']], histograms: [[3, { count: '1', sum: '2', buckets: [[0, '1', '2', '3']] }]] }],
        stats: { timings: { evalTotalTime: 0.1 }, samples: { totalQueryableSamples: 2 } },
      },
    }, null, 2);
    expect(samples(text, 3)).toEqual({
      warnings: ['PromQL warning: this is a warning', 'PromQL info: metric might not be a counter'],
      series: [{ labels: { a: 'b' }, times: [1, 2], values: [2, 3], histograms: 1 }],
    });
  });

  test('reads the responses of the real Prometheus saved as fixtures, curl\'s and promtool\'s alike', () => {
    const api = samples(fs.readFileSync(path.join(FIXTURES, 'web-cpu.json'), 'utf8'));
    const promtool = samples(fs.readFileSync(path.join(FIXTURES, 'web-cpu.promtool.json'), 'utf8'));
    expect(api.series.length).toBeGreaterThan(1);
    expect(promtool.series).toEqual(api.series);
    const file = readMatrixFile(path.join(FIXTURES, 'web-cpu.json'));
    expect(file.series.map(s => s.length)).toEqual(api.series.map(s => s.times.length));
  });

  test.each([
    ['', 'x.json: is empty, not a Prometheus range-query response'],
    ['{"status":"error","errorType":"bad_data","error":"exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)"}',
      'x.json: Prometheus answered with an error (bad_data): exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)'],
    ['{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"2"]}]}}',
      'x.json: data.resultType is "vector", not "matrix": an instant query (/api/v1/query); ask /api/v1/query_range with start, end and step'],
    ['{"status":"success","data":{"resultType":"scalar","result":[1,"2"]}}', 'x.json: data.resultType is "scalar", not "matrix"'],
    ['{"data":{"resultType":"matrix","result":[]}}', 'x.json: not a Prometheus API response (no "status": "success" with "data"); give the JSON /api/v1/query_range returns, or what promtool query range -o json prints'],
    ['{"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1,2]]}]}}', 'x.json: a sample value is not a string (Prometheus writes "0.5") at character 87'],
    ['{"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1,"x"]]}]}}', 'x.json: sample value "x" is not a number at character 87'],
    ['{"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1,"2"]', 'x.json: ends before its JSON is complete (a download cut short?)'],
    ['[1,2]', 'x.json: an element of "result" is not a series object ({"metric": ..., "values": ...}): not a matrix at character 2'],
    ['[{"metric":{"a":1}}]', 'x.json: label a is not a string at character 19'],
    ['{"a":1} {}', 'x.json: has more text after the JSON value at character 9'],
    ['<html>502 Bad Gateway</html>', 'x.json: does not start with { or [: not a Prometheus range-query response at character 1'],
  ])('refuses %j', (text, message) => {
    expect(() => readMatrixText(text, 'x.json')).toThrow(message);
    // The same when the text comes a character at a time.
    const reader = new MatrixReader('x.json');
    expect(() => {
      for (const c of text) reader.write(c);
      reader.end();
    }).toThrow(message);
  });

  test('a file that cannot be read says so', () => {
    expect(() => readMatrixFile('/no/such/file.json')).toThrow('/no/such/file.json: cannot read: ENOENT');
  });
});

describe('decimal', () => {
  test('reads every number as Number() does', () => {
    const text = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.nat({ max: 999999 })).map(([i, f]) => `${i}.${String(f).padStart(6, '0')}`),
      fc.stringMatching(/^[+-]?\d{1,18}(\.\d{0,18})?$/),
    );
    fc.assert(fc.property(text, t => Object.is(decimal(t, 0, t.length), Number(t))), { numRuns: 3000 });
  });

  test.each(['', '-', '.', '1.2.3', 'abc'])('is NaN for %j', t => {
    expect(decimal(t, 0, t.length)).toBeNaN();
  });
});

describe('mergeSeries', () => {
  const plain = (series: ReturnType<typeof mergeSeries>) =>
    series.map(s => [s.labels, Array.from(s.times.subarray(0, s.length)), Array.from(s.values.subarray(0, s.length))]);
  const first = () => readMatrixText('[{"metric":{"pod":"a"},"values":[[0,"1"],[15,"2"]]}]', 'one').series;
  const second = () => readMatrixText('[{"metric":{"pod":"a"},"values":[[15,"2"],[30,"3"]]},{"metric":{"pod":"b"},"values":[[30,"9"]]}]', 'two').series;

  test('a later range joins the series of the same labels, the sample both have kept once', () => {
    expect(plain(mergeSeries(first(), second()))).toEqual([
      [{ pod: 'a' }, [0, 15, 30], [1, 2, 3]],
      [{ pod: 'b' }, [30], [9]],
    ]);
  });

  test('the ranges may come in any order', () => {
    expect(plain(mergeSeries(second(), first()))).toEqual([
      [{ pod: 'a' }, [0, 15, 30], [1, 2, 3]],
      [{ pod: 'b' }, [30], [9]],
    ]);
  });
});
