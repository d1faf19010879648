// Shared vitest settings, merged by every package's vitest.config.ts.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * What every test runs with. A package with `projects` spreads it into each one: an inline project does not inherit
 * the root config's test options.
 */
export const baseTest = {
  environment: 'node',
  // CI runs every package's build, typecheck and tests at once on two cores: CPU-bound table and fuzz tests that
  // take 1-2 s alone have taken 20-30 s there. A timeout is a hang detector, not a speed check (speed lives in
  // `pnpm bench`), so it is generous.
  testTimeout: 90_000,
  // Hooks start services, servers and language servers (a Node start-up each, seconds apiece on that machine), as
  // exposed to the load as any test: the same detector.
  hookTimeout: 90_000,
  // After each file, every process its tests and hooks started and left running is stopped (`@dbkit/test-process`).
  setupFiles: [fileURLToPath(new URL('tools/test-process/setup.mjs', import.meta.url))],
};

export const baseConfig = defineConfig({
  test: {
    ...baseTest,
    include: ['test/**/*.test.ts'],
    // The JSON report feeds the one-line summary `tools/test-summary.mjs` prints at the end of `npm test`.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-result.json' },
  },
});
