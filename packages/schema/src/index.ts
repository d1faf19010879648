/**
 * @dbkit/schema: the JSON Schemas generated from @dbkit/core's types, as objects, plus the SchemaStore-format
 * catalog. The objects are the committed files in `schema/` (imported as JSON modules); the generator itself is
 * not part of the runtime API.
 *
 * @example
 * import { Ajv } from 'ajv';
 * import { ajvOptions, automationConfigSchema } from '@dbkit/schema';
 * const validate = new Ajv({ ...ajvOptions, allErrors: true }).compile(automationConfigSchema);
 */
import automationConfig from '../schema/automation-config.schema.json' with { type: 'json' };
import catalogJson from '../schema/catalog.json' with { type: 'json' };
import type { JsonSchema } from './apiSchemas.js';
import { CATALOG_FILE, SCHEMA_FILES } from './files.js';

export type { ApiSchemaName, JsonSchema } from './apiSchemas.js';
export { apiSchemas } from './apiSchemas.js';
export { fileMatchToRegExp, isAutomationConfigFileName, matchesAny } from './fileMatch.js';
export { AUTOMATION_CONFIG_FILE_MATCH, SCHEMA_ID_BASE, SCHEMA_VERSION } from './files.js';

/** The schema of the automation configuration document (`schema/automation-config.schema.json`). */
export const automationConfigSchema: JsonSchema = automationConfig;

export { type SchemaFileInfo, schemaFiles } from './schemaFiles.js';

/** One entry of a SchemaStore-format catalog. */
export interface SchemaCatalogEntry {
  readonly name: string;
  readonly description: string;
  readonly fileMatch?: readonly string[];
  readonly url: string;
  readonly versions?: { readonly [version: string]: string };
}

/** A SchemaStore-format catalog (https://json.schemastore.org/schema-catalog.json). */
export interface SchemaCatalog {
  readonly $schema: string;
  readonly version: number;
  readonly schemas: readonly SchemaCatalogEntry[];
}

/** `schema/catalog.json`: the automation configuration's file patterns, pointing at its `$id`. */
export const catalog: SchemaCatalog = catalogJson;

/** The catalog's file name inside `schema/`. */
export const CATALOG_FILE_NAME = CATALOG_FILE;

/**
 * The catalog with each schema's `url` (and `versions`) pointing under `baseUrl` instead of at the `$id`, for
 * editors that fetch what the catalog names: write the schema files somewhere and point a catalog at them.
 * @example
 * catalogWithBaseUrl(pathToFileURL('/home/me/.dbkit/schema/').href)
 */
export function catalogWithBaseUrl(baseUrl: string): SchemaCatalog {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const fileOf = new Map(SCHEMA_FILES.map((f) => [f.id, f.file]));
  const move = (url: string): string => {
    const file = fileOf.get(url);
    return file ? `${base}${file}` : url;
  };
  return {
    ...catalog,
    schemas: catalog.schemas.map((entry) => ({
      ...entry,
      url: move(entry.url),
      ...(entry.versions
        ? { versions: Object.fromEntries(Object.entries(entry.versions).map(([v, url]) => [v, move(url)])) }
        : {}),
    })),
  };
}

/**
 * Keywords the schemas use for editors (VS Code and everything built on vscode-json-languageservice). They never
 * change what is valid; a strict validator must be told they exist.
 */
export const editorKeywords: readonly string[] = [
  'markdownDescription',
  'enumDescriptions',
  'deprecationMessage',
  'doNotSuggest',
  'defaultSnippets',
];

/**
 * Options that let Ajv (strict mode, the default) compile these schemas: the editor keywords as annotations, and
 * union types (`"type": ["string", "null"]`). The API schemas also use `"format": "date-time"`: add ajv-formats
 * for those. Spread into `new Ajv({ ...ajvOptions, allErrors: true })`.
 */
export const ajvOptions: { readonly allowUnionTypes: true; readonly keywords: string[] } = {
  allowUnionTypes: true,
  keywords: [...editorKeywords],
};
