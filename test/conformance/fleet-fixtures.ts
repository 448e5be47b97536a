/**
 * Writes the histories of the fleet example (examples/tune-fleet-dask/fleet/) from a real
 * Prometheus: `ts-node --transpile-only --project test/tsconfig.json test/conformance/fleet-fixtures.ts`.
 * Builds Prometheus as the conformance run does (cached), loads the checkout week of
 * docs/what-if.md and an hour of the mailer's queue, and saves one hour of each HPA's range
 * queries (Monday 08:30 to 09:30, the checkout surge and the mail campaign in it) as curl saves
 * them. The third HPA of the fleet, web, reads the command line's fixtures (prometheus-fixtures.ts).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { buildPrometheus, requireGo } from './go-programs';
import { CHECKOUT_QUERIES, checkoutLoad, checkoutReplicas, checkoutWorld } from './history-scenarios';
import { MetricFamily, PrometheusServer, Sample } from './prometheus-server';
import { HpaSimulator, MetricObservation, SimulationTrace } from '../../src';

const FLEET = path.join(__dirname, '..', '..', 'examples', 'tune-fleet-dask', 'fleet');
const MAILER_HPA = path.join(FLEET, 'jobs', 'mailer', 'hpa.yaml');

/** The checkout week's Monday (docs/what-if.md), and the hour saved: 08:30 to 09:30. */
const WEEK = Date.UTC(2026, 10, 16) / 1000;
const START = WEEK + 8.5 * 3600;
const END = START + 3600;
const STEP = 15;

/**
 * The mail queue from `START - 600` to `END`: a trickle of about 16 messages a minute, then the
 * 09:00 campaign (1,200 more in 5 minutes); each worker drains 12 a minute, with as many workers
 * as the mailer's HPA (replayed by the simulator on this queue) keeps. The queue is closed-loop
 * here (the workers drain it), as a cluster records it.
 */
function mailerWorld(): MetricFamily[] {
  const from = START - 600;
  const manifest = YAML.parse(fs.readFileSync(MAILER_HPA, 'utf8'));
  const sim = HpaSimulator.fromManifest(manifest);
  const depth: Sample[] = [];
  const replicas: Sample[] = [];
  let queue = 40;
  let count = 1;
  // One sync at a time: the replica count of each step drains the queue until the next.
  for (let t = from; t <= END; t += STEP) {
    depth.push([t, Math.round(queue)]);
    replicas.push([t, count]);
    const trace = SimulationTrace.create();
    depth.forEach(([at, v]) => trace.at(at - from, 'queue_depth', MetricObservation.value(v)));
    count = sim.run(trace, { until: t - from }).replicas.slice(-1)[0];
    const campaign = t >= WEEK + 9 * 3600 && t < WEEK + 9 * 3600 + 300 ? 1200 / 20 : 0;
    const trickle = 4 + 2 * Math.sin(t / 97);
    queue = Math.max(0, queue + campaign + trickle - count * 12 * (STEP / 60));
  }
  return [
    { name: 'queue_depth', help: 'Messages waiting, per queue.', series: [{ labels: { queue: 'mail' }, samples: depth }] },
    {
      name: 'kube_deployment_status_replicas',
      help: 'The number of replicas per deployment.',
      series: [{ labels: { namespace: 'jobs', deployment: 'mailer' }, samples: replicas }],
    },
  ];
}

async function main(): Promise<void> {
  console.log(requireGo());
  const binaries = await buildPrometheus();
  const load = checkoutLoad(WEEK);
  const world = [...checkoutWorld(load, checkoutReplicas(load)), ...mailerWorld()];
  const server = await PrometheusServer.start(binaries, world);
  try {
    const save = async (file: string, query: string) => {
      console.log(`${path.relative(FLEET, file)}: ${await server.saveRange(file, query, START, END, STEP)} bytes`);
    };
    const checkout = path.join(FLEET, 'shop', 'checkout');
    await save(path.join(checkout, 'cpu.json'), CHECKOUT_QUERIES.cpu);
    await save(path.join(checkout, 'http_requests_per_second.json'), CHECKOUT_QUERIES.http_requests_per_second);
    await save(path.join(checkout, 'replicas.json'), CHECKOUT_QUERIES.replicas);
    const mailer = path.join(FLEET, 'jobs', 'mailer');
    await save(path.join(mailer, 'queue_depth.json'), 'queue_depth{queue="mail"}');
    await save(path.join(mailer, 'replicas.json'), 'kube_deployment_status_replicas{namespace="jobs",deployment="mailer"}');
    console.log(`range: ${new Date(START * 1000).toISOString()} to ${new Date(END * 1000).toISOString()}`);
  } finally {
    server.stop();
  }
}

main().catch(e => {
  console.error(e);
  process.exit(1);
});
