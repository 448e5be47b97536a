/**
 * The modules loaded on first use, in one place: `require('cdk8s-hpa')` stays cheap for apps
 * that only build HPAs until synth. The validation engine and its rules, the simulation's spec
 * reader and run, the renderings of its results, the reader and replays of recorded history, the explainer of live HPAs and the reader of
 * YAML text are loaded the first time they are used. The one other lazy load is in lib/index.js:
 * build-tools/lazy-exports.js makes each of its re-exports load its module on the first read of
 * one of its names (so cdk8s and cdk8s-plus-27 load only with the construct and HpaConfig).
 */
import type * as Explainer from './explain/explainer';
import type * as TextValidation from './manifests/text-validation';
import type * as HistoryInput from './simulation/history-input';
import type * as SpecReader from './simulation/hpa-spec';
import type * as MatrixReader from './simulation/prometheus-matrix';
import type * as Replayer from './simulation/replay-measures';
import type * as ReplayReport from './simulation/replay-report';
import type * as Csv from './simulation/result-csv';
import type * as Svg from './simulation/result-svg';
import type * as Run from './simulation/simulation-run';
import type * as Engine from './validation/engine';

/** A loader that requires its module on the first call and returns the same module after. */
function onFirstUse<T>(load: () => T): () => T {
  let module: T | undefined;
  return () => (module ??= load());
}

/* eslint-disable @typescript-eslint/no-require-imports */

/** The validation engine (`validateManifest`). */
export const loadEngine = onFirstUse(() => require('./validation/engine') as typeof Engine);

/** The simulator's reader of the spec the controller sees (`readSpec`). */
export const loadSpecReader = onFirstUse(() => require('./simulation/hpa-spec') as typeof SpecReader);

/** One simulation run (`Run`). */
export const loadRun = onFirstUse(() => require('./simulation/simulation-run') as typeof Run);

/** A simulation result as CSV (`renderCsv`). */
export const loadCsvRenderer = onFirstUse(() => require('./simulation/result-csv') as typeof Csv);

/** A simulation result as an SVG plot (`renderSvg`). */
export const loadSvgRenderer = onFirstUse(() => require('./simulation/result-svg') as typeof Svg);

/** The reader of Prometheus range-query responses (`readMatrixFile`, `readMatrixText`). */
export const loadMatrixReader = onFirstUse(() => require('./simulation/prometheus-matrix') as typeof MatrixReader);

/** Recorded history laid on its step grid and read by runs (`checkRecorded`). */
export const loadHistoryInput = onFirstUse(() => require('./simulation/history-input') as typeof HistoryInput);

/** Replays of recorded history and their measures (`replayHistory`). */
export const loadReplayer = onFirstUse(() => require('./simulation/replay-measures') as typeof Replayer);

/** A replay or a comparison as JSON, SVG and HTML. */
export const loadReplayReport = onFirstUse(() => require('./simulation/replay-report') as typeof ReplayReport);

/** The explainer of live HPAs (`explainManifest`). */
export const loadExplainer = onFirstUse(() => require('./explain/explainer') as typeof Explainer);

/** `HpaValidator.validateYaml()`'s reader of YAML text with positions (it loads the YAML parser). */
export const loadTextValidation = onFirstUse(() => require('./manifests/text-validation') as typeof TextValidation);
