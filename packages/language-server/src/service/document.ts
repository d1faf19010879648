/**
 * One parse per document version, shared by every feature. The text is parsed into vscode-json-languageservice's
 * tree (offsets, parents, syntax errors) on first use; the value comes from `JSON.parse` when the text is valid
 * JSON (the fast path) and from the tree otherwise; the reference graph and core's diagnostics are built from
 * those on first use too. Everything is computed at most once per version, and only when a feature asks.
 */
import { type Diagnostic as CoreDiagnostic, validateAutomationConfig } from '@dbkit/core';
import type { ASTNode, JSONDocument, LanguageService as JsonLanguageService } from 'vscode-json-languageservice';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { nodeValue } from './jsonAst.js';
import { buildReferenceGraph, type ReferenceGraph } from './references/graph.js';

export interface ParsedDocument {
  readonly textDocument: TextDocument;
  readonly uri: string;
  readonly version: number;
  readonly text: string;
  /** vscode-json-languageservice's tree: the generic JSON features (completion, hover, folding…) take it. */
  readonly json: JSONDocument;
  /** The tree's root; undefined for an empty text. */
  readonly root: ASTNode | undefined;
  /** Whether `JSON.parse` accepts the text (no syntax error, no comment, no trailing comma). */
  readonly validJson: boolean;
  /** The document's value: what `JSON.parse` returns, or the tree's best reading of a broken text. */
  readonly value: unknown;
  /** Declarations and references of the names the document defines (processes, versions, replica sets…). */
  readonly references: ReferenceGraph;
  /** `validateAutomationConfig` of the value. */
  readonly semantic: readonly CoreDiagnostic[];
}

/** Computes `compute()` on first read of `key` and keeps it. */
function lazy<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = compute();
      Object.defineProperty(target, key, { value, enumerable: true, writable: false });
      return value;
    },
  });
}

function tryJsonParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function parseDocument(textDocument: TextDocument, jsonService: JsonLanguageService): ParsedDocument {
  const text = textDocument.getText();
  const doc = { textDocument, uri: textDocument.uri, version: textDocument.version, text } as {
    -readonly [K in keyof ParsedDocument]: ParsedDocument[K];
  };
  lazy(doc, 'json', () => jsonService.parseJSONDocument(textDocument));
  lazy(doc, 'root', () => doc.json.root);
  const parsed = tryJsonParse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  doc.validJson = parsed.ok;
  if (parsed.ok) doc.value = parsed.value;
  else lazy(doc, 'value', () => nodeValue(doc.root));
  lazy(doc, 'references', () => buildReferenceGraph(doc.root));
  lazy(doc, 'semantic', () => validateAutomationConfig(doc.value));
  return doc;
}
