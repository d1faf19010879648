/**
 * The JSON Schema check: ajv, with the draft the schema declares. The build compiles the automation-config schema
 * to JavaScript once (ajv's standalone code, `scripts/precompile-schema.mjs`), so a run only loads it; when that
 * code is missing, the schema is compiled at startup instead.
 */
import { createRequire } from 'node:module';
import type { Ajv, AnySchemaObject, ErrorObject, Options, ValidateFunction } from 'ajv';

// ajv (a CommonJS package) is required on first use, not imported: a run that loads the build's precompiled
// validators never compiles, and loading ajv's compiler would add to start-up in the main thread and every worker.
const require = createRequire(import.meta.url);

export type SchemaDraft = 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

/** The draft a schema declares in `$schema`; draft-07 (ajv's default) when it declares none. */
export function schemaDraft(schema: { readonly $schema?: unknown }): SchemaDraft | { readonly unsupported: string } {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared === '' || declared.includes('draft-07')) return 'draft-07';
  if (declared.includes('draft-06')) return 'draft-06';
  if (declared.includes('2019-09')) return '2019-09';
  if (declared.includes('2020-12')) return '2020-12';
  return { unsupported: declared };
}

/** The draft of a schema ajv 8 can validate. @throws Error for draft-04 and older. */
export function supportedDraft(schema: { readonly $schema?: unknown }): SchemaDraft {
  const draft = schemaDraft(schema);
  if (typeof draft !== 'string') {
    throw new Error(`the JSON Schema declares ${draft.unsupported}, which dbkit's ajv 8 cannot validate`);
  }
  return draft;
}

/**
 * ajv for one draft. `strict: false`: the generated schema carries editor annotations (`markdownDescription`, …)
 * and union types; they are not errors. `extra` adds build-time options (standalone code).
 */
export function createAjv(draft: SchemaDraft, allErrors: boolean, extra: Options = {}): Ajv {
  const options: Options = { allErrors, strict: false, logger: false, ...extra };
  switch (draft) {
    case '2019-09': {
      const { Ajv2019 } = require('ajv/dist/2019.js') as typeof import('ajv/dist/2019.js');
      return new Ajv2019(options);
    }
    case '2020-12': {
      const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
      return new Ajv2020(options);
    }
    case 'draft-06':
    case 'draft-07': {
      const { Ajv } = require('ajv') as typeof import('ajv');
      const ajv = new Ajv(options);
      if (draft === 'draft-06') ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
      return ajv;
    }
  }
}

/** The two validators: one that stops at the first error, and (built on first use) one that collects them all. */
export interface ValidatorPair {
  readonly first: ValidateFunction;
  readonly all: () => ValidateFunction;
}

export interface SchemaValidator {
  /** `precompiled`: loaded from the build's standalone code; `compiled`: compiled from the schema at startup. */
  readonly origin: 'precompiled' | 'compiled';
  /** Every error of a document; empty when it is valid. */
  readonly validate: (document: unknown) => readonly ErrorObject[];
}

/** Compiles both validators from the schema, for its draft. @throws Error for an unsupported draft. */
export function compileValidators(schema: object & { readonly $schema?: unknown }): ValidatorPair {
  const draft = supportedDraft(schema);
  const compiled = schema as AnySchemaObject;
  let all: ValidateFunction | undefined;
  return {
    first: createAjv(draft, false).compile(compiled),
    all: () => {
      all ??= createAjv(draft, true).compile(compiled);
      return all;
    },
  };
}

/**
 * Valid documents, the common case, go through the validator that stops at the first error; only an invalid one
 * is validated again, to collect every error.
 */
export function createSchemaValidator(pair: ValidatorPair, origin: SchemaValidator['origin']): SchemaValidator {
  return {
    origin,
    validate(document) {
      if (pair.first(document)) return [];
      const all = pair.all();
      all(document);
      return all.errors ?? [];
    },
  };
}
