/**
 * `cdk8s-hpa explain` held to the real HPA controller: for each scenario of the controller
 * differential, the controller's program (controller/) keeps what the cluster holds after one
 * sync (the HPA status it wrote, the events it recorded, the pods) and the proposal it logged
 * ("Proposing desired replicas"). Those objects are written to a real kube-apiserver (live/) the
 * way the controllers write them (status through the status subresource, the Deployment scaled
 * through its scale subresource, events as client-go's recorder writes them), read back as
 * `kubectl get hpa,deploy,pods,events -o yaml` prints them (server defaults, `spec.replicas`,
 * `managedFields` in some), and explained. Required of each explanation: the controller's own
 * proposal where it states one, the cause that limits it, each failing metric, the exit code by
 * the contract (1 exactly when a metric fails, the target is paused at zero or held at
 * maxReplicas), and no healthy HPA called stuck or failing.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as yaml from 'js-yaml';
import { ControllerDump, ControllerRun, ControllerScenario, Reading } from './controller-differential';
import { AdminApi } from './live-cluster';
import { main } from '../../cli/src/main';
import { ScalingCause } from '../../src/explain/hpa-explanation';

/** Reports one check: its name and its failures (none: passed). */
export type Report = (name: string, failures: string[]) => void;

/** How a situation's objects are written and dumped, as clusters differ. */
export interface SituationShape {
  /** The HPA is owned by a KEDA ScaledObject (named `keda-hpa-web`). */
  readonly keda: boolean;
  /** The Deployment is applied with `spec.replicas` (the scenario's initial count). */
  readonly fixedReplicas: boolean;
  /** The dump shows `managedFields` (`kubectl get --show-managed-fields`). */
  readonly managedFields: boolean;
  /** The dump holds the events (`kubectl get hpa,deploy,pods,events`). */
  readonly events: boolean;
}

/** One scenario's dump, to explain. */
export interface Situation {
  readonly scenario: ControllerScenario;
  readonly run: ControllerRun;
  /** Its shape; by default one that varies with its place in the list. */
  readonly shape?: SituationShape;
  /** What it shows, for its fixture. */
  readonly title?: string;
}

/** A situation named for what it shows, with the shape its fixture has. */
export interface NamedScenario {
  readonly name: string;
  readonly title: string;
  readonly scenario: ControllerScenario;
  readonly shape: SituationShape;
}

const PLAIN: SituationShape = { keda: false, fixedReplicas: false, managedFields: false, events: true };
const CPU = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } };
const QUEUE = { type: 'External', external: { metric: { name: 'queue', selector: { matchLabels: { queue: 'orders' } } }, target: { type: 'AverageValue', averageValue: '30' } } };

/** A scenario of `syncs` syncs of the same readings, one per metric. */
function steady(
  id: string, spec: object, initialReplicas: number, syncs: number, readings: Reading[], gates: { [gate: string]: boolean } = {},
): ControllerScenario {
  const keys = ((spec as any).metrics as any[]).map(m => m.type === 'External' ? `external:${m.external.metric.name}` : `resource:${m.resource.name}`);
  return {
    id,
    hpa: { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, ...spec } },
    gates,
    initialReplicas,
    initialConditions: [],
    syncs,
    keys,
    readings: Array.from({ length: syncs }, () => readings),
    dumpSync: syncs - 1,
  };
}

/**
 * Situations an SRE meets, written by the controller as any other, and kept as fixtures
 * (test/fixtures/explain/): each is named for what it shows.
 */
export function namedScenarios(): NamedScenario[] {
  return [
    {
      name: 'at-max-replicas',
      title: 'CPU at 95% of request against 60% at maxReplicas 10: held at the maximum',
      scenario: steady('at-max-replicas', { minReplicas: 2, maxReplicas: 10, metrics: [CPU] }, 10, 6, [{ kind: 'PerPodUsage', v: 95 }]),
      shape: PLAIN,
    },
    {
      name: 'external-failing-while-cpu-drives',
      title: 'an External metric failing at every sync while CPU scales the Deployment up',
      scenario: steady('external-failing-while-cpu-drives', { minReplicas: 2, maxReplicas: 12, metrics: [CPU, QUEUE] }, 4, 7,
        [{ kind: 'PerPodUsage', v: 70 }, { kind: 'Failure' }]),
      shape: PLAIN,
    },
    {
      name: 'scale-down-disabled',
      title: 'scale-down disabled (selectPolicy: Disabled) while CPU is at 20%',
      // Past the default 300s window, the limit the controller names is the disabled direction's.
      scenario: steady('scale-down-disabled', { minReplicas: 1, maxReplicas: 10, metrics: [CPU], behavior: { scaleDown: { selectPolicy: 'Disabled' } } }, 6, 24,
        [{ kind: 'PerPodUsage', v: 20 }]),
      shape: PLAIN,
    },
    {
      name: 'pods-without-metrics',
      title: 'a rollout: three of six pods report metrics (90% of request), the others none yet',
      scenario: steady('pods-without-metrics', { minReplicas: 2, maxReplicas: 20, metrics: [CPU] }, 6, 3, [{ kind: 'PodSamples', vs: [90, 90, 90] }]),
      shape: PLAIN,
    },
    {
      name: 'scale-up-policy',
      title: 'a scale-up policy of one pod per minute against a load that asks for twice the pods',
      scenario: steady('scale-up-policy', {
        minReplicas: 2,
        maxReplicas: 20,
        metrics: [CPU],
        behavior: { scaleUp: { stabilizationWindowSeconds: 0, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } },
      }, 4, 2, [{ kind: 'PerPodUsage', v: 120 }]),
      shape: PLAIN,
    },
    {
      name: 'scaled-to-zero',
      title: 'an External queue that stays empty: scaled to zero by the HPA (HPAScaleToZero)',
      scenario: steady('scaled-to-zero', { minReplicas: 0, maxReplicas: 8, metrics: [QUEUE] }, 2, 24, [{ kind: 'Value', vs: [0] }], { HPAScaleToZero: true }),
      shape: PLAIN,
    },
    {
      name: 'keda-at-max',
      title: 'a KEDA-owned HPA at its maximum: the ScaledObject sets the bounds',
      scenario: steady('keda-at-max', { minReplicas: 1, maxReplicas: 4, metrics: [QUEUE] }, 4, 4, [{ kind: 'Value', vs: [600] }]),
      shape: { ...PLAIN, keda: true },
    },
    {
      name: 'replicas-set-by-apply',
      title: 'a GitOps tool applied the Deployment\'s own replicas again after the HPA scaled it, shown with its managedFields',
      scenario: steady('replicas-set-by-apply', { minReplicas: 3, maxReplicas: 10, metrics: [CPU] }, 3, 3, [{ kind: 'PerPodUsage', v: 62 }]),
      shape: { ...PLAIN, fixedReplicas: true, managedFields: true },
    },
  ];
}

/**
 * The sync each scenario is dumped after. The generated readings fail often (fast-check's doubles
 * lean to the ends of their range), so three in four scenarios are dumped after a sync where every
 * metric reads, the last such for half of those; the others after any sync.
 */
export function dumpSyncOf(index: number, scenario: Pick<ControllerScenario, 'syncs' | 'readings'>): number {
  const reading = scenario.readings.flatMap((row, k) => (k < scenario.syncs && row.every(r => r.kind !== 'Failure') ? [k] : []));
  const from = index % 4 === 0 || reading.length === 0 ? Array.from({ length: scenario.syncs }, (_, k) => k) : reading;
  return index % 2 === 0 ? from[from.length - 1] : from[(index * 7919) % from.length];
}

/** The virtual clock of the controller's program starts in 2000; the dump is moved to now. */
const VIRTUAL = /^2000-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

/** How many situations are written to the server at once. */
const PARALLEL = 6;

/** Explains every situation of one release against the server behind `api`, and reports the checks. */
export async function runExplainDifferential(
  api: AdminApi, minor: string, situations: readonly Situation[], report: Report,
): Promise<ExplainedSituation[]> {
  const t0 = Date.now();
  const explained: ExplainedSituation[] = [];
  for (let i = 0; i < situations.length; i += PARALLEL) {
    explained.push(...await Promise.all(situations.slice(i, i + PARALLEL).map((s, k) => explainSituation(api, minor, s, i + k))));
  }
  const t1 = Date.now();
  // CONFORMANCE_EXPLAIN_DUMPS=<dir> keeps each dump, to replay it or to make it a fixture.
  const keep = process.env.CONFORMANCE_EXPLAIN_DUMPS;
  if (keep) {
    fs.mkdirSync(keep, { recursive: true });
    for (const e of explained) fs.writeFileSync(path.join(keep, `${e.id}.yaml`), fixtureOf(e, e.situation.title ?? `scenario ${e.id}, after sync ${e.situation.run.dump!.sync}`, minor));
  }
  const checks = new Map<string, string[]>(CHECKS.map(name => [name, []]));
  const tally = { exact: 0, flagged: 0, hidden: 0, failingMetrics: 0, byCause: new Map<string, number>() };
  for (const e of explained) {
    for (const [name, failure] of judge(e, tally)) checks.get(name)!.push(failure);
  }
  console.log(`explain ${minor}: ${explained.length} controller-written situations written to the API server and explained in ${t1 - t0} ms `
    + `(judged in ${Date.now() - t1} ms); the controller's proposal pinned by the status in ${tally.exact}, its difference from the status's values `
    + `flagged in ${tally.flagged}, hidden by pods without metrics or rounding in ${tally.hidden}; ${tally.failingMetrics} failing metrics; causes: `
    + [...tally.byCause].sort().map(([c, n]) => `${c} ${n}`).join(', '));
  for (const [name, failures] of checks) {
    const shown = failures.slice(0, 5);
    if (failures.length > shown.length) shown.push(`... and ${failures.length - shown.length} more`);
    report(`${minor} explain: ${name} (${failures.length} of ${explained.length} situations differ)`, shown);
  }
  return explained;
}

/** A situation explained: the dump as written, the JSON and text explanations, the exit codes. */
export interface ExplainedSituation {
  readonly situation: Situation;
  readonly id: string;
  /** The dump, as `kubectl get ... -o yaml` prints it. */
  readonly yaml: string;
  /** The time the dump is explained at (the dump's time, moved to now). */
  readonly now: string;
  /** The flags the explanation ran with (the scenario's gates, the release). */
  readonly flags: string[];
  readonly json: any;
  readonly text: string;
  readonly code: number;
  readonly textCode: number;
}

const CHECKS = [
  'the controller\'s own proposal, where it states one',
  'the proposal it states is the controller\'s, or the difference is said or hidden by pods without metrics',
  'the cause that limits the count',
  'each failing metric',
  'the exit code by its contract',
  'no healthy HPA called stuck or failing',
] as const;

/** Writes one situation to the server, reads it back as kubectl does, explains it. */
async function explainSituation(api: AdminApi, minor: string, situation: Situation, index: number): Promise<ExplainedSituation> {
  const { scenario, run } = situation;
  const dump = run.dump!;
  const namespace = `explain-${minor.replace('.', '-')}-${index}`;
  const shift = Math.floor(Date.now() / 1000) * 1000 - Date.parse(dump.time);
  const at = (t: string) => new Date(Date.parse(t) + shift).toISOString().replace(/\.\d+Z$/, 'Z');
  // Times move to now; the controller's messages name the namespace the program ran in ("default/queue").
  const moved = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null), (k, v) => (typeof v !== 'string' ? v
    : VIRTUAL.test(v) ? at(v) : k === 'message' ? v.replace(/\bdefault\//g, `${namespace}/`) : v));
  // Variety as clusters have it: a KEDA-owned HPA, a Deployment that names its replicas, managedFields shown, no events in the dump.
  const shape = situation.shape ?? { keda: index % 7 === 3, fixedReplicas: index % 5 === 1, managedFields: index % 3 === 0, events: index % 4 !== 2 };
  const { keda, fixedReplicas } = shape;
  const showManagedFields = shape.managedFields;
  const withEvents = shape.events;
  const hpaName = keda ? 'keda-hpa-web' : 'web';

  await api.createNamespace(namespace);
  const container = { name: 'app', image: 'registry.example/web:1.0', resources: { requests: { cpu: '100', memory: '100' } } };
  const labels = { app: 'web' };
  // A manifest that names replicas names another count than the HPA's.
  const applied = dump.replicas === 1 ? 2 : Math.max(1, dump.replicas - 1);
  await api.request('POST', `/apis/apps/v1/namespaces/${namespace}/deployments?fieldManager=argocd-controller`, {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { namespace, name: 'web', labels },
    spec: {
      ...(fixedReplicas && { replicas: applied }),
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers: [container] } },
    },
  });
  // The HPA controller scales through the scale subresource; the deployment controller reports what runs.
  const scalePath = `/apis/apps/v1/namespaces/${namespace}/deployments/web/scale`;
  const scale = await api.request('GET', scalePath);
  await api.request('PUT', `${scalePath}?fieldManager=kube-controller-manager`, { ...scale, spec: { replicas: dump.replicas } });
  if (fixedReplicas) {
    // A GitOps tool syncs the manifest again and takes the replicas back from the HPA.
    await api.request('PATCH', `/apis/apps/v1/namespaces/${namespace}/deployments/web?fieldManager=argocd-controller`, { spec: { replicas: applied } },
      'application/merge-patch+json');
  }
  const deployment = await api.request('GET', `/apis/apps/v1/namespaces/${namespace}/deployments/web`);
  const running = dump.pods.length;
  await api.request('PUT', `/apis/apps/v1/namespaces/${namespace}/deployments/web/status?fieldManager=kube-controller-manager`, {
    ...deployment,
    status: {
      observedGeneration: deployment.metadata.generation,
      replicas: running,
      updatedReplicas: running,
      readyReplicas: running,
      availableReplicas: running,
    },
  });

  const spec = (scenario.hpa as any).spec;
  let hpa = await api.request('POST', `/apis/autoscaling/v2/namespaces/${namespace}/horizontalpodautoscalers?fieldManager=kubectl-client-side-apply`, {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: {
      namespace,
      name: hpaName,
      ...(keda && {
        labels: { 'app.kubernetes.io/managed-by': 'keda-operator', 'scaledobject.keda.sh/name': 'web' },
        ownerReferences: [{ apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', name: 'web', uid: '5d1a7c1e-0000-4000-8000-00000000cafe', controller: true, blockOwnerDeletion: true }],
      }),
    },
    spec,
  });
  if (dump.status) {
    const status = moved(dump.status);
    // The controller writes the generation it saw; the server's object is at its own.
    if (status.observedGeneration !== undefined) status.observedGeneration = hpa.metadata.generation;
    hpa = await api.request('PUT', `/apis/autoscaling/v2/namespaces/${namespace}/horizontalpodautoscalers/${hpaName}/status?fieldManager=kube-controller-manager`, { ...hpa, status });
  }
  const started = at(new Date(Date.parse(dump.time) - 3600_000).toISOString().replace(/\.\d+Z$/, 'Z'));
  await Promise.all(dump.pods.map(async name => {
    const pod = await api.request('POST', `/api/v1/namespaces/${namespace}/pods?fieldManager=kube-controller-manager`, {
      apiVersion: 'v1', kind: 'Pod', metadata: { namespace, name, labels }, spec: { containers: [container] },
    });
    await api.request('PUT', `/api/v1/namespaces/${namespace}/pods/${name}/status?fieldManager=kubelet`, {
      ...pod,
      status: {
        phase: 'Running',
        conditions: ['Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map(type => ({ type, status: 'True', lastTransitionTime: started })),
        startTime: started,
        containerStatuses: [{ name: 'app', ready: true, started: true, restartCount: 0, image: container.image, imageID: '', state: { running: { startedAt: started } } }],
      },
    });
  }));
  for (const event of dump.events ?? []) {
    const e = moved(event);
    await api.request('POST', `/api/v1/namespaces/${namespace}/events?fieldManager=kube-controller-manager`, {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { namespace, name: `${hpaName}.${e.metadata.name.split('.').pop()}` },
      involvedObject: { kind: 'HorizontalPodAutoscaler', namespace, name: hpaName, uid: hpa.metadata.uid, apiVersion: 'autoscaling/v2', resourceVersion: hpa.metadata.resourceVersion },
      reason: e.reason,
      message: e.message,
      source: { component: 'horizontal-pod-autoscaler' },
      firstTimestamp: e.firstTimestamp,
      lastTimestamp: e.lastTimestamp,
      count: e.count,
      type: e.type,
      reportingComponent: 'horizontal-pod-autoscaler',
      reportingInstance: '',
    });
  }

  const list = async (root: string, resource: string, apiVersion: string, kind: string) => {
    const answer = await api.request('GET', `${root}/namespaces/${namespace}/${resource}`);
    return answer.items.map((item: any) => kubectlShows({ apiVersion, kind, ...item }, showManagedFields));
  };
  const items = [
    ...await list('/apis/autoscaling/v2', 'horizontalpodautoscalers', 'autoscaling/v2', 'HorizontalPodAutoscaler'),
    ...await list('/apis/apps/v1', 'deployments', 'apps/v1', 'Deployment'),
    ...await list('/api/v1', 'pods', 'v1', 'Pod'),
    ...withEvents ? await list('/api/v1', 'events', 'v1', 'Event') : [],
  ];
  await api.request('DELETE', `/api/v1/namespaces/${namespace}`);
  // kubectl prints the keys of every object sorted.
  const text = yaml.dump({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, { lineWidth: -1, noRefs: true, sortKeys: true });
  const now = at(dump.time);
  const gates = Object.entries(scenario.gates).map(([g, on]) => `${g}=${on}`).join(',');
  const flags = ['--now', now, '--k8s-version', minor, ...(gates ? ['--feature-gates', gates] : [])];
  const json = await explain([...flags, '--format', 'json', '-'], text);
  const short = await explain([...flags, '-'], text);
  let parsed: any;
  try {
    parsed = JSON.parse(json.stdout).explanations[0];
  } catch {
    parsed = { error: `not JSON: ${json.stdout} ${json.stderr}` };
  }
  return { situation, id: scenario.id, yaml: text, now, flags, json: parsed, text: short.stdout, code: json.code, textCode: short.code };
}

/** An object as `kubectl get -o yaml` prints it: managedFields only with --show-managed-fields. */
function kubectlShows(object: any, showManagedFields: boolean): any {
  if (showManagedFields) return object;
  const { managedFields: _hidden, ...metadata } = object.metadata;
  return { ...object, metadata };
}

/** `cdk8s-hpa explain` in this process, with standard input. */
async function explain(argv: string[], stdin: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['explain', ...argv], { stdout: t => { stdout += t; }, stderr: t => { stderr += t; }, readStdin: () => Buffer.from(stdin) });
  return { code, stdout, stderr };
}

/** The metric ids of a scenario, as the explanation names them (`cpu`, `app/cpu`, `rps`, ...). */
function metricIds(scenario: ControllerScenario): string[] {
  return scenario.keys.map(k => k.split(':')[1]);
}

/** Whether a per-pod reading lacks some pods' metrics. */
function missingPods(reading: Reading, pods: number): boolean {
  return reading.kind === 'PodSamples' && reading.vs.length < pods;
}

const condition = (status: any, type: string) => (status?.conditions ?? []).find((c: any) => c.type === type);

/** What the controller did, read from what it wrote and logged (not from the explainer). */
interface Truth {
  /** The causes an explanation may name. */
  readonly causes: ScalingCause[];
  readonly failing: string[];
  readonly proposal?: number;
  /** Some pod metric lacked pods' metrics, or an AverageValue of an Object or External metric was rounded: the status's values can hide the controller's proposal. */
  readonly hidden: boolean;
  readonly troubled: boolean;
}

function truthOf(s: Situation): Truth {
  const { scenario, run } = s;
  const dump = run.dump!;
  const status = dump.status;
  const spec = (scenario.hpa as any).spec;
  const current: number = status?.currentReplicas ?? 0;
  const readings = scenario.readings[dump.sync];
  const active = condition(status, 'ScalingActive');
  const able = condition(status, 'AbleToScale');
  const limited = condition(status, 'ScalingLimited');
  const computed = active && (active.status === 'True' || /^FailedGet/.test(active.reason));
  const inRange = current === 0 || (current >= spec.minReplicas && current <= spec.maxReplicas);
  const failing = computed && inRange ? metricIds(scenario).filter((_id, i) => readings[i].kind === 'Failure') : [];
  const missing = readings.some(r => missingPods(r, dump.pods.length));
  const rounded = (spec.metrics as any[]).some(m => (m.type === 'External' || m.type === 'Object') && m[m.type.toLowerCase()].target.type === 'AverageValue');
  const causes = causesOf(spec, status, current, missing);
  const proposal = run.proposals[dump.sync];
  // Held at maxReplicas: the controller's limit says so, or its own proposal is above maxReplicas where the target is.
  const heldAtMax = inRange && ((limited?.status === 'True' && limited.reason === 'TooManyReplicas')
    || (proposal !== undefined && proposal > spec.maxReplicas && current >= spec.maxReplicas));
  const troubled = failing.length > 0 || active?.status === 'False' || able?.status === 'False' || heldAtMax;
  return { causes, failing, proposal, hidden: missing || rounded, troubled };
}

/** The causes an explanation may name, by what the controller's status says; in its order of precedence. */
function causesOf(spec: any, status: any, current: number, missing: boolean): ScalingCause[] {
  const active = condition(status, 'ScalingActive');
  const able = condition(status, 'AbleToScale');
  const limited = condition(status, 'ScalingLimited');
  const disabled = (direction: 'scaleUp' | 'scaleDown') => spec.behavior?.[direction]?.selectPolicy === 'Disabled';
  if (able?.status === 'False') return [ScalingCause.TARGET];
  if (active?.status === 'False') return [active.reason === 'ScalingDisabled' ? ScalingCause.ZERO : ScalingCause.FAILING_METRIC];
  if (current > spec.maxReplicas) return [ScalingCause.MAX_REPLICAS];
  if (current > 0 && current < spec.minReplicas) return [ScalingCause.MIN_REPLICAS];
  if (limited?.status === 'True') {
    const byReason: { [reason: string]: ScalingCause } = {
      TooManyReplicas: ScalingCause.MAX_REPLICAS,
      TooFewReplicas: ScalingCause.MIN_REPLICAS,
      ScaleUpLimit: disabled('scaleUp') ? ScalingCause.SCALE_UP_DISABLED : ScalingCause.SCALE_UP_POLICY,
      ScaleDownLimit: disabled('scaleDown') ? ScalingCause.SCALE_DOWN_DISABLED : ScalingCause.SCALE_DOWN_POLICY,
    };
    return [byReason[limited.reason]];
  }
  // A window holds the count; past it, a disabled direction would.
  if (able?.reason === 'ScaleUpStabilized') return [ScalingCause.SCALE_UP_STABILIZATION, ...disabled('scaleUp') ? [ScalingCause.SCALE_UP_DISABLED] : []];
  if (able?.reason === 'ScaleDownStabilized') return [ScalingCause.SCALE_DOWN_STABILIZATION, ...disabled('scaleDown') ? [ScalingCause.SCALE_DOWN_DISABLED] : []];
  if (current === 0 && status?.desiredReplicas === 0) return [ScalingCause.ZERO];
  return [ScalingCause.NONE, ScalingCause.TOLERANCE, ...missing ? [ScalingCause.MISSING_POD_METRICS] : []];
}

type Tally = { exact: number; flagged: number; hidden: number; failingMetrics: number; byCause: Map<string, number> };

/** The failures of one explained situation, by check. */
function judge(e: ExplainedSituation, tally: Tally): Array<[typeof CHECKS[number], string]> {
  const out: Array<[typeof CHECKS[number], string]> = [];
  const x = e.json;
  const truth = truthOf(e.situation);
  const where = `${e.id} (sync ${e.situation.run.dump!.sync}; replay: explain ${e.flags.join(' ')} on the dump)`;
  const fail = (check: typeof CHECKS[number], what: string) => out.push([check, `${where}: ${what}`]);
  if (x.error) {
    fail('the exit code by its contract', x.error);
    return out;
  }
  tally.byCause.set(x.cause, (tally.byCause.get(x.cause) ?? 0) + 1);
  tally.failingMetrics += truth.failing.length;
  const flagged = (x.findings as any[]).some(f => f.findingId === 'EXP195');

  if (x.controllerProposal !== undefined) {
    tally.exact++;
    if (x.controllerProposal !== truth.proposal) fail('the controller\'s own proposal, where it states one', `states ${x.controllerProposal}, the controller proposed ${truth.proposal}`);
  }
  if (truth.proposal !== undefined && x.proposedReplicas !== undefined) {
    const same = x.proposedReplicas === truth.proposal;
    if (flagged) tally.flagged++;
    if (flagged && same) {
      fail('the proposal it states is the controller\'s, or the difference is said or hidden by pods without metrics', `says the controller's proposal differs from ${x.proposedReplicas}, but the controller proposed that`);
    } else if (!same && !flagged) {
      tally.hidden++;
      if (!truth.hidden) {
        fail('the proposal it states is the controller\'s, or the difference is said or hidden by pods without metrics',
          `states ${x.proposedReplicas} (${x.summary}), the controller proposed ${truth.proposal}, with every pod's metrics and no rounding`);
      }
    } else if (!x.summary.includes(`propose${x.controllerProposal !== undefined && !same ? 's' : ''} ${truth.proposal} replica`)) {
      fail('the proposal it states is the controller\'s, or the difference is said or hidden by pods without metrics', `the headline does not state ${truth.proposal}: ${x.summary}`);
    }
  }
  if (!truth.causes.includes(x.cause)) fail('the cause that limits the count', `cause ${x.cause}, the controller's status says ${truth.causes.join(' or ')}`);
  const failing = [...x.failingMetrics].sort();
  if (JSON.stringify(failing) !== JSON.stringify([...truth.failing].sort())) {
    fail('each failing metric', `names ${JSON.stringify(failing)}, the controller failed to read ${JSON.stringify(truth.failing)}`);
  }
  for (const id of truth.failing) {
    if (!e.text.includes(`"${id}"`)) fail('each failing metric', `the text does not name "${id}":\n${e.text}`);
  }
  const expected = truth.troubled ? 1 : 0;
  if (e.code !== expected || e.textCode !== expected) {
    fail('the exit code by its contract', `exits ${e.code} (text ${e.textCode}), expected ${expected}: ${x.summary}`);
  }
  if (!truth.troubled && (x.health === 'Stuck' || x.health === 'Failing')) {
    fail('no healthy HPA called stuck or failing', `${x.health}: ${x.summary}`);
  }
  return out;
}

/**
 * The dump of a situation as a fixture: its YAML, after comments that say what to explain it
 * with and what the controller did (from its status, its log and the scenario, not from explain).
 */
export function fixtureOf(e: ExplainedSituation, title: string, minor: string): string {
  const truth = truthOf(e.situation);
  const controller = { proposal: truth.proposal, causes: truth.causes, failing: truth.failing, troubled: truth.troubled };
  return `# ${title}\n# Written by the HPA controller of Kubernetes ${minor} (test/conformance, scenario ${e.id}), read back from kube-apiserver.\n`
    + `# explain: ${JSON.stringify(e.flags)}\n# controller: ${JSON.stringify(controller)}\n${e.yaml}`;
}

export type { ControllerDump };
