/**
 * The API resource schemas, in a module of their own: a bundle that needs only the automation config's schema (the
 * playground's first load, the language server) leaves these out, or loads them when an API document is opened.
 */
import alertSchema from '../schema/alert.schema.json' with { type: 'json' };
import alertListSchema from '../schema/alert-list.schema.json' with { type: 'json' };
import clusterSnapshotSchema from '../schema/cluster-snapshot.schema.json' with { type: 'json' };
import clusterSnapshotListSchema from '../schema/cluster-snapshot-list.schema.json' with { type: 'json' };
import configServerSnapshotSchema from '../schema/config-server-snapshot.schema.json' with { type: 'json' };
import configServerSnapshotListSchema from '../schema/config-server-snapshot-list.schema.json' with { type: 'json' };
import errorSchema from '../schema/error.schema.json' with { type: 'json' };
import snapshotPatchSchema from '../schema/snapshot-patch.schema.json' with { type: 'json' };

/** A JSON Schema (draft-07) as a plain object. */
export type JsonSchema = { readonly [keyword: string]: unknown };

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
