// The floor for `validate-cli.bench.mjs`: a Node process that only reads every .json file of a folder and parses it
// with JSON.parse, as dbkit and ajv-cli both must before they check anything. No rule, no schema, no output but a
// count. The bench times it like the tools, so the table shows how much of a run no validator can avoid.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let parsed = 0;
for (const name of readdirSync(dir).sort()) {
  if (!name.endsWith('.json') || name === 'manifest.json') continue;
  JSON.parse(readFileSync(join(dir, name), 'utf8'));
  parsed++;
}
console.log(`${parsed} parsed`);
