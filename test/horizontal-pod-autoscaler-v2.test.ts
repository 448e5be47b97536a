import { ApiObject, App, Chart, Duration, IResolver, JsonPatch, Lazy, Size, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import {
  Behavior, ClusterProfile, DescribedObject, ExternalFallback, HorizontalPodAutoscalerV2, HpaValidator, Metric, MetricTarget, RuleLevel, RuleLevels,
  ScaleTarget, ScalingPolicy, SelectPolicy, Severity,
} from '../src';
import * as engineModule from '../src/validation/engine';

function setup() {
  const app = new App();
  const chart = new Chart(app, 'test', { namespace: 'prod' });
  const deployment = new kplus.Deployment(chart, 'web', {
    metadata: { name: 'web' },
    containers: [{ name: 'app', image: 'web', resources: { cpu: { request: kplus.Cpu.millis(500) } } }],
  });
  return { app, chart, deployment };
}

const hpaOf = (chart: Chart) => Testing.synth(chart).find(o => o.kind === 'HorizontalPodAutoscaler');

describe('HorizontalPodAutoscalerV2', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  test('renders an autoscaling/v2 HPA with only what was set', () => {
    const { chart, deployment } = setup();
    new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, maxReplicas: 5 });
    expect(hpaOf(chart)).toEqual({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'test-hpa-c8e6eb3e', namespace: 'prod' },
      spec: { maxReplicas: 5, scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' } },
    });
  });

  test('renders every option', () => {
    const { chart, deployment } = setup();
    new HorizontalPodAutoscalerV2(chart, 'Hpa', {
      metadata: { name: 'web', labels: { team: 'a' } },
      target: deployment,
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [
        Metric.resourceCpu(MetricTarget.averageUtilization(70)),
        Metric.external({ name: 'queue', target: MetricTarget.averageValue('500m'), fallback: ExternalFallback.replicas(4) }),
      ],
      behavior: Behavior.of({
        scaleUp: { policies: [ScalingPolicy.pods(2, Duration.seconds(30))], selectPolicy: SelectPolicy.MIN, tolerance: 0.05 },
        scaleDown: { stabilizationWindow: Duration.minutes(10), selectPolicy: SelectPolicy.DISABLED },
      }),
      cluster: ClusterProfile.of({ version: '1.36', featureGates: { HPAExternalMetricFallback: true } }),
    });
    expect(hpaOf(chart).spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
        {
          type: 'External',
          external: {
            metric: { name: 'queue' },
            target: { type: 'AverageValue', averageValue: '500m' },
            fallback: { failureDuration: '3m', replicas: 4 },
          },
        },
      ],
      behavior: {
        scaleUp: { policies: [{ type: 'Pods', value: 2, periodSeconds: 30 }], selectPolicy: 'Min', tolerance: '0.05' },
        scaleDown: { stabilizationWindowSeconds: 600, selectPolicy: 'Disabled' },
      },
    });
  });

  test('has one L1 child with id Resource and renders its spec lazily, so addMetric works after construction', () => {
    const { chart, deployment } = setup();
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, maxReplicas: 3 });
    hpa.addMetric(Metric.resourceMemory(MetricTarget.averageValue('1Gi')));
    expect(hpa.node.children.map(c => c.node.id)).toEqual(['Resource']);
    expect(hpa.node.findChild('Resource')).toBeInstanceOf(ApiObject);
    expect(hpaOf(chart).spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '1Gi' } } }]);
    expect(hpa.metrics).toHaveLength(1);
  });

  test('marks the target as autoscaled, so the Deployment no longer renders replicas', () => {
    const { chart, deployment } = setup();
    new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, maxReplicas: 3 });
    expect(Testing.synth(chart).find(o => o.kind === 'Deployment').spec.replicas).toBeUndefined();
  });

  test('targets any scalable resource by reference', () => {
    // A chart with no workload of its own: a Rollout made elsewhere is not looked for in it (HPA306).
    const chart = new Chart(new App(), 'test');
    new HorizontalPodAutoscalerV2(chart, 'Hpa', {
      target: ScaleTarget.fromReference({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'checkout' }),
      minReplicas: 2,
      maxReplicas: 3,
    });
    expect(hpaOf(chart).spec.scaleTargetRef).toEqual({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', name: 'checkout' });
  });

  test.each<[string, (hpa: HorizontalPodAutoscalerV2, chart: Chart) => void]>([
    ['every option, labels and rule levels', (hpa, chart) => {
      hpa.addMetric(Metric.external({ name: 'queue', target: MetricTarget.averageValue('500m'), fallback: ExternalFallback.replicas(4) }));
      hpa.metadata.addLabel('team', 'a');
      hpa.metadata.addAnnotation('note', '');
      RuleLevels.applyTo(chart, { HPA404: RuleLevel.OFF });
    }],
    ['a JSON patch', hpa => ApiObject.of(hpa).addJsonPatch(JsonPatch.add('/spec/minReplicas', 3))],
    ['a Lazy label', hpa => hpa.metadata.addLabel('built', { resolve: () => 'lazily' } as any)],
    ['an attribute that is an empty object', hpa => hpa.metadata.add('extra', { a: {}, b: [] })],
    ['every metric source, with selectors whose keys are not in order', hpa => {
      const selector = kplus.LabelSelector.of({ labels: { zone: 'b', app: 'web' }, expressions: [kplus.LabelExpression.in('tier', ['z', 'a'])] });
      hpa.addMetric(Metric.resourceMemory(MetricTarget.averageValue('1Gi')));
      hpa.addMetric(Metric.containerResource({ resource: 'cpu', container: 'app', target: MetricTarget.averageUtilization(60) }));
      hpa.addMetric(Metric.pods({ name: 'rps', target: MetricTarget.averageValue(10), selector }));
      hpa.addMetric(Metric.object({ name: 'hits', describedObject: DescribedObject.fromReference({ apiVersion: 'v1', kind: 'Service', name: 'web' }), target: MetricTarget.value(100) }));
      hpa.addMetric(Metric.external({ name: 'queue', target: MetricTarget.value('2k'), selector, fallback: ExternalFallback.replicas(3) }));
    }],
    ['a token in a selector', hpa => {
      hpa.addMetric(Metric.external({ name: 'queue', target: MetricTarget.value(5), selector: kplus.LabelSelector.of({ labels: { queue: Lazy.any({ produce: () => 'orders' }) as any } }) }));
    }],
  ])('synth writes the HPA as cdk8s\'s resolver walk renders it: %s', (_name, change) => {
    const { chart, deployment } = setup();
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
      target: deployment,
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(70))],
      behavior: Behavior.of({ scaleDown: { policies: [ScalingPolicy.percent(50, Duration.minutes(1))] } }),
      cluster: ClusterProfile.of({ version: '1.36', featureGates: { HPAExternalMetricFallback: true } }),
    });
    change(hpa, chart);
    const apiObject = ApiObject.of(hpa);
    const walked = ApiObject.prototype.toJson.call(apiObject);
    expect(apiObject.toJson()).toStrictEqual(walked);
    expect(JSON.stringify(apiObject.toJson())).toBe(JSON.stringify(walked));
  });

  test('an app\'s own resolvers and CDK8S_DISABLE_SORT are honored as cdk8s honors them', () => {
    const upper: IResolver = { resolve: context => { if (context.value === 'queue') context.replaceValue('QUEUE'); } };
    const chart = new Chart(new App({ resolvers: [upper] }), 'test');
    const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
      target: ScaleTarget.fromReference({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }),
      maxReplicas: 5,
      metrics: [Metric.external({ name: 'queue', target: MetricTarget.value(5), selector: kplus.LabelSelector.of({ labels: { b: '1', a: '2' } }) })],
    });
    const apiObject = ApiObject.of(hpa);
    expect(apiObject.toJson().spec.metrics[0].external.metric.name).toBe('QUEUE');
    const sorted = process.env.CDK8S_DISABLE_SORT;
    process.env.CDK8S_DISABLE_SORT = 'true';
    try {
      const unsorted = new Chart(new App(), 'test');
      const plain = ApiObject.of(new HorizontalPodAutoscalerV2(unsorted, 'Hpa', {
        target: ScaleTarget.fromReference({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }),
        maxReplicas: 5,
        metrics: [Metric.external({ name: 'queue', target: MetricTarget.value(5), selector: kplus.LabelSelector.of({ labels: { b: '1', a: '2' } }) })],
      }));
      expect(JSON.stringify(plain.toJson())).toBe(JSON.stringify(ApiObject.prototype.toJson.call(plain)));
      expect(Object.keys(plain.toJson().spec.metrics[0].external.metric.selector.matchLabels)).toEqual(['b', 'a']);
    } finally {
      if (sorted === undefined) delete process.env.CDK8S_DISABLE_SORT; else process.env.CDK8S_DISABLE_SORT = sorted;
    }
  });

  test('rendering is deterministic', () => {
    const build = () => {
      const { app, chart, deployment } = setup();
      new HorizontalPodAutoscalerV2(chart, 'Hpa', {
        target: deployment,
        minReplicas: 2,
        maxReplicas: 4,
        metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(50))],
        behavior: Behavior.of({ scaleDown: { policies: [ScalingPolicy.percent(10, Duration.minutes(1))] } }),
      });
      return app.synthYaml();
    };
    expect(build()).toEqual(build());
  });

  describe('synth-time validation', () => {
    test('fails when a user makes three mistakes: all three are reported at once, with path, value and fix', () => {
      const { app, chart, deployment } = setup();
      new HorizontalPodAutoscalerV2(chart, 'Hpa', {
        target: deployment,
        minReplicas: 2,
        maxReplicas: 0,
        metrics: [Metric.pods({ name: 'rps', target: MetricTarget.averageUtilization(80) })],
        behavior: Behavior.of({ scaleUp: { policies: [ScalingPolicy.pods(4, Duration.hours(1))] } }),
      });
      let message = '';
      try {
        app.synthYaml();
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message.split('\n').slice(1).map(l => l.trim())).toEqual([
        '[test/Hpa] spec.maxReplicas: Required value: must be set and greater than 0 [HPA102] (fix: set maxReplicas to the most replicas the workload may have)',
        '[test/Hpa] spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas` [HPA103] (fix: raise maxReplicas to at least 2, or lower minReplicas)',
        '[test/Hpa] spec.metrics[0].pods.target.averageValue: Required value: must specify a positive target averageValue [HPA117] (fix: set target.averageValue: Pods metrics take a per-pod average (MetricTarget.averageValue()))',
        '[test/Hpa] spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 3600: must be less than or equal to 1800 [HPA123] (fix: use a period of at most 1800s)',
      ]);
    });

    test('reports the problems of every HPA in the app together', () => {
      const { app, chart, deployment } = setup();
      const other = new kplus.Deployment(chart, 'other', { containers: [{ image: 'x', name: 'x' }] });
      new HorizontalPodAutoscalerV2(chart, 'A', { target: deployment, minReplicas: 2, maxReplicas: -1 });
      new HorizontalPodAutoscalerV2(chart, 'B', { target: other, minReplicas: 2, maxReplicas: 3, metrics: [Metric.resource('', MetricTarget.averageUtilization(50))] });
      expect(() => app.synthYaml()).toThrow(/\[test\/A\] spec\.maxReplicas: Invalid value: -1: must be greater than or equal to 1 \[HPA102\][\s\S]*\[test\/B\] spec\.metrics\[0\]\.resource\.name: Required value: must specify a resource name \[HPA113\]/);
    });

    test('checks the target: a Utilization metric needs a request in every container, naming the container', () => {
      const { app, chart } = setup();
      const d = new kplus.Deployment(chart, 'd', {
        containers: [
          { name: 'app', image: 'a', resources: { cpu: { request: kplus.Cpu.millis(100) } } },
          { name: 'proxy', image: 'p', resources: {} },
        ],
      });
      const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
        target: d,
        minReplicas: 2,
        maxReplicas: 4,
        metrics: [
          Metric.resourceCpu(MetricTarget.averageUtilization(60)),
          Metric.containerResource({ container: 'sidecar', resource: 'cpu', target: MetricTarget.averageUtilization(60) }),
        ],
      });
      expect(hpa.validateHpa().map(i => [i.ruleId, i.path, i.message])).toEqual([
        ['HPA301', 'spec.metrics[0].resource.target.averageUtilization', expect.stringContaining('container "proxy" of Deployment/')],
        ['HPA302', 'spec.metrics[1].containerResource.container', expect.stringContaining('has no container named "sidecar" (it has "app", "proxy")')],
      ]);
      expect(() => app.synthYaml()).toThrow(/HPA301[\s\S]*HPA302/);
    });

    test('reads the target\'s pod template with its JSON patches: a container added by patch is checked and may be named', () => {
      const { app, chart } = setup();
      const d = new kplus.Deployment(chart, 'd', {
        containers: [{ name: 'app', image: 'a', resources: { cpu: { request: kplus.Cpu.millis(100) } } }],
      });
      ApiObject.of(d).addJsonPatch(JsonPatch.add('/spec/template/spec/containers/-', { name: 'shipper', image: 's', resources: { requests: { memory: '64Mi' } } }));
      const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
        target: d,
        minReplicas: 2,
        maxReplicas: 4,
        metrics: [
          Metric.resourceCpu(MetricTarget.averageUtilization(60)),
          Metric.containerResource({ container: 'shipper', resource: 'memory', target: MetricTarget.averageValue('48Mi') }),
        ],
      });
      expect(hpa.validateHpa().map(i => [i.ruleId, i.path, i.message])).toEqual([
        ['HPA301', 'spec.metrics[0].resource.target.averageUtilization', expect.stringContaining('container "shipper" of Deployment/')],
      ]);
      expect(() => app.synthYaml()).toThrow(/HPA301/);
      ApiObject.of(d).addJsonPatch(JsonPatch.add('/spec/template/spec/containers/1/resources/requests/cpu', '50m'));
      expect(hpa.validateHpa()).toEqual([]);
    });

    test('a replicas added by JSON patch on the target is found where the patched manifest is read: the synth plugin and validate', () => {
      // The construct reads its target through cdk8s-plus's API and renders it only to confirm an
      // issue; the synthesized manifest holds the patch.
      const { app, chart } = setup();
      const d = new kplus.Deployment(chart, 'd', { containers: [{ name: 'app', image: 'a' }] });
      const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: d, minReplicas: 2, maxReplicas: 4 });
      ApiObject.of(d).addJsonPatch(JsonPatch.add('/spec/replicas', 3));
      expect(hpa.validateHpa()).toEqual([]);
      expect(HpaValidator.validateYaml(app.synthYaml()).map(i => [i.ruleId, i.message])).toEqual([
        ['HPA303', expect.stringContaining('the target fixes replicas: 3: every apply resets the replica count')],
      ]);
    });

    test('validates what synth writes, JSON patches on the L1 included', () => {
      const { chart, deployment } = setup();
      const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 4 });
      (hpa.node.findChild('Resource') as ApiObject).addJsonPatch(JsonPatch.replace('/spec/maxReplicas', 0));
      expect(hpa.validateHpa().map(i => [i.ruleId, i.path])).toEqual([['HPA102', 'spec.maxReplicas'], ['HPA103', 'spec.maxReplicas']]);
    });

    test('fails when a cdk8s-plus target sets replicas, which cdk8s-plus then silently leaves out', () => {
      const { app, chart } = setup();
      const d = new kplus.Deployment(chart, 'd', { replicas: 3, containers: [{ name: 'app', image: 'a' }] });
      const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: d, minReplicas: 2, maxReplicas: 4 });
      expect(hpa.validateHpa()).toEqual([expect.objectContaining({
        ruleId: 'HPA303',
        path: 'spec.scaleTargetRef',
        severity: Severity.ERROR,
        message: expect.stringMatching(/^Conflicts with the target: "Deployment\/test-d-c8.*": the target sets replicas: 3, which cdk8s-plus leaves out of the manifest while an HPA scales the workload: the value is silently ignored$/),
        fix: 'remove replicas from the workload; minReplicas sets the floor',
      })]);
      expect(ApiObject.of(d).toJson().spec.replicas).toBeUndefined();
      expect(() => app.synthYaml()).toThrow(/HPA303/);
    });

    test('fails on each of two HPAs on one target, naming the other (the controller refuses to scale either)', () => {
      const { chart, deployment } = setup();
      const first = new HorizontalPodAutoscalerV2(chart, 'First', { target: deployment, minReplicas: 2, maxReplicas: 4 });
      const second = new HorizontalPodAutoscalerV2(chart, 'Second', { target: deployment, minReplicas: 2, maxReplicas: 4 });
      expect(first.validateHpa()).toEqual([expect.objectContaining({ ruleId: 'HPA304', message: expect.stringContaining(`"${second.name}" (test/Second) also scales this target`) })]);
      expect(second.validateHpa()).toEqual([expect.objectContaining({ ruleId: 'HPA304', message: expect.stringContaining(`"${first.name}" (test/First) also scales this target`) })]);
    });

    test('an HPA without a namespace and one in "default" on one target are not taken for duplicates', () => {
      const app = new App();
      const applied = new Chart(app, 'applied');
      const named = new Chart(app, 'named', { namespace: 'default' });
      const target = () => ScaleTarget.fromReference({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' });
      const a = new HorizontalPodAutoscalerV2(applied, 'A', { target: target(), minReplicas: 2, maxReplicas: 4 });
      const b = new HorizontalPodAutoscalerV2(named, 'B', { target: target(), minReplicas: 2, maxReplicas: 4 });
      const c = new HorizontalPodAutoscalerV2(applied, 'C', { target: target(), minReplicas: 2, maxReplicas: 4 });
      expect([a, b, c].map(h => h.validateHpa().map(i => [i.ruleId, i.message]))).toEqual([
        [['HPA304', 'Conflicts with another HPA: "Deployment/web": HorizontalPodAutoscaler "applied-c-c825acc6" (applied/C) also scales this target: the controller sets ScalingActive=False (AmbiguousSelector: the pods are controlled by more than one HPA) on both, and neither scales']],
        [],
        [['HPA304', 'Conflicts with another HPA: "Deployment/web": HorizontalPodAutoscaler "applied-a-c888d7f9" (applied/A) also scales this target: the controller sets ScalingActive=False (AmbiguousSelector: the pods are controlled by more than one HPA) on both, and neither scales']],
      ]);
    });

    test('prints warnings once with their rule id, and synth succeeds', () => {
      const { app, chart, deployment } = setup();
      new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 3, maxReplicas: 3, ruleLevels: { HPA402: RuleLevel.ON } });
      app.synthYaml();
      app.synthYaml();
      expect(warn.mock.calls).toEqual([[expect.stringMatching(/^\[test\/Hpa\] warning: spec\.maxReplicas: Lint: 3: equals minReplicas: .* \[HPA402\]/)]]);
    });

    test('a cluster newer than the library\'s releases: a warning, then judged as the newest, and synth succeeds', () => {
      const { app, chart, deployment } = setup();
      ClusterProfile.of({ version: '1.39' }).applyTo(chart);
      // Scaling to zero with default gates: on by default in the newest release the library knows.
      const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
        target: deployment, minReplicas: 0, maxReplicas: 3, metrics: [Metric.external({ name: 'queue_depth', target: MetricTarget.averageValue(30) })],
      });
      expect(hpa.validateHpa().map(i => [i.ruleId, i.severity, i.path])).toEqual([['HPA156', Severity.WARNING, 'cluster.version']]);
      app.synthYaml();
      expect(warn.mock.calls).toEqual([[expect.stringMatching(/^\[test\/Hpa\] warning: cluster\.version: Warning: Kubernetes 1\.39 is judged as 1\.38, the newest release this cdk8s-hpa knows: .* \[HPA156\]/)]]);
    });

    test('lints that most working HPAs would trip (HPA402, HPA404) are off unless turned on', () => {
      const { app, chart, deployment } = setup();
      const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 1, maxReplicas: 1 });
      expect(hpa.validateHpa()).toEqual([]);
      app.synthYaml();
      expect(warn.mock.calls).toEqual([]);
    });

    test('ruleLevels turn a lint off or into an error', () => {
      const { app, chart, deployment } = setup();
      const off = new HorizontalPodAutoscalerV2(chart, 'Off', { target: deployment, maxReplicas: 3, ruleLevels: { HPA404: RuleLevel.OFF } });
      expect(off.validateHpa()).toEqual([]);
      const other = new kplus.Deployment(chart, 'other', { containers: [{ image: 'x', name: 'x' }] });
      const strict = new HorizontalPodAutoscalerV2(chart, 'Strict', { target: other, maxReplicas: 3, ruleLevels: { HPA404: RuleLevel.ERROR } });
      expect(strict.validateHpa()).toEqual([expect.objectContaining({ ruleId: 'HPA404', severity: Severity.ERROR })]);
      expect(() => app.synthYaml()).toThrow(/\[test\/Strict\] spec\.minReplicas: .*\[HPA404\]/);
    });

    test('fails when ruleLevels name an API-server rule or no rule at all', () => {
      const { chart, deployment } = setup();
      const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
        target: deployment, minReplicas: 2, maxReplicas: 3, ruleLevels: { HPA102: RuleLevel.OFF, HPA999: RuleLevel.OFF },
      });
      // Written into the annotation, as the command line and the plugin read them too.
      const annotation = 'metadata.annotations[cdk8s-hpa.io/rules]';
      expect(hpa.validateHpa().map(i => [i.ruleId, i.path, i.value])).toEqual([['HPA000', annotation, 'HPA102=off'], ['HPA000', annotation, 'HPA999=off']]);
    });

    test('uses the profile applied to a scope above, and the cluster prop overrides it', () => {
      const { chart, deployment } = setup();
      ClusterProfile.of({ version: '1.33' }).applyTo(chart);
      const tolerance = Behavior.of({ scaleUp: { tolerance: 0.05 } });
      const inherited = new HorizontalPodAutoscalerV2(chart, 'A', { target: deployment, minReplicas: 2, maxReplicas: 3, behavior: tolerance });
      expect(inherited.cluster.version).toBe('1.33');
      expect(inherited.validateHpa().map(i => i.ruleId)).toEqual(['HPA151']);
      const other = new kplus.Deployment(chart, 'other', { containers: [{ image: 'x', name: 'x' }] });
      const own = new HorizontalPodAutoscalerV2(chart, 'B', {
        target: other, minReplicas: 2, maxReplicas: 3, behavior: tolerance, cluster: ClusterProfile.of({ version: '1.35' }),
      });
      expect(own.validateHpa()).toEqual([]);
    });

    test('scale to zero with external fallback is accepted once the cluster declares both gates', () => {
      const { chart, deployment } = setup();
      const hpa = new HorizontalPodAutoscalerV2(chart, 'Hpa', {
        target: deployment,
        minReplicas: 0,
        maxReplicas: 10,
        metrics: [Metric.external({ name: 'queue', target: MetricTarget.averageValue(5), fallback: ExternalFallback.replicas(3) })],
      });
      // On 1.37 (the default) HPAScaleToZero is on: only the fallback's gate is missing, and a
      // warning that minReplicas: 0 passes only because no version is declared (HPA157).
      expect(hpa.validateHpa().map(i => i.ruleId)).toEqual(['HPA157', 'HPA152']);
      ClusterProfile.of({ version: '1.37', featureGates: { HPAScaleToZero: true, HPAExternalMetricFallback: true } }).applyTo(chart);
      expect(hpa.validateHpa()).toEqual([]);
    });
  });
});

describe('validation passes of a synth', () => {
  // cdk8s validates the app once, then again for each chart it renders.
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  test('an HPA whose inputs are unchanged is checked by the engine once, however often cdk8s validates it', () => {
    const engine = jest.spyOn(engineModule, 'validateManifest');
    const { app, chart, deployment } = setup();
    new Chart(app, 'other');
    new HorizontalPodAutoscalerV2(chart, 'Hpa', { target: deployment, minReplicas: 3, maxReplicas: 3, ruleLevels: { HPA402: RuleLevel.ON } });
    app.synthYaml();
    app.synthYaml();
    expect(engine).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test.each<[string, (s: ReturnType<typeof setup> & { hpa: HorizontalPodAutoscalerV2 }) => void, RegExp]>([
    ['a metric added', ({ hpa }) => hpa.addMetric(Metric.resourceMemory(MetricTarget.averageUtilization(80))), /HPA301/],
    ['a label added to the L1', ({ hpa }) => (hpa.node.findChild('Resource') as ApiObject).metadata.addLabel('bad', 'no spaces allowed'), /HPA105/],
    ['a JSON patch on the L1', ({ hpa }) => (hpa.node.findChild('Resource') as ApiObject).addJsonPatch(JsonPatch.replace('/spec/maxReplicas', 0)), /HPA103/],
    ['a container added to the target', ({ deployment }) => deployment.addContainer({ name: 'sidecar', image: 'x', resources: { memory: { request: Size.mebibytes(64) } } }), /HPA301/],
    ['rule levels applied to the chart', ({ chart }) => RuleLevels.applyTo(chart, { HPA402: RuleLevel.ERROR }), /HPA402/],
    ['a profile applied to the chart', ({ chart }) => ClusterProfile.of({ version: '1.22' }).applyTo(chart), /HPA154/],
    ['a value object changed after construction', ({ hpa }) => (hpa.behavior as any).scaleUp.policies.push(ScalingPolicy.pods(0, Duration.seconds(15))), /HPA1/],
  ])('an HPA is checked again after %s', (_name, change, error) => {
    const s = setup();
    const hpa = new HorizontalPodAutoscalerV2(s.chart, 'Hpa', {
      target: s.deployment,
      minReplicas: 2,
      maxReplicas: 2,
      metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(80))],
      behavior: Behavior.of({ scaleUp: { policies: [ScalingPolicy.pods(2, Duration.seconds(15))] } }),
    });
    expect(() => s.app.synthYaml()).not.toThrow();
    change({ ...s, hpa });
    expect(() => s.app.synthYaml()).toThrow(error);
  });

  test('a subclass\'s validateHpa() decides the errors, as before', () => {
    class Strict extends HorizontalPodAutoscalerV2 {
      public validateHpa() {
        return [...super.validateHpa(), { ruleId: 'HPA999', severity: Severity.ERROR, path: 'spec', message: 'no', value: undefined } as any];
      }
    }
    const { app, chart, deployment } = setup();
    new Strict(chart, 'Hpa', { target: deployment, minReplicas: 2, maxReplicas: 3 });
    expect(() => app.synthYaml()).toThrow(/\[test\/Hpa\] spec: no/);
  });
});

describe('a missing target (from untyped callers)', () => {
  test('is one issue that names the prop, at synth, not a crash', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {}); // the lints of these HPAs
    const app = Testing.app();
    const chart = new Chart(app, 'c');
    new HorizontalPodAutoscalerV2(chart, 'A', { maxReplicas: 3, minReplicas: 2 } as any);
    new HorizontalPodAutoscalerV2(chart, 'B', undefined as any);
    const errors = HpaValidator.validateApp(app).filter(i => i.severity === Severity.ERROR);
    expect(errors.map(i => [i.constructPath, i.ruleId, i.path])).toEqual([
      ['c/A', 'HPA106', 'spec.scaleTargetRef'],
      ['c/B', 'HPA102', 'spec.maxReplicas'],
      ['c/B', 'HPA103', 'spec.maxReplicas'],
      ['c/B', 'HPA106', 'spec.scaleTargetRef'],
    ]);
    expect(HpaValidator.format(errors[0])).toBe('spec.scaleTargetRef: Required value: the target prop is not set [HPA106] '
      + '(fix: set target to the workload to scale: a cdk8s-plus Deployment or StatefulSet, or ScaleTarget.fromReference({ apiVersion, kind, name }))');
    expect(() => app.synth()).toThrow(/\[c\/A\] spec\.scaleTargetRef: Required value: the target prop is not set/);
    jest.restoreAllMocks();
  });
});
