import { defineConfig, mergeConfig } from 'vitest/config';
import { baseConfig, baseTest } from '../../vitest.config.base.ts';

// The HTTP tests start real servers and child processes: one file at a time keeps the 2-core machine responsive.
// `server-postgres` runs the HTTP suites again with every service on PostgreSQL (test/store/usePostgres.ts).
export default mergeConfig(
  baseConfig,
  defineConfig({
    test: {
      fileParallelism: false,
      projects: [
        { test: { ...baseTest, name: 'server', include: ['test/**/*.test.ts'] } },
        {
          test: {
            ...baseTest,
            name: 'server-postgres',
            include: ['test/http/*.test.ts'],
            setupFiles: [...baseTest.setupFiles, 'test/store/usePostgres.ts'],
          },
        },
      ],
    },
  }),
);
