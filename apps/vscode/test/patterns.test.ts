import { describe, expect, it } from 'vitest';
import {
  automationConfigGlob,
  createSwitchTest,
  type OpenedDocument,
  patternToGlob,
  readExtraPatterns,
  VALIDATE_EXCLUDE_GLOB,
} from '../src/lib/patterns.ts';

function doc(path: string, languageId = 'json', text = '{}'): OpenedDocument {
  return { uri: `file://${path}`, path, languageId, text };
}

describe('which documents the client switches to dbkit-automation', () => {
  const plain = createSwitchTest({ extraPatterns: [] });

  const DBKIT = 'dbkit-automation';
  it.for([
    // [path, languageId, text, switched to]
    ['/w/shop.automation.json', 'json', '{}', DBKIT],
    ['/w/automation-config.json', 'json', '{}', DBKIT],
    ['/w/prod.automationConfig.json', 'jsonc', '{}', DBKIT],
    ['/w/automation-config.staging.json', 'json', '{}', DBKIT],
    ['/w/package.json', 'json', '{}', undefined],
    ['/w/automation.json', 'json', '{}', undefined],
    // Already dbkit's, or not JSON at all: nothing to switch.
    ['/w/shop.automation.json', DBKIT, '{}', undefined],
    ['/w/shop.automation.json', 'plaintext', '{}', undefined],
    // `$schema` naming dbkit's schema, by its $id or any path ending in the file name.
    ['/w/any.json', 'json', '{"$schema": "https://dbkit.dev/schema/v1.0/automation-config.schema.json"}', DBKIT],
    ['/w/any.json', 'json', '{\n  "$schema": "./schema/automation-config.schema.json#"\n}', DBKIT],
    ['/w/any.json', 'json', '{"$schema": "https://dbkit.dev/schema/v1.0/alert.schema.json"}', undefined],
    // dbkit's own schema matches the catalog's `automation-config.*.json`, and opens in dbkit's language by it:
    // a JSON Schema file goes back to JSON, and never the other way.
    [
      '/ext/dist/schemas/automation-config.schema.json',
      DBKIT,
      '{"$schema": "http://json-schema.org/draft-07/schema#"}',
      'json',
    ],
    ['/ext/dist/schemas/automation-config.schema.json', 'json', '{}', undefined],
    ['/w/mine.automation.schema.json', 'json', '{}', undefined],
  ] as const)('%s (%s) %s → %s', ([path, languageId, text, switched]) => {
    expect(plain(doc(path, languageId, text))).toBe(switched);
  });

  it('adds the patterns of dbkit.files.associations: a name, or the end of a path', () => {
    const test = createSwitchTest({ extraPatterns: ['*.acfg.json', 'deploy/**/*.json'] });
    expect(test(doc('/w/prod.acfg.json'))).toBe('dbkit-automation');
    expect(test(doc('/w/deploy/eu/prod.json'))).toBe('dbkit-automation');
    expect(test(doc('/w/other/prod.json'))).toBeUndefined();
    expect(plain(doc('/w/prod.acfg.json'))).toBeUndefined();
  });

  it('leaves a file alone when files.associations sends it to another language on purpose', () => {
    const test = createSwitchTest({ extraPatterns: [], fileAssociations: { '*.automation.json': 'json' } });
    expect(test(doc('/w/shop.automation.json'))).toBeUndefined();
    expect(test(doc('/w/automation-config.json'))).toBe('dbkit-automation');
    const ours = createSwitchTest({ extraPatterns: [], fileAssociations: { '*.automation.json': 'dbkit-automation' } });
    expect(ours(doc('/w/shop.automation.json'))).toBe('dbkit-automation');
  });

  it('matches on the decoded path of other schemes (VS Code for the Web, remote)', () => {
    const path = '/my repo/shop.automation.json';
    expect(
      plain({ uri: 'vscode-vfs://github/my%20repo/shop.automation.json', path, languageId: 'json', text: '' }),
    ).toBe('dbkit-automation');
  });
});

describe('dbkit.files.associations', () => {
  it('keeps non-empty strings, trimmed, once', () => {
    expect(readExtraPatterns([' *.acfg.json ', '', 3, null, '*.acfg.json', 'x/*.json'])).toEqual([
      '*.acfg.json',
      'x/*.json',
    ]);
  });

  it.for([undefined, null, 'a.json', { a: 1 }])('ignores a setting that is not a list: %j', (raw) => {
    expect(readExtraPatterns(raw)).toEqual([]);
  });
});

describe('the glob of dbkit: Validate Workspace', () => {
  it.for([
    ['*.acfg.json', '**/*.acfg.json'],
    ['deploy/*.json', '**/deploy/*.json'],
    ['./deploy/*.json', '**/deploy/*.json'],
    ['/deploy/*.json', '**/deploy/*.json'],
    ['**/x.json', '**/x.json'],
  ] as const)('%s → %s', ([pattern, glob]) => {
    expect(patternToGlob(pattern)).toBe(glob);
  });

  it('skips JSON Schema files, dependencies and git', () => {
    expect(VALIDATE_EXCLUDE_GLOB).toBe('{**/node_modules/**,**/.git/**,**/*.schema.json}');
  });

  it('holds every catalog pattern and the user’s, once', () => {
    expect(automationConfigGlob([])).toBe(
      '{**/*.automation.json,**/automation-config.json,**/*.automation-config.json,**/automation-config.*.json,**/automationConfig.json,**/*.automationConfig.json,**/automation.config.json,**/*.automation.config.json}',
    );
    expect(automationConfigGlob(['*.acfg.json', '*.automation.json'])).toMatch(/,\*\*\/\*\.acfg\.json\}$/);
  });
});
