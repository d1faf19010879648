// The architecture invariants on imports (ARCHITECTURE.md): biome's noRestrictedImports keeps what one file can show,
// the import graph here keeps what needs the workspace (layers, package.json, relative paths into another package).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkImportGraph,
  importCycles,
  importSpecifiers,
  LAYERS,
  repoSourceFiles,
  type Violation,
  type WorkspacePackage,
  workspacePackages,
} from '../lib/imports.mjs';
import { REPO_ROOT } from '../lib/repo.mjs';

/** Violations the repository keeps on purpose, each with its reason; a stale one fails the check. */
const EXEMPTIONS: readonly (Pick<Violation, 'file' | 'specifier' | 'rule'> & { reason: string })[] = [
  {
    file: 'packages/client/test/service.ts',
    specifier: '@dbkit/server',
    rule: 'direction',
    reason: "the client's tests run against the real service in process (a devDependency, never shipped)",
  },
  {
    file: 'apps/cli/test/api/helpers.ts',
    specifier: '@dbkit/server',
    rule: 'direction',
    reason: "the API commands' tests run against the real service in process (a devDependency, never shipped)",
  },
];

const exempts = (exemption: (typeof EXEMPTIONS)[number], violation: Violation) =>
  exemption.file === violation.file && exemption.specifier === violation.specifier && exemption.rule === violation.rule;

describe('importSpecifiers', () => {
  it.for([
    ['a static import', "import { x } from './x.js';", ['./x.js']],
    ['a type-only import', "import type { X } from 'vscode-languageserver';", ['vscode-languageserver']],
    ['a re-export', "export { x } from '@dbkit/core';", ['@dbkit/core']],
    ['a side-effect import', "import 'node:fs';", ['node:fs']],
    ['a dynamic import', "const m = await import('fs');", ['fs']],
    ['a require', "const m = require('node:path');", ['node:path']],
    ['an import in a comment', "// import { x } from 'node:fs';\n/** import('fs') */", []],
    ['an import in a string', 'const text = "import x from \'node:fs\'";', []],
  ] as const)('reads %s', ([, text, expected]) => {
    expect(importSpecifiers(text)).toEqual(expected);
  });
});

describe('checkImportGraph on planted examples', () => {
  const pkg = (folder: string, name: string, manifest: Record<string, unknown> = {}): WorkspacePackage => ({
    folder,
    name,
    manifest: { name, ...manifest },
  });
  const packages = [
    pkg('packages/core', '@dbkit/core'),
    pkg('packages/schema', '@dbkit/schema'),
    pkg('packages/client', '@dbkit/client', { dependencies: { '@dbkit/core': 'workspace:*' } }),
    pkg('packages/language-server', '@dbkit/language-server'),
    pkg('apps/cli', '@dbkit/cli'),
    pkg('apps/web', '@dbkit/web'),
    pkg('tools/corpus', '@dbkit/corpus'),
  ];
  /** The rules `files` break in the workspace, `manifests` replacing packages of the same folder. */
  const rulesFor = (manifests: readonly WorkspacePackage[], files: { path: string; specifiers: string[] }[]) => {
    const workspace = [...packages.filter((p) => !manifests.some((m) => m.folder === p.folder)), ...manifests];
    return checkImportGraph(workspace, files).map((violation) => violation.rule);
  };

  it.for([
    [
      'core depending on a package at run time',
      pkg('packages/core', '@dbkit/core', { dependencies: { lodash: '1' } }),
      ['runtime-dependency'],
    ],
    [
      'core with a peer dependency',
      pkg('packages/core', '@dbkit/core', { peerDependencies: { ajv: '8' } }),
      ['runtime-dependency'],
    ],
    [
      'client depending on more than core',
      pkg('packages/client', '@dbkit/client', { dependencies: { undici: '7' } }),
      ['runtime-dependency'],
    ],
    [
      'schema depending on the language server',
      pkg('packages/schema', '@dbkit/schema', { dependencies: { '@dbkit/language-server': '1' } }),
      ['direction'],
    ],
    ['a package with no layer', pkg('packages/extra', '@dbkit/extra'), ['layer']],
    ['client depending on core', pkg('packages/client', '@dbkit/client', { dependencies: { '@dbkit/core': '1' } }), []],
    ['core with dev dependencies only', pkg('packages/core', '@dbkit/core', { devDependencies: { vitest: '4' } }), []],
  ] as const)('a manifest: %s → %j', ([, manifest, expected]) => {
    expect(rulesFor([manifest], [])).toEqual(expected);
  });

  it.for([
    ['core importing schema', 'packages/core/src/x.ts', '@dbkit/schema', ['direction']],
    ['schema importing the language server', 'packages/schema/src/x.ts', '@dbkit/language-server', ['direction']],
    ['schema importing its sibling client', 'packages/schema/src/x.ts', '@dbkit/client', ['direction']],
    ["a package's test importing an app", 'packages/language-server/test/x.test.ts', '@dbkit/cli', ['direction']],
    ['an app importing another app', 'apps/web/src/x.ts', '@dbkit/cli', ['direction']],
    ["an app importing core's src by name", 'apps/cli/src/x.ts', '@dbkit/core/src/index.js', ['foreign-src']],
    [
      "an app's test importing core's src by path",
      'apps/cli/test/x.test.ts',
      '../../../packages/core/src/index.js',
      ['foreign-src'],
    ],
    [
      "core reaching into schema's src",
      'packages/core/src/a/x.ts',
      '../../../schema/src/index.js',
      ['direction', 'foreign-src'],
    ],
    ["a root file reaching into core's src", 'vitest.config.base.ts', './packages/core/src/x.js', ['foreign-src']],
    ["a package's test importing its own src", 'packages/core/test/x.test.ts', '../src/index.js', []],
    ['an app importing an exported entry', 'apps/cli/src/x.ts', '@dbkit/schema/fileMatch', []],
    ['the language server importing schema', 'packages/language-server/src/x.ts', '@dbkit/schema', []],
    [
      "a test importing core's bench helper",
      'packages/language-server/test/x.test.ts',
      '../../core/bench/generate.mjs',
      [],
    ],
    ['a test importing a test tool', 'packages/core/test/x.test.ts', '@dbkit/corpus', []],
    ['a tool importing an app', 'tools/corpus/index.js', '@dbkit/cli', []],
  ] as const)('an import: %s → %j', ([, path, specifier, expected]) => {
    expect(rulesFor([], [{ path, specifiers: [specifier] }])).toEqual(expected);
  });

  it('names the file, the import and the way out', () => {
    expect(checkImportGraph(packages, [{ path: 'apps/cli/src/x.ts', specifiers: ['@dbkit/core/src/a.js'] }])).toEqual([
      {
        file: 'apps/cli/src/x.ts',
        specifier: '@dbkit/core/src/a.js',
        rule: 'foreign-src',
        message: "reaches into packages/core/src/; import @dbkit/core's exports",
      },
    ]);
  });
});

describe('importCycles on planted examples', () => {
  const file = (path: string, ...specifiers: string[]) => ({ path, specifiers });
  it.for([
    ['no circle', [file('packages/core/src/a.ts', './b.js'), file('packages/core/src/b.ts')], []],
    [
      'two files importing each other (a type import too)',
      [file('packages/core/src/a.ts', './b.js'), file('packages/core/src/b.ts', './a.js')],
      [['packages/core/src/a.ts', 'packages/core/src/b.ts']],
    ],
    [
      'a circle through a folder and back',
      [
        file('apps/vscode/src/common/x.ts', '../lib/y.js'),
        file('apps/vscode/src/lib/y.ts', './z.js'),
        file('apps/vscode/src/lib/z.ts', '../common/x.js'),
      ],
      [['apps/vscode/src/common/x.ts', 'apps/vscode/src/lib/y.ts', 'apps/vscode/src/lib/z.ts']],
    ],
    [
      'tests may import each other',
      [file('packages/core/test/a.ts', './b.js'), file('packages/core/test/b.ts', './a.js')],
      [],
    ],
  ] as const)('%s', ([, files, cycles]) => {
    expect(importCycles(files)).toEqual(cycles);
  });
});

describe('the repository', () => {
  const packages = workspacePackages();
  const files = repoSourceFiles();
  const violations = checkImportGraph(packages, files);

  it('keeps the import invariants, but for the listed exemptions', () => {
    expect(violations.filter((violation) => !EXEMPTIONS.some((e) => exempts(e, violation)))).toEqual([]);
  });

  it('has no stale exemption', () => {
    expect(EXEMPTIONS.filter((e) => !violations.some((violation) => exempts(e, violation)))).toEqual([]);
  });

  it('has no import circle in any src/', () => {
    expect(importCycles(files)).toEqual([]);
  });

  it('reads every layered package and its imports', () => {
    const folders = packages.map((p) => p.folder);
    for (const folder of [...Object.keys(LAYERS), 'apps/cli', 'apps/web']) expect(folders).toContain(folder);
    const client = files.find((file) => file.path === 'packages/client/src/client.ts');
    expect(client?.specifiers).toContain('@dbkit/core');
  });
});

describe("biome's noRestrictedImports", () => {
  const root = mkdtempSync(join(tmpdir(), 'dbkit-invariants-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // [path, import] → the rules biome reports: the repository's biome.json, run on files planted at those paths. An
  // import is a module (planted as `import { a } from '…'`) or a whole statement.
  const cases: readonly (readonly [string, string, readonly string[]])[] = [
    ['packages/core/src/planted.ts', 'node:fs', ['correctness/noNodejsModules', 'style/noRestrictedImports']],
    ['packages/core/src/planted.ts', 'fs', ['correctness/noNodejsModules', 'style/noRestrictedImports']],
    ['packages/core/src/planted.ts', 'jsonc-parser', ['style/noRestrictedImports']],
    ['packages/core/src/planted.ts', 'vscode-languageserver-types', ['style/noRestrictedImports']],
    ['packages/core/src/planted.ts', '@dbkit/schema', ['style/noRestrictedImports']],
    ['packages/core/src/a/planted.ts', '../enums/define.js', []],
    ['packages/core/test/planted.ts', 'node:fs', []],
    ['packages/language-server/src/service/planted.ts', 'vscode-languageserver', ['style/noRestrictedImports']],
    ['packages/language-server/src/service/f/planted.ts', 'vscode-languageserver/node', ['style/noRestrictedImports']],
    [
      'packages/language-server/src/service/planted.ts',
      'vscode-languageserver-protocol',
      ['style/noRestrictedImports'],
    ],
    ['packages/language-server/src/service/planted.ts', '@dbkit/core/src/index.js', ['style/noRestrictedImports']],
    ['packages/language-server/src/service/planted.ts', 'vscode-languageserver-types', []],
    ['packages/language-server/src/service/planted.ts', 'vscode-languageserver-textdocument', []],
    ['packages/language-server/src/server/planted.ts', 'vscode-languageserver', []],
    ['packages/client/src/planted.ts', 'node:crypto', ['correctness/noNodejsModules', 'style/noRestrictedImports']],
    ['packages/client/src/planted.ts', 'undici', ['style/noRestrictedImports']],
    ['packages/client/src/planted.ts', '@dbkit/schema', ['style/noRestrictedImports']],
    ['packages/client/src/planted.ts', '@dbkit/core/src/index.js', ['style/noRestrictedImports']],
    ['packages/client/src/planted.ts', '@dbkit/core', []],
    ['apps/cli/src/planted.ts', '@dbkit/core/src/index.js', ['style/noRestrictedImports']],
    ['apps/web/test/planted.ts', '@dbkit/language-server/src/service/index.js', ['style/noRestrictedImports']],
    ['apps/cli/src/planted.ts', '@dbkit/schema/fileMatch', []],
    ['apps/server/test/planted.ts', "import { spawn } from 'node:child_process';", ['style/noRestrictedImports']],
    ['packages/core/test/a/planted.ts', "import { execFile } from 'child_process';", ['style/noRestrictedImports']],
    ['apps/web/e2e/planted.ts', "import * as cp from 'node:child_process';", ['style/noRestrictedImports']],
    ['tools/docs/test/planted.ts', "const { fork } = require('node:child_process');", ['style/noRestrictedImports']],
    ['tools/browser-test/planted.mjs', "import { exec } from 'node:child_process';", ['style/noRestrictedImports']],
    ['test/e2e/planted.ts', "await import('node:child_process');", ['style/noRestrictedImports']],
    ['apps/cli/test/planted.ts', "import { execFileSync, spawnSync } from 'node:child_process';", []],
    ['apps/cli/test/planted.ts', "import type { ChildProcess } from 'node:child_process';", []],
    ['apps/cli/test/planted.ts', '@dbkit/core/src/index.js', ['style/noRestrictedImports']],
    ['tools/test-process/planted.mjs', "import { spawn } from 'node:child_process';", []],
    ['tools/test-process/test/planted.ts', "import { spawn } from 'node:child_process';", []],
    ['apps/cli/bench/planted.mjs', "import { spawn } from 'node:child_process';", []],
  ];

  const INVARIANT_RULES = ['style/noRestrictedImports', 'correctness/noNodejsModules'];

  /** Plants every case (one file each), runs biome once, and returns the invariant rules it reported, by case. */
  function lintPlanted(): string[][] {
    copyFileSync(join(REPO_ROOT, 'biome.json'), join(root, 'biome.json'));
    const paths = cases.map(([path], index) => path.replace(/planted\.(m?[jt]s)$/, `planted${index}.$1`));
    cases.forEach(([, planted], index) => {
      const file = join(root, paths[index]!);
      mkdirSync(dirname(file), { recursive: true });
      const statement = /^(import|const|await) /.test(planted) ? planted : `import { a } from '${planted}';`;
      writeFileSync(file, `${statement}\n\nexport const b = 1;\n`);
    });
    let output: string;
    try {
      output = execFileSync(
        join(REPO_ROOT, 'node_modules/.bin/biome'),
        ['lint', '--vcs-enabled=false', '--reporter=github', `--config-path=${root}`, ...paths],
        { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (error) {
      output = (error as { stdout: string }).stdout; // biome exits 1 when it reports an error
    }
    const reported = new Map<string, string[]>(paths.map((path) => [path, []]));
    for (const match of output.matchAll(/^::\w+ title=lint\/([\w/]+),file=([^,]+),/gm)) {
      if (!INVARIANT_RULES.includes(match[1]!)) continue;
      const path = match[2]!.startsWith(root) ? match[2]!.slice(root.length + 1) : match[2]!;
      reported.get(path)?.push(match[1]!);
    }
    return paths.map((path) => [...new Set(reported.get(path))].sort());
  }

  let reported: string[][] = [];
  beforeAll(() => {
    reported = lintPlanted();
  });

  it.for(cases.map((entry, index) => [...entry, index] as const))('%s importing %s → %j', ([, , expected, index]) => {
    expect(reported[index]).toEqual(expected);
  });
});
