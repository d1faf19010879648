/**
 * Typing in one place of a large document, the tree updated in place after every keystroke (`incremental.ts`):
 * completion at the edit answers as on a fresh parse of the same text, and whatever reads past the edit later (the
 * tree, the graph, definitions, hovers) finds every node where a full parse puts it. (Written when the moves of the
 * nodes after an edit were left pending while typing stayed in one container; they are applied at once now.)
 */
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../src/service/languageService.js';
import { TextModel } from '../../src/service/textModel.js';
import { sampleConfig } from '../../src/service/warmUp.js';
import { internals } from '../utils.js';
import { declarations, references, shape } from './trees.js';

const URI = 'file:///work/typing.automation.json';
const text = sampleConfig(45);

/** Offset just inside the quotes of the `n`-th member host (0-based) in `within`. */
function hostAt(within: string, n: number): number {
  let at = -1;
  for (let i = 0; i <= n; i++) at = within.indexOf('"host": "', at + 1);
  return at + '"host": "'.length;
}

type Step =
  | { readonly type: readonly [host: number, skip: number, typed: string] }
  | { readonly erase: readonly [host: number, count: number] }
  | { readonly define: number };

/** Applies `steps` to an open document, completing at the cursor after every keystroke; compares with fresh parses. */
async function session(steps: readonly Step[]): Promise<void> {
  const service = createLanguageService();
  const document = new TextModel(URI, 'json', 1, text);
  void internals(service.parse(document)).references.references; // the tree, graph and references exist, as after the warm-up
  const fresh = () => {
    const other = createLanguageService();
    return { service: other, doc: internals(other.parse(TextDocument.create(URI, 'json', 1, document.getText()))) };
  };
  const keystroke = async (at: number, remove: number, insert: string) => {
    document.edit({ start: at, end: at + remove, text: insert }, document.version + 1);
    const doc = internals(service.update(document, { start: at, end: at + remove, newLength: insert.length }));
    const cursor = document.positionAt(at + insert.length);
    const answer = await service.doComplete(doc, cursor);
    const expected = fresh();
    expect(answer, `completion after "${insert}" at ${at}`).toEqual(
      await expected.service.doComplete(expected.doc, cursor),
    );
  };
  for (const step of steps) {
    if ('type' in step) {
      const [host, skip, typed] = step.type;
      const start = hostAt(document.getText(), host) + skip;
      for (let i = 0; i < typed.length; i++) await keystroke(start + i, 0, typed[i]!);
    } else if ('erase' in step) {
      const [host, count] = step.erase;
      const end = document.getText().indexOf('"', hostAt(document.getText(), host));
      for (let i = 0; i < count; i++) await keystroke(end - 1 - i, 1, '');
    } else {
      // Go to definition from a host after the edits: reads nodes that moved.
      const at = document.positionAt(hostAt(document.getText(), step.define) + 1);
      const doc = internals(service.parse(document));
      const expected = fresh();
      expect(service.findDefinition(doc, at)).toEqual(expected.service.findDefinition(expected.doc, at));
    }
  }
  const doc = internals(service.parse(document));
  const full = fresh().doc;
  expect(shape(doc.root)).toBe(shape(full.root));
  expect(declarations(doc)).toEqual(declarations(full));
  // Brought up to date once, from every keystroke's freed and added subtrees.
  expect(references(doc)).toEqual(references(full));
}

describe('typing in one place of a large document', () => {
  it.for([
    ['typing into the first member host', [{ type: [0, 0, 'sample-1'] }]],
    ['typing, then erasing back to the same length', [{ type: [0, 3, 'abc'] }, { erase: [0, 3] }]],
    ['typing into one host, then into a later one', [{ type: [0, 0, 'sam'] }, { type: [40, 2, 'xyz'] }]],
    ['typing into a later host, then an earlier one', [{ type: [40, 0, 'sam'] }, { type: [3, 1, 'pl'] }]],
    [
      'a definition read past the edit between keystrokes',
      [{ type: [1, 0, 'sa'] }, { define: 30 }, { type: [1, 2, 'mple-4'] }, { define: 44 }],
    ],
  ] as const)('%s: completion as on a fresh parse, then every node in place', async ([, steps]) => {
    await session(steps as readonly Step[]);
  });
});
