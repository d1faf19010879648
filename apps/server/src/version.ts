/**
 * The package's version, from the package.json one folder above this module (`dist/` when installed, `src/` in the
 * tests): what `dbkit-server` prints at start-up and `--version`, and the default `X-DB-Service-Version`.
 */
import { readFileSync } from 'node:fs';

export const PACKAGE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
