// Shared vitest settings, merged by every package's vitest.config.ts.
import { defineConfig } from 'vitest/config';

export const baseConfig = defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The JSON report feeds the one-line summary `tools/test-summary.mjs` prints at the end of `npm test`.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-result.json' },
    // CI runs every package's build, typecheck and tests at once on two cores: CPU-bound table and fuzz tests that
    // take 1-2 s alone have taken 20-30 s there. A timeout is a hang detector, not a speed check (speed lives in
    // `pnpm bench`), so it is generous.
    testTimeout: 90_000,
  },
});
