// The Vite config of a bench page (bench/<name>/): built from the same monaco-editor dependency, chunks and preloads
// as the playground (site/startup.ts) into bench-out/<name>/, which is git-ignored and never part of the site (dist/).
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { monacoLayer, preloadChunk } from '../site/startup.ts';

export function benchPageConfig(name: string): UserConfig {
  const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  return defineConfig({
    root: at(`./${name}`),
    base: './',
    publicDir: at('../public'),
    plugins: [preloadChunk('page')],
    worker: { format: 'es' },
    logLevel: 'warn',
    build: {
      outDir: at(`../bench-out/${name}`),
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 4096,
      rollupOptions: { output: { manualChunks: monacoLayer } },
      reportCompressedSize: false,
    },
  });
}
