import { ApiObject, App, Chart, Duration } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as fc from 'fast-check';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import {
  Behavior, ClusterProfile, DescribedObject, ExternalFallback, HorizontalPodAutoscalerV2, HpaValidator, Metric, MetricTarget, ScalingPolicy,
  ScalingRules, SelectPolicy, Severity,
} from '../../src';
import { RULES } from '../../src/validation/rule-catalog';

const VALID = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'web', namespace: 'prod' },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
    minReplicas: 2,
    maxReplicas: 10,
    metrics: [
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
      { type: 'External', external: { metric: { name: 'q', selector: { matchLabels: { a: 'b' } } }, target: { type: 'Value', value: '10' } } },
    ],
    behavior: { scaleUp: { policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }], selectPolicy: 'Max', tolerance: '0.1' } },
  },
};

/** A copy of `base` with the value at one random path replaced. */
const mutated = fc.tuple(fc.nat(), fc.oneof(fc.anything(), fc.jsonValue(), fc.constantFrom(NaN, Infinity, -1, 0, 2 ** 40, '', null, [], {})))
  .map(([seed, replacement]) => {
    const copy = JSON.parse(JSON.stringify(VALID));
    const paths: Array<[any, string | number]> = [];
    const walk = (node: any) => {
      if (node === null || typeof node !== 'object') return;
      for (const k of Object.keys(node)) {
        paths.push([node, Array.isArray(node) ? Number(k) : k]);
        walk(node[k]);
      }
    };
    walk(copy);
    const [parent, k] = paths[seed % paths.length];
    parent[k] = replacement;
    return copy;
  });

function wellFormed(issues: unknown): void {
  expect(Array.isArray(issues)).toBe(true);
  for (const issue of issues as any[]) {
    expect(Object.keys(RULES)).toContain(issue.ruleId);
    expect([Severity.ERROR, Severity.WARNING]).toContain(issue.severity);
    expect(typeof issue.path).toBe('string');
    expect(typeof issue.message).toBe('string');
  }
}

describe('validation properties', () => {
  test('the base manifest is valid (so mutations are what the properties exercise)', () => {
    expect(HpaValidator.validate(VALID).filter(i => i.severity === Severity.ERROR)).toEqual([]);
  });

  test('any JSON or JavaScript value never makes the validator throw', () => {
    fc.assert(fc.property(fc.oneof(fc.anything(), fc.jsonValue(), fc.object()), value => {
      wellFormed(HpaValidator.validate(value));
    }), { numRuns: 500 });
  });

  test('mutated manifests never make the validator throw, and are deterministic', () => {
    fc.assert(fc.property(mutated, manifest => {
      const first = HpaValidator.validate(manifest);
      wellFormed(first);
      expect(HpaValidator.validate(manifest)).toEqual(first);
    }), { numRuns: 1000 });
  });

  test('every version and gate combination validates without throwing', () => {
    const profile = fc.record({
      version: fc.constantFrom('1.23', '1.30', '1.33', '1.34', '1.35', '1.36', '1.37', 'x'),
      featureGates: fc.dictionary(
        fc.constantFrom('HPAScaleToZero', 'HPAConfigurableTolerance', 'HPAContainerMetrics', 'HPAExternalMetricFallback', 'Bogus'),
        fc.boolean(),
      ),
    });
    fc.assert(fc.property(mutated, profile, (manifest, p) => {
      wellFormed(HpaValidator.validate(manifest, { cluster: ClusterProfile.of(p) }));
    }), { numRuns: 300 });
  });
});

// ---- constructs rendered from random props ----

const quantity = fc.oneof(fc.integer({ min: -5, max: 5000 }), fc.constantFrom('500m', '1Gi', '0.01', '0', '-1', 'abc', '1e3', '10k'));
const target = fc.oneof(
  quantity.map(q => MetricTarget.value(q)),
  quantity.map(q => MetricTarget.averageValue(q)),
  fc.integer({ min: -1, max: 200 }).map(p => MetricTarget.averageUtilization(p)),
);
const name = fc.constantFrom('requests', 'queue_depth', 'a/b', '', '..', 'cpu', 'memory', 'foo');
const metric = fc.oneof(
  target.map(t => Metric.resourceCpu(t)),
  fc.tuple(name, target).map(([n, t]) => Metric.resource(n, t)),
  fc.tuple(fc.constantFrom('app', 'nope', 'Bad_Name', ''), fc.constantFrom('cpu', 'memory', 'pods', 'example.com/gpu'), target)
    .map(([container, resource, t]) => Metric.containerResource({ container, resource, target: t })),
  fc.tuple(name, target).map(([n, t]) => Metric.pods({ name: n, target: t })),
  fc.tuple(name, target).map(([n, t]) => Metric.object({
    name: n, target: t, describedObject: DescribedObject.fromReference({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' }),
  })),
  fc.tuple(name, target, fc.option(fc.integer({ min: -1, max: 30 }), { nil: undefined }))
    .map(([n, t, fb]) => Metric.external({ name: n, target: t, fallback: fb === undefined ? undefined : ExternalFallback.replicas(fb) })),
);
const seconds = fc.integer({ min: 0, max: 4000 });
const policy = fc.tuple(fc.boolean(), fc.integer({ min: -1, max: 200 }), fc.integer({ min: 1, max: 2000 }))
  .map(([pods, v, p]) => pods ? ScalingPolicy.pods(v, Duration.seconds(p)) : ScalingPolicy.percent(v, Duration.seconds(p)));
const rules: fc.Arbitrary<ScalingRules> = fc.record({
  stabilizationWindow: fc.option(seconds.map(s => Duration.seconds(s)), { nil: undefined }),
  policies: fc.option(fc.array(policy, { maxLength: 3 }), { nil: undefined }),
  selectPolicy: fc.option(fc.constantFrom(SelectPolicy.MAX, SelectPolicy.MIN, SelectPolicy.DISABLED), { nil: undefined }),
  tolerance: fc.option(fc.constantFrom(0, 0.05, 0.1, -0.1, 2), { nil: undefined }),
}, { requiredKeys: [] });
const props = fc.record({
  minReplicas: fc.option(fc.integer({ min: -1, max: 12 }), { nil: undefined }),
  maxReplicas: fc.integer({ min: -1, max: 25 }),
  metrics: fc.array(metric, { maxLength: 3 }),
  behavior: fc.option(fc.record({ scaleUp: fc.option(rules, { nil: undefined }), scaleDown: fc.option(rules, { nil: undefined }) })
    .map(b => Behavior.of(b)), { nil: undefined }),
});

describe('construct properties', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  test('any HPA the construct renders without errors also passes the autoscaling/v2 OpenAPI schema (kubernetes-models)', () => {
    let accepted = 0;
    fc.assert(fc.property(props, p => {
      const app = new App();
      const chart = new Chart(app, 'c');
      const deployment = new kplus.Deployment(chart, 'd', {
        containers: [{ name: 'app', image: 'x', resources: { cpu: { request: kplus.Cpu.millis(100) }, memory: { request: undefined } } }],
      });
      const hpa = new HorizontalPodAutoscalerV2(chart, 'hpa', { target: deployment, ...p });
      const issues = hpa.validateHpa();
      const apiObject = hpa.node.findChild('Resource') as ApiObject;
      const manifest = apiObject.toJson();
      // Rendering is deterministic, and validation too.
      expect(apiObject.toJson()).toEqual(manifest);
      expect(hpa.validateHpa()).toEqual(issues);
      if (issues.some(i => i.severity === Severity.ERROR)) {
        expect(() => app.synthYaml()).toThrow(/Validation failed/);
        return;
      }
      accepted++;
      expect(() => new HorizontalPodAutoscaler(manifest).validate()).not.toThrow();
      expect(() => app.synthYaml()).not.toThrow();
    }), { numRuns: 400 });
    // The generator must produce valid HPAs too, or the property proves nothing.
    expect(accepted).toBeGreaterThan(10);
  });
});
