/**
 * Loads the validators `scripts/precompile-schema.mjs` generated at build time (`dist/generated/`). They are built
 * from the same @dbkit/schema as the rest of the bundle, in the same build, so a run needs neither the schema object
 * nor ajv's compiler, and skips loading and hashing the schema package (~265 KiB of JSON) in every thread.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { ValidatorPair } from './schemaValidator.js';

/**
 * Where the build writes them, relative to the bundle this module is part of (`dist/*.js`, see
 * `scripts/bundle.mjs`).
 */
export const PRECOMPILED_DIR = './generated/';
export const PRECOMPILED_FIRST = 'automation-config.first.cjs';
export const PRECOMPILED_ALL = 'automation-config.all.cjs';

/** The build's validators, or undefined when they are missing (a build that stopped before precompile-schema.mjs). */
export function loadPrecompiled(): ValidatorPair | undefined {
  const require = createRequire(new URL(PRECOMPILED_DIR, import.meta.url));
  let first: ValidateFunction;
  try {
    first = require(`./${PRECOMPILED_FIRST}`) as ValidateFunction;
  } catch {
    return undefined;
  }
  let all: ValidateFunction | undefined;
  return {
    first,
    all: () => {
      all ??= require(`./${PRECOMPILED_ALL}`) as ValidateFunction;
      return all;
    },
  };
}
