/**
 * Input of the generator, not runtime code: named instantiations of @dbkit/core's generic list response, one per
 * list endpoint, so typescript-json-schema can generate a schema for each (it needs a symbol name, not a type
 * expression). Their JSDoc becomes the schemas' descriptions.
 */
import type { Alert, ClusterSnapshot, ConfigServerSnapshot, ListResponse } from '@dbkit/core';

/** One page of `GET /groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots`: the snapshots of one cluster. */
export type ClusterSnapshotList = ListResponse<ClusterSnapshot>;

/**
 * One page of `GET /groups/{PROJECT-ID}/hosts/{HOST-ID}/snapshots`: the snapshots of one mirrored config server.
 * @deprecated The config server snapshot endpoints are deprecated from database server 3.4 on.
 */
export type ConfigServerSnapshotList = ListResponse<ConfigServerSnapshot>;

/** One page of `GET /groups/{PROJECT-ID}/alerts`: the alerts of a project, optionally filtered by status. */
export type AlertList = ListResponse<Alert>;
