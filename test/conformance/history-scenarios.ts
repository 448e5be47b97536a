/**
 * Generated histories for a real Prometheus: the command line's fixtures (a scale-up and a
 * scale-down of a web service in 20 minutes) and the live test's two days, long enough that a
 * 15 s range query takes two requests.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { GeneratedSeries, MetricFamily, Sample } from './prometheus-server';
import { HpaSimulator, MetricObservation, SimulationTrace } from '../../src';

/** Samples every `step` seconds from `from` to `to` (inclusive) of `value(t)`; undefined leaves a sample out. */
function samples(from: number, to: number, step: number, value: (t: number) => number | undefined): Sample[] {
  const out: Sample[] = [];
  for (let t = from; t <= to; t += step) {
    const v = value(t);
    if (v !== undefined) out.push([t, v]);
  }
  return out;
}

/**
 * The web service of the command line's fixtures, from `start` for 20 minutes: 2 pods at 40 % of
 * their 250m CPU request; at 5 minutes the load goes to 0.5 cores, 100 % on 2 pods, and the
 * cluster's HPA adds two pods (samples from 5m15s), 50 % each; at 10 minutes it falls to 16 %;
 * the two new pods go at 15 minutes. One pod's exporter is down from 10m30s to 17m (the query
 * reads its last sample for 5 minutes, then nothing); every sample at 15 minutes and at 18m30s
 * is NaN.
 */
export function webFixture(start: number): { families: MetricFamily[]; end: number } {
  const end = start + 1200;
  const cpu = (pod: string, from: number, to: number) => ({
    labels: { namespace: 'shop', pod },
    samples: samples(start + from, start + to, 15, t => {
      const s = t - start;
      if (pod === 'web-7d9f8-a' && s > 615 && s < 1035) return undefined;
      if (s === 900 || s === 1110) return NaN;
      if (s < 300) return 0.1;
      if (s === 300) return 0.25;
      if (s < 600) return 0.125;
      return 0.04;
    }),
  });
  const replicas = { labels: { namespace: 'shop', deployment: 'web' }, samples: samples(start, end, 15, t => (t - start < 300 ? 2 : t - start < 900 ? 4 : 2)) };
  return {
    end,
    families: [
      {
        name: 'pod_cpu_usage_cores',
        help: 'CPU used by each pod of the web Deployment, in cores.',
        series: [cpu('web-7d9f8-a', 0, 1200), cpu('web-7d9f8-b', 0, 1200), cpu('web-7d9f8-c', 315, 885), cpu('web-7d9f8-d', 315, 885)],
      },
      { name: 'kube_deployment_status_replicas', help: 'The number of replicas per deployment.', series: [replicas] },
    ],
  };
}

/** The fixture's queries. */
export const WEB_QUERIES = {
  cpu: 'pod_cpu_usage_cores{namespace="shop"}',
  replicas: 'kube_deployment_status_replicas{namespace="shop",deployment="web"}',
};

/**
 * Two days of a worker from `start`: three pods' CPU (one replaced by a new pod after a day),
 * with two exporter outages (one shorter, one longer than the lookback window) and NaN samples;
 * two queues of an External metric; the replica count. 11,521 steps of 15 s: two range queries.
 */
export function liveScenario(start: number): { families: MetricFamily[]; end: number } {
  const end = start + 2 * 86400;
  // A daily wave, with a half-hour surge each morning.
  const surge = (t: number) => ((t - start) % 86400 > 30000 && (t - start) % 86400 < 31800 ? 1.2 : 0);
  const wave = (t: number) => 1 + 0.6 * Math.sin(((t - start) / 86400) * 2 * Math.PI) + surge(t);
  const jitter = (t: number, k: number) => 1 + 0.05 * Math.sin(t * 0.37 + k);
  const round = (v: number, digits: number) => Number(v.toFixed(digits));
  const cpu = (pod: string, k: number, from: number, to: number): GeneratedSeries => ({
    labels: { app: 'worker', pod },
    samples: samples(start + from, start + to, 15, t => {
      const s = t - start;
      if (k === 0 && s > 20000 && s < 20120) return undefined; // shorter than the lookback: the query fills it
      if (k === 1 && s > 50000 && s < 51000) return undefined; // longer: the query has a gap
      if (s % 7200 === 3600) return NaN;
      return round(0.2 * wave(t) * jitter(t, k), 4);
    }),
  });
  const queue = (name: string, k: number): GeneratedSeries => ({
    labels: { queue: name },
    samples: samples(start, end, 15, t => ((t - start) % 40000 < 600 && k === 1 ? undefined : Math.round(40 * wave(t) * jitter(t, k)))),
  });
  const replicas: GeneratedSeries = { labels: { deployment: 'worker' }, samples: samples(start, end, 15, t => Math.ceil(3 * wave(t))) };
  return {
    end,
    families: [
      {
        name: 'worker_cpu_cores',
        help: 'CPU used by each worker pod, in cores.',
        series: [cpu('worker-1', 0, 0, end - start), cpu('worker-2', 1, 0, end - start), cpu('worker-3', 2, 0, 86400), cpu('worker-4', 3, 86415, end - start)],
      },
      { name: 'queue_depth', help: 'Messages waiting, per queue.', series: [queue('orders', 0), queue('mail', 1)] },
      { name: 'kube_deployment_status_replicas', help: 'The number of replicas per deployment.', series: [replicas] },
    ],
  };
}

/** The live scenario's queries, by the HPA's metric ids. */
export const LIVE_QUERIES = {
  cpu: 'worker_cpu_cores{app="worker"}',
  queue: 'queue_depth',
  replicas: 'kube_deployment_status_replicas{deployment="worker"}',
};

/** The checkout service of docs/what-if.md: its HPA as it runs, and the change under review. */
export const CHECKOUT_HPA_FILE = 'docs/what-if/checkout-hpa.yaml';
export const CHECKOUT_PROPOSED_FILE = 'docs/what-if/checkout-proposed.yaml';

/** The checkout service's queries, by the HPA's metric ids. */
export const CHECKOUT_QUERIES = {
  cpu: 'sum by (pod) (rate(container_cpu_usage_seconds_total{namespace="shop",container="checkout"}[1m]))',
  http_requests_per_second: 'sum by (pod) (rate(http_requests_total{namespace="shop",service="checkout"}[1m]))',
  replicas: 'kube_deployment_status_replicas{namespace="shop",deployment="checkout"}',
};

/** Each checkout pod requests 500m of CPU. */
export const CHECKOUT_CPU_REQUEST = 0.5;

/** A pseudo-random number in [0, 1) from a seed, the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

/**
 * A week of the checkout service from `start` (a Monday, 00:00 UTC): the CPU it needs (cores) and
 * its requests per second, every 15 s: a daily curve, lower at the weekend, a marketing e-mail's
 * surge at 09:00 on weekdays (40 minutes), the night's batch at 02:00 (5 minutes), noise.
 */
export function checkoutLoad(start: number): { times: number[]; cpu: number[]; rps: number[] } {
  const random = seeded(20261116);
  const times: number[] = [];
  const cpu: number[] = [];
  const rps: number[] = [];
  for (let t = start; t < start + 7 * 86400; t += 15) {
    const day = Math.floor((t - start) / 86400);
    const hour = ((t - start) % 86400) / 3600;
    const weekend = day >= 5 ? 0.6 : 1;
    const daily = 1.2 + 2.6 * weekend * Math.max(0, Math.sin(((hour - 6) / 16) * Math.PI));
    const surge = day < 5 && hour >= 9 && hour < 9 + 40 / 60 ? 3.2 * Math.min(1, (hour - 9) * 30) : 0;
    const batch = hour >= 2 && hour < 2 + 5 / 60 ? 1.6 : 0;
    const load = (daily + surge + batch) * (0.95 + 0.1 * random());
    times.push(t);
    cpu.push(load);
    rps.push(load * 55 * (0.97 + 0.06 * random()));
  }
  return { times, cpu, rps };
}

/**
 * The replica count the cluster's HPA keeps at each step of `load`: the spec as it runs, replayed
 * by the simulator (which the controller conformance holds to the real controller, sync by sync)
 * over the total load, every pod Running and Ready at once.
 */
export function checkoutReplicas(load: ReturnType<typeof checkoutLoad>): number[] {
  const trace = SimulationTrace.create();
  load.times.forEach((t, k) => {
    trace.at(t - load.times[0], 'cpu', MetricObservation.totalUsage(load.cpu[k]))
      .at(t - load.times[0], 'http_requests_per_second', MetricObservation.totalUsage(load.rps[k]));
  });
  const manifest = YAML.parse(fs.readFileSync(path.join(__dirname, '..', '..', CHECKOUT_HPA_FILE), 'utf8'));
  const sim = HpaSimulator.fromManifest(manifest, { podRequests: { cpu: CHECKOUT_CPU_REQUEST } });
  return sim.run(trace, { until: load.times[load.times.length - 1] - load.times[0] }).replicas;
}

/**
 * The checkout week as the cluster recorded it, given the replica count the cluster's HPA kept
 * at each 15 s step (`replicas`: the spec as it runs, over the load): each pod's CPU-seconds and
 * requests counters (a pod takes its share of the load, a little more or less than the others),
 * pods created as the count rises and the newest removed as it falls; the replica count.
 */
export function checkoutWorld(load: ReturnType<typeof checkoutLoad>, replicas: readonly number[]): MetricFamily[] {
  const random = seeded(9);
  const cpuSeries = new Map<string, { labels: { [k: string]: string }; samples: Sample[] }>();
  const requestSeries = new Map<string, { labels: { [k: string]: string }; samples: Sample[] }>();
  const counters = new Map<string, { cpu: number; requests: number; share: number }>();
  const live: string[] = [];
  let next = 0;
  const podName = () => `checkout-6c9d4f7b8-${(next++ * 7919 + 104729).toString(36).slice(-5)}`;
  load.times.forEach((t, k) => {
    const count = replicas[k];
    while (live.length < count) {
      const pod = podName();
      live.push(pod);
      counters.set(pod, { cpu: 0, requests: 0, share: 0.9 + 0.2 * random() });
      cpuSeries.set(pod, { labels: { namespace: 'shop', pod, container: 'checkout' }, samples: [] });
      requestSeries.set(pod, { labels: { namespace: 'shop', pod, service: 'checkout' }, samples: [] });
    }
    while (live.length > count) live.pop();
    const shares = live.reduce((a, p) => a + counters.get(p)!.share, 0);
    for (const pod of live) {
      const c = counters.get(pod)!;
      cpuSeries.get(pod)!.samples.push([t, Number(c.cpu.toFixed(3))]);
      requestSeries.get(pod)!.samples.push([t, Math.round(c.requests)]);
      c.cpu += (load.cpu[k] * c.share / shares) * 15;
      c.requests += (load.rps[k] * c.share / shares) * 15;
    }
  });
  return [
    { name: 'container_cpu_usage_seconds_total', help: 'Cumulative CPU time consumed, in seconds.', series: [...cpuSeries.values()] },
    { name: 'http_requests_total', help: 'HTTP requests served.', series: [...requestSeries.values()] },
    {
      name: 'kube_deployment_status_replicas',
      help: 'The number of replicas per deployment.',
      series: [{ labels: { namespace: 'shop', deployment: 'checkout' }, samples: load.times.map((t, k) => [t, replicas[k]] as Sample) }],
    },
  ];
}
