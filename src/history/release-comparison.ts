/**
 * One spec replayed under two Kubernetes releases over the same history
 * (`HpaSimulator.compareReleases()`): where their replica counts part, and which facts of the
 * release table differ between the two and were read by the run.
 */
import { HistoryReplay, HistoryReport } from './history-replay';
import type { PrometheusHistory } from './prometheus-history';
import type { ReplaySubject } from './replay-measures';
import { HistorySummary, LoadStep, ReleaseDifference, ReplayOptions, ReplicaParting } from './replay-types';
import type { ClusterFacts } from '../model/cluster-facts';
import { INT32_MAX, INT32_MIN } from '../private/constants';
import {
  GATE_POD_LEVEL_RESOURCES, GATE_SCALE_TO_ZERO, GATE_SIDECAR_CONTAINERS, KubernetesRelease, prereleaseOf, ReleaseFactDifference, releaseDifferences,
} from '../private/kubernetes-releases';
import { SimulationResult } from '../simulation/simulation-result';
import { PodRequestSource, SimulatedMetric } from '../simulation/simulation-step';

/** A subject of the comparison: the simulator's run and the cluster it runs for. */
interface ReleaseSubject {
  readonly subject: ReplaySubject<SimulationResult>;
  readonly cluster: ClusterFacts;
}

/** One spec's replays under two releases, over the same history. */
export class ReleaseComparison extends HistoryReport {
  /** @internal */
  public static _compare(baseline: ReleaseSubject, candidate: ReleaseSubject, history: PrometheusHistory, options: ReplayOptions): ReleaseComparison {
    const [a, b] = HistoryReplay._replay([baseline.subject, candidate.subject], history, options);
    return new ReleaseComparison(baseline, candidate, a, b);
  }

  /** The baseline's Kubernetes version, as its cluster profile gives it. */
  public readonly baselineVersion: string;
  /** The candidate's Kubernetes version. */
  public readonly candidateVersion: string;
  /**
   * The prerelease the release table read the candidate's release from (`v1.38.0-beta.0`).
   * @default - a shipped release
   */
  public readonly candidatePrerelease?: string;
  /** The history both read. */
  public readonly history: HistorySummary;
  /**
   * The largest rise of the load, found on the baseline.
   * @default - the load never rises
   */
  public readonly loadStep?: LoadStep;
  /** The replay under the simulator's own release. */
  public readonly baseline: HistoryReplay;
  /** The replay under the other release. */
  public readonly candidate: HistoryReplay;
  /**
   * The first sync where the replica counts differ.
   * @default - they never differ
   */
  public readonly parting?: ReplicaParting;
  /** Every fact of the release table the two releases hold differently, and whether the run read it. */
  public readonly differences: ReleaseDifference[];

  private constructor(a: ReleaseSubject, b: ReleaseSubject, baseline: HistoryReplay, candidate: HistoryReplay) {
    super();
    this.baseline = baseline;
    this.candidate = candidate;
    this.history = baseline.history;
    this.loadStep = baseline.loadStep;
    this.baselineVersion = a.cluster.version;
    this.candidateVersion = b.cluster.version;
    this.candidatePrerelease = prereleaseOf(b.cluster.release.minor);
    this.parting = parting(baseline.result, candidate.result);
    const context: Context = { a, b, baseline: baseline.result, candidate: candidate.result, upTo: this.parting?.sync };
    this.differences = releaseDifferences(a.cluster.release, b.cluster.release)
      .map(d => ({ kind: d.kind, fact: d.fact, baseline: d.from, candidate: d.to, ...exercise(d, context) }));
  }

  /** @internal */
  protected _replays(): HistoryReplay[] {
    return [this.baseline, this.candidate];
  }
}

/** The first sync where the counts differ, and how many do. */
function parting(a: SimulationResult, b: SimulationResult): ReplicaParting | undefined {
  const n = Math.min(a.steps.length, b.steps.length);
  let first = -1;
  let differing = 0;
  for (let i = 0; i < n; i++) {
    if (a.steps[i].replicas === b.steps[i].replicas) continue;
    differing++;
    if (first < 0) first = i;
  }
  if (first < 0) return undefined;
  return {
    sync: first,
    baselineTime: a.steps[first].syncStart,
    candidateTime: b.steps[first].syncStart,
    baselineReplicas: a.steps[first].replicas,
    candidateReplicas: b.steps[first].replicas,
    syncsDiffering: differing,
  };
}

interface Context {
  readonly a: ReleaseSubject;
  readonly b: ReleaseSubject;
  readonly baseline: SimulationResult;
  readonly candidate: SimulationResult;
  /** The parting sync; undefined where the counts never part (then the whole run counts). */
  readonly upTo?: number;
}

type Exercise = Pick<ReleaseDifference, 'exercised' | 'reason'>;

/** Whether the run read a differing fact, as far as the two runs tell. */
function exercise(d: ReleaseFactDifference, c: Context): Exercise {
  if (d.kind === 'apiServer' || d.kind === 'served') return { exercised: false, reason: 'the API server\'s, not the controller\'s (see HpaValidator under each release)' };
  if (d.kind === 'gate') return exerciseGate(d.fact, c);
  const fact = d.fact as keyof KubernetesRelease['controller'];
  switch (fact) {
    case 'syncsDrift': {
      const last = Math.min(c.upTo ?? Infinity, c.baseline.steps.length - 1, c.candidate.steps.length - 1);
      for (let i = 0; i <= last; i++) {
        if (c.baseline.steps[i].syncStart !== c.candidate.steps[i].syncStart) {
          return { exercised: true, reason: `the syncs start at different times from sync ${i} (${round(c.baseline.steps[i].syncStart)}s and ${round(c.candidate.steps[i].syncStart)}s)` };
        }
      }
      return { exercised: false, reason: 'every sync started at the same time' };
    }
    case 'scaledToZeroCondition':
      return zeroExercise(c);
    case 'externalPerPodCapped':
      return int32Exercise(c, m => m.type === 'External' && m.targetType === 'AverageValue');
    case 'usageRatioCapped':
      return int32Exercise(c, (m, current) => (m.type === 'Object' || m.type === 'External') && m.targetType === 'Value' && current > 0);
    case 'replicaCountsSaturate':
      return int32Exercise(c, () => true);
    case 'sidecarsReadFirst':
      return { exercised: false, reason: 'the order the requests are read in does not change their sum' };
    case 'ambiguousSelector':
      return { exercised: false, reason: 'about several HPAs selecting the same pods: a replay runs one' };
    case 'sidecarRequests':
    case 'podLevelRequests':
      return requestsExercise(c);
    default:
      return { exercised: false, reason: 'a replay does not read it' };
  }
}

/**
 * Whether a metric `conversion` covers proposed a different count under the two releases at
 * one sync before the parting, the pods being the same: only a count (or a utilization) past the
 * int32 range reads differently then.
 */
function int32Exercise(c: Context, conversion: (metric: SimulatedMetric, current: number) => boolean): Exercise {
  const last = Math.min(c.upTo ?? Infinity, c.baseline.steps.length - 1, c.candidate.steps.length - 1);
  for (let i = 0; i <= last; i++) {
    const [a, b] = [c.baseline.steps[i], c.candidate.steps[i]];
    if (a.currentReplicas !== b.currentReplicas || a.syncStart !== b.syncStart) continue;
    for (let j = 0; j < c.baseline.metrics.length; j++) {
      const [pa, pb] = [a.metrics[j]?.proposal, b.metrics[j]?.proposal];
      if (pa === pb || pa === undefined || pb === undefined || !conversion(c.baseline.metrics[j], a.currentReplicas)) continue;
      return {
        exercised: true,
        reason: `at sync ${i} ${c.baseline.metrics[j].id} proposes ${replicaWords(pa)} and ${replicaWords(pb)}: a count past the int32 range`,
      };
    }
  }
  return { exercised: false, reason: 'no metric\'s count passed the int32 range' };
}

/** A proposed count; MinInt32, which the controller reads as 0, named. */
function replicaWords(replicas: number): string {
  return replicas === INT32_MIN ? 'MinInt32 (read as 0)' : replicas === INT32_MAX ? 'MaxInt32' : String(replicas);
}

/** Whether the two releases read other requests from the workload for a Utilization metric the run compared usages with. */
function requestsExercise(c: Context): Exercise {
  const fromWorkload = (m: SimulatedMetric | undefined) => m?.requestSource === PodRequestSource.WORKLOAD;
  const differing = c.baseline.metrics.flatMap((m, i) => {
    const other = c.candidate.metrics[i];
    return (fromWorkload(m) || fromWorkload(other)) && other?.request !== m.request ? [`${m.id}: ${m.request} and ${other?.request}`] : [];
  });
  if (differing.length > 0) return { exercised: true, reason: `the pods' requests the replays compare usages with differ (${differing.join('; ')})` };
  return [...c.baseline.metrics, ...c.candidate.metrics].some(fromWorkload)
    ? { exercised: false, reason: 'the requests read from the workload are the same under both' }
    : { exercised: false, reason: 'the replay reads no request from a workload (podRequests, or none known)' };
}

function exerciseGate(gate: string, c: Context): Exercise {
  const on = (s: ReleaseSubject) => s.cluster.gatesOn[gate];
  if (on(c.a) === on(c.b)) return { exercised: false, reason: `${on(c.a) ? 'on' : 'off'} in both clusters: only its stage differs` };
  if (gate === GATE_SCALE_TO_ZERO) return zeroExercise(c);
  if (gate === GATE_SIDECAR_CONTAINERS || gate === GATE_POD_LEVEL_RESOURCES) return requestsExercise(c);
  return JSON.stringify(c.a.subject.spec) !== JSON.stringify(c.b.subject.spec)
    ? { exercised: true, reason: 'the controller reads the spec differently' }
    : { exercised: false, reason: 'the spec does not use it' };
}

function zeroExercise(c: Context): Exercise {
  return c.baseline.minReplicas === 0
    ? { exercised: true, reason: 'minReplicas is 0' }
    : { exercised: false, reason: `minReplicas is ${c.baseline.minReplicas}: the run never scales to zero` };
}

function round(s: number): number {
  return Math.round(s * 1000) / 1000;
}
