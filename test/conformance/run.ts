/**
 * `npx projen test:conformance`: builds the real Kubernetes code of test/conformance from Go
 * modules and runs the differential tests against it. Prints one line per check, then
 * `conformance: N passed, N failed` last; exits non-zero when a check failed or Go is missing.
 *
 * Environment: CONFORMANCE_RUNS (objects per release, default 20000), CONFORMANCE_SEED,
 * CONFORMANCE_ONLY (`apiserver`, `controller`, `tune`, `yaml`, `live`, `prometheus` or `explain`; `tune`: the tuner's
 * check alone, which `controller` runs too), CONFORMANCE_RELEASES (e.g. `1.36,1.37`),
 * CONFORMANCE_SCENARIOS_PER_RELEASE (controller scenarios, default 300), CONFORMANCE_REQUEST_CASES_COUNT
 * (pod specs for the requests the controller reads, default 2000).
 */
import * as fc from 'fast-check';
import { checkGates, checkServed, readConformancePage, readDifferencesTable, runRelease } from './apiserver-differential';
import {
  ControllerScenario, controllerSettings, describeMismatch, driftScenarios, firstDifference, lostResyncRace, overflowScenarios, runController,
  scenarioArbitrary, simulate,
} from './controller-differential';
import { dumpSyncOf, namedScenarios, runExplainDifferential, Situation } from './explain-differential';
import {
  buildApiServer, buildController, buildLive, buildPrometheus, kubernetesSourceDir, LineProcess, PROMETHEUS_VERSION, Release, releases,
  requireGo, runOnce, servedVersions, startBuilds,
} from './go-programs';
import { startLiveCluster } from './live-cluster';
import { runLiveTests } from './live-tests';
import { prometheusLive } from './prometheus-differential';
import { requestCaseArbitrary, requestMismatch, runRequests } from './requests-differential';
import { tunerDifferential } from './tuner-differential';
import { whatIfDocs } from './what-if-docs';
import { readYamlCorpus } from './yaml-corpus';
import { Run } from '../../src/simulation/simulation-run';

interface Tally { passed: number; failed: number }

function report(tally: Tally, name: string, failures: string[]): void {
  if (failures.length === 0) {
    tally.passed++;
    console.log(`  ok    ${name}`);
  } else {
    tally.failed++;
    console.log(`  FAIL  ${name}`);
    for (const f of failures) console.log(`      ${f}`);
  }
}

/** The binaries of a run, built in the background in the order the tests need them. */
type Builds = Map<string, Promise<string>>;

/** Waits for one binary and says how long the wait was (0 s once the background build is done). */
async function binary(builds: Builds, key: string, t0 = Date.now()): Promise<string> {
  const build = builds.get(key);
  if (!build) throw new Error(`no build of ${key} was started`);
  const built = await build;
  console.log(`${key}: waited ${((Date.now() - t0) / 1000).toFixed(1)} s for the build`);
  return built;
}

async function apiserver(tally: Tally, servers: Release[], builds: Builds): Promise<void> {
  const table = readDifferencesTable(readConformancePage());
  const observed = new Map<string, number>();
  for (const release of servers) {
    const binaryPath = await binary(builds, `apiserver ${release.kubernetes}`);
    const served = servedVersions(release);
    console.log(`apiserver ${release.kubernetes}: serves autoscaling ${served.join(', ')}`);
    report(tally, `${release.minor} served autoscaling versions match kubernetes-releases.ts`, checkServed(release, served));
    const server = new LineProcess(binaryPath, [`--served=${served.join(',')}`]);
    try {
      const outcome = await runRelease(release, server, runOnce(binaryPath, ['--gates']), table, observed);
      for (const note of outcome.notes) console.log(note);
      for (const [name, failures] of outcome.checks) report(tally, name, failures);
    } finally {
      server.close();
    }
  }
  const unknown = [...table.keys()].filter(r => !/^HPA\d{3}$/.test(r));
  report(tally, 'the table of deliberate differences names rules', unknown.map(r => `unknown rule ${r}`));
  const seen = [...observed.entries()].sort().map(([r, n]) => `${r} ${n}`).join(', ');
  console.log(`rules refusing objects the server accepts: ${seen || 'none'}`);
  const unseen = [...table.keys()].filter(r => !observed.has(r));
  if (unseen.length) console.log(`table rows not exercised by generated objects: ${unseen.join(', ')}`);
}

/**
 * The simulator (and HPA301, HPA302) against the controller of each release, as `checks` says,
 * with `tune` the tuner's recommendations on held-out histories, and with `explain` the explain
 * differential's scenarios run in it: each release's, as the controller ran them, with what it
 * left after the dump sync.
 */
async function controller(
  tally: Tally, controllers: Release[], builds: Builds, runs: { checks: boolean; explain: boolean; tune: boolean },
): Promise<Map<string, Situation[]>> {
  const { scenarios: count, seed } = controllerSettings();
  const situations = new Map<string, Situation[]>();
  for (const release of controllers) {
    const binaryPath = await binary(builds, `controller ${release.kubernetes}`);
    const server = releases('apiserver').find(r => r.minor === release.minor);
    const settable = server ? checkGates(server, runOnce(await binary(builds, `apiserver ${server.kubernetes}`), ['--gates'])).settable : [];
    const picked = (s: ControllerScenario) => !process.env.CONFORMANCE_SCENARIO_IDS || process.env.CONFORMANCE_SCENARIO_IDS.split(',').includes(s.id);
    // The explain differential's own scenarios: loads all over, failures now and then; each dumped after one sync.
    const named = namedScenarios().map(n => ({ ...n, scenario: { ...n.scenario, id: `${release.minor}-${n.name}` } }))
      .filter(n => Object.keys(n.scenario.gates).every(g => settable.includes(g)));
    const explained = !runs.explain ? [] : [
      ...named.map(n => n.scenario),
      ...fc.sample(scenarioArbitrary(settable, true), { seed, numRuns: count }).map((s, i) => ({ ...s, id: `${release.minor}-e${i}`, dumpSync: dumpSyncOf(i, s) })),
    ].filter(picked);
    if (explained.length > 0) {
      const t0 = Date.now();
      const dumps = await runController(binaryPath, explained);
      console.log(`controller ${release.minor}: ${explained.length} scenarios for explain in ${Date.now() - t0} ms`);
      situations.set(release.minor, explained.flatMap(s => {
        const r = dumps.get(s.id);
        const n = named.find(x => x.scenario.id === s.id);
        return typeof r === 'object' && r.dump ? [{ scenario: s, run: r, shape: n?.shape, title: n?.title }] : [];
      }));
    }
    if (runs.tune) await tunerDifferential(binaryPath, release.minor, (name, failures) => report(tally, name, failures));
    if (!runs.checks) continue;
    const scenarios = [
      ...fc.sample(scenarioArbitrary(settable), { seed, numRuns: count }).map((s, i) => ({ ...s, id: `${release.minor}-${i}` })),
      ...driftScenarios().map(s => ({ ...s, id: `${release.minor}-${s.id}` })),
      ...overflowScenarios(settable).map(s => ({ ...s, id: `${release.minor}-${s.id}` })),
    ].filter(picked);
    const t1 = Date.now();
    const real = await runController(binaryPath, scenarios);
    const t2 = Date.now();
    const failures: string[] = [];
    const races: string[] = [];
    let syncs = 0;
    const fullSyncs = countFullSyncs();
    for (const s of scenarios) {
      const r = real.get(s.id);
      syncs += s.syncs;
      if (typeof r === 'string' || r === undefined) {
        failures.push(`scenario ${s.id}: the controller run failed: ${r}`);
        continue;
      }
      const sim = simulate(release.minor, s);
      const race = lostResyncRace(sim, r.steps);
      if (race !== undefined) races.push(`${s.id} at sync ${race}`);
      const k = firstDifference(sim, r.steps);
      if (k !== undefined) failures.push(describeMismatch(s, k, sim, r.steps));
    }
    const repeated = syncs - fullSyncs.stop();
    console.log(`controller ${release.minor} (${release.kubernetes}): ${scenarios.length} scenarios, ${syncs} syncs (the simulator repeated ${repeated} `
      + `without a full run), seed ${seed}; controller ${t2 - t1} ms, simulator ${Date.now() - t2} ms`);
    if (races.length) console.log(`controller ${release.minor}: compared up to the resync race the controller lost at a sync's start: ${races.join(', ')}`);
    const shown = failures.slice(0, 5);
    if (failures.length > shown.length) shown.push(`... and ${failures.length - shown.length} more`);
    report(tally, `${release.minor} the simulator matches the controller at every sync (${failures.length} of ${scenarios.length} scenarios differ)`, shown);
    await requests(tally, release, binaryPath, settable, seed);
  }
  return situations;
}

/** Counts the simulator's full syncs (`Run.sync`) until `stop()`, which returns the count. */
function countFullSyncs(): { stop(): number } {
  const sync = Run.prototype.sync;
  let count = 0;
  Run.prototype.sync = function (this: Run, now: number) {
    count++;
    return sync.call(this, now);
  };
  return {
    stop: () => {
      Run.prototype.sync = sync;
      return count;
    },
  };
}

/** Pod specs whose requests the real ReplicaCalculator reads, against HPA301 and HPA302. */
async function requests(tally: Tally, release: Release, binaryPath: string, settable: readonly string[], seed: number): Promise<void> {
  const count = Number(process.env.CONFORMANCE_REQUEST_CASES_COUNT ?? 2000);
  const cases = fc.sample(requestCaseArbitrary(settable), { seed, numRuns: count }).map((c, i) => ({ ...c, id: `${release.minor}-r${i}` }));
  const real = await runRequests(binaryPath, cases);
  const failures: string[] = [];
  let invalid = 0;
  const errors = new Map<string, number>();
  for (const c of cases) {
    const r = real.get(c.id);
    if (!r || r.setup) {
      failures.push(`case ${c.id}: the program failed: ${r?.setup ?? 'no result'}`);
      continue;
    }
    if (r.invalid) {
      invalid++;
      continue;
    }
    const kind = r.error.replace(/ (in container|for|in Pod|container) .*$/, '') || 'no error';
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
    const mismatch = requestMismatch(release.minor, c, r.error);
    if (mismatch) failures.push(mismatch);
  }
  console.log(`requests ${release.minor}: ${cases.length} pod specs, ${invalid} refused by the API server's validation; controller answers: ${[...errors].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  if (cases.length - invalid < cases.length / 2) failures.push(`only ${cases.length - invalid} of ${cases.length} generated pods are valid`);
  const shown = failures.slice(0, 5);
  if (failures.length > shown.length) shown.push(`... and ${failures.length - shown.length} more`);
  report(tally, `${release.minor} HPA301 and HPA302 match the requests the controller reads (${failures.length} of ${cases.length} pod specs differ)`, shown);
}

/** The command line's YAML reading on the YAML files of the newest release's source, against `yaml`. */
function yamlFiles(tally: Tally, release: Release): void {
  const t0 = Date.now();
  const outcome = readYamlCorpus(kubernetesSourceDir(release));
  console.log(`yaml ${release.kubernetes}: ${outcome.files} files, ${outcome.documents} documents (${outcome.refused} with a syntax error), ${outcome.templates} unrendered templates, ${outcome.positions} positions compared, in ${Date.now() - t0} ms`);
  const failures = outcome.differences.slice(0, 5);
  if (outcome.differences.length > failures.length) failures.push(`... and ${outcome.differences.length - failures.length} more`);
  report(tally, `the command line reads and places the YAML files of Kubernetes ${release.kubernetes} as yaml does`, failures);
}

/**
 * `explain` on what the controller of each release wrote, read back from the newest live
 * cluster's kube-apiserver (the objects' server-filled fields are the API server's, the status
 * and events the controller's).
 */
async function explainDifferential(tally: Tally, situations: Map<string, Situation[]>, server: Release, builds: Builds): Promise<void> {
  // Scale to zero, as the scenarios that use it have it on.
  const cluster = await startLiveCluster(await binary(builds, `live ${server.kubernetes}`), { HPAScaleToZero: true });
  try {
    for (const [minor, list] of situations) {
      await runExplainDifferential(cluster.api, minor, list, (name, failures) => report(tally, name, failures));
    }
  } finally {
    await cluster.stop();
  }
}

/** The live reader and `explain` on a live cluster, against the real kube-apiserver and etcd. */
async function live(tally: Tally, servers: Release[], builds: Builds): Promise<void> {
  for (const release of servers) {
    await runLiveTests(await binary(builds, `live ${release.kubernetes}`), release.kubernetes, (name, failures) => report(tally, name, failures));
  }
}

/** `cdk8s-hpa simulate` on history fetched from a real Prometheus, the same history from files, and docs/what-if.md's session. */
async function prometheus(tally: Tally, builds: Builds): Promise<void> {
  const binaries = await binary(builds, `prometheus ${PROMETHEUS_VERSION}`);
  await prometheusLive(binaries, (name, failures) => report(tally, name, failures));
  await whatIfDocs(binaries, (name, failures) => report(tally, name, failures));
}

async function main(): Promise<number> {
  const tally: Tally = { passed: 0, failed: 0 };
  const only = process.env.CONFORMANCE_ONLY;
  const pick = process.env.CONFORMANCE_RELEASES?.split(',');
  const picked = (r: Release) => !pick || pick.includes(r.minor);
  try {
    console.log(requireGo());
    const explain = !only || only === 'explain';
    const controllers = !only || only === 'controller' || only === 'tune' || only === 'explain' ? releases('controller').filter(picked) : [];
    const servers = releases('apiserver').filter(r => (!only || only === 'apiserver') && picked(r)
      || controllers.some(c => c.minor === r.minor));
    // The explain differential writes every release's situations to the newest live cluster.
    const explainServer = explain ? releases('live').pop() : undefined;
    const liveServers = releases('live').filter(r => ((!only || only === 'live') && picked(r)) || r.minor === explainServer?.minor);
    const history = !only || only === 'prometheus';
    // Every build starts now, in the order they are needed; the tests wait for theirs.
    const builds = startBuilds([
      ...servers.map(r => [`apiserver ${r.kubernetes}`, () => buildApiServer(r)] as [string, () => Promise<string>]),
      ...controllers.map(r => [`controller ${r.kubernetes}`, () => buildController(r)] as [string, () => Promise<string>]),
      ...(history ? [[`prometheus ${PROMETHEUS_VERSION}`, buildPrometheus] as [string, () => Promise<string>]] : []),
      // Last: it reuses the packages the 1.36 programs compiled.
      ...liveServers.map(r => [`live ${r.kubernetes}`, () => buildLive(r)] as [string, () => Promise<string>]),
    ]);
    if (!only || only === 'apiserver') await apiserver(tally, servers, builds);
    const situations = await controller(tally, controllers, builds, {
      checks: !only || only === 'controller', explain, tune: !only || only === 'controller' || only === 'tune',
    });
    if (history) await prometheus(tally, builds);
    if (!only || only === 'live') await live(tally, liveServers.filter(picked), builds);
    if (explainServer) await explainDifferential(tally, situations, explainServer, builds);
    const newest = releases('apiserver').filter(picked).pop();
    if ((!only || only === 'yaml') && newest) yamlFiles(tally, newest);
  } catch (e) {
    tally.failed++;
    console.error(`conformance: ${(e as Error).stack ?? e}`);
  }
  console.log(`conformance: ${tally.passed} passed, ${tally.failed} failed`);
  return tally.failed === 0 && tally.passed > 0 ? 0 : 1;
}

void main().then(code => process.exit(code));
