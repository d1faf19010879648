import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeRequire } from '../lib/steps/consumer.mjs';
import { extensions, pnpmCommand, publishedPackages, readWorkspace } from '../lib/workspace.mjs';

describe('the published set', () => {
  const root = mkdtempSync(join(tmpdir(), 'dbkit-release-test-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const manifests = {
    'packages/core': { name: '@dbkit/core', version: '0.1.0' },
    'packages/schema': { name: '@dbkit/schema', version: '0.1.0', private: false },
    'apps/server': { name: '@dbkit/server', version: '0.1.0', private: true },
    'apps/vscode': { name: 'dbkit-vscode', private: true, engines: { vscode: '^1.91.0' } },
    'tools/docs': { name: '@dbkit/docs', version: '0.0.0' },
  };
  for (const [dir, manifest] of Object.entries(manifests)) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'package.json'), JSON.stringify(manifest));
  }
  mkdirSync(join(root, 'packages', 'no-manifest'));

  it('is every package of packages/ and apps/ not marked private, read from the manifests', () => {
    const workspace = readWorkspace(root);
    expect(workspace.map((pkg) => pkg.dir)).toEqual(['packages/core', 'packages/schema', 'apps/server', 'apps/vscode']);
    expect(publishedPackages(workspace).map((pkg) => pkg.manifest.name)).toEqual(['@dbkit/core', '@dbkit/schema']);
  });

  it('finds the VS Code extension by its engines', () => {
    expect(extensions(readWorkspace(root)).map((pkg) => pkg.dir)).toEqual(['apps/vscode']);
  });
});

describe('pnpmCommand', () => {
  it('runs the pinned pnpm through npx', () => {
    expect(pnpmCommand({ packageManager: 'pnpm@10.34.8' })).toEqual(['npx', '--yes', 'pnpm@10.34.8']);
    expect(pnpmCommand({ packageManager: 'pnpm@10.34.8+sha512.abc' })).toEqual(['npx', '--yes', 'pnpm@10.34.8']);
    expect(pnpmCommand({})).toEqual(['npx', '--yes', 'pnpm']);
  });
});

describe('judgeRequire', () => {
  const ran = (code: number, stdout: string, stderr: string) => ({
    code,
    signal: null,
    stdout,
    stderr,
    timedOut: false,
    ms: 10,
  });

  it('expects require() to work where Node can require an ES module', () => {
    expect(judgeRequire(ran(0, '{"validateAutomationConfig":"function"}\n', ''), true)).toEqual({
      expected: true,
      line: 'works ({"validateAutomationConfig":"function"}), no warning',
    });
  });

  it('quotes the warning Node prints', () => {
    const stderr =
      '(node:1) ExperimentalWarning: CommonJS module require.cjs is loading ES Module @dbkit/core using require().\n';
    expect(judgeRequire(ran(0, '{}', stderr), true).line).toBe(
      'works ({}), with "CommonJS module require.cjs is loading ES Module @dbkit/core using require()."',
    );
  });

  it('expects ERR_REQUIRE_ESM where Node cannot, and nothing else', () => {
    const esm =
      'Error [ERR_REQUIRE_ESM]: require() of ES Module /x/index.js from /x/require.cjs not supported.\n    at …';
    expect(judgeRequire(ran(1, '', esm), false)).toEqual({
      expected: true,
      line: 'throws: Error [ERR_REQUIRE_ESM]: require() of ES Module /x/index.js from /x/require.cjs not supported.',
    });
    const async = 'Error [ERR_REQUIRE_ASYNC_MODULE]: require() cannot be used on an ESM graph with top-level await.';
    expect(judgeRequire(ran(1, '', async), true).expected).toBe(false);
  });
});
