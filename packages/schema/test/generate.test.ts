import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_FILE, SCHEMA_FILES } from '../src/files.js';
import { generateSchemas, renderFiles, SCHEMA_DIR, serialize } from '../src/generate.js';

// Type-checking core and generating takes a few seconds: once for the whole file.
const generated = generateSchemas();
const rendered = renderFiles(generated);

describe('the committed files are what the generator produces', () => {
  // A difference fails everywhere (`vitest -u` rewrites the file). A missing file fails too, whether or not CI is
  // set: vitest would otherwise write it and pass; run `pnpm --filter @dbkit/schema gen` to create it.
  it.for([...rendered.keys()])('schema/%s', async (file) => {
    expect(existsSync(join(SCHEMA_DIR, file)), `schema/${file} is not committed; run the gen script`).toBe(true);
    await expect(rendered.get(file)).toMatchFileSnapshot(`../schema/${file}`);
  });

  it('schema/ holds no file the generator does not produce', () => {
    const onDisk = readdirSync(SCHEMA_DIR).sort();
    expect(onDisk).toEqual([...rendered.keys()].sort());
  });

  it('produces one file per schema plus the catalog', () => {
    expect([...rendered.keys()].sort()).toEqual([...SCHEMA_FILES.map((f) => f.file), CATALOG_FILE].sort());
  });

  // A whole second generation (the TypeScript compiler over core): several seconds alone.
  it('produces byte-identical output on a second run', () => {
    expect(renderFiles(generateSchemas())).toEqual(rendered);
  });
});

describe('serialize', () => {
  it.for([
    [
      'sorts keys at every level',
      { b: 1, a: { d: [{ z: 1, y: 2 }], c: null } },
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    ],
    [
      "keeps a snippet body's key order (the order the snippet inserts fields in)",
      { defaultSnippets: [{ label: 'x', body: { name: 'n', hostname: 'h' } }] },
      '{"defaultSnippets":[{"body":{"name":"n","hostname":"h"},"label":"x"}]}',
    ],
    [
      'sorts a property named body like any other',
      { properties: { body: { type: 'string', a: 1 } } },
      '{"properties":{"body":{"a":1,"type":"string"}}}',
    ],
  ] as const)('%s', ([, value, compact]) => {
    const text = serialize(value);
    expect(JSON.stringify(JSON.parse(text))).toBe(compact);
  });

  it('indents by two spaces and ends with one newline', () => {
    expect(serialize({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });
});
