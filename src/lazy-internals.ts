/**
 * The modules loaded on first use, in one place: `require('cdk8s-hpa')` stays cheap for apps
 * that only build HPAs until synth. The validation engine and its rules, the simulation's spec
 * reader and run, and the renderings of its results are loaded the first time they are used.
 */
import type * as SpecReader from './simulation/hpa-spec';
import type * as Csv from './simulation/result-csv';
import type * as Svg from './simulation/result-svg';
import type * as Run from './simulation/simulation-run';
import type * as Engine from './validation/engine';

let engine: typeof Engine | undefined;
let specReader: typeof SpecReader | undefined;
let run: typeof Run | undefined;
let csv: typeof Csv | undefined;
let svg: typeof Svg | undefined;

/** The validation engine (`validateManifest`). */
export function loadEngine(): typeof Engine {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  engine ??= require('./validation/engine') as typeof Engine;
  return engine;
}

/** The simulator's reader of the spec the controller sees (`readSpec`). */
export function loadSpecReader(): typeof SpecReader {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  specReader ??= require('./simulation/hpa-spec') as typeof SpecReader;
  return specReader;
}

/** One simulation run (`Run`). */
export function loadRun(): typeof Run {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  run ??= require('./simulation/simulation-run') as typeof Run;
  return run;
}

/** A simulation result as CSV (`renderCsv`). */
export function loadCsvRenderer(): typeof Csv {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  csv ??= require('./simulation/result-csv') as typeof Csv;
  return csv;
}

/** A simulation result as an SVG plot (`renderSvg`). */
export function loadSvgRenderer(): typeof Svg {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  svg ??= require('./simulation/result-svg') as typeof Svg;
  return svg;
}
