/**
 * @dbkit/schema, loaded once: the automation-config schema for `validate`, every schema file and the catalog for
 * `dbkit schema`.
 */

export interface SchemaPackage {
  readonly automationConfigSchema: object & { readonly $schema?: unknown };
  readonly catalog: unknown;
  readonly schemaFiles: unknown;
  readonly version: string;
}

export type SchemaLoad =
  | { readonly ok: true; readonly value: SchemaPackage }
  | { readonly ok: false; readonly reason: string };

let loaded: Promise<SchemaLoad> | undefined;

export function loadSchemaPackage(): Promise<SchemaLoad> {
  loaded ??= import('@dbkit/schema').then(
    (imported): SchemaLoad => {
      // Read by name, not by type: the CLI reports a clear reason if the package's exports change.
      const module = imported as Record<string, unknown>;
      const schema = module.automationConfigSchema as unknown;
      if (typeof schema !== 'object' || schema === null) {
        return { ok: false, reason: '@dbkit/schema exports no automationConfigSchema' };
      }
      return {
        ok: true,
        value: {
          automationConfigSchema: schema,
          catalog: module.catalog,
          schemaFiles: module.schemaFiles,
          version: String(module.SCHEMA_VERSION),
        },
      };
    },
    (error: unknown): SchemaLoad => ({
      ok: false,
      reason: `cannot load @dbkit/schema (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    }),
  );
  return loaded;
}
