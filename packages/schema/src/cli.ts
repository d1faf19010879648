/**
 * `pnpm --filter @dbkit/schema gen`: regenerates `schema/` from @dbkit/core's types.
 * `--check` writes nothing and exits 1 when a committed file differs from what the generator produces (for CI).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generateSchemas, renderFiles, SCHEMA_DIR } from './generate.js';

function main(args: readonly string[]): number {
  const check = args.includes('--check');
  const unknown = args.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}. Usage: node dist/cli.js [--check]`);
    return 2;
  }
  const rendered = renderFiles(generateSchemas());
  const where = relative(process.cwd(), SCHEMA_DIR) || '.';
  const present = existsSync(SCHEMA_DIR) ? readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json')) : [];
  const stale = present.filter((file) => !rendered.has(file));
  const changed = [...rendered].filter(([file, text]) => {
    const path = join(SCHEMA_DIR, file);
    return !existsSync(path) || readFileSync(path, 'utf8') !== text;
  });

  if (check) {
    for (const [file] of changed) console.error(`${where}/${file} is out of date.`);
    for (const file of stale) console.error(`${where}/${file} is not produced by the generator.`);
    if (changed.length > 0 || stale.length > 0) {
      console.error('Run `pnpm --filter @dbkit/schema gen` and commit the result.');
      return 1;
    }
    console.log(`${where}: ${rendered.size} files up to date.`);
    return 0;
  }

  mkdirSync(SCHEMA_DIR, { recursive: true });
  for (const [file, text] of changed) writeFileSync(join(SCHEMA_DIR, file), text);
  for (const file of stale) rmSync(join(SCHEMA_DIR, file));
  console.log(
    `${where}: ${rendered.size} files, ${changed.length} written, ${stale.length} removed, ${rendered.size - changed.length} unchanged.`,
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
