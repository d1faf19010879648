// A vitest setup file (`vitest.config.base.ts` lists it for every project): after each test file, whatever process
// its tests or hooks started and left running is stopped, whether they passed, failed or timed out.
import { afterAll } from 'vitest';
import { stopTracked } from './index.mjs';

afterAll(() => stopTracked());
