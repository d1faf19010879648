/**
 * Diagnostics: JSON syntax (plain JSON: comments and trailing commas are errors, as the service takes plain JSON)
 * and every rule of core's validator, with stable codes, related information at the other end of a
 * cross-reference, deprecated/unnecessary tags, and the fix values code actions need in `data`.
 */
import { type Diagnostic as CoreDiagnostic, type DiagnosticCode, type JsonPath, secretTextsOf } from '@dbkit/core';
import { type Quoter, quoterOf } from '@dbkit/core/internal';
import {
  type Diagnostic,
  type DiagnosticRelatedInformation,
  DiagnosticSeverity,
  type Range,
} from 'vscode-languageserver-types';
import type { CancellationToken } from '../cancellation.js';
import type { ParsedDocument } from '../document.js';
import { nodeAtOffset, sameNode, secretTextsOfTree } from '../jsonAst.js';
import { type Anchor, type LocatedNode, rangesOfSpans, spanOfLocated } from '../locate.js';
import { type RepeatedKey as RepeatedKeySpan, scanText } from '../textScan.js';
import { toLspDiagnostic } from './lspDiagnostic.js';

/** The source every dbkit diagnostic carries: editors show it beside the code. */
export const DIAGNOSTIC_SOURCE = 'dbkit';

/** Codes of diagnostics that are not core's: JSON syntax. */
export const SyntaxCode = {
  syntax: 'json/syntax',
  comment: 'json/comment',
  trailingComma: 'json/trailing-comma',
  duplicateKey: 'json/duplicate-key',
} as const;

/** What code actions read back from a diagnostic. */
export interface DiagnosticData {
  /** Values that would fix the problem, best first (core's `suggestions`). */
  readonly suggestions?: readonly string[];
  /** The JSON path the diagnostic is about. */
  readonly path?: readonly (string | number)[];
}

/** Core codes about a field's name rather than its value: the key is underlined. */
const KEY_CODES: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'DBK107',
  'DBK108',
  'DBK501',
  'DBK503',
  'DBK507',
]);

const DUPLICATE_KEY_MESSAGE =
  'Duplicate key: the service keeps only the last value of a key given twice, so the earlier value is silently lost. Remove one of them.';

// vscode-json-languageservice's error codes (its ErrorCode enum), by name.
const JsonErrorCode = { TrailingComma: 519, DuplicateKey: 520 } as const;

/** The tree's syntax errors; vscode-json-languageservice keeps them on its document object. */
interface JsonDocumentInternals {
  readonly syntaxErrors?: readonly Diagnostic[];
  readonly comments?: readonly {
    readonly start: { line: number; character: number };
    readonly end: { line: number; character: number };
  }[];
}

function syntaxDiagnostics(doc: ParsedDocument): Diagnostic[] {
  const internals = doc.json as unknown as JsonDocumentInternals;
  const out: Diagnostic[] = [];
  for (const error of internals.syntaxErrors ?? []) {
    if (error.code === JsonErrorCode.TrailingComma) {
      out.push({
        range: error.range,
        severity: DiagnosticSeverity.Error,
        code: SyntaxCode.trailingComma,
        source: DIAGNOSTIC_SOURCE,
        message:
          'Trailing comma: JSON allows no comma after the last item, and the service takes plain JSON. Remove the comma.',
      });
    } else if (error.code === JsonErrorCode.DuplicateKey) {
      out.push({
        range: error.range,
        severity: DiagnosticSeverity.Warning,
        code: SyntaxCode.duplicateKey,
        source: DIAGNOSTIC_SOURCE,
        message: DUPLICATE_KEY_MESSAGE,
      });
    } else {
      out.push({
        range: error.range,
        severity: DiagnosticSeverity.Error,
        code: SyntaxCode.syntax,
        source: DIAGNOSTIC_SOURCE,
        message: `${String(typeof error.message === 'string' ? error.message : error.message.value).replace(/\.?$/, '.')} The document is not valid JSON, so the service would refuse it.`,
      });
    }
  }
  for (const range of internals.comments ?? []) {
    out.push({
      range,
      severity: DiagnosticSeverity.Error,
      code: SyntaxCode.comment,
      source: DIAGNOSTIC_SOURCE,
      message:
        'Comments are not allowed: the service takes plain JSON. Remove the comment (or move the note into a field).',
    });
  }
  return out;
}

/**
 * Core's diagnostics as LSP diagnostics. Every path (diagnostics and related places) is located in one batch
 * (`doc.locate`, unless the caller places them otherwise), and every range computed in one pass over the line
 * breaks.
 */
export function toLspDiagnostics(
  doc: ParsedDocument,
  diagnostics: readonly CoreDiagnostic[],
  locate: (paths: readonly JsonPath[]) => LocatedNode[] = doc.locate,
): Diagnostic[] {
  const paths: JsonPath[] = [];
  const anchors: Anchor[] = [];
  for (const d of diagnostics) {
    paths.push(d.path);
    anchors.push(KEY_CODES.has(d.code) ? 'key' : 'value');
    for (const r of d.related ?? []) {
      paths.push(r.path);
      anchors.push('value');
    }
  }
  const located = locate(paths);
  const ranges = rangesOfSpans(
    doc.text,
    located.map((node, i) => spanOfLocated(doc.text, node, anchors[i])),
  );
  let next = 0;
  return diagnostics.map((d) => {
    const range = ranges[next++]!;
    const related = d.related?.map((r) => ({ message: r.message, range: ranges[next++]! }));
    return lspDiagnostic(doc, d, range, related);
  });
}

/**
 * Keys given twice in valid JSON (`JSON.parse` keeps the last value, so the earlier one is silently lost): every
 * occurrence after the first. Broken text gets them from the tree, with its syntax diagnostics.
 */
export function getDuplicateKeyDiagnostics(doc: ParsedDocument, token: CancellationToken): Diagnostic[] {
  if (token.isCancellationRequested || !doc.validJson) return [];
  const found = doc.hasTree()
    ? repeatedKeysInTree(doc)
    : repeatedKeysInText(doc, scanText(doc.text, [], { repeated: true }).repeated);
  return token.isCancellationRequested ? [] : found;
}

/**
 * How a repeated key is quoted: it is the document's text, so with the document's secrets masked, read only once a
 * key repeats (from the tree, or by parsing a fresh text again).
 */
function keyQuoter(doc: ParsedDocument): Quoter {
  return quoterOf(() => (doc.hasTree() ? secretTextsOfTree(doc.root) : (doc.readParsed(secretTextsOf) ?? [])));
}

function duplicateKeyDiagnostic(range: Range, key: string, q: Quoter): Diagnostic {
  return {
    range,
    severity: DiagnosticSeverity.Warning,
    code: SyntaxCode.duplicateKey,
    source: DIAGNOSTIC_SOURCE,
    message: DUPLICATE_KEY_MESSAGE.replace('Duplicate key', `Duplicate key ${q.quote(key)}`),
  };
}

/** A freshly opened text: the repeated keys one pass over the text found (`textScan.ts`). */
function repeatedKeysInText(doc: ParsedDocument, repeated: readonly RepeatedKeySpan[]): Diagnostic[] {
  if (repeated.length === 0) return [];
  const q = keyQuoter(doc);
  const ranges = rangesOfSpans(doc.text, repeated);
  return repeated.map((found, i) => duplicateKeyDiagnostic(ranges[i]!, found.key, q));
}

/**
 * A version with a tree (edited, or warmed up): vscode-json-languageservice's parse reports every occurrence of a
 * repeated key, the first one too, among its syntax errors (kept across incremental edits like the others); the
 * first occurrence is left out, as the text scan does. Scanning the whole text again on every edit is not.
 */
function repeatedKeysInTree(doc: ParsedDocument): Diagnostic[] {
  const internals = doc.json as unknown as JsonDocumentInternals;
  const out: Diagnostic[] = [];
  const q = keyQuoter(doc);
  for (const error of internals.syntaxErrors ?? []) {
    if (error.code !== JsonErrorCode.DuplicateKey) continue;
    const key = nodeAtOffset(doc.root, doc.textDocument.offsetAt(error.range.start));
    const property = key?.parent;
    if (key?.type !== 'string' || property?.type !== 'property' || !sameNode(property.keyNode, key)) continue;
    const object = property.parent;
    if (object?.type !== 'object') continue;
    const earlier = object.properties.some((p) => p.offset < property.offset && p.keyNode.value === key.value);
    if (earlier) out.push(duplicateKeyDiagnostic(error.range, key.value, q));
  }
  return out;
}

function lspDiagnostic(
  doc: ParsedDocument,
  d: CoreDiagnostic,
  range: Range,
  relatedAt: readonly { readonly message: string; readonly range: Range }[] | undefined,
): Diagnostic {
  const related: DiagnosticRelatedInformation[] = (relatedAt ?? []).map((r) => ({
    location: { uri: doc.uri, range: r.range },
    message: r.message,
  }));
  const data: DiagnosticData = { path: d.path, ...(d.suggestions ? { suggestions: d.suggestions } : {}) };
  return toLspDiagnostic(d, range, DIAGNOSTIC_SOURCE, related, data);
}

export interface DiagnosticsOptions {
  /**
   * Whether valid JSON is scanned for keys given twice (default true). A server pushing diagnostics may leave the
   * scan, a second pass over the text, for right after the first push (`getDuplicateKeyDiagnostics`).
   */
  readonly duplicateKeys?: boolean;
  /**
   * Whether a large valid text's value is kept from its diagnostics until its names are read (default false; the
   * warm-up reads them once the diagnostics are out): an editor's next keystroke ranks them if it comes before the
   * document's tree is built (`completion/beforeTree.ts`).
   */
  readonly namesForTyping?: boolean;
}

/** In document order (line, then character), as editors list them. */
export function byPosition(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}

/**
 * Every diagnostic of the document. A document that is not valid JSON still gets core's diagnostics of what
 * can be read of it, unless the damage leaves no top-level object. None once `token` is cancelled: it is checked
 * between the passes (core's rules, placing them, the keys given twice).
 */
export function getDiagnostics(
  doc: ParsedDocument,
  options: DiagnosticsOptions,
  token: CancellationToken,
): Diagnostic[] {
  if (token.isCancellationRequested) return [];
  // A freshly opened text finds its keys given twice from a count of its value's keys, taken with core's diagnostics.
  const fresh = options.duplicateKeys !== false && !doc.hasTree();
  // Core's diagnostics first: reading the value tells whether the text is valid JSON, without a second parse.
  const { diagnostics: found, valueKeys } = fresh
    ? options.namesForTyping === true
      ? doc.semanticForTyping(true)
      : doc.semanticCountingKeys()
    : options.namesForTyping === true
      ? { diagnostics: doc.semanticForTyping(false).diagnostics, valueKeys: undefined }
      : { diagnostics: doc.semantic, valueKeys: undefined };
  if (token.isCancellationRequested) return [];
  if (!doc.validJson) return byPosition([...syntaxDiagnostics(doc), ...toLspDiagnostics(doc, found)]);
  if (options.duplicateKeys === false) return byPosition(toLspDiagnostics(doc, found));
  if (doc.hasTree()) return byPosition([...repeatedKeysInTree(doc), ...toLspDiagnostics(doc, found)]);
  // A freshly opened text: one pass places every diagnostic and counts the keys. Only when the text gives more keys
  // than its value holds does a second pass hash them to find the ones given twice.
  let keys = -1;
  const semantic = toLspDiagnostics(doc, found, (paths) => {
    const scan = scanText(doc.text, paths, { repeated: false, countKeys: true });
    keys = scan.keys;
    return scan.located;
  });
  if (token.isCancellationRequested) return [];
  const repeated = keys === valueKeys ? [] : scanText(doc.text, [], { repeated: true }).repeated;
  return byPosition([...repeatedKeysInText(doc, repeated), ...semantic]);
}
