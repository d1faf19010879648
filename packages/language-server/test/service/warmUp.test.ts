/**
 * The warm-up (`warmUp.ts`) runs the keystroke path before the user's first keystroke: it must exercise the real
 * path (a valid sample whose member host completes to process names) and leave the user's document as it was.
 */
import { validateAutomationConfig } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { createFeatureContext, createLanguageService } from '../../src/service/languageService.js';
import { TextModel } from '../../src/service/textModel.js';
import { sampleConfig, warmEditPath } from '../../src/service/warmUp.js';
import { example, internals } from '../utils.js';
import { declarations, references, shape } from './trees.js';

describe('warm-up', () => {
  it('types into a valid sample whose member hosts complete to its process names', async () => {
    const text = sampleConfig(30);
    const errors = validateAutomationConfig(JSON.parse(text)).filter((d) => d.severity === 'error');
    expect(errors).toEqual([]);
    const service = createLanguageService();
    const document = new TextModel('file:///sample.automation.json', 'json', 1, text);
    const at = text.indexOf('"host": "') + '"host": "'.length;
    const list = await service.doComplete(service.parse(document), document.positionAt(at));
    expect(list?.items.length).toBe(30);
    expect(list?.items.map((item) => item.label)).toContain('"sample-29"');
  });

  it("leaves the user's document, its version and its answers as they were", async () => {
    const text = example('sharded-cluster.automation.json');
    const service = createLanguageService();
    const document = new TextModel('file:///user.automation.json', 'json', 7, text);
    const before = service.parse(document);
    const diagnostics = service.doValidation(before);
    const at = text.indexOf('"host": "') + '"host": "'.length;
    const completion = await service.doComplete(before, document.positionAt(at));
    // The warm-up's steps at once, in order, on the service's own context.
    service.scheduleWarmUp(before, { schedule: (task) => task(), isCurrent: () => true });
    warmEditPath(createFeatureContext()); // a second call does nothing
    expect(document.getText()).toBe(text);
    expect(document.version).toBe(7);
    const after = service.parse(document);
    expect(after).toBe(before); // the cache still holds the user's version, not the sample
    expect(service.doValidation(after)).toEqual(diagnostics);
    expect(await service.doComplete(after, document.positionAt(at))).toEqual(completion);
  });

  it('runs a step per task, and stops at a newer version', () => {
    const text = sampleConfig(300);
    const service = createLanguageService();
    const document = new TextModel('file:///big.automation.json', 'json', 1, text);
    const opened = internals(service.parse(document));
    service.doValidation(opened);
    const tasks: (() => void)[] = [];
    service.scheduleWarmUp(opened, { schedule: (task) => tasks.push(task), isCurrent: () => document.version === 1 });
    // One task waits at a time: whatever comes meanwhile (a keystroke) is answered between two steps.
    for (let step = 0; step < 4; step++) {
      expect(tasks).toHaveLength(1);
      tasks.shift()!();
    }
    document.edit({ start: 0, end: 0, text: ' ' }, 2);
    tasks.shift()!();
    expect(tasks).toEqual([]);
  });

  it.for(
    [
      ['after where the build stopped (the last member host)', (text: string) => text.lastIndexOf('"host": "') + 9],
      ['before it (the first process name)', (text: string) => text.indexOf('"name": "') + 9],
    ].flatMap(([where, at]) => [
      [where, 'a feature reads it', at],
      [where, 'the warm-up builds it in slices', at],
    ]) as [string, string, (text: string) => number][],
  )('takes over a tree half built when the user types %s, once %s: the same as a full parse', ([, needs, where]) => {
    const text = sampleConfig(300);
    const service = createLanguageService();
    const document = new TextModel('file:///big.automation.json', 'json', 1, text);
    const opened = internals(service.parse(document));
    service.doValidation(opened);
    // A slice that ends at once reads a few thousand characters of the text: the build is under way.
    expect(opened.buildTree(0)).toBe(false);
    expect(opened.treeStarted()).toBe(true);
    const at = where(text);
    document.edit({ start: at, end: at, text: 'x' }, 2);
    const typed = internals(service.update(document, { start: at, end: at, newLength: 1 }));
    // The keystroke itself does not wait for the rest of the build.
    expect(typed.hasTree()).toBe(false);
    expect(typed.treeWork()).toBe(opened.treeWork());
    if (needs === 'a feature reads it') void typed.root;
    else while (!typed.buildTree(0)) expect(typed.hasTree()).toBe(false);
    expect(typed.hasTree()).toBe(true);
    const full = internals(
      createLanguageService().parse(new TextModel('file:///full.automation.json', 'json', 1, document.getText())),
    );
    expect(shape(typed.root)).toBe(shape(full.root));
    expect(declarations(typed)).toEqual(declarations(full));
    expect(references(typed)).toEqual(references(full));
  });

  it('collects the references a slice at a time, the same as all at once', () => {
    const text = sampleConfig(600);
    const sliced = internals(
      createLanguageService().parse(new TextModel('file:///a.automation.json', 'json', 1, text)),
    );
    const whole = internals(createLanguageService().parse(new TextModel('file:///b.automation.json', 'json', 1, text)));
    let slices = 1;
    while (!sliced.references.collectReferences(0)) slices++;
    expect(slices).toBeGreaterThan(100);
    expect(references(sliced)).toEqual(references(whole));
  });

  it('answers rename, hover and completion between any two of its steps', async () => {
    const text = example('replica-set.automation.json');
    const name = text.indexOf('"name": "orders-2"') + '"name": "'.length + 1;
    const host = text.indexOf('"host": "orders-1"') + '"host": "'.length + 1;
    const uri = 'file:///steps.automation.json';
    const reference = await (async () => {
      const service = createLanguageService({ markdown: true });
      const document = new TextModel(uri, 'json', 1, text);
      const doc = service.parse(document);
      return {
        rename: service.prepareRename(doc, document.positionAt(name)),
        hover: await service.doHover(doc, document.positionAt(host)),
        completion: await service.doComplete(doc, document.positionAt(host)),
      };
    })();
    expect(reference.rename).toMatchObject({ ok: true });
    let steps = 0;
    for (let ran = 0; ran <= steps; ran++) {
      const service = createLanguageService({ markdown: true });
      const document = new TextModel(uri, 'json', 1, text);
      const doc = service.parse(document);
      service.doValidation(doc);
      const tasks: (() => void)[] = [];
      service.scheduleWarmUp(doc, { schedule: (task) => tasks.push(task), isCurrent: () => true, rehearse: false });
      for (let i = 0; i < ran && tasks.length > 0; i++) tasks.shift()!();
      expect(service.prepareRename(doc, document.positionAt(name)), `after ${ran} steps`).toEqual(reference.rename);
      expect(await service.doHover(doc, document.positionAt(host))).toEqual(reference.hover);
      expect(await service.doComplete(doc, document.positionAt(host))).toEqual(reference.completion);
      // The rest of the warm-up still runs to its end; the first document counts its steps.
      let rest = 0;
      while (tasks.length > 0) {
        tasks.shift()!();
        rest++;
      }
      if (ran === 0) steps = rest;
    }
    expect(steps).toBeGreaterThan(3);
  });
});
