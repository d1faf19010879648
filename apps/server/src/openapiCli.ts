/**
 * `pnpm --filter @dbkit/server gen`: writes `openapi.json` beside the package after a change to the routes or to
 * core's model (the drift test fails until it is rewritten).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiText } from './openapi.js';

const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
writeFileSync(target, openApiText());
process.stdout.write(`openapi: wrote ${target}\n`);
