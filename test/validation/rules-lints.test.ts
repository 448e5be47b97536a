/**
 * Table tests for the lints HPA401-HPA405 (warnings) and the cross-object checks HPA301-HPA304
 * (errors), which need the scale target's facts (`WorkloadFacts`) and so go through the internal
 * `validateManifest`.
 */
import {
  caseCheckers,
  containerResourceMetric,
  messageLike,
  NegativeCase,
  queueMetric,
  RuleCase as SharedRuleCase,
  setMetrics,
  validateWithWorkload as validate,
} from './rule-cases';
import { ClusterProfile, ClusterProfileOptions, RuleLevel, Severity } from '../../src';
import { WorkloadFacts, workloadFactsFromManifest } from '../../src/model/workload-facts';
import { IssueList } from '../../src/validation/issue-list';
import { reportDuplicateTarget } from '../../src/validation/rules/cross-object';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** The Deployment `web`: container `app` requests cpu and memory, sidecar `proxy` only memory. */
function webDeployment(overrides: Partial<WorkloadFacts> = {}): WorkloadFacts {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    name: 'web',
    namespace: 'default',
    containers: [{ name: 'app', requests: ['cpu', 'memory'] }, { name: 'proxy', requests: ['memory'] }],
    ...overrides,
  };
}

const containerCpu = (container: string, target: any = { type: 'Utilization', averageUtilization: 60 }) => containerResourceMetric({ container, target });
const cpuAverageValue = { type: 'Resource', resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '500m' } } };

/** Lints are warnings and cross-object checks errors, so every case names its severity. */
type RuleCase = SharedRuleCase & { readonly severity: Severity };

const { expectRuleCase, expectNegativeCase } = caseCheckers(validate);

const WARNING = Severity.WARNING;
const ERROR = Severity.ERROR;
const FALLBACK: ClusterProfileOptions = { featureGates: { HPAExternalMetricFallback: true } };
const SCALE_TO_ZERO: ClusterProfileOptions = { featureGates: { HPAScaleToZero: true } };

test('the base manifest, with its workload, is valid', () => {
  expect(validate(() => {}, { workload: webDeployment({ containers: [{ name: 'app', requests: ['cpu'] }] }) })).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// HPA401-HPA405: lints (warnings)
// ---------------------------------------------------------------------------------------------

describe('HPA401-HPA405 lints', () => {
  const scaleToZeroWith = (behavior: any) => (m: any) => { m.spec.minReplicas = 0; m.spec.metrics = [queueMetric()]; m.spec.behavior = behavior; };
  const cases: RuleCase[] = [
    {
      title: 'the fallback replicas exceed maxReplicas',
      mutate: setMetrics(queueMetric({ failureDuration: '3m', replicas: 50 })),
      cluster: FALLBACK,
      ruleId: 'HPA401',
      severity: WARNING,
      path: 'spec.metrics[0].external.fallback.replicas',
      prefix: 'Lint: 50',
      detail: 'is above maxReplicas (10): the controller caps it at 10',
      fix: 'lower the fallback to 10 or raise maxReplicas',
    },
    {
      title: 'the fallback replicas are below minReplicas',
      mutate: setMetrics(queueMetric({ failureDuration: '3m', replicas: 1 })),
      cluster: FALLBACK,
      ruleId: 'HPA401',
      severity: WARNING,
      path: 'spec.metrics[0].external.fallback.replicas',
      prefix: 'Lint: 1',
      detail: 'is below minReplicas (2): the controller raises it to 2',
      fix: 'raise the fallback to at least 2 or lower minReplicas',
    },
    {
      title: 'the second metric\'s fallback exceeds maxReplicas',
      mutate: setMetrics(queueMetric({ failureDuration: '3m', replicas: 5 }), { ...queueMetric({ failureDuration: '1m', replicas: 11 }), external: { ...queueMetric({ failureDuration: '1m', replicas: 11 }).external, metric: { name: 'backlog' } } }),
      cluster: FALLBACK,
      ruleId: 'HPA401',
      severity: WARNING,
      path: 'spec.metrics[1].external.fallback.replicas',
      prefix: 'Lint: 11',
      detail: 'is above maxReplicas (10)',
    },
    {
      title: 'minReplicas equals maxReplicas',
      mutate: m => { m.spec.minReplicas = 10; },
      ruleLevels: { HPA402: RuleLevel.ON },
      ruleId: 'HPA402',
      severity: WARNING,
      path: 'spec.maxReplicas',
      prefix: 'Lint: 10',
      detail: 'equals minReplicas: the autoscaler can never change the replica count',
      fix: 'raise maxReplicas above minReplicas',
    },
    {
      title: 'scale to zero meets scale-down Disabled',
      mutate: scaleToZeroWith({ scaleDown: { selectPolicy: 'Disabled' } }),
      cluster: SCALE_TO_ZERO,
      ruleId: 'HPA403',
      severity: WARNING,
      path: 'spec.behavior.scaleDown.selectPolicy',
      prefix: 'Lint: "Disabled"',
      detail: 'with minReplicas 0 the workload can never scale down to zero while scale-down is Disabled',
      fix: 'allow scale-down (SelectPolicy.MAX or MIN), or set minReplicas to 1',
    },
    {
      title: 'minReplicas is 1',
      mutate: m => { m.spec.minReplicas = 1; },
      ruleLevels: { HPA404: RuleLevel.ON },
      ruleId: 'HPA404',
      severity: WARNING,
      path: 'spec.minReplicas',
      prefix: 'Lint: 1',
      detail: 'a single replica leaves the workload unavailable while its pod restarts or moves',
      fix: 'set minReplicas to 2 or more',
    },
    {
      title: 'minReplicas is omitted (the server defaults it to 1)',
      mutate: m => { delete m.spec.minReplicas; },
      ruleLevels: { HPA404: RuleLevel.ON },
      ruleId: 'HPA404',
      severity: WARNING,
      path: 'spec.minReplicas',
      prefix: 'Lint: 1',
      detail: 'a single replica',
    },
    {
      title: 'a Deployment is targeted through extensions/v1beta1',
      mutate: m => { m.spec.scaleTargetRef.apiVersion = 'extensions/v1beta1'; },
      ruleId: 'HPA405',
      severity: WARNING,
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Lint: "extensions/v1beta1"',
      detail: 'Deployment is served in the apps group: the controller cannot find the scale subresource of a Deployment in extensions',
      fix: 'set apiVersion to "apps/v1"',
    },
    {
      title: 'an Argo Rollout is targeted through apps/v1',
      mutate: m => { m.spec.scaleTargetRef = { apiVersion: 'apps/v1', kind: 'Rollout', name: 'web' }; },
      ruleId: 'HPA405',
      severity: WARNING,
      path: 'spec.scaleTargetRef.apiVersion',
      prefix: 'Lint: "apps/v1"',
      detail: 'Rollout is served in the argoproj.io group',
      fix: 'set apiVersion to "argoproj.io/v1alpha1"',
    },
  ];
  test.each(cases)('warns when $title', expectRuleCase);

  test('minReplicas 1 equal to maxReplicas 1 gives both warnings once turned on, and no error', () => {
    const issues = validate(m => { m.spec.minReplicas = 1; m.spec.maxReplicas = 1; }, { ruleLevels: { HPA402: RuleLevel.ON, HPA404: RuleLevel.ON } });
    expect(issues).toEqual([
      expect.objectContaining({ ruleId: 'HPA404', severity: WARNING, path: 'spec.minReplicas', message: messageLike('Lint: 1', 'a single replica') }),
      expect.objectContaining({ ruleId: 'HPA402', severity: WARNING, path: 'spec.maxReplicas', message: messageLike('Lint: 1', 'equals minReplicas') }),
    ]);
  });

  test('HPA402 and HPA404 are off by default: most working HPAs would trip them', () => {
    expect(validate(m => { m.spec.minReplicas = 1; m.spec.maxReplicas = 1; })).toEqual([]);
  });

  const negatives: NegativeCase[] = [
    { title: 'a fallback within minReplicas..maxReplicas', mutate: setMetrics(queueMetric({ failureDuration: '3m', replicas: 5 })), cluster: FALLBACK, ruleId: 'HPA401' },
    { title: 'a fallback equal to maxReplicas', mutate: setMetrics(queueMetric({ failureDuration: '3m', replicas: 10 })), cluster: FALLBACK, ruleId: 'HPA401' },
    { title: 'a fallback equal to minReplicas', mutate: setMetrics(queueMetric({ failureDuration: '3m', replicas: 2 })), cluster: FALLBACK, ruleId: 'HPA401' },
    {
      title: 'a fallback of 0 (an error, HPA153, not a lint)',
      mutate: setMetrics(queueMetric({ failureDuration: '3m', replicas: 0 })),
      cluster: FALLBACK,
      ruleId: 'HPA401',
      raises: ['HPA153'],
    },
    { title: 'minReplicas below maxReplicas', mutate: m => { m.spec.maxReplicas = 3; }, ruleLevels: { HPA402: RuleLevel.ON }, ruleId: 'HPA402' },
    {
      title: 'minReplicas and maxReplicas both 0 (errors, not the lint)',
      mutate: m => { m.spec.minReplicas = 0; m.spec.maxReplicas = 0; m.spec.metrics = [queueMetric()]; },
      cluster: SCALE_TO_ZERO,
      ruleId: 'HPA402',
      raises: ['HPA102'],
    },
    { title: 'scale to zero with scale-up Disabled', mutate: scaleToZeroWith({ scaleUp: { selectPolicy: 'Disabled' } }), cluster: SCALE_TO_ZERO, ruleId: 'HPA403' },
    { title: 'scale to zero with scale-down Min', mutate: scaleToZeroWith({ scaleDown: { selectPolicy: 'Min' } }), cluster: SCALE_TO_ZERO, ruleId: 'HPA403' },
    {
      title: 'scale-down Disabled with minReplicas 2',
      mutate: m => { m.spec.behavior = { scaleDown: { selectPolicy: 'Disabled' } }; },
      ruleId: 'HPA403',
    },
    { title: 'minReplicas 2', mutate: () => {}, ruleLevels: { HPA404: RuleLevel.ON }, ruleId: 'HPA404' },
    { title: 'minReplicas 0 (scale to zero)', mutate: scaleToZeroWith(undefined), cluster: SCALE_TO_ZERO, ruleLevels: { HPA404: RuleLevel.ON }, ruleId: 'HPA404' },
    { title: 'a StatefulSet through an older apps version', mutate: m => { m.spec.scaleTargetRef = { apiVersion: 'apps/v1beta2', kind: 'StatefulSet', name: 'db' }; }, ruleId: 'HPA405' },
    { title: 'a custom kind in its own group', mutate: m => { m.spec.scaleTargetRef = { apiVersion: 'example.com/v1', kind: 'Widget', name: 'w' }; }, ruleId: 'HPA405' },
    {
      title: 'a Deployment as "v1" (an API-server error, HPA107, not the lint)',
      mutate: m => { m.spec.scaleTargetRef.apiVersion = 'v1'; },
      ruleId: 'HPA405',
      raises: ['HPA107'],
    },
  ];
  test.each(negatives)('does not warn on $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA301-HPA303: checks against the scale target (errors)
// ---------------------------------------------------------------------------------------------

describe('HPA301-HPA303 cross-object checks', () => {
  const cases: RuleCase[] = [
    {
      title: 'a container of the target has no request for a Utilization metric\'s resource',
      mutate: () => {},
      workload: webDeployment(),
      ruleId: 'HPA301',
      severity: ERROR,
      path: 'spec.metrics[0].resource.target.averageUtilization',
      prefix: 'Fails at run time: 70',
      detail: 'container "proxy" of Deployment/web has no cpu request: the controller cannot compute utilization and the metric fails',
      fix: 'give container "proxy" a cpu request, or use an averageValue target',
    },
    {
      title: 'the metrics are omitted and the default CPU 80% has no request to use',
      mutate: m => { delete m.spec.metrics; },
      workload: webDeployment(),
      ruleId: 'HPA301',
      severity: ERROR,
      path: 'spec.metrics',
      prefix: 'Fails at run time: 80',
      detail: 'no metrics are set, so the API server adds CPU at 80% utilization, but container "proxy" of Deployment/web has no cpu request',
    },
    {
      title: 'a memory Utilization metric meets a container without a memory request',
      mutate: setMetrics({ type: 'Resource', resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 80 } } }),
      workload: webDeployment({ containers: [{ name: 'app', requests: ['cpu'] }] }),
      ruleId: 'HPA301',
      severity: ERROR,
      path: 'spec.metrics[0].resource.target.averageUtilization',
      prefix: 'Fails at run time: 80',
      detail: 'container "app" of Deployment/web has no memory request',
    },
    {
      title: 'a ContainerResource Utilization metric names a container without that request',
      mutate: setMetrics(containerCpu('proxy')),
      workload: webDeployment(),
      ruleId: 'HPA301',
      severity: ERROR,
      path: 'spec.metrics[0].containerResource.target.averageUtilization',
      prefix: 'Fails at run time: 60',
      detail: 'container "proxy" of Deployment/web has no cpu request: the controller cannot compute utilization',
      fix: 'give container "proxy" a cpu request',
    },
    {
      title: 'a ContainerResource metric names a container the target does not have',
      mutate: setMetrics(containerCpu('ap')),
      workload: webDeployment(),
      ruleId: 'HPA302',
      severity: ERROR,
      path: 'spec.metrics[0].containerResource.container',
      prefix: 'Fails at run time: "ap"',
      detail: 'Deployment/web has no container named "ap" (it has "app", "proxy")',
      fix: 'use one of "app", "proxy"',
    },
    {
      title: 'the target has no containers at all',
      mutate: setMetrics(containerCpu('app')),
      workload: webDeployment({ containers: [] }),
      ruleId: 'HPA302',
      severity: ERROR,
      path: 'spec.metrics[0].containerResource.container',
      prefix: 'Fails at run time: "app"',
      detail: 'Deployment/web has no container named "app"',
    },
    {
      title: 'the target fixes its own replicas',
      mutate: setMetrics(cpuAverageValue),
      workload: webDeployment({ replicas: 3 }),
      ruleId: 'HPA303',
      severity: ERROR,
      path: 'spec.scaleTargetRef',
      prefix: 'Conflicts with the target: "Deployment/web"',
      detail: 'the target fixes replicas: 3: every apply resets the replica count the autoscaler chose',
      fix: 'remove replicas from the workload',
    },
    {
      title: 'the target fixes replicas to 0',
      mutate: setMetrics(cpuAverageValue),
      workload: webDeployment({ replicas: 0 }),
      ruleId: 'HPA303',
      severity: ERROR,
      path: 'spec.scaleTargetRef',
      prefix: 'Conflicts with the target: "Deployment/web"',
      detail: 'the target fixes replicas: 0',
    },
  ];
  test.each(cases)('fails when $title', expectRuleCase);

  test('one HPA301 error per container that lacks the request', () => {
    const issues = validate(() => {}, { workload: webDeployment({ containers: [{ name: 'a', requests: [] }, { name: 'b', requests: ['memory'] }] }) });
    expect(issues).toEqual([
      expect.objectContaining({ ruleId: 'HPA301', severity: ERROR, path: 'spec.metrics[0].resource.target.averageUtilization', message: messageLike('Fails at run time: 70', 'container "a" of Deployment/web') }),
      expect.objectContaining({ ruleId: 'HPA301', severity: ERROR, path: 'spec.metrics[0].resource.target.averageUtilization', message: messageLike('Fails at run time: 70', 'container "b" of Deployment/web') }),
    ]);
  });

  test('facts read from a workload manifest count a limit as a request, and see fixed replicas', () => {
    const workload = workloadFactsFromManifest({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'db', namespace: 'default' },
      spec: { replicas: 2, template: { spec: { containers: [{ name: 'db', resources: { limits: { cpu: '1' } } }, { name: 'exporter' }] } } },
    });
    expect(workload).toEqual({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      name: 'db',
      namespace: 'default',
      replicas: 2,
      containers: [{ name: 'db', requests: ['cpu'], amounts: { cpu: 1 } }, { name: 'exporter', requests: [] }],
    });
    expect(validate(m => { m.spec.scaleTargetRef = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db' }; }, { workload })).toEqual([
      expect.objectContaining({ ruleId: 'HPA303', severity: ERROR, path: 'spec.scaleTargetRef', message: messageLike('Conflicts with the target: "StatefulSet/db"', 'the target fixes replicas: 2') }),
      expect.objectContaining({ ruleId: 'HPA301', severity: ERROR, path: 'spec.metrics[0].resource.target.averageUtilization', message: messageLike('Fails at run time: 70', 'container "exporter" of StatefulSet/db has no cpu request') }),
    ]);
  });

  /** A Deployment manifest `web` with the given pod template spec. */
  const podTemplate = (spec: any) => workloadFactsFromManifest({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { template: { spec } } });
  const hpa301 = (issues: unknown[]) => issues.filter((i: any) => i.ruleId === 'HPA301');

  describe('a misspelt resource name is one error with the name meant, not also a request the containers lack', () => {
    const workload = webDeployment({ containers: [{ name: 'app', requests: ['cpu', 'memory'] }] });
    const brief = (issues: ReturnType<typeof validate>) => issues.map(i => [i.ruleId, i.path, i.message, i.fix]);

    test('ContainerResource "memroy": HPA113 once (the API server gives two errors), no HPA301', () => {
      const issues = validate(setMetrics(containerResourceMetric({ name: 'memroy', target: { type: 'Utilization', averageUtilization: 70 } })), { workload });
      expect(brief(issues)).toEqual([['HPA113', 'spec.metrics[0].containerResource.name',
        'Invalid value: "memroy": must be a standard resource type or fully qualified; must be a standard resource for containers',
        'use "memory"']]);
    });

    test('Resource "memroy": HPA206 with the name meant, no HPA301', () => {
      const issues = validate(setMetrics({ type: 'Resource', resource: { name: 'memroy', target: { type: 'Utilization', averageUtilization: 70 } } }), { workload });
      expect(brief(issues)).toEqual([['HPA206', 'spec.metrics[0].resource.name',
        'Fails at run time: "memroy": the API server accepts any name here, but the controller only reads container resources such as cpu and memory',
        'use "memory"']]);
    });

    test('a name close to no container resource keeps the API server\'s two errors, and an extended resource is still checked for its request', () => {
      const gpu = validate(setMetrics(containerResourceMetric({ name: 'gpu', target: { type: 'AverageValue', averageValue: '1' } })), { workload });
      expect(gpu.map(i => [i.ruleId, i.message])).toEqual([
        ['HPA113', 'Invalid value: "gpu": must be a standard resource type or fully qualified'],
        ['HPA113', 'Invalid value: "gpu": must be a standard resource for containers'],
      ]);
      const extended = validate(setMetrics({ type: 'Resource', resource: { name: 'example.com/gpu', target: { type: 'Utilization', averageUtilization: 70 } } }), { workload });
      expect(extended.map(i => i.ruleId)).toEqual(['HPA301']);
    });
  });

  describe('pod-level requests (PodLevelResources, read by the controller from 1.34)', () => {
    // replica_calculator.go calculateRequests: with the gate on and pod-level requests set, a
    // Resource metric reads resourcehelpers.PodRequests, not each container's request.
    const podLevelCpu = podTemplate({ resources: { requests: { cpu: '1', memory: '1Gi' } }, containers: [{ name: 'app' }, { name: 'proxy' }] });

    test('facts read the pod-level requests, with the containers\' and the API server\'s defaulting from pod-level limits', () => {
      expect(podLevelCpu.podRequests).toEqual(['cpu', 'memory']);
      expect(podTemplate({ resources: { limits: { cpu: '2' } }, containers: [{ name: 'app', resources: { requests: { memory: '1Gi' } } }] }).podRequests)
        .toEqual(['memory', 'cpu']);
      expect(podTemplate({ resources: { requests: { memory: '1Gi' } }, initContainers: [{ name: 'migrate', resources: { requests: { cpu: '1' } } }], containers: [{ name: 'app' }] }).podRequests)
        .toEqual(['cpu', 'memory']);
      expect(podTemplate({ containers: [{ name: 'app', resources: { requests: { cpu: '1' } } }] }).podRequests).toBeUndefined();
      expect(podTemplate({ resources: { requests: { 'example.com/gpu': '1' } }, containers: [{ name: 'app' }] }).podRequests).toBeUndefined();
    });

    test.each(['1.34', '1.37'])('a CPU Utilization metric passes on %s when the pod template requests CPU at pod level and no container does', version => {
      expect(validate(() => {}, { workload: podLevelCpu, cluster: { version } })).toEqual([]);
    });

    test('pod-level requests without the metric\'s resource fail, at pod level', () => {
      const workload = podTemplate({ resources: { requests: { memory: '1Gi' } }, containers: [{ name: 'app' }] });
      expect(validate(() => {}, { workload })).toEqual([expect.objectContaining({
        ruleId: 'HPA301',
        path: 'spec.metrics[0].resource.target.averageUtilization',
        message: messageLike('Fails at run time: 70', 'the pod template of Deployment/web sets pod-level requests (spec.template.spec.resources) without cpu, and no container requests cpu'),
        fix: 'add cpu to the pod-level requests (spec.template.spec.resources.requests.cpu), or use an averageValue target',
      })]);
    });

    test.each([
      ['1.33', {}, 'from Kubernetes 1.34 on, with PodLevelResources'],
      ['1.36', { PodLevelResources: false }, 'only with PodLevelResources on, which this cluster profile turns off'],
    ])('on %s with gates %j each container needs the request, and the message says why the pod-level one does not count', (version, featureGates, why) => {
      const issues = hpa301(validate(() => {}, { workload: podLevelCpu, cluster: { version, featureGates } }));
      expect(issues).toEqual([
        expect.objectContaining({ message: messageLike('Fails at run time: 70', `container "app" of Deployment/web has no cpu request: the controller cannot compute utilization and the metric fails (the controller reads pod-level requests ${why})`) }),
        expect.objectContaining({ message: messageLike('Fails at run time: 70', 'container "proxy" of Deployment/web') }),
      ]);
    });

    test('a ContainerResource metric reads its container\'s request even with pod-level requests', () => {
      expect(hpa301(validate(setMetrics(containerCpu('app')), { workload: podLevelCpu }))).toEqual([
        expect.objectContaining({ path: 'spec.metrics[0].containerResource.target.averageUtilization', message: messageLike('Fails at run time: 60', 'container "app" of Deployment/web has no cpu request') }),
      ]);
    });
  });

  describe('requests of 0 (metrics/utilization.go GetResourceUtilizationRatio divides by their sum)', () => {
    test('facts note each request\'s amount, zero ones too, a zero limit standing for the request', () => {
      expect(podTemplate({ containers: [{ name: 'app', resources: { requests: { cpu: '0', memory: '1Gi' } } }, { name: 'proxy', resources: { limits: { cpu: '0m' } } }] }).containers)
        .toEqual([{ name: 'app', requests: ['cpu', 'memory'], amounts: { cpu: 0, memory: 2 ** 30 } }, { name: 'proxy', requests: ['cpu'], amounts: { cpu: 0 } }]);
    });

    test('every container requesting 0 CPU fails a CPU Utilization metric, once', () => {
      const workload = podTemplate({ containers: [{ name: 'app', resources: { requests: { cpu: '0' } } }, { name: 'proxy', resources: { requests: { cpu: '0.0' } } }] });
      expect(validate(() => {}, { workload })).toEqual([expect.objectContaining({
        ruleId: 'HPA301',
        path: 'spec.metrics[0].resource.target.averageUtilization',
        message: messageLike('Fails at run time: 70', 'the cpu requests of Deployment/web add up to 0: the controller divides usage by the requests'),
        fix: 'request more than 0 cpu, or use an averageValue target',
      })]);
    });

    test('one container with a request above 0 is enough for a Resource metric, not for a ContainerResource one on the other', () => {
      const workload = podTemplate({ containers: [{ name: 'app', resources: { requests: { cpu: '0' } } }, { name: 'proxy', resources: { requests: { cpu: '10m' } } }] });
      expect(validate(() => {}, { workload })).toEqual([]);
      expect(validate(setMetrics(containerCpu('app')), { workload })).toEqual([expect.objectContaining({
        ruleId: 'HPA301',
        path: 'spec.metrics[0].containerResource.target.averageUtilization',
        message: messageLike('Fails at run time: 60', 'the cpu request of container "app" of Deployment/web is 0'),
      })]);
    });

    test('a pod-level request of 0 counts where the controller reads pod-level requests', () => {
      const workload = podTemplate({ resources: { requests: { cpu: '0', memory: '1Gi' } }, containers: [{ name: 'app' }] });
      expect(hpa301(validate(() => {}, { workload }))).toEqual([expect.objectContaining({ message: messageLike('Fails at run time: 70', 'the cpu requests of Deployment/web add up to 0') })]);
    });
  });

  describe('native sidecars (init containers with restartPolicy: Always, read by the controller from 1.29)', () => {
    const withSidecar = podTemplate({
      initContainers: [{ name: 'migrate' }, { name: 'proxy', restartPolicy: 'Always', resources: { requests: { memory: '64Mi' } } }],
      containers: [{ name: 'app', resources: { requests: { cpu: '250m' } } }],
    });

    test('facts list the sidecar after the containers and leave other init containers out', () => {
      expect(withSidecar.containers).toEqual([
        { name: 'app', requests: ['cpu'], amounts: { cpu: 0.25 } },
        { name: 'proxy', requests: ['memory'], amounts: { memory: 64 * 2 ** 20 }, sidecar: true },
      ]);
    });

    test('a sidecar without the request fails a Utilization metric', () => {
      expect(validate(() => {}, { workload: withSidecar })).toEqual([expect.objectContaining({
        ruleId: 'HPA301',
        message: messageLike('Fails at run time: 70', 'sidecar init container "proxy" of Deployment/web has no cpu request'),
        fix: 'give sidecar init container "proxy" a cpu request, or use an averageValue target',
      })]);
    });

    test('from 1.38 the controller reads the sidecars first, and names the first one without the request', () => {
      const bothMissing = podTemplate({
        initContainers: [{ name: 'proxy', restartPolicy: 'Always' }],
        containers: [{ name: 'app' }],
      });
      const named = (version: string) => validate(() => {}, { workload: bothMissing, cluster: { version } })
        .filter(i => i.ruleId === 'HPA301').map(i => /(container "\w+")/.exec(i.message)?.[1]);
      expect(named('1.37')).toEqual(['container "app"', 'container "proxy"']);
      expect(named('1.38')).toEqual(['container "proxy"', 'container "app"']);
    });

    test('before 1.29 the controller reads the regular containers only', () => {
      expect(validate(() => {}, { workload: withSidecar, cluster: { version: '1.28' } })).toEqual([]);
    });

    test('a ContainerResource metric may name a sidecar from 1.29 on', () => {
      const metric = containerCpu('proxy', { type: 'AverageValue', averageValue: '100m' });
      expect(validate(setMetrics(metric), { workload: withSidecar })).toEqual([]);
      expect(validate(setMetrics(metric), { workload: withSidecar, cluster: { version: '1.28' } })).toEqual([expect.objectContaining({
        ruleId: 'HPA302',
        path: 'spec.metrics[0].containerResource.container',
        message: messageLike('Fails at run time: "proxy"', '"proxy" is a sidecar init container of Deployment/web, which the controller counts only from Kubernetes 1.29 on'),
        fix: 'declare version 1.29 or later in the cluster profile (ClusterProfile version, or --k8s-version)',
      })]);
      expect(validate(setMetrics(containerCpu('migrate', { type: 'AverageValue', averageValue: '100m' })), { workload: withSidecar })).toEqual([
        expect.objectContaining({ ruleId: 'HPA302', message: messageLike('Fails at run time: "migrate"', 'Deployment/web has no container named "migrate" (it has "app", "proxy")') }),
      ]);
    });
  });

  // horizontal.go computeStatusForResourceMetricGeneric reads target.AverageValue first and ignores
  // target.type, so {type: Utilization, averageValue} never needs a request (HPA410 says as much).
  test.each([
    ['Resource', 'spec.metrics[0].resource.target.type', { type: 'Resource', resource: { name: 'memory', target: { type: 'Utilization', averageValue: '1Gi' } } }],
    ['ContainerResource', 'spec.metrics[0].containerResource.target.type', containerCpu('proxy', { type: 'Utilization', averageValue: '200m' })],
  ])('does not require a request from a %s target of type Utilization that sets averageValue (the controller uses averageValue)', (_source, typePath, metric) => {
    const issues = validate(setMetrics(metric), { workload: webDeployment({ containers: [{ name: 'proxy', requests: [] }] }) });
    expect(issues).toEqual([expect.objectContaining({ ruleId: 'HPA410', severity: WARNING, path: typePath })]);
  });

  const negatives: NegativeCase[] = [
    { title: 'Utilization when every container requests the resource', mutate: () => {}, workload: webDeployment({ containers: [{ name: 'app', requests: ['cpu'] }, { name: 'proxy', requests: ['cpu', 'memory'] }] }), ruleId: 'HPA301' },
    { title: 'an averageValue target on containers without requests', mutate: setMetrics(cpuAverageValue), workload: webDeployment({ containers: [{ name: 'app', requests: [] }] }), ruleId: 'HPA301' },
    { title: 'Utilization when the containers are not known', mutate: () => {}, workload: webDeployment({ containers: undefined }), ruleId: 'HPA301' },
    { title: 'Utilization without workload facts', mutate: () => {}, ruleId: 'HPA301' },
    { title: 'a ContainerResource metric on a container with the request', mutate: setMetrics(containerCpu('app')), workload: webDeployment(), ruleId: 'HPA301' },
    { title: 'a ContainerResource AverageValue metric on a container without the request', mutate: setMetrics(containerCpu('proxy', { type: 'AverageValue', averageValue: '200m' })), workload: webDeployment(), ruleId: 'HPA301' },
    { title: 'a ContainerResource metric naming a container of the target', mutate: setMetrics(containerCpu('app')), workload: webDeployment(), ruleId: 'HPA302' },
    { title: 'a ContainerResource metric when the containers are not known', mutate: setMetrics(containerCpu('anything')), workload: webDeployment({ containers: undefined }), ruleId: 'HPA302' },
    { title: 'a target without replicas', mutate: setMetrics(cpuAverageValue), workload: webDeployment(), ruleId: 'HPA303' },
    {
      title: 'a target whose replicas are not a number (no fixed count known)',
      mutate: setMetrics(cpuAverageValue),
      workload: workloadFactsFromManifest({ kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: '3' } }),
      ruleId: 'HPA303',
    },
  ];
  test.each(negatives)('accepts $title', expectNegativeCase);
});

// ---------------------------------------------------------------------------------------------
// HPA304: one HPA per target (reported by the caller that sees every HPA)
// ---------------------------------------------------------------------------------------------

describe('HPA304 two HPAs on one target', () => {
  const CURRENT = ClusterProfile.of()._facts();
  test('reportDuplicateTarget reports the second HPA on spec.scaleTargetRef', () => {
    const out = new IssueList();
    reportDuplicateTarget(out, { ref: { kind: 'Deployment', name: 'web' } }, { kind: 'HorizontalPodAutoscaler', name: 'web-cpu', where: 'hpa.yaml:3' }, CURRENT);
    expect(out.issues).toEqual([{
      ruleId: 'HPA304',
      severity: ERROR,
      path: 'spec.scaleTargetRef',
      message: 'Conflicts with another HPA: "Deployment/web": HorizontalPodAutoscaler "web-cpu" (hpa.yaml:3) also scales this target: the controller sets ScalingActive=False (AmbiguousSelector: the pods are controlled by more than one HPA) on both, and neither scales',
      value: 'Deployment/web',
      fix: 'keep one HPA per target and put all metrics in it',
    }]);
  });

  test('before 1.26 (no AmbiguousSelector in horizontal.go) the two fight over the replica count', () => {
    const out = new IssueList();
    reportDuplicateTarget(out, { ref: { kind: 'Deployment', name: 'web' } }, { kind: 'HorizontalPodAutoscaler', name: 'web-cpu' }, ClusterProfile.of({ version: '1.25' })._facts());
    expect(out.issues[0].message).toBe('Conflicts with another HPA: "Deployment/web": HorizontalPodAutoscaler "web-cpu" already scales this target: '
      + 'two autoscalers fight over its replica count (Kubernetes 1.25; from 1.26 neither scales: AmbiguousSelector)');
  });

  test('a repeated report of the same pair is kept once, and another target is reported on its own', () => {
    const out = new IssueList();
    reportDuplicateTarget(out, { ref: { kind: 'Deployment', name: 'web' } }, { kind: 'HorizontalPodAutoscaler', name: 'web-cpu', where: 'hpa.yaml:3' }, CURRENT);
    reportDuplicateTarget(out, { ref: { kind: 'Deployment', name: 'web' } }, { kind: 'HorizontalPodAutoscaler', name: 'web-cpu', where: 'hpa.yaml:3' }, CURRENT);
    reportDuplicateTarget(out, { ref: { kind: 'StatefulSet', name: 'db' } }, { kind: 'HorizontalPodAutoscaler', name: 'db' }, CURRENT);
    expect(out.issues.map(i => [i.ruleId, i.path, i.value])).toEqual([
      ['HPA304', 'spec.scaleTargetRef', 'Deployment/web'],
      ['HPA304', 'spec.scaleTargetRef', 'StatefulSet/db'],
    ]);
  });

  test('validateManifest alone never reports HPA304, even with the target\'s facts', () => {
    expect(validate(() => {}, { workload: webDeployment({ containers: [{ name: 'app', requests: ['cpu'] }] }) }).filter(i => i.ruleId === 'HPA304')).toEqual([]);
  });
});
