// One benchmark variant in a process of its own: `node bench/variant.js <variant> <n>`.
// Prints one JSON line: { variant, n, ms, rssMb, perItemUs, nodeStartMs }.
'use strict';
/** When this script's first line ran, in ms since the process started: Node's own start. */
const nodeStartMs = performance.now();
const variant = process.argv[2];
const n = Number(process.argv[3]);

function now() {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The HPA every variant builds: CPU utilization, an external metric with a fallback, a behavior. */
function workload(kplus, chart, i) {
  return new kplus.Deployment(chart, `web${i}`, {
    containers: [{
      name: 'app',
      image: 'web',
      resources: { cpu: { request: kplus.Cpu.millis(250) }, memory: { request: require('cdk8s').Size.mebibytes(256) } },
    }],
  });
}

/** The names of cdk8s-hpa the bench's apps read. */
const APP_NAMES = ['HorizontalPodAutoscalerV2', 'Metric', 'MetricTarget', 'ExternalFallback', 'Behavior', 'ScalingPolicy', 'SelectPolicy', 'ClusterProfile'];

/**
 * cdk8s-hpa as the bench's app loads it: the index, then the names it reads (the index loads each
 * module on the first read of one of its names), so that loading is timed as `require`, not synth.
 */
function loadOurs() {
  const h = require('../lib');
  for (const name of APP_NAMES) void h[name];
  return h;
}

/** n cdk8s-hpa HPAs on their Deployments under a cluster profile, each with `propsOf(h, Duration)` besides the target and the replica range; the synth's ms. */
function synthOurs(profile, propsOf) {
  const { App, Chart, Duration } = require('cdk8s');
  const kplus = require('cdk8s-plus-27');
  const h = loadOurs();
  const start = now();
  const app = new App();
  const chart = new Chart(app, 'bench');
  h.ClusterProfile.of(profile).applyTo(app);
  for (let i = 0; i < n; i++) {
    new h.HorizontalPodAutoscalerV2(chart, `hpa${i}`, {
      target: workload(kplus, chart, i),
      minReplicas: 2,
      maxReplicas: 10,
      ...propsOf(h, Duration),
    });
  }
  const yaml = app.synthYaml();
  const ms = now() - start;
  if (process.env.BENCH_PRINT) console.log(yaml);
  return ms;
}

/** n L1 HPAs on their Deployments, each with `specOf(k8s)` besides the target and the replica range; the synth's ms. */
function synthL1(specOf) {
  const { App, Chart } = require('cdk8s');
  const kplus = require('cdk8s-plus-27');
  const k8s = require('cdk8s-plus-27/lib/imports/k8s');
  const start = now();
  const app = new App();
  const chart = new Chart(app, 'bench');
  for (let i = 0; i < n; i++) {
    const d = workload(kplus, chart, i);
    d.markHasAutoscaler();
    new k8s.KubeHorizontalPodAutoscalerV2(chart, `hpa${i}`, {
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: d.name },
        minReplicas: 2,
        maxReplicas: 10,
        ...specOf(k8s),
      },
    });
  }
  const yaml = app.synthYaml();
  const ms = now() - start;
  if (process.env.BENCH_PRINT) console.log(yaml);
  return ms;
}

const variants = {
  ours() {
    return synthOurs({ featureGates: { HPAExternalMetricFallback: true } }, (h, Duration) => ({
      metrics: [
        h.Metric.resourceCpu(h.MetricTarget.averageUtilization(70)),
        h.Metric.external({ name: 'queue_depth', target: h.MetricTarget.averageValue(30), fallback: h.ExternalFallback.replicas(5) }),
      ],
      behavior: h.Behavior.of({
        scaleDown: { stabilizationWindow: Duration.minutes(5), policies: [h.ScalingPolicy.percent(50, Duration.minutes(1))] },
      }),
    }));
  },

  /**
   * The fuller HPA: CPU utilization, memory average value, an External metric with a fallback,
   * scale-down and scale-up rules, under a cluster profile; `l1-full` writes the same manifest but
   * the fallback, which the L1's schema lacks (its generated `toJson` drops unknown fields, JSON
   * patches included).
   */
  'ours-full'() {
    return synthOurs({ kubernetesVersion: '1.33', featureGates: { HPAExternalMetricFallback: true } }, (h, Duration) => ({
      metrics: [
        h.Metric.resourceCpu(h.MetricTarget.averageUtilization(70)),
        h.Metric.resourceMemory(h.MetricTarget.averageValue('200Mi')),
        h.Metric.external({ name: 'queue_depth', target: h.MetricTarget.averageValue(30), fallback: h.ExternalFallback.replicas(5) }),
      ],
      behavior: h.Behavior.of({
        scaleDown: { stabilizationWindow: Duration.minutes(5), policies: [h.ScalingPolicy.percent(50, Duration.minutes(1)), h.ScalingPolicy.pods(2, Duration.minutes(1))], selectPolicy: h.SelectPolicy.MIN },
        scaleUp: { stabilizationWindow: Duration.seconds(0), policies: [h.ScalingPolicy.percent(100, Duration.seconds(15))] },
      }),
    }));
  },

  'l1-full'() {
    return synthL1(k8s => ({
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
        { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: k8s.Quantity.fromString('200Mi') } } },
        { type: 'External', external: { metric: { name: 'queue_depth' }, target: { type: 'AverageValue', averageValue: k8s.Quantity.fromString('30') } } },
      ],
      behavior: {
        scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }, { type: 'Pods', value: 2, periodSeconds: 60 }], selectPolicy: 'Min' },
        scaleUp: { stabilizationWindowSeconds: 0, policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
      },
    }));
  },

  plus() {
    const { App, Chart, Duration } = require('cdk8s');
    const kplus = require('cdk8s-plus-27');
    const start = now();
    const app = new App();
    const chart = new Chart(app, 'bench');
    for (let i = 0; i < n; i++) {
      new kplus.HorizontalPodAutoscaler(chart, `hpa${i}`, {
        target: workload(kplus, chart, i),
        minReplicas: 2,
        maxReplicas: 10,
        metrics: [
          kplus.Metric.resourceCpu(kplus.MetricTarget.averageUtilization(70)),
          kplus.Metric.external({ name: 'queue_depth', target: kplus.MetricTarget.averageValue(30) }),
        ],
        scaleDown: {
          stabilizationWindow: Duration.minutes(5),
          policies: [{ replicas: kplus.Replicas.percent(50), duration: Duration.minutes(1) }],
        },
      });
    }
    app.synthYaml();
    return now() - start;
  },

  l1() {
    return synthL1(k8s => ({
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
        { type: 'External', external: { metric: { name: 'queue_depth' }, target: { type: 'AverageValue', averageValue: k8s.Quantity.fromString('30') } } },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }] } },
    }));
  },

  /** One week of 15 s syncs (n weeks) with three metrics and default behavior. */
  simulate() {
    const h = require('../lib');
    const manifest = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        minReplicas: 1,
        maxReplicas: 50,
        metrics: [
          { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
          { type: 'Pods', pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '100' } } },
          { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } } },
        ],
      },
    };
    const week = 7 * 86400;
    const trace = h.SimulationTrace.create();
    for (let t = 0; t < week * n; t += 600) {
      const load = 1 + Math.sin(t / 7000);
      trace.at(t, 'cpu', h.MetricObservation.totalUsage(400 * load))
        .at(t, 'rps', h.MetricObservation.totalUsage(1000 * load))
        .at(t, 'queue', t % 6000 === 0 ? h.MetricObservation.failure() : h.MetricObservation.value(300 * load));
    }
    const start = now();
    const result = h.HpaSimulator.fromManifest(manifest).run(trace, { until: week * n - 15 });
    const ms = now() - start;
    if (result.steps.length !== 40320 * n) throw new Error(`expected ${40320 * n} syncs, got ${result.steps.length}`);
    // `simulate-fresh`: everything since the process started (Node, loading the library, the trace, the run).
    return variant === 'simulate-fresh' ? performance.now() : ms;
  },

  'simulate-fresh'() {
    return variants.simulate();
  },

  validate() {
    const h = require('../lib');
    const manifests = plainManifests();
    const cluster = h.ClusterProfile.of({ featureGates: { HPAExternalMetricFallback: true } });
    return timeWarm(manifests, m => h.HpaValidator.validate(m, { cluster }));
  },

  schema() {
    const { HorizontalPodAutoscaler } = require('kubernetes-models/autoscaling/v2');
    const manifests = plainManifests().map(m => {
      // The schema does not know the alpha fallback field; leave it out so it checks the rest.
      const copy = JSON.parse(JSON.stringify(m));
      delete copy.spec.metrics[1].external.fallback;
      return copy;
    });
    return timeWarm(manifests, m => new HorizontalPodAutoscaler(m).validate());
  },
};

/**
 * The median time of five passes over the items, after two warm-up passes: both validators are
 * measured in the steady state the JIT reaches, not while it still compiles.
 */
function timeWarm(items, fn) {
  for (let pass = 0; pass < 2; pass++) for (const item of items) fn(item);
  const times = [];
  for (let pass = 0; pass < 5; pass++) {
    const start = now();
    for (const item of items) fn(item);
    times.push(now() - start);
  }
  return times.sort((a, b) => a - b)[2];
}

function plainManifests() {
  return Array.from({ length: n }, (_, i) => ({
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: `web${i}`, namespace: 'prod' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: `web${i}` },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
        { type: 'External', external: { metric: { name: 'queue_depth' }, target: { type: 'AverageValue', averageValue: '30' }, fallback: { failureDuration: '3m', replicas: 5 } } },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }] } },
    },
  }));
}

if (variant === 'require') {
  // `node bench/variant.js require plus|ours`, in a fresh process: `plus` is the time to load
  // cdk8s-plus-27; `ours` is what loading cdk8s-hpa adds once cdk8s-plus-27 is loaded (measured in
  // the same process, so the machine's noise in loading cdk8s-plus-27 itself does not enter it).
  let start = now();
  require('cdk8s-plus-27');
  if (process.argv[3] === 'ours') {
    start = now();
    // What a cdk8s app loads: the index, and the modules of the names it reads from it.
    loadOurs();
  }
  console.log(JSON.stringify({ variant: `require-${process.argv[3]}`, ms: now() - start }));
} else {
  const run = variants[variant];
  if (!run || !(n > 0)) {
    console.error('usage: node bench/variant.js <ours|plus|l1|ours-full|l1-full|validate|schema|simulate|simulate-fresh> <n> | require <plus|ours>');
    process.exit(2);
  }
  const ms = run();
  console.log(JSON.stringify({ variant, n, ms, rssMb: process.resourceUsage().maxRSS / 1024, perItemUs: (ms * 1000) / n, nodeStartMs }));
}
