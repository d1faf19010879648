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
import alertSchema from '../schema/alert.schema.json' with { type: 'json' };
import alertListSchema from '../schema/alert-list.schema.json' with { type: 'json' };
import automationConfig from '../schema/automation-config.schema.json' with { type: 'json' };
import catalogJson from '../schema/catalog.json' with { type: 'json' };
import clusterSnapshotSchema from '../schema/cluster-snapshot.schema.json' with { type: 'json' };
import clusterSnapshotListSchema from '../schema/cluster-snapshot-list.schema.json' with { type: 'json' };
import configServerSnapshotSchema from '../schema/config-server-snapshot.schema.json' with { type: 'json' };
import configServerSnapshotListSchema from '../schema/config-server-snapshot-list.schema.json' with { type: 'json' };
import errorSchema from '../schema/error.schema.json' with { type: 'json' };
import snapshotPatchSchema from '../schema/snapshot-patch.schema.json' with { type: 'json' };
import { CATALOG_FILE, SCHEMA_FILES } from './files.js';

export { fileMatchToRegExp, isAutomationConfigFileName, matchesAny } from './fileMatch.js';
export { AUTOMATION_CONFIG_FILE_MATCH, SCHEMA_ID_BASE, SCHEMA_VERSION } from './files.js';

/** A JSON Schema (draft-07) as a plain object. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The schema of the automation configuration document (`schema/automation-config.schema.json`). */
export const automationConfigSchema: JsonSchema = automationConfig;

/** The names of the API resource schemas, the keys of {@link apiSchemas}. */
export type ApiSchemaName =
  | 'cluster-snapshot'
  | 'cluster-snapshot-list'
  | 'snapshot-patch'
  | 'config-server-snapshot'
  | 'config-server-snapshot-list'
  | 'alert'
  | 'alert-list'
  | 'error';

/** The API resource schemas: response bodies (single resources and list pages), the PATCH body, the error body. */
export const apiSchemas: { readonly [name in ApiSchemaName]: JsonSchema } = {
  'cluster-snapshot': clusterSnapshotSchema,
  'cluster-snapshot-list': clusterSnapshotListSchema,
  'snapshot-patch': snapshotPatchSchema,
  'config-server-snapshot': configServerSnapshotSchema,
  'config-server-snapshot-list': configServerSnapshotListSchema,
  alert: alertSchema,
  'alert-list': alertListSchema,
  error: errorSchema,
};

/** One schema file of the package. */
export interface SchemaFileInfo {
  /** `automation-config`, or an {@link ApiSchemaName}. */
  readonly name: string;
  /** File name inside the package's `schema/` folder (`@dbkit/schema/schema/<file>`). */
  readonly file: string;
  /** The schema's `$id`: an identifier, not an address anything fetches. */
  readonly id: string;
  /** File-name globs that mark a document of this kind (the automation configuration only). */
  readonly fileMatch?: readonly string[];
  /** The schema itself. */
  readonly schema: JsonSchema;
}

const byName: { readonly [name: string]: JsonSchema } = { 'automation-config': automationConfigSchema, ...apiSchemas };

/** Every schema file, the automation configuration first. */
export const schemaFiles: readonly SchemaFileInfo[] = SCHEMA_FILES.map(({ name, file, id, fileMatch }) => ({
  name,
  file,
  id,
  ...(fileMatch ? { fileMatch } : {}),
  schema: byName[name] as JsonSchema,
}));

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
