/**
 * The OpenAPI 3.1 document of the service: the routes below (the spec's endpoints and the automation config) with
 * the JSON Schemas `@dbkit/schema` generates from core's types as components. Committed as `apps/server/openapi.json`
 * and served at `/openapi.json`; a test regenerates it and fails on any difference.
 */
import { apiSchemas, automationConfigSchema, type JsonSchema } from '@dbkit/schema';

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Copies a draft-07 schema into components: `definitions` become components, refs point there. */
function collect(name: string, schema: JsonSchema, into: Record<string, unknown>): void {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/definitions/')) {
        out.$ref = `#/components/schemas/${inner.slice('#/definitions/'.length)}`;
      } else if (key !== '$schema' && key !== '$id' && key !== 'definitions' && key !== 'defaultSnippets') {
        out[key] = rewrite(inner);
      }
    }
    return out;
  };
  const definitions = (schema.definitions ?? {}) as Record<string, unknown>;
  for (const [definition, body] of Object.entries(definitions)) {
    const rewritten = rewrite(body);
    const existing = into[definition];
    if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(rewritten)) {
      throw new Error(`Two schemas define ${definition} differently; give one of them another name.`);
    }
    into[definition] = rewritten;
  }
  into[name] = rewrite(schema);
}

const COMMON_QUERY = [
  {
    name: 'pretty',
    in: 'query',
    schema: { type: 'boolean', default: false },
    description: 'Pretty-print the response body.',
  },
  {
    name: 'envelope',
    in: 'query',
    schema: { type: 'boolean', default: false },
    description: 'Wrap the response: `{status, content}` for one result; lists get a `status` field.',
  },
] as const;
const PAGING = [
  {
    name: 'pageNum',
    in: 'query',
    schema: { type: 'integer', minimum: 1, default: 1 },
    description: 'One-based page number.',
  },
  {
    name: 'itemsPerPage',
    in: 'query',
    schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
    description: 'Items per page, at most 500.',
  },
] as const;
const path = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description,
});
const GROUP = path('PROJECT-ID', 'The project (group) identifier.');
const CLUSTER = path('CLUSTER-ID', 'The cluster identifier.');
const SNAPSHOT = path('SNAPSHOT-ID', 'The snapshot identifier.');
const HOST = path('HOST-ID', 'The identifier of a mirrored config server.');
const ALERT = path('ALERT-ID', 'The alert identifier.');

/** Core's `AutomationStatus`, as the vendor's Go client decodes it. Not in the spec, so not among the generated schemas. */
const AUTOMATION_STATUS = {
  type: 'object',
  required: ['goalVersion', 'processes'],
  properties: {
    goalVersion: { type: 'integer', description: 'The version of the newest accepted automation config.' },
    processes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['hostname', 'name', 'lastGoalVersionAchieved', 'plan'],
        properties: {
          hostname: { type: 'string' },
          name: { type: 'string' },
          lastGoalVersionAchieved: { type: 'integer', description: 'The last config version this process reached.' },
          plan: { type: 'array', items: { type: 'string' }, description: 'The moves left, the current one first.' },
          errorCode: { type: 'integer', description: 'Present while the process’s agent is stuck.' },
          errorString: { type: 'string' },
        },
      },
    },
  },
} as const;

/** Core's `Cluster`. Not in the spec, so not among the generated schemas. */
const CLUSTER_SCHEMA = {
  type: 'object',
  required: ['id', 'groupId', 'clusterName', 'typeName', 'links'],
  properties: {
    id: { type: 'string' },
    groupId: { type: 'string' },
    clusterName: { type: 'string' },
    typeName: { enum: ['REPLICA_SET', 'SHARDED_REPLICA_SET'] },
    replicaSetName: { type: 'string' },
    links: {
      type: 'array',
      items: { type: 'object', properties: { href: { type: 'string' }, rel: { type: 'string' } } },
    },
  },
} as const;

/** A list response of `items`. */
const listOf = (items: unknown) => ({
  type: 'object',
  required: ['results', 'totalCount', 'links'],
  properties: {
    results: { type: 'array', items },
    totalCount: { type: 'integer' },
    links: { type: 'array', items: { type: 'object' } },
  },
});

/** The body core's `parseAlertAcknowledgement` reads. */
const ACKNOWLEDGEMENT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    acknowledgedUntil: {
      type: 'string',
      description: 'ISO 8601 time (or date) until which the alert is acknowledged; absent: un-acknowledge.',
    },
    acknowledgementComment: { type: 'string' },
    unacknowledgeAlert: { type: 'boolean', description: 'true un-acknowledges (the Atlas Admin API flag).' },
  },
} as const;

const json = (schema: unknown, description: string) => ({ description, content: { 'application/json': { schema } } });
const ERRORS = {
  '400': json(ref('error'), 'A bad parameter or body (INVALID_QUERY_PARAMETER, INVALID_JSON, …).'),
  '401': json(
    ref('error'),
    'No valid Digest credentials (a challenge in WWW-Authenticate), or a key of another project (NOT_IN_GROUP).',
  ),
  '404': json(ref('error'), 'An unknown resource.'),
};

export function openApiDocument(version: string): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'dbkit service: snapshots, alerts and the automation configuration',
      version,
      description:
        "The spec's REST interface (../shared/spec/service-spec.md) as dbkit's service implements it, plus GET/PUT of the automation configuration. Every request is authenticated with HTTP Digest (public key as user name, private key as password).",
    },
    servers: [{ url: '/api/public/v1.0' }],
    components: {
      schemas: componentSchemas(),
      securitySchemes: { digest: { type: 'http', scheme: 'digest' } },
    } as unknown as Json,
    security: [{ digest: [] }],
    paths: {
      ...alertPaths(),
      ...clusterPaths(),
      ...clusterSnapshotPaths(),
      ...configServerSnapshotPaths(),
      ...automationConfigPaths(),
      ...automationStatusPaths(),
    },
  } as unknown as Json;
}

/** The generated schemas as components: core's API resources and the automation configuration. */
function componentSchemas(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(apiSchemas)) collect(name, schema, schemas);
  collect('automation-config', automationConfigSchema, schemas);
  return schemas;
}

/** The alerts of a project, one alert, and its acknowledgement. */
function alertPaths() {
  return {
    '/groups/{PROJECT-ID}/alerts': {
      get: {
        summary: 'The alerts of a project',
        parameters: [
          GROUP,
          {
            name: 'status',
            in: 'query',
            schema: { enum: ['TRACKING', 'OPEN', 'CLOSED'] },
            description: 'Only alerts with this status.',
          },
          ...PAGING,
          ...COMMON_QUERY,
        ],
        responses: { '200': json(ref('alert-list'), 'One page of alerts.'), ...ERRORS },
      },
    },
    '/groups/{PROJECT-ID}/alerts/{ALERT-ID}': {
      get: {
        summary: 'One alert: what its self link answers (not in the spec)',
        parameters: [GROUP, ALERT, ...COMMON_QUERY],
        responses: { '200': json(ref('alert'), 'The alert.'), ...ERRORS },
      },
      patch: {
        summary: 'Acknowledge an alert, or take the acknowledgement away (not in the spec)',
        description:
          'acknowledgedUntil acknowledges until then (a past time ends it); without it the acknowledgement is removed. The status never changes; acknowledgingUsername is the public key.',
        parameters: [GROUP, ALERT, ...COMMON_QUERY],
        requestBody: { required: true, content: { 'application/json': { schema: ACKNOWLEDGEMENT } } },
        responses: { '200': json(ref('alert'), 'The alert as it now is.'), ...ERRORS },
      },
    },
  };
}

/** The clusters of a project and one cluster: the ids the snapshot endpoints take. */
function clusterPaths() {
  return {
    '/groups/{PROJECT-ID}/clusters': {
      get: {
        summary: 'The clusters of a project (not in the spec): the ids the snapshot endpoints take',
        parameters: [GROUP, ...PAGING, ...COMMON_QUERY],
        responses: { '200': json(listOf(CLUSTER_SCHEMA), 'One page of clusters.'), ...ERRORS },
      },
    },
    '/groups/{PROJECT-ID}/clusters/{CLUSTER-ID}': {
      get: {
        summary: 'One cluster of a project (not in the spec)',
        parameters: [GROUP, CLUSTER, ...COMMON_QUERY],
        responses: { '200': json(CLUSTER_SCHEMA, 'The cluster.'), ...ERRORS },
      },
    },
  };
}

/** A cluster's snapshots, one snapshot, and its expiry. */
function clusterSnapshotPaths() {
  return {
    '/groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots': {
      get: {
        summary: 'The snapshots of a cluster',
        parameters: [
          GROUP,
          CLUSTER,
          { name: 'completed', in: 'query', schema: { enum: ['true', 'false', 'all'], default: 'true' } },
          ...PAGING,
          ...COMMON_QUERY,
        ],
        responses: { '200': json(ref('cluster-snapshot-list'), 'One page of snapshots.'), ...ERRORS },
      },
    },
    '/groups/{PROJECT-ID}/clusters/{CLUSTER-ID}/snapshots/{SNAPSHOT-ID}': {
      get: {
        summary: 'One snapshot of a cluster',
        parameters: [GROUP, CLUSTER, SNAPSHOT, ...COMMON_QUERY],
        responses: { '200': json(ref('cluster-snapshot'), 'The snapshot.'), ...ERRORS },
      },
      patch: {
        summary: "Change a snapshot's expiry",
        description:
          'doNotDelete true removes expires (sending both fails with "invalid fields"); an expires at or before now schedules deletion; an expires already past cannot be edited (409).',
        parameters: [GROUP, CLUSTER, SNAPSHOT, ...COMMON_QUERY],
        requestBody: { required: true, content: { 'application/json': { schema: ref('snapshot-patch') } } },
        responses: {
          '200': json(ref('cluster-snapshot'), 'The updated snapshot.'),
          ...ERRORS,
          '409': json(ref('error'), 'SNAPSHOT_EXPIRY_PASSED'),
        },
      },
    },
  };
}

/** A mirrored config server's snapshots (deprecated in the spec). */
function configServerSnapshotPaths() {
  return {
    '/groups/{PROJECT-ID}/hosts/{HOST-ID}/snapshots': {
      get: {
        summary: 'The snapshots of a mirrored config server',
        deprecated: true,
        parameters: [GROUP, HOST, ...PAGING, ...COMMON_QUERY],
        responses: { '200': json(ref('config-server-snapshot-list'), 'One page of snapshots.'), ...ERRORS },
      },
    },
    '/groups/{PROJECT-ID}/hosts/{HOST-ID}/snapshots/{SNAPSHOT-ID}': {
      get: {
        summary: 'One snapshot of a mirrored config server',
        deprecated: true,
        parameters: [GROUP, HOST, SNAPSHOT, ...COMMON_QUERY],
        responses: { '200': json(ref('config-server-snapshot'), 'The snapshot.'), ...ERRORS },
      },
    },
  };
}

/** GET and PUT of the automation configuration. */
function automationConfigPaths() {
  return {
    '/groups/{PROJECT-ID}/automationConfig': {
      get: {
        summary: 'The automation configuration of a project (not in the spec), exactly as stored',
        parameters: [GROUP, ...COMMON_QUERY],
        responses: { '200': json(ref('automation-config'), 'The stored document.'), ...ERRORS },
      },
      put: {
        summary: 'Replace the automation configuration (not in the spec)',
        description:
          "Validated with @dbkit/core: a document with errors gets 400 AUTOMATION_CONFIG_INVALID with the editor's diagnostics; a transition from the stored revision that planTransition calls unsafe gets 400 AUTOMATION_CONFIG_UNSAFE_TRANSITION (unless allowUnsafeTransition=true). version must be higher than the stored one, else 409 and nothing changes.",
        parameters: [
          GROUP,
          {
            name: 'allowUnsafeTransition',
            in: 'query',
            schema: { type: 'boolean', default: false },
            description: 'Store the document even when the transition from the stored revision has errors.',
          },
          ...COMMON_QUERY,
        ],
        requestBody: { required: true, content: { 'application/json': { schema: ref('automation-config') } } },
        responses: {
          '200': json({ type: 'object' }, 'Stored; the body is {}.'),
          ...ERRORS,
          '409': json(ref('error'), 'AUTOMATION_CONFIG_CONCURRENT_MODIFICATION'),
          '413': json(ref('error'), 'REQUEST_BODY_TOO_LARGE'),
        },
      },
    },
  };
}

/** Where each process's automation agent is. */
function automationStatusPaths() {
  return {
    '/groups/{PROJECT-ID}/automationStatus': {
      get: {
        summary: "Where each process's automation agent is (not in the spec)",
        description:
          'A deployment is at the goal when every process has lastGoalVersionAchieved equal to goalVersion and an empty plan. dbkit simulates the agents: each works through the moves the new config asks of it, one every --agent-step-ms.',
        parameters: [GROUP, ...COMMON_QUERY],
        responses: { '200': json(AUTOMATION_STATUS, 'The status.'), ...ERRORS },
      },
    },
  };
}

/** The committed file's text: two-space JSON with a final newline. */
export function openApiText(version = '0.1.0'): string {
  return `${JSON.stringify(openApiDocument(version), null, 2)}\n`;
}
