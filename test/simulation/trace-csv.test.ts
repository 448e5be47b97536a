import { MetricObservation } from '../../src/simulation/metric-observation';
import { SimulatedMetric } from '../../src/simulation/simulation-step';
import { parseTraceCsv } from '../../src/simulation/trace-csv';

const METRICS: SimulatedMetric[] = [
  { id: 'cpu', type: 'Resource', targetType: 'Utilization', target: 50 },
  { id: 'app/memory', type: 'ContainerResource', targetType: 'AverageValue', target: 2 ** 30 },
  { id: 'queue', type: 'External', targetType: 'AverageValue', target: 30 },
  { id: 'rps', type: 'Object', targetType: 'Value', target: 100 },
];

function parse(...rows: string[]) {
  return parseTraceCsv(['time,metric,observation,value', ...rows].join('\n'), METRICS);
}

describe('parseTraceCsv', () => {
  test('reads every observation, times with units and quantities, in time order', () => {
    const parsed = parse(
      '0,cpu,perPodUsage,40',
      '90s,cpu,totalUsage,400',
      '2m,app/memory,podSamples,512Mi; 1Gi ;1.5Gi',
      '0,queue,series,10;20;30',
      '1h,queue,failure,',
      '1h,rps,value,250m',
      '30,rps,failure,"adapter: down, retrying ""soon"""',
      '10m,,scaleTo,3',
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.lastTime).toBe(3600);
    expect(parsed.trace.entries).toEqual([
      { time: 0, metric: 'cpu', observation: MetricObservation.perPodUsage(40) },
      { time: 0, metric: 'queue', observation: MetricObservation.series([10, 20, 30]) },
      { time: 30, metric: 'rps', observation: MetricObservation.failure('adapter: down, retrying "soon"') },
      { time: 90, metric: 'cpu', observation: MetricObservation.totalUsage(400) },
      { time: 120, metric: 'app/memory', observation: MetricObservation.podSamples([2 ** 29, 2 ** 30, 1.5 * 2 ** 30]) },
      { time: 3600, metric: 'queue', observation: MetricObservation.failure() },
      { time: 3600, metric: 'rps', observation: MetricObservation.value(0.25) },
    ]);
    expect(parsed.trace.manualScales).toEqual([{ time: 600, replicas: 3 }]);
  });

  test('skips blank and comment lines, takes the header in any case, and a failure without a value field', () => {
    const parsed = parseTraceCsv('# load test\n\n Time , Metric,OBSERVATION,value\r\n0,cpu,PerPodUsage,40\r\n5,cpu,failure\n', METRICS);
    expect(parsed.problems).toEqual([]);
    expect(parsed.trace.entries.map(e => e.observation)).toEqual([MetricObservation.perPodUsage(40), MetricObservation.failure()]);
  });

  test('a trace with only the header has no rows', () => {
    const parsed = parse();
    expect(parsed.problems).toEqual([]);
    expect(parsed.lastTime).toBe(0);
    expect(parsed.trace.entries).toEqual([]);
  });

  test('fails when the file is empty: no header', () => {
    expect(parseTraceCsv('\n# nothing\n', METRICS).problems).toEqual([{ line: 1, message: 'no header: the first line must be time,metric,observation,value' }]);
  });

  test.each([
    ['1m,queue,perPodUsage,5', 'observation: perPodUsage is for Resource, ContainerResource, Pods metrics; "queue" is an External metric: use value, series or failure'],
    ['1m,rps,series,1;2', 'observation: series is for External metrics; "rps" is an Object metric: use value or failure'],
    ['1m,cpu,scaleTo,3', 'scaleTo sets the target\'s replicas: leave the metric empty (got "cpu")'],
    ['1m,,scaleTo,-1', 'value: scaleTo needs a whole number of replicas (got "-1")'],
    ['1m,cpu', 'has 2 fields; a row is time,metric,observation,value (quote a value that holds a comma)'],
    ['1m,cpu,perPodUsage,', 'value: "" is not a number or quantity (such as 40, 0.5, 500m, 2Gi)'],
    ['1m,cpu,totalUsage,1e999', 'value: "1e999" is not a number or quantity (such as 40, 0.5, 500m, 2Gi)'],
    ['1m,cpu,failure,"a"b', 'text after a closing quote; a quote inside a quoted field is written ""'],
    ['-1,cpu,perPodUsage,5', 'time: "-1" is not a duration (seconds, or with a unit: 90s, 5m, 1h, 1h30m)'],
  ])('fails when a row is %j', (row, message) => {
    expect(parse('0,cpu,perPodUsage,40', row).problems).toEqual([{ line: 3, message }]);
  });

  test('allows negative Object and External values', () => {
    expect(parse('0,rps,value,-3').trace.entries[0].observation).toEqual(MetricObservation.value(-3));
  });
});
