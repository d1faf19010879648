/**
 * Loads the validators `scripts/precompile-schema.mjs` generated at build time (`dist/generated/`), if they were
 * built from this very schema.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { schemaHash, type ValidatorPair } from './schemaValidator.js';

/**
 * Where the build writes them, relative to the bundle this module is part of (`dist/*.js`, see
 * `scripts/bundle.mjs`).
 */
export const PRECOMPILED_DIR = './generated/';
export const PRECOMPILED_FIRST = 'automation-config.first.cjs';
export const PRECOMPILED_ALL = 'automation-config.all.cjs';

type Generated = ValidateFunction & { readonly schemaHash?: string };

export function loadPrecompiled(schema: object): ValidatorPair | undefined {
  const require = createRequire(new URL(PRECOMPILED_DIR, import.meta.url));
  let first: Generated;
  try {
    first = require(`./${PRECOMPILED_FIRST}`) as Generated;
  } catch {
    return undefined;
  }
  if (first.schemaHash !== schemaHash(schema)) return undefined;
  let all: Generated | undefined;
  return {
    first,
    all: () => {
      all ??= require(`./${PRECOMPILED_ALL}`) as Generated;
      return all;
    },
  };
}
