// The worker's automation-config features as the page uses them: documents edited in place by monaco's changes,
// diagnostics equal to those of the same text opened fresh, and completion answers capped for monaco's widget.
import { createLanguageService } from '@dbkit/language-server';
import { describe, expect, it } from 'vitest';
import { automationFeatures, MAX_COMPLETION_ITEMS } from '../src/worker/automationFeatures.ts';
import { applyChanges, openDocument } from '../src/worker/documents.ts';

const URI = 'file:///playground/1/big.automation.json';

/** core's benchmark generator (plain JavaScript, not type-checked here: it is loaded by URL). */
const generator = new URL('../../../packages/core/bench/generate.mjs', import.meta.url).href;
const { generateConfig, serialize } = (await import(generator)) as {
  generateConfig(options: { shards: number; membersPerShard: number; routers: number }): unknown;
  serialize(config: unknown): string;
};

/** A generated config with `shards` shards of three members: 3 × shards + routers + 3 config processes. */
function config(shards: number): string {
  return serialize(generateConfig({ shards, membersPerShard: 3, routers: 2 }));
}

/** The 0-based line and character of the first `needle` after `after`. */
function positionOf(text: string, needle: string, after: string): { line: number; character: number } {
  const offset = text.indexOf(needle, text.indexOf(after)) + needle.length;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: (before.at(-1) ?? '').length };
}

describe('completion in the playground', () => {
  it.for([
    ['a few processes: every name, complete', 10, (n: number) => n < MAX_COMPLETION_ITEMS, false],
    ['hundreds of processes: the best 200, incomplete', 120, (n: number) => n === MAX_COMPLETION_ITEMS, true],
  ] as const)('%s', async ([, shards, count, incomplete]) => {
    const features = automationFeatures();
    const text = config(shards);
    const open = openDocument(URI, 'automation-config', 1, text);
    // Inside the quotes of the first member's host: the names of the processes are proposed.
    const position = positionOf(text, '"host": "', '"members"');
    const list = await features.completion(open.document, { uri: URI, position });
    expect(list).not.toBeNull();
    expect(count(list?.items.length ?? 0)).toBe(true);
    expect(list?.isIncomplete).toBe(incomplete);
    // The service's own answer, best first: the playground keeps its head, in its order.
    const service = createLanguageService({ markdown: true, snippets: true });
    const full = await service.doComplete(service.parse(open.document), position);
    const labels = (list?.items ?? []).map((item) => item.label);
    expect(labels).toEqual((full?.items ?? []).slice(0, MAX_COMPLETION_ITEMS).map((item) => item.label));
    expect(labels).toContain('"bench-shard0-0"');
  });
});

describe("monaco's edits applied in place", () => {
  it.for([
    ['a member host retyped', '"host": "', 8, 'renamed-host'],
    ['a comma deleted (a broken document)', '"arbiterOnly": false', 20, ''],
    ['a priority made too high', '"priority": ', 1, '1500'],
  ] as const)('%s: the diagnostics equal a fresh open of the same text', async ([, needle, length, insert]) => {
    const features = automationFeatures();
    const text = config(20);
    let open = openDocument(URI, 'automation-config', 1, text);
    await features.diagnostics(open.document);
    const start = text.indexOf(needle, text.indexOf('"members"')) + needle.length;
    const change = { rangeOffset: start, rangeLength: length, text: insert };
    open = applyChanges(open, 2, [change], (document, edit) => features.edited(document, edit));
    const edited = text.slice(0, start) + insert + text.slice(start + length);
    expect(open.document.getText()).toBe(edited);
    expect(open.document.version).toBe(2);

    const fresh = automationFeatures();
    const expected = await fresh.diagnostics(openDocument(URI, 'automation-config', 2, edited).document);
    expect(expected.length).toBeGreaterThan(0);
    expect(await features.diagnostics(open.document)).toEqual(expected);
  });
});
