import { describe, expect, it } from 'vitest';
import { packageCommand } from '../lib/steps/vsix.mjs';
import { vsceWarnings, vsixProblems } from '../lib/vsix.mjs';

describe('vsixProblems', () => {
  it('passes a bundled extension', () => {
    expect(
      vsixProblems([
        '[Content_Types].xml',
        'extension.vsixmanifest',
        'extension/package.json',
        'extension/dist/extension.js',
        'extension/dist/schemas/automation-config.schema.json',
      ]),
    ).toEqual([]);
  });

  it('finds node_modules and tests (planted)', () => {
    expect(
      vsixProblems([
        'extension/node_modules/vscode-languageclient/lib/main.js',
        'extension/test/extension.test.js',
        'extension/dist/hover.test.js.map',
      ]),
    ).toEqual([
      { path: 'extension/node_modules/vscode-languageclient/lib/main.js', kind: 'node_modules' },
      { path: 'extension/test/extension.test.js', kind: 'test' },
      { path: 'extension/dist/hover.test.js.map', kind: 'test source map' },
    ]);
  });
});

describe('vsceWarnings', () => {
  const esc = String.fromCharCode(27);

  it('reads the WARNING lines and the questions vsce asks, without colours', () => {
    const output = [
      "Executing prepublish script 'npm run vscode:prepublish'...",
      `${esc}[43m${esc}[30m WARNING ${esc}[39m${esc}[49m LICENSE.md, LICENSE.txt or LICENSE not found`,
      'Do you want to continue? [y/N] ',
      ` ${esc}[42m DONE ${esc}[49m Packaged: /tmp/x.vsix (29 files, 1.24 MB)`,
    ].join('\n');
    expect(vsceWarnings(output)).toEqual([
      'LICENSE.md, LICENSE.txt or LICENSE not found',
      'Do you want to continue? [y/N]',
    ]);
  });

  it('finds nothing in a clean run', () => {
    expect(vsceWarnings(' INFO  Files included in the VSIX:\n DONE  Packaged: x.vsix (29 files, 1.24 MB)\n')).toEqual(
      [],
    );
  });
});

describe('packageCommand', () => {
  it("runs the package script's command from the extension's node_modules/.bin, with --out", () => {
    expect(
      packageCommand('/repo/apps/vscode', 'vsce package --no-dependencies --allow-missing-repository', '/tmp/x.vsix'),
    ).toEqual({
      command: '/repo/apps/vscode/node_modules/.bin/vsce',
      args: ['package', '--no-dependencies', '--allow-missing-repository', '--out', '/tmp/x.vsix'],
    });
  });
});
