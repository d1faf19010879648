/**
 * The JSON Schema generator: @dbkit/core's TypeScript types → typescript-json-schema → post-processing for
 * editors → `schema/*.schema.json` and `schema/catalog.json`.
 *
 * The types are read from core's source (`packages/core/src`), where the JSDoc carries the spec's descriptions and
 * the `@default`, `@minimum`, `@maximum`, `@pattern` and `@deprecated` tags. Everything here is deterministic: the
 * same sources give byte-identical files (`serialize` sorts keys), which `test/generate.test.ts` checks against the
 * committed files.
 *
 * @example
 * const { files } = generateSchemas();
 * for (const { file, schema } of files) writeFileSync(`schema/${file}`, serialize(schema));
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_MANAGED_SECTIONS } from '@dbkit/core';
import * as TJS from 'typescript-json-schema';
import {
  AUTOMATION_CONFIG_FILE,
  CATALOG_FILE,
  GENERATED_COMMENT,
  SCHEMA_FILES,
  SCHEMA_VERSION,
  type SchemaFile,
} from './files.js';
import { allowNullInOptionalProperties, describeNodes, doNotSuggest } from './transform/annotations.js';
import { describeEnums } from './transform/enums.js';
import { addSnippets } from './transform/snippets.js';
import { inlineAnonymousDefinitions, pruneDefinitions, undistributeIntersections } from './transform/unions.js';
import { isNode, refName, type SchemaNode, walk } from './transform/walk.js';

/** The JSON Schema dialect typescript-json-schema writes, and the one every generated schema declares. */
export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** `packages/schema`, whether this module runs from `src/` (tests) or `dist/` (the `gen` script). */
const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const coreSource = resolve(packageRoot, '../core/src');

/** The sources the program is built from; the rest of core comes in through their imports. */
const ENTRY_FILES = [join(coreSource, 'model/automation/config.ts'), join(packageRoot, 'src/resources.ts')];

/**
 * Compiler options for reading core's source. `Bundler` resolution keeps definition names plain (`Process`, not
 * `import("/abs/path").Process`, which NodeNext gives and which would put this machine's paths into the schema);
 * `paths` sends `@dbkit/core` (imported by `resources.ts`) to the source, not to the built declarations.
 */
const COMPILER_OPTIONS = {
  strict: true,
  exactOptionalPropertyTypes: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  types: [],
  skipLibCheck: true,
  baseUrl: packageRoot,
  paths: { '@dbkit/core': ['../core/src/index.ts'] },
};

/**
 * typescript-json-schema's settings. `noExtraProps: false`: the service keeps fields it does not know, so no schema
 * says `additionalProperties: false`. `defaultProps: false`: it would add a `defaultProperties: []` keyword to every
 * object, which no editor reads and strict validators reject. `deprecated` as a validation keyword copies each
 * `@deprecated` message into the schema, where `describeNodes` turns it into `deprecated` + `deprecationMessage`.
 */
const GENERATOR_ARGS: TJS.PartialArgs = {
  required: true,
  ref: true,
  aliasRef: false,
  topRef: false,
  titles: false,
  noExtraProps: false,
  defaultProps: false,
  strictNullChecks: true,
  uniqueNames: false,
  validationKeywords: ['deprecated'],
};

/** One generated schema with the file it is written to. */
export interface GeneratedSchema extends SchemaFile {
  readonly schema: SchemaNode;
}

/** A SchemaStore-format catalog (https://json.schemastore.org/schema-catalog.json). */
export interface SchemaCatalog {
  readonly $schema: 'https://json.schemastore.org/schema-catalog.json';
  readonly version: 1;
  readonly schemas: readonly {
    readonly name: string;
    readonly description: string;
    readonly fileMatch?: readonly string[];
    readonly url: string;
    readonly versions?: { readonly [version: string]: string };
  }[];
}

/** Everything the generator writes. */
export interface GeneratedFiles {
  /** The schemas, the automation configuration first. */
  readonly files: readonly GeneratedSchema[];
  /** `schema/catalog.json`. */
  readonly catalog: SchemaCatalog;
}

/** The program over core's source and the generator built on it, once for all schemas. */
interface Generator {
  readonly program: TJS.Program;
  readonly generator: TJS.JsonSchemaGenerator;
}

/** Type-checks core's source; throws (after the compiler's messages) when it has type errors. */
function buildGenerator(): Generator {
  const program = TJS.getProgramFromFiles(ENTRY_FILES, COMPILER_OPTIONS, packageRoot);
  const generator = TJS.buildGenerator(program, GENERATOR_ARGS);
  if (!generator) throw new Error('@dbkit/core has type errors (printed above); fix them before generating.');
  return { program, generator };
}

/** Generates every schema and the catalog, as objects. Takes a few seconds (it type-checks core). */
export function generateSchemas(): GeneratedFiles {
  const built = buildGenerator();
  const files = SCHEMA_FILES.map((file) => ({ ...file, schema: generateOne(built, file) }));
  return { files, catalog: buildCatalog(files) };
}

function generateOne({ program, generator }: Generator, file: SchemaFile): SchemaNode {
  const raw = TJS.generateSchema(program, file.type, GENERATOR_ARGS, undefined, generator);
  if (!raw) throw new Error(`typescript-json-schema produced nothing for ${file.type}.`);
  const schema = structuredClone(raw) as SchemaNode;
  if (schema.$schema !== DRAFT_07)
    throw new Error(`Expected a draft-07 schema for ${file.type}, got ${schema.$schema}.`);

  inlineAnonymousDefinitions(schema);
  undistributeIntersections(schema);
  pruneDefinitions(schema);
  describeEnums(schema);
  if (file === AUTOMATION_CONFIG_FILE) {
    addSnippets(schema);
    doNotSuggest(schema, SERVICE_MANAGED_SECTIONS);
  }
  describeNodes(schema);
  if (file === AUTOMATION_CONFIG_FILE) allowNullInOptionalProperties(schema);

  const { $schema: _dialect, ...body } = schema;
  const result: SchemaNode = {
    $schema: DRAFT_07,
    $id: file.id,
    $comment: GENERATED_COMMENT,
    title: file.title,
    ...body,
  };
  checkSchema(result, file);
  return result;
}

/**
 * What must hold for every generated schema, checked before anything is written: references are local and
 * resolve, no object forbids unknown fields, every enum is described value by value.
 */
function checkSchema(schema: SchemaNode, file: SchemaFile): void {
  const definitions = isNode(schema.definitions) ? schema.definitions : {};
  walk(schema, (node, path) => {
    const where = `${file.file} at /${path.join('/')}`;
    if (node.$ref !== undefined) {
      const name = refName(node);
      if (name === undefined) throw new Error(`Only local #/definitions/ references are allowed: ${where}.`);
      if (!isNode(definitions[name])) throw new Error(`Dangling reference to ${name}: ${where}.`);
    }
    if (node.additionalProperties === false) throw new Error(`additionalProperties: false is not allowed: ${where}.`);
    if (Array.isArray(node.enum) && !path.includes('if')) {
      const descriptions = node.enumDescriptions;
      if (!Array.isArray(descriptions) || descriptions.length !== node.enum.length) {
        throw new Error(`Every enum needs one enumDescription per value: ${where}.`);
      }
    }
  });
}

function buildCatalog(files: readonly GeneratedSchema[]): SchemaCatalog {
  const automation = files.find((f) => f.name === AUTOMATION_CONFIG_FILE.name);
  if (!automation?.fileMatch) throw new Error('Expected the automation configuration schema with its fileMatch.');
  return {
    $schema: 'https://json.schemastore.org/schema-catalog.json',
    version: 1,
    schemas: [
      {
        name: 'dbkit automation configuration',
        description:
          'Automation configuration document of a database-deployment service: the desired state of processes, replica sets, sharded clusters, authentication and TLS (dbkit).',
        fileMatch: automation.fileMatch,
        url: automation.id,
        versions: { [SCHEMA_VERSION]: automation.id },
      },
    ],
  };
}

/**
 * A JSON value as the committed files hold it: keys sorted at every level, 2-space indent, a trailing newline.
 * The one exception is the `body` of a `defaultSnippets` entry, whose key order is the order the snippet inserts
 * the fields in (name before processType before hostname), so it is kept as written.
 */
export function serialize(value: unknown): string {
  return `${JSON.stringify(sortKeys(value, 'sort'), null, 2)}\n`;
}

/** `sort` everywhere, except inside a snippet's `body` (`keep`), found below `defaultSnippets` (`snippets`). */
type KeyOrder = 'sort' | 'keep' | 'snippets';

function sortKeys(value: unknown, order: KeyOrder): unknown {
  if (Array.isArray(value)) return value.map((item) => sortKeys(item, order));
  if (!isNode(value)) return value;
  const keys = order === 'keep' ? Object.keys(value) : Object.keys(value).sort();
  const childOrder = (key: string): KeyOrder => {
    if (order === 'keep') return 'keep';
    if (order === 'snippets') return key === 'body' ? 'keep' : 'sort';
    return key === 'defaultSnippets' ? 'snippets' : 'sort';
  };
  return Object.fromEntries(keys.map((key) => [key, sortKeys(value[key], childOrder(key))]));
}

/** The files to write: `schema/<file>` → contents. */
export function renderFiles(generated: GeneratedFiles): ReadonlyMap<string, string> {
  const rendered = new Map<string, string>();
  for (const { file, schema } of generated.files) rendered.set(file, serialize(schema));
  rendered.set(CATALOG_FILE, serialize(generated.catalog));
  return rendered;
}

/** `packages/schema/schema`, where the generated files are committed. */
export const SCHEMA_DIR = join(packageRoot, 'schema');
