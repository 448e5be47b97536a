import { Testing } from 'cdk8s';
import { ClusterProfile, ExternalFallbackFormat } from '../src';

describe('ClusterProfile', () => {
  test('defaults to the newest Kubernetes release the library knows (its table holds only shipped releases), with its default gates', () => {
    const p = ClusterProfile.of();
    expect(p.version).toBe('1.37');
    expect(p.minor).toBe(37);
    expect(p.isGateEnabled('HPAScaleToZero')).toBe(true);
    expect(p.isGateEnabled('HPAConfigurableTolerance')).toBe(true);
    expect(p.isGateEnabled('HPAExternalMetricFallback')).toBe(false);
    expect(p.fallbackFormat).toBe(ExternalFallbackFormat.FAILURE_DURATION);
    expect(p._facts().problems).toEqual([]);
  });

  test.each([
    ['1.23', false, false, false],
    ['1.27', false, false, true],
    ['1.32', false, false, true],
    ['1.33', false, false, true],
    ['1.34', false, false, true],
    ['1.35', false, true, true],
    ['1.36', false, true, true],
    ['1.37', true, true, true],
  ])('Kubernetes %s: HPAScaleToZero %s, HPAConfigurableTolerance %s, HPAContainerMetrics %s by default', (version, zero, tolerance, container) => {
    const p = ClusterProfile.of({ version });
    expect([p.isGateEnabled('HPAScaleToZero'), p.isGateEnabled('HPAConfigurableTolerance'), p.isGateEnabled('HPAContainerMetrics')])
      .toEqual([zero, tolerance, container]);
  });

  test('explicit gates override the release defaults', () => {
    const p = ClusterProfile.of({ version: 'v1.34.2', featureGates: { HPAScaleToZero: true, HPAConfigurableTolerance: true, HPAExternalMetricFallback: true } });
    expect(p.minor).toBe(34);
    expect(p.isGateEnabled('HPAScaleToZero')).toBe(true);
    expect(p.isGateEnabled('HPAConfigurableTolerance')).toBe(true);
    expect(p.isGateEnabled('HPAExternalMetricFallback')).toBe(true);
  });

  test('a gate that does not exist in the version stays off and is a problem', () => {
    const p = ClusterProfile.of({ version: '1.30', featureGates: { HPAConfigurableTolerance: true } });
    expect(p.isGateEnabled('HPAConfigurableTolerance')).toBe(false);
    expect(p._facts().problems).toEqual([['featureGates.HPAConfigurableTolerance', true, expect.stringContaining('has no HPAConfigurableTolerance')]]);
  });

  test.each(['1.39', 'v1.40.0'])('a release newer than the table (%s) is judged as the newest one, with no problem', version => {
    const p = ClusterProfile.of({ version });
    const newest = ClusterProfile.of({ version: '1.38' });
    expect(p.version).toBe(version);
    expect(p.minor).toBe(Number(version.split('.')[1]));
    expect([p._facts().newerThanKnown, newest._facts().newerThanKnown]).toEqual([true, false]);
    expect(p._facts().release).toBe(newest._facts().release);
    for (const gate of ['HPAScaleToZero', 'HPAConfigurableTolerance', 'HPAContainerMetrics', 'HPAExternalMetricFallback', 'SidecarContainers', 'PodLevelResources']) {
      expect([gate, p.isGateEnabled(gate)]).toEqual([gate, newest.isGateEnabled(gate)]);
    }
    expect(p._facts().problems).toEqual([]);
  });

  test('a release newer than the table takes the gates it declares as given, even those the newest release locks on', () => {
    const p = ClusterProfile.of({ version: '1.39', featureGates: { HPAConfigurableTolerance: false, HPAScaleToZero: false, HPAExternalMetricFallback: true } });
    expect([p.isGateEnabled('HPAConfigurableTolerance'), p.isGateEnabled('HPAScaleToZero'), p.isGateEnabled('HPAExternalMetricFallback')]).toEqual([false, false, true]);
    expect(p._facts().problems).toEqual([]);
    expect(ClusterProfile.of({ version: '1.37', featureGates: { HPAConfigurableTolerance: false } }).isGateEnabled('HPAConfigurableTolerance')).toBe(true);
  });

  test('an older or malformed version is a problem, judged meanwhile as the default release', () => {
    for (const version of ['1.22', '1.x', '2.0']) {
      const p = ClusterProfile.of({ version });
      expect(p._facts().problems).toEqual([['version', version, 'must be a Kubernetes version 1.23 or later, such as "1.37"']]);
      expect([p._facts().newerThanKnown, p._facts().release.minor]).toEqual([false, 37]);
    }
  });

  test('a gate it does not know is off, whatever the profile declares', () => {
    const p = ClusterProfile.of({ featureGates: { constructor: true, NoSuchGate: true } as any });
    expect([p.isGateEnabled('constructor'), p.isGateEnabled('NoSuchGate'), p.isGateEnabled('toString')]).toEqual([false, false, false]);
  });

  test('reports unknown versions and gates instead of throwing', () => {
    const p = ClusterProfile.of({ version: '2.0', featureGates: { NoSuchGate: true } });
    expect(p._facts().problems.map(([field]) => field)).toEqual(['version', 'featureGates.NoSuchGate']);
  });

  test('applyTo sets the profile for every construct below the scope; the nearest wins', () => {
    const chart = Testing.chart();
    const app = chart.node.root;
    const appProfile = ClusterProfile.of({ version: '1.33' });
    const chartProfile = ClusterProfile.of({ version: '1.35' });
    expect(ClusterProfile.lookup(chart).version).toBe('1.37');
    appProfile.applyTo(app);
    expect(ClusterProfile.lookup(chart)).toBe(appProfile);
    chartProfile.applyTo(chart);
    expect(ClusterProfile.lookup(chart)).toBe(chartProfile);
  });
});
