/**
 * The differential test of `HpaSimulator` against the real HPA controller (controller/, run in a
 * testing/synctest bubble): generated HPAs and metric traces go to both, and the replicas, the
 * desired replicas and the condition reasons must match at every sync.
 *
 * The traces cover Resource (Utilization and AverageValue), ContainerResource, Pods, Object and
 * External metrics (Value and AverageValue), pods without metrics, failing metrics, behaviors
 * (windows, Pods and Percent policies, every selectPolicy, tolerances) and scale to zero. In half
 * the scenarios the readings hold for 10 or 30 syncs at a time: the simulator repeats such syncs
 * without running them in full (`Run.syncs`), and the controller runs each.
 */
import { Duration } from 'cdk8s';
import * as fc from 'fast-check';
import { runGoTest } from './go-programs';
import { ClusterProfile, ConditionStatus, ConditionType, HpaSimulator, MetricObservation, SimulationTrace } from '../../src';
import { toMilli as quantityMilli } from '../../src/model/quantity';
import { GATE_SCALE_TO_ZERO } from '../../src/private/kubernetes-releases';

/** Seconds between syncs, on both sides. */
const SYNC_PERIOD = 15;
/** Each pod's request of each resource, in base units (the simulator's default). */
const REQUEST = 100;

interface MetricPlan {
  /** The metric as the HPA spec has it. */
  readonly spec: { [key: string]: unknown };
  /** How the Go metrics client names it. */
  readonly key: string;
  /** `Pod` (per-pod readings) or `Value` (one or more values). */
  readonly reads: 'Pod' | 'Value';
  /** A typical reading that meets the target. */
  readonly scale: number;
}

/**
 * A reading in the trace, in base units. `TotalUsage`: the total over however many pods the
 * target has, spread over them (the tuner's `HistoryLoad.TOTAL`).
 */
export type Reading = { kind: 'PerPodUsage'; v: number } | { kind: 'PodSamples'; vs: number[] } | { kind: 'Value'; vs: number[] } | { kind: 'Failure' }
| { kind: 'TotalUsage'; v: number };

export interface ControllerScenario {
  readonly id: string;
  readonly hpa: { [key: string]: unknown };
  readonly gates: { [gate: string]: boolean };
  readonly initialReplicas: number;
  /** Conditions of the HPA's status before the first sync (ScaledToZero for a target at zero). */
  readonly initialConditions: Array<{ type: string; status: string; reason: string }>;
  readonly syncs: number;
  readonly keys: string[];
  /** Per sync, per metric (spec order). */
  readonly readings: Reading[][];
  /** The sync after which the controller's program keeps what the cluster holds (-1: none). */
  readonly dumpSync?: number;
  /** The controller's API latencies, in nanoseconds (default: the program's 40 ms and 10 ms, the simulator's defaults). */
  readonly latency?: { readonly scale: number; readonly metrics: number };
  /** Each pod's request per resource, in base units (default: 100 of cpu and memory, the simulator's default). */
  readonly requests?: { readonly [resource: string]: number };
  /**
   * The cluster behind client-go's `NewSimpleClientset` (no managed fields) rather than
   * `NewClientset`, whose field manager costs two thirds of the CPU of a day of syncs that each
   * write the HPA's status (default: `NewClientset`).
   */
  readonly simpleClientset?: boolean;
  /**
   * The controller runs with GOMAXPROCS=1: goroutines woken at the same virtual instant run in
   * the same order in every run, so that it takes every resync (default: the process's processors).
   */
  readonly singleProcessor?: boolean;
}

const METRICS: Array<fc.Arbitrary<MetricPlan>> = [
  fc.integer({ min: 20, max: 95 }).map(t => ({
    spec: { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: t } } },
    key: 'resource:cpu',
    reads: 'Pod' as const,
    scale: t,
  })),
  fc.integer({ min: 10, max: 200 }).map(t => ({
    spec: { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: String(t) } } },
    key: 'resource:memory',
    reads: 'Pod' as const,
    scale: t,
  })),
  fc.integer({ min: 20, max: 95 }).map(t => ({
    spec: { type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization', averageUtilization: t } } },
    key: 'containerResource:app/cpu',
    reads: 'Pod' as const,
    scale: t,
  })),
  fc.integer({ min: 1, max: 50 }).map(t => ({
    spec: { type: 'Pods', pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: String(t) } } },
    key: 'pods:rps',
    reads: 'Pod' as const,
    scale: t,
  })),
  fc.tuple(fc.constantFrom('Value', 'AverageValue'), fc.integer({ min: 1, max: 100 })).map(([type, t]) => ({
    spec: {
      type: 'Object',
      object: {
        describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' },
        metric: { name: 'hits' },
        target: type === 'Value' ? { type, value: String(t) } : { type, averageValue: String(t) },
      },
    },
    key: 'object:hits',
    reads: 'Value' as const,
    scale: type === 'Value' ? t : t * 3,
  })),
  fc.tuple(fc.constantFrom('Value', 'AverageValue'), fc.integer({ min: 1, max: 100 })).map(([type, t]) => ({
    spec: { type: 'External', external: { metric: { name: 'queue' }, target: type === 'Value' ? { type, value: String(t) } : { type, averageValue: String(t) } } },
    key: 'external:queue',
    reads: 'Value' as const,
    scale: type === 'Value' ? t : t * 3,
  })),
];

const policy = fc.record({
  type: fc.constantFrom('Pods', 'Percent'),
  // A Pods value near 2^31 overflows int32 when added to the period's start count.
  value: fc.oneof({ weight: 10, arbitrary: fc.integer({ min: 1, max: 10 }) }, { weight: 10, arbitrary: fc.integer({ min: 10, max: 200 }) },
    { weight: 1, arbitrary: fc.constant(2147483647) }),
  periodSeconds: fc.constantFrom(15, 30, 60, 120),
});
const rules = fc.record({
  stabilizationWindowSeconds: fc.option(fc.constantFrom(0, 15, 30, 60, 120, 300), { nil: undefined }),
  selectPolicy: fc.option(fc.constantFrom('Max', 'Min', 'Disabled'), { nil: undefined, freq: 3 }),
  policies: fc.option(fc.array(policy, { minLength: 1, maxLength: 2 }), { nil: undefined }),
  tolerance: fc.option(fc.constantFrom('0.05', '0', '0.2'), { nil: undefined, freq: 4 }),
}, { requiredKeys: [] });

function clean<T extends object>(o: T): T {
  return JSON.parse(JSON.stringify(o));
}

/** A reading for one sync: a drifting load level, sometimes failing or with missing pods. */
function reading(plan: MetricPlan, level: number, roll: number, pods: number[]): Reading {
  if (roll < 0.04) return { kind: 'Failure' };
  const v = Math.max(0, Math.round(plan.scale * level * 10) / 10);
  if (plan.reads === 'Value') return { kind: 'Value', vs: [v] };
  if (roll < 0.12) return { kind: 'PodSamples', vs: pods.map(p => Math.max(0, Math.round(plan.scale * p * 10) / 10)) };
  if (roll < 0.16) return { kind: 'PodSamples', vs: [plan.scale, plan.scale] }; // at the target, others missing
  return { kind: 'PerPodUsage', v };
}

/**
 * Scenarios for the controller's program. The simulator's differential draws the loads and the
 * failure rolls as fast-check's doubles, which lean to the ends of their range (idle loads,
 * metrics that fail at most syncs: the edges); `uniform` draws them evenly instead, as the
 * explain differential wants the situations of a cluster (loads all over, failures now and then).
 */
export function scenarioArbitrary(settableGates: readonly string[], uniform = false): fc.Arbitrary<ControllerScenario> {
  const between = (min: number, max: number) => (uniform
    ? fc.integer({ min: min * 1000, max: max * 1000 }).map(n => n / 1000)
    : fc.double({ min, max, noNaN: true }));
  return fc.record({
    metrics: fc.uniqueArray(fc.oneof(...METRICS), { minLength: 1, maxLength: 2, selector: m => m.key }),
    minReplicas: fc.integer({ min: 1, max: 4 }),
    span: fc.integer({ min: 0, max: 12 }),
    zero: fc.constantFrom('no', 'zeroable', 'fromZero'),
    behavior: fc.option(fc.record({
      scaleUp: fc.option(rules, { nil: undefined }),
      scaleDown: fc.option(rules, { nil: undefined }),
    }), { nil: undefined }),
    syncs: fc.integer({ min: 20, max: 80 }),
    levels: fc.array(between(0, 4), { minLength: 80, maxLength: 80 }),
    rolls: fc.array(between(0, 1), { minLength: 160, maxLength: 160 }),
    pods: fc.array(between(0, 3), { minLength: 1, maxLength: 6 }),
    initial: fc.integer({ min: 0, max: 12 }),
    hold: fc.constantFrom(1, 1, 10, 30),
    id: fc.nat(),
  }).map(r => {
    const gate = settableGates.includes('HPAScaleToZero') && r.metrics.every(m => m.reads === 'Value');
    const zeroable = gate && r.zero === 'zeroable';
    // A target the HPA scaled to zero before, whose minReplicas was raised since.
    const fromZero = gate && r.zero === 'fromZero';
    const minReplicas = zeroable ? 0 : r.minReplicas;
    const maxReplicas = Math.max(1, minReplicas) + r.span;
    const hpa = clean({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        minReplicas,
        maxReplicas,
        metrics: r.metrics.map(m => m.spec),
        behavior: r.behavior,
      },
    });
    const gates: { [gate: string]: boolean } = zeroable || fromZero ? { HPAScaleToZero: true } : {};
    // A smooth walk through the levels: load rises and falls over minutes.
    const readings: Reading[][] = [];
    for (let k = 0; k < r.syncs; k++) {
      if (k % r.hold !== 0) {
        readings.push(readings[k - 1]);
        continue;
      }
      const here = Math.floor(k / 4);
      const next = here + 1 >= r.levels.length ? 0 : here + 1;
      const level = r.levels[here] * (1 - (k % 4) / 4) + r.levels[next] * ((k % 4) / 4);
      readings.push(r.metrics.map((m, i) => reading(m, level, r.rolls[(2 * k + i) % r.rolls.length], r.pods)));
    }
    return {
      id: `s${r.id}`,
      hpa,
      gates,
      initialReplicas: fromZero ? 0 : Math.min(Math.max(r.initial, Math.max(1, minReplicas)), maxReplicas),
      initialConditions: fromZero ? [{ type: 'ScaledToZero', status: 'True', reason: 'ScaledToZero' }] : [],
      syncs: r.syncs,
      keys: r.metrics.map(m => m.key),
      readings,
    };
  });
}

const toMilli = (v: number) => Math.round(v * 1000);

/** The scenario as the Go program reads it. */
function goScenario(s: ControllerScenario): unknown {
  return {
    id: s.id,
    hpa: s.hpa,
    gates: s.gates,
    initialReplicas: s.initialReplicas,
    initialConditions: s.initialConditions,
    syncs: s.syncs,
    syncPeriodSeconds: SYNC_PERIOD,
    tolerance: 0.1,
    downscaleStabilizationSeconds: 300,
    requestsMilli: s.requests
      ? Object.fromEntries(Object.entries(s.requests).map(([r, v]) => [r, quantityMilli(v)]))
      : { cpu: toMilli(REQUEST), memory: toMilli(REQUEST) },
    observations: s.readings.map(row => Object.fromEntries(row.map((r, i) => [s.keys[i], goReading(r)]))),
    dumpSync: s.dumpSync ?? -1,
    scaleLatencyNanos: s.latency?.scale,
    metricsLatencyNanos: s.latency?.metrics,
    simpleClientset: s.simpleClientset,
    singleProcessor: s.singleProcessor,
  };
}

function goReading(r: Reading): unknown {
  switch (r.kind) {
    case 'Failure': return { kind: 'Failure', values: [] };
    case 'PerPodUsage': return { kind: 'PerPodUsage', values: [toMilli(r.v)] };
    // The total in milli-units as the simulator rounds it (ReplicaCalculator's toMilli).
    case 'TotalUsage': return { kind: 'TotalUsage', values: [quantityMilli(r.v)] };
    default: return { kind: r.kind, values: r.vs.map(toMilli) };
  }
}

function observation(r: Reading): MetricObservation {
  switch (r.kind) {
    case 'Failure': return MetricObservation.failure();
    case 'PerPodUsage': return MetricObservation.perPodUsage(r.v);
    case 'TotalUsage': return MetricObservation.totalUsage(r.v);
    case 'PodSamples': return MetricObservation.podSamples(r.vs);
    default: return MetricObservation.series(r.vs);
  }
}

/** One sync, as both sides report it. */
export interface ComparableStep {
  /** Seconds since the first sync started, on the controller's clock (to the microsecond). */
  readonly time?: number;
  readonly currentReplicas: number;
  readonly replicas: number;
  readonly desiredReplicas: number;
  readonly conditions: string[];
}

export function simulate(minor: string, s: ControllerScenario): ComparableStep[] {
  const nanos = (n: number) => Duration.millis(n / 1e6);
  const sim = HpaSimulator.fromManifest(s.hpa, {
    cluster: ClusterProfile.of({ version: minor, featureGates: s.gates }),
    apiLatency: s.latency && { scale: nanos(s.latency.scale), metrics: nanos(s.latency.metrics) },
    podRequests: s.requests,
    initialReplicas: s.initialReplicas,
    initialConditions: s.initialConditions.map(c => ({ ...c, status: c.status as ConditionStatus, type: c.type as ConditionType })),
  });
  const ids = sim.metricIds;
  const trace = SimulationTrace.create();
  // A reading enters the trace when it changes: the trace holds it until then.
  const last: string[] = [];
  s.readings.forEach((row, k) => row.forEach((r, i) => {
    const key = JSON.stringify(r);
    if (last[i] !== key) trace.at(k * SYNC_PERIOD, ids[i], observation(r));
    last[i] = key;
  }));
  return sim.run(trace, { until: (s.syncs - 1) * SYNC_PERIOD }).steps.map(step => ({
    time: microseconds(step.syncStart),
    currentReplicas: step.currentReplicas,
    replicas: step.replicas,
    desiredReplicas: step.desiredReplicas,
    conditions: step.conditions.map(c => `${c.type}=${c.status}/${c.reason}`).sort(),
  }));
}

interface GoStep {
  time: number;
  currentReplicas: number;
  replicas: number;
  desiredReplicas: number;
  conditions?: Array<{ type: string; status: string; reason: string }>;
  proposal?: number;
  current?: MetricCurrent[];
}

/** One metric's entry of `status.currentMetrics` after a sync, in whole percent or milli-units; all absent when it was not computed. */
export interface MetricCurrent {
  readonly averageUtilization?: number;
  readonly averageValueMilli?: number;
  readonly valueMilli?: number;
}

/** What the cluster holds after a scenario's dump sync, as the controller's program kept it. */
export interface ControllerDump {
  readonly sync: number;
  /** The virtual time of the dump (RFC 3339, in 2000). */
  readonly time: string;
  /** The HPA status the controller last wrote (autoscaling/v2 JSON). */
  readonly status?: any;
  /** The core/v1 Events the controller recorded about the HPA, oldest first. */
  readonly events?: any[];
  readonly pods: string[];
  /** The target's replicas. */
  readonly replicas: number;
}
interface GoResult { id: string; steps?: GoStep[]; dump?: ControllerDump; error?: string }

/** One scenario as the controller ran it. */
export interface ControllerRun {
  readonly steps: ComparableStep[];
  /** Per sync, the replica count the controller logged as its proposal ("Proposing desired replicas"). */
  readonly proposals: Array<number | undefined>;
  /** Per sync, `status.currentMetrics` after it, per metric in spec order (empty when the status has none). */
  readonly current: MetricCurrent[][];
  readonly dump?: ControllerDump;
}

/**
 * Runs the scenarios through the controller test binary, split over `shards` processes side by
 * side (a scenario sets the feature gates of its whole process, so one process runs one at a
 * time; each process resets the gates a scenario before it changed).
 */
export async function runController(binary: string, scenarios: ControllerScenario[], shards = 2): Promise<Map<string, ControllerRun | string>> {
  const parts = Array.from({ length: Math.max(1, Math.min(shards, scenarios.length)) }, (_, k) => scenarios.filter((_s, i) => i % shards === k));
  const results = await Promise.all(parts.map(part => runControllerProcess(binary, part)));
  return new Map(results.flat().map(r => [r.id, r.error ?? {
    steps: (r.steps ?? []).map(st => ({
      time: microseconds(st.time),
      currentReplicas: st.currentReplicas,
      replicas: st.replicas,
      desiredReplicas: st.desiredReplicas,
      conditions: (st.conditions ?? []).map(c => `${c.type}=${c.status}/${c.reason}`).sort(),
    })),
    proposals: (r.steps ?? []).map(st => st.proposal),
    current: (r.steps ?? []).map(st => st.current ?? []),
    // Go writes an empty list as null.
    dump: r.dump && { ...r.dump, pods: r.dump.pods ?? [], events: r.dump.events ?? [] },
  }]));
}

/** One controller test process over some scenarios: their results, in order. */
function runControllerProcess(binary: string, scenarios: ControllerScenario[]): Promise<GoResult[]> {
  return runGoTest<GoResult>(binary, 'TestScenarios', 'CONFORMANCE_SCENARIOS', 'CONFORMANCE_RESULTS', scenarios.map(goScenario));
}

/** Seconds to the microsecond: the two clocks add up floating seconds and integer nanoseconds. */
function microseconds(seconds: number): number {
  return Math.round(seconds * 1e6) / 1e6;
}

/**
 * The first sync where the two sides differ, or undefined; up to the first resync race the
 * controller lost (see `lostResyncRace`), after which its clock runs behind the simulator's by
 * design, and windows and policy periods may end a sync apart.
 */
export function firstDifference(sim: ComparableStep[], real: ComparableStep[]): number | undefined {
  const race = lostResyncRace(sim, real);
  const key = (st: ComparableStep | undefined) => st && JSON.stringify(st);
  for (let k = 0; k < (race ?? Math.max(sim.length, real.length)); k++) {
    if (key(sim[k]) !== key(real[k])) return k;
  }
  return undefined;
}

/**
 * The first sync the controller started one period after the previous one ended where the
 * simulator keeps to the resync grid, the previous one having started at the same time on both
 * sides: on the grid, a sync starts at the very instant of a resync, and which of the two
 * goroutines (the work queue's timer, the informer's resync) runs first is the Go scheduler's
 * choice, in every release. In the test bubble the resync nearly always comes second and holds
 * the grid, as the simulator has it; when it comes first the queue drops it, and the syncs drift
 * until the drift adds up to a period again.
 */
export function lostResyncRace(sim: ComparableStep[], real: ComparableStep[]): number | undefined {
  for (let k = 1; k < Math.min(sim.length, real.length); k++) {
    const [s0, s1, r0, r1] = [sim[k - 1].time, sim[k].time, real[k - 1].time, real[k].time];
    if (s0 === undefined || s1 === undefined || r0 === undefined || r1 === undefined) return undefined;
    if (r0 !== s0) return undefined;
    if (r1 !== s1) return Math.abs(s1 - s0 - SYNC_PERIOD) < 1e-6 && r1 > s1 && r1 - s1 < 1 ? k : undefined;
  }
  return undefined;
}

/** A mismatch, cut to the syncs up to the first difference (the trace after it cannot matter). */
export function describeMismatch(s: ControllerScenario, k: number, sim: ComparableStep[], real: ComparableStep[]): string {
  const lines = [
    `scenario ${s.id}: first difference at sync ${k} (t=${k * SYNC_PERIOD}s); gates ${JSON.stringify(s.gates)}, initialReplicas ${s.initialReplicas}, `
    + `initialConditions ${JSON.stringify(s.initialConditions)}`,
    `  hpa: ${JSON.stringify((s.hpa as any).spec)}`,
  ];
  for (let j = Math.max(0, k - 3); j <= k; j++) {
    lines.push(`  sync ${j}: readings ${JSON.stringify(s.readings[j])}`);
    lines.push(`    simulator: ${JSON.stringify(sim[j])}`);
    lines.push(`    real:      ${JSON.stringify(real[j])}`);
  }
  return lines.join('\n      ');
}

export function controllerSettings(): { scenarios: number; seed: number } {
  return {
    scenarios: Number(process.env.CONFORMANCE_SCENARIOS_PER_RELEASE ?? 300),
    seed: Number(process.env.CONFORMANCE_SEED ?? 20261123),
  };
}

/**
 * Scenarios long enough for syncs that drift (1.37 on) to meet the HPA informer's resync and
 * keep to its grid from then on: with 1 ms scale calls and 0.25 ms metrics reads, after some 49
 * hours. The load steps every few hours, so some syncs scale (and last longer).
 */
export function driftScenarios(): ControllerScenario[] {
  const hpa = (metrics: unknown[], behavior?: unknown) => clean({
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 20, metrics, behavior },
  });
  const cpu = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } };
  const queue = { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } } };
  const levels = [50, 120, 40, 200, 20, 90, 60];
  const scenario = (id: string, syncs: number, every: number, latency: ControllerScenario['latency'], metrics: unknown[], keys: string[], behavior?: unknown): ControllerScenario => ({
    id,
    hpa: hpa(metrics, behavior),
    gates: {},
    initialReplicas: 2,
    initialConditions: [],
    syncs,
    keys,
    readings: Array.from({ length: syncs }, (_, k) => {
      const level = levels[Math.floor(k / every) % levels.length];
      return keys.map((key): Reading => key === 'resource:cpu' ? { kind: 'PerPodUsage', v: level } : { kind: 'Value', vs: [level * 3] });
    }),
    latency,
  });
  return [
    // 1.25 ms a sync: the switch at sync 11,920, some 49.7 hours in.
    scenario('drift-cpu', 12400, 1500, { scale: 1_000_000, metrics: 250_000 }, [cpu], ['resource:cpu']),
    // Two metrics and a behavior with windows: 1.5 ms a sync.
    scenario('drift-two', 10400, 1100, { scale: 1_000_000, metrics: 250_000 }, [cpu, queue], ['resource:cpu', 'external:queue'],
      { scaleDown: { stabilizationWindowSeconds: 60, policies: [{ type: 'Pods', value: 1, periodSeconds: 30 }] } }),
    // The program's default latencies: the switch after some 75 minutes.
    scenario('drift-default', 420, 37, undefined, [cpu], ['resource:cpu']),
  ];
}

/**
 * Loads whose replica counts pass the int32 range, one scenario per conversion the controller
 * makes: before 1.38 most give MinInt32 (amd64's `int32(math.Ceil(x))`), so the HPA scales down
 * under the heaviest load or freezes its scale-up; from 1.38 they saturate (`ceilToInt32`).
 */
export function overflowScenarios(settableGates: readonly string[]): ControllerScenario[] {
  const cpu = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } };
  // A per-pod lag with a 100m target, as in kubernetes/kubernetes#126892.
  const lag = { type: 'Pods', pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '100m' } } };
  const hits = { type: 'Object', object: { describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' }, metric: { name: 'hits' }, target: { type: 'AverageValue', averageValue: '1' } } };
  const queue = { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '1' } } };
  const keyOf = (m: { type: string }) => ({ Resource: 'resource:cpu', Pods: 'pods:rps', Object: 'object:hits', External: 'external:queue' } as { [t: string]: string })[m.type];
  /** Quiet for 4 syncs, `peak` for 30, quiet again for 26; `quiet` and `peak` per metric, in base units. */
  const scenario = (
    id: string, metrics: Array<{ type: string }>, quiet: Reading[], peak: Reading[],
    spec: { [key: string]: unknown } = {}, more: Partial<ControllerScenario> = {},
  ): ControllerScenario => ({
    id,
    hpa: clean({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 40, metrics, ...spec },
    }),
    gates: {},
    initialReplicas: 10,
    initialConditions: [],
    syncs: 60,
    keys: metrics.map(keyOf),
    readings: Array.from({ length: 60 }, (_, k) => (k >= 4 && k < 34 ? peak : quiet)),
    ...more,
  });
  const perPod = (v: number): Reading => ({ kind: 'PerPodUsage', v });
  const value = (v: number): Reading => ({ kind: 'Value', vs: [v] });
  const scenarios = [
    scenario('overflow-pods', [lag], [perPod(0.1)], [perPod(300_000_000)]),
    // Past 2^31 %: 1e11 % keeps a positive low half before 1.38, 3e9 % a negative one.
    scenario('overflow-cpu', [cpu], [perPod(50)], [perPod(1e11)]),
    scenario('overflow-cpu-negative', [cpu], [perPod(50)], [perPod(3e9)]),
    // Two of ten pods report: the second pass (missing pods at 0) overflows.
    scenario('overflow-cpu-missing', [cpu], [perPod(50)], [{ kind: 'PodSamples', vs: [1e11, 1e11] }]),
    // The overflowing metric loses to the other one before 1.38.
    scenario('overflow-two', [cpu, lag], [perPod(50), perPod(0.1)], [perPod(80), perPod(300_000_000)]),
    scenario('overflow-object', [hits], [value(10)], [value(5e9)]),
    scenario('overflow-external', [queue], [value(10)], [value(3e9)]),
    // A Percent policy's limit past int32 freezes scale-up before 1.38.
    scenario('overflow-percent', [cpu], [perPod(50)], [perPod(100)],
      { maxReplicas: 1000, behavior: { scaleUp: { stabilizationWindowSeconds: 0, policies: [{ type: 'Percent', value: 1_000_000_000, periodSeconds: 60 }] } } },
      { initialReplicas: 300 }),
  ];
  if (settableGates.includes(GATE_SCALE_TO_ZERO)) {
    // From zero, a Value metric's count is ceil(ratio), without a cap before 1.38.
    scenarios.push(scenario('overflow-from-zero', [queue], [value(0)], [value(3e9)], { minReplicas: 0 },
      { gates: { [GATE_SCALE_TO_ZERO]: true }, initialReplicas: 0, initialConditions: [{ type: 'ScaledToZero', status: 'True', reason: 'ScaledToZero' }] }));
  }
  return scenarios;
}
