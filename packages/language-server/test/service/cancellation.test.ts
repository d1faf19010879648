/**
 * Cancellation: every verb of the language service gives its empty answer for a request cancelled before it
 * starts, and the verbs that loop stop at their next check when it is cancelled while they run.
 */
import { describe, expect, it } from 'vitest';
import type { Position } from 'vscode-languageserver-types';
import type { CancellationToken } from '../../src/service/cancellation.js';
import type { ServedDocument } from '../../src/service/document.js';
import type { LanguageService } from '../../src/service/languageService.js';
import { atCursor, CANCELLED, example } from '../utils.js';

/**
 * The replica-set example with a key given twice and a misspelt version (a diagnostic with quick fixes), the cursor
 * in a member host.
 */
const marked = example('replica-set.automation.json')
  .replace('"version": 12,', '"version": 12,\n  "version": 12,')
  .replace('"version": "7.0.12"', '"version": "7.0.13"')
  .replace('"host": "orders-0"', '"host": "ord|ers-0"');

/** A token cancelled from its `n`-th read on: the verb has started, and stops at a later check. */
function cancelledAfter(reads: number): CancellationToken {
  let left = reads;
  return {
    get isCancellationRequested() {
      return left-- <= 0;
    },
  };
}

interface Request {
  readonly service: LanguageService;
  readonly doc: ServedDocument;
  readonly position: Position;
}

type Verb = readonly [name: string, ask: (r: Request, token: CancellationToken) => unknown, empty: unknown];

/** Every verb, with its empty answer. */
const VERBS: readonly Verb[] = [
  ['doValidation', ({ service, doc }, token) => service.doValidation(doc, {}, token), []],
  ['findDuplicateKeys', ({ service, doc }, token) => service.findDuplicateKeys(doc, token), []],
  ['doComplete', ({ service, doc, position }, token) => service.doComplete(doc, position, token), null],
  ['doHover', ({ service, doc, position }, token) => service.doHover(doc, position, token), null],
  ['findDefinition', ({ service, doc, position }, token) => service.findDefinition(doc, position, token), null],
  [
    'findReferences',
    ({ service, doc, position }, token) => service.findReferences(doc, position, { includeDeclaration: true }, token),
    null,
  ],
  ['prepareRename', ({ service, doc, position }, token) => service.prepareRename(doc, position, token), null],
  ['doRename', ({ service, doc, position }, token) => service.doRename(doc, position, 'renamed', token), null],
  ['findDocumentSymbols', ({ service, doc }, token) => service.findDocumentSymbols(doc, token), []],
  ['getFoldingRanges', ({ service, doc }, token) => service.getFoldingRanges(doc, token), []],
  ['getSelectionRanges', ({ service, doc, position }, token) => service.getSelectionRanges(doc, [position], token), []],
  [
    'format',
    ({ service, doc }, token) => service.format(doc, undefined, { tabSize: 8, insertSpaces: false }, token),
    [],
  ],
  [
    'getCodeActions',
    ({ service, doc }, token) => {
      const diagnostics = service.doValidation(doc).filter((d) => d.code === 'DBK201');
      return service.getCodeActions(doc, diagnostics[0]!.range, { diagnostics }, token);
    },
    [],
  ],
];

/** The verbs that check again after they started: a token cancelled while they run stops them. */
const LOOPING = new Set([
  'doValidation',
  'findDuplicateKeys',
  'doComplete',
  'doHover',
  'findReferences',
  'doRename',
  'findDocumentSymbols',
  'getFoldingRanges',
  'getSelectionRanges',
  'format',
]);

describe('a cancelled request gets the empty answer', () => {
  it.for(VERBS)('%s: cancelled before it starts', async ([, ask, empty]) => {
    const request = atCursor(marked);
    // Uncancelled, the same request has an answer: the empty one is the cancellation's doing.
    const answer = await ask(request, { isCancellationRequested: false });
    expect(answer).not.toEqual(empty);
    expect(await ask(atCursor(marked), CANCELLED)).toEqual(empty);
  });

  it.for(VERBS.filter(([name]) => LOOPING.has(name)))('%s: cancelled while it runs', async ([, ask, empty]) => {
    expect(await ask(atCursor(marked), cancelledAfter(1))).toEqual(empty);
  });
});

describe('doResolve', () => {
  it('gives the item back as it came when cancelled', async () => {
    const { service, doc, position } = atCursor(marked);
    const item = (await service.doComplete(doc, position))!.items[0]!;
    expect(service.doResolve(doc, item)).not.toEqual(item);
    expect(service.doResolve(doc, item, CANCELLED)).toBe(item);
  });
});
