import { cpuUtilization, externalAverageValue, hpaManifest } from './helpers';
import { ClusterProfile, HpaSimulator, MetricObservation, SimulationTrace } from '../../src';

/** A minimal XML well-formedness check: balanced tags, quoted attributes, nothing outside the root. */
function checkWellFormed(xml: string): void {
  const stack: string[] = [];
  const re = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<|>/g;
  let roots = 0;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    if (!m[2]) throw new Error(`stray ${m[0]} at ${m.index}`);
    if (m[1]) {
      if (stack.pop() !== m[2]) throw new Error(`unbalanced </${m[2]}> at ${m.index}`);
    } else if (!m[4]) {
      if (stack.length === 0) roots++;
      stack.push(m[2]);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

const points = (svg: string, series: string) =>
  [...svg.matchAll(new RegExp(`<polyline [^>]*data-series="${series}"[^>]*points="([^"]*)"`, 'g'))]
    .flatMap(m => m[1].split(' ').map(p => p.split(',').map(Number)));

describe('SimulationResult', () => {
  const manifest = hpaManifest({
    minReplicas: 0,
    maxReplicas: 8,
    metrics: [externalAverageValue('queue', 30, { failureDuration: '1m', replicas: 5 })],
  });
  const cluster = ClusterProfile.of({ version: '1.36', featureGates: { HPAScaleToZero: true, HPAExternalMetricFallback: true } });
  const trace = SimulationTrace.create()
    .at(0, 'queue', MetricObservation.value(90))
    .at(60, 'queue', MetricObservation.failure())
    .at(240, 'queue', MetricObservation.value(0))
    .at(900, 'queue', MetricObservation.value(40));
  const result = HpaSimulator.fromManifest(manifest, { cluster, initialReplicas: 3 }).run(trace, { until: 1200 });

  test('the trace goes through fallback and zero', () => {
    expect(result.replicas.slice(0, 20)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    expect(result.replicas).toContain(0);
    expect(result.replicas[result.replicas.length - 1]).toBe(2);
  });

  test('toCsv has a header and one row per step with the conditions', () => {
    const lines = result.toCsv().trim().split('\n');
    expect(lines[0]).toBe('time,replicas,desiredReplicas,queue.usage,queue.proposal,queue.fallback,AbleToScale,ScalingActive,ScalingLimited,ScaledToZero,ExternalMetricFallbackActive,error');
    expect(lines).toHaveLength(result.steps.length + 1);
    expect(lines[1]).toBe('0,3,3,90,3,,True/ReadyForNewScale,True/ValidMetricFound,False/DesiredWithinRange,,False/FallbackInactive,');
    expect(lines[9]).toBe('120,5,5,error,5,active,True/SucceededRescale,True/ValidMetricFound,False/DesiredWithinRange,False/NotScaledToZero,True/FallbackActive,');
    expect(lines[5]).toMatch(/^60,3,3,error,,,.*"invalid metrics \(1 invalid out of 1\), first error is: .*"$/);
  });

  test('toSvg is well-formed, one replicas point per step, min/max lines and shaded periods', () => {
    const svg = result.toSvg();
    checkWellFormed(svg);
    const replicas = points(svg, 'replicas');
    expect(replicas).toHaveLength(result.steps.length);
    // x grows with time; y is lower on the page for fewer replicas, equal for equal counts.
    for (let i = 1; i < replicas.length; i++) {
      expect(replicas[i][0]).toBeGreaterThan(replicas[i - 1][0]);
      const [a, b] = [result.steps[i - 1].replicas, result.steps[i].replicas];
      expect(Math.sign(replicas[i - 1][1] - replicas[i][1])).toBe(Math.sign(b - a));
    }
    // The queue line has a point for every step with a usage; failures are marked instead.
    const withUsage = result.steps.filter(s => s.metrics[0]?.usage !== undefined).length;
    expect(points(svg, 'queue')).toHaveLength(withUsage);
    expect((svg.match(/class="failure"/g) ?? []).length).toBe(result.steps.filter(s => s.metrics[0]?.error !== undefined).length);
    expect(svg).toContain('class="max"');
    expect(svg).toContain('max 8');
    expect(svg).toContain('min 0');
    expect(svg).toContain('target 30');
    expect(svg).toMatch(/class="band fallback"/);
    expect(svg).toMatch(/class="band scaled-to-zero"/);
    expect(svg).toContain('>scaled to zero<');
  });

  test('without metrics readings the metric panel still renders', () => {
    const r = HpaSimulator.fromManifest(hpaManifest({ maxReplicas: 3, metrics: [cpuUtilization(50)] })).run(SimulationTrace.create(), { until: 30 });
    const svg = r.toSvg({ width: 600 });
    checkWellFormed(svg);
    expect(points(svg, 'cpu')).toHaveLength(0);
    expect(svg).toContain('width="600"');
  });
});
