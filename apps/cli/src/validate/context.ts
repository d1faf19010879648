/** Builds a `CheckContext` from plain, cloneable settings: in the main thread, and once in every worker. */

import { palette } from '../output/color.js';
import { loadSchemaPackage } from '../schemaSource.js';
import type { CheckContext } from './check.js';
import { loadPrecompiled } from './precompiled.js';
import { compileValidators, createSchemaValidator } from './schemaValidator.js';

export interface CheckSettings {
  readonly quiet: boolean;
  /** Code frames (text format), coloured or not; undefined: no frames (json, sarif). */
  readonly frames: { readonly color: boolean } | undefined;
  /**
   * Also run @dbkit/schema's JSON Schema (`--json-schema`). Off by default: core reports everything the schema
   * does (`scripts/schema-coverage.mjs`; docs/decisions/cli.md, "`dbkit validate` runs core's rules alone; the JSON
   * Schema only with `--json-schema`").
   */
  readonly jsonSchema: boolean;
}

export interface ContextLoad {
  readonly context: CheckContext;
  /** Why the JSON Schema step does not run, when it does not. */
  readonly schemaUnavailable?: string;
}

/** @throws Error when the schema cannot be compiled (a broken @dbkit/schema build). */
export async function createCheckContext(settings: CheckSettings): Promise<ContextLoad> {
  const base = {
    quiet: settings.quiet,
    frames: settings.frames ? palette(settings.frames.color) : undefined,
  };
  if (!settings.jsonSchema) return { context: { ...base, validator: undefined } };
  // The build's validators, without loading @dbkit/schema or ajv's compiler.
  const precompiled = loadPrecompiled();
  if (precompiled) return { context: { ...base, validator: createSchemaValidator(precompiled, 'precompiled') } };
  const schema = await loadSchemaPackage();
  if (!schema.ok) {
    return {
      context: {
        ...base,
        validator: undefined,
      },
      schemaUnavailable: schema.reason,
    };
  }
  return {
    context: {
      ...base,
      validator: createSchemaValidator(compileValidators(schema.value.automationConfigSchema), 'compiled'),
    },
  };
}
