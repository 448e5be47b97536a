/**
 * What each condition finding says: its message, the spec field it points at and the fix, from
 * the condition the controller set and what the explainer knows of the HPA. A table beside the
 * finding catalog (`finding-catalog.ts`), keyed by finding id.
 */
import { externalMetricQuery, kubectlScale, metricSelector } from './commands';
import { Env } from './context';
import { failuresOf, plainMessage } from './events';
import { FindingId } from './finding-catalog';
import { injectedContainer, injectedRequestFix } from './injected';
import { policyValues, scaleUpPolicyWithoutBehavior, shorterDownWindow } from './knobs';
import { ExternalFallback, ExternalFallbackFormat } from '../external-fallback';
import { namespaceOf } from '../model/object-keys';
import { missingRequests, requestRules, workloadFactsFromManifest } from '../model/workload-facts';
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS } from '../private/constants';
import { GATE_EXTERNAL_METRIC_FALLBACK } from '../private/kubernetes-releases';
import { table } from '../private/table';
import { plural, seconds } from '../private/words';
import { FAILED_GET_REASON } from '../simulation/conditions';
import { SimMetric } from '../simulation/hpa-spec';
import { HorizontalPodAutoscalerCondition } from '../status';
import { Severity, ValidationIssue } from '../validation/validation-issue';

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

/** What a condition finding says. */
export interface Described {
  readonly message: string;
  readonly path: string;
  readonly fix?: string;
  readonly ruleIds?: string[];
}

/** What the texts read: the condition, the HPA, and what is said of both often. */
interface TextFacts {
  readonly condition: HorizontalPodAutoscalerCondition;
  readonly env: Env;
  readonly spec: Env['spec'];
  readonly status: Env['status'];
  readonly manifest: Env['manifest'];
  /** The controller's message. */
  readonly msg: string;
  /** `: <the controller's message>`, or nothing. */
  readonly said: string;
  readonly ref: { readonly [key: string]: any };
  /** `Kind/name` of the scale target. */
  readonly target: string;
  readonly current: number;
  readonly max?: number;
  readonly min: number;
  readonly proposal?: number;
  readonly winning?: string;
  /** `the metrics propose N replicas (metric)`. */
  readonly proposes: string;
  /** The validation errors at a field or below it. */
  issuesAt(prefix: string): ValidationIssue[];
}

/** What the finding `id` says of `condition`. */
export function describeCondition(id: FindingId, condition: HorizontalPodAutoscalerCondition, env: Env): Described {
  const { spec, status, manifest } = env;
  const ref = manifest.spec?.scaleTargetRef ?? {};
  const msg = plainMessage(condition.message ?? '', manifest);
  const proposal = proposalOf(env);
  const winning = env.arithmetic?.winning;
  const facts: TextFacts = {
    condition,
    env,
    spec,
    status,
    manifest,
    msg,
    said: msg ? `: ${msg}` : '',
    ref,
    target: `${ref.kind}/${ref.name}`,
    current: status.currentReplicas,
    max: spec?.maxReplicas ?? manifest.spec?.maxReplicas,
    min: spec?.minReplicas ?? manifest.spec?.minReplicas ?? 1,
    proposal,
    winning,
    proposes: proposesText(env),
    issuesAt: prefix => env.validationIssues.filter(i => i.severity === Severity.ERROR
      && (i.path === prefix || i.path.startsWith(`${prefix}.`) || i.path.startsWith(`${prefix}[`))),
  };
  return (TEXTS[id] ?? unknownReason)(facts);
}

/**
 * The replica count the texts say the metrics propose: the one redone from the status's values
 * when the controller's decision leaves it possible, else the controller's own where the status
 * pins it.
 */
function proposalOf(env: Env): number | undefined {
  return env.decision.consistent ? env.arithmetic?.proposal : env.decision.controllerProposal;
}

/** `the metrics propose N replicas (cpu)`, or what the status says of the controller's own proposal. */
export function proposesText(env: Env): string {
  const { arithmetic, decision } = env;
  if (decision.consistent) {
    if (arithmetic?.proposal === undefined) return 'the metrics';
    const apart = arithmetic.countedApart[arithmetic.winning!];
    return `the metrics propose ${plural(arithmetic.proposal, 'replica')} (${arithmetic.winning}${apart ? `, with ${apart}` : ''})`;
  }
  const own = arithmetic?.proposal !== undefined ? ` (the status's values alone give ${arithmetic.proposal})` : '';
  if (decision.controllerProposal !== undefined) return `the controller proposes ${plural(decision.controllerProposal, 'replica')}${own}`;
  const { lo, hi } = decision.bounds!;
  return `the controller proposes ${hi === Infinity ? `at least ${lo}` : lo === 0 ? `at most ${hi}` : `${lo} to ${hi}`} replicas${own}`;
}

/** `; the controller failed to read it 7 times since T (FailedGetExternalMetric events)`, from the events. */
export function failureCount(metric: SimMetric, env: Env): string {
  const failures = failuresOf(metric, env.spec?.metrics ?? [], env.events);
  if (!failures) return '';
  const since = failures.firstTime ? ` since ${failures.firstTime}` : '';
  return `; the controller failed to read it ${plural(failures.count, 'time')}${since} (${FAILED_GET_REASON[metric.type]} events)`;
}

/** EXP101, EXP102, EXP103, EXP104, EXP105. */
const failedGet = ({ msg, proposal, issuesAt, said, condition, env }: TextFacts): Described => {
  const type = FAILED_GET_TYPE[condition.reason!];
  const metric = failedMetric(type, env);
  const path = metric ? `spec.metrics[${metric.index}].${METRIC_FIELD[type]}` : 'spec.metrics';
  const issues = metric ? issuesAt(`spec.metrics[${metric.index}]`) : [];
  const what = metric ? `${type} metric "${metric.id}"` : `a ${type} metric`;
  const uncomputed = env.events.filter(e => e.reason === 'FailedComputeMetricsReplicas').reduce((n, e) => n + e.count, 0);
  const others = env.arithmetic && !env.arithmetic.blocked
    ? `; the other metrics still let it scale up (to ${proposal}), never down`
    : `; while it fails the HPA does not scale${uncomputed > 0 ? ` (no replica count at ${plural(uncomputed, 'sync')}, by the FailedComputeMetricsReplicas events)` : ''}`;
  return {
    message: `the controller cannot read ${what}${said}${others}${metric ? failureCount(metric, env) : ''}`,
    path,
    fix: issues[0]?.fix ?? metricFix(type, metric, msg, env),
    ruleIds: issues.map(i => i.ruleId),
  };
};

/**
 * A direction with `selectPolicy: Disabled`: the controller never moves that way (its limit is the
 * current count), whatever a window or policy would allow; the conditions name the window while it
 * holds, then the limit.
 */
function disabled(direction: 'scaleUp' | 'scaleDown', proposes: string, current: number, proposal: number | undefined): Described {
  const [words, verb] = direction === 'scaleUp' ? ['scale-up', 'adds'] : ['scale-down', 'removes'];
  const to = proposal !== undefined && proposal !== current ? ` to ${proposal}` : '';
  return {
    message: `${proposes}; ${words} is disabled (spec.behavior.${direction}.selectPolicy: Disabled), so the HPA never ${verb} replicas: it stays at ${current}`,
    path: `spec.behavior.${direction}.selectPolicy`,
    fix: `to let it ${direction === 'scaleUp' ? 'scale up' : 'scale down'}${to}, set spec.behavior.${direction}.selectPolicy to Max (now Disabled)`,
  };
}

/** EXP127, EXP128, EXP129. */
const backoff = ({ said }: TextFacts): Described => ({
  message: `the controller waits out its forbidden window after the last scale${said}: a reason set by controllers older than autoscaling/v2 behavior`,
  path: 'spec.behavior',
  fix: 'upgrade the cluster; on autoscaling/v2 the pace is set by spec.behavior (stabilization windows and policies)',
});

/** The text of each condition finding. */
const TEXTS: { readonly [id: string]: (t: TextFacts) => Described } = {
  EXP101: failedGet,
  EXP102: failedGet,
  EXP103: failedGet,
  EXP104: failedGet,
  EXP105: failedGet,
  EXP106: ({ issuesAt, said }) => ({
    message: `a metric has a source type the controller does not know${said}`,
    path: 'spec.metrics',
    fix: 'use one of Resource, ContainerResource, Pods, Object, External as the metric type',
    ruleIds: issuesAt('spec.metrics').map(i => i.ruleId),
  }),
  EXP107: ({ target, issuesAt, said }) => ({
    message: `the scale subresource of ${target} reports no pod selector the controller can use${said}; without it no pod metric can be read`,
    path: 'spec.scaleTargetRef',
    fix: 'point scaleTargetRef at a workload whose scale subresource reports status.selector (a custom resource needs subresources.scale.labelSelectorPath in its CRD)',
    ruleIds: issuesAt('spec.scaleTargetRef').map(i => i.ruleId),
  }),
  EXP108: ({ target, said, env }: TextFacts): Described => {
    // Of a KEDA ScaledObject, the HPA that selects the pods is the one KEDA makes of it.
    const name = env.related.otherHpa?.keda?.hpa ?? env.related.otherHpa?.name;
    const other = name !== undefined ? `"${name}"` : '';
    return {
      message: `the pods of ${target} are also selected by another HPA${other ? ` (${other})` : ''}${said}; the controller refuses to scale either`,
      path: 'spec.scaleTargetRef',
      fix: 'keep one HPA per workload and put all metrics in it; make sure no other workload\'s HPA selects these pods',
      ruleIds: env.validationIssues.filter(i => i.ruleId === 'HPA304').map(i => i.ruleId),
    };
  },
  EXP109: ({ ref, target, min, manifest, env }) => ({
    message: `${target} has 0 replicas and the HPA did not put it there (no ScaledToZero=True condition): a target at zero means "autoscaling paused", so the controller reads no metrics`,
    path: 'spec.scaleTargetRef',
    fix: `scale the target up by hand (${kubectlScale(env.kubectl, ref, namespaceOf(manifest), Math.max(1, min))}); to let the HPA scale to zero and back itself, use minReplicas: 0 with an Object or External metric (feature gate HPAScaleToZero)`,
  }),
  EXP110: ({ msg }: TextFacts): Described => {
    const from = / from (.+)$/.exec(msg);
    return { message: `the controller computed a replica count${from ? ` from ${from[1]}` : ''}: it follows its metrics`, path: 'spec.metrics' };
  },
  EXP120: ({ manifest, ref, target, issuesAt, said }) => ({
    message: `the controller cannot read the scale subresource of ${target}${said}; nothing is scaled`,
    path: 'spec.scaleTargetRef',
    fix: `check that ${target} exists in namespace ${namespaceOf(manifest)}, that apiVersion ${JSON.stringify(ref.apiVersion)} serves it, and that its kind has a scale subresource`,
    ruleIds: issuesAt('spec.scaleTargetRef').map(i => i.ruleId),
  }),
  EXP121: ({ target, current, said, manifest, env }) => ({
    message: `the controller cannot write the scale of ${target}${said}; the replicas stay at ${current}`,
    path: 'spec.scaleTargetRef',
    fix: `check what refuses the update: an admission webhook or policy on the scale subresource, a resource quota, or the controller's RBAC (${env.kubectl(['get', 'events', '-n', namespaceOf(manifest), '--field-selector', `involvedObject.name=${manifest.metadata?.name}`])})`,
  }),
  EXP122: () => ({ message: 'the last sync read the target\'s scale and stopped before scaling (a metric blocked it, or scaling is disabled at zero): the other conditions say why', path: 'spec.scaleTargetRef' }),
  EXP123: () => ({ message: 'stabilization did not change the recommendation: the HPA follows its metrics', path: 'spec.behavior' }),
  EXP124: ({ spec, proposal, proposes, current }: TextFacts): Described => {
    const w = spec?.behavior?.scaleUp.stabilizationWindowSeconds;
    if (spec?.behavior?.scaleUp.selectPolicy === 'Disabled') return disabled('scaleUp', proposes, current, proposal);
    return {
      message: `a recommendation of the last ${w !== undefined ? seconds(w) : 'window'} was lower than ${proposal ?? 'the current one'}: the scale-up stabilization window holds the replicas at the lowest of them`,
      path: 'spec.behavior.scaleUp.stabilizationWindowSeconds',
      fix: `to scale up as soon as the load asks, set spec.behavior.scaleUp.stabilizationWindowSeconds to 0${w !== undefined ? ` (now ${seconds(w)})` : ''}`,
    };
  },
  EXP125: ({ spec, proposes, current, proposal }: TextFacts): Described => {
    const w = spec?.behavior ? spec.behavior.scaleDown.stabilizationWindowSeconds : DEFAULT_DOWNSCALE_STABILIZATION_SECONDS;
    if (spec?.behavior?.scaleDown.selectPolicy === 'Disabled') return disabled('scaleDown', proposes, current, proposal);
    return {
      message: `a recommendation of the last ${seconds(w)} was higher: the scale-down stabilization window keeps the replicas at the highest of them, so the HPA scales down only when the load has stayed low for ${seconds(w)}`,
      path: 'spec.behavior.scaleDown.stabilizationWindowSeconds',
      fix: `to scale down sooner, ${shorterDownWindow(w)}`,
    };
  },
  EXP126: ({ status, target, said }) => ({ message: `the last sync changed the replicas of ${target}${status.lastScaleTime ? ` at ${status.lastScaleTime}` : ''}${said}`, path: 'spec.scaleTargetRef' }),
  EXP127: backoff,
  EXP128: backoff,
  EXP129: backoff,
  EXP140: ({ current, max, proposal, proposes }: TextFacts): Described => {
    const atMax = current >= (max ?? Infinity);
    return {
      message: `${proposes}, more than maxReplicas ${max}: the HPA ${atMax ? `is stuck at ${max}` : `scales up to ${max} and no further`}`,
      path: 'spec.maxReplicas',
      fix: proposal !== undefined && max !== undefined && proposal > max
        ? `raise spec.maxReplicas to at least ${proposal} (or make each pod handle more load)`
        : 'raise spec.maxReplicas (or make each pod handle more load)',
    };
  },
  EXP141: ({ min, proposes, proposal }) => ({
    message: `${proposes}, fewer than minReplicas ${min}: the HPA holds at ${min}`,
    path: 'spec.minReplicas',
    fix: proposal !== undefined && Math.max(1, proposal) < min
      ? `if ${min} replicas are more than this load needs, set spec.minReplicas to ${Math.max(1, proposal)} (now ${min})`
      : `if ${min} replicas are more than this load needs, lower spec.minReplicas (now ${min})`,
  }),
  EXP142: ({ spec, current, proposes, proposal, max, env }: TextFacts): Described => {
    const upLimit = env.arithmetic?.upLimit;
    if (spec?.behavior?.scaleUp.selectPolicy === 'Disabled') return disabled('scaleUp', proposes, current, proposal);
    // Where the proposal leads: no further than maxReplicas.
    const to = proposal !== undefined && proposal > current ? Math.min(proposal, max ?? proposal) : undefined;
    if (!spec?.behavior) {
      return {
        message: `${proposes}; without spec.behavior the controller adds at most max(2 × current, 4) per sync${upLimit !== undefined ? ` (${upLimit} from ${current})` : ''}, so it gets there in steps`,
        path: 'spec.behavior',
        fix: `to grow faster, ${to !== undefined ? scaleUpPolicyWithoutBehavior(current, to) : 'set spec.behavior.scaleUp.policies (e.g. Percent 900 per 15s)'}`,
      };
    }
    const values = to !== undefined ? policyValues('scaleUp', spec.behavior.scaleUp, current, to) : undefined;
    return {
      message: `${proposes}; the scale-up policies (selectPolicy ${spec.behavior.scaleUp.selectPolicy}) allow ${upLimit !== undefined ? `${upLimit} replicas now` : 'fewer now'}, so it gets there in steps`,
      path: 'spec.behavior.scaleUp.policies',
      fix: `to grow faster, ${values ?? 'raise a scaleUp policy\'s value or shorten its periodSeconds'}`,
    };
  },
  EXP143: ({ spec, proposes, current, proposal, min }) => {
    if (spec?.behavior?.scaleDown.selectPolicy === 'Disabled') return disabled('scaleDown', proposes, current, proposal);
    const to = proposal !== undefined && proposal < current ? Math.max(proposal, min) : undefined;
    const values = spec?.behavior && to !== undefined ? policyValues('scaleDown', spec.behavior.scaleDown, current, to) : undefined;
    return {
      message: `${proposes}; the scale-down policies remove fewer per period, so it gets there in steps`,
      path: spec?.behavior ? 'spec.behavior.scaleDown.policies' : 'spec.behavior',
      fix: `to shrink faster, ${values ?? 'raise a scaleDown policy\'s value or shorten its periodSeconds'}`,
    };
  },
  EXP144: () => ({ message: 'min/max and the rate limits did not change the recommendation', path: 'spec.behavior' }),
  EXP150: ({ target }) => ({
    message: `the HPA scaled ${target} to zero itself: it reads its Object and External metrics at zero and scales back up when one reports a value above 0`,
    path: 'spec.minReplicas',
  }),
  EXP151: () => ({ message: 'the HPA did not scale the target to zero at its last rescale', path: 'spec.minReplicas' }),
  EXP160: ({ spec, status, manifest, said, env }: TextFacts): Described => {
    const active = (spec?.metrics ?? []).filter(mm => mm.fallback && status.externalMetricFallbacks?.[mm.id]?.fallbackActive);
    const first = active[0];
    const fb = first ? status.externalMetricFallbacks?.[first.id] : undefined;
    const since = fb?.firstFailureTime ? ` since ${fb.firstFailureTime} (${seconds(Math.floor((env.now - Date.parse(fb.firstFailureTime)) / 1000))})` : '';
    if (!first && !env.cluster.gatesOn[GATE_EXTERNAL_METRIC_FALLBACK]) {
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
        ? `make the external metrics API serve "${first.id}" again (${externalMetricQuery(env.kubectl, namespaceOf(manifest), first.id, metricSelector(manifest, first.index))}); raise fallback.replicas if ${first.fallback!.replicas} is too few for the load meanwhile`
        : 'make the external metrics API serve the metric again',
    };
  },
  EXP161: () => ({ message: 'no External metric uses its fallback replica count', path: 'spec.metrics' }),
};

/** A reason the table has no text for. */
const unknownReason = ({ said, condition }: TextFacts): Described => (
  { message: `${condition.type}=${condition.status}/${condition.reason}${said}`, path: 'status.conditions' });

/** The failing metric of a `FailedGet<Type>Metric` condition: the first of that type without a value. */
function failedMetric(type: string, env: Env): SimMetric | undefined {
  const metrics = (env.spec?.metrics ?? []).filter(mm => mm.type === type);
  const failed = env.arithmetic?.metrics.filter(x => x.type === type && x.current === undefined).map(x => x.metric) ?? [];
  return metrics.find(mm => failed.includes(mm.id)) ?? metrics[0];
}

/** What to change or check for a metric the controller cannot read. */
export function metricFix(type: string, metric: SimMetric | undefined, msg: string, env: Env): string {
  const ns = namespaceOf(env.manifest);
  const request = /missing request for (\S+) in container (\S+) of Pod (\S+)/.exec(msg);
  if (request) {
    const injected = injectedContainer(request[2], request[1], env);
    if (injected) return injectedRequestFix(request[2], request[1], injected);
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
  if (/did not receive metrics for targeted pods/.test(msg)) return `the pods have no metrics yet (pods not ready, or just started): wait, or check metrics-server (${env.kubectl(['top', 'pods', '-n', ns])})`;
  const missing = lackingRequestFix(metric, env);
  if (missing) return missing;
  switch (type) {
    case 'Resource':
    case 'ContainerResource':
      return `check metrics-server: ${env.kubectl(['get', 'apiservice', 'v1beta1.metrics.k8s.io'])}; ${env.kubectl(['top', 'pods', '-n', ns])}`;
    case 'Pods':
    case 'Object':
      return `check the custom metrics adapter serves "${metric?.id}": ${env.kubectl(['get', 'apiservice', 'v1beta1.custom.metrics.k8s.io'])}; ${env.kubectl(['get', '--raw', '/apis/custom.metrics.k8s.io/v1beta1'])}`;
    default:
      return `check the external metrics adapter serves "${metric?.id}": ${externalMetricQuery(env.kubectl, ns, String(metric?.id), metric ? metricSelector(env.manifest, metric.index) : undefined)}`
        + (metric?.fallback || env.keda ? '' : `; ${fallbackAdvice(metric, env)}`);
  }
}

/**
 * How to keep a known replica count while an External metric is down: `external.fallback` where
 * the cluster's release and gates take the field (with the value to set), else what does it
 * on this cluster: the adapter, or a KEDA ScaledObject's own `fallback`.
 */
function fallbackAdvice(metric: SimMetric | undefined, env: Env): string {
  if (env.cluster.gatesOn[GATE_EXTERNAL_METRIC_FALLBACK]) {
    const replicas = Math.max(env.status.currentReplicas, env.spec?.minReplicas ?? 1, 1);
    const fallback = Object.entries(ExternalFallback.replicas(replicas)._toKube(env.cluster.fallbackFormat as ExternalFallbackFormat)).map(([k, v]) => `${k}: ${v}`).join(', ');
    return `to keep ${plural(replicas, 'replica')} while it is down, set spec.metrics[${metric?.index ?? 0}].external.fallback to {${fallback}}`;
  }
  return `Kubernetes ${env.cluster.version} takes no external.fallback (feature gate ${GATE_EXTERNAL_METRIC_FALLBACK} off): `
    + `to hold a known replica count while it is down, have the adapter serve a default for "${metric?.id}", or scale with a KEDA ScaledObject and its spec.fallback`;
}

/** For a Utilization metric, where the related pods lack a request for its resource, as the controller reads requests. */
function lackingRequestFix(metric: SimMetric | undefined, env: Env): string | undefined {
  if (!metric || metric.targetType !== 'Utilization' || !metric.resource) return undefined;
  const rules = requestRules(env.cluster);
  for (const pod of env.related.pods) {
    const facts = workloadFactsFromManifest({ spec: { template: { spec: pod.spec } } });
    const missing = missingRequests(facts, metric.resource, metric.container, rules)[0];
    if (missing && 'podLevel' in missing) return podLevelFix(metric.resource);
    if (missing) {
      const injected = injectedContainer(missing.container.name, metric.resource, env);
      if (injected) return injectedRequestFix(missing.container.name, metric.resource, injected);
      return `give container "${missing.container.name}" a ${metric.resource} request in the pod template (pod ${pod.metadata?.name} has none), or use an averageValue target`;
    }
  }
  return undefined;
}

function podLevelFix(resource: string): string {
  return `add ${resource} to the pod-level requests of the pod template (spec.template.spec.resources.requests.${resource}), or use an averageValue target`;
}