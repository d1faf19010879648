/** Which file names are automation configs: the catalog's patterns, minus JSON Schema files. */
import { describe, expect, it } from 'vitest';
import { fileMatchToRegExp, isAutomationConfigFileName, SCHEMA_ID_BASE } from '../src/fileMatch.js';
import { catalog, schemaFiles } from '../src/index.js';

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

describe('SCHEMA_ID_BASE', () => {
  it('is what every $id and the catalog’s URLs start with, from the light entry', () => {
    expect(SCHEMA_ID_BASE).toBe('https://dbkit.dev/schema/v1.0/');
    for (const { file, schema } of schemaFiles) expect(schema.$id).toBe(`${SCHEMA_ID_BASE}${file}`);
    const urls = catalog.schemas.flatMap((entry) => [entry.url, ...Object.values(entry.versions ?? {})]);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url.startsWith(SCHEMA_ID_BASE)).toBe(true);
  });
});
