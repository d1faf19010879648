// Shared vitest settings, merged by every package's vitest.config.ts.
import { defineConfig } from 'vitest/config';

export const baseConfig = defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The JSON report feeds the one-line summary `tools/test-summary.mjs` prints at the end of `npm test`.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-result.json' },
    testTimeout: 20_000,
  },
});
