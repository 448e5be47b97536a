#!/usr/bin/env node
// Benchmark, every target in one run: synth against cdk8s-plus-27 and the raw L1, HpaValidator
// against kubernetes-models, `cdk8s-hpa validate` against kube-score, the simulator and its replay of
// recorded history, startup.
// Each measurement runs in a process of its own. Usage: node bench/bench.js [--quick] [--sizes 1,100,1000,10000] [--runs 3]
// Needs the compiled library (npx projen compile). Prints a table and writes bench/results/latest.json.
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const cli = require('./cli');

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const quick = args.includes('--quick');
const sizes = flag('--sizes', quick ? '1,100,1000' : '1,100,1000,10000').split(',').map(Number);
const runsFor = (n) => Number(flag('--runs', quick ? 3 : n >= 10000 ? 5 : 7));

// NODE_EXTRA_CA_CERTS (extra CAs for outbound TLS, which some machines set) makes Node read and
// parse that bundle at every start, before any script runs. No process of the bench opens a
// connection: they all run without it, so that the fresh-process times (the simulator, --help,
// the command line) are Node's and the library's, and the table says what the variable costs.
const extraCaCerts = process.env.NODE_EXTRA_CA_CERTS;
delete process.env.NODE_EXTRA_CA_CERTS;

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
const synthVariants = ['l1', 'ours', 'plus', 'l1-full', 'ours-full'];
const validateVariants = ['schema', 'validate'];
// Each variant's baseline: the construct against cdk8s-plus-27's HPA with the same metrics and
// scale-down rule (the checks are the product; the L1 does none, so its ratio is information).
const baseOf = { l1: 'l1', ours: 'plus', plus: 'l1', 'l1-full': 'l1-full', 'ours-full': 'l1-full', schema: 'schema', validate: 'schema' };

// Variants of one size alternate run by run, so the machine's drift falls on all of them alike.
for (const n of sizes) {
  const runs = runsFor(n);
  // The validators take milliseconds where a synth takes seconds: more runs of them cost little
  // and steady their medians, which a single slow run moves far at 3 runs.
  const validateRuns = Math.max(runs, 11);
  const variants = [...synthVariants, ...validateVariants];
  const samples = Object.fromEntries(variants.map(v => [v, []]));
  for (let r = 0; r < validateRuns; r++) {
    for (const variant of variants) {
      if (r < runs || validateVariants.includes(variant)) samples[variant].push(measure([variant, String(n)]));
    }
  }
  for (const variant of variants) {
    const ms = stats(samples[variant].map(s => s.ms));
    const rss = Math.max(...samples[variant].map(s => s.rssMb));
    // The ratio to the baseline run by run: each pair ran one after the other, so a change of the
    // machine's speed between rounds, which moves both, cancels out; the median of those ratios.
    const base = samples[baseOf[variant]];
    const ratio = stats(samples[variant].map((s, r) => s.ms / base[r].ms)).median;
    const l1 = samples.l1;
    const overL1 = synthVariants.includes(variant) ? stats(samples[variant].map((s, r) => s.ms / l1[r].ms)).median : undefined;
    results.rows.push({ variant, n, runs: samples[variant].length, ...ms, perItemUs: (ms.median * 1000) / n, peakRssMb: rss, ratio, overL1 });
    process.stderr.write(`  ${variant} n=${n}: median ${ms.median.toFixed(1)} ms\n`);
  }
}

const simulateRuns = quick ? 3 : 7;
const simulate = stats(Array.from({ length: simulateRuns }, () => measure(['simulate', '1']).ms));
const freshSamples = Array.from({ length: simulateRuns }, () => measure(['simulate-fresh', '1']));
const simulateFresh = stats(freshSamples.map(s => s.ms));
// Node's own start, before the script's first line: part of the fresh-process time, the same for any script.
const nodeStart = stats(freshSamples.map(s => s.nodeStartMs));
results.simulate = { runs: simulateRuns, syncs: 40320, ...simulate, fresh: simulateFresh, nodeStart };
process.stderr.write(`  simulate one week: median ${simulate.median.toFixed(1)} ms, in a fresh process ${simulateFresh.median.toFixed(1)} ms (Node's own start ${nodeStart.median.toFixed(1)} ms)\n`);

// Recorded history: a week of 15 s samples for three metrics, two specs replayed over it; then
// 30 days, for the memory the history holds.
const historyRuns = quick ? 3 : 5;
const weekSamples = Array.from({ length: historyRuns }, () => measure(['history', '7']));
const month = measure(['history', '30']);
const part = (key) => stats(weekSamples.map(s => s[key]));
results.history = {
  runs: historyRuns,
  week: {
    fileMb: weekSamples[0].fileMb,
    samples: weekSamples[0].samples,
    parse: part('parseMs'),
    replayFirst: stats(weekSamples.map(s => s.replayMs[0])),
    replaySecond: stats(weekSamples.map(s => s.replayMs[1])),
    compareAndReport: part('compareAndReportMs'),
    peakRssMb: part('rssMb').median,
  },
  month: { fileMb: month.fileMb, samples: month.samples, parseMs: month.parseMs, replayMs: month.replayMs, heldMb: month.heldMb, peakRssMb: month.rssMb },
};
process.stderr.write(`  history, a week: read ${results.history.week.parse.median.toFixed(0)} ms, replays ${results.history.week.replayFirst.median.toFixed(0)} and ${results.history.week.replaySecond.median.toFixed(0)} ms; 30 days held in ${month.heldMb.toFixed(1)} MB\n`);

const requireRuns = quick ? 5 : 11;
const requireMs = {};
for (const which of ['plus', 'ours']) {
  requireMs[which] = stats(Array.from({ length: requireRuns }, () => measure(['require', which]).ms));
}
results.require = { runs: requireRuns, plus: requireMs.plus, ours: requireMs.ours, addedMs: requireMs.ours.median };
const nodeOnly = [];
const nodeWithCaCerts = [];
const help = [];
for (let r = 0; r < requireRuns; r++) {
  nodeOnly.push(cli.wall(process.execPath, ['-e', '0']));
  if (extraCaCerts) nodeWithCaCerts.push(cli.wall(process.execPath, ['-e', '0'], { ...process.env, NODE_EXTRA_CA_CERTS: extraCaCerts }));
  help.push(cli.wall(process.execPath, [cli.BIN, '--help']));
}
results.help = { runs: requireRuns, ...stats(help), node: stats(nodeOnly) };
if (extraCaCerts) results.extraCaCerts = { file: extraCaCerts, nodeStart: stats(nodeWithCaCerts) };
process.stderr.write(`  cdk8s-hpa --help: median ${results.help.median.toFixed(1)} ms (node -e 0: ${results.help.node.median.toFixed(1)} ms)\n`);

// The command line on one file of 5,000 Deployments and 5,000 HPAs, against kube-score; then
// 100,000 objects in 10 such files, for the cost per object.
const scratch = path.join(__dirname, 'results', 'manifests');
const [oneFile] = cli.writeFiles(path.join(scratch, 'one'), 1, 5000);
const kubeScore = cli.findKubeScore();
const cliRuns = quick ? 3 : 7;
const cliSamples = { ours: [], kubeScore: [] };
for (let r = 0; r < cliRuns; r++) {
  cliSamples.ours.push(cli.timed(process.execPath, [cli.BIN, 'validate', oneFile]));
  if (kubeScore.path) cliSamples.kubeScore.push(cli.timed(kubeScore.path, ['score', oneFile]));
}
const cliStats = (samples) => samples.length ? { ...stats(samples.map(s => s.ms)), peakRssMb: stats(samples.map(s => s.rssMb)).median } : undefined;
results.cli = {
  file: { objects: 10000, bytes: fs.statSync(oneFile).size },
  runs: cliRuns,
  ours: cliStats(cliSamples.ours),
  kubeScore: cliStats(cliSamples.kubeScore),
  kubeScoreNote: kubeScore.note,
};
process.stderr.write(`  cdk8s-hpa validate, 10,000 objects: median ${results.cli.ours.median.toFixed(0)} ms${results.cli.kubeScore ? `; kube-score ${results.cli.kubeScore.median.toFixed(0)} ms` : ''}\n`);
if (!quick) {
  const files = cli.writeFiles(path.join(scratch, 'many'), 10, 5000);
  const runs = 3;
  const samples = Array.from({ length: runs }, () => cli.timed(process.execPath, [cli.BIN, 'validate', ...files]));
  results.cli.hundredThousand = { objects: 100000, files: files.length, runs, ...cliStats(samples) };
  process.stderr.write(`  cdk8s-hpa validate, 100,000 objects: median ${results.cli.hundredThousand.median.toFixed(0)} ms\n`);
}
fs.rmSync(scratch, { recursive: true, force: true });

// Sizes: the library as npm installs it (its tarball unpacked, bundled dependencies included)
// against cdk8s-plus-27 as npm installed it in this checkout, and the Python wheel.
function duBytes(dir) {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}
const distJs = path.join(__dirname, '..', 'dist', 'js');
const libraryTgz = fs.existsSync(distJs) ? fs.readdirSync(distJs).find(f => /^cdk8s-hpa@.*\.jsii\.tgz$/.test(f)) : undefined;
if (libraryTgz) {
  const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-size-'));
  execFileSync('tar', ['xzf', path.join(distJs, libraryTgz), '-C', unpacked]);
  const plusDir = path.dirname(require.resolve('cdk8s-plus-27/package.json', { paths: [path.join(__dirname, '..')] }));
  results.sizes = { tarball: libraryTgz, oursBytes: duBytes(path.join(unpacked, 'package')), plusBytes: duBytes(plusDir) };
  fs.rmSync(unpacked, { recursive: true, force: true });
  const distPy = path.join(__dirname, '..', 'dist', 'python');
  const wheel = fs.existsSync(distPy) ? fs.readdirSync(distPy).find(f => f.endsWith('.whl')) : undefined;
  if (wheel) results.sizes.wheel = { file: wheel, bytes: fs.statSync(path.join(distPy, wheel)).size };
} else {
  process.stderr.write('  sizes: no dist/js/cdk8s-hpa@*.jsii.tgz (npx projen package:js first): not measured\n');
}

// Ratios, all within this run.
const row = (variant, n) => results.rows.find(r => r.variant === variant && r.n === n);
const biggest = Math.max(...sizes);
const per = (n) => row('ours', n).median / n;
const c = results.cli;
results.targets = {
  oursOverPlusAt1000: row('ours', 1000)?.ratio,
  oursOverPlusAtMax: row('ours', biggest)?.ratio,
  oursOverL1At1000: row('ours', 1000)?.overL1,
  oursOverL1AtMax: row('ours', biggest)?.overL1,
  fullOverL1At1000: row('ours-full', 1000)?.ratio,
  fullOverL1AtMax: row('ours-full', biggest)?.ratio,
  plusOverL1At1000: row('plus', 1000)?.ratio,
  validateOverSchema: row('validate', biggest)?.ratio,
  perHpaScaling: sizes.includes(10000) && sizes.includes(1000) ? per(10000) / per(1000) : undefined,
  cliOverKubeScore: c.kubeScore ? c.ours.median / c.kubeScore.median : undefined,
  cliRssOverKubeScore: c.kubeScore ? c.ours.peakRssMb / c.kubeScore.peakRssMb : undefined,
  cliPerObjectScaling: c.hundredThousand ? (c.hundredThousand.median / 100000) / (c.ours.median / 10000) : undefined,
  requireAddedMs: results.require.addedMs,
  helpMs: results.help.median,
  simulateWeekMs: results.simulate.median,
  simulateFreshMs: results.simulate.fresh.median,
  historyReplayMs: Math.max(results.history.week.replayFirst.median, results.history.week.replaySecond.median),
  // The bytes of the 30-day history's series over 16 per sample (a time and a value, 8 bytes each).
  historyHeldOverSamples: (results.history.month.heldMb * 2 ** 20) / (results.history.month.samples * 16),
  installedOverPlus: results.sizes ? results.sizes.oursBytes / results.sizes.plusBytes : undefined,
  wheelMb: results.sizes?.wheel ? results.sizes.wheel.bytes / 2 ** 20 : undefined,
};

const lines = [];
lines.push(`Machine: ${results.machine}`);
lines.push('');
lines.push('| variant | N | runs | median ms | min ms | max ms | per item us | peak RSS MB | ratio |');
lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const names = {
  l1: 'L1 KubeHorizontalPodAutoscalerV2, synthYaml', ours: 'cdk8s-hpa HorizontalPodAutoscalerV2, synthYaml', plus: 'cdk8s-plus-27 HorizontalPodAutoscaler, synthYaml',
  'l1-full': 'L1, fuller HPA, synthYaml', 'ours-full': 'cdk8s-hpa, fuller HPA, synthYaml',
  schema: 'kubernetes-models schema validate()', validate: 'HpaValidator.validate',
};
for (const r of results.rows) {
  lines.push(`| ${names[r.variant]} | ${r.n} | ${r.runs} | ${r.median.toFixed(1)} | ${r.min.toFixed(1)} | ${r.max.toFixed(1)} | ${r.perItemUs.toFixed(1)} | ${r.peakRssMb.toFixed(0)} | ${r.ratio.toFixed(2)} |`);
}
const cliRow = (name, objects, s, base) => lines.push(`| ${name} | ${objects} | ${s.runs ?? c.runs} | ${s.median.toFixed(1)} | ${s.min.toFixed(1)} | ${s.max.toFixed(1)} | ${((s.median * 1000) / objects).toFixed(1)} | ${s.peakRssMb.toFixed(0)} | ${base ? (s.median / base.median).toFixed(2) : '-'} |`);
if (c.kubeScore) cliRow('kube-score score, one file', 10000, c.kubeScore, c.kubeScore);
cliRow('cdk8s-hpa validate, one file', 10000, c.ours, c.kubeScore);
if (c.hundredThousand) cliRow('cdk8s-hpa validate, 10 files', 100000, c.hundredThousand);
lines.push('');
lines.push('Ratios: the construct\'s synth to cdk8s-plus-27\'s HPA of the same N, the other synths to the L1; validation to kubernetes-models on the same manifests (in each process the median of five passes over them, after two warm-up passes): the median of the run-by-run ratios, each of two processes run one after the other; the command line to kube-score on the same file (fresh processes, wall time and peak RSS from GNU time; the ratio of the medians).');
lines.push(`The fuller HPA adds a memory metric, a second scale-down policy with selectPolicy and scale-up rules (the L1 cannot write the fallback: its schema lacks it). The command line's file: ${c.file.objects} objects, ${(c.file.bytes / 2 ** 20).toFixed(1)} MiB (5,000 Deployments, 5,000 HPAs, every tenth HPA with an error).`);
if (c.kubeScoreNote) lines.push(c.kubeScoreNote);
lines.push(`require('cdk8s-hpa') after cdk8s-plus-27: +${results.require.addedMs.toFixed(1)} ms (measured after cdk8s-plus-27 in the same process, median of ${requireRuns} fresh processes; cdk8s-plus-27 itself ${results.require.plus.median.toFixed(1)} ms).`);
lines.push(`cdk8s-hpa --help: ${results.help.median.toFixed(1)} ms wall, median of ${requireRuns} (node -e 0: ${results.help.node.median.toFixed(1)} ms).`);
if (results.extraCaCerts) {
  lines.push(`Every process ran without the NODE_EXTRA_CA_CERTS this machine sets (${results.extraCaCerts.file}); with it, node -e 0 takes ${results.extraCaCerts.nodeStart.median.toFixed(1)} ms, and the times of whole processes (the command line, --help, the simulator in a fresh process) would each be that much longer; the synth and validator timings start after Node's start.`);
}
const t = results.targets;
const verdict = (ok) => (ok ? 'met' : 'NOT met');
const target = (label, value, limit, digits = 2, unit = '') => {
  if (value !== undefined) lines.push(`- ${label}: ${value.toFixed(digits)}${unit} (target <= ${limit}${unit}: ${verdict(value <= limit)})`);
};
lines.push('');
lines.push('Targets:');
target('ours / cdk8s-plus-27 synth at N=1000', t.oursOverPlusAt1000, 1.0);
target(`ours / cdk8s-plus-27 synth at N=${biggest}`, t.oursOverPlusAtMax, 1.0);
const info = (label, value) => {
  if (value !== undefined) lines.push(`  (${label}: ${value.toFixed(2)})`);
};
info('ours / L1 at N=1000', t.oursOverL1At1000);
info(`ours / L1 at N=${biggest}`, t.oursOverL1AtMax);
info('ours / L1 at N=1000, fuller HPA', t.fullOverL1At1000);
info(`ours / L1 at N=${biggest}, fuller HPA`, t.fullOverL1AtMax);
info('cdk8s-plus-27 / L1 at N=1000', t.plusOverL1At1000);
target('HpaValidator.validate / kubernetes-models per manifest', t.validateOverSchema, 1.0);
target('cost per HPA at N=10000 / at N=1000', t.perHpaScaling, 1.2);
target('cdk8s-hpa validate / kube-score, time, 10,000 objects', t.cliOverKubeScore, 0.25);
target('cdk8s-hpa validate / kube-score, peak RSS', t.cliRssOverKubeScore, 1.0);
target('cdk8s-hpa validate, cost per object at 100,000 / at 10,000', t.cliPerObjectScaling, 1.2);
target('HpaSimulator, one week of 15 s syncs (40,320), three metrics, in a fresh process with module loading', t.simulateFreshMs, 150, 1, ' ms');
lines.push(`  (the run alone: ${t.simulateWeekMs.toFixed(1)} ms; Node's own start, before the script's first line: ${results.simulate.nodeStart.median.toFixed(1)} ms)`);
const hw = results.history.week;
const hm = results.history.month;
target('HpaSimulator.replay, a week of 15 s history for three metrics (22 series), the slower of two specs, in a fresh process', t.historyReplayMs, 1000, 1, ' ms');
lines.push(`  (reading the week's ${hw.fileMb.toFixed(1)} MB of range-query JSON: ${hw.parse.median.toFixed(0)} ms; the two replays ${hw.replayFirst.median.toFixed(0)} and ${hw.replaySecond.median.toFixed(0)} ms; `
  + `compare() and its HTML page: ${hw.compareAndReport.median.toFixed(0)} ms; peak RSS ${hw.peakRssMb.toFixed(0)} MB)`);
target('30 days of 15 s history (3.8 million samples): bytes held over 16 per sample', t.historyHeldOverSamples, 1.05, 2);
lines.push(`  (${hm.fileMb.toFixed(0)} MB of JSON read in ${hm.parseMs.toFixed(0)} ms into ${hm.heldMb.toFixed(1)} MB; replays ${hm.replayMs.map(v => v.toFixed(0)).join(' and ')} ms; peak RSS ${hm.peakRssMb.toFixed(0)} MB)`);
target('require(\'cdk8s-hpa\') added', t.requireAddedMs, 15, 1, ' ms');
if (results.sizes) {
  target(`cdk8s-hpa installed / cdk8s-plus-27 installed (${(results.sizes.oursBytes / 2 ** 20).toFixed(1)} MB / ${(results.sizes.plusBytes / 2 ** 20).toFixed(1)} MB)`, t.installedOverPlus, 1.0);
  target(`the Python wheel (${results.sizes.wheel?.file ?? 'not built: bash test/bindings/run.sh python'})`, t.wheelMb, 3, 2, ' MB');
}
target('cdk8s-hpa --help', t.helpMs, 140, 1, ' ms');

const table = lines.join('\n');
console.log(table);
fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
fs.writeFileSync(path.join(__dirname, 'results', 'latest.json'), JSON.stringify(results, null, 2));
fs.writeFileSync(path.join(__dirname, 'results', 'latest.md'), table + '\n');
