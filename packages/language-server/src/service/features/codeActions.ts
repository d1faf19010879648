/**
 * Code actions: quick fixes for dbkit's fixable diagnostics.
 *
 * The diagnostics come from the client, which may have dropped `data` or kept them from an earlier version, so
 * each one is matched again to core's diagnostics of this version (same code and range, then same message; the
 * path in `data` only breaks a tie) and fixed from the parsed document: the node at core's path, core's
 * suggestions, the reference graph. The fixes per code are in `codeActions/fixes.ts`; every edit leaves valid
 * JSON in the document's own layout (`codeActions/edits.ts`).
 *
 * Fixed: unknown references (change to the closest declared names; for versions and member hosts also add the
 * missing dbVersions entry or process), missing required fields, values outside an enum (`mongod` → `dbd`),
 * misspelt and unknown fields (rename, remove), out-of-range member priority and votes, authSchemaVersion and
 * featureCompatibilityVersion mismatches, collation options that have no effect, domain-socket options, a wanted
 * user with several credentials, the deprecated `maxUncompressed`.
 *
 * Not fixed, on purpose: anything needing a value only the user knows (passwords, keys and other auth fields of
 * DBK401, a new unique name for DBK106, a renamed cluster for DBK211), and dangerous settings (DBK504, DBK505),
 * which may be intended. Snapshot `expires` with `doNotDelete: true` is a rule of the snapshot PATCH request;
 * core reports nothing about it in automation configs, the only documents this server serves.
 */
import type { Diagnostic as CoreDiagnostic, JsonPath } from '@dbkit/core';
import type { ASTNode } from 'vscode-json-languageservice';
import {
  type CodeAction,
  CodeActionKind,
  type Diagnostic,
  type Position,
  type Range,
} from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import { fieldValue, nodeAtOffset, pathOf } from '../jsonAst.js';
import { FIXERS, type Fix } from './codeActions/fixes.js';
import { DIAGNOSTIC_SOURCE, type DiagnosticData, toLspDiagnostics } from './diagnostics.js';

function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

/** Whether two ranges overlap or touch (a cursor right after a diagnostic still gets its fixes). */
function touches(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.end) <= 0 && comparePositions(b.start, a.end) <= 0;
}

function sameRange(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.start) === 0 && comparePositions(a.end, b.end) === 0;
}

function samePath(a: JsonPath | undefined, b: JsonPath): boolean {
  return a !== undefined && a.length === b.length && a.every((segment, i) => segment === b[i]);
}

/** The node exactly at `path`, or undefined when any step of it is missing (unlike `nodeAtPath`'s nearest node). */
function exactNodeAt(root: ASTNode | undefined, path: JsonPath): ASTNode | undefined {
  let node = root;
  for (const segment of path) {
    if (node?.type === 'object' && typeof segment === 'string') node = fieldValue(node, segment);
    else if (node?.type === 'array' && typeof segment === 'number') node = node.items[segment];
    else return undefined;
  }
  return node;
}

/** The `path` a client diagnostic's data carries, if it carries a well-formed one. */
function dataPath(diagnostic: Diagnostic): JsonPath | undefined {
  const data = diagnostic.data as DiagnosticData | undefined;
  const path = data?.path;
  return Array.isArray(path) && path.every((s) => typeof s === 'string' || typeof s === 'number') ? path : undefined;
}

/** Core's diagnostics located: each with its LSP range. */
function located(doc: ParsedDocument, cores: readonly CoreDiagnostic[]) {
  return toLspDiagnostics(doc, cores).map((lsp, i) => ({ core: cores[i]!, range: lsp.range }));
}

/**
 * Core's diagnostic of this version that `diagnostic` stands for, among those of the same code: the one at the
 * same range (several missing fields of one object share a range: the message decides, then `data.path`);
 * failing that, the one at `data.path`, then one whose range touches the client's. The same range is looked for
 * first among the diagnostics at the node under the range's start and its ancestors, so a large document with
 * thousands of diagnostics of one code does not have them all located.
 */
function matchCore(doc: ParsedDocument, diagnostic: Diagnostic): CoreDiagnostic | undefined {
  const code = String(diagnostic.code);
  const cores = doc.semantic.filter((d) => d.code === code);
  if (cores.length === 0) return undefined;
  const path = dataPath(diagnostic);
  const best = (list: ReturnType<typeof located>) =>
    list.find((c) => c.core.message === diagnostic.message) ?? list.find((c) => samePath(path, c.core.path)) ?? list[0];

  const near = new Set<string>();
  for (
    let node = nodeAtOffset(doc.root, doc.textDocument.offsetAt(diagnostic.range.start));
    node !== undefined;
    node = node.parent
  ) {
    near.add(JSON.stringify(pathOf(node)));
  }
  const nearby = located(
    doc,
    cores.filter((d) => near.has(JSON.stringify(d.path))),
  ).filter((c) => sameRange(c.range, diagnostic.range));
  if (nearby.length > 0) return best(nearby)?.core;

  const all = located(doc, cores);
  const atRange = all.filter((c) => sameRange(c.range, diagnostic.range));
  if (atRange.length > 0) return best(atRange)?.core;
  const atPath = all.filter((c) => samePath(path, c.core.path));
  if (atPath.length > 0) return best(atPath)?.core;
  const around = all.filter((c) => touches(c.range, diagnostic.range));
  return around.length > 0 ? best(around)?.core : undefined;
}

function toAction(doc: ParsedDocument, diagnostic: Diagnostic, fix: Fix): CodeAction {
  return {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    ...(fix.preferred ? { isPreferred: true } : {}),
    edit: { changes: { [doc.uri]: [...fix.edits] } },
  };
}

/**
 * Quick fixes for the client's `diagnostics` that touch `range`, in the order of the diagnostics; none once `token`
 * is cancelled (checked before each diagnostic).
 */
export function getCodeActions(
  doc: ParsedDocument,
  range: Range,
  diagnostics: readonly Diagnostic[],
  token: CancellationToken,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (token.isCancellationRequested) return [];
    if (diagnostic.source !== undefined && diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
    if (!touches(diagnostic.range, range)) continue;
    const fixer = FIXERS[String(diagnostic.code) as keyof typeof FIXERS];
    if (fixer === undefined) continue;
    const core = matchCore(doc, diagnostic);
    // Diagnostics inside the JSON string form of ldap.userToDNMapping point at the whole string: no edit fits.
    if (core === undefined || core.message.startsWith('In the JSON string')) continue;
    const fixes = fixer({ doc, diagnostic: core, node: exactNodeAt(doc.root, core.path) });
    for (const fix of fixes) actions.push(toAction(doc, diagnostic, fix));
  }
  return actions;
}
