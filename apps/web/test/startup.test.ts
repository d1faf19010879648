// How the production build reaches the browser (site/startup.ts): monaco in layers, every chunk the page needs
// preloaded from the HTML, and an entry that starts the language worker without waiting for monaco.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { monacoLayer } from '../site/startup.ts';
import { PACKAGE_DIR } from './serverHarness.ts';

const DIST = resolve(PACKAGE_DIR, 'dist');
const html = readFileSync(resolve(DIST, 'index.html'), 'utf8');
const assets = readdirSync(resolve(DIST, 'assets'));
const chunk = (prefix: string) => {
  const file = assets.find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
  if (file === undefined) throw new Error(`no ${prefix} chunk in dist/assets`);
  return file;
};
/** The chunks a chunk imports statically (`import … from "./x.js"` at its top level). */
const staticImports = (file: string) =>
  [
    ...readFileSync(resolve(DIST, 'assets', file), 'utf8').matchAll(
      /(?:^|;)import\s*(?:[\w${},\s*]+from\s*)?"\.\/([^"]+\.js)"/g,
    ),
  ].map((m) => m[1] ?? '');
const entry = /<script type="module" crossorigin src="\.\/assets\/([^"]+)">/.exec(html)?.[1] ?? 'no entry script';
const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\.\/assets\/([^"]+)">/g)].map(
  (m) => m[1] ?? '',
);

describe('monaco layers', () => {
  it.for([
    ['/x/node_modules/monaco-editor/esm/vs/base/common/strings.js', 'monaco-base'],
    ['/x/node_modules/monaco-editor/esm/vs/nls.js', 'monaco-base'],
    ['/x/node_modules/monaco-editor/esm/vs/platform/quickinput/browser/quickInput.js', 'monaco-platform'],
    ['/x/node_modules/monaco-editor/esm/vs/editor/common/model/textModel.js', 'monaco-editor-common'],
    ['/x/node_modules/monaco-editor/esm/vs/editor/browser/view.js', undefined],
    ['/x/node_modules/monaco-editor/esm/vs/editor/contrib/suggest/browser/suggestController.js', undefined],
    ['\0vite/preload-helper.js', 'preload-helper'],
    ['/repo/apps/web/src/page.ts', undefined],
  ] as const)('%s → %s', ([id, layer]) => {
    expect(monacoLayer(id)).toBe(layer);
  });
});

describe('the built page', () => {
  it('preloads the page chunk and every chunk it imports, from the HTML', () => {
    const page = chunk('page');
    // The entry is the page's script tag itself (the page takes the worker from it).
    const needed = [page, ...staticImports(page)].filter((file) => file !== entry);
    expect(needed).toEqual(expect.arrayContaining([chunk('monaco-base'), chunk('monaco-platform')]));
    for (const file of needed) expect(preloaded).toContain(file);
  });

  it('starts the language worker from an entry that does not wait for monaco', () => {
    const imports = staticImports(entry);
    expect(imports.filter((f) => f.startsWith('monaco-') || f.startsWith('page-'))).toEqual([]);
    expect(readFileSync(resolve(DIST, 'assets', entry), 'utf8')).toMatch(/new Worker\(/);
  });

  it('splits monaco so no chunk is parsed alone for long (each under 1.5 MB)', () => {
    for (const file of assets.filter((f) => f.endsWith('.js'))) {
      const size = readFileSync(resolve(DIST, 'assets', file)).length;
      expect({ file, underLimit: size < 1.5 * 1024 * 1024 }).toEqual({ file, underLimit: true });
    }
  });
});
