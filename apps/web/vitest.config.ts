// Two projects in one run, so `npm test` (turbo `test`) writes one report for the repository's summary line:
// `unit` (pure parts, and the server over real HTTP) and `e2e` (the production build in Debian's Chromium).
// `pnpm test:unit` or `pnpm test:e2e` runs one of them.
import { defineConfig, mergeConfig } from 'vitest/config';
import { baseConfig, baseTest } from '../../vitest.config.base.ts';

export default mergeConfig(
  baseConfig,
  defineConfig({
    test: {
      projects: [
        { test: { ...baseTest, name: 'unit', include: ['test/**/*.test.ts'] } },
        {
          test: {
            ...baseTest,
            name: 'e2e',
            include: ['e2e/**/*.e2e.test.ts'],
            // One browser, steps in order.
            fileParallelism: false,
            sequence: { concurrent: false },
            testTimeout: 30_000,
            // The first run installs Chromium with apt-get.
            hookTimeout: 600_000,
          },
        },
      ],
    },
  }),
);
