/** Which file names are automation configs: the catalog's patterns, minus JSON Schema files. */
import { describe, expect, it } from 'vitest';
import { fileMatchToRegExp, isAutomationConfigFileName } from '../src/fileMatch.js';

describe('isAutomationConfigFileName', () => {
  it.for([
    ['shop.automation.json', true],
    ['deploy/prod/automation-config.json', true],
    ['automation-config.prod.json', true],
    ['prod.automation-config.json', true],
    ['automationConfig.json', true],
    ['get.automation.config.json', true],
    ['automation-config.schema.json', false],
    ['node_modules/@dbkit/schema/schema/automation-config.schema.json', false],
    ['package.json', false],
    ['automation.json', false],
    ['config.json', false],
  ] as const)('%s → %s', ([name, expected]) => {
    expect(isAutomationConfigFileName(name)).toBe(expected);
  });
});

describe('fileMatchToRegExp', () => {
  it.for([
    ['*.automation.json', 'a/b/x.automation.json', true],
    ['*.automation.json', 'x.automation.json.bak', false],
    ['deploy/*.json', 'repo/deploy/x.json', true],
    ['deploy/*.json', 'repo/deploy/sub/x.json', false],
    ['**/configs/*.json', 'a/b/configs/x.json', true],
    ['a?.json', 'ab.json', true],
  ] as const)('%s matches %s: %s', ([pattern, path, expected]) => {
    expect(fileMatchToRegExp(pattern).test(path)).toBe(expected);
  });
});
