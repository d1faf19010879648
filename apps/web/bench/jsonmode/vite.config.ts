// The bench's peer page (bench/jsonmode/), built from the same monaco-editor dependency, chunks and preloads as the
// playground (site/startup.ts) into bench-out/jsonmode/, which is git-ignored and never part of the site (dist/).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { monacoLayer, preloadChunk } from '../../site/startup.ts';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: at('.'),
  base: './',
  publicDir: at('../../public'),
  plugins: [preloadChunk('page')],
  worker: { format: 'es' },
  logLevel: 'warn',
  build: {
    outDir: at('../../bench-out/jsonmode'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    rollupOptions: { output: { manualChunks: monacoLayer } },
    reportCompressedSize: false,
  },
});
