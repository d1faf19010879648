import { defineConfig, mergeConfig } from 'vitest/config';
import { baseConfig } from '../../vitest.config.base.ts';

// The HTTP tests start real servers and child processes: one file at a time keeps the 2-core machine responsive.
// `server-postgres` runs the HTTP suites again with every service on PostgreSQL (test/store/usePostgres.ts).
const project = { environment: 'node', testTimeout: 20_000 } as const;
export default mergeConfig(
  baseConfig,
  defineConfig({
    test: {
      fileParallelism: false,
      projects: [
        { test: { ...project, name: 'server', include: ['test/**/*.test.ts'] } },
        {
          test: {
            ...project,
            name: 'server-postgres',
            include: ['test/http/*.test.ts'],
            setupFiles: ['test/store/usePostgres.ts'],
          },
        },
      ],
    },
  }),
);
