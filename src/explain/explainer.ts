/**
 * The explainer: one live HPA's status read, its arithmetic redone (`arithmetic.ts`), each of
 * its conditions explained (`finding-texts.ts`), with the spec's issues and the objects around
 * it as the one input path found them. Loaded on the first `HpaExplainer` use.
 */
import { computeArithmetic, settle, suggestSimulation } from './arithmetic';
import { externalMetricQuery, Kubectl, kubectlWith, metricSelector } from './commands';
import { Env, Related } from './context';
import { Decision, podMetricsIn, readDecision } from './decision';
import { lastEvent, readEvents } from './events';
import { CONDITION_FINDING, conditionKey, FindingId, FINDINGS } from './finding-catalog';
import { describeCondition, failureCount, metricFix, proposesText } from './finding-texts';
import {
  ExplainFinding, ExplainFindingKind, FindingLevel, HpaEventSummary, HpaExplanation, HpaHealth, MetricExplanation, ScalingCause, SimulateSuggestion,
} from './hpa-explanation';
import { getScaledObject, kedaFix, kedaMessage, kedaOwnerOf, KedaOwner } from './keda';
import { toleranceFix } from './knobs';
import { readStatus } from './status-reader';
import { AUTOSCALING_V1, AUTOSCALING_V2BETA1, AUTOSCALING_V2BETA2 } from '../model/api-versions';
import { ClusterFacts } from '../model/cluster-facts';
import { namespaceOf } from '../model/object-keys';
import { IndexedObject, RelatedObjects } from '../model/related-objects';
import { isObject } from '../model/values';
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS, DEFAULT_TOLERANCE, HPA_API_VERSION } from '../private/constants';
import { fmt, plural, seconds } from '../private/words';
import { FAILED_GET_REASON } from '../simulation/conditions';
import { readSpec, SimSpec } from '../simulation/hpa-spec';
import { ConditionStatus, ConditionType, HorizontalPodAutoscalerCondition, HorizontalPodAutoscalerStatus } from '../status';
import { Severity, ValidationIssue } from '../validation/validation-issue';

const LEVEL_ORDER = [FindingLevel.FAILING, FindingLevel.STUCK, FindingLevel.LIMITED, FindingLevel.INFO];
const HEALTH: { [level: string]: HpaHealth } = {
  [FindingLevel.FAILING]: HpaHealth.FAILING,
  [FindingLevel.STUCK]: HpaHealth.STUCK,
  [FindingLevel.LIMITED]: HpaHealth.LIMITED,
  [FindingLevel.INFO]: HpaHealth.HEALTHY,
};

export interface ExplainContext {
  /** The cluster the HPA runs in. */
  readonly cluster: ClusterFacts;
  /** The time to explain at (RFC 3339); the current time when not given. */
  readonly now?: string;
  /** Replay a pod metric as a load per pod, not as the total over the current pods. */
  readonly perPodLoad?: boolean;
  /** Flags every printed kubectl command carries: the `--context` and `--kubeconfig` it was read with. */
  readonly kubectlFlags?: readonly string[];
}

export function findingKinds(): ExplainFindingKind[] {
  return Object.entries(FINDINGS).map(([findingId, info]) => ({
    findingId,
    level: info.level,
    condition: 'condition' in info ? info.condition : undefined,
    summary: info.summary,
  }));
}

/** API versions whose spec and status are autoscaling/v2's under another name. */
const SAME_AS_V2 = [AUTOSCALING_V2BETA2];
/** Older API versions: their status (and v1's conditions, in an annotation) differ from autoscaling/v2's. */
const OLDER = [AUTOSCALING_V1, AUTOSCALING_V2BETA1];

/**
 * Explains `hpa` with what `objects`, the index of its input, holds around it and the issues the
 * input path found in it. Never throws.
 */
export function explainIndexed<T extends IndexedObject>(
  hpa: T, objects: RelatedObjects<T>, validationIssues: readonly ValidationIssue[], ctx: ExplainContext,
): HpaExplanation {
  const related: Related = {
    target: objects.targetOf(hpa)?.manifest,
    pods: objects.podsOf(hpa).map(pod => pod.manifest),
    otherHpa: objects.otherHpaOnTarget(hpa),
    events: objects.eventsOf(hpa).map(event => event.manifest),
    scaledObject: objects.scaledObjectOf(hpa)?.manifest,
  };
  return explainManifest(hpa.manifest, related, validationIssues, ctx);
}

/** Explains one manifest. Never throws. */
function explainManifest(manifest: unknown, related: Related, issues: readonly ValidationIssue[], ctx: ExplainContext): HpaExplanation {
  const findings: ExplainFinding[] = [];
  const unknowns: string[] = [];
  let m = isObject(manifest) ? manifest : {};
  const name = typeof m.metadata?.name === 'string' ? m.metadata.name : '<no name>';
  const namespace = namespaceOf(m);
  const kubectl = kubectlWith(ctx.kubectlFlags);

  const events = readEvents(related.events, m);
  const keda = kedaOwnerOf(m, namespace, related.scaledObject);
  const base = { name, namespace, findings, unknowns, events, keda, kubectl };
  if (OLDER.includes(m.apiVersion)) {
    findings.push(finding('EXP182',
      `this HPA is printed as ${m.apiVersion}, which does not hold the autoscaling/v2 conditions and metrics the explanation reads`,
      'apiVersion', `read it as autoscaling/v2: ${kubectl(['get', 'hpa.v2.autoscaling', name, '-n', namespace, '-o', 'yaml'])}`));
    return {
      ...done({ ...base, validationIssues: [], metrics: [], status: undefined }),
      health: HpaHealth.UNKNOWN,
      summary: `${HpaHealth.UNKNOWN}: printed as ${m.apiVersion}`,
      nextStep: findings[0].fix,
    };
  }
  const renamed = SAME_AS_V2.includes(m.apiVersion);
  if (renamed) {
    // The same fields as autoscaling/v2, which the cluster serves the HPA as.
    m = { ...m, apiVersion: HPA_API_VERSION };
  }

  let now = Date.now();
  if (ctx.now !== undefined) {
    const parsed = Date.parse(ctx.now);
    if (Number.isNaN(parsed)) {
      findings.push(finding('EXP181', `now: Invalid value: ${JSON.stringify(ctx.now)}: not an RFC 3339 time; ages are counted to the current time instead`, '<options>.now'));
    } else {
      now = parsed;
    }
  }

  // The status.
  const read = readStatus(m);
  for (const p of read.problems) {
    findings.push(finding('EXP181', `${p.path}: Invalid value: ${JSON.stringify(p.value)}: ${p.detail}; it is left out of the explanation`, p.path));
  }
  const status = read.status;

  // The spec's own problems, as the input path found them with the related objects; read as
  // autoscaling/v2, an autoscaling/v2beta2 HPA's apiVersion is no problem here. A target the
  // input lacks (HPA306) is not missing where the controller read its scale for this spec: the
  // live status beats a partial input.
  const scaleRead = status ? scaleReadBy(status, m.metadata?.generation) : undefined;
  const validationIssues = (renamed ? issues.filter(i => i.path !== 'apiVersion') : [...issues])
    .filter(i => !(scaleRead && i.ruleId === MISSING_TARGET_RULE));
  if (scaleRead && issues.some(i => i.ruleId === MISSING_TARGET_RULE)) {
    const ref = m.spec?.scaleTargetRef ?? {};
    unknowns.push(`the target ${ref.kind}/${ref.name}: the input holds other workloads of its namespace but not it, while the controller read its scale (${scaleRead}), `
      + 'so it exists outside the input: HPA306 is not reported, and the checks against the target (requests, containers, replicas) were not made');
  }

  // The spec as the controller reads it.
  let spec: SimSpec | undefined;
  try {
    spec = readSpec(m, ctx.cluster, { tolerance: DEFAULT_TOLERANCE, downscaleStabilizationSeconds: DEFAULT_DOWNSCALE_STABILIZATION_SECONDS });
  } catch (e) {
    unknowns.push(`the arithmetic: the spec cannot be read as the controller reads it (${(e instanceof Error ? e.message : String(e)).replace(/^HpaSimulator: /, '')})`);
  }

  if (keda) findings.push({ ...finding('EXP196', kedaMessage(keda), 'metadata.ownerReferences', getScaledObject(kubectl, keda)) });

  if (!status) {
    findings.push(finding('EXP180',
      'the HPA has no status: the controller has not synced it yet (just created, or kube-controller-manager is not running its horizontal-pod-autoscaler controller)',
      'status', 'wait one sync (15s); if it stays empty, check kube-controller-manager and its logs'));
    unexplainedErrors(findings, validationIssues, 'EXP193');
    return done({ ...base, validationIssues, metrics: [], status: undefined });
  }

  const current = status.currentReplicas;
  const controller = ctx.cluster.release.controller;
  const computed = spec ? computeArithmetic(spec, status, now, unknowns, controller, ctx.perPodLoad, related.pods) : undefined;
  const decision = readDecision(spec, status, computed);
  // One count for the headline, the findings, the next sync and the verbose lines: the
  // metrics' where the controller's decision leaves it possible, else the controller's own.
  const stated = decision.consistent ? computed?.proposal : decision.controllerProposal;
  const arithmetic = computed && settle(computed, spec!, status, stated, now, unknowns, controller);
  const env: Env = { manifest: m, spec, status, now, arithmetic, decision, events, keda, validationIssues, related, cluster: ctx.cluster, kubectl };

  for (const condition of status.conditions ?? []) findings.push(explainCondition(condition, env));
  for (const c of read.otherConditions) {
    const label = `${c.type}=${c.status}/${c.reason ?? ''}`;
    findings.push({
      ...finding('EXP170', `condition ${label}${c.message ? ` (the controller says: "${c.message}")` : ''}: a condition this library does not know`, 'status.conditions'),
      condition: label,
    });
  }

  // The fallback of a failing External metric, before it starts.
  if (spec) {
    for (const metric of spec.metrics) {
      const fb = status.externalMetricFallbacks?.[metric.id];
      if (!metric.fallback || !fb || fb.fallbackActive || fb.firstFailureTime === undefined) continue;
      const since = Math.floor((now - Date.parse(fb.firstFailureTime)) / 1000);
      const left = metric.fallback.failureDurationSeconds - since;
      findings.push(finding('EXP162',
        `External metric "${metric.id}" has failed since ${fb.firstFailureTime} (${seconds(since)} ago): its fallback of ${metric.fallback.replicas} replicas starts ${left > 0 ? `in ${seconds(left)}` : 'at the next sync'} (failureDuration ${seconds(metric.fallback.failureDurationSeconds)}); until then the failing metric blocks scaling down`,
        `spec.metrics[${metric.index}].external.fallback`,
        `make the external metrics API serve "${metric.id}" again (${externalMetricQuery(kubectl, namespace, metric.id, metricSelector(m, metric.index))})`));
    }
  }

  // Each metric the controller cannot read that no condition names: all of them while another one
  // drives (ScalingActive=True), the ones after the first when they block scaling (the condition names the first).
  const activeTrue = (status.conditions ?? []).some(c => c.type === ConditionType.SCALING_ACTIVE && c.status === ConditionStatus.TRUE);
  const unnamed = activeTrue ? decision.failingMetrics : decision.cause === ScalingCause.FAILING_METRIC ? decision.failingMetrics.slice(1) : [];
  for (const id of unnamed) {
    const metric = spec!.metrics.find(x => x.id === id)!;
    if (metric.fallback && status.externalMetricFallbacks?.[metric.id]) continue;
    const drives = arithmetic?.winning !== undefined ? ` while ${arithmetic.winning} drives the count (ScalingActive=True names only that)` : '';
    findings.push(finding('EXP163', activeTrue
      ? `the controller cannot read ${metric.type} metric "${metric.id}"${drives}: the HPA scales up on the other metrics but never down, as a metric it cannot read might ask for more${failureCount(metric, env)}`
      : `the controller cannot read ${metric.type} metric "${metric.id}" either${failureCount(metric, env)}`,
    `spec.metrics[${metric.index}]`, metricFix(metric.type, metric, lastEvent(events, FAILED_GET_REASON[metric.type])?.message ?? '', env)));
  }

  if (!decision.consistent && arithmetic?.proposal !== undefined) findings.push(proposalDiffers(env, arithmetic.proposal));

  if (spec && current > spec.maxReplicas) {
    findings.push(finding('EXP190', `the target has ${current} replicas, above maxReplicas ${spec.maxReplicas}: the next sync scales it to ${spec.maxReplicas} without reading the metrics`, 'spec.maxReplicas'));
  } else if (spec && current > 0 && current < spec.minReplicas) {
    findings.push(finding('EXP190', `the target has ${current} replicas, below minReplicas ${spec.minReplicas}: the next sync scales it to ${spec.minReplicas} without reading the metrics`, 'spec.minReplicas'));
  }
  const stale = staleStatus(m.metadata?.generation, status);
  if (stale !== undefined) findings.push(finding('EXP191', stale, 'metadata.generation'));
  if (spec && decision.consistent && arithmetic?.proposal !== undefined && arithmetic.proposal > spec.maxReplicas && current >= spec.maxReplicas
    && !findings.some(f => f.findingId === 'EXP140')) {
    findings.push(finding('EXP192',
      `the metrics propose ${arithmetic.proposal} replicas (${arithmetic.winning}), more than maxReplicas ${spec.maxReplicas}: the HPA stays at ${spec.maxReplicas}`,
      'spec.maxReplicas', `raise spec.maxReplicas to at least ${arithmetic.proposal} (or make each pod handle more load)`));
  }
  if (spec && arithmetic && decision.cause === ScalingCause.TOLERANCE) {
    const held = withinTolerance(arithmetic.metrics);
    if (held) findings.push(toleranceHolds(held, spec, current, ctx.cluster));
  }

  // With a status, the controller's conditions say what went wrong: the spec's errors that none of
  // them explains (authoring advice, such as a replicas field a manager sets) do not outrank them.
  const errors = validationIssues.filter(i => i.severity === Severity.ERROR);
  unexplainedErrors(findings, validationIssues, 'EXP194');

  if (status.lastScaleTime === undefined) {
    unknowns.push('when the HPA last scaled: status.lastScaleTime is not set');
  }
  return done({
    ...base,
    validationIssues,
    status,
    metrics: arithmetic?.metrics ?? [],
    proposal: arithmetic?.proposal,
    winning: arithmetic?.winning,
    next: arithmetic?.next,
    // `simulate` reads autoscaling/v2 only.
    simulate: spec && arithmetic && errors.length === 0 && !renamed ? suggestSimulation(status, arithmetic) : undefined,
    spec,
    env,
  });
}

/** The rule of a target the input should hold and does not. */
const MISSING_TARGET_RULE = 'HPA306';

/**
 * The condition that shows the controller read the target's scale for the current spec: AbleToScale
 * True (any reason), or False after reading it (the update failed, or an older controller's
 * backoff); undefined when it failed to, or the status predates the spec's last edit.
 */
function scaleReadBy(status: HorizontalPodAutoscalerStatus, generation: unknown): string | undefined {
  if (typeof generation === 'number' && status.observedGeneration !== undefined && status.observedGeneration < generation) return undefined;
  const able = (status.conditions ?? []).find(c => c.type === ConditionType.ABLE_TO_SCALE);
  if (!able || (typeof generation === 'number' && able.observedGeneration !== undefined && able.observedGeneration < generation)) return undefined;
  const read = able.status === ConditionStatus.TRUE || (able.status === ConditionStatus.FALSE && able.reason !== 'FailedGetScale');
  return read ? `${able.type}=${able.status}/${able.reason ?? ''}` : undefined;
}

/**
 * The spec's errors that no finding explains, as one finding: `EXP193` (failing) without a status,
 * `EXP194` (info) with one.
 */
function unexplainedErrors(findings: ExplainFinding[], issues: readonly ValidationIssue[], id: 'EXP193' | 'EXP194'): void {
  const unexplained = issues.filter(i => i.severity === Severity.ERROR && !findings.some(f => f.ruleIds?.includes(i.ruleId)));
  if (unexplained.length === 0) return;
  const ids = [...new Set(unexplained.map(i => i.ruleId))];
  const first = `the first: ${unexplained[0].path}: ${unexplained[0].message}`;
  findings.push({
    ...finding(id, id === 'EXP193'
      ? `the spec has ${plural(unexplained.length, 'validation error')} (${ids.join(', ')}); ${first}`
      : `the spec has ${plural(unexplained.length, 'issue')} that no condition of the controller shows (${ids.join(', ')}): advice for the manifest; ${first}`,
    unexplained[0].path, unexplained[0].fix ?? 'run cdk8s-hpa validate on it and fix what it reports'),
    ruleIds: ids,
  });
}

/**
 * EXP195: the controller's decision leaves only proposals other than the one the status's
 * values give. For a metric read per pod, pods without metrics are why: the status averages the
 * pods that reported, and the controller counts the others apart (replica_calculator.go: on a
 * scale-up as using nothing, on a scale-down as at the target; pods not ready, for CPU, as using
 * nothing on a scale-up and left out otherwise).
 */
function proposalDiffers(env: Env, proposal: number): ExplainFinding {
  const why = podMetricsIn(env.arithmetic)
    ? 'pods without metrics (starting, in a rollout, not ready): the status averages the pods that reported; the controller counts the others '
      + 'as using nothing on a scale-up and as at the target on a scale-down, which keeps it nearer the current count'
    : 'the status rounds the values it holds (an AverageValue is the per-pod average, rounded up), so the count redone from them can differ by one';
  const { controllerProposal, bounds } = env.decision;
  const own = controllerProposal !== undefined ? `${controllerProposal}` : bounds!.hi === Infinity ? `at least ${bounds!.lo}` : bounds!.lo === 0 ? `at most ${bounds!.hi}` : `${bounds!.lo} to ${bounds!.hi}`;
  return finding('EXP195',
    `the controller's conditions and desiredReplicas leave it a proposal of ${own}, where the status's values give ${proposal} (${env.arithmetic!.winning}): ${why}`,
    'status.currentMetrics');
}

/** Of the metrics off their target within the tolerance, the one farthest from it. */
function withinTolerance(metrics: readonly MetricExplanation[]): MetricExplanation | undefined {
  return metrics.filter(m => m.withinTolerance && m.ratio !== undefined && m.ratio !== 1)
    .reduce<MetricExplanation | undefined>((far, m) => (far && Math.abs(far.ratio! - 1) >= Math.abs(m.ratio! - 1) ? far : m), undefined);
}

/** EXP197: the tolerance keeps the count, and the tolerance that would let the metric move it. */
function toleranceHolds(metric: MetricExplanation, spec: SimSpec, current: number, cluster: ClusterFacts): ExplainFinding {
  const { up, down } = spec.tolerance;
  const direction = metric.ratio! > 1 ? 'scaleUp' : 'scaleDown';
  return finding('EXP197',
    `${metric.metric} is at ${fmt(metric.ratio!)} times its target, within the tolerance band [${fmt(1 - down)}, ${fmt(1 + up)}]: the controller keeps ${plural(current, 'replica')}`,
    `spec.behavior.${direction}.tolerance`, toleranceFix(metric, spec.tolerance, cluster));
}

/** One condition, explained. */
function explainCondition(condition: HorizontalPodAutoscalerCondition, env: Env): ExplainFinding {
  const reason = condition.reason ?? '';
  const id = CONDITION_FINDING.get(conditionKey(condition.type, reason));
  const label = `${condition.type}=${condition.status}/${reason}`;
  const said = condition.message ? ` (the controller says: "${condition.message}")` : '';
  if (!id) {
    return { ...finding('EXP170', `condition ${label}${said}: a reason this library does not know`, 'status.conditions'), condition: label };
  }
  let explained = describeCondition(id, condition, env);
  const blocked = (env.status.conditions ?? []).some(x => x.type === ConditionType.SCALING_ACTIVE && x.status === ConditionStatus.FALSE);
  if (blocked && condition.type === ConditionType.SCALING_LIMITED) {
    // The controller leaves ScalingLimited as it was while the metrics are blocked.
    explained = { ...explained, message: `${explained.message} (left from the last sync that read the metrics)` };
  }
  // A condition whose status is not the one the controller sets with this reason says nothing reliable.
  const info = FINDINGS[id];
  const expected = info.condition?.split('=')[1].split('/')[0];
  const level = condition.status === expected ? info.level : FindingLevel.INFO;
  return {
    findingId: id,
    level,
    condition: label,
    message: explained.message,
    path: explained.path,
    fix: explained.fix,
    ruleIds: explained.ruleIds && explained.ruleIds.length > 0 ? explained.ruleIds : undefined,
  };
}

function done(x: {
  name: string;
  namespace: string;
  findings: ExplainFinding[];
  unknowns: string[];
  events: HpaEventSummary[];
  keda?: KedaOwner;
  kubectl: Kubectl;
  validationIssues: ValidationIssue[];
  metrics: MetricExplanation[];
  status?: HorizontalPodAutoscalerStatus;
  proposal?: number;
  winning?: string;
  next?: number;
  simulate?: SimulateSuggestion;
  spec?: SimSpec;
  env?: Env;
}): HpaExplanation {
  const keda = x.keda;
  // A fix taken from a validation issue points at the ScaledObject already (the engine's).
  const issueFixes = new Set(x.validationIssues.map(i => i.fix));
  const findings = x.findings
    .map(f => (keda && !issueFixes.has(f.fix) ? { ...f, fix: kedaFix(x.kubectl, keda, f.path, f.fix) } : f))
    .map((f, i) => ({ f, i }))
    .sort((a, b) => LEVEL_ORDER.indexOf(a.f.level) - LEVEL_ORDER.indexOf(b.f.level) || a.i - b.i)
    .map(({ f }) => f);
  const health = HEALTH[findings[0]?.level ?? FindingLevel.INFO];
  const decision: Decision | undefined = x.env?.decision;
  return {
    name: x.name,
    namespace: x.namespace,
    health,
    summary: summarize(health, x, findings),
    status: x.status,
    metrics: x.metrics,
    proposedReplicas: x.proposal,
    winningMetric: x.winning,
    nextReplicas: x.next,
    controllerProposal: decision?.controllerProposal,
    cause: decision?.cause ?? ScalingCause.UNKNOWN,
    failingMetrics: decision?.failingMetrics ?? [],
    managedBy: keda ? `ScaledObject/${keda.name}` : undefined,
    events: x.events,
    nextStep: findings.find(f => f.level !== FindingLevel.INFO && f.fix !== undefined)?.fix ?? knobStep(decision, findings),
    findings,
    validationIssues: x.validationIssues,
    unknowns: x.unknowns,
    simulate: x.simulate,
  };
}

/** The findings that name the setting holding the count, by the cause. */
const KNOB_FINDINGS: { readonly [cause: string]: readonly FindingId[] } = {
  [ScalingCause.MIN_REPLICAS]: ['EXP141'],
  [ScalingCause.SCALE_DOWN_STABILIZATION]: ['EXP125'],
  [ScalingCause.SCALE_DOWN_DISABLED]: ['EXP143', 'EXP125'],
  [ScalingCause.SCALE_DOWN_POLICY]: ['EXP143'],
  [ScalingCause.TOLERANCE]: ['EXP197'],
};

/**
 * Where nothing is wrong but a setting holds the count (minReplicas, a window, a disabled
 * direction, a policy, the tolerance): the change of that setting, as the next step.
 */
function knobStep(decision: Decision | undefined, findings: readonly ExplainFinding[]): string | undefined {
  const ids = decision ? KNOB_FINDINGS[decision.cause] ?? [] : [];
  return findings.find(f => ids.includes(f.findingId as FindingId) && f.fix !== undefined)?.fix;
}

/** One line: the health, the replicas (and where the last sync sent them), the range, the proposal, the most serious finding. */
function summarize(
  health: HpaHealth, x: { status?: HorizontalPodAutoscalerStatus; spec?: SimSpec; env?: Env }, findings: ExplainFinding[],
): string {
  if (!x.status || !x.env) return `${health}: no status yet`;
  const { currentReplicas, desiredReplicas } = x.status;
  const rescaled = (x.status.conditions ?? []).some(c => c.type === ConditionType.ABLE_TO_SCALE && c.reason === 'SucceededRescale');
  const moving = desiredReplicas !== currentReplicas && rescaled ? `, scaling to ${desiredReplicas}` : '';
  const range = x.spec ? ` (min ${x.spec.minReplicas}, max ${x.spec.maxReplicas})` : '';
  const proposes = proposesText(x.env);
  const proposal = proposes === 'the metrics' ? '; no metric proposes a count' : `; ${proposes}`;
  const top = findings[0] && findings[0].level !== FindingLevel.INFO ? `; ${FINDINGS[findings[0].findingId as FindingId].summary}` : '';
  return `${health}: ${plural(currentReplicas, 'replica')}${moving}${range}${proposal}${top}`;
}

function finding(id: FindingId, message: string, path: string, fix?: string): ExplainFinding {
  return { findingId: id, level: FINDINGS[id].level, message, path, fix };
}

/**
 * Where the status predates the spec's last edit: the status's `observedGeneration`, and each
 * condition's where the server sets it (1.37 and later), older than `metadata.generation`.
 */
function staleStatus(generation: unknown, status: HorizontalPodAutoscalerStatus): string | undefined {
  if (typeof generation !== 'number') return undefined;
  const older = (status.conditions ?? []).filter(c => c.observedGeneration !== undefined && c.observedGeneration < generation)
    .map(c => `${c.type} (generation ${c.observedGeneration})`);
  const conditions = older.length === 0 ? '' : `the conditions ${older.join(', ')} were set for an older spec`;
  if (status.observedGeneration !== undefined && status.observedGeneration < generation) {
    return `the status is from generation ${status.observedGeneration}; the spec is generation ${generation}: the controller has not acted on the latest change yet${conditions ? `; ${conditions}` : ''}`;
  }
  return conditions ? `the spec is generation ${generation}, and ${conditions}: they do not yet say what the controller makes of the latest change` : undefined;
}

