/**
 * The recommendation as construct code: docs/tune.md shows, for a manifest with every field the
 * code covers, the program in each language; each holds the code `constructCode` writes. The docs
 * test runs the TypeScript and compares what it synthesizes with the manifest below it; the
 * bindings run compiles the Python, Java and Go, and runs the Python, which prints the manifest.
 */
import * as yaml from 'js-yaml';
import { constructCode } from '../../src/tuning/construct-code';
import { fencedBlocks, readDoc } from '../docs-examples';

const PAGE = fencedBlocks(readDoc('docs/tune.md'));
const SECTION = PAGE.slice(PAGE.findIndex(b => b.lang === 'ts' && b.code.includes("new Chart(app, 'tuned')")));
const MANIFEST = yaml.load(SECTION.find(b => b.lang === 'yaml')!.code) as any;

const indented = (code: string, by: string) => code.trimEnd().split('\n').map(l => (l ? by + l : l)).join('\n');

describe('constructCode', () => {
  test('the page\'s manifest has every field the code writes', () => {
    const spec = MANIFEST.spec;
    expect(spec.metrics.map((m: any) => m.type)).toEqual(['Resource', 'Resource', 'Resource', 'ContainerResource', 'Pods', 'Object', 'External']);
    expect(Object.keys(spec.behavior.scaleUp).sort()).toEqual(['policies', 'selectPolicy', 'stabilizationWindowSeconds', 'tolerance']);
    expect(Object.keys(MANIFEST.metadata).sort()).toEqual(['annotations', 'labels', 'name', 'namespace']);
    expect(MANIFEST.metadata.annotations).toEqual({ 'cdk8s-hpa.io/cluster': 'version=1.37' });
  });

  test.each([
    ['typescript', 'ts', ''],
    ['python', 'python', ''],
    ['java', 'java', '        '],
    ['go', 'go', '\t'],
  ] as const)('docs/tune.md\'s %s program holds the code written for its manifest', (language, fence, by) => {
    expect(SECTION.find(b => b.lang === fence)!.code).toContain(indented(constructCode(MANIFEST, language), by));
  });

  test('a fallback with its duration, in each language\'s conventions', () => {
    const hpa = {
      metadata: { name: 'worker' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'worker' },
        maxReplicas: 10,
        metrics: [{ type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: 100 }, fallback: { replicas: 6, failureDuration: '1m30s' } } }],
      },
    };
    expect(constructCode(hpa, 'typescript')).toContain('fallback: ExternalFallback.replicas(6, { failureDuration: Duration.seconds(90) }),\n');
    expect(constructCode(hpa, 'python')).toContain('fallback=ExternalFallback.replicas(6, failure_duration=Duration.seconds(90)),\n');
    expect(constructCode(hpa, 'java')).toContain('.fallback(ExternalFallback.replicas(6, ExternalFallbackOptions.builder()\n');
    expect(constructCode(hpa, 'go')).toContain('Fallback: cdk8shpa.ExternalFallback_Replicas(jsii.Number(6), &cdk8shpa.ExternalFallbackOptions{FailureDuration: cdk8s.Duration_Seconds(jsii.Number(90))}),\n');
    // Without a duration, no options at all.
    const external = { ...hpa.spec.metrics[0].external, fallback: { replicas: 6 } };
    const plain = { ...hpa, spec: { ...hpa.spec, metrics: [{ type: 'External', external }] } };
    expect(constructCode(plain, 'typescript')).toContain('fallback: ExternalFallback.replicas(6) })');
  });

  test('the cluster annotation is the construct\'s cluster, with its gates; other annotations stay annotations', () => {
    const hpa = {
      metadata: { name: 'w', annotations: { 'cdk8s-hpa.io/cluster': 'version=1.36,HPAScaleToZero=true', 'team': 'a' } },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'w' }, maxReplicas: 2, metrics: [] },
    };
    const code = constructCode(hpa);
    expect(code).toContain("metadata: { name: 'w', annotations: { team: 'a' } },\n");
    expect(code).toContain("cluster: ClusterProfile.of({ version: '1.36', featureGates: { HPAScaleToZero: true } }),\n");
    expect(constructCode(hpa, 'go')).toContain('FeatureGates: &map[string]*bool{"HPAScaleToZero": jsii.Bool(true)}');
    expect(constructCode(hpa, 'python')).toContain('feature_gates={"HPAScaleToZero": True}');
  });

  test('a selector operator the code cannot write is an error naming it', () => {
    const hpa = { metadata: { name: 'x' }, spec: { maxReplicas: 2, metrics: [{ type: 'Pods', pods: { metric: { name: 'a', selector: { matchExpressions: [{ key: 'k', operator: 'Gt' }] } }, target: { type: 'AverageValue', averageValue: 1 } } }] } };
    expect(() => constructCode(hpa)).toThrow('constructCode: matchExpressions operator "Gt" is not In, NotIn, Exists or DoesNotExist');
  });
});
