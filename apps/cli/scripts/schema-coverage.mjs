// What the JSON Schema step (Ajv) adds to `dbkit validate`'s output: for every document, Ajv's findings (every error,
// as `dbkit validate` collects them for an invalid document) merged with core's diagnostics exactly as the CLI
// merges them; a schema finding that survives the merge is one core does not report. Run after a build:
//
//   node scripts/schema-coverage.mjs                  (in apps/cli; FUZZ=20000 for more damaged documents)
//
// Documents: the examples, the CLI tests' edited documents, the real corpus (../shared/corpus, or DBKIT_CORPUS_DIR),
// the bench corpus when it has been generated, and seeded random damage of every example and corpus document (the
// kind of edits core's robustness test makes: a field deleted, a value replaced by another type, an out-of-range
// number, a string no enum or pattern allows, an unknown field). Prints the counts, where the surviving findings are
// (array indices as *) and a few examples.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateAutomationConfig } from '@dbkit/core';
import { seededRandom } from '@dbkit/core/internal';
import { automationConfigSchema } from '@dbkit/schema';
import { mergeFindings } from '../dist/validate/merge.js';
import { schemaFindings } from '../dist/validate/schemaFindings.js';
import { compileValidators, createSchemaValidator } from '../dist/validate/schemaValidator.js';

const CLI_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO = join(CLI_DIR, '..', '..');
const FUZZ = Number(process.env.FUZZ) || 5000;

// The validators the CLI precompiles at build time, compiled here from the same schema with the same options.
const validator = createSchemaValidator(compileValidators(automationConfigSchema), 'compiled');

function jsonFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return jsonFiles(path);
      return name.endsWith('.json') && name !== 'manifest.json' ? [path] : [];
    });
}

const WEIRD = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  1.5,
  1001,
  65536,
  '',
  'x',
  'SCRAM-SHA-1',
  '7',
  'requireTLS',
  [],
  {},
  [null],
  { a: 1 },
];

function allPaths(value, path = [], out = []) {
  out.push(path);
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      allPaths(child, [...path, Array.isArray(value) ? Number(key) : key], out);
  }
  return out;
}

function damage(doc, next, edits) {
  for (let e = 0; e < edits; e++) {
    const paths = allPaths(doc).filter((p) => p.length > 0);
    const path = paths[Math.floor(next() * paths.length)];
    if (!path) return;
    let parent = doc;
    for (const key of path.slice(0, -1)) parent = parent[key];
    const key = path[path.length - 1];
    const roll = next();
    if (roll < 0.3 && !Array.isArray(parent)) delete parent[key];
    else if (roll < 0.4 && !Array.isArray(parent)) parent[`${String(key)}x`] = parent[key];
    else parent[key] = structuredClone(WEIRD[Math.floor(next() * WEIRD.length)]);
  }
}

const totals = {
  documents: 0,
  withSchemaErrors: 0,
  withAdded: 0,
  passWithout: 0,
  schemaFindings: 0,
  coreFindings: 0,
  kept: 0,
};
const keptByCode = new Map();
const examples = [];
/** Surviving findings by code and path, array indices as `*`. */
const places = new Map();

function measure(label, doc) {
  totals.documents++;
  const core = validateAutomationConfig(doc);
  const schema = schemaFindings(validator.validate(doc), doc);
  totals.coreFindings += core.length;
  totals.schemaFindings += schema.length;
  if (schema.some((f) => f.severity === 'error')) totals.withSchemaErrors++;
  const kept = mergeFindings(core, schema).filter((f) => f.source === 'schema');
  if (kept.length > 0) totals.withAdded++;
  // Exit 0 without the schema, exit 1 with it: the schema's error is the document's only one.
  if (kept.some((f) => f.severity === 'error') && !core.some((d) => d.severity === 'error')) totals.passWithout++;
  for (const f of kept) {
    totals.kept++;
    const key = `${f.severity} ${f.code}`;
    keptByCode.set(key, (keptByCode.get(key) ?? 0) + 1);
    const place = `${f.code} ${f.path.map((s) => (typeof s === 'number' ? '*' : s)).join('.')}`;
    places.set(place, (places.get(place) ?? 0) + 1);
    if (examples.length < 10) examples.push(`${label}: ${key} at ${JSON.stringify(f.path)}: ${f.message}`);
  }
  return kept.length;
}

const sets = [];
const examplesDir = join(REPO, 'examples', 'automation');
sets.push(['examples/automation', jsonFiles(examplesDir)]);
const corpusDir = process.env.DBKIT_CORPUS_DIR ?? join(REPO, '..', 'shared', 'corpus', 'real-automation-configs');
sets.push(['real corpus', jsonFiles(corpusDir)]);
sets.push(['bench corpus', jsonFiles(join(CLI_DIR, 'bench-out', 'validate-cli', 'corpus'))]);

const read = (file) => JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
const summary = [];
/** A summary row: what the totals gained since `before`. */
const rowSince = (name, before) => [
  name,
  totals.documents - before.documents,
  totals.withSchemaErrors - before.withSchemaErrors,
  totals.withAdded - before.withAdded,
  totals.passWithout - before.passWithout,
  totals.kept - before.kept,
];
for (const [name, files] of sets) {
  const before = { ...totals };
  for (const file of files) measure(`${name}/${file.split('/').pop()}`, read(file));
  summary.push(rowSince(name, before));
}

// The CLI tests' edited documents (test/cli.test.ts).
{
  const before = { ...totals };
  const valid = read(join(examplesDir, 'replica-set.automation.json'));
  const secure = read(join(examplesDir, 'secure.automation.json'));
  valid.processes[0].hostnmae = valid.processes[0].hostname;
  measure('cli test: withWarning', valid);
  secure.auth.autoUser = 42;
  secure.auth.usersWanted[0].pwd = 'not-a-hash-SECRET-PWD';
  secure.ldap.bindQueryUser = 7;
  measure('cli test: secretsNearErrors', secure);
  measure('cli test: staging {"version": 1}', { version: 1 });
  summary.push(rowSince('cli test documents', before));
}

// Seeded damage of every example and corpus document, 1 to 3 edits each.
{
  const before = { ...totals };
  const bases = [...jsonFiles(examplesDir), ...jsonFiles(corpusDir)].map((file) => [file.split('/').pop(), read(file)]);
  for (let seed = 1; seed <= FUZZ; seed++) {
    const next = seededRandom(seed);
    const [name, base] = bases[seed % bases.length];
    const doc = structuredClone(base);
    damage(doc, next, 1 + (seed % 3));
    measure(`fuzz seed ${seed} (${name})`, doc);
  }
  summary.push(rowSince('seeded damage', before));
}

console.log(
  '| documents | count | with a schema error | with a finding only the schema reports | of those, no error from core | such findings |',
);
console.log('|---|--:|--:|--:|--:|--:|');
for (const [name, n, errs, added, only, kept] of summary) {
  console.log(`| ${name} | ${n} | ${errs} | ${added} | ${only} | ${kept} |`);
}
console.log(`\nschema findings in all: ${totals.schemaFindings}; core diagnostics in all: ${totals.coreFindings}`);
console.log(`schema findings left after the merge (what Ajv adds to the output): ${totals.kept}`);
for (const [key, n] of [...keptByCode].sort((a, b) => b[1] - a[1])) console.log(`  ${n} × ${key}`);
console.log(`\nwhere (${places.size} places):`);
for (const [place, n] of [...places].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)} ${place}`);
console.log('\nexamples:');
for (const line of examples) console.log(`  ${line}`);
