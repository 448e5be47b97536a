/**
 * The differential test of the validation engine against the real API server's create path,
 * release by release: every generated object goes to `HpaValidator` (with the release's
 * `ClusterProfile` and the same gates) and to the release's Go program (apiserver/main.go).
 *
 * Required, for the apiVersions the engine supports (ENGINE_API_VERSIONS):
 *   P1 no object the server rejects passes our validation (no error);
 *   P2 no object the server accepts, keeping every field, fails one of our API-server rules (HPA1xx);
 *   P3 every field path the server reports is among the paths of our issues.
 * And: every rule that refuses an object the server accepts is in the table of deliberate
 * differences (docs/conformance.md), and the release's row in src/private/kubernetes-releases.ts
 * has its served autoscaling versions and each feature gate at its stage and default.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as fc from 'fast-check';
import { LineProcess, Release } from './go-programs';
import { gateSettings, hpaObject, POD_GATES } from './hpa-arbitrary';
import { ClusterProfile, HpaValidator, Severity, ValidationIssue } from '../../src';
import { convertToV2 } from '../../src/model/api-versions';
import { GateStage, KNOWN_GATES, kubernetesRelease } from '../../src/private/kubernetes-releases';

/**
 * The apiVersions the engine judges as the server does (it converts v1 to the v2 shape, as the
 * server does, and reports at the user's fields); objects in any other generated apiVersion are
 * still sent to both sides, and how the engine fares on them is reported, not required.
 * `autoscaling/v2beta2` is served by no release here (gone since 1.26).
 */
export const ENGINE_API_VERSIONS: readonly string[] = ['autoscaling/v2', 'autoscaling/v2beta2', 'autoscaling/v1'];

/** Every apiVersion a client may send. */
export const GENERATED_API_VERSIONS: readonly string[] = ['autoscaling/v2', 'autoscaling/v2beta2', 'autoscaling/v1'];

/** What the Go program answers for one object. */
export interface ServerAnswer {
  readonly release: string;
  readonly gateError?: string;
  readonly unserved?: string;
  readonly decodeError?: string;
  readonly strict?: string[];
  readonly dropped?: string[];
  readonly errors: Array<{ type: string; field: string; value?: unknown; detail?: string; text: string }>;
  readonly accepted: boolean;
}

export interface Case {
  readonly object: { [key: string]: unknown };
  readonly gates: { [gate: string]: boolean };
}

/** One broken requirement on one object. */
export interface Violation {
  readonly property: 'P1' | 'P2' | 'P3' | 'table';
  readonly detail: string;
}

/** Where the table of deliberate differences is, relative to the repository root. */
const CONFORMANCE_PAGE = 'docs/conformance.md';

/** docs/conformance.md's table of deliberate differences: rule id -> reason. */
export function readDifferencesTable(page: string): Map<string, string> {
  const start = page.indexOf('<!-- conformance-differences:start -->');
  const end = page.indexOf('<!-- conformance-differences:end -->');
  if (start < 0 || end < start) throw new Error(`${CONFORMANCE_PAGE}: no conformance-differences table markers`);
  const table = new Map<string, string>();
  for (const line of page.slice(start, end).split('\n')) {
    const m = /^\|\s*`?(HPA\d{3})`?\s*\|(.*)\|\s*$/.exec(line.trim());
    if (m) table.set(m[1], m[2].split('|').map(c => c.trim()).filter(Boolean).join(' | '));
  }
  return table;
}

/** The field paths the server's strict decoding names (`unknown field "spec.foo"`). */
function strictPaths(answer: ServerAnswer): string[] {
  return (answer.strict ?? []).map(s => /field "([^"]*)"/.exec(s)?.[1]).filter((p): p is string => p !== undefined);
}

/**
 * Where the engine reports what the server reports at `field`. The one difference: with
 * `generateName` and no `name`, the server generates a name (`Web-x7k2p`) and reports it at
 * `metadata.name` besides `metadata.generateName`; the engine cannot know the generated name
 * and reports `metadata.generateName` only.
 */
function serverPath(object: { [key: string]: unknown }, field: string): string {
  const meta = object.metadata as { [key: string]: unknown } | undefined;
  if (field === 'metadata.name' && meta && !meta.name && meta.generateName) return 'metadata.generateName';
  // The server validates the converted object and reports its (v2) paths: the user's fields of
  // an older apiVersion are where the conversion took them from.
  return convertToV2(String(object.apiVersion), object).userPath(field);
}

function isRejected(answer: ServerAnswer): boolean {
  return !answer.accepted;
}

function errorsOf(issues: ValidationIssue[]): ValidationIssue[] {
  return issues.filter(i => i.severity === Severity.ERROR);
}

/** The profile that matches the release and gates of one case. */
export function profileFor(release: Release, gates: { [gate: string]: boolean }): ClusterProfile {
  return ClusterProfile.of({ version: release.minor, featureGates: gates });
}

/**
 * Compares one answer with the engine's issues. `table` holds the rules allowed to refuse what
 * the server accepts; `observed` counts the rules seen doing so.
 */
export function compare(
  object: { [key: string]: unknown }, answer: ServerAnswer, issues: ValidationIssue[],
  table: Map<string, string>, observed: Map<string, number>,
): Violation[] {
  const violations: Violation[] = [];
  const errors = errorsOf(issues);
  const brief = (list: ValidationIssue[]) => list.map(i => `${HpaValidator.format(i)}`).join('\n      ');
  const serverSays = () => answer.unserved ?? answer.decodeError
    ?? [...(answer.strict ?? []), ...answer.errors.map(e => e.text)].join('\n      ');

  if (isRejected(answer) && errors.length === 0) {
    violations.push({ property: 'P1', detail: `the server rejects it, the engine reports no error:\n      ${serverSays()}` });
  }
  if (answer.accepted) {
    const dropped = answer.dropped ?? [];
    for (const e of errors) {
      observed.set(e.ruleId, (observed.get(e.ruleId) ?? 0) + 1);
      if (/^HPA1\d\d$/.test(e.ruleId) && dropped.length === 0 && !table.has(e.ruleId)) {
        violations.push({ property: 'P2', detail: `the server accepts it keeping every field, the engine refuses it:\n      ${brief([e])}` });
      } else if (!table.has(e.ruleId)) {
        violations.push({ property: 'table', detail: `${e.ruleId} refuses an object the server accepts${dropped.length ? ` (dropping ${dropped.join(', ')})` : ''} and is not in the table of deliberate differences of ${CONFORMANCE_PAGE}:\n      ${brief([e])}` });
      }
    }
  }
  const ours = new Set(issues.map(i => i.path));
  const theirs = [...answer.errors.map(e => serverPath(object, e.field)), ...strictPaths(answer)];
  const missing = [...new Set(theirs)].filter(p => !ours.has(p));
  if (missing.length > 0) {
    violations.push({
      property: 'P3',
      detail: `the server reports ${missing.join(', ')}; the engine reports only ${[...ours].join(', ') || 'nothing'}:\n      server: ${serverSays()}\n      engine: ${brief(issues)}`,
    });
  }
  return violations;
}

/** The outcome of one release's run. */
export interface ReleaseOutcome {
  /** Name -> failure messages (empty: passed). */
  readonly checks: Map<string, string[]>;
  /** Lines describing the run (counts, timings, how the engine fares on other apiVersions). */
  readonly notes: string[];
}

/** How many objects each release gets, and the seed (both overridable from the environment). */
export function runSettings(): { runs: number; seed: number } {
  const runs = Number(process.env.CONFORMANCE_RUNS ?? 20000);
  const seed = Number(process.env.CONFORMANCE_SEED ?? 20261123);
  return { runs, seed };
}

/** The release's row in the library's table. */
function rowOf(release: Release) {
  return kubernetesRelease(Number(release.minor.split('.')[1]));
}

/** The autoscaling versions the release serves (`v2`, `v1`: read from its source) compared with the library's table. */
export function checkServed(release: Release, served: readonly string[]): string[] {
  const real = served.map(v => `autoscaling/${v}`).sort();
  const ours = [...rowOf(release).servedApiVersions].sort();
  return real.join() === ours.join() ? []
    : [`${release.kubernetes} serves ${real.join(', ')}; kubernetes-releases.ts says ${ours.join(', ')}`];
}

/** The gate lines of the program (`HPAScaleToZero false ALPHA`) compared with the library's table. */
export function checkGates(release: Release, gatesOutput: string): { failures: string[]; settable: string[] } {
  const failures: string[] = [];
  const settable: string[] = [];
  const row = rowOf(release);
  for (const line of gatesOutput.trim().split('\n')) {
    const [gate, def, stage] = line.split(' ');
    const ours = row.gates[gate] ?? { stage: GateStage.ABSENT, enabledByDefault: false };
    const real = def === 'absent'
      ? { stage: GateStage.ABSENT, enabledByDefault: false }
      : { stage: ({ 'ALPHA': GateStage.ALPHA, 'BETA': GateStage.BETA, '': GateStage.GA, 'GA': GateStage.GA } as any)[stage ?? ''] ?? stage, enabledByDefault: def === 'true' };
    // A gate removed after GA is absent from the release yet its field stays: the library keeps it as GA.
    const removedAfterGa = real.stage === GateStage.ABSENT && ours.stage === GateStage.GA;
    // The external-metric fallback gate is in no release; profiles may declare it (DESIGN.md).
    const undeclared = gate === 'HPAExternalMetricFallback' && real.stage === GateStage.ABSENT;
    if (!removedAfterGa && !undeclared && (real.stage !== ours.stage || real.enabledByDefault !== ours.enabledByDefault)) {
      failures.push(`${gate} in ${release.kubernetes}: ${real.stage}, ${real.enabledByDefault ? 'on' : 'off'} by default; kubernetes-releases.ts says ${ours.stage}, ${ours.enabledByDefault ? 'on' : 'off'}`);
    }
    if (real.stage === GateStage.ALPHA || real.stage === GateStage.BETA) settable.push(gate);
  }
  for (const gate of KNOWN_GATES) {
    if (!gatesOutput.includes(gate)) failures.push(`the program did not report gate ${gate}`);
  }
  return { failures, settable };
}

/** The objects here vary the HPA gates alone (POD_GATES in hpa-arbitrary.ts). */
function caseArbitrary(settable: readonly string[]): fc.Arbitrary<Case> {
  return fc.record({ object: hpaObject(GENERATED_API_VERSIONS), gates: gateSettings(settable.filter(g => !POD_GATES.includes(g))) });
}

function engineIssues(release: Release, c: Case): ValidationIssue[] {
  return HpaValidator.validate(c.object, { cluster: profileFor(release, c.gates) });
}

/** Runs one release: `runs` objects through both sides, then shrinks each failing property. */
export async function runRelease(
  release: Release, server: LineProcess, gatesOutput: string, table: Map<string, string>, observed: Map<string, number>,
): Promise<ReleaseOutcome> {
  const { runs, seed } = runSettings();
  const checks = new Map<string, string[]>();
  const notes: string[] = [];
  const gates = checkGates(release, gatesOutput);
  checks.set(`${release.minor} feature gates match kubernetes-releases.ts`, gates.failures);

  const arb = caseArbitrary(gates.settable);
  const started = Date.now();
  const cases = fc.sample(arb, { seed, numRuns: runs });
  const answers: ServerAnswer[] = [];
  const BATCH = 2000;
  for (let i = 0; i < cases.length; i += BATCH) {
    answers.push(...await server.askAll(cases.slice(i, i + BATCH)));
  }
  const serverMs = Date.now() - started;

  const failing: { [p: string]: Array<{ c: Case; v: Violation }> } = { P1: [], P2: [], P3: [], table: [] };
  const perVersion = new Map<string, { n: number; agree: number; engineStricter: number; engineLooser: number; serverAccepts: number }>();
  const engineStart = Date.now();
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i];
    const answer = answers[i];
    if (answer.gateError) {
      failing.P1.push({ c, v: { property: 'P1', detail: `the program refused the gates: ${answer.gateError}` } });
      continue;
    }
    const issues = engineIssues(release, c);
    const apiVersion = String(c.object.apiVersion);
    const stats = perVersion.get(apiVersion) ?? { n: 0, agree: 0, engineStricter: 0, engineLooser: 0, serverAccepts: 0 };
    perVersion.set(apiVersion, stats);
    stats.n++;
    const engineRejects = errorsOf(issues).length > 0;
    if (answer.accepted) stats.serverAccepts++;
    if (engineRejects === !answer.accepted) stats.agree++;
    else if (engineRejects) stats.engineStricter++;
    else stats.engineLooser++;
    if (!ENGINE_API_VERSIONS.includes(apiVersion) && !answer.unserved) continue;
    for (const v of compare(c.object, answer, issues, table, observed)) failing[v.property].push({ c, v });
  }
  const engineMs = Date.now() - engineStart;
  notes.push(`${release.minor} (${release.kubernetes}): ${cases.length} objects, seed ${seed}; server ${serverMs} ms, engine ${engineMs} ms`);
  for (const [v, s] of [...perVersion.entries()].sort()) {
    const compared = ENGINE_API_VERSIONS.includes(v) ? 'compared' : 'reported only';
    notes.push(`  ${v} (${compared}): ${s.n} objects, server accepts ${s.serverAccepts}; engine agrees on ${s.agree}, stricter on ${s.engineStricter}, looser on ${s.engineLooser}`);
  }

  const names: { [p: string]: string } = {
    P1: 'no object the server rejects passes validation',
    P2: 'no object the server accepts (every field kept) fails an HPA1xx rule',
    P3: 'every field path the server reports is among ours',
    table: `every rule stricter than the server is in the table of ${CONFORMANCE_PAGE}`,
  };
  for (const p of ['P1', 'P2', 'P3', 'table']) {
    const list = failing[p];
    const messages: string[] = [];
    if (list.length > 0) {
      messages.push(`${list.length} of ${cases.length} objects (seed ${seed}); first: ${list[0].v.detail}`);
      messages.push(await shrink(release, server, arb, seed, runs, p, table));
    }
    checks.set(`${release.minor} ${p}: ${names[p]}`, messages);
  }
  return { checks, notes };
}

/** Finds a minimal object that breaks `property`, with fast-check's shrinking. */
async function shrink(
  release: Release, server: LineProcess, arb: fc.Arbitrary<Case>, seed: number, runs: number, property: string, table: Map<string, string>,
): Promise<string> {
  const result = await fc.check(fc.asyncProperty(arb, async c => {
    const answer: ServerAnswer = await server.ask(c);
    if (answer.gateError) return true;
    const apiVersion = String(c.object.apiVersion);
    if (!ENGINE_API_VERSIONS.includes(apiVersion) && !answer.unserved) return true;
    return !compare(c.object, answer, engineIssues(release, c), table, new Map()).some(v => v.property === property);
  }), { seed, numRuns: runs });
  if (!result.failed || !result.counterexample) return '(fast-check did not find it again with this seed)';
  const [c] = result.counterexample;
  const answer: ServerAnswer = await server.ask(c);
  const v = compare(c.object, answer, engineIssues(release, c), table, new Map()).find(x => x.property === property);
  return `minimal object (seed ${seed}, path ${result.counterexamplePath}), gates ${JSON.stringify(c.gates)}:\n      ${JSON.stringify(c.object)}\n      ${v?.detail}`;
}

export function readConformancePage(): string {
  return fs.readFileSync(path.join(__dirname, '..', '..', CONFORMANCE_PAGE), 'utf8');
}
