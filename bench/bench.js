#!/usr/bin/env node
// Benchmark: synth and validation cost of cdk8s-hpa against cdk8s-plus-27 and the raw L1, in one run.
// Each measurement runs in a process of its own. Usage: node bench/bench.js [--quick] [--sizes 1,100,1000,10000] [--runs 3]
// Needs the compiled library (npx projen compile). Prints a table and writes bench/results/latest.json.
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const quick = args.includes('--quick');
const sizes = flag('--sizes', quick ? '1,100,1000' : '1,100,1000,10000').split(',').map(Number);
const runsFor = (n) => Number(flag('--runs', n >= 10000 ? 3 : 5));

if (!fs.existsSync(path.join(__dirname, '..', 'lib', 'index.js'))) {
  console.error('bench: lib/ is missing; run `npx projen compile` first');
  process.exit(2);
}

function measure(variantArgs) {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'variant.js'), ...variantArgs], {
    encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop());
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
}

const results = { machine: `${os.cpus().length} x ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`, date: new Date().toISOString(), rows: [] };
const synthVariants = ['l1', 'ours', 'plus'];
const validateVariants = ['schema', 'validate'];

for (const n of sizes) {
  const runs = runsFor(n);
  for (const variant of [...synthVariants, ...validateVariants]) {
    const samples = [];
    for (let r = 0; r < runs; r++) samples.push(measure([variant, String(n)]));
    const ms = stats(samples.map(s => s.ms));
    const rss = Math.max(...samples.map(s => s.rssMb));
    results.rows.push({ variant, n, runs, ...ms, perItemUs: (ms.median * 1000) / n, peakRssMb: rss });
    process.stderr.write(`  ${variant} n=${n}: median ${ms.median.toFixed(1)} ms\n`);
  }
}

const simulateRuns = quick ? 3 : 5;
const simulate = stats(Array.from({ length: simulateRuns }, () => measure(['simulate', '1']).ms));
results.simulate = { runs: simulateRuns, syncs: 40320, ...simulate };
process.stderr.write(`  simulate one week: median ${simulate.median.toFixed(1)} ms\n`);

const requireRuns = quick ? 5 : 11;
const requireMs = {};
for (const which of ['plus', 'ours']) {
  requireMs[which] = stats(Array.from({ length: requireRuns }, () => measure(['require', which]).ms));
}
results.require = { runs: requireRuns, plus: requireMs.plus, ours: requireMs.ours, addedMs: requireMs.ours.median };

// Ratios, all within this run.
const row = (variant, n) => results.rows.find(r => r.variant === variant && r.n === n);
for (const r of results.rows) {
  const base = synthVariants.includes(r.variant) ? row('l1', r.n) : row('schema', r.n);
  r.ratio = r.median / base.median;
}
const biggest = Math.max(...sizes);
const per = (n) => row('ours', n).median / n;
results.targets = {
  oursOverL1At1000: row('ours', 1000)?.ratio,
  oursOverL1AtMax: row('ours', biggest)?.ratio,
  plusOverL1At1000: row('plus', 1000)?.ratio,
  validateOverSchema: row('validate', biggest)?.ratio,
  perHpaScaling: sizes.includes(10000) && sizes.includes(1000) ? per(10000) / per(1000) : undefined,
  requireAddedMs: results.require.addedMs,
  simulateWeekMs: results.simulate.median,
};

const lines = [];
lines.push(`Machine: ${results.machine}`);
lines.push('');
lines.push('| variant | N | runs | median ms | min ms | max ms | per item us | peak RSS MB | ratio |');
lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const names = {
  l1: 'L1 KubeHorizontalPodAutoscalerV2, synthYaml', ours: 'cdk8s-hpa HorizontalPodAutoscalerV2, synthYaml', plus: 'cdk8s-plus-27 HorizontalPodAutoscaler, synthYaml',
  schema: 'kubernetes-models schema validate()', validate: 'HpaValidator.validate',
};
for (const r of results.rows) {
  lines.push(`| ${names[r.variant]} | ${r.n} | ${r.runs} | ${r.median.toFixed(1)} | ${r.min.toFixed(1)} | ${r.max.toFixed(1)} | ${r.perItemUs.toFixed(1)} | ${r.peakRssMb.toFixed(0)} | ${r.ratio.toFixed(2)} |`);
}
lines.push('');
lines.push(`Ratios: synth to the L1 of the same N; validation to kubernetes-models on the same manifests (after a warm-up pass each).`);
lines.push(`require('cdk8s-hpa') after cdk8s-plus-27: +${results.require.addedMs.toFixed(1)} ms (measured after cdk8s-plus-27 in the same process, median of ${requireRuns} fresh processes; cdk8s-plus-27 itself ${results.require.plus.median.toFixed(1)} ms).`);
const t = results.targets;
const verdict = (ok) => (ok ? 'met' : 'NOT met');
lines.push('');
lines.push('Targets:');
if (t.oursOverL1At1000 !== undefined) lines.push(`- ours / L1 synth at N=1000: ${t.oursOverL1At1000.toFixed(2)} (target <= 1.10: ${verdict(t.oursOverL1At1000 <= 1.10)}; cdk8s-plus-27: ${t.plusOverL1At1000.toFixed(2)})`);
lines.push(`- ours / L1 synth at N=${biggest}: ${t.oursOverL1AtMax.toFixed(2)} (target <= 1.10: ${verdict(t.oursOverL1AtMax <= 1.10)})`);
lines.push(`- HpaValidator.validate / kubernetes-models per manifest: ${t.validateOverSchema.toFixed(2)} (target <= 0.5: ${verdict(t.validateOverSchema <= 0.5)})`);
if (t.perHpaScaling !== undefined) lines.push(`- cost per HPA at N=10000 / at N=1000: ${t.perHpaScaling.toFixed(2)} (target <= 1.2: ${verdict(t.perHpaScaling <= 1.2)})`);
lines.push(`- require('cdk8s-hpa') added: ${t.requireAddedMs.toFixed(1)} ms (target <= 20 ms: ${verdict(t.requireAddedMs <= 20)})`);
lines.push(`- HpaSimulator, one week of 15 s syncs (40,320) with three metrics and default behavior: median ${t.simulateWeekMs.toFixed(1)} ms of ${results.simulate.runs} runs (target < 200 ms: ${verdict(t.simulateWeekMs < 200)})`);

const table = lines.join('\n');
console.log(table);
fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
fs.writeFileSync(path.join(__dirname, 'results', 'latest.json'), JSON.stringify(results, null, 2));
fs.writeFileSync(path.join(__dirname, 'results', 'latest.md'), table + '\n');
