/**
 * The built binary (`node dist/main.js`) as a user runs it: exit codes, the three formats, masking, stdin, globs,
 * folders, the worker pool and colour. Every test works on files in a temporary folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { edit, example, type Json, lineOf, run, tempDir } from './helpers.js';

const valid = example('replica-set.automation.json');
const broken = example('mistakes/broken.automation.json');
const secure = example('secure.automation.json');

/** The replica-set example with a misspelt process field: one DBK108 warning and nothing else. */
const withWarning = edit(valid, (doc) => {
  doc.processes[0].hostnmae = doc.processes[0].hostname;
});

/** The secure example with mistakes right beside its secrets, so that code frames show the secret lines. */
const secretsNearErrors = edit(secure, (doc) => {
  doc.auth.autoUser = 42; // wrong type, on the line above autoPwd
  doc.auth.usersWanted[0].pwd = 'not-a-hash-SECRET-PWD'; // DBK404 (pwd and initPwd) and DBK405, next to initPwd
  doc.ldap.bindQueryUser = 7; // wrong type, beside bindQueryPassword
});
const SECRETS = [
  'FAKE-automation-password-not-a-secret',
  'RkFLRS1rZXlmaWxlLWNvbnRlbnRzLWZvci1leGFtcGxlcy1vbmx5LW5vdC1hLXJlYWwta2V5',
  'FAKE-ops-admin-password',
  'not-a-hash-SECRET-PWD',
  'FAKE-ldap-bind-password',
];

describe('dbkit validate: exit codes', () => {
  it.for([
    { title: 'a valid file', files: { 'ok.json': valid }, args: ['ok.json'], code: 0 },
    { title: 'a file with errors', files: { 'bad.json': broken }, args: ['bad.json'], code: 1 },
    { title: 'warnings only', files: { 'w.json': withWarning }, args: ['w.json'], code: 0 },
    {
      title: 'warnings beyond --max-warnings 0',
      files: { 'w.json': withWarning },
      args: ['w.json', '--max-warnings', '0'],
      code: 1,
    },
    {
      title: 'warnings within --max-warnings 1',
      files: { 'w.json': withWarning },
      args: ['w.json', '--max-warnings', '1'],
      code: 0,
    },
    { title: 'invalid JSON', files: { 'x.json': '{\n  "version": 1,\n}\n' }, args: ['x.json'], code: 2 },
    { title: 'a missing file', files: {}, args: ['nope.json'], code: 2 },
    { title: 'a glob matching nothing', files: {}, args: ['*.automation.json'], code: 2 },
    { title: 'an unknown flag', files: { 'ok.json': valid }, args: ['ok.json', '--colour'], code: 2 },
    { title: 'a bad --format', files: { 'ok.json': valid }, args: ['ok.json', '--format', 'xml'], code: 2 },
    { title: 'a bad --max-warnings', files: { 'ok.json': valid }, args: ['ok.json', '--max-warnings', '-1'], code: 2 },
    { title: 'no input', files: {}, args: [], code: 2 },
  ])('$title exits $code', async ({ files, args, code }) => {
    const result = await run(['validate', ...args], { cwd: tempDir(files) });
    expect(result.code, result.stderr).toBe(code);
    if (code === 2) {
      // One line that says what is wrong and what to do; never a stack trace.
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^dbkit: /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } else if (args.includes('--max-warnings') && code === 1) {
      expect(result.stderr).toBe('dbkit: 1 warning, more than --max-warnings 0 allows\n');
    } else {
      expect(result.stderr).toBe('');
    }
  });

  it.for([
    [['validate', 'x.json', '--colour'], 'dbkit: unknown option --colour; run dbkit --help for usage'],
    [['frobnicate'], 'dbkit: unknown command frobnicate; run dbkit --help for usage'],
    [['validate', 'missing.json'], 'dbkit: cannot read missing.json: no such file or folder'],
    [['validate', 'x.json', '--format'], 'dbkit: option --format needs a value'],
  ] as const)('usage errors name the problem: %j', async ([args, message]) => {
    const result = await run(args, { cwd: tempDir({ 'x.json': valid }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('reports invalid JSON with its exact position and a frame, and exits 2', async () => {
    const text = '{\n  "version": 1, // the version\n  "options": {},\n}\n';
    const result = await run(['validate', 'bad.json'], { cwd: tempDir({ 'bad.json': text }) });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      'bad.json:2:17 error json/syntax Comments are not allowed: the service takes plain JSON.',
    );
    expect(result.stdout).toContain('bad.json:3:16 error json/syntax Trailing comma');
    expect(result.stdout).toContain('> 2 |   "version": 1, // the version\n    |                 ^^^^^^^^^^^^^^');
    expect(result.stderr).toBe(
      "dbkit: bad.json is not valid JSON: fix the json/syntax errors shown (or the file's permissions) and run again\n",
    );
  });
});

describe('dbkit validate: text format', () => {
  it('prints file:line:col severity CODE message, a code frame and the summary', async () => {
    const dir = tempDir({ 'broken.automation.json': broken });
    const result = await run(['validate', 'broken.automation.json'], { cwd: dir });
    const line = lineOf(broken, '"host": "shop-shard1-2"');
    expect(result.stdout).toContain(
      `broken.automation.json:${line}:19 error DBK202 "shop-shard1-2" does not name a process`,
    );
    expect(result.stdout).toContain(
      [`> ${line} |           "host": "shop-shard1-2",`, '      |                   ^^^^^^^^^^^^^^^'].join('\n'),
    );
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('✖ 7 errors, 3 warnings in 1 file');
  });

  it('--quiet prints errors only, and the summary still counts everything', async () => {
    const result = await run(['validate', 'b.json', '--quiet'], { cwd: tempDir({ 'b.json': broken }) });
    expect(result.stdout).not.toMatch(/ warning DBK/);
    expect(result.stdout.match(/ error DBK/g)).toHaveLength(7);
    expect(result.stdout).toContain('✖ 7 errors, 3 warnings in 1 file');
  });

  it('has no colour when stdout is not a terminal, and honours FORCE_COLOR and NO_COLOR', async () => {
    const dir = tempDir({ 'b.json': broken });
    expect((await run(['validate', 'b.json'], { cwd: dir })).stdout).not.toContain('\u001b[');
    expect((await run(['validate', 'b.json'], { cwd: dir, env: { FORCE_COLOR: '1' } })).stdout).toContain('\u001b[31m');
    expect((await run(['validate', 'b.json', '--color'], { cwd: dir, env: { NO_COLOR: '1' } })).stdout).toContain(
      '\u001b[',
    );
    expect((await run(['validate', 'b.json'], { cwd: dir, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
  });
});

describe('dbkit validate: core alone, the JSON Schema on request', () => {
  /** A port written as a string: the JSON Schema's alone until core checked the fields of args2_6 too. */
  const port = edit(valid, (doc) => {
    doc.processes[0].args2_6.net.port = '27017';
  });

  it('reports by default, from core, what the JSON Schema reports (a port written as a string), with its place', async () => {
    const result = await run(['validate', 'port.json', '-f', 'json'], { cwd: tempDir({ 'port.json': port }) });
    expect(result.code).toBe(1);
    const line = lineOf(port, '"port": "27017"');
    expect(JSON.parse(result.stdout)).toEqual([
      expect.objectContaining({
        line,
        column: port.split('\n')[line - 1]!.indexOf('"27017"') + 1,
        code: 'DBK102',
        severity: 'error',
        path: ['processes', 0, 'args2_6', 'net', 'port'],
        source: 'core',
      }),
    ]);
  });

  it.for(['text', 'json', 'sarif'])(
    '--json-schema adds nothing to core while the two agree (--format %s)',
    async (format) => {
      // scripts/schema-coverage.mjs checks the same over the corpus and thousands of damaged documents.
      const dir = tempDir({ 'b.json': broken, 'port.json': port, 's.json': secretsNearErrors });
      const plain = await run(['validate', 'b.json', 'port.json', 's.json', '-f', format], { cwd: dir });
      const withSchema = await run(['validate', 'b.json', 'port.json', 's.json', '-f', format, '--json-schema'], {
        cwd: dir,
      });
      expect(plain.code).toBe(1);
      expect(withSchema.code).toBe(1);
      expect(withSchema.stdout).toBe(plain.stdout);
      expect(withSchema.stderr).toBe(plain.stderr);
    },
  );
});

describe('dbkit validate: json format', () => {
  it('prints one JSON array of findings with file, positions, code, severity, message and path', async () => {
    const result = await run(['validate', 'b.json', '--format', 'json'], { cwd: tempDir({ 'b.json': broken }) });
    expect(result.code).toBe(1);
    const findings = JSON.parse(result.stdout) as Json[];
    expect(findings).toHaveLength(10);
    const host = findings.find((f) => f.code === 'DBK202');
    const line = lineOf(broken, '"host": "shop-shard1-2"');
    expect(host).toMatchObject({
      file: 'b.json',
      line,
      column: 19,
      endLine: line,
      endColumn: 34,
      severity: 'error',
      path: ['replicaSets', 2, 'members', 2, 'host'],
      source: 'core',
    });
    expect(host.suggestions).toContain('shop-shard1-0');
    // One finding per line: grep-able as well as parseable.
    expect(result.stdout.split('\n').filter((l) => l.startsWith('{"file"'))).toHaveLength(10);
  });

  it('prints an empty array for a clean file', async () => {
    const result = await run(['validate', 'ok.json', '-f', 'json'], { cwd: tempDir({ 'ok.json': valid }) });
    expect(result.stdout).toBe('[]\n');
    expect(result.code).toBe(0);
  });
});

describe('dbkit validate: sarif format', () => {
  it('prints a SARIF 2.1.0 log that code scanning accepts', async () => {
    const dir = tempDir({ 'configs/b.json': broken, 'configs/bad.json': '{"version": 1,}' });
    const result = await run(['validate', 'configs/b.json', 'configs/bad.json', '--format', 'sarif'], { cwd: dir });
    expect(result.code).toBe(2);
    const log = JSON.parse(result.stdout);
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const [sarifRun] = log.runs;
    const driver = sarifRun.tool.driver;
    expect(driver).toMatchObject({ name: 'dbkit', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(driver.informationUri).toMatch(/^https:\/\//);
    const ruleIds = driver.rules.map((r: Json) => r.id);
    expect(ruleIds).toContain('DBK202');
    expect(ruleIds).toContain('json/syntax');
    for (const rule of driver.rules) {
      expect(rule.shortDescription.text).not.toBe('');
      expect(['error', 'warning', 'note']).toContain(rule.defaultConfiguration.level);
    }
    expect(sarifRun.results).toHaveLength(11);
    for (const r of sarifRun.results) {
      expect(ruleIds).toContain(r.ruleId);
      expect(driver.rules[r.ruleIndex].id).toBe(r.ruleId);
      expect(['error', 'warning', 'note']).toContain(r.level);
      expect(r.message.text).not.toBe('');
      const { artifactLocation, region } = r.locations[0].physicalLocation;
      expect(artifactLocation.uriBaseId).toBe('%SRCROOT%');
      expect(['configs/b.json', 'configs/bad.json']).toContain(artifactLocation.uri);
      expect(region.startLine).toBeGreaterThanOrEqual(1);
      expect(region.startColumn).toBeGreaterThanOrEqual(1);
      expect(region.endLine).toBeGreaterThanOrEqual(region.startLine);
    }
    const host = sarifRun.results.find((r: Json) => r.ruleId === 'DBK202');
    const lines = broken.split('\n');
    const { region } = host.locations[0].physicalLocation;
    expect(lines[region.startLine - 1]!.slice(region.startColumn - 1, region.endColumn - 1)).toBe('"shop-shard1-2"');
    const syntax = sarifRun.results.find((r: Json) => r.ruleId === 'json/syntax');
    expect(syntax.locations[0].physicalLocation.region).toMatchObject({ startLine: 1, startColumn: 14 });
    expect(sarifRun.originalUriBaseIds['%SRCROOT%'].uri).toMatch(/^file:\/\/.*\/$/);
  });
});

describe('dbkit validate: secrets never appear', () => {
  it.for(['text', 'json', 'sarif'])('in --format %s, even when frames show the lines around them', async (format) => {
    const dir = tempDir({ 'secure.automation.json': secretsNearErrors });
    const result = await run(['validate', 'secure.automation.json', '--format', format], { cwd: dir });
    expect(result.code).toBe(1);
    for (const secret of SECRETS) {
      expect(result.stdout).not.toContain(secret);
      expect(result.stderr).not.toContain(secret);
    }
    if (format === 'text') {
      // The frames do show the secret fields' lines, masked.
      expect(result.stdout).toContain('"autoPwd": "********"');
      expect(result.stdout).toContain('"initPwd": "********"');
      expect(result.stdout).toContain('"bindQueryPassword": "********"');
    }
  });

  it('in the frames of a syntax error', async () => {
    const text = '{\n  "auth": {\n    "autoPwd": "hunter2-SECRET",\n    "autoUser": \n  }\n}\n';
    const result = await run(['validate', 'x.json'], { cwd: tempDir({ 'x.json': text }) });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('"autoPwd": "********"');
    expect(result.stdout + result.stderr).not.toContain('hunter2');
  });
});

/**
 * The vendor's documentation example of an index (`"key": [["field", 1]]`) in a config without its version, the
 * index on one line with an unknown field beside its key, so that a frame shows the key.
 */
function vendorIndexExample(authKey?: string): string {
  return edit(example('index-configs.automation.json'), (doc) => {
    delete doc.version;
    if (authKey !== undefined) doc.auth = { disabled: true, key: authKey, keyfile: '/var/lib/db-automation/keyfile' };
    const { key: _, ...rest } = doc.indexConfigs[0];
    doc.indexConfigs[0] = '__INDEX__';
    doc.__index = { key: [['field', 1]], bogus: 1, ...rest };
  }).replace(/"__INDEX__"([\s\S]*),\n {2}"__index": (\{[\s\S]*\})\n\}\n$/, (_, between, index) => {
    return `${JSON.stringify(JSON.parse(index))}${between}\n}\n`;
  });
}

describe('dbkit validate: secrets by their path, masked only where the output quotes the document', () => {
  const MISSING_VERSION =
    'The automation configuration is missing the required field "version": the revision of this configuration. Add "version".';

  it('leaves the messages of the vendor’s index example intact, and its frame shows the index key', async () => {
    const text = vendorIndexExample();
    expect(text).toContain('{"key":[["field",1]],"bogus":1,');
    const result = await run(['validate', 'v.automation.json'], { cwd: tempDir({ 'v.automation.json': text }) });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`v.automation.json:1:1 error DBK101 ${MISSING_VERSION}`);
    expect(result.stdout).toContain('{"key":[["field",1]],"bogus":1,');
    expect(result.stdout).not.toContain('********');
  });

  it.for(['text', 'json', 'sarif'])(
    'masks auth.key when it is the common word "field", and never a word of a message (--format %s)',
    async (format) => {
      const dir = tempDir({
        'f.automation.json': vendorIndexExample('field'),
        'k.automation.json': vendorIndexExample('KEY-FILE-CONTENTS'),
      });
      const result = await run(['validate', 'f.automation.json', '--format', format], { cwd: dir });
      const other = await run(['validate', 'k.automation.json', '--format', format], { cwd: dir });
      expect(result.code).toBe(1);
      // Every word of every message is the same whatever the key holds; its value shows nowhere.
      const messages = (out: string) =>
        format === 'text' ? out.split('\n').filter((line) => /^\S+:\d+:\d+ /.test(line)) : out;
      expect(messages(result.stdout.replaceAll('f.automation.json', 'k.automation.json'))).toEqual(
        messages(other.stdout),
      );
      expect(result.stdout).toContain(MISSING_VERSION.replaceAll('"', format === 'text' ? '"' : '\\"'));
      expect(result.stdout).not.toMatch(/"field"|\\"field\\"/);
      expect(other.stdout).not.toContain('KEY-FILE-CONTENTS');
      if (format === 'text') {
        // The frame of the index masks the value equal to the key, as a quotation would.
        expect(result.stdout).toContain('{"key":[["********",1]],"bogus":1,');
        expect(other.stdout).toContain('{"key":[["field",1]],"bogus":1,');
      }
    },
  );

  it('masks the key file in its frame, its line shown beside an error', async () => {
    const text = edit(secure, (doc) => {
      doc.auth.key = 'field';
      doc.auth.keyfile = 7;
    });
    const result = await run(['validate', 's.automation.json'], { cwd: tempDir({ 's.automation.json': text }) });
    expect(result.stdout).toContain('"key": "********",');
    expect(result.stdout).toContain('"keyfile" must be a string, but it is a number. Change it to a string.');
    expect(result.stdout).not.toContain('"field"');
  });

  it('takes no process named like a password for a secret', async () => {
    const text = edit(valid, (doc) => {
      doc.processes[0].name = 'pwd';
      doc.replicaSets[0].members[0].host = 'pwd';
      doc.replicaSets[0].members[1].host = 'pwdx';
    });
    const result = await run(['validate', 'p.automation.json'], { cwd: tempDir({ 'p.automation.json': text }) });
    expect(result.stdout).toContain('"pwdx" does not name a process');
    expect(result.stdout).toContain('Did you mean "pwd"');
    expect(result.stdout).not.toContain('********');
  });
});

describe('dbkit validate: inputs', () => {
  it('reads stdin for - and names it <stdin>', async () => {
    const result = await run(['validate', '-'], { input: broken });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^<stdin>:\d+:\d+ error DBK/m);
    expect((await run(['validate', '-', '-f', 'json'], { input: valid })).stdout).toBe('[]\n');
  });

  it('expands globs itself, in sorted order', async () => {
    const dir = tempDir({ 'a/one.json': valid, 'a/two.json': broken, 'b/three.json': valid, 'a/skip.txt': 'x' });
    const result = await run(['validate', 'a/*.json', 'b/**/*.json', '-f', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    const files = new Set((JSON.parse(result.stdout) as Json[]).map((f) => f.file));
    expect([...files]).toEqual(['a/two.json']);
    expect((await run(['validate', 'a/*.json', 'b/**/*.json'], { cwd: dir })).stdout).toContain('in 3 files');
  });

  it('walks folders for automation configs and skips other JSON with a note', async () => {
    const dir = tempDir({
      'deploy/prod/cluster.json': broken, // a config by content
      'deploy/staging.automation.json': '{"version": 1}', // a config by name
      'deploy/api/alert.json': '{"results": [], "totalCount": 0}', // not a config
      'deploy/tsconfig.json': '{ // comments: not JSON, and not a config\n}', // skipped, not reported as broken
      'deploy/node_modules/pkg/x.automation.json': '{}', // never entered
    });
    const result = await run(['validate', 'deploy'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('deploy/api/alert.json: skipped, not an automation config');
    expect(result.stdout).toContain('deploy/tsconfig.json: skipped, not valid JSON, and not named or shaped like');
    expect(result.stdout).toMatch(/^deploy\/prod\/cluster\.json:\d+:\d+ error DBK202/m);
    expect(result.stdout).toMatch(/^deploy\/staging\.automation\.json:1:1 error DBK101/m);
    expect(result.stdout).not.toContain('node_modules');
    expect(result.stdout).toContain('in 2 files (2 skipped: not automation configs)');
    const json = JSON.parse((await run(['validate', 'deploy', '-f', 'json'], { cwd: dir })).stdout) as Json[];
    expect([...new Set(json.map((f) => f.file))]).toEqual([
      'deploy/prod/cluster.json',
      'deploy/staging.automation.json',
    ]);
  });
});

describe('dbkit validate: many files', () => {
  /** 200 files: valid, broken, warnings and one invalid JSON, in a fixed pattern. */
  function manyFiles(): string {
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) {
      const text = i % 7 === 0 ? broken : i % 5 === 0 ? withWarning : i === 113 ? '{"version": 1,}' : valid;
      files[`configs/c${String(i).padStart(3, '0')}.automation.json`] = text;
    }
    return tempDir(files);
  }

  it.for(['text', 'json', 'sarif'])(
    'the worker pool (--jobs 4) prints exactly what the serial path (--jobs 1) prints, in --format %s',
    async (format) => {
      const dir = manyFiles();
      const serial = await run(['validate', 'configs', '-f', format, '--jobs', '1'], { cwd: dir });
      const pooled = await run(['validate', 'configs', '-f', format, '--jobs', '4'], { cwd: dir });
      expect(serial.code).toBe(2);
      expect(pooled.code).toBe(2);
      expect(pooled.stdout).toBe(serial.stdout);
      expect(pooled.stderr).toBe(serial.stderr);
      if (format === 'text') expect(serial.stdout).toMatch(/in 200 files\n$/);
    },
  );

  it('prints no progress line when stderr is not a terminal', async () => {
    const dir = manyFiles();
    const result = await run(['validate', 'configs', '-f', 'json', '--jobs', '2'], { cwd: dir });
    expect(result.stderr).not.toContain('validating');
  });
});

describe('dbkit --help, --version and schema', () => {
  it('prints help and the version', async () => {
    expect((await run(['--help'])).stdout).toContain('dbkit validate <file|folder|glob|->');
    expect((await run(['validate', '--help'])).stdout).toContain('--max-warnings');
    const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
    expect((await run(['--version'])).stdout).toBe(`${version}\n`);
  });

  it('dbkit schema prints the automation-config schema; --out writes every schema and the catalog', async () => {
    const printed = await run(['schema']);
    expect(printed.code).toBe(0);
    const schema = JSON.parse(printed.stdout);
    expect(schema.$schema).toMatch(/json-schema\.org/);
    const dir = tempDir();
    const written = await run(['schema', '--out', 'out'], { cwd: dir });
    expect(written.code, written.stderr).toBe(0);
    const files = readdirSync(join(dir, 'out'));
    expect(files).toContain('automation-config.schema.json');
    expect(files).toContain('catalog.json');
    expect(readFileSync(join(dir, 'out', 'automation-config.schema.json'), 'utf8')).toBe(printed.stdout);
  });
});
