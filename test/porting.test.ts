/** docs/construct.md "Porting from cdk8s-plus": the behavior it shows is the one cdk8s-plus-27 renders by default. */
import { readFileSync } from 'fs';
import { join } from 'path';
import { Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Behavior, HorizontalPodAutoscalerV2, Metric, MetricTarget, ScalingPolicy, SelectPolicy } from '../src';

function hpaSpec(build: (chart: any, deployment: kplus.Deployment) => void): any {
  const chart = Testing.chart();
  const deployment = new kplus.Deployment(chart, 'Api', {
    containers: [{ image: 'shop/api', resources: { cpu: { request: kplus.Cpu.millis(500) } } }],
  });
  build(chart, deployment);
  return Testing.synth(chart).find(o => o.kind === 'HorizontalPodAutoscaler').spec;
}

test('the ported behavior renders exactly what cdk8s-plus-27 renders by default', () => {
  const minReplicas = 2;
  const plus = hpaSpec((chart, deployment) => new kplus.HorizontalPodAutoscaler(chart, 'ApiHpa', {
    target: deployment,
    minReplicas,
    maxReplicas: 10,
    metrics: [kplus.Metric.resourceCpu(kplus.MetricTarget.averageUtilization(70))],
  }));
  const ours = hpaSpec((chart, deployment) => new HorizontalPodAutoscalerV2(chart, 'ApiHpa', {
    target: deployment,
    minReplicas,
    maxReplicas: 10,
    metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(70))],
    behavior: Behavior.of({
      scaleUp: {
        selectPolicy: SelectPolicy.MAX,
        stabilizationWindow: Duration.seconds(0),
        policies: [ScalingPolicy.pods(4, Duration.minutes(1)), ScalingPolicy.percent(200, Duration.minutes(1))],
      },
      scaleDown: {
        selectPolicy: SelectPolicy.MAX,
        stabilizationWindow: Duration.minutes(5),
        policies: [ScalingPolicy.pods(minReplicas, Duration.minutes(5))],
      },
    }),
  }));
  expect(ours.behavior).toEqual(plus.behavior);
  expect(ours.metrics).toEqual(plus.metrics);
  expect(ours.minReplicas).toEqual(plus.minReplicas);
});

test('without a behavior, cdk8s-hpa renders none (the API server defaults apply) where cdk8s-plus-27 renders its own', () => {
  const plus = hpaSpec((chart, deployment) => new kplus.HorizontalPodAutoscaler(chart, 'ApiHpa', { target: deployment, maxReplicas: 10 }));
  const ours = hpaSpec((chart, deployment) => new HorizontalPodAutoscalerV2(chart, 'ApiHpa', { target: deployment, maxReplicas: 10 }));
  expect(plus.behavior.scaleDown.policies).toEqual([{ type: 'Pods', value: 1, periodSeconds: 300 }]);
  expect(plus.minReplicas).toBe(1);
  expect(ours.behavior).toBeUndefined();
  expect(ours.minReplicas).toBeUndefined();
});

test('docs/construct.md shows the same ported behavior', () => {
  const page = readFileSync(join(__dirname, '..', 'docs', 'construct.md'), 'utf8');
  expect(page).toContain('policies: [ScalingPolicy.pods(4, Duration.minutes(1)), ScalingPolicy.percent(200, Duration.minutes(1))],');
  expect(page).toContain('policies: [ScalingPolicy.pods(minReplicas, Duration.minutes(5))],');
});
