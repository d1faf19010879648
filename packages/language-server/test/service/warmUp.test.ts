/**
 * The warm-up (`warmUp.ts`) runs the keystroke path before the user's first keystroke: it must exercise the real
 * path (a valid sample whose member host completes to process names) and leave the user's document as it was.
 */
import { validateAutomationConfig } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { createFeatureContext, createLanguageService } from '../../src/service/languageService.js';
import { TextModel } from '../../src/service/textModel.js';
import { sampleConfig, warmEditPath } from '../../src/service/warmUp.js';
import { example } from '../utils.js';

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
});
