/**
 * `dbkit plan OLD NEW` run as a user runs it (the built binary): the replica-set example against edited copies in a
 * temporary folder, the three formats, secrets, stdin and every way the command refuses to plan.
 */
import { describe, expect, it } from 'vitest';
import { edit, example, type Json, lineOf, run, tempDir } from './helpers.js';

const deployed = example('replica-set.automation.json');

/** A copy of process orders-2 and a member for it, as the `index`th new process. */
function addMember(doc: Json, index: number, votes: number): void {
  const process = structuredClone(doc.processes[2]);
  process.name = `orders-${index}`;
  process.hostname = `orders-${index}.db.example.net`;
  process.args2_6.storage.dbPath = `/data/orders-${index}`;
  process.args2_6.systemLog.path = `/var/log/db-automation/orders-${index}.log`;
  doc.processes.push(process);
  doc.replicaSets[0].members.push({ _id: index, host: `orders-${index}`, votes, priority: votes });
}

const OLD_KEY = 'T0xELWtleWZpbGUtY29udGVudHMtZm9yLXRlc3RzLW9ubHk=';
const NEW_KEY = 'TkVXLWtleWZpbGUtY29udGVudHMtZm9yLXRlc3RzLW9ubHk=';
const AUTO_PWD = 'FAKE-plan-automation-password';

/** The example with authentication on and a keyfile, as a deployed revision holding secrets. */
const withAuth = edit(deployed, (doc) => {
  doc.auth = {
    disabled: false,
    autoUser: 'db-automation',
    autoPwd: AUTO_PWD,
    deploymentAuthMechanisms: ['SCRAM-SHA-256'],
    autoAuthMechanisms: ['SCRAM-SHA-256'],
    key: OLD_KEY,
    keyfile: '/var/lib/db-automation/keyfile',
  };
});

interface Case {
  readonly title: string;
  readonly from?: string;
  readonly change: (doc: Json) => void;
  readonly code: number;
  /** Lines stdout contains. */
  readonly says: readonly string[];
  /** A diagnostic expected in the new file: its code, and the text its line holds (the frame's marked line). */
  readonly at?: { readonly code: string; readonly line: string };
  /** Strings that must appear nowhere, stdout or stderr. */
  readonly never?: readonly string[];
}

const cases: readonly Case[] = [
  {
    title: 'version raised with one non-voting member added',
    change: (doc) => {
      doc.version = 13;
      addMember(doc, 3, 0);
    },
    code: 0,
    says: [
      '  + process "orders-3" added',
      '  ~ version 12 → 13',
      'Plan: 1 to add, 2 to change, 0 to remove; 0 errors, 0 warnings.',
    ],
  },
  {
    title: 'two voting members added at once',
    change: (doc) => {
      doc.version = 13;
      addMember(doc, 3, 1);
      addMember(doc, 4, 1);
    },
    code: 0,
    says: ['  + process "orders-4" added', 'warning DBK610', '0 errors, 1 warning.'],
    at: { code: 'DBK610', line: '"members": [' },
  },
  {
    title: 'version lowered',
    change: (doc) => {
      doc.version = 11;
    },
    code: 1,
    says: [
      'error DBK601',
      '    ↳ deployed.json:2:14 deployed: 12',
      'Plan: 0 to add, 0 to change, 0 to remove; 1 error, 0 warnings.',
    ],
    at: { code: 'DBK601', line: '"version": 11' },
  },
  {
    title: 'TLS jumping from disabled to requireTLS',
    change: (doc) => {
      doc.version = 13;
      doc.processes[0].args2_6.net.tls = { mode: 'requireTLS' };
    },
    code: 1,
    says: ['  ~ process "orders-0": TLS mode disabled → requireTLS', 'error DBK630'],
    at: { code: 'DBK630', line: '"mode": "requireTLS"' },
  },
  {
    title: 'the key replaced without newKey',
    from: withAuth,
    change: (doc) => {
      doc.version = 13;
      doc.auth.key = NEW_KEY;
    },
    code: 1,
    says: ['error DBK644', '"key": "********"'],
    at: { code: 'DBK644', line: '"key": ' },
    never: [OLD_KEY, NEW_KEY, AUTO_PWD],
  },
];

function files(from: string, change: (doc: Json) => void): { dir: string; next: string } {
  const next = edit(from, change);
  return { dir: tempDir({ 'deployed.json': from, 'next.json': next }), next };
}

describe('dbkit plan: the replica-set example against an edited copy', () => {
  it.for(cases)('$title exits $code', async ({ from = deployed, change, code, says, at, never }) => {
    const { dir, next } = files(from, change);
    const result = await run(['plan', 'deployed.json', 'next.json'], { cwd: dir });
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('dbkit plan: deployed.json → next.json');
    for (const line of says) expect(result.stdout).toContain(line);
    if (at !== undefined) {
      const line = lineOf(next, at.line);
      const header = new RegExp(`^  next\\.json:${line}:\\d+ \\w+ ${at.code} `, 'm');
      expect(result.stdout).toMatch(header);
      // The frame's marked line is that line of the new file.
      expect(result.stdout).toMatch(new RegExp(`^    > ${line} \\|`, 'm'));
    }
    for (const secret of never ?? []) {
      expect(result.stdout).not.toContain(secret);
      expect(result.stderr).not.toContain(secret);
    }
    expect(result.stdout).not.toContain('\u001b[');
  });

  it('keeps every secret out of all three formats', async () => {
    const { dir } = files(withAuth, (doc) => {
      doc.version = 13;
      doc.auth.key = NEW_KEY;
      doc.auth.autoPwd = 'FAKE-plan-new-automation-password';
    });
    for (const format of ['text', 'json', 'sarif']) {
      const result = await run(['plan', 'deployed.json', 'next.json', '--format', format], { cwd: dir });
      expect(result.code).toBe(1);
      for (const secret of [OLD_KEY, NEW_KEY, AUTO_PWD, 'FAKE-plan-new-automation-password']) {
        expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
      }
    }
  });

  it.for(['text', 'json', 'sarif'])(
    'keeps every word when auth.key becomes the common word "replaced", masked only where it is quoted (--format %s)',
    async (format) => {
      const { dir } = files(withAuth, (doc) => {
        doc.version = 13;
        doc.auth.key = 'replaced';
        doc.indexConfigs = [
          { key: [['replaced', 1]], rsName: 'orders', dbName: 'shop', collectionName: 'o', options: {} },
        ];
      });
      const result = await run(['plan', 'deployed.json', 'next.json', '--format', format], { cwd: dir });
      expect(result.code).toBe(1);
      const out = format === 'text' ? result.stdout : JSON.stringify(JSON.parse(result.stdout));
      expect(out).toContain('auth.key is replaced directly: processes restarted with the new key cannot authenticate');
      // SARIF holds the diagnostics only; text and json the changes too.
      if (format !== 'sarif') {
        expect(out).toContain('auth.key changed (value not shown)');
        expect(out).toMatch(/index \\?"orders\/shop\.o \[\[\\?"\*{8}\\?",1\]\]\\?" added/);
      }
      expect(out).not.toMatch(/\\?"replaced\\?"/);
      expect(out).not.toContain(OLD_KEY);
      if (format === 'text') expect(out).toContain('"key": "********"');
    },
  );

  it('marks a rename -/+ and prints its warning with it, under processes', async () => {
    const { dir, next } = files(deployed, (doc) => {
      doc.version = 13;
      doc.processes[2].name = 'orders-9';
      doc.replicaSets[0].members[2].host = 'orders-9';
    });
    const result = await run(['plan', 'deployed.json', 'next.json'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    const out = result.stdout;
    expect(out).toContain('Processes (processes[])\n-/+ process "orders-2" renamed "orders-9"\n');
    const rename = out.indexOf(`next.json:${lineOf(next, '"name": "orders-9"')}:15 warning DBK612`);
    expect(rename).toBeGreaterThan(out.indexOf('Processes (processes[])'));
    expect(rename).toBeLessThan(out.indexOf('Replica sets (replicaSets[])'));
    expect(out).toContain('Plan: 1 to add, 3 to change, 1 to remove; 0 errors, 2 warnings.');
  });

  it('says so when nothing changes', async () => {
    const { dir } = files(deployed, () => {});
    const result = await run(['plan', 'deployed.json', 'next.json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('No changes');
    expect(result.stdout).toContain('Plan: 0 to add, 0 to change, 0 to remove; 0 errors, 0 warnings.');
  });
});

describe('dbkit plan: json and sarif', () => {
  const lowered = (doc: Json) => {
    doc.version = 11;
  };

  it('json is the plan with a file, line and column for every path', async () => {
    const { dir, next } = files(deployed, (doc) => {
      doc.version = 13;
      addMember(doc, 3, 1);
      addMember(doc, 4, 1);
    });
    const result = await run(['plan', 'deployed.json', 'next.json', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.from).toBe('deployed.json');
    expect(plan.counts).toMatchObject({ add: 2, change: 3, remove: 0, errors: 0, warnings: 1 });
    for (const change of plan.changes) {
      for (const side of ['from', 'to'] as const) {
        if (change[`${side}Path`] === undefined) continue;
        expect(change[side]).toMatchObject({ document: side, path: change[`${side}Path`] });
        expect(change[side].line).toBeGreaterThan(0);
        expect(change[side].column).toBeGreaterThan(0);
      }
    }
    const added = plan.changes.find((c: Json) => c.summary === 'process "orders-4" added');
    expect(added.to).toMatchObject({ file: 'next.json', path: ['processes', 4] });
    const [d] = plan.diagnostics;
    expect(d).toMatchObject({ code: 'DBK610', severity: 'warning', document: 'to', file: 'next.json' });
    expect(d.line).toBe(lineOf(next, '"members": ['));
  });

  it('json places related information in the other file', async () => {
    const { dir } = files(deployed, lowered);
    const plan = JSON.parse((await run(['plan', 'deployed.json', 'next.json', '-f', 'json'], { cwd: dir })).stdout);
    expect(plan.diagnostics[0]).toMatchObject({ code: 'DBK601', file: 'next.json', line: 2, column: 14 });
    expect(plan.diagnostics[0].related[0]).toMatchObject({ document: 'from', file: 'deployed.json', line: 2 });
  });

  it('sarif is SARIF 2.1.0 with one result per diagnostic, placed in its file', async () => {
    const { dir } = files(deployed, lowered);
    const result = await run(['plan', 'deployed.json', 'next.json', '--format', 'sarif'], { cwd: dir });
    expect(result.code).toBe(1);
    const sarif = JSON.parse(result.stdout);
    expect(sarif.version).toBe('2.1.0');
    const [runLog] = sarif.runs;
    expect(runLog.tool.driver.name).toBe('dbkit');
    expect(runLog.tool.driver.rules.map((r: Json) => r.id)).toContain('DBK601');
    expect(runLog.results).toHaveLength(1);
    const [r] = runLog.results;
    expect(r).toMatchObject({ ruleId: 'DBK601', level: 'error' });
    expect(runLog.tool.driver.rules[r.ruleIndex].id).toBe('DBK601');
    expect(r.locations[0].physicalLocation).toMatchObject({
      artifactLocation: { uri: 'next.json', uriBaseId: '%SRCROOT%' },
      region: { startLine: 2, startColumn: 14 },
    });
    expect(r.relatedLocations[0].physicalLocation.artifactLocation.uri).toBe('deployed.json');
  });
});

describe('dbkit plan: stdin', () => {
  const next = edit(deployed, (doc) => {
    doc.version = 13;
    addMember(doc, 3, 0);
  });
  it.for([
    { title: 'the new revision', args: ['deployed.json', '-'], input: next, header: 'deployed.json → <stdin>' },
    { title: 'the deployed revision', args: ['-', 'next.json'], input: deployed, header: '<stdin> → next.json' },
  ])('reads $title from -', async ({ args, input, header }) => {
    const dir = tempDir({ 'deployed.json': deployed, 'next.json': next });
    const result = await run(['plan', ...args], { cwd: dir, input });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`dbkit plan: ${header}`);
    expect(result.stdout).toContain('  + process "orders-3" added');
  });
});

describe('dbkit plan: refusing to plan', () => {
  it.for([
    {
      title: 'a missing file',
      args: ['deployed.json', 'nope.json'],
      stderr: 'dbkit: cannot read nope.json: no such file',
    },
    { title: 'a folder', args: ['deployed.json', 'sub'], stderr: 'dbkit: cannot read sub: a folder, not a file' },
    {
      title: 'a trailing comma',
      args: ['deployed.json', 'comma.json'],
      stderr: 'dbkit: comma.json:3:18: not valid JSON: Trailing comma',
    },
    {
      title: 'a comment in the deployed file',
      args: ['comment.json', 'deployed.json'],
      stderr: 'dbkit: comment.json:2:3: not valid JSON: Comments are not allowed',
    },
    {
      title: 'a document that is not an object',
      args: ['deployed.json', 'array.json'],
      stderr: 'dbkit: array.json is not an automation config: the document is an array, not an object',
    },
    { title: 'no argument', args: [], stderr: 'dbkit: dbkit plan needs two files' },
    { title: 'one argument', args: ['deployed.json'], stderr: 'dbkit: dbkit plan needs a second file' },
    {
      title: 'three arguments',
      args: ['deployed.json', 'deployed.json', 'x.json'],
      stderr: 'unexpected argument x.json',
    },
    { title: 'stdin twice', args: ['-', '-'], stderr: 'stdin (-) can be only one of the two revisions' },
    { title: 'a bad --format', args: ['deployed.json', 'deployed.json', '--format', 'xml'], stderr: '--format takes' },
    {
      title: 'an unknown option',
      args: ['deployed.json', 'deployed.json', '--colour'],
      stderr: 'unknown option --colour',
    },
  ])('$title exits 2 with one line', async ({ args, stderr }) => {
    const dir = tempDir({
      'deployed.json': deployed,
      'comma.json': '{\n  "version": 13,\n  "processes": [1,]\n}\n',
      'comment.json': '{\n  // deployed\n  "version": 12\n}\n',
      'array.json': '[]\n',
      'sub/keep.json': '{}\n',
    });
    const result = await run(['plan', ...args], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(stderr);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('dbkit plan: help and colour', () => {
  it('dbkit --help lists plan, and dbkit plan --help documents it', async () => {
    expect((await run(['--help'])).stdout).toContain('dbkit plan OLD NEW');
    for (const args of [
      ['plan', '--help'],
      ['help', 'plan'],
    ]) {
      const result = await run(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: dbkit plan OLD NEW');
      expect(result.stdout).toContain('--format <text|json|sarif>');
    }
  });

  it.for([
    { title: 'colours with FORCE_COLOR', env: { FORCE_COLOR: '1' }, args: [], colored: true },
    { title: 'colours with --color', env: {}, args: ['--color'], colored: true },
    { title: 'stays plain with NO_COLOR', env: { NO_COLOR: '1' }, args: [], colored: false },
    {
      title: 'stays plain with --no-color over FORCE_COLOR',
      env: { FORCE_COLOR: '1' },
      args: ['--no-color'],
      colored: false,
    },
  ])('$title', async ({ env, args, colored }) => {
    const { dir } = files(deployed, (doc) => {
      doc.version = 13;
      addMember(doc, 3, 0);
      doc.processes[0].args2_6.net.tls = { mode: 'requireTLS' };
    });
    const result = await run(['plan', 'deployed.json', 'next.json', ...args], { cwd: dir, env });
    if (colored) {
      expect(result.stdout).toContain('\u001b[32m  +\u001b[0m process "orders-3" added');
      expect(result.stdout).toContain('\u001b[33m  ~\u001b[0m');
      expect(result.stdout).toContain('\u001b[31merror\u001b[0m');
    } else expect(result.stdout).not.toContain('\u001b[');
  });
});
