/**
 * `dbkit schema`: the JSON Schemas of @dbkit/schema as files. Without --out, the automation-config schema goes to
 * stdout (`dbkit schema > automation-config.schema.json`); with --out, every schema and catalog.json are written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { SchemaCommand } from './args.js';
import type { Io } from './io.js';
import { loadSchemaPackage } from './schemaSource.js';

export interface SchemaFile {
  readonly name: string;
  readonly text: string;
}

const serialize = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The files to write, in a stable order: each schema by its file name, then `catalog.json`. Accepts the shapes a
 * file list can reasonably take: a record of name → schema (or text), or a list of `{ name|file|fileName, schema|text }`.
 */
export function schemaFilesOf(schemaFiles: unknown, catalog: unknown): SchemaFile[] {
  const files: SchemaFile[] = [];
  const push = (name: unknown, content: unknown): void => {
    if (typeof name !== 'string' || content === undefined) return;
    files.push({ name: basename(name), text: typeof content === 'string' ? content : serialize(content) });
  };
  if (Array.isArray(schemaFiles)) {
    for (const entry of schemaFiles as readonly Record<string, unknown>[]) {
      push(entry.file ?? entry.fileName ?? entry.name, entry.text ?? entry.content ?? entry.schema);
    }
  } else if (typeof schemaFiles === 'object' && schemaFiles !== null) {
    for (const [name, content] of Object.entries(schemaFiles)) push(name, content);
  }
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (catalog !== undefined && !files.some((file) => file.name === 'catalog.json')) {
    files.push({ name: 'catalog.json', text: serialize(catalog) });
  }
  return files;
}

export async function runSchema(command: SchemaCommand, io: Io): Promise<number> {
  const loaded = await loadSchemaPackage();
  if (!loaded.ok) {
    io.stderr.write(
      `dbkit: schema not available (${loaded.reason}); build it: npx --yes pnpm@10.34.8 --filter @dbkit/schema run build\n`,
    );
    return 2;
  }
  const files = schemaFilesOf(loaded.value.schemaFiles, loaded.value.catalog);
  if (command.out === undefined) {
    const main = files.find((file) => file.name === 'automation-config.schema.json');
    io.stdout.write(main?.text ?? serialize(loaded.value.automationConfigSchema));
    return 0;
  }
  const folder = resolve(io.cwd, command.out);
  try {
    mkdirSync(folder, { recursive: true });
    for (const file of files) writeFileSync(resolve(folder, file.name), file.text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    io.stderr.write(`dbkit: cannot write to ${command.out} (${code}); choose a folder you can write to\n`);
    return 2;
  }
  io.stderr.write(`dbkit: wrote ${files.length} files to ${command.out}: ${files.map((f) => f.name).join(', ')}\n`);
  return 0;
}
