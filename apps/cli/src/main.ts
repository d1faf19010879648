#!/usr/bin/env node
/**
 * The `dbkit` entry. On Node 22.1 and later it first turns on V8's compile cache for the modules it loads next
 * (`module.enableCompileCache()`: the second run of a command loads compiled code instead of compiling the bundle
 * again); Node 20 has no such cache, and the entry goes straight on. Then `run.ts` does the work.
 */
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./run.js');
