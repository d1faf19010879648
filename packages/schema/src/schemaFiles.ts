/**
 * Every schema file of the package with its schema, in a module of its own: it holds every schema, so a bundle that
 * asks for one (the automation config's) does not carry the others through it.
 */
import automationConfig from '../schema/automation-config.schema.json' with { type: 'json' };
import { apiSchemas, type JsonSchema } from './apiSchemas.js';
import { SCHEMA_FILES } from './files.js';

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

const byName: { readonly [name: string]: JsonSchema } = { 'automation-config': automationConfig, ...apiSchemas };

/** Every schema file, the automation configuration first. */
export const schemaFiles: readonly SchemaFileInfo[] = SCHEMA_FILES.map(({ name, file, id, fileMatch }) => ({
  name,
  file,
  id,
  ...(fileMatch ? { fileMatch } : {}),
  schema: byName[name] as JsonSchema,
}));
