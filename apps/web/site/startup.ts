/**
 * How the page's JavaScript reaches the browser, for the time from navigation to a usable editor.
 *
 * monaco is ~3 MB of minified JavaScript. Chromium parses a script off the page's thread while it streams in, one
 * script per background thread; one 3 MB chunk is parsed by one thread while the other core idles. Cut along
 * monaco's own layers (`vs/base` ← `vs/platform` ← `vs/editor/common` ← the rest, which VS Code's layering rules
 * keep free of back-edges, so no chunk runs before what it needs), the four parts are parsed side by side.
 * And the HTML names them with `<link rel="modulepreload">`, so they are fetched and parsed from the first
 * milliseconds instead of after the entry script has run and asked for the page's chunk.
 *
 * Time to a usable editor: 0.87× that of one monaco chunk (docs/decisions/web.md, "The worker starts first, then
 * monaco in four preloaded chunks").
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The monaco layer a module belongs to, or undefined for the page's own chunk. */
export function monacoLayer(id: string): string | undefined {
  // Vite's helper for dynamic imports: monaco's modules use it too, and without this line it would follow them into
  // monaco's first chunk, which the entry would then wait for before it starts the language worker.
  if (id.includes('vite/preload-helper')) return 'preload-helper';
  const at = id.lastIndexOf('/monaco-editor/esm/vs/');
  if (at < 0) return undefined;
  const path = id.slice(at + '/monaco-editor/esm/vs/'.length);
  if (path.startsWith('base/') || !path.includes('/')) return 'monaco-base';
  if (path.startsWith('platform/')) return 'monaco-platform';
  if (path.startsWith('editor/common/')) return 'monaco-editor-common';
  return undefined;
}

/**
 * Adds `<link rel="modulepreload">` for the chunk the entry imports dynamically (`chunkName`) and every chunk it
 * imports statically, so the browser fetches and parses them while the entry script is still on its way.
 */
export function preloadChunk(chunkName: string): Plugin {
  return {
    name: 'dbkit-preload-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (bundle === undefined) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const page = chunks.find((output) => output.name === chunkName);
        if (page === undefined) throw new Error(`no chunk named ${chunkName}: src/main.ts imports it dynamically`);
        // The entry and what it imports statically are in the HTML already (Vite's own tags).
        const seen = new Set<string>(entry === undefined ? [] : [entry.fileName, ...entry.imports]);
        const order: string[] = [];
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const chunk = chunks.find((output) => output.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
          order.push(fileName);
        };
        visit(page.fileName);
        const styles = order.flatMap((fileName) => [
          ...(chunks.find((output) => output.fileName === fileName)?.viteMetadata?.importedCss ?? []),
        ]);
        return [
          ...order.map(
            (fileName): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}` },
              injectTo: 'head',
            }),
          ),
          // Vite's loader adds each chunk's stylesheet when the chunk is imported; fetched now, it is there by then.
          ...styles.map(
            (fileName): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${fileName}` },
              injectTo: 'head',
            }),
          ),
        ];
      },
    },
  };
}
