/**
 * The schema download site's files: every file of `@dbkit/schema`'s `schema/` folder at the path of its `$id`
 * (`https://dbkit.dev/schema/v1.0/<file>` → `schema/v1.0/<file>`), the catalog at `schema/catalog.json`. The
 * bytes are copied as they are: a test compares what the server answers with the package's files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_ID_BASE } from '@dbkit/schema/fileMatch';

/** The origin of the `$id`s (`SCHEMA_ID_BASE`'s); the site serves the path after it. */
export const ID_ORIGIN = `${new URL(SCHEMA_ID_BASE).origin}/`;

export interface SiteSchemaFile {
  /** File name in the package's `schema/`. */
  readonly file: string;
  /** Path in the built site, `schema/v1.0/alert.schema.json` or `schema/catalog.json`. */
  readonly sitePath: string;
  /** The schema's `$id` (empty for the catalog). */
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly bytes: Uint8Array;
}

/** Reads the package's schema folder; the automation config first, then the API schemas, then the catalog. */
export function readSchemaFiles(schemaDir: string): SiteSchemaFile[] {
  const result: SiteSchemaFile[] = [];
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.json'))) {
    const bytes = new Uint8Array(readFileSync(join(schemaDir, file)));
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as {
      $id?: unknown;
      title?: unknown;
      description?: unknown;
    };
    if (file === 'catalog.json') {
      result.push({ file, sitePath: 'schema/catalog.json', id: '', title: 'Catalog', description: '', bytes });
      continue;
    }
    const id = typeof parsed.$id === 'string' ? parsed.$id : '';
    if (!id.startsWith(ID_ORIGIN)) throw new Error(`${file}: $id ${id} is not under ${ID_ORIGIN}`);
    const description = typeof parsed.description === 'string' ? parsed.description.split('\n')[0]! : '';
    const title = typeof parsed.title === 'string' ? parsed.title : file;
    result.push({ file, sitePath: id.slice(ID_ORIGIN.length), id, title, description, bytes });
  }
  const rank = (f: SiteSchemaFile) => (f.file === 'catalog.json' ? 2 : f.file.startsWith('automation-config') ? 0 : 1);
  return result.sort((a, b) => rank(a) - rank(b) || a.file.localeCompare(b.file));
}
