import { defineConfig, mergeConfig } from 'vitest/config';
import { baseConfig } from '../../vitest.config.base.ts';

// The HTTP tests start real servers and child processes: one file at a time keeps the 2-core machine responsive.
export default mergeConfig(baseConfig, defineConfig({ test: { name: 'server', fileParallelism: false } }));
