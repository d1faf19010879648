// Two projects in one run, so `npm test` (turbo `test`) writes one report for the repository's summary line:
// `unit` (what the client decides by itself) and `e2e` (the .vsix in a real VS Code: code-server + Chromium).
// `pnpm test:unit` or `pnpm test:e2e` runs one of them.
import { defineConfig, mergeConfig } from 'vitest/config';
import { baseConfig, baseTest } from '../../vitest.config.base.ts';

export default mergeConfig(
  baseConfig,
  defineConfig({
    test: {
      // Projects do not extend the root config (its `include` would be added to theirs): each says what it runs.
      projects: [
        { test: { ...baseTest, name: 'unit', include: ['test/**/*.test.ts'] } },
        {
          test: {
            ...baseTest,
            name: 'e2e',
            include: ['e2e/**/*.e2e.test.ts'],
            // One VS Code at a time, steps in order.
            fileParallelism: false,
            sequence: { concurrent: false },
            testTimeout: 60_000,
            // The first run installs code-server (about two minutes) and Chromium; later runs reuse them.
            hookTimeout: 900_000,
          },
        },
      ],
    },
  }),
);
