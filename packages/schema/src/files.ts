/**
 * The files the generator writes to `schema/`, and what each one is. Plain data with no dependency, shared by the
 * generator (`generate.ts`) and the runtime entry (`index.ts`).
 */

/** The interface version of the API (`/api/public/v1.0`); it is part of every schema's `$id`. */
export const SCHEMA_VERSION = 'v1.0';

/**
 * What every schema's `$id` starts with, the file name following: the generator, the catalog and the schema site
 * read it from here. The `$id`s are identifiers: no public host serves them (see README).
 * @example `${SCHEMA_ID_BASE}automation-config.schema.json`
 */
export const SCHEMA_ID_BASE = `https://dbkit.dev/schema/${SCHEMA_VERSION}/`;

/**
 * File names that mark an automation configuration document, as SchemaStore-style globs matched against the file
 * name. The first two are the names dbkit itself uses (examples and the quick start); the others are names users
 * give the document the service's API returns (`GET …/automationConfig`).
 */
export const AUTOMATION_CONFIG_FILE_MATCH: readonly string[] = [
  '*.automation.json',
  'automation-config.json',
  '*.automation-config.json',
  'automation-config.*.json',
  'automationConfig.json',
  '*.automationConfig.json',
  'automation.config.json',
  '*.automation.config.json',
];

/** One generated schema file. */
export interface SchemaFile {
  /** Short name, also the key in `apiSchemas` (`alert-list`). */
  readonly name: string;
  /** File name inside `schema/`. */
  readonly file: string;
  /** The schema's `$id`. */
  readonly id: string;
  /** Title shown by editors and in the catalog. */
  readonly title: string;
  /** The @dbkit/core type (or the alias in `resources.ts`) the schema is generated from. */
  readonly type: string;
  /** File-name globs that mark a document of this kind (only the automation configuration has them). */
  readonly fileMatch?: readonly string[];
}

function schemaFile(name: string, title: string, type: string, fileMatch?: readonly string[]): SchemaFile {
  const file = `${name}.schema.json`;
  return { name, file, id: `${SCHEMA_ID_BASE}${file}`, title, type, ...(fileMatch ? { fileMatch } : {}) };
}

/** The automation configuration schema: the main one. */
export const AUTOMATION_CONFIG_FILE: SchemaFile = schemaFile(
  'automation-config',
  'dbkit automation configuration',
  'AutomationConfig',
  AUTOMATION_CONFIG_FILE_MATCH,
);

/** The API resource schemas: response bodies and the one request body, in the spec's order. */
export const API_SCHEMA_FILES: readonly SchemaFile[] = [
  schemaFile('cluster-snapshot', 'Cluster snapshot', 'ClusterSnapshot'),
  schemaFile('cluster-snapshot-list', 'Cluster snapshot list page', 'ClusterSnapshotList'),
  schemaFile('snapshot-patch', 'Snapshot expiry change (PATCH body)', 'SnapshotPatch'),
  schemaFile('config-server-snapshot', 'Config server snapshot (deprecated)', 'ConfigServerSnapshot'),
  schemaFile(
    'config-server-snapshot-list',
    'Config server snapshot list page (deprecated)',
    'ConfigServerSnapshotList',
  ),
  schemaFile('alert', 'Alert', 'Alert'),
  schemaFile('alert-list', 'Alert list page', 'AlertList'),
  schemaFile('error', 'Error body', 'ApiErrorBody'),
];

/** Every schema file, the automation configuration first. */
export const SCHEMA_FILES: readonly SchemaFile[] = [AUTOMATION_CONFIG_FILE, ...API_SCHEMA_FILES];

/** The SchemaStore-format catalog's file name inside `schema/`. */
export const CATALOG_FILE = 'catalog.json';

/** Text of the `$comment` at the top of every generated schema. */
export const GENERATED_COMMENT =
  "Generated from @dbkit/core's types by packages/schema/src/generate.ts; do not edit, run `pnpm --filter @dbkit/schema gen`.";
