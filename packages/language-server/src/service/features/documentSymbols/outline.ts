/**
 * The domain outline as plain items over tree nodes: one builder per known top-level section (processes, replica
 * sets with their members, sharded clusters with their shards, versions, users, roles, index configs) and plain
 * properties for everything else. Ranges are computed later, only for the items that survive the cap.
 *
 * Every builder copes with broken documents: a missing or mistyped name falls back to `processes[3]`, an item of
 * the wrong type becomes a plain entry, a section of the wrong type a plain property. Nothing here throws.
 */
import type { ASTNode, PropertyASTNode } from 'vscode-json-languageservice';
import { SymbolKind } from 'vscode-languageserver-types';
import { isObjectNode } from '../../jsonAst.js';
import { arraySection, item, type OutlineItem, type OutlineSection, plainProperty } from './build.js';
import { clusterItem, dbVersionItem, indexItem, processItem, replicaSetItem, roleItem, userItem } from './items.js';

/** auth: its fields as plain properties (secrets without values), with `usersWanted` as a list of users. */
function authSection(property: PropertyASTNode): OutlineItem {
  const value = property.valueNode;
  if (!isObjectNode(value)) return plainProperty(property, 0);
  const children = value.properties.map((child) =>
    child.keyNode.value === 'usersWanted' ? arraySection(child, 'user', 'users', userItem) : plainProperty(child, 0),
  );
  return item('auth', SymbolKind.Object, property, property.keyNode, undefined, children);
}

/** The builders of the known top-level sections, by key. */
const SECTIONS: { readonly [key: string]: (property: PropertyASTNode) => OutlineItem } = {
  processes: (p) => arraySection(p, 'process', 'processes', processItem),
  replicaSets: (p) => arraySection(p, 'replica set', 'replica sets', replicaSetItem),
  sharding: (p) => arraySection(p, 'sharded cluster', 'sharded clusters', clusterItem),
  dbVersions: (p) => arraySection(p, 'version', 'versions', dbVersionItem),
  roles: (p) => arraySection(p, 'role', 'roles', roleItem),
  indexConfigs: (p) => arraySection(p, 'index', 'indexes', indexItem),
  auth: authSection,
};

/** The outline of a document's root, one section per top-level property, in document order. */
export function buildOutline(root: ASTNode | undefined): OutlineSection[] {
  if (!isObjectNode(root)) return [];
  return root.properties.map((property) => {
    const key = property.keyNode.value;
    const build = Object.hasOwn(SECTIONS, key) ? SECTIONS[key] : undefined;
    return { key, item: build ? build(property) : plainProperty(property, 1) };
  });
}
