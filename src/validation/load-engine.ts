/**
 * The validation engine, loaded on first use: `require('cdk8s-hpa')` stays cheap for apps that
 * only build HPAs until synth (the engine and its rules are a dozen modules).
 */
import type * as Engine from './engine';
import type * as CrossObject from './rules/cross-object';
import type * as TextValidation from '../cli/validate-text';

let engine: typeof Engine | undefined;
let crossObject: typeof CrossObject | undefined;
let textValidation: typeof TextValidation | undefined;

export function loadEngine(): typeof Engine {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  engine ??= require('./engine') as typeof Engine;
  return engine;
}

export function loadCrossObject(): typeof CrossObject {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  crossObject ??= require('./rules/cross-object') as typeof CrossObject;
  return crossObject;
}

/** `HpaValidator.validateYaml()`'s reader (the command line's, with the bundled YAML parser). */
export function loadTextValidation(): typeof TextValidation {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  textValidation ??= require('../cli/validate-text') as typeof TextValidation;
  return textValidation;
}
