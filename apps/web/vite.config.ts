// The playground and the schema site, one static folder (`dist/`) with relative asset paths, so any static host
// (or `bin/dbkit-web.mjs`) can serve it.
import { fileURLToPath } from 'node:url';
import { AUTOMATION_CONFIG_FILE_MATCH } from '@dbkit/schema/fileMatch';
import { defineConfig } from 'vite';
import { schemaSite } from './site/plugin.ts';
import { monacoLayer, preloadChunk } from './site/startup.ts';

const schemaDir = fileURLToPath(new URL('../../packages/schema/schema/', import.meta.url));

export default defineConfig({
  base: './',
  plugins: [schemaSite(schemaDir, AUTOMATION_CONFIG_FILE_MATCH), preloadChunk('page')],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // monaco is one large chunk by nature; the budget that matters is the gzipped initial load (bench/).
    chunkSizeWarningLimit: 4096,
    // monaco in four chunks parsed side by side, all preloaded from the HTML (site/startup.ts).
    rollupOptions: { output: { manualChunks: monacoLayer } },
    reportCompressedSize: false,
  },
  server: { port: 5179 },
});
