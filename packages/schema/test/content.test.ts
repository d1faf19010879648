import { AuthMechanism, EventTypeName, MetricName, ProcessType, TlsMode, Unit } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { SCHEMA_ID_BASE } from '../src/files.js';
import { automationConfigSchema, type JsonSchema, SCHEMA_VERSION, schemaFiles } from '../src/index.js';
import { SNIPPETS } from '../src/transform/snippets.js';
import { isNode, type SchemaNode, walk } from '../src/transform/walk.js';
import { compile, errorLines } from './helpers.js';

const definitions = automationConfigSchema.definitions as Record<string, SchemaNode>;

/** Every node of a schema with its path, except `if` conditions (they test values, they document nothing). */
function nodesOf(schema: JsonSchema): [string, SchemaNode][] {
  const nodes: [string, SchemaNode][] = [];
  walk(structuredClone(schema) as SchemaNode, (node, path) => {
    if (!path.includes('if')) nodes.push([`/${path.join('/')}`, node]);
  });
  return nodes;
}

/** The node at a `/`-separated path of keywords and names. */
function at(schema: JsonSchema, path: string): SchemaNode {
  let node: unknown = schema;
  for (const key of path.split('/').filter(Boolean)) node = (node as SchemaNode)[key];
  if (!isNode(node)) throw new Error(`No schema node at ${path}`);
  return node;
}

describe.for(schemaFiles)('$file', ({ file, id, schema }) => {
  it('declares draft-07, a versioned $id and the generated-file note', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(id).toBe(`${SCHEMA_ID_BASE}${file}`);
    expect(schema.$id).toBe(`https://dbkit.dev/schema/${SCHEMA_VERSION}/${file}`);
    expect(schema.$comment).toMatch(
      /^Generated from @dbkit\/core's types .* run `pnpm --filter @dbkit\/schema gen`\.$/,
    );
    expect(schema.title).toEqual(expect.any(String));
  });

  it('refers only to its own definitions, and every reference resolves', () => {
    const refs = nodesOf(schema).flatMap(([, node]) => (typeof node.$ref === 'string' ? [node.$ref] : []));
    const names = Object.keys((schema.definitions as object | undefined) ?? {});
    for (const ref of refs) expect(names.map((n) => `#/definitions/${n}`)).toContain(ref);
  });

  it('never forbids unknown fields', () => {
    const closed = nodesOf(schema).filter(([, node]) => node.additionalProperties === false);
    expect(closed.map(([path]) => path)).toEqual([]);
  });

  it('describes every property, in plain text and in Markdown', () => {
    const undescribed = nodesOf(schema).flatMap(([path, node]) =>
      Object.entries(isNode(node.properties) ? node.properties : {})
        .filter(([, p]) => !isNode(p) || typeof p.description !== 'string' || typeof p.markdownDescription !== 'string')
        .map(([name]) => `${path}/properties/${name}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('describes every value of every enum', () => {
    for (const [path, node] of nodesOf(schema)) {
      if (!Array.isArray(node.enum)) continue;
      expect(node.enumDescriptions, path).toHaveLength(node.enum.length);
      for (const text of node.enumDescriptions as unknown[]) expect(text, path).toMatch(/\w{3}/);
    }
  });
});

describe('enum descriptions come from core’s closed sets, in core’s order', () => {
  const enumAt = (schema: JsonSchema, path: string): { values: unknown[]; descriptions: unknown[] } => {
    let node = at(schema, path);
    const branch = Array.isArray(node.anyOf) ? (node.anyOf as SchemaNode[]).find((b) => Array.isArray(b.enum)) : node;
    node = branch as SchemaNode;
    return { values: node.enum as unknown[], descriptions: node.enumDescriptions as unknown[] };
  };
  const alert = schemaFiles.find((f) => f.name === 'alert')?.schema as JsonSchema;
  it.for([
    ['processType', automationConfigSchema, '/definitions/ProcessType', ProcessType],
    ['TLS mode', automationConfigSchema, '/definitions/TlsMode', TlsMode],
    [
      'auth mechanisms',
      automationConfigSchema,
      '/definitions/Auth/properties/deploymentAuthMechanisms/items',
      AuthMechanism,
    ],
    ['metric names', alert, '/definitions/MetricName', MetricName],
    ['units', alert, '/definitions/Unit', Unit],
    ['event type names', alert, '/allOf/2/properties/eventTypeName', EventTypeName],
  ] as const)('%s', ([, schema, path, closedSet]) => {
    const { values, descriptions } = enumAt(schema, path);
    const expected = Object.entries(closedSet as Record<string, { description: string }>);
    // An enum only optional fields use also takes null (counts as absent), described last.
    const nullable = values.at(-1) === null ? 1 : 0;
    expect(values.slice(0, values.length - nullable)).toEqual(expected.map(([value]) => value));
    expect(descriptions.slice(0, descriptions.length - nullable)).toEqual(expected.map(([, m]) => m.description));
    if (nullable) expect(descriptions.at(-1)).toMatch(/^null: counts as absent/);
  });
});

describe('deprecated fields: flagged where dbkit validate warns, and not suggested', () => {
  it.for([
    ['/definitions/UserWanted/properties/userSource', 'No longer supported'],
    ['/definitions/LogRotate/properties/maxUncompressed', 'Use `numUncompressed`'],
  ] as const)('%s', ([path, message]) => {
    const node = at(automationConfigSchema, path);
    expect(node.deprecated).toBe(true);
    expect(node.deprecationMessage).toContain(message);
    expect(node.markdownDescription).toContain(`**Deprecated:** ${node.deprecationMessage}`);
    expect(node.doNotSuggest).toBe(true);
  });

  it.for([
    ['/properties/monitoringVersions', 'Obsolete parameter.'],
    ['/properties/backupVersions', 'Obsolete parameter.'],
    ['/definitions/ShardedCluster/properties/configServer', 'not supported from database server 3.4 on'],
  ] as const)('%s only when it has items (the service writes it empty)', ([path, message]) => {
    const node = at(automationConfigSchema, path);
    expect(node.deprecated).toBeUndefined();
    expect(node.allOf).toEqual([
      {
        if: { type: 'array', minItems: 1 },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword.
        then: { deprecated: true, deprecationMessage: expect.stringContaining(message) },
      },
    ]);
    expect(node.markdownDescription).toContain('**Deprecated:**');
    expect(node.doNotSuggest).toBe(true);
  });

  it.for([
    ['/definitions/ReplicaSetMember/properties/slaveDelay', /servers before 5\.0/],
    ['/definitions/Build/properties/bits', /must not be removed or modified/],
  ] as const)('%s is described, not flagged: real documents need it', ([path, text]) => {
    const node = at(automationConfigSchema, path);
    expect(node.deprecated).toBeUndefined();
    expect(node.deprecationMessage).toBeUndefined();
    expect(node.description).toMatch(text);
  });

  it.for(['config-server-snapshot', 'config-server-snapshot-list'])(
    'the %s schema says it is deprecated without flagging the whole document',
    (name) => {
      const schema = schemaFiles.find((f) => f.name === name)?.schema as JsonSchema;
      expect(schema.markdownDescription).toMatch(
        /\*\*Deprecated:\*\* The config server snapshot endpoints are deprecated/,
      );
      expect(schema.deprecated).toBeUndefined();
      expect(schema.deprecationMessage).toBeUndefined();
    },
  );
});

describe('defaults from @default, shown in the Markdown hover', () => {
  it.for([
    ['/definitions/LogRotate/properties/numUncompressed', 5],
    ['/definitions/LogRotate/properties/percentOfDiskspace', 0.02],
    ['/definitions/LogRotate/properties/numTotal', 0],
    ['/definitions/Ldap/properties/userCacheInvalidationPeriod', 30],
    ['/definitions/Auth/properties/disabled', false],
    ['/definitions/Auth/properties/authoritativeSet', false],
    ['/definitions/Collation/properties/strength', 3],
    ['/definitions/Collation/properties/caseFirst', 'off'],
    ['/definitions/Collation/properties/numericOrdering', false],
  ] as const)('%s is %j', ([path, value]) => {
    const node = at(automationConfigSchema, path);
    expect(node.default).toEqual(value);
    expect(node.markdownDescription).toContain(`Default: \`${JSON.stringify(value)}\`.`);
  });
});

describe('service-managed sections stay known but are not suggested', () => {
  it.for(['atlasProxies', 'mongosqlds', 'prometheus', 'oidcProviderConfigs'])('%s', (name) => {
    expect(at(automationConfigSchema, `/properties/${name}`).doNotSuggest).toBe(true);
  });
});

/** A snippet body as VS Code inserts it with every placeholder left at its default text. */
function expandSnippet(body: unknown): unknown {
  if (typeof body === 'string') {
    const text = body.replace(/\$\{\d+:([^}]*)\}/g, '$1');
    return body.startsWith('^') ? JSON.parse(text.slice(1)) : text;
  }
  if (Array.isArray(body)) return body.map(expandSnippet);
  if (isNode(body)) return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, expandSnippet(v)]));
  return body;
}

describe('snippets insert a valid item with every required field', () => {
  const rows = Object.entries(SNIPPETS).flatMap(([definition, snippets]) =>
    snippets.map((snippet) => [`${definition}: ${snippet.label}`, definition, snippet.body] as const),
  );
  it.for(rows)('%s', ([, definition, body]) => {
    const node = definitions[definition] as SchemaNode;
    expect(node.defaultSnippets).toEqual(SNIPPETS[definition]);
    const item = expandSnippet(body) as Record<string, unknown>;
    for (const field of (node.required as string[] | undefined) ?? []) expect(Object.keys(item)).toContain(field);
    const validate = compile({ definitions: automationConfigSchema.definitions, $ref: `#/definitions/${definition}` });
    expect(errorLines(validate(item))).toEqual([]);
  });
});
