/**
 * The quick fixes of each core diagnostic code, as functions of the diagnostic (core's, recomputed from the
 * document) and the node at its path. A fixer returns nothing when the document no longer fits the diagnostic
 * (the node is gone, the field is already there…), so a stale request gets no wrong edit.
 */
import type { Diagnostic as CoreDiagnostic, DiagnosticCode } from '@dbkit/core';
import type { ASTNode } from 'vscode-json-languageservice';
import type { TextEdit } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../../document.js';
import { fieldValue, isObjectNode, isStringNode, propertyHolding, propertyOf } from '../../jsonAst.js';
import { ReferenceSite, type SymbolKind } from '../../references/sites.js';
import {
  appendItem,
  insertProperty,
  type JsonValue,
  removeEntries,
  removeProperty,
  renameKey,
  replaceValue,
} from './edits.js';
import { missingFieldValue, newDbVersion, newProcess } from './values.js';

/** One quick fix: its title, its edits to the document, and whether it is the fix to apply without asking. */
export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  readonly preferred?: boolean;
}

/** What a fixer gets: the document, core's diagnostic, and the node at the diagnostic's path if it exists. */
export interface FixInput {
  readonly doc: ParsedDocument;
  readonly diagnostic: CoreDiagnostic;
  readonly node: ASTNode | undefined;
}

type Fixer = (input: FixInput) => Fix[];

/** The most "Change to" fixes offered for one diagnostic. */
const MAX_CHANGES = 3;

/** The kinds of names each reference code may name (DBK216 is `replSetName`, which core checks as a warning). */
const KINDS_OF_CODE: ReadonlyMap<string, readonly SymbolKind[]> = new Map([
  ...Object.values(ReferenceSite)
    .filter((site) => site.code !== undefined)
    .map((site) => [site.code as string, site.kinds] as const),
  ['DBK216', ReferenceSite.replSetName.kinds],
]);

/** Codes whose fix renames a key (balancer and clusterWideConfigurations keys are names), not a value. */
const KEY_CODES: ReadonlySet<string> = new Set(['DBK208', 'DBK209']);

/**
 * The names to offer instead of `current`: core's suggestions first; then, when the document declares at most
 * three names of the kind the site needs, all of them (the full list of valid choices). Never `current` itself,
 * never a key the object already has.
 */
function candidates(input: FixInput, current: string, taken: ReadonlySet<string>): { name: string; close: boolean }[] {
  const { doc, diagnostic } = input;
  const out: { name: string; close: boolean }[] = [];
  const seen = new Set<string>([current, ...taken]);
  const add = (name: string, close: boolean): void => {
    if (seen.has(name) || out.length >= MAX_CHANGES) return;
    seen.add(name);
    out.push({ name, close });
  };
  for (const name of diagnostic.suggestions ?? []) add(name, true);
  const kinds = KINDS_OF_CODE.get(diagnostic.code);
  const maps = (kinds ?? []).map((kind) => doc.references.declarations[kind]);
  if (maps.reduce((sum, map) => sum + map.size, 0) <= MAX_CHANGES) {
    for (const map of maps) for (const name of map.keys()) add(name, false);
  }
  return out;
}

/** "Change to …": the value (or, for key codes, the key) at the diagnostic's path, to each suggested name. */
const changeTo: Fixer = (input) => {
  const { doc, diagnostic, node } = input;
  if (node === undefined) return [];
  if (KEY_CODES.has(diagnostic.code)) {
    const property = propertyHolding(node);
    const object = property?.parent;
    if (property === undefined || !isObjectNode(object)) return [];
    const taken = new Set(object.properties.map((p) => p.keyNode.value));
    return candidates(input, property.keyNode.value, taken).map(({ name, close }, i) => ({
      title: `Change to ${JSON.stringify(name)}`,
      edits: [renameKey(doc, property.keyNode, name)],
      preferred: i === 0 && close,
    }));
  }
  if (node.type === 'number') {
    return (diagnostic.suggestions ?? [])
      .map(Number)
      .filter((value) => Number.isFinite(value) && value !== node.value)
      .slice(0, MAX_CHANGES)
      .map((value, i) => ({
        title: `Change to ${value}`,
        edits: [replaceValue(doc, node, value)],
        preferred: i === 0,
      }));
  }
  if (!isStringNode(node)) return [];
  return candidates(input, node.value, new Set()).map(({ name, close }, i) => ({
    title: `Change to ${JSON.stringify(name)}`,
    edits: [replaceValue(doc, node, name)],
    preferred: i === 0 && close,
  }));
};

/** The array at a top-level key, if the document has one there. */
function topLevelArray(doc: ParsedDocument, key: string) {
  const value = fieldValue(doc.root, key);
  return value?.type === 'array' ? value : undefined;
}

/** The changes, then `title` with `edit` when there is one, preferred only when no change is. */
function withAddition(changes: Fix[], title: string, edit: TextEdit | undefined): Fix[] {
  if (edit === undefined) return changes;
  return [...changes, { title, edits: [edit], preferred: !changes.some((fix) => fix.preferred) }];
}

/** DBK201: change the version, or add a dbVersions entry with that name. */
const unknownVersion: Fixer = (input) => {
  const { doc, node } = input;
  const dbVersions = topLevelArray(doc, 'dbVersions');
  if (!isStringNode(node) || dbVersions === undefined || node.value.trim() === '') return changeTo(input);
  const add = appendItem(doc, dbVersions, newDbVersion(node.value));
  return withAddition(changeTo(input), `Add dbVersions entry ${JSON.stringify(node.value)}`, add);
};

/** DBK202: change the member host, or add a process with that name to `processes`. */
const unknownMember: Fixer = (input) => {
  const { doc, diagnostic, node } = input;
  const processes = topLevelArray(doc, 'processes');
  if (!isStringNode(node) || processes === undefined || node.value.trim() === '') return changeTo(input);
  const [section, index] = diagnostic.path;
  const replicaSet =
    section === 'replicaSets' && typeof index === 'number'
      ? topLevelArray(doc, 'replicaSets')?.items[index]
      : undefined;
  const add = appendItem(doc, processes, newProcess(doc.root, node.value, replicaSet));
  return withAddition(changeTo(input), `Add process ${JSON.stringify(node.value)}`, add);
};

/** Adds `field` to the object at the diagnostic's path, unless it is there already. */
function addField(input: FixInput, field: string, value: JsonValue, title: string, preferred = true): Fix[] {
  const { doc, node } = input;
  if (!isObjectNode(node) || propertyOf(node, field) !== undefined) return [];
  const edit = insertProperty(doc, node, field, value);
  return edit === undefined ? [] : [{ title, edits: [edit], preferred }];
}

/** DBK101: the missing field, named in core's message ("…missing the required field "x"…", "…missing "x"…"). */
const missingField: Fixer = (input) => {
  const field = /missing (?:the required field )?"([^"]+)"/.exec(input.diagnostic.message)?.[1];
  if (field === undefined || input.node === undefined) return [];
  const value = missingFieldValue(input.doc.root, input.node, input.diagnostic.path, field);
  return addField(input, field, value, `Add missing field ${JSON.stringify(field)}`);
};

/** DBK307: featureCompatibilityVersion for the process's server version (core's suggestion). */
const missingFeatureCompatibility: Fixer = (input) => {
  const value = input.diagnostic.suggestions?.[0];
  if (value === undefined) return [];
  return addField(
    input,
    'featureCompatibilityVersion',
    value,
    `Add "featureCompatibilityVersion": ${JSON.stringify(value)}`,
  );
};

/** DBK303: a write timeout, the 5 seconds core's message proposes; a judgement call, so not preferred. */
const missingWriteTimeout: Fixer = (input) => addField(input, 'wtimeout', 5000, 'Add "wtimeout": 5000', false);

/** The key of the property at the diagnostic's path, when the message is about that key (not a string's inside). */
function reportedKey(input: FixInput): string | undefined {
  const key = input.diagnostic.path[input.diagnostic.path.length - 1];
  if (typeof key !== 'string' || input.node === undefined) return undefined;
  if (propertyHolding(input.node)?.keyNode.value !== key) return undefined;
  return input.diagnostic.message.startsWith(`${JSON.stringify(key)} is not a field`) ? key : undefined;
}

/** DBK108: rename a misspelt key to each suggestion the object does not have yet. */
const renameField: Fixer = (input) => {
  const key = reportedKey(input);
  const property = propertyHolding(input.node);
  const object = property?.parent;
  if (key === undefined || property === undefined || !isObjectNode(object)) return [];
  return (input.diagnostic.suggestions ?? [])
    .filter((name) => propertyOf(object, name) === undefined)
    .slice(0, MAX_CHANGES)
    .map((name, i) => ({
      title: `Rename to ${JSON.stringify(name)}`,
      edits: [renameKey(input.doc, property.keyNode, name)],
      preferred: i === 0,
    }));
};

/** Removes the property at the diagnostic's path. */
function removeAt(input: FixInput, title: string, preferred: boolean): Fix[] {
  const edits = input.node === undefined ? [] : removeProperty(input.doc, input.node);
  return edits.length === 0 ? [] : [{ title, edits, preferred }];
}

/** DBK107: remove an unknown field. The service keeps unknown fields, so this is offered, not preferred. */
const removeUnknown: Fixer = (input) => {
  const key = reportedKey(input);
  return key === undefined ? [] : removeAt(input, `Remove field ${JSON.stringify(key)}`, false);
};

/** A field that has no effect where it is (DBK304, DBK305) or is not applied (DBK506): remove it. */
const removeIneffective: Fixer = (input) => {
  const key = input.diagnostic.path[input.diagnostic.path.length - 1];
  return typeof key === 'string' ? removeAt(input, `Remove ${JSON.stringify(key)}`, true) : [];
};

/** DBK313: with `locale: "simple"` no other collation field applies; remove them all. */
const removeSimpleLocaleOptions: Fixer = (input) => {
  const collation = propertyHolding(input.node)?.parent;
  if (!isObjectNode(collation)) return [];
  const others = collation.properties.filter((p) => p.keyNode.value !== 'locale');
  if (others.length === 0) return [];
  return [{ title: 'Remove the other collation fields', edits: removeEntries(input.doc, others), preferred: true }];
};

/** DBK404 with several credentials: keep one of them (the choice is the user's: none is preferred). */
const keepOneCredential: Fixer = (input) => {
  const user = propertyHolding(input.node)?.parent;
  if (!isObjectNode(user)) return [];
  const given = (['pwd', 'initPwd', 'userSource'] as const).filter((field) => {
    const value = fieldValue(user, field);
    return value !== undefined && value.type !== 'null';
  });
  if (given.length < 2) return [];
  return given.map((keep) => ({
    title: `Keep only ${JSON.stringify(keep)}`,
    edits: removeEntries(
      input.doc,
      user.properties.filter((p) => p.keyNode.value !== keep && (given as readonly string[]).includes(p.keyNode.value)),
    ),
    preferred: false,
  }));
};

/** DBK507: a deprecated field with a newer name ("the earlier name of "x""): rename it, or remove it if both exist. */
const replaceDeprecated: Fixer = (input) => {
  const newer = /earlier name of "([^"]+)"/.exec(input.diagnostic.message)?.[1];
  const property = propertyHolding(input.node);
  const object = property?.parent;
  if (newer === undefined || property === undefined || !isObjectNode(object)) return [];
  if (propertyOf(object, newer) !== undefined) {
    return removeAt(input, `Remove ${JSON.stringify(property.keyNode.value)} (${JSON.stringify(newer)} is set)`, true);
  }
  return [
    {
      title: `Rename to ${JSON.stringify(newer)}`,
      edits: [renameKey(input.doc, property.keyNode, newer)],
      preferred: true,
    },
  ];
};

/** The fixers by core code. Codes not listed have no quick fix (see codeActions.ts for why). */
export const FIXERS: { readonly [code in DiagnosticCode]?: Fixer } = {
  DBK101: missingField,
  DBK103: changeTo,
  DBK107: removeUnknown,
  DBK108: renameField,
  DBK109: changeTo,
  DBK201: unknownVersion,
  DBK202: unknownMember,
  DBK203: changeTo,
  DBK204: changeTo,
  DBK205: changeTo,
  DBK206: changeTo,
  DBK207: changeTo,
  DBK208: changeTo,
  DBK209: changeTo,
  DBK210: changeTo,
  DBK216: changeTo,
  DBK301: changeTo,
  DBK302: changeTo,
  DBK303: missingWriteTimeout,
  DBK304: removeIneffective,
  DBK305: removeIneffective,
  DBK307: missingFeatureCompatibility,
  DBK308: changeTo,
  DBK313: removeSimpleLocaleOptions,
  DBK404: keepOneCredential,
  DBK506: removeIneffective,
  DBK507: replaceDeprecated,
};
