/**
 * The items of the known sections, named the way people name them: a process by its name (detail
 * `processType · hostname:port · version`), a replica set by its _id with its members by host, a sharded cluster
 * with `shard → rs` and its config server replica set, versions, `user@db`, `role@db`, `db.collection on rs`.
 * Missing or mistyped names fall back to `processes[3]`-style names.
 */
import type { ASTNode } from 'vscode-json-languageservice';
import { SymbolKind } from 'vscode-languageserver-types';
import { fieldValue, isObjectNode, isStringNode } from '../../jsonAst.js';
import {
  isTrue,
  item,
  joined,
  nameOr,
  type OutlineItem,
  plural,
  scalar,
  selectionOf,
  shorten,
  strayItem,
  text,
} from './build.js';

// ---------------------------------------------------------------------------------------------------------------
// Domain items

export function processItem(node: ASTNode, index: number): OutlineItem {
  const hostname = text(node, 'hostname');
  const port = scalar(fieldValue(fieldValue(node, 'args2_6'), 'net'), 'port');
  const address = hostname !== undefined && port !== undefined ? `${hostname}:${port}` : (hostname ?? port);
  const detail = joined([
    text(node, 'processType'),
    address,
    text(node, 'version'),
    isTrue(node, 'disabled') && 'disabled',
  ]);
  return item(
    nameOr(text(node, 'name'), 'processes', index),
    SymbolKind.Module,
    node,
    selectionOf(node, 'name'),
    detail,
  );
}

function memberItem(node: ASTNode, index: number): OutlineItem {
  const id = scalar(node, '_id');
  const priority = scalar(node, 'priority');
  const detail = joined([
    id !== undefined && `_id ${id}`,
    isTrue(node, 'arbiterOnly') && 'arbiter',
    isTrue(node, 'hidden') && 'hidden',
    priority !== undefined && `priority ${priority}`,
  ]);
  return item(nameOr(text(node, 'host'), 'members', index), SymbolKind.Field, node, selectionOf(node, 'host'), detail);
}

export function replicaSetItem(node: ASTNode, index: number): OutlineItem {
  const members = fieldValue(node, 'members');
  const children =
    members?.type === 'array'
      ? members.items.map((member, i) =>
          isObjectNode(member) ? memberItem(member, i) : strayItem('members', i, member),
        )
      : [];
  const detail = members?.type === 'array' ? plural(members.items.length, 'member', 'members') : undefined;
  return item(
    nameOr(text(node, '_id'), 'replicaSets', index),
    SymbolKind.Class,
    node,
    selectionOf(node, '_id'),
    detail,
    children,
  );
}

function shardItem(node: ASTNode, index: number): OutlineItem {
  const id = text(node, '_id');
  const rs = text(node, 'rs');
  const name = id !== undefined && rs !== undefined ? `${id} → ${rs}` : (id ?? (rs && `? → ${rs}`));
  const tags = fieldValue(node, 'tags');
  const zones = tags?.type === 'array' ? tags.items.filter(isStringNode).map((tag) => tag.value) : [];
  const detail = zones.length > 0 ? `zones ${zones.join(', ')}` : undefined;
  return item(
    nameOr(name, 'shards', index),
    SymbolKind.Field,
    node,
    isStringNode(fieldValue(node, '_id')) ? selectionOf(node, '_id') : selectionOf(node, 'rs'),
    detail,
  );
}

export function clusterItem(node: ASTNode, index: number): OutlineItem {
  const children: OutlineItem[] = [];
  const configReplica = fieldValue(node, 'configServerReplica');
  if (isStringNode(configReplica) && configReplica.parent !== undefined) {
    children.push(
      item(
        `config → ${configReplica.value}`,
        SymbolKind.Property,
        configReplica.parent,
        configReplica,
        'config server replica set',
      ),
    );
  }
  const mirrored = fieldValue(node, 'configServer');
  if (mirrored?.type === 'array' && mirrored.parent !== undefined) {
    const names = mirrored.items.filter(isStringNode).map((server) => server.value);
    children.push(
      item(
        'config (mirrored)',
        SymbolKind.Property,
        mirrored.parent,
        mirrored.parent,
        shorten(names.join(', ')) || undefined,
      ),
    );
  }
  const shards = fieldValue(node, 'shards');
  if (shards?.type === 'array') {
    shards.items.forEach((shard, i) => {
      children.push(isObjectNode(shard) ? shardItem(shard, i) : strayItem('shards', i, shard));
    });
  }
  const detail = shards?.type === 'array' ? plural(shards.items.length, 'shard', 'shards') : undefined;
  return item(
    nameOr(text(node, 'name'), 'sharding', index),
    SymbolKind.Namespace,
    node,
    selectionOf(node, 'name'),
    detail,
    children,
  );
}

export function dbVersionItem(node: ASTNode, index: number): OutlineItem {
  const builds = fieldValue(node, 'builds');
  const detail = builds?.type === 'array' ? plural(builds.items.length, 'build', 'builds') : undefined;
  return item(
    nameOr(text(node, 'name'), 'dbVersions', index),
    SymbolKind.Package,
    node,
    selectionOf(node, 'name'),
    detail,
  );
}

/** `name@db`, `name`, or undefined: users and roles are named this way. */
function atDb(node: ASTNode, nameKey: string): string | undefined {
  const name = text(node, nameKey);
  const db = text(node, 'db');
  return name !== undefined && db !== undefined ? `${name}@${db}` : name;
}

/** The role references of `node[key]` as `role@db`, at most three, for details. */
function roleList(node: ASTNode, key: string): string | undefined {
  const roles = fieldValue(node, key);
  if (roles?.type !== 'array') return undefined;
  const names = roles.items.map((role) => atDb(role, 'role')).filter((name): name is string => name !== undefined);
  if (names.length === 0) return undefined;
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} +${names.length - 3}` : names.join(', ');
}

export function userItem(node: ASTNode, index: number): OutlineItem {
  return item(
    nameOr(atDb(node, 'user'), 'usersWanted', index),
    SymbolKind.Key,
    node,
    selectionOf(node, 'user'),
    roleList(node, 'roles'),
  );
}

export function roleItem(node: ASTNode, index: number): OutlineItem {
  const privileges = fieldValue(node, 'privileges');
  const inherits = roleList(node, 'roles');
  const detail = joined([
    privileges?.type === 'array' && plural(privileges.items.length, 'privilege', 'privileges'),
    inherits !== undefined && `inherits ${inherits}`,
  ]);
  return item(
    nameOr(atDb(node, 'role'), 'roles', index),
    SymbolKind.Interface,
    node,
    selectionOf(node, 'role'),
    detail,
  );
}

export function indexItem(node: ASTNode, index: number): OutlineItem {
  const db = text(node, 'dbName');
  const collection = text(node, 'collectionName');
  const rs = text(node, 'rsName');
  const namespace = db !== undefined || collection !== undefined ? `${db ?? '?'}.${collection ?? '?'}` : undefined;
  const name =
    namespace !== undefined && rs !== undefined ? `${namespace} on ${rs}` : (namespace ?? (rs && `on ${rs}`));
  const keys = fieldValue(node, 'key');
  const keyText =
    keys?.type === 'array'
      ? keys.items
          .map((entry) => (entry.type === 'array' && isStringNode(entry.items[0]) ? entry.items[0].value : undefined))
          .filter((field): field is string => field !== undefined)
          .join(', ')
      : '';
  const detail = text(fieldValue(node, 'options'), 'name') ?? (keyText === '' ? undefined : shorten(`keys ${keyText}`));
  const selection = isStringNode(fieldValue(node, 'collectionName')) ? selectionOf(node, 'collectionName') : node;
  return item(nameOr(name, 'indexConfigs', index), SymbolKind.Struct, node, selection, detail);
}
