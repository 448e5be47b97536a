import { buildExampleApp } from '../examples/app';

/** The example app's HPAs, by name, as `cdk8s synth` writes them (validation included). */
function synthesizedHpas() {
  const app = buildExampleApp();
  const yaml = app.synthYaml();
  const hpas = new Map<string, any>();
  for (const chart of app.charts) {
    for (const obj of chart.toJson()) {
      if (obj.kind === 'HorizontalPodAutoscaler') hpas.set(obj.metadata.name, obj);
    }
  }
  return { yaml, hpas };
}

describe('the example app', () => {
  test('the queue worker scales to zero on its queue, with a 10-replica fallback after 3 minutes', () => {
    expect(synthesizedHpas().hpas.get('queue-worker')).toEqual({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      // The app's cluster, for cdk8s-hpa validate and the synth plugin to judge it by.
      metadata: {
        name: 'queue-worker',
        namespace: 'jobs',
        annotations: { 'cdk8s-hpa.io/cluster': 'version=1.36,HPAScaleToZero=true,HPAExternalMetricFallback=true' },
      },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'queue-worker' },
        minReplicas: 0,
        maxReplicas: 20,
        metrics: [{
          type: 'External',
          external: {
            metric: { name: 'queue_depth', selector: { matchLabels: { queue: 'worker_tasks' } } },
            target: { type: 'AverageValue', averageValue: '30' },
            fallback: { failureDuration: '3m', replicas: 10 },
          },
        }],
        behavior: { scaleDown: { stabilizationWindowSeconds: 600, policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }] } },
      },
    });
  });

  test('the checkout service scales on two external metrics, each with its own fallback', () => {
    expect(synthesizedHpas().hpas.get('checkout').spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
      minReplicas: 3,
      maxReplicas: 30,
      metrics: [
        {
          type: 'External',
          external: {
            metric: { name: 'orders_per_second', selector: { matchLabels: { service: 'checkout' } } },
            target: { type: 'AverageValue', averageValue: '50' },
            fallback: { failureDuration: '3m', replicas: 12 },
          },
        },
        {
          type: 'External',
          external: {
            metric: { name: 'payment_queue_depth' },
            target: { type: 'Value', value: '200' },
            fallback: { failureDuration: '5m', replicas: 6 },
          },
        },
      ],
    });
  });

  test('the web API scales on CPU with a tuned behavior', () => {
    expect(synthesizedHpas().hpas.get('web-api').spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web-api' },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
      behavior: {
        scaleUp: {
          stabilizationWindowSeconds: 0,
          policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }],
          selectPolicy: 'Max',
          tolerance: '0.05',
        },
        scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }], selectPolicy: 'Min' },
      },
    });
  });

  test('the workloads stop rendering replicas, so applies do not reset the scale', () => {
    const app = buildExampleApp();
    const deployments = app.charts.flatMap(c => c.toJson()).filter(o => o.kind === 'Deployment');
    expect(deployments.map(d => [d.metadata.name, d.spec.replicas])).toEqual([
      ['queue-worker', undefined], ['checkout', undefined], ['web-api', undefined],
    ]);
  });

  test('the synthesized YAML as a whole', () => {
    expect(synthesizedHpas().yaml).toMatchSnapshot();
  });
});
