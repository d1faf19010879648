// Shared vitest settings, merged by every package's vitest.config.ts.
import { defineConfig } from 'vitest/config';

export const baseConfig = defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    reporters: process.env.CI ? ['default'] : ['default'],
    testTimeout: 20_000,
  },
});
