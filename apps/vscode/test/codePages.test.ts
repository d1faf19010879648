// Where a diagnostic's code links to in VS Code (`src/lib/codePages.ts`): the extension's own page unless a site
// is set, and which code a handed uri names.
import { describe, expect, it } from 'vitest';
import { codeDocumentPath, codeOfPath, codesBaseUrl, EXTENSION_ID } from '../src/lib/codePages.ts';
import { readClientSettings, readerOf, serverSection } from '../src/lib/settings.ts';

describe('the code links', () => {
  it.for([
    { setting: undefined, scheme: 'vscode', base: 'vscode://dbkit.dbkit-vscode/codes/' },
    { setting: '', scheme: 'code-oss', base: 'code-oss://dbkit.dbkit-vscode/codes/' },
    { setting: 'not a url', scheme: 'vscode', base: 'vscode://dbkit.dbkit-vscode/codes/' },
    { setting: 'http://localhost:5178/codes', scheme: 'vscode', base: 'http://localhost:5178/codes/' },
    { setting: ' https://dbkit.example.net/codes/ ', scheme: 'vscode', base: 'https://dbkit.example.net/codes/' },
  ])('go to $base for the setting $setting', ({ setting, scheme, base }) => {
    expect(codesBaseUrl(setting, scheme)).toBe(base);
  });

  it('are handed to the language server at start', () => {
    const settings = readClientSettings(readerOf({ codes: { baseUrl: 'http://localhost:5178/codes/' } }), 'vscode');
    expect(serverSection(settings).codes).toEqual({ baseUrl: 'http://localhost:5178/codes/' });
    expect(serverSection(readClientSettings(readerOf({}), 'vscode-insiders')).codes.baseUrl).toBe(
      `vscode-insiders://${EXTENSION_ID}/codes/`,
    );
  });

  it.for([
    ['/codes/DBK202', 'DBK202'],
    ['/codes/dbk604/', 'DBK604'],
    ['/DBK202.md', 'DBK202'],
    ['/codes/', undefined],
    ['/codes/DBK2020', undefined],
    ['/other/DBK202', undefined],
  ] as const)('read %j as %j', ([path, code]) => {
    expect(codeOfPath(path)).toBe(code);
  });

  it('previews a code from a Markdown document of its own', () => {
    expect(codeOfPath(codeDocumentPath('DBK202'))).toBe('DBK202');
  });
});
