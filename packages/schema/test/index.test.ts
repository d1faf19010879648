import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AUTOMATION_CONFIG_FILE_MATCH,
  apiSchemas,
  automationConfigSchema,
  CATALOG_FILE_NAME,
  catalog,
  catalogWithBaseUrl,
  SCHEMA_VERSION,
  schemaFiles,
} from '../src/index.js';
import { compile, errorLines, readJson } from './helpers.js';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const schemaDir = join(packageDir, 'schema');

describe('the package’s exports are the committed files', () => {
  it.for(schemaFiles.map((f) => [f.file, f] as const))('%s', ([file, info]) => {
    expect(info.schema).toEqual(readJson(join(schemaDir, file)));
    expect(info.id).toBe(info.schema.$id);
  });

  it('lists the automation configuration first, then the API schemas by name', () => {
    expect(schemaFiles[0]?.schema).toBe(automationConfigSchema);
    expect(schemaFiles[0]?.fileMatch).toEqual(AUTOMATION_CONFIG_FILE_MATCH);
    expect(schemaFiles.slice(1).map((f) => f.name)).toEqual(Object.keys(apiSchemas));
    for (const f of schemaFiles.slice(1)) expect(f.fileMatch).toBeUndefined();
  });

  it('exports the catalog as committed', () => {
    expect(catalog).toEqual(readJson(join(schemaDir, CATALOG_FILE_NAME)));
    expect(SCHEMA_VERSION).toBe('v1.0');
  });
});

/** SchemaStore's own schema of catalog files (https://json.schemastore.org/schema-catalog.json), in draft-07. */
const SCHEMA_CATALOG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['schemas', 'version', '$schema'],
  properties: {
    $schema: { type: 'string', enum: ['https://json.schemastore.org/schema-catalog.json'] },
    version: { type: 'number' },
    schemas: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'url', 'description'],
        properties: {
          name: { type: 'string' },
          description: { type: 'string' },
          fileMatch: { type: 'array', items: { type: 'string' }, uniqueItems: true },
          url: { type: 'string', format: 'uri', pattern: '^https://' },
          versions: { type: 'object', additionalProperties: { type: 'string', format: 'uri', pattern: '^https://' } },
        },
      },
    },
  },
};

describe('the catalog', () => {
  it('is a valid SchemaStore catalog', () => {
    expect(errorLines(compile(SCHEMA_CATALOG_SCHEMA)(catalog))).toEqual([]);
  });

  it('points the automation configuration patterns at the versioned $id', () => {
    expect(catalog.schemas).toEqual([
      expect.objectContaining({
        fileMatch: AUTOMATION_CONFIG_FILE_MATCH,
        url: 'https://dbkit.dev/schema/v1.0/automation-config.schema.json',
        versions: { 'v1.0': 'https://dbkit.dev/schema/v1.0/automation-config.schema.json' },
      }),
    ]);
  });

  it.for([
    ['file:///home/me/.dbkit/schema/', 'file:///home/me/.dbkit/schema/automation-config.schema.json'],
    ['https://example.net/dbkit', 'https://example.net/dbkit/automation-config.schema.json'],
  ] as const)('can point at copies under %s', ([base, url]) => {
    const moved = catalogWithBaseUrl(base);
    expect(moved.schemas[0]?.url).toBe(url);
    expect(moved.schemas[0]?.versions).toEqual({ 'v1.0': url });
    expect(moved.schemas[0]?.fileMatch).toEqual(AUTOMATION_CONFIG_FILE_MATCH);
  });
});

describe('the built package', () => {
  const dist = join(packageDir, 'dist', 'index.js');
  it('imports from plain Node ESM by its name, JSON schemas included, without warnings', () => {
    expect(existsSync(dist), 'dist/index.js is missing: run the build first (turbo runs it before test)').toBe(true);
    const script = [
      "const m = await import('@dbkit/schema');",
      'console.log(JSON.stringify({',
      '  id: m.automationConfigSchema.$id,',
      '  api: Object.keys(m.apiSchemas).length,',
      '  files: m.schemaFiles.length,',
      '  catalog: m.catalog.schemas[0].url,',
      '  version: m.SCHEMA_VERSION,',
      '}));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    // Nothing on stderr: no error, and no experimental-feature warning from the JSON imports.
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      id: 'https://dbkit.dev/schema/v1.0/automation-config.schema.json',
      api: 8,
      files: 9,
      catalog: 'https://dbkit.dev/schema/v1.0/automation-config.schema.json',
      version: 'v1.0',
    });
  });
});
