import { Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { cpuUtilization, externalAverageValue, hpaManifest } from './helpers';
import {
  Behavior, ClusterProfile, ConditionStatus, ConditionType, HorizontalPodAutoscalerV2, HpaSimulator, HpaValidator, Metric,
  MetricObservation, MetricTarget, Severity, SimulationTrace,
} from '../../src';

const cpu = (usage: number) => MetricObservation.perPodUsage(usage);
/** Replicas after each sync, from `from` to `to` seconds (inclusive), 15 s apart. */
const between = (replicas: number[], from: number, to: number) => replicas.slice(from / 15, to / 15 + 1);
/** The release the step-by-step expectations below were worked out for (1.37's syncs drift: see `syncsDrift` in kubernetes-releases.ts). */
const V136 = ClusterProfile.of({ version: '1.36' });
const ZERO_CLUSTER = ClusterProfile.of({ version: '1.36', featureGates: { HPAScaleToZero: true } });
const FALLBACK_CLUSTER = ClusterProfile.of({ version: '1.36', featureGates: { HPAExternalMetricFallback: true } });

describe('HpaSimulator end to end', () => {
  test('a spike without behavior: max(2c, 4) per sync up, then the 300 s window before each step down', () => {
    const sim = HpaSimulator.fromManifest(hpaManifest({ minReplicas: 1, maxReplicas: 10, metrics: [cpuUtilization(50)] }), { cluster: V136 });
    const trace = SimulationTrace.create().at(0, 'cpu', cpu(50)).at(60, 'cpu', cpu(200)).at(150, 'cpu', cpu(10));
    const r = sim.run(trace, { until: 900 });
    expect(between(r.replicas, 0, 105)).toEqual([1, 1, 1, 1, 4, 8, 10, 10]);
    // The last proposal of 40 was recorded at 135 s; exactly 300 s old at 435 s, it still counts
    // (Before(cutoff) upstream), and leaves the window at 450 s.
    expect(between(r.replicas, 420, 450)).toEqual([10, 10, 2]);
    // At 2 pods, 10% proposes 1; the proposals of 2 up to 450 s hold it through 750 s.
    expect(between(r.replicas, 735, 765)).toEqual([2, 2, 1]);
    expect(r.conditionAt(4, ConditionType.SCALING_LIMITED)).toMatchObject({ status: ConditionStatus.FALSE, reason: 'DesiredWithinRange' });
    expect(r.conditionAt(5, ConditionType.SCALING_LIMITED)).toMatchObject({ status: ConditionStatus.TRUE, reason: 'ScaleUpLimit' });
    expect(r.conditionAt(6, ConditionType.SCALING_LIMITED)).toMatchObject({ status: ConditionStatus.TRUE, reason: 'TooManyReplicas' });
    expect(r.conditionAt(20, ConditionType.ABLE_TO_SCALE)).toMatchObject({ reason: 'ScaleDownStabilized' });
    expect(r.conditionAt(30, ConditionType.ABLE_TO_SCALE)).toMatchObject({ reason: 'SucceededRescale' });
  });

  test('no behavior and behavior: {} differ: 1 -> 4 -> 8 -> 10 against 1 -> 5 -> 10', () => {
    const trace = SimulationTrace.create().at(0, 'cpu', cpu(500));
    const without = HpaSimulator.fromManifest(hpaManifest({ maxReplicas: 10, metrics: [cpuUtilization(50)] }), { cluster: V136, initialReplicas: 1 });
    const emptyBehavior = hpaManifest({ maxReplicas: 10, metrics: [cpuUtilization(50)], behavior: {} });
    const empty = HpaSimulator.fromManifest(emptyBehavior, { cluster: V136, initialReplicas: 1 });
    expect(without.run(trace, { until: 45 }).replicas).toEqual([4, 8, 10, 10]);
    // The scale event of 0 s is exactly one period (15 s) old at 15 s: it was recorded when the scale
    // update returned, after the decision, so it still counts and holds the count at 5 for a sync.
    expect(empty.run(trace, { until: 45 }).replicas).toEqual([5, 5, 10, 10]);
  });

  test('burst then idle with a scale-down policy of 1 pod per 60 s after a 60 s window', () => {
    const behavior = { scaleDown: { stabilizationWindowSeconds: 60, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } };
    const manifest = hpaManifest({ minReplicas: 2, maxReplicas: 6, metrics: [cpuUtilization(50)], behavior });
    const sim = HpaSimulator.fromManifest(manifest, { cluster: V136 });
    const trace = SimulationTrace.create().at(0, 'cpu', cpu(150)).at(30, 'cpu', cpu(5));
    const r = sim.run(trace, { until: 360 });
    // Up at once (6 = 2 * 3 capped by max), then the idle proposals (1) must fill the 60 s
    // window: the proposal of 18 at 15 s leaves it at 75 s; then one pod per 75 s down to min 2
    // (a scale event exactly 60 s old still counts: it was recorded after its sync's decision).
    expect(r.replicas).toEqual([6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2]);
    expect(r.conditionAt(7, ConditionType.SCALING_LIMITED)).toMatchObject({ status: ConditionStatus.TRUE, reason: 'ScaleDownLimit' });
    expect(r.conditionAt(20, ConditionType.SCALING_LIMITED)).toMatchObject({ status: ConditionStatus.TRUE, reason: 'TooFewReplicas' });
  });

  test('the first sync never scales down with a down window (TestScaleDownStabilizeInitialSize)', () => {
    const manifest = hpaManifest({ minReplicas: 1, maxReplicas: 10, metrics: [cpuUtilization(50)], behavior: {} });
    const sim = HpaSimulator.fromManifest(manifest, { initialReplicas: 5 });
    const r = sim.run(SimulationTrace.create().at(0, 'cpu', cpu(10)), { until: 0 });
    expect(r.replicas).toEqual([5]);
    expect(r.conditionAt(0, ConditionType.ABLE_TO_SCALE)).toMatchObject({ reason: 'ScaleDownStabilized' });
  });

  test('replicas outside min/max are corrected without metrics (TestScaleDownRCImmediately)', () => {
    const sim = HpaSimulator.fromManifest(hpaManifest({ minReplicas: 2, maxReplicas: 5, metrics: [cpuUtilization(50)] }), { initialReplicas: 6 });
    const r = sim.run(SimulationTrace.create(), { until: 15 });
    expect(r.replicas).toEqual([5, 5]);
    expect(r.steps[0].metrics).toEqual([]);
    expect(r.conditionAt(0, ConditionType.ABLE_TO_SCALE)).toMatchObject({ reason: 'SucceededRescale' });
    // The second sync reads the metric, which the trace does not have: blocked.
    expect(r.conditionAt(1, ConditionType.SCALING_ACTIVE)).toMatchObject({ status: ConditionStatus.FALSE, reason: 'FailedGetResourceMetric' });
  });

  test('a failing metric blocks scale-down but not scale-up (TestScaleUpOneMetricInvalid, TestScaleDownOneMetricInvalid)', () => {
    const manifest = hpaManifest({ minReplicas: 1, maxReplicas: 10, metrics: [cpuUtilization(50), externalAverageValue('queue', 10)], behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } });
    const up = HpaSimulator.fromManifest(manifest, { initialReplicas: 3 }).run(
      SimulationTrace.create().at(0, 'cpu', cpu(100)).at(0, 'queue', MetricObservation.failure()), { until: 0 });
    expect(up.replicas).toEqual([6]);
    expect(up.steps[0].reportedError).toBe(true);
    expect(up.conditionAt(0, ConditionType.SCALING_ACTIVE)).toMatchObject({ status: ConditionStatus.TRUE, reason: 'ValidMetricFound' });
    const down = HpaSimulator.fromManifest(manifest, { initialReplicas: 3 }).run(
      SimulationTrace.create().at(0, 'cpu', cpu(10)).at(0, 'queue', MetricObservation.failure()), { until: 15 });
    expect(down.replicas).toEqual([3, 3]);
    // A blocked sync keeps status.desiredReplicas; a new HPA's is 0 (as the real controller has it).
    expect(down.steps[1].desiredReplicas).toBe(0);
    expect(down.conditionAt(1, ConditionType.SCALING_ACTIVE)).toMatchObject({ status: ConditionStatus.FALSE, reason: 'FailedGetExternalMetric' });
  });

  test('per-direction tolerance from the spec, where the cluster has HPAConfigurableTolerance', () => {
    const manifest = hpaManifest({ maxReplicas: 10, metrics: [cpuUtilization(50)], behavior: { scaleUp: { tolerance: 0.01 } } });
    const trace = SimulationTrace.create().at(0, 'cpu', cpu(52)); // ratio 1.04
    expect(HpaSimulator.fromManifest(manifest, { initialReplicas: 4 }).run(trace, { until: 0 }).replicas).toEqual([5]);
    // 1.34 refuses the manifest (HPA151): simulated anyway, the controller ignores the field.
    const old = ClusterProfile.of({ version: '1.34' });
    expect(() => HpaSimulator.fromManifest(manifest, { initialReplicas: 4, cluster: old })).toThrow(/\[HPA151\]/);
    const simulator = HpaSimulator.fromManifest(manifest, { initialReplicas: 4, cluster: old, skipValidation: true });
    expect(simulator.run(trace, { until: 0 }).replicas).toEqual([4]);
  });

  test('scale to zero and back (KEP-2021): ScaledToZero recorded, then the wake-up from zero', () => {
    const manifest = hpaManifest({ minReplicas: 0, maxReplicas: 10, metrics: [externalAverageValue('queue', 30)] });
    const sim = HpaSimulator.fromManifest(manifest, { cluster: ZERO_CLUSTER, initialReplicas: 2 });
    const trace = SimulationTrace.create()
      .at(0, 'queue', MetricObservation.value(60))
      .at(60, 'queue', MetricObservation.value(0))
      .at(600, 'queue', MetricObservation.value(95));
    const r = sim.run(trace, { until: 660 });
    // Zero proposals from 60 s; the proposals of 2 up to 45 s leave the 300 s window at 360 s (at
    // 345 s the one of 45 s is exactly 300 s old and still counts).
    expect(between(r.replicas, 330, 360)).toEqual([2, 2, 0]);
    expect(r.conditionAt(24, ConditionType.SCALED_TO_ZERO)).toMatchObject({ status: ConditionStatus.TRUE, reason: 'ScaledToZero' });
    // At zero the HPA keeps reading the External metric; 95 wakes it: ceil(95 / 30) = 4.
    expect(between(r.replicas, 585, 615)).toEqual([0, 4, 4]);
    expect(r.conditionAt(40, ConditionType.SCALED_TO_ZERO)).toMatchObject({ status: ConditionStatus.FALSE, reason: 'NotScaledToZero' });
  });

  test('a target at zero without ScaledToZero is paused (manual zero): ScalingDisabled', () => {
    const manifest = hpaManifest({ minReplicas: 0, maxReplicas: 10, metrics: [externalAverageValue('queue', 30)] });
    const trace = SimulationTrace.create().at(0, 'queue', MetricObservation.value(300));
    const paused = HpaSimulator.fromManifest(manifest, { cluster: ZERO_CLUSTER, initialReplicas: 0 }).run(trace, { until: 30 });
    expect(paused.replicas).toEqual([0, 0, 0]);
    expect(paused.conditionAt(0, ConditionType.SCALING_ACTIVE)).toMatchObject({ status: ConditionStatus.FALSE, reason: 'ScalingDisabled' });
    const resumed = HpaSimulator.fromManifest(manifest, {
      cluster: ZERO_CLUSTER,
      initialReplicas: 0,
      initialConditions: [{ type: ConditionType.SCALED_TO_ZERO, status: ConditionStatus.TRUE, reason: 'ScaledToZero' }],
    }).run(trace, { until: 30 });
    expect(resumed.replicas).toEqual([4, 8, 10]);
  });

  test('a manual scale to zero pauses the HPA mid-trace', () => {
    const manifest = hpaManifest({ minReplicas: 0, maxReplicas: 10, metrics: [externalAverageValue('queue', 30)] });
    const trace = SimulationTrace.create().at(0, 'queue', MetricObservation.value(90)).scaleTo(30, 0);
    const r = HpaSimulator.fromManifest(manifest, { cluster: ZERO_CLUSTER, initialReplicas: 3 }).run(trace, { until: 45 });
    expect(r.replicas).toEqual([3, 3, 0, 0]);
  });

  test('raised minReplicas at zero with ScaledToZero (TestScaleUpFromZeroWhenMinReplicasIncreased)', () => {
    const manifest = hpaManifest({ minReplicas: 2, maxReplicas: 10, metrics: [externalAverageValue('queue', 30)] });
    const r = HpaSimulator.fromManifest(manifest, {
      cluster: ZERO_CLUSTER,
      initialReplicas: 0,
      initialConditions: [{ type: ConditionType.SCALED_TO_ZERO, status: ConditionStatus.TRUE, reason: 'ScaledToZero' }],
    }).run(SimulationTrace.create().at(0, 'queue', MetricObservation.value(0)), { until: 0 });
    expect(r.replicas).toEqual([2]);
    expect(r.conditionAt(0, ConditionType.SCALING_LIMITED)).toMatchObject({ status: ConditionStatus.TRUE, reason: 'TooFewReplicas' });
  });

  test('External fallback alone: blocked until failureDuration, then the fallback replicas, cleared on success', () => {
    const manifest = hpaManifest({
      minReplicas: 1,
      maxReplicas: 10,
      metrics: [externalAverageValue('queue', 30, { failureDuration: '1m', replicas: 6 })],
    });
    const trace = SimulationTrace.create()
      .at(0, 'queue', MetricObservation.value(60))
      .at(60, 'queue', MetricObservation.failure('adapter down'))
      .at(180, 'queue', MetricObservation.value(180));
    const r = HpaSimulator.fromManifest(manifest, { cluster: FALLBACK_CLUSTER, initialReplicas: 2 }).run(trace, { until: 210 });
    expect(r.replicas).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 4, 6, 6, 6, 6, 6, 6]);
    expect(r.steps[4].metrics[0]).toMatchObject({ fallbackActive: false, firstFailureTime: 60, proposal: undefined });
    expect(r.conditionAt(4, ConditionType.SCALING_ACTIVE)).toMatchObject({ status: ConditionStatus.FALSE, reason: 'FailedGetExternalMetric' });
    expect(r.steps[8].metrics[0]).toMatchObject({ fallbackActive: true, firstFailureTime: 60, proposal: 6, fallbackReplicas: 6 });
    expect(r.conditionAt(8, ConditionType.EXTERNAL_METRIC_FALLBACK_ACTIVE)).toMatchObject({ status: ConditionStatus.TRUE });
    expect(r.steps[8].reportedError).toBe(false);
    expect(r.steps[12].metrics[0]).toMatchObject({ fallbackActive: false, firstFailureTime: undefined, proposal: 6 });
    expect(r.conditionAt(12, ConditionType.EXTERNAL_METRIC_FALLBACK_ACTIVE)).toMatchObject({ status: ConditionStatus.FALSE });
  });

  test('External fallback with another metric: combined by max; before the duration the CPU metric still scales up', () => {
    const manifest = hpaManifest({
      minReplicas: 1,
      maxReplicas: 10,
      behavior: {},
      metrics: [cpuUtilization(50), externalAverageValue('queue', 30, { failureDuration: '1m', replicas: 3 })],
    });
    const trace = SimulationTrace.create()
      .at(0, 'cpu', cpu(50)).at(0, 'queue', MetricObservation.failure())
      .at(30, 'cpu', cpu(100));
    const r = HpaSimulator.fromManifest(manifest, { cluster: FALLBACK_CLUSTER, initialReplicas: 2 }).run(trace, { until: 90 });
    // cpu proposes 2 (within) with the queue failing: not blocked since 2 >= 2; from 30 s cpu
    // proposes 4, then 8 (the default policies allow 6: the event of 30 s still counts at 45 s);
    // the fallback (3) from 60 s is below cpu's proposal.
    expect(r.replicas).toEqual([2, 2, 4, 6, 8, 10, 10]);
    expect(r.steps[4].metrics.map(m => m.proposal)).toEqual([12, 3]);
    expect(r.steps[1].reportedError).toBe(true);
    expect(r.steps[4].reportedError).toBe(false);
  });

  test('fromConstruct simulates the manifest the construct renders, with its cluster profile', () => {
    const chart = Testing.chart();
    const deployment = new kplus.Deployment(chart, 'Web', { containers: [{ image: 'nginx', resources: { cpu: { request: kplus.Cpu.millis(500) } } }] });
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
      target: deployment,
      minReplicas: 2,
      maxReplicas: 8,
      metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(60))],
      behavior: Behavior.of({}),
      cluster: V136,
    });
    const sim = HpaSimulator.fromConstruct(hpa, { podRequests: { cpu: 0.5 } });
    expect(sim.metricIds).toEqual(['cpu']);
    const r = sim.run(SimulationTrace.create().at(0, 'cpu', MetricObservation.totalUsage(3)), { until: 30 });
    // 3 cores over 2 pods of 0.5: 300% on 60% -> 10 capped at 8 (policies allow 6 from 2), then 8.
    // With totalUsage the load per pod falls as pods are added: at 6 pods, 100% -> ceil(1.67 * 6) = 10,
    // held at 6 for one sync while the scale event of 0 s is exactly one period (15 s) old.
    expect(r.replicas).toEqual([6, 6, 8]);
  });

  test('fails when the HPA has validation errors, listing them as HpaValidator.format does; skipValidation simulates anyway', () => {
    const manifest = hpaManifest({ minReplicas: 3, maxReplicas: 2, metrics: [cpuUtilization(50)] });
    expect(() => HpaSimulator.fromManifest(manifest)).toThrow([
      'HpaSimulator: the HorizontalPodAutoscaler "web" has 1 validation error; fix them, or pass skipValidation: true to simulate it anyway:',
      `  ${HpaValidator.validate(manifest).filter(i => i.severity === Severity.ERROR).map(i => HpaValidator.format(i)).join('\n  ')}`,
    ].join('\n'));
    expect(HpaValidator.validate(manifest).map(i => i.ruleId)).toEqual(['HPA103']);
    const trace = SimulationTrace.create().at(0, 'cpu', cpu(50));
    expect(HpaSimulator.fromManifest(manifest, { skipValidation: true }).run(trace, { until: 30 }).replicas).toHaveLength(3);
    // Warnings do not stop it; nor does a lint the object's annotation makes an error, once turned off again.
    expect(() => HpaSimulator.fromManifest(hpaManifest({ minReplicas: 1, maxReplicas: 4 }))).not.toThrow();
    const annotated = { ...hpaManifest({ minReplicas: 1, maxReplicas: 4 }), metadata: { name: 'web', annotations: { 'cdk8s-hpa.io/rules': 'HPA404=error' } } };
    expect(() => HpaSimulator.fromManifest(annotated)).toThrow(/has 1 validation error[^]*\[HPA404\]/);
  });

  test('fromConstruct fails with the issues synth reports (cross-object checks included)', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'c');
    const deployment = new kplus.Deployment(chart, 'web', { containers: [{ image: 'web' }] });
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4, metrics: [Metric.containerResource({ container: 'sidecar', resource: 'cpu', target: MetricTarget.averageUtilization(50) })] });
    expect(hpa.validateHpa().map(i => i.ruleId)).toEqual(['HPA302']);
    expect(() => HpaSimulator.fromConstruct(hpa)).toThrow(/has 1 validation error[^]*\[HPA302\]/);
    expect(HpaSimulator.fromConstruct(hpa, { skipValidation: true }).metricIds).toEqual(['sidecar/cpu']);
  });

  test('a trace naming an unknown metric is refused with the known ids', () => {
    const sim = HpaSimulator.fromManifest(hpaManifest({ maxReplicas: 3, metrics: [cpuUtilization(50)] }));
    expect(() => sim.run(SimulationTrace.create().at(0, 'memory', cpu(1)), { until: 0 })).toThrow(/"cpu"/);
  });

  test('is deterministic', () => {
    const sim = HpaSimulator.fromManifest(hpaManifest({ maxReplicas: 10, metrics: [cpuUtilization(50)], behavior: {} }));
    const trace = SimulationTrace.create().at(0, 'cpu', cpu(90)).at(300, 'cpu', cpu(5));
    expect(sim.run(trace, { until: 1200 })).toEqual(sim.run(trace, { until: 1200 }));
  });

  test('steps that read the same share their metric results and conditions; a change gets new ones', () => {
    const sim = HpaSimulator.fromManifest(hpaManifest({ maxReplicas: 10, metrics: [cpuUtilization(50), externalAverageValue('queue', 30)] }), { cluster: V136, initialReplicas: 2 });
    const trace = SimulationTrace.create()
      .at(0, 'cpu', cpu(50)).at(0, 'queue', MetricObservation.value(60))
      .at(60, 'queue', MetricObservation.value(61));
    const steps = sim.run(trace, { until: 120 }).steps;
    // 0 to 45 s: within tolerance at 2 replicas, nothing changes after the first sync.
    expect(steps[1].metrics).toEqual([
      { metric: 'cpu', usage: 50, proposal: 2, error: undefined, fallbackActive: false, firstFailureTime: undefined, fallbackReplicas: undefined },
      { metric: 'queue', usage: 60, proposal: 2, error: undefined, fallbackActive: false, firstFailureTime: undefined, fallbackReplicas: undefined },
    ]);
    expect(steps[2].metrics).toBe(steps[1].metrics);
    expect(steps[3].conditions).toBe(steps[1].conditions);
    // 60 s: the queue reads 61 (still within tolerance): a new array, the cpu result shared.
    expect(steps[4].metrics).not.toBe(steps[3].metrics);
    expect(steps[4].metrics[0]).toBe(steps[3].metrics[0]);
    expect(steps[4].metrics[1]).toMatchObject({ usage: 61, proposal: 2 });
    expect(steps[4].conditions).toBe(steps[3].conditions);
    expect(steps[5].metrics).toBe(steps[4].metrics);
  });
});
