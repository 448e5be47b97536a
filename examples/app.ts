/**
 * The example app: three user stories, one chart each.
 *
 * `npm run example` synthesizes it and prints the YAML; test/examples.test.ts checks that YAML.
 */
import { App, Chart, Duration, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import {
  Behavior, ClusterProfile, ExternalFallback, HorizontalPodAutoscalerV2, Metric, MetricTarget, ScalingPolicy, SelectPolicy,
} from '../src';

/** The clusters these charts are for: 1.36 with scale to zero and external-metric fallback turned on. */
const CLUSTER = ClusterProfile.of({
  version: '1.36',
  featureGates: { HPAScaleToZero: true, HPAExternalMetricFallback: true },
});

function workload(scope: Construct, id: string, cpu: number, memoryMebibytes: number): kplus.Deployment {
  return new kplus.Deployment(scope, id, {
    metadata: { name: id },
    containers: [{
      name: 'app',
      image: `registry.example.com/${id}:1.0.0`,
      resources: {
        cpu: { request: kplus.Cpu.millis(cpu) },
        memory: { request: Size.mebibytes(memoryMebibytes) },
      },
    }],
  });
}

/**
 * A queue worker that scales to zero when its queue is empty (KEP-2021) and falls back to 10
 * workers when the external metrics provider is down for 3 minutes.
 */
export class QueueWorkerChart extends Chart {
  constructor(scope: Construct, id: string) {
    super(scope, id, { namespace: 'jobs' });
    const worker = workload(this, 'queue-worker', 500, 256);
    new HorizontalPodAutoscalerV2(this, 'Hpa', {
      metadata: { name: 'queue-worker' },
      target: worker,
      minReplicas: 0,
      maxReplicas: 20,
      metrics: [
        Metric.external({
          name: 'queue_depth',
          selector: kplus.LabelSelector.of({ labels: { queue: 'worker_tasks' } }),
          target: MetricTarget.averageValue(30),
          fallback: ExternalFallback.replicas(10, { failureDuration: Duration.minutes(3) }),
        }),
      ],
      behavior: Behavior.of({
        scaleDown: { stabilizationWindow: Duration.minutes(10), policies: [ScalingPolicy.percent(50, Duration.minutes(1))] },
      }),
    });
  }
}

/**
 * An e-commerce checkout service on two external metrics, each with its own fallback: the
 * highest proposal wins, so losing one provider never scales the service below what the other
 * asks for.
 */
export class CheckoutChart extends Chart {
  constructor(scope: Construct, id: string) {
    super(scope, id, { namespace: 'shop' });
    const checkout = workload(this, 'checkout', 250, 512);
    new HorizontalPodAutoscalerV2(this, 'Hpa', {
      metadata: { name: 'checkout' },
      target: checkout,
      minReplicas: 3,
      maxReplicas: 30,
      metrics: [
        Metric.external({
          name: 'orders_per_second',
          selector: kplus.LabelSelector.of({ labels: { service: 'checkout' } }),
          target: MetricTarget.averageValue(50),
          fallback: ExternalFallback.replicas(12),
        }),
        Metric.external({
          name: 'payment_queue_depth',
          target: MetricTarget.value(200),
          fallback: ExternalFallback.replicas(6, { failureDuration: Duration.minutes(5) }),
        }),
      ],
    });
  }
}

/** A web API on CPU utilization, quick to scale up and slow to scale down. */
export class WebApiChart extends Chart {
  constructor(scope: Construct, id: string) {
    super(scope, id, { namespace: 'web' });
    const api = workload(this, 'web-api', 1000, 1024);
    new HorizontalPodAutoscalerV2(this, 'Hpa', {
      metadata: { name: 'web-api' },
      target: api,
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [Metric.resourceCpu(MetricTarget.averageUtilization(70))],
      behavior: Behavior.of({
        scaleUp: {
          stabilizationWindow: Duration.seconds(0),
          policies: [ScalingPolicy.pods(4, Duration.seconds(15)), ScalingPolicy.percent(100, Duration.seconds(15))],
          selectPolicy: SelectPolicy.MAX,
          tolerance: 0.05,
        },
        scaleDown: {
          stabilizationWindow: Duration.minutes(5),
          policies: [ScalingPolicy.percent(10, Duration.minutes(1))],
          selectPolicy: SelectPolicy.MIN,
        },
      }),
    });
  }
}

/** The whole example app, with the cluster profile applied once at the top. */
export function buildExampleApp(): App {
  const app = new App();
  CLUSTER.applyTo(app);
  new QueueWorkerChart(app, 'queue-worker');
  new CheckoutChart(app, 'checkout');
  new WebApiChart(app, 'web-api');
  return app;
}
