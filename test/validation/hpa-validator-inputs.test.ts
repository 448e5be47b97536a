import { App, Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { ClusterProfile, HorizontalPodAutoscalerV2, HpaValidator, Metric, MetricTarget } from '../../src';

const TWO_ERRORS = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 2
  maxReplicas: 0
`;

describe('HpaValidator.validateYaml', () => {
  test('reports the issues of a YAML manifest with the line and column of the field', () => {
    const issues = HpaValidator.validateYaml(TWO_ERRORS, { cluster: ClusterProfile.of({ version: '1.35' }) });
    expect(issues.map(i => [i.ruleId, i.path, i.line, i.column])).toEqual([
      ['HPA102', 'spec.maxReplicas', 11, 3],
      ['HPA103', 'spec.maxReplicas', 11, 3],
    ]);
    expect(issues[0]).not.toHaveProperty('file');
    expect(issues[0]).not.toHaveProperty('object');
  });

  test('gives the same issues as validate() on the same object', () => {
    const fromText = HpaValidator.validateYaml(TWO_ERRORS);
    const fromObject = HpaValidator.validate({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 0 },
    });
    expect(fromText.map(({ line, column, ...rest }) => rest)).toEqual(fromObject);
  });

  test('reads JSON, several documents, and reports syntax errors as YAML issues', () => {
    const json = JSON.stringify({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'a' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'a' }, maxReplicas: 3 } });
    expect(HpaValidator.validateYaml(json).filter(i => i.severity === 'error')).toEqual([]);
    const issues = HpaValidator.validateYaml(`${TWO_ERRORS}---\nkind: [unclosed\n`);
    // In the order of the text, as the command line prints them.
    expect(issues.map(i => i.ruleId)).toEqual(['HPA102', 'HPA103', 'YAML']);
    expect(issues[2].line).toBe(14);
  });

  test('refuses a value that is not text with a clear error', () => {
    expect(() => HpaValidator.validateYaml({ kind: 'HorizontalPodAutoscaler' } as any)).toThrow(/text must be a string of YAML or JSON, got object/);
  });
});

describe('HpaValidator.validateApp and validateChart', () => {
  function appWithTwoHpas(): { app: App; good: Chart; bad: Chart } {
    const app = Testing.app();
    const good = new Chart(app, 'good');
    const bad = new Chart(app, 'bad');
    for (const chart of [good, bad]) {
      const d = new kplus.Deployment(chart, 'Api', { containers: [{ image: 'api', resources: { cpu: { request: kplus.Cpu.millis(100) } } }] });
      new HorizontalPodAutoscalerV2(chart, 'Hpa', {
        target: d, minReplicas: 2, maxReplicas: chart === bad ? 0 : 5, metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(70))],
      });
    }
    return { app, good, bad };
  }

  test('collects every HPA issue of an app with its construct path', () => {
    const { app } = appWithTwoHpas();
    const errors = HpaValidator.validateApp(app).filter(i => i.severity === 'error');
    expect(errors.map(i => [i.constructPath, i.ruleId])).toEqual([['bad/Hpa', 'HPA102'], ['bad/Hpa', 'HPA103']]);
  });

  test('a chart gives only its own HPAs', () => {
    const { good, bad } = appWithTwoHpas();
    expect(HpaValidator.validateChart(good).filter(i => i.severity === 'error')).toEqual([]);
    expect(HpaValidator.validateChart(bad).filter(i => i.severity === 'error')).toHaveLength(2);
  });

  test('refuses what is not a construct with a clear error', () => {
    expect(() => HpaValidator.validateApp({} as any)).toThrow(/expected a construct/);
  });
});

describe('HpaValidator.format', () => {
  const issue = HpaValidator.validateYaml(TWO_ERRORS, { cluster: ClusterProfile.of({ version: '1.35' }) })[0];
  test('ends with the fix unless told not to', () => {
    expect(HpaValidator.format(issue)).toBe('spec.maxReplicas: Invalid value: 0: must be greater than 0 [HPA102] (fix: set maxReplicas to the most replicas the workload may have)');
    expect(HpaValidator.format(issue, { withFix: false })).toBe('spec.maxReplicas: Invalid value: 0: must be greater than 0 [HPA102]');
  });
});

describe('HpaValidator.validate on an object with no fields', () => {
  test('is one issue that says how to pass a manifest, not one per missing field', () => {
    const issues = HpaValidator.validate({});
    expect(issues.map(i => [i.ruleId, i.path])).toEqual([['HPA100', '<root>']]);
    expect(HpaValidator.format(issues[0])).toMatch(/^<root>: Required value: the manifest has no fields \[HPA100\] \(fix: .*map\[string\]interface\{\}.*validateYaml\)$/);
  });

  test('still reports a bad cluster profile', () => {
    const issues = HpaValidator.validate({}, { cluster: ClusterProfile.of({ version: '0.1' }) });
    expect(issues.map(i => i.ruleId)).toEqual(['HPA100', 'HPA154']);
  });
});

describe('HpaValidator.validate on a Go map[interface{}]interface{}', () => {
  test('is one issue at the map whose keys are not strings, with how to pass the manifest', () => {
    // What jsii-runtime-go sends for map[interface{}]interface{}{"spec": map[interface{}]interface{}{...}}.
    const issues = HpaValidator.validate({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', spec: { '<interface {} Value>': 3 } });
    expect(issues.map(i => [i.ruleId, i.path])).toEqual([['HPA100', 'spec']]);
    expect(issues[0].message).toBe('Invalid value: "<interface {} Value>": the keys of this map are not strings (a Go map[interface{}]interface{}, as gopkg.in/yaml.v2 decodes)');
    expect(issues[0].fix).toMatch(/map\[string\]interface\{\}.*validateYaml/);
    expect(HpaValidator.validate({ '<interface {} Value>': 'x' }).map(i => i.path)).toEqual(['<root>']);
  });
});

describe("names of Object.prototype's members in a manifest are only text", () => {
  const manifest = (mutate: (m: any) => void) => {
    const m: any = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        maxReplicas: 3,
        metrics: [{ type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '10' } } }],
      },
    };
    mutate(m);
    return m;
  };
  const issues = (mutate: (m: any) => void) => HpaValidator.validate(manifest(mutate), { cluster: ClusterProfile.of({ version: '1.36' }) })
    .map(i => [i.ruleId, i.path, i.message]);

  test.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])('%s as a metric type, a target type or an apiVersion is unsupported', name => {
    expect(issues(m => { m.spec.metrics[0].type = name; })).toEqual([
      ['HPA109', 'spec.metrics[0].type', `Unsupported value: "${name}": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"`],
    ]);
    expect(issues(m => { m.spec.metrics[0].external.target.type = name; })).toEqual([
      ['HPA115', 'spec.metrics[0].external.target.type', `Invalid value: "${name}": must be either Utilization, Value, or AverageValue`],
    ]);
    expect(issues(m => { m.apiVersion = name; })).toEqual([
      ['HPA100', 'apiVersion', `Unsupported value: "${name}": supported values: "autoscaling/v2", "autoscaling/v1"`],
    ]);
  });

  test('as the unit of a duration, an invalid duration as any unknown unit is', () => {
    const cluster = ClusterProfile.of({ version: '1.37', featureGates: { HPAExternalMetricFallback: true } });
    const withUnit = (unit: string) => HpaValidator.validate(manifest(m => {
      m.spec.metrics[0].external.fallback = { failureDuration: `1${unit}`, replicas: 2 };
    }), { cluster }).map(i => [i.ruleId, i.path, i.message]);
    expect(withUnit('toString')).toEqual([
      ['HPA127', 'spec.metrics[0].external.fallback.failureDuration', 'Invalid value: "1toString": must be a duration such as "3m", "90s" or "1h30m"'],
    ]);
    expect(withUnit('constructor')).toEqual(withUnit('x').map(([r, p, msg]) => [r, p, msg.replace('"1x"', '"1constructor"')]));
  });
});
