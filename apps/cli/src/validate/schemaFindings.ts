/**
 * ajv's errors as dbkit findings: one finding per problem (the branches of a failed anyOf/oneOf collapse into
 * one), a JSON path instead of a JSON pointer, a stable code `schema/<keyword>`, and messages written by dbkit
 * from the schema's side of the error only, so they never repeat a value from the document; an unknown field's
 * name, the one piece of the document they quote, is quoted with the document's secrets masked (core's `Quoter`).
 */
import { type JsonPath, type Severity, secretTextsOf } from '@dbkit/core';
import { type Quoter, quoterOf } from '@dbkit/core/internal';
import type { Anchor } from '@dbkit/language-server/internal/locate';
import type { ErrorObject } from 'ajv';
import type { Finding } from './finding.js';

export const SCHEMA_CODE_PREFIX = 'schema/';

/** A finding of the JSON Schema; `missingField` names the field a `required` error is about. */
export interface SchemaFinding extends Finding {
  readonly missingField?: string;
}

/**
 * The severity of a schema finding: the default severity of the core code for the same kind of problem. Unknown
 * fields are information (like DBK107: the service keeps them); everything else the schema rejects is an error.
 */
export function schemaSeverity(keyword: string): Severity {
  return keyword === 'additionalProperties' || keyword === 'unevaluatedProperties' ? 'info' : 'error';
}

/** Keywords whose finding points at a property's key rather than its value. */
export function schemaAnchor(keyword: string): Anchor {
  return keyword === 'additionalProperties' || keyword === 'unevaluatedProperties' ? 'key' : 'value';
}

/** ajv's errors, cleaned up, as findings. `document` is the validated value (to tell array indices from keys). */
export function schemaFindings(errors: readonly ErrorObject[], document: unknown): SchemaFinding[] {
  const findings: SchemaFinding[] = [];
  const q = quoterOf(() => secretTextsOf(document));
  for (const error of collapse(errors)) {
    const base = pointerToPath(error.instancePath, document);
    const params = error.params as Record<string, unknown>;
    let path: JsonPath = base;
    if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      const name = params.additionalProperty ?? params.unevaluatedProperty;
      if (typeof name === 'string') path = [...base, name];
    }
    findings.push({
      code: `${SCHEMA_CODE_PREFIX}${error.keyword}`,
      severity: schemaSeverity(error.keyword),
      message: schemaMessage(error, q),
      path,
      source: 'schema',
      ...(error.keyword === 'required' ? { missingField: String(params.missingProperty) } : {}),
    });
  }
  return findings;
}

/**
 * Drops what is noise for a reader: the errors of each branch of a failed anyOf/oneOf (they contradict each other;
 * the anyOf/oneOf error itself stays), and the `if` error that only says "must match then".
 */
function collapse(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') {
      kept.push(error);
      continue;
    }
    // ajv reports the branches' errors just before the anyOf/oneOf error, all at or below its instance path.
    const at = error.instancePath;
    const branches: ErrorObject[] = [];
    while (kept.length > 0) {
      const last = kept[kept.length - 1]!;
      if (last.instancePath !== at && !last.instancePath.startsWith(`${at}/`)) break;
      branches.push(kept.pop()!);
    }
    // When every branch only wants another type (`array | string | null`), that is the clearer message.
    const types = branches.every((b) => b.keyword === 'type' && b.instancePath === at)
      ? branches.reverse().flatMap((b) => String((b.params as { type?: unknown }).type).split(','))
      : [];
    kept.push(types.length > 0 ? { ...error, keyword: 'type', params: { type: types.join(',') } } : error);
  }
  return kept;
}

/** `/processes/0/name` → `['processes', 0, 'name']`, reading the document to tell an array index from a key. */
export function pointerToPath(pointer: string, document: unknown): JsonPath {
  if (pointer === '') return [];
  const path: (string | number)[] = [];
  let value: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value) && /^\d+$/.test(segment)) {
      path.push(Number(segment));
      value = value[Number(segment)];
    } else {
      path.push(segment);
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
    }
  }
  return path;
}

const typeNames: { readonly [type: string]: string } = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function list(values: readonly unknown[], limit = 6): string {
  const shown = values.slice(0, limit).map((v) => JSON.stringify(v));
  return values.length > limit ? `${shown.join(', ')}, … (${values.length} values)` : shown.join(', ');
}

/**
 * What the schema says, in dbkit's words. Only the schema's side (`params`) is quoted, never the data; an unknown
 * field's name is the document's, quoted by `q`.
 */
export function schemaMessage(error: ErrorObject, q: Quoter): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `Missing the field "${String(params.missingProperty)}", which the JSON Schema requires here. Add it.`;
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      return `${q.quote(name)} is not a field the JSON Schema defines here. Check its spelling, or remove it.`;
    }
    case 'type': {
      const types = [...new Set(String(params.type).split(','))].map((t) => typeNames[t] ?? t);
      const last = types.pop();
      return `The JSON Schema expects ${types.length > 0 ? `${types.join(', ')} or ${last}` : last} here.`;
    }
    case 'enum':
      return `The JSON Schema allows only ${list((params.allowedValues as unknown[]) ?? [])} here.`;
    case 'const':
      return `The JSON Schema allows only ${JSON.stringify(params.allowedValue)} here.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `The JSON Schema expects a number ${String(params.comparison)} ${String(params.limit)} here.`;
    case 'pattern':
      return `The JSON Schema expects a string matching ${JSON.stringify(params.pattern)} here.`;
    case 'format':
      return `The JSON Schema expects the format "${String(params.format)}" here.`;
    case 'anyOf':
    case 'oneOf':
      if (Array.isArray(params.passingSchemas)) {
        return 'The value matches more than one of the shapes the JSON Schema allows here (oneOf): it is ambiguous.';
      }
      return `The value matches none of the shapes the JSON Schema allows here (${error.keyword}).`;
    default:
      // ajv's own messages are built from the schema (limits, formats, names), not from the data.
      return `The JSON Schema says: ${error.message ?? `"${error.keyword}" fails`}.`;
  }
}
