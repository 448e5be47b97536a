/**
 * The explainer: one live HPA's status read, its arithmetic redone with the simulator's replica
 * calculator and normalization, its conditions explained, its spec validated. Loaded on the
 * first `HpaExplainer` use.
 */
import { ClusterProfile } from '../cluster-profile';
import { AUTOSCALING_V1, AUTOSCALING_V2BETA1, AUTOSCALING_V2BETA2 } from '../model/api-versions';
import { namespaceKey, objectKey, scaleTargetKey } from '../model/object-keys';
import { parseQuantity, toMilli } from '../model/quantity';
import { isObject } from '../model/values';
import { missingRequests, WorkloadFacts, workloadFactsFromManifest } from '../model/workload-facts';
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS, DEFAULT_TOLERANCE, HPA_API_VERSION } from '../private/constants';
import { GATE_EXTERNAL_METRIC_FALLBACK } from '../private/kubernetes-releases';
import { table } from '../private/table';
import { readSpec, SimMetric, SimSpec } from '../simulation/hpa-spec';
import { MetricObservation } from '../simulation/metric-observation';
import {
  calculateScaleDownLimitWithBehaviors, calculateScaleUpLimitWithScalingRules, convertDesiredReplicasWithRules,
} from '../simulation/normalization';
import { computeProposal, isWithin } from '../simulation/replica-calculator';
import { DEFAULT_POD_REQUEST, displayTarget, FAILED_GET_REASON } from '../simulation/simulation-run';
import { ConditionStatus, ConditionType, HorizontalPodAutoscalerCondition, HorizontalPodAutoscalerStatus, MetricStatus } from '../status';
import { CONDITION_FINDING, conditionKey, FindingId, FINDINGS } from './finding-catalog';
import {
  ExplainFinding, ExplainFindingKind, FindingLevel, HpaExplanation, HpaHealth, MetricExplanation, SimulateSuggestion,
} from './hpa-explanation';
import { readStatus } from './status-reader';
import { validateManifest } from '../validation/engine';
import { requestRules } from '../validation/rules/cross-object';
import { Severity, ValidationIssue } from '../validation/validation-issue';

const DEFAULT_NAMESPACE = 'default';
const LEVEL_ORDER = [FindingLevel.FAILING, FindingLevel.STUCK, FindingLevel.LIMITED, FindingLevel.INFO];
const HEALTH: { [level: string]: HpaHealth } = {
  [FindingLevel.FAILING]: HpaHealth.FAILING,
  [FindingLevel.STUCK]: HpaHealth.STUCK,
  [FindingLevel.LIMITED]: HpaHealth.LIMITED,
  [FindingLevel.INFO]: HpaHealth.HEALTHY,
};

/** The metric source type each `FailedGet*Metric` reason is about. */
const FAILED_GET_TYPE = table<string>(Object.fromEntries(
  Object.entries(FAILED_GET_REASON).map(([type, reason]) => [reason, type])));

/** The field of a metric each finding about it points at, by source type. */
const METRIC_FIELD = table({
  Resource: 'resource',
  ContainerResource: 'containerResource',
  Pods: 'pods.metric',
  Object: 'object.metric',
  External: 'external.metric',
});

export interface ExplainContext {
  readonly profile: ClusterProfile;
  readonly now?: string;
  readonly relatedObjects?: unknown[];
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

/** Explains one manifest. Never throws. */
export function explainManifest(manifest: unknown, ctx: ExplainContext): HpaExplanation {
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

  // The spec's own problems, with what the related objects tell.
  const related = matchRelated(m, (ctx.relatedObjects ?? []).filter(isObject));
  const validationIssues = validate(m, ctx.profile, related);

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

interface Arithmetic {
  readonly metrics: MetricExplanation[];
  /** Trace rows, per metric: the observation and its value. */
  readonly rows: Array<{ metric: string; observation: string; value: string; note?: string }>;
  readonly proposal?: number;
  readonly winning?: string;
  readonly blocked: boolean;
  readonly next?: number;
  readonly upLimit?: number;
}

interface Env {
  readonly manifest: { [key: string]: any };
  readonly spec?: SimSpec;
  readonly status: HorizontalPodAutoscalerStatus;
  readonly now: number;
  readonly arithmetic?: Arithmetic;
  readonly validationIssues: ValidationIssue[];
  readonly related: Related;
  readonly profile: ClusterProfile;
}

/** The controller's arithmetic, per metric and combined, from the reported current values. */
function computeArithmetic(spec: SimSpec, status: HorizontalPodAutoscalerStatus, now: number, unknowns: string[]): Arithmetic {
  const current = status.currentReplicas;
  const tol = spec.tolerance;
  const band = `[${fmt(1 - tol.down)}, ${fmt(1 + tol.up)}]`;
  const metrics: MetricExplanation[] = [];
  const rows: Arithmetic['rows'] = [];
  let proposal = 0;
  let invalid = 0;
  let winning: string | undefined;
  let perPodTotals = false;

  for (const metric of spec.metrics) {
    const path = `spec.metrics[${metric.index}]`;
    const target = displayTarget(metric);
    const unit = metric.targetType === 'Utilization' ? '%' : '';
    const base = { path, metric: metric.id, type: metric.type, targetType: metric.targetType, target };
    const reported = metricStatusFor(metric, status.currentMetrics ?? []);
    const value = reported ? currentValue(metric, reported) : undefined;
    const fb = status.externalMetricFallbacks?.[metric.id];
    const fallbackActive = metric.fallback !== undefined && fb?.fallbackActive === true;

    if (value === undefined) {
      rows.push({
        metric: metric.id,
        observation: 'failure',
        value: 'no value in the HPA status',
        note: fb?.firstFailureTime && metric.fallback
          ? `${metric.id} has failed since ${fb.firstFailureTime}; here it fails from 0s, so its fallback starts at ${metric.fallback.failureDurationSeconds}s`
          : undefined,
      });
      if (fallbackActive) {
        const replicas = metric.fallback!.replicas;
        metrics.push({ ...base, fallbackActive, proposedReplicas: replicas, explanation: `no current value: the metric is failing; its fallback proposes ${replicas} replicas` });
        if (proposal === 0 || replicas > proposal) {
          proposal = replicas;
          winning = metric.id;
        }
      } else {
        invalid++;
        const disabled = (status.conditions ?? []).some(c => c.type === ConditionType.SCALING_ACTIVE && c.reason === 'ScalingDisabled');
        metrics.push({
          ...base,
          fallbackActive,
          explanation: disabled
            ? 'no current value: scaling is disabled at zero replicas, so the controller does not read it'
            : 'no current value: the metric failed, so it proposes nothing (ScalingActive names the first failure)',
        });
      }
      continue;
    }

    let observation: MetricObservation;
    let ratio: number;
    let words: string;
    if (metric.type === 'Object' || metric.type === 'External') {
      if (metric.targetType === 'AverageValue') {
        // The status holds the per-pod average, rounded up; the controller divided the total.
        perPodTotals = true;
        const total = value.number * current;
        observation = MetricObservation.value(total);
        rows.push({ metric: metric.id, observation: 'value', value: fmt(total) });
        ratio = value.number / target;
        words = `${value.text} per pod (${fmt(total)} in total over ${current}) vs target ${fmt(target)} per pod: ratio ${fmt(ratio)}`;
      } else {
        observation = MetricObservation.value(value.number);
        rows.push({ metric: metric.id, observation: 'value', value: value.text });
        ratio = value.number / target;
        words = `${value.text} vs target ${fmt(target)}: ratio ${fmt(ratio)}`;
      }
    } else {
      observation = MetricObservation.perPodUsage(value.number);
      rows.push({ metric: metric.id, observation: 'perPodUsage', value: value.text });
      ratio = toMilli(value.number) / (metric.targetType === 'Utilization' ? toMilli(metric.target) : metric.target);
      words = metric.targetType === 'Utilization'
        ? `${value.text}% of request vs target ${fmt(target)}%: ratio ${fmt(ratio)}`
        : `${value.text} per pod vs target ${fmt(target)}${unit}: ratio ${fmt(ratio)}`;
    }
    const computed = computeProposal({
      metric,
      observation,
      currentReplicas: current,
      tolerances: tol,
      requestMilli: toMilli(DEFAULT_POD_REQUEST),
    });
    const within = isWithin(tol, ratio);
    let proposed = computed.replicas;
    let explanation: string;
    if (proposed === undefined) {
      explanation = `${words}; no proposal: ${computed.error}`;
      invalid++;
    } else if (within) {
      explanation = `${words}, within the tolerance band ${band}: keeps ${proposed}`;
    } else {
      const objectOrExternal = metric.type === 'Object' || metric.type === 'External';
      let how = `ceil(${fmt(ratio)} × ${current})`;
      if (objectOrExternal && metric.targetType === 'AverageValue') how = `ceil(${fmt(value.number * current)} / ${fmt(target)})`;
      else if (objectOrExternal && current === 0) how = `from zero, ceil(${fmt(ratio)})`;
      explanation = `${words}, ${ratio > 1 ? 'above' : 'below'} the tolerance band ${band}: ${how} = ${proposed}`;
    }
    if (fallbackActive) {
      proposed = metric.fallback!.replicas;
      explanation += `; the fallback of ${proposed} replicas stands in for it`;
    }
    metrics.push({ ...base, current: value.number, ratio, withinTolerance: within, proposedReplicas: proposed, fallbackActive, explanation });
    if (proposed !== undefined && (proposal === 0 || proposed > proposal)) {
      proposal = proposed;
      winning = metric.id;
    }
  }
  if (perPodTotals) {
    unknowns.push('the total of an AverageValue Object or External metric: the status holds the per-pod average rounded up, so the total is taken as average × replicas');
  }
  const all = spec.metrics.length;
  const blocked = all === 0 || invalid === all || (invalid > 0 && proposal < current);
  if (blocked) return { metrics, rows, blocked, proposal: invalid === all ? undefined : proposal, winning: invalid === all ? undefined : winning };

  const { next, upLimit } = nextReplicas(spec, status, proposal, now, unknowns);
  return { metrics, rows, proposal, winning, blocked, next, upLimit };
}

/** What the next sync would set, where the status tells enough. */
function nextReplicas(
  spec: SimSpec, status: HorizontalPodAutoscalerStatus, proposal: number, now: number, unknowns: string[],
): { next?: number; upLimit?: number } {
  const current = status.currentReplicas;
  if (current === 0 || current < spec.minReplicas || current > spec.maxReplicas) return {};
  const lastScaleAge = status.lastScaleTime === undefined ? undefined : (now - Date.parse(status.lastScaleTime)) / 1000;
  if (!spec.behavior) {
    if (proposal < current) {
      unknowns.push(`whether the scale-down can happen now: without behavior the controller keeps the highest recommendation of the last ${DEFAULT_DOWNSCALE_STABILIZATION_SECONDS}s, and those are not in the status`);
      return {};
    }
    const out = convertDesiredReplicasWithRules(current, proposal, spec.minReplicas, spec.maxReplicas);
    return { next: out.replicas, upLimit: Math.min(spec.maxReplicas, Math.max(2 * current, 4)) };
  }
  const up = spec.behavior.scaleUp;
  const down = spec.behavior.scaleDown;
  if (proposal === current) return { next: current };
  const rules = proposal > current ? up : down;
  const direction = proposal > current ? 'scaleUp' : 'scaleDown';
  if (rules.stabilizationWindowSeconds > 0) {
    unknowns.push(`whether the ${direction === 'scaleUp' ? 'scale-up' : 'scale-down'} can happen now: the ${rules.stabilizationWindowSeconds}s stabilization window (spec.behavior.${direction}) compares it with the recommendations of that window, which are not in the status`);
    return {};
  }
  // Events older than every period do not count; a scale within a period counts by its size, which the status does not hold.
  const longest = Math.max(up.longestPeriod, down.longestPeriod);
  if (lastScaleAge !== undefined && lastScaleAge < longest) {
    unknowns.push(`the rate limit now: the HPA scaled ${seconds(Math.floor(lastScaleAge))} ago (status.lastScaleTime), within a policy period of up to ${seconds(longest)}, and the status does not hold by how much`);
    return {};
  }
  if (proposal > current) {
    const limit = Math.max(current, calculateScaleUpLimitWithScalingRules(current, [], [], up, 0));
    return { next: Math.min(proposal, limit, spec.maxReplicas), upLimit: Math.min(limit, spec.maxReplicas) };
  }
  const limit = Math.min(current, calculateScaleDownLimitWithBehaviors(current, [], [], down, 0));
  return { next: Math.max(proposal, limit, spec.minReplicas) };
}

/** The status entry of a spec metric: at the same index when it matches, else the first of its type and name. */
function metricStatusFor(metric: SimMetric, all: MetricStatus[]): MetricStatus | undefined {
  const name = metric.type === 'Resource' || metric.type === 'ContainerResource' ? metric.resource : metric.id;
  const matches = (s: MetricStatus | undefined) => s !== undefined && s.type === metric.type && s.name === name
    && (metric.type !== 'ContainerResource' || s.container === metric.container);
  const same = all[metric.index];
  if (matches(same)) return same;
  return all.find(matches);
}

/** The value the controller compared with the target, as a number (base units, or percent) and as written. */
function currentValue(metric: SimMetric, s: MetricStatus): { number: number; text: string } | undefined {
  const c = s.current ?? {};
  if (metric.targetType === 'Utilization') {
    return c.averageUtilization === undefined ? undefined : { number: c.averageUtilization, text: String(c.averageUtilization) };
  }
  const raw = metric.targetType === 'Value' ? c.value : c.averageValue;
  if (raw === undefined) return undefined;
  const q = parseQuantity(raw);
  return q.ok ? { number: q.value, text: raw } : undefined;
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
  let explained = describe(id, condition, env);
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

interface Described {
  readonly message: string;
  readonly path: string;
  readonly fix?: string;
  readonly ruleIds?: string[];
}

function describe(id: FindingId, condition: HorizontalPodAutoscalerCondition, env: Env): Described {
  const { spec, status, manifest } = env;
  const msg = condition.message ?? '';
  const ref = manifest.spec?.scaleTargetRef ?? {};
  const target = `${ref.kind}/${ref.name}`;
  const current = status.currentReplicas;
  const max = spec?.maxReplicas ?? manifest.spec?.maxReplicas;
  const min = spec?.minReplicas ?? manifest.spec?.minReplicas ?? 1;
  const proposal = env.arithmetic?.proposal;
  const winning = env.arithmetic?.winning;
  const proposes = proposal !== undefined ? `the metrics propose ${proposal} replicas (${winning})` : 'the metrics';
  const issuesAt = (prefix: string) => env.validationIssues.filter(i => i.severity === Severity.ERROR && (i.path === prefix || i.path.startsWith(`${prefix}.`) || i.path.startsWith(`${prefix}[`)));
  const said = msg ? `: ${msg}` : '';

  switch (id) {
    case 'EXP101':
    case 'EXP102':
    case 'EXP103':
    case 'EXP104':
    case 'EXP105': {
      const type = FAILED_GET_TYPE[condition.reason!];
      const metric = failedMetric(type, env);
      const path = metric ? `spec.metrics[${metric.index}].${METRIC_FIELD[type]}` : 'spec.metrics';
      const issues = metric ? issuesAt(`spec.metrics[${metric.index}]`) : [];
      const what = metric ? `${type} metric "${metric.id}"` : `a ${type} metric`;
      const others = env.arithmetic && !env.arithmetic.blocked
        ? `; the other metrics still let it scale up (to ${proposal}), never down`
        : '; while it fails the HPA does not scale';
      return {
        message: `the controller cannot read ${what}${said}${others}`,
        path,
        fix: issues[0]?.fix ?? metricFix(type, metric, msg, env),
        ruleIds: issues.map(i => i.ruleId),
      };
    }
    case 'EXP106':
      return {
        message: `a metric has a source type the controller does not know${said}`,
        path: 'spec.metrics',
        fix: 'use one of Resource, ContainerResource, Pods, Object, External as the metric type',
        ruleIds: issuesAt('spec.metrics').map(i => i.ruleId),
      };
    case 'EXP107':
      return {
        message: `the scale subresource of ${target} reports no pod selector the controller can use${said}; without it no pod metric can be read`,
        path: 'spec.scaleTargetRef',
        fix: 'point scaleTargetRef at a workload whose scale subresource reports status.selector (a custom resource needs subresources.scale.labelSelectorPath in its CRD)',
        ruleIds: issuesAt('spec.scaleTargetRef').map(i => i.ruleId),
      };
    case 'EXP108': {
      const other = env.related.otherHpas.map(h => `"${h.metadata?.name}"`).join(', ');
      return {
        message: `the pods of ${target} are also selected by another HPA${other ? ` (${other})` : ''}${said}; the controller refuses to scale either`,
        path: 'spec.scaleTargetRef',
        fix: 'keep one HPA per workload and put all metrics in it; make sure no other workload\'s HPA selects these pods',
        ruleIds: env.validationIssues.filter(i => i.ruleId === 'HPA304').map(i => i.ruleId),
      };
    }
    case 'EXP109':
      return {
        message: `${target} has 0 replicas and the HPA did not put it there (no ScaledToZero=True condition): a target at zero means "autoscaling paused", so the controller reads no metrics`,
        path: 'spec.scaleTargetRef',
        fix: `scale the target up by hand (kubectl scale ${String(ref.kind).toLowerCase()}/${ref.name} --replicas=${Math.max(1, min)}); to let the HPA scale to zero and back itself, use minReplicas: 0 with an Object or External metric (feature gate HPAScaleToZero)`,
      };
    case 'EXP110': {
      const from = / from (.+)$/.exec(msg);
      return { message: `the controller computed a replica count${from ? ` from ${from[1]}` : ''}: it follows its metrics`, path: 'spec.metrics' };
    }
    case 'EXP120':
      return {
        message: `the controller cannot read the scale subresource of ${target}${said}; nothing is scaled`,
        path: 'spec.scaleTargetRef',
        fix: `check that ${target} exists in namespace ${namespaceOf(manifest)}, that apiVersion ${JSON.stringify(ref.apiVersion)} serves it, and that its kind has a scale subresource`,
        ruleIds: issuesAt('spec.scaleTargetRef').map(i => i.ruleId),
      };
    case 'EXP121':
      return {
        message: `the controller cannot write the scale of ${target}${said}; the replicas stay at ${current}`,
        path: 'spec.scaleTargetRef',
        fix: 'check what refuses the update: an admission webhook or policy on the scale subresource, a resource quota, or the controller\'s RBAC (kubectl get events)',
      };
    case 'EXP122':
      return { message: 'the last sync read the target\'s scale and stopped before scaling (a metric blocked it, or scaling is disabled at zero): the other conditions say why', path: 'spec.scaleTargetRef' };
    case 'EXP123':
      return { message: 'stabilization did not change the recommendation: the HPA follows its metrics', path: 'spec.behavior' };
    case 'EXP124': {
      const w = spec?.behavior?.scaleUp.stabilizationWindowSeconds;
      return {
        message: `a recommendation of the last ${w !== undefined ? seconds(w) : 'window'} was lower than ${proposal ?? 'the current one'}: the scale-up stabilization window holds the replicas at the lowest of them`,
        path: 'spec.behavior.scaleUp.stabilizationWindowSeconds',
        fix: 'shorten spec.behavior.scaleUp.stabilizationWindowSeconds to react to load sooner (0 scales up at once)',
      };
    }
    case 'EXP125': {
      const w = spec?.behavior ? spec.behavior.scaleDown.stabilizationWindowSeconds : DEFAULT_DOWNSCALE_STABILIZATION_SECONDS;
      return {
        message: `a recommendation of the last ${seconds(w)} was higher: the scale-down stabilization window keeps the replicas at the highest of them, so the HPA scales down only when the load has stayed low for ${seconds(w)}`,
        path: 'spec.behavior.scaleDown.stabilizationWindowSeconds',
        fix: `to scale down sooner, set spec.behavior.scaleDown.stabilizationWindowSeconds below ${w}`,
      };
    }
    case 'EXP126':
      return { message: `the last sync changed the replicas of ${target}${status.lastScaleTime ? ` at ${status.lastScaleTime}` : ''}${said}`, path: 'spec.scaleTargetRef' };
    case 'EXP127':
    case 'EXP128':
    case 'EXP129':
      return {
        message: `the controller waits out its forbidden window after the last scale${said}: a reason set by controllers older than autoscaling/v2 behavior`,
        path: 'spec.behavior',
        fix: 'upgrade the cluster; on autoscaling/v2 the pace is set by spec.behavior (stabilization windows and policies)',
      };
    case 'EXP140': {
      const atMax = current >= (max ?? Infinity);
      return {
        message: `${proposes}, more than maxReplicas ${max}: the HPA ${atMax ? `is stuck at ${max}` : `scales up to ${max} and no further`}`,
        path: 'spec.maxReplicas',
        fix: proposal !== undefined && max !== undefined && proposal > max
          ? `raise spec.maxReplicas to at least ${proposal} (or make each pod handle more load)`
          : 'raise spec.maxReplicas (or make each pod handle more load)',
      };
    }
    case 'EXP141':
      return {
        message: `${proposes}, fewer than minReplicas ${min}: the HPA holds at ${min}`,
        path: 'spec.minReplicas',
        fix: `lower spec.minReplicas if ${min} replicas are more than this load needs`,
      };
    case 'EXP142': {
      const upLimit = env.arithmetic?.upLimit;
      if (!spec?.behavior) {
        return {
          message: `${proposes}; without spec.behavior the controller adds at most max(2 × current, 4) per sync${upLimit !== undefined ? ` (${upLimit} from ${current})` : ''}, so it gets there in steps`,
          path: 'spec.behavior',
          fix: 'to grow faster, set spec.behavior.scaleUp.policies (e.g. Percent 900 per 15s)',
        };
      }
      return {
        message: `${proposes}; the scale-up policies (selectPolicy ${spec.behavior.scaleUp.selectPolicy}) allow ${upLimit !== undefined ? `${upLimit} replicas now` : 'fewer now'}, so it gets there in steps`,
        path: 'spec.behavior.scaleUp.policies',
        fix: 'to grow faster, raise a scaleUp policy\'s value or shorten its periodSeconds',
      };
    }
    case 'EXP143':
      return {
        message: `${proposes}; the scale-down policies remove fewer per period, so it gets there in steps`,
        path: spec?.behavior ? 'spec.behavior.scaleDown.policies' : 'spec.behavior',
        fix: 'to shrink faster, raise a scaleDown policy\'s value or shorten its periodSeconds',
      };
    case 'EXP144':
      return { message: 'min/max and the rate limits did not change the recommendation', path: 'spec.behavior' };
    case 'EXP150':
      return {
        message: `the HPA scaled ${target} to zero itself: it reads its Object and External metrics at zero and scales back up when one reports a value above 0`,
        path: 'spec.minReplicas',
      };
    case 'EXP151':
      return { message: 'the HPA did not scale the target to zero at its last rescale', path: 'spec.minReplicas' };
    case 'EXP160': {
      const active = (spec?.metrics ?? []).filter(mm => mm.fallback && status.externalMetricFallbacks?.[mm.id]?.fallbackActive);
      const first = active[0];
      const fb = first ? status.externalMetricFallbacks?.[first.id] : undefined;
      const since = fb?.firstFailureTime ? ` since ${fb.firstFailureTime} (${seconds(Math.floor((env.now - Date.parse(fb.firstFailureTime)) / 1000))})` : '';
      if (!first && !env.profile.isGateEnabled(GATE_EXTERNAL_METRIC_FALLBACK)) {
        return {
          message: `an External metric's fallback replica count is in use${said}, so the cluster runs the HPAExternalMetricFallback feature gate, which the cluster profile leaves off: the fallbacks are not read`,
          path: 'spec.metrics',
          fix: 'declare the gate: --feature-gates HPAExternalMetricFallback=true (ClusterProfile.of({ featureGates }) in code)',
          ruleIds: env.validationIssues.filter(i => i.ruleId === 'HPA152').map(i => i.ruleId),
        };
      }
      return {
        message: first
          ? `External metric "${first.id}" has failed${since}, longer than its failureDuration ${seconds(first.fallback!.failureDurationSeconds)}: the HPA proposes its fallback of ${first.fallback!.replicas} replicas for it (combined by max with the other metrics) until it reads again`
          : `an External metric's fallback replica count is in use${said}`,
        path: first ? `spec.metrics[${first.index}].external.fallback` : 'spec.metrics',
        fix: first
          ? `make the external metrics API serve "${first.id}" again (kubectl get --raw "/apis/external.metrics.k8s.io/v1beta1/namespaces/${namespaceOf(manifest)}/${first.id}"); raise fallback.replicas if ${first.fallback!.replicas} is too few for the load meanwhile`
          : 'make the external metrics API serve the metric again',
      };
    }
    case 'EXP161':
      return { message: 'no External metric uses its fallback replica count', path: 'spec.metrics' };
    default:
      return { message: `${condition.type}=${condition.status}/${condition.reason}${said}`, path: 'status.conditions' };
  }
}

/** The failing metric of a `FailedGet<Type>Metric` condition: the first of that type without a value. */
function failedMetric(type: string, env: Env): SimMetric | undefined {
  const metrics = (env.spec?.metrics ?? []).filter(mm => mm.type === type);
  const failed = env.arithmetic?.metrics.filter(x => x.type === type && x.current === undefined).map(x => x.metric) ?? [];
  return metrics.find(mm => failed.includes(mm.id)) ?? metrics[0];
}

function metricFix(type: string, metric: SimMetric | undefined, msg: string, env: Env): string {
  const ns = namespaceOf(env.manifest);
  const request = /missing request for (\S+) in container (\S+) of Pod (\S+)/.exec(msg);
  if (request) {
    return `give container "${request[2]}" a ${request[1]} request in the pod template (resources.requests.${request[1]}), or use an averageValue target`;
  }
  const podLevel = /missing pod-level request for (\S+) in Pod (\S+)/.exec(msg);
  if (podLevel) return podLevelFix(podLevel[1]);
  if (/no metrics returned matched known pods/.test(msg)) {
    return `the requests of the pods that report metrics add up to 0: request more than 0${metric?.resource ? ` ${metric.resource}` : ''} in the pod template, or use an averageValue target`;
  }
  const noContainer = /container (\S+) not found in Pod (\S+)/.exec(msg);
  if (noContainer) return `name a container the pods have in spec.metrics[${metric?.index ?? 0}].containerResource.container`;
  if (/no pods returned by selector/.test(msg)) return 'the target has no pods: check its selector and that its pods are created';
  if (/did not receive metrics for targeted pods/.test(msg)) return 'the pods have no metrics yet (pods not ready, or just started): wait, or check metrics-server (kubectl top pods)';
  const missing = lackingRequestFix(metric, env);
  if (missing) return missing;
  switch (type) {
    case 'Resource':
    case 'ContainerResource':
      return `check metrics-server: kubectl get apiservice v1beta1.metrics.k8s.io; kubectl top pods -n ${ns}`;
    case 'Pods':
    case 'Object':
      return `check the custom metrics adapter serves "${metric?.id}": kubectl get apiservice v1beta1.custom.metrics.k8s.io; kubectl get --raw /apis/custom.metrics.k8s.io/v1beta1`;
    default:
      return `check the external metrics adapter serves "${metric?.id}": kubectl get --raw "/apis/external.metrics.k8s.io/v1beta1/namespaces/${ns}/${metric?.id}"`
        + (metric?.fallback ? '' : '; a fallback (spec.metrics[].external.fallback, feature gate HPAExternalMetricFallback) keeps a known replica count while it is down');
  }
}

/** For a Utilization metric, where the related pods lack a request for its resource, as the controller reads requests. */
function lackingRequestFix(metric: SimMetric | undefined, env: Env): string | undefined {
  if (!metric || metric.targetType !== 'Utilization' || !metric.resource) return undefined;
  const rules = requestRules(env.profile);
  for (const pod of env.related.pods) {
    const facts = workloadFactsFromManifest({ spec: { template: { spec: pod.spec } } });
    const missing = missingRequests(facts, metric.resource, metric.container, rules)[0];
    if (missing) {
      return 'podLevel' in missing ? podLevelFix(metric.resource)
        : `give container "${missing.container.name}" a ${metric.resource} request in the pod template (pod ${pod.metadata?.name} has none), or use an averageValue target`;
    }
  }
  return undefined;
}

function podLevelFix(resource: string): string {
  return `add ${resource} to the pod-level requests of the pod template (spec.template.spec.resources.requests.${resource}), or use an averageValue target`;
}

/** A trace holding the reported values from time 0, for `cdk8s-hpa simulate`. */
function suggestSimulation(status: HorizontalPodAutoscalerStatus, arithmetic: Arithmetic): SimulateSuggestion | undefined {
  if (arithmetic.rows.length === 0) return undefined;
  const lines = ['time,metric,observation,value', ...arithmetic.rows.flatMap(r => [
    ...(r.note ? [`# ${r.note}`] : []),
    ['0', csv(r.metric), r.observation, csv(r.value)].join(','),
  ])];
  return { initialReplicas: status.currentReplicas, traceCsv: `${lines.join('\n')}\n` };
}

interface Related {
  readonly target?: { [key: string]: any };
  readonly pods: Array<{ [key: string]: any }>;
  readonly otherHpas: Array<{ [key: string]: any }>;
}

/**
 * The HPA's target, its pods and the other HPAs on the same target, among `objects`, matched
 * by the namespace rule of `src/model/object-keys.ts`.
 */
function matchRelated(hpa: { [key: string]: any }, objects: Array<{ [key: string]: any }>): Related {
  const ns = hpa.metadata?.namespace;
  const ref = isObject(hpa.spec?.scaleTargetRef) ? hpa.spec.scaleTargetRef : {};
  const targetKey = typeof ref.kind === 'string' && typeof ref.name === 'string' ? objectKey(ns, ref.kind, ref.name) : undefined;
  const target = objects.find(o => o.kind !== 'HorizontalPodAutoscaler' && typeof o.kind === 'string' && typeof o.metadata?.name === 'string'
    && objectKey(o.metadata.namespace, o.kind, o.metadata.name) === targetKey);
  const labels = target?.spec?.selector?.matchLabels;
  const pods = isObject(labels)
    ? objects.filter(o => o.kind === 'Pod' && namespaceKey(o.metadata?.namespace) === namespaceKey(ns) && isObject(o.metadata?.labels)
      && Object.entries(labels).every(([k, v]) => o.metadata.labels[k] === v))
    : [];
  const key = scaleTargetKey(ns, ref);
  const otherHpas = key === undefined ? [] : objects.filter(o => o !== hpa && o.kind === 'HorizontalPodAutoscaler'
    && o.metadata?.name !== hpa.metadata?.name && scaleTargetKey(o.metadata?.namespace, o.spec?.scaleTargetRef) === key);
  return { target, pods, otherHpas };
}

function validate(manifest: { [key: string]: any }, profile: ClusterProfile, related: Related): ValidationIssue[] {
  let workload: WorkloadFacts | undefined;
  if (related.target) {
    workload = workloadFactsFromManifest(related.target);
  } else if (related.pods.length > 0) {
    const pod = related.pods[0];
    workload = workloadFactsFromManifest({ kind: 'Pod', metadata: pod.metadata, spec: { template: { spec: pod.spec } } });
  }
  const other = related.otherHpas[0];
  return validateManifest(manifest, {
    profile,
    workload,
    duplicateOf: other ? `HorizontalPodAutoscaler "${other.metadata?.name}"` : undefined,
  });
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

function namespaceOf(o: { [key: string]: any }): string {
  const ns = o.metadata?.namespace;
  return typeof ns === 'string' && ns !== '' ? ns : DEFAULT_NAMESPACE;
}

/** A number for humans: at most 3 decimals, no trailing zeros. */
function fmt(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

function seconds(n: number): string {
  return `${n}s`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function csv(field: string): string {
  return /[",\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
