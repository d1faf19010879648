/**
 * Test helpers shared by the service tests: `|` marks the cursor in a document's text (as in
 * vscode-json-languageservice's tests), and `parsed()` gives the parsed document the service's verbs take.
 */
import { readFileSync } from 'node:fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument, ServedDocument } from '../src/service/document.js';
import { createLanguageService, type LanguageServiceOptions } from '../src/service/languageService.js';

export const TEST_URI = 'file:///work/test.automation.json';

/** The text without its `|` cursor marker, and the marker's offset. Throws when there is not exactly one. */
export function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  if (offset === -1 || marked.indexOf('|', offset + 1) !== -1) {
    throw new Error(`Expected exactly one | cursor marker in the test text, got ${marked.split('|').length - 1}`);
  }
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

/** A language service and the parsed document of `text`. */
export function parsed(text: string, options: LanguageServiceOptions = {}, uri = TEST_URI) {
  const service = createLanguageService(options);
  const document = TextDocument.create(uri, 'json', 1, text);
  const doc = internals(service.parse(document));
  return { service, document, doc };
}

/** The service's side of a document it handed out, for tests of what it builds (the tree, the reference graph). */
export function internals(doc: ServedDocument): ParsedDocument {
  return doc as ParsedDocument;
}

/** A token already cancelled: every verb then gives its empty answer. */
export const CANCELLED = { isCancellationRequested: true } as const;

/** A parsed document with a cursor: `|` in `marked` gives `offset` and `position`. */
export function atCursor(marked: string, options: LanguageServiceOptions = {}) {
  const { text, offset } = cursor(marked);
  const result = parsed(text, options);
  return { ...result, text, offset, position: result.document.positionAt(offset) };
}

/** The text of an example under `examples/automation/`. */
export function example(name: string): string {
  return readFileSync(new URL(`../../../examples/automation/${name}`, import.meta.url), 'utf8');
}

/** Applies LSP text edits to a text (edits must not overlap). */
export function applyEdits(
  text: string,
  edits: readonly {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    newText: string;
  }[],
): string {
  const document = TextDocument.create(TEST_URI, 'json', 1, text);
  return TextDocument.applyEdits(document, [...edits]);
}

/** Core's seeded generator, so a failing fuzz run can be replayed from its seed. */
export { seededRandom } from '@dbkit/core/internal';
