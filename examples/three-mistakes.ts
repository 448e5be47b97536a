/**
 * The README's multi-error report: one HPA with three mistakes. `buildThreeMistakes().synth()`
 * throws with all three; test/readme.test.ts checks that the README shows that real output.
 */
import { App, Chart, Duration } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Behavior, HorizontalPodAutoscalerV2, Metric, MetricTarget, ScalingPolicy } from '../src';

export function buildThreeMistakes(): App {
  const app = new App();
  const chart = new Chart(app, 'shop');
  const api = new kplus.Deployment(chart, 'Api', {
    containers: [
      { name: 'api', image: 'shop/api', resources: { cpu: { request: kplus.Cpu.millis(500) } } },
      { name: 'envoy', image: 'envoyproxy/envoy', resources: {} },
    ],
  });
  new HorizontalPodAutoscalerV2(chart, 'ApiHpa', {
    target: api,
    minReplicas: 2,
    maxReplicas: 1,
    metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(70))],
    behavior: Behavior.of({
      scaleDown: { policies: [ScalingPolicy.percent(10, Duration.hours(1))] },
    }),
  });
  return app;
}
