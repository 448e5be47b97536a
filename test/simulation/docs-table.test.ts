import { readFileSync } from 'fs';
import { join } from 'path';
import { cpuUtilization, hpaManifest } from './helpers';
import { HpaSimulator, MetricObservation, SimulationTrace } from '../../src';

test('the table of docs/simulate.md is what a run prints', () => {
  const page = readFileSync(join(__dirname, '..', '..', 'docs', 'simulate.md'), 'utf8');
  const trace = SimulationTrace.create()
    .at(0, 'cpu', MetricObservation.perPodUsage(40))
    .at(60, 'cpu', MetricObservation.perPodUsage(200))
    .at(150, 'cpu', MetricObservation.perPodUsage(10));
  const r = HpaSimulator.fromManifest(hpaManifest({ minReplicas: 1, maxReplicas: 10, metrics: [cpuUtilization(50)] })).run(trace, { until: 480 });
  let prev = '';
  let rows = 0;
  for (const s of r.steps) {
    const key = [s.replicas, s.metrics[0].proposal, s.conditions.map(c => c.reason).join()].join();
    if (key === prev) continue;
    prev = key;
    const c = (t: string) => s.conditions.find(x => x.type === t)!;
    expect(page).toContain(`| ${s.time} | ${s.metrics[0].usage} | ${s.metrics[0].proposal} | ${s.replicas} | ${c('AbleToScale').reason} | ${c('ScalingLimited').status}/${c('ScalingLimited').reason} |`);
    rows++;
  }
  expect(rows).toBe(8);
});
