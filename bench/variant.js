// One benchmark variant in a process of its own: `node bench/variant.js <variant> <n>`.
// Prints one JSON line: { variant, n, ms, rssMb, perItemUs, nodeStartMs }.
'use strict';
/** When this script's first line ran, in ms since the process started: Node's own start. */
const nodeStartMs = performance.now();
const fs = require('fs');
const os = require('os');
const path = require('path');
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

  /**
   * n days of 15 s history for three metrics, as Prometheus's range-query JSON (CPU and requests
   * per second of 10 pods, a queue), read from files; two specs replayed over it, one after the
   * other; the comparison's page rendered. Reports each part, and the bytes the history holds.
   */
  history() {
    const h = require('../lib');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
    try {
      const files = writeHistory(dir, n);
      const fileMb = Object.values(files).reduce((a, f) => a + fs.statSync(f).size, 0) / 2 ** 20;
      const spec = behavior => ({
        apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' },
        spec: {
          scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 40,
          metrics: [
            { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
            { type: 'Pods', pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '25' } } },
            { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } } },
          ],
          behavior,
        },
      });
      let start = now();
      const history = h.PrometheusHistory.create()
        .metricFromFile('cpu', files.cpu, { load: h.HistoryLoad.TOTAL })
        .metricFromFile('rps', files.rps, { load: h.HistoryLoad.TOTAL })
        .metricFromFile('queue', files.queue)
        .replicasFromFile(files.replicas);
      const parseMs = now() - start;
      // What the history keeps: each series' times and values.
      const recorded = history._recorded();
      const heldBytes = [...recorded.metrics.values(), recorded.replicas].flatMap(m => m.series).reduce((a, s) => a + s.times.byteLength + s.values.byteLength, 0);
      const options = { podRequests: { cpu: 0.5 } };
      const a = h.HpaSimulator.fromManifest(spec(undefined), options);
      const b = h.HpaSimulator.fromManifest(spec({ scaleDown: { stabilizationWindowSeconds: 60 } }), options);
      const replayMs = [];
      for (const sim of [a, b]) {
        start = now();
        const r = sim.replay(history);
        replayMs.push(now() - start);
        if (r.measures.syncs !== n * 5760) throw new Error(`expected ${n * 5760} syncs, got ${r.measures.syncs}`);
      }
      start = now();
      const html = a.compare(b, history).toHtml();
      const compareAndReportMs = now() - start;
      if (!html.includes('</svg>')) throw new Error('the report did not render');
      return { ms: Math.max(...replayMs), parseMs, replayMs, compareAndReportMs, fileMb, samples: n * 5760 * 22, heldMb: heldBytes / 2 ** 20, reportKb: html.length / 1024 };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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

/** n days of 15 s samples as curl saves Prometheus's range-query responses: cpu and rps of 10 pods, a queue, the replicas. */
function writeHistory(dir, days) {
  const start = 1794787200;
  const steps = days * 5760;
  const pods = Array.from({ length: 10 }, (_, i) => `web-7d9f8-${i}`);
  // A daily wave with a morning surge; a deterministic jitter per pod.
  const load = k => 1 + 0.8 * Math.sin(((k % 5760) / 5760) * 2 * Math.PI) + ((k % 5760) > 2400 && (k % 5760) < 2480 ? 1.5 : 0);
  const jitter = (k, i) => 0.9 + 0.2 * ((Math.sin(k * 12.9898 + i * 78.233) * 43758.5453) % 1 + 1) % 1;
  const write = (name, series) => {
    const file = path.join(dir, `${name}.json`);
    const fd = fs.openSync(file, 'w');
    fs.writeSync(fd, '{"status":"success","data":{"resultType":"matrix","result":[');
    series.forEach((s, i) => {
      fs.writeSync(fd, `${i ? ',' : ''}{"metric":${JSON.stringify(s.labels)},"values":[`);
      for (let k0 = 0; k0 < steps; k0 += 4096) {
        const parts = [];
        for (let k = k0; k < Math.min(steps, k0 + 4096); k++) parts.push(`${k ? ',' : ''}[${start + k * 15},"${s.value(k)}"]`);
        fs.writeSync(fd, parts.join(''));
      }
      fs.writeSync(fd, ']}');
    });
    fs.writeSync(fd, ']}}');
    fs.closeSync(fd);
    return file;
  };
  return {
    cpu: write('cpu', pods.map((pod, i) => ({ labels: { __name__: 'container_cpu', pod }, value: k => (k % 3001 === 7 ? 'NaN' : (0.3 * load(k) * jitter(k, i)).toFixed(4)) }))),
    rps: write('rps', pods.map((pod, i) => ({ labels: { pod }, value: k => (20 * load(k) * jitter(k, i + 10)).toFixed(2) }))),
    queue: write('queue', [{ labels: { queue: 'jobs' }, value: k => String(Math.round(100 * load(k) * jitter(k, 20))) }]),
    replicas: write('replicas', [{ labels: { deployment: 'web' }, value: k => String(Math.ceil(5 * load(k))) }]),
  };
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
    console.error('usage: node bench/variant.js <ours|plus|l1|ours-full|l1-full|validate|schema|simulate|simulate-fresh|history> <n> | require <plus|ours>');
    process.exit(2);
  }
  const out = run();
  // A variant returns its time, or its time with more measurements.
  const ms = typeof out === 'number' ? out : out.ms;
  console.log(JSON.stringify({ ...(typeof out === 'number' ? {} : out), variant, n, ms, rssMb: process.resourceUsage().maxRSS / 1024, perItemUs: (ms * 1000) / n, nodeStartMs }));
}
