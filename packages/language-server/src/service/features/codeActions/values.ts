/**
 * Values quick fixes insert: the placeholder for a missing required field (from dbkit's JSON Schema: its default,
 * its first allowed value, or an empty value of its type, with an object's own required fields filled in; and a
 * few values the document itself suggests), and the new process and dbVersions entry for a dangling reference.
 */
import { automationConfigSchema, type JsonSchema } from '@dbkit/schema';
import type { ASTNode } from 'vscode-json-languageservice';
import { fieldValue, isObjectNode, isStringNode, itemsOf, nodeValue } from '../../jsonAst.js';
import type { JsonValue } from './edits.js';

type Schema = { readonly [keyword: string]: unknown };

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A schema with its `$ref` followed (local `#/definitions/…` references only). */
function resolve(schema: unknown, depth = 0): Schema | undefined {
  if (!isSchema(schema)) return undefined;
  const ref = schema.$ref;
  if (typeof ref !== 'string' || depth > 8) return schema;
  const match = /^#\/definitions\/(.+)$/.exec(ref);
  const definitions = (automationConfigSchema as JsonSchema).definitions;
  const target = match && isSchema(definitions) ? definitions[match[1]!] : undefined;
  return resolve(target, depth + 1) ?? schema;
}

/** The schema of the value at `path`, walking properties, items and additionalProperties. */
export function schemaAt(path: readonly (string | number)[]): Schema | undefined {
  let schema = resolve(automationConfigSchema);
  for (const segment of path) {
    if (schema === undefined) return undefined;
    const properties = schema.properties;
    if (typeof segment === 'string' && isSchema(properties) && Object.hasOwn(properties, segment)) {
      schema = resolve(properties[segment]);
    } else if (typeof segment === 'number' && schema.items !== undefined) {
      schema = resolve(schema.items);
    } else if (typeof segment === 'string' && isSchema(schema.additionalProperties)) {
      schema = resolve(schema.additionalProperties);
    } else {
      return undefined;
    }
  }
  return schema;
}

/** The first JSON type a schema names other than null (`["string", "null"]` → string), from `anyOf` if needed. */
function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

/** The placeholder a schema suggests: default, first allowed value, or an empty value of its type. */
export function placeholderOf(schema: Schema | undefined, depth = 0): JsonValue {
  if (schema === undefined) return '';
  if (schema.default !== undefined && schema.default !== null) return schema.default as JsonValue;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as JsonValue;
  if (schema.const !== undefined) return schema.const as JsonValue;
  const type = typeOf(schema);
  if (type === undefined && Array.isArray(schema.anyOf)) return placeholderOf(resolve(schema.anyOf[0]), depth);
  switch (type) {
    case 'string':
      return '';
    case 'integer':
    case 'number': {
      if (typeof schema.minimum === 'number') return schema.minimum;
      if (typeof schema.exclusiveMinimum === 'number') return Math.floor(schema.exclusiveMinimum) + 1;
      return 0;
    }
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: { [key: string]: JsonValue } = {};
      const properties = isSchema(schema.properties) ? schema.properties : {};
      if (depth < 4 && Array.isArray(schema.required)) {
        for (const name of schema.required) {
          if (typeof name === 'string') out[name] = placeholderOf(resolve(properties[name]), depth + 1);
        }
      }
      return out;
    }
    default:
      return '';
  }
}

/** The value used most often among `values` (first seen wins a tie), or undefined for none. */
function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  let best: T | undefined;
  let bestCount = 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/** The version most processes run among those naming a declared dbVersions entry; else the first entry's name. */
export function usualVersion(root: ASTNode | undefined): string | undefined {
  const declared = itemsOf(root, 'dbVersions')
    .map((version) => fieldValue(version, 'name'))
    .filter(isStringNode)
    .map((name) => name.value);
  const used = itemsOf(root, 'processes')
    .map((process) => fieldValue(process, 'version'))
    .filter(isStringNode)
    .map((version) => version.value)
    .filter((name) => declared.includes(name));
  return mostCommon(used) ?? declared[0];
}

/** The integer `authSchemaVersion` most of `processes` use, else 5 (servers 3.0 and later). */
function usualAuthSchemaVersion(processes: readonly ASTNode[]): number {
  const versions = processes
    .map((process) => fieldValue(process, 'authSchemaVersion'))
    .map((node) => (node?.type === 'number' && Number.isInteger(node.value) ? node.value : undefined))
    .filter((value): value is number => value !== undefined);
  return mostCommon(versions) ?? 5;
}

/**
 * The value to insert for a missing required `field` of the object at `path`: the schema's placeholder, except
 * where the document gives a better one (a process's usual version and authSchemaVersion, the spec's default
 * hostname `localhost`, a router's cluster when the document has only one, a member `_id` not yet used in its
 * replica set).
 */
export function missingFieldValue(
  root: ASTNode | undefined,
  object: ASTNode,
  path: readonly (string | number)[],
  field: string,
): JsonValue {
  const isProcess = path.length === 2 && path[0] === 'processes';
  if (isProcess && field === 'hostname') return 'localhost';
  if (isProcess && field === 'version') return usualVersion(root) ?? '';
  if (isProcess && field === 'authSchemaVersion') return usualAuthSchemaVersion(itemsOf(root, 'processes'));
  if (isProcess && field === 'processType') return fieldValue(object, 'cluster') === undefined ? 'dbd' : 'dbs';
  if (isProcess && field === 'cluster') {
    const clusters = itemsOf(root, 'sharding').map((cluster) => fieldValue(cluster, 'name'));
    const only = clusters.length === 1 ? clusters[0] : undefined;
    return isStringNode(only) ? only.value : '';
  }
  if (path.length === 4 && path[0] === 'replicaSets' && path[2] === 'members' && field === '_id') {
    const members = object.parent?.type === 'array' ? object.parent.items : [];
    const used = new Set(members.map((member) => nodeValue(fieldValue(member, '_id'))));
    let id = 0;
    while (used.has(id)) id++;
    return id;
  }
  const properties = schemaAt(path)?.properties;
  return placeholderOf(isSchema(properties) ? resolve(properties[field]) : undefined);
}

/** `major.minor` of a server version name from 3.4 on (where featureCompatibilityVersion is required), else undefined. */
function featureCompatibilityOf(version: string): string | undefined {
  const match = /^(\d+)\.(\d+)/.exec(version);
  if (!match) return undefined;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  return major > 3 || (major === 3 && minor >= 4) ? `${major}.${minor}` : undefined;
}

/** The port most of `processes` listen on (`args2_6.net.port`), if any. */
function usualPort(processes: readonly ASTNode[]): number | undefined {
  const ports = processes
    .map((process) => fieldValue(fieldValue(fieldValue(process, 'args2_6'), 'net'), 'port'))
    .map((node) => (node?.type === 'number' && Number.isInteger(node.value) ? node.value : undefined))
    .filter((port): port is number => port !== undefined);
  return mostCommon(ports);
}

/**
 * A new data-bearing process named `name`, member of `replicaSet` (a replicaSets item): the required fields, the
 * version most processes run, the authSchemaVersion and port of the replica set's other members, and
 * `args2_6.replication.replSetName`. A name of the form `host:port` or with a dot gives hostname (and port);
 * otherwise the hostname is the spec's default, `localhost`, for the user to replace.
 */
export function newProcess(root: ASTNode | undefined, name: string, replicaSet: ASTNode | undefined): JsonValue {
  const byName = new Map<string, ASTNode>();
  for (const process of itemsOf(root, 'processes')) {
    const processName = fieldValue(process, 'name');
    if (isStringNode(processName) && isObjectNode(process)) byName.set(processName.value, process);
  }
  const siblings = itemsOf(replicaSet, 'members')
    .map((member) => fieldValue(member, 'host'))
    .filter(isStringNode)
    .map((host) => byName.get(host.value))
    .filter((process): process is NonNullable<typeof process> => process !== undefined);
  const processes = siblings.length > 0 ? siblings : [...byName.values()];
  const address = /^([^:\s]+):(\d{1,5})$/.exec(name);
  const hostname = address ? address[1]! : name.includes('.') ? name : 'localhost';
  const port = address ? Number(address[2]) : (usualPort(processes) ?? 27017);
  const version = usualVersion(root) ?? '';
  const fcv = featureCompatibilityOf(version);
  const replSetName = fieldValue(replicaSet, '_id');
  return {
    name,
    processType: 'dbd',
    hostname,
    version,
    authSchemaVersion: usualAuthSchemaVersion(processes),
    ...(fcv === undefined ? {} : { featureCompatibilityVersion: fcv }),
    args2_6: {
      net: { port },
      ...(isStringNode(replSetName) ? { replication: { replSetName: replSetName.value } } : {}),
    },
  };
}

/**
 * A new dbVersions entry: the name, and an empty builds list to fill in (builds are optional:
 * docs/decisions/validation.md, "Where the spec and real documents differ, real documents win").
 */
export function newDbVersion(name: string): JsonValue {
  return { name, builds: [] };
}
