import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, two levels above this package. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Every `.json` file under `dir`, sorted, as paths relative to `dir`. */
export function jsonFilesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix))
    .sort()
    .flatMap((name) => {
      const relative = prefix ? `${prefix}/${name}` : name;
      if (statSync(join(dir, relative)).isDirectory()) return jsonFilesUnder(dir, relative);
      return name.endsWith('.json') ? [relative] : [];
    });
}

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}
