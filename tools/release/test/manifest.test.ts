import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  danglingSourceMaps,
  declaresNode,
  isLibrary,
  isPublished,
  manifestTargets,
  missingTargets,
  packedByFiles,
  protocolLeaks,
  unwantedFiles,
} from '../lib/manifest.mjs';
import { outsideEnv } from '../lib/process.mjs';

/** Shaped like the language server's manifest: a bin, condition objects, and a subpath pattern. */
const manifest = {
  name: '@dbkit/planted',
  version: '1.0.0',
  type: 'module',
  main: './dist/index.js',
  types: './dist/index.d.ts',
  bin: { 'planted-server': './bin/planted-server.js' },
  exports: {
    '.': { types: './dist/index.d.ts', default: './dist/index.js' },
    './explain': { types: './dist/explain/index.d.ts', default: './dist/explain/index.js' },
    './schema/*': './schema/*',
    './internal': null,
    './package.json': './package.json',
  },
  // The planted fault: schema/ is left out, so the `./schema/*` export has nothing behind it.
  files: ['dist', 'README.md'],
};

/** Every file of the planted package's folder, as the build leaves it. */
const tree = [
  'package.json',
  'README.md',
  'bin/planted-server.js',
  'dist/index.js',
  'dist/index.d.ts',
  'dist/explain/index.js',
  'dist/explain/index.d.ts',
  'schema/config.schema.json',
  'src/index.ts',
];

describe('manifestTargets', () => {
  it('names every file a user is pointed at, with the field that points there', () => {
    expect(manifestTargets(manifest)).toEqual([
      { field: 'main', target: './dist/index.js' },
      { field: 'types', target: './dist/index.d.ts' },
      { field: 'bin["planted-server"]', target: './bin/planted-server.js' },
      { field: 'exports["."]["types"]', target: './dist/index.d.ts' },
      { field: 'exports["."]["default"]', target: './dist/index.js' },
      { field: 'exports["./explain"]["types"]', target: './dist/explain/index.d.ts' },
      { field: 'exports["./explain"]["default"]', target: './dist/explain/index.js' },
      { field: 'exports["./schema/*"]', target: './schema/*' },
      { field: 'exports["./package.json"]', target: './package.json' },
    ]);
  });

  it('reads a string bin and a string exports', () => {
    expect(manifestTargets({ bin: './cli.js', exports: './index.js' })).toEqual([
      { field: 'bin', target: './cli.js' },
      { field: 'exports', target: './index.js' },
    ]);
  });
});

/** What npm and pnpm pack of the tree: what `files` lets in, and `main` and the `bin` files whatever it says. */
const packedTree = (pkg: typeof manifest) =>
  tree.filter(
    (path) =>
      path === 'package.json' ||
      manifestTargets(pkg).some((target) => target.target === `./${path}` && packedByFiles(pkg, target)) ||
      packedByFiles(pkg, { field: 'files', target: path }),
  );

describe('missingTargets', () => {
  it('finds the export whose folder was left out of "files" (planted fault)', () => {
    expect(packedTree(manifest)).not.toContain('schema/config.schema.json');
    const missing = missingTargets(manifest, packedTree(manifest));
    expect(missing).toEqual([{ field: 'exports["./schema/*"]', target: './schema/*' }]);
    expect(missing.map((target) => packedByFiles(manifest, target))).toEqual([false]);
  });

  it('passes once "files" names the folder', () => {
    const fixed = { ...manifest, files: [...manifest.files, 'schema'] };
    expect(missingTargets(fixed, packedTree(fixed))).toEqual([]);
  });

  it('finds a target "files" covers but the build did not write', () => {
    const unbuilt = packedTree(manifest).filter((path) => !path.startsWith('dist/explain/'));
    expect(missingTargets(manifest, unbuilt).map((target) => target.field)).toEqual([
      'exports["./explain"]["types"]',
      'exports["./explain"]["default"]',
      'exports["./schema/*"]',
    ]);
    expect(packedByFiles(manifest, { field: 'exports', target: './dist/explain/index.js' })).toBe(true);
  });

  it('finds a bin that was not built: npm packs bin files whatever "files" says', () => {
    const withoutBin = packedTree(manifest).filter((path) => !path.startsWith('bin/'));
    expect(missingTargets(manifest, withoutBin).map((target) => target.field)).toContain('bin["planted-server"]');
    expect(packedByFiles(manifest, { field: 'bin["planted-server"]', target: './bin/planted-server.js' })).toBe(true);
  });

  it('lets main omit its extension, as Node does', () => {
    expect(missingTargets({ main: 'dist/index' }, ['dist/index.js'])).toEqual([]);
    expect(missingTargets({ exports: './dist/index' }, ['dist/index.js'])).toHaveLength(1);
  });
});

describe('missingTargets on what npm pack really packs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dbkit-release-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the export left out of "files" in the list of a real pack (planted fault)', () => {
    for (const path of tree) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), path === 'package.json' ? JSON.stringify(manifest) : '// planted\n');
    }
    const [result] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: dir,
        env: outsideEnv(process.env),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ) as [{ files: { path: string }[] }];
    const files = result.files.map((file) => file.path).sort();
    expect(files).toEqual(packedTree(manifest).sort());
    expect(missingTargets(manifest, files)).toEqual([{ field: 'exports["./schema/*"]', target: './schema/*' }]);
  });
});

describe('unwantedFiles', () => {
  it.for([
    ['dist/.tsbuildinfo', 'build info'],
    ['dist/test/hover.test.js', 'test'],
    ['dist/hover.test.js', 'test'],
    ['dist/hover.test.d.ts', 'test'],
    ['dist/types.test-d.ts', 'test'],
    ['e2e/harness.ts', 'test'],
    ['dist/test/hover.test.js.map', 'test source map'],
    ['dist/hover.spec.js.map', 'test source map'],
  ] as const)('flags %s as %s', ([path, kind]) => {
    expect(unwantedFiles([path])).toEqual([{ path, kind }]);
  });

  it.for(['dist/index.js', 'dist/index.js.map', 'src/testing.ts', 'dist/latest.js', 'schema/test-plan.schema.json'])(
    'keeps %s',
    (path) => {
      expect(unwantedFiles([path])).toEqual([]);
    },
  );
});

describe('protocolLeaks', () => {
  it('finds workspace: and catalog: versions in every dependency field', () => {
    expect(
      protocolLeaks({
        dependencies: { '@dbkit/core': 'workspace:*', ajv: '8.20.0' },
        devDependencies: { typescript: 'catalog:' },
        peerDependencies: { vscode: '^1.91.0' },
      }),
    ).toEqual([
      { field: 'dependencies', name: '@dbkit/core', spec: 'workspace:*' },
      { field: 'devDependencies', name: 'typescript', spec: 'catalog:' },
    ]);
  });

  it('passes versions as pnpm pack writes them', () => {
    expect(protocolLeaks({ dependencies: { '@dbkit/core': '0.1.0', 'jsonc-parser': '3.3.1' } })).toEqual([]);
  });
});

describe('isPublished and isLibrary', () => {
  it.for([
    [{ name: 'a' }, true],
    [{ name: 'a', private: false }, true],
    [{ name: 'a', private: true }, false],
  ] as const)('%j is published: %s', ([pkg, expected]) => {
    expect(isPublished(pkg)).toBe(expected);
  });

  it('tells a library from a command', () => {
    expect(isLibrary({ exports: { '.': './index.js' } })).toBe(true);
    expect(isLibrary({ main: './index.js' })).toBe(true);
    expect(isLibrary({ bin: { dbkit: './dist/main.js' } })).toBe(false);
  });
});

describe('declaresNode', () => {
  it.for([
    [{ engines: { node: '>=20.19' } }, true],
    [{ engines: { vscode: '^1.91.0' } }, false],
    [{}, false],
  ] as const)('%j declares its Node: %s', ([pkg, expected]) => {
    expect(declaresNode(pkg)).toBe(expected);
  });
});

describe('danglingSourceMaps', () => {
  const map = (sources: string[], sourceRoot?: string) =>
    Buffer.from(JSON.stringify({ version: 3, sources, ...(sourceRoot === undefined ? {} : { sourceRoot }) }));

  it('finds declaration maps pointing at a src/ the tarball leaves out (planted)', () => {
    const entries = [
      { path: 'dist/hover.d.ts', data: Buffer.from('') },
      { path: 'dist/hover.d.ts.map', data: map(['../src/hover.ts']) },
      { path: 'dist/service/index.js.map', data: map(['../../src/service/index.ts']) },
    ];
    expect(danglingSourceMaps(entries)).toEqual([
      { path: 'dist/hover.d.ts.map', missing: ['src/hover.ts'] },
      { path: 'dist/service/index.js.map', missing: ['src/service/index.ts'] },
    ]);
  });

  it('passes maps whose sources ship, resolved through sourceRoot', () => {
    const entries = [
      { path: 'src/hover.ts', data: Buffer.from('') },
      { path: 'dist/hover.d.ts.map', data: map(['../src/hover.ts']) },
      { path: 'dist/other.js.map', data: map(['hover.ts'], '../src/') },
      { path: 'dist/bundle.js.map', data: map(['webpack://x/hover.ts']) },
    ];
    expect(danglingSourceMaps(entries)).toEqual([]);
  });
});
