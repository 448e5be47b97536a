/**
 * The modules loaded on first use, in one place: `require('cdk8s-hpa')` stays cheap for apps
 * that only build HPAs until synth. The validation engine and its rules, and the simulation's
 * spec reader and run, are loaded the first time something validates or simulates.
 */
import type * as SpecReader from './simulation/hpa-spec';
import type * as Run from './simulation/simulation-run';
import type * as Engine from './validation/engine';

let engine: typeof Engine | undefined;
let specReader: typeof SpecReader | undefined;
let run: typeof Run | undefined;

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
