/**
 * The explainer: one live HPA's status read, its arithmetic redone (`arithmetic.ts`), each of
 * its conditions explained (`finding-texts.ts`), with the spec's issues and the objects around
 * it as the one input path found them. Loaded on the first `HpaExplainer` use.
 */
import { computeArithmetic, suggestSimulation } from './arithmetic';
import { Env, Related } from './context';
import { CONDITION_FINDING, conditionKey, FindingId, FINDINGS } from './finding-catalog';
import { describeCondition } from './finding-texts';
import {
  ExplainFinding, ExplainFindingKind, FindingLevel, HpaExplanation, HpaHealth, MetricExplanation, SimulateSuggestion,
} from './hpa-explanation';
import { readStatus } from './status-reader';
import { ClusterProfile } from '../cluster-profile';
import { AUTOSCALING_V1, AUTOSCALING_V2BETA1, AUTOSCALING_V2BETA2 } from '../model/api-versions';
import { namespaceOf } from '../model/object-keys';
import { IndexedObject, RelatedObjects } from '../model/related-objects';
import { isObject } from '../model/values';
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS, DEFAULT_TOLERANCE, HPA_API_VERSION } from '../private/constants';
import { plural, seconds } from '../private/words';
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
  readonly profile: ClusterProfile;
  /** The time to explain at (RFC 3339); the current time when not given. */
  readonly now?: string;
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

  if (OLDER.includes(m.apiVersion)) {
    findings.push(finding('EXP182',
      `this HPA is printed as ${m.apiVersion}, which does not hold the autoscaling/v2 conditions and metrics the explanation reads`,
      'apiVersion', `read it as autoscaling/v2: kubectl get hpa.v2.autoscaling ${name} -n ${namespace} -o yaml`));
    return { ...done({ name, namespace, findings, unknowns, validationIssues: [], metrics: [], status: undefined }), health: HpaHealth.UNKNOWN, summary: `${HpaHealth.UNKNOWN}: printed as ${m.apiVersion}` };
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

  // The spec's own problems, as the input path found them with the related objects; read as
  // autoscaling/v2, an autoscaling/v2beta2 HPA's apiVersion is no problem here.
  const validationIssues = renamed ? issues.filter(i => i.path !== 'apiVersion') : [...issues];

  // The status.
  const read = readStatus(m);
  for (const p of read.problems) {
    findings.push(finding('EXP181', `${p.path}: Invalid value: ${JSON.stringify(p.value)}: ${p.detail}; it is left out of the explanation`, p.path));
  }
  const status = read.status;

  // The spec as the controller reads it.
  let spec: SimSpec | undefined;
  try {
    spec = readSpec(m, ctx.profile, { tolerance: DEFAULT_TOLERANCE, downscaleStabilizationSeconds: DEFAULT_DOWNSCALE_STABILIZATION_SECONDS });
  } catch (e) {
    unknowns.push(`the arithmetic: the spec cannot be read as the controller reads it (${(e instanceof Error ? e.message : String(e)).replace(/^HpaSimulator: /, '')})`);
  }

  if (!status) {
    findings.push(finding('EXP180',
      'the HPA has no status: the controller has not synced it yet (just created, or kube-controller-manager is not running its horizontal-pod-autoscaler controller)',
      'status', 'wait one sync (15s); if it stays empty, check kube-controller-manager and its logs'));
    return done({ name, namespace, findings, unknowns, validationIssues, metrics: [], status: undefined });
  }

  const current = status.currentReplicas;
  const arithmetic = spec ? computeArithmetic(spec, status, now, unknowns) : undefined;
  const env: Env = { manifest: m, spec, status, now, arithmetic, validationIssues, related, profile: ctx.profile };

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
        `make the external metrics API serve "${metric.id}" again (kubectl get --raw "/apis/external.metrics.k8s.io/v1beta1/namespaces/${namespace}/${metric.id}")`));
    }
  }

  if (spec && current > spec.maxReplicas) {
    findings.push(finding('EXP190', `the target has ${current} replicas, above maxReplicas ${spec.maxReplicas}: the next sync scales it to ${spec.maxReplicas} without reading the metrics`, 'spec.maxReplicas'));
  } else if (spec && current > 0 && current < spec.minReplicas) {
    findings.push(finding('EXP190', `the target has ${current} replicas, below minReplicas ${spec.minReplicas}: the next sync scales it to ${spec.minReplicas} without reading the metrics`, 'spec.minReplicas'));
  }
  const generation = m.metadata?.generation;
  if (typeof generation === 'number' && status.observedGeneration !== undefined && status.observedGeneration < generation) {
    findings.push(finding('EXP191', `the status is from generation ${status.observedGeneration}; the spec is generation ${generation}: the controller has not acted on the latest change yet`, 'metadata.generation'));
  }
  if (spec && arithmetic?.proposal !== undefined && arithmetic.proposal > spec.maxReplicas && current >= spec.maxReplicas
    && !findings.some(f => f.findingId === 'EXP140')) {
    findings.push(finding('EXP192',
      `the metrics propose ${arithmetic.proposal} replicas (${arithmetic.winning}), more than maxReplicas ${spec.maxReplicas}: the HPA stays at ${spec.maxReplicas}`,
      'spec.maxReplicas', `raise maxReplicas to at least ${arithmetic.proposal}, or make each pod handle more load`));
  }

  const errors = validationIssues.filter(i => i.severity === Severity.ERROR);
  const unexplained = errors.filter(i => !findings.some(f => f.ruleIds?.includes(i.ruleId)));
  if (unexplained.length > 0) {
    const ids = [...new Set(unexplained.map(i => i.ruleId))];
    findings.push({
      ...finding('EXP193',
        `the spec has ${plural(unexplained.length, 'validation error')} (${ids.join(', ')}); the first: ${unexplained[0].path}: ${unexplained[0].message}`,
        unexplained[0].path, unexplained[0].fix ?? 'run cdk8s-hpa validate on it and fix what it reports'),
      ruleIds: ids,
    });
  }

  if (status.lastScaleTime === undefined) {
    unknowns.push('when the HPA last scaled: status.lastScaleTime is not set');
  }
  return done({
    name,
    namespace,
    findings,
    unknowns,
    validationIssues,
    status,
    metrics: arithmetic?.metrics ?? [],
    proposal: arithmetic?.proposal,
    winning: arithmetic?.winning,
    next: arithmetic?.next,
    // `simulate` reads autoscaling/v2 only.
    simulate: spec && arithmetic && errors.length === 0 && !renamed ? suggestSimulation(status, arithmetic) : undefined,
    spec,
  });
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
  validationIssues: ValidationIssue[];
  metrics: MetricExplanation[];
  status?: HorizontalPodAutoscalerStatus;
  proposal?: number;
  winning?: string;
  next?: number;
  simulate?: SimulateSuggestion;
  spec?: SimSpec;
}): HpaExplanation {
  const findings = x.findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => LEVEL_ORDER.indexOf(a.f.level) - LEVEL_ORDER.indexOf(b.f.level) || a.i - b.i)
    .map(({ f }) => f);
  const health = HEALTH[findings[0]?.level ?? FindingLevel.INFO];
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
    findings,
    validationIssues: x.validationIssues,
    unknowns: x.unknowns,
    simulate: x.simulate,
  };
}

function summarize(
  health: HpaHealth, x: { status?: HorizontalPodAutoscalerStatus; proposal?: number; winning?: string; spec?: SimSpec }, findings: ExplainFinding[],
): string {
  if (!x.status) return `${health}: no status yet`;
  const range = x.spec ? ` (min ${x.spec.minReplicas}, max ${x.spec.maxReplicas})` : '';
  const proposal = x.proposal !== undefined ? `; the metrics propose ${x.proposal} (${x.winning})` : '; no metric proposes a count';
  const top = findings[0] && findings[0].level !== FindingLevel.INFO ? `; ${FINDINGS[findings[0].findingId as FindingId].summary}` : '';
  return `${health}: ${x.status.currentReplicas} replicas${range}${proposal}${top}`;
}

function finding(id: FindingId, message: string, path: string, fix?: string): ExplainFinding {
  return { findingId: id, level: FINDINGS[id].level, message, path, fix };
}
