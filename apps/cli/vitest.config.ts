import { defineConfig, mergeConfig } from 'vitest/config';
import { baseConfig } from '../../vitest.config.base.ts';

// Every test runs the built binary, some several times against a service in the same process (pull, edit, push):
// each spawn is a Node start-up, seconds apiece when CI runs every package's tests at once on two cores, where one
// such test once went past the base's 20 s.
export default mergeConfig(baseConfig, defineConfig({ test: { name: 'cli', testTimeout: 60_000 } }));
