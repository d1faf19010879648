/**
 * `dbkit config pull` and `dbkit config push` against the seeded service (its config at the seeded version): exact
 * text both ways, the version raised by one, local validation first (nothing sent on errors), the service's 400 diagnostics with --force, and a 409.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { edit, example, tempDir } from '../helpers.js';
import { dbkit, neverPrinted, useService } from './helpers.js';

const service = useService();

beforeEach(async () => {
  const s = service();
  neverPrinted(s.privateKey);
  await s.reset();
});

const replicaSet = example('replica-set.automation.json');
const broken = example('mistakes/broken.automation.json');
const secure = example('secure.automation.json');
const sharded = example('sharded-cluster.automation.json');

/** The version of the seeded automation config (the deployment the seed's resources name): pushes go on from it. */
function seeded(): number {
  const s = service();
  const version = s.state.groups[s.group]?.automationConfig.version;
  if (version === undefined) throw new Error('no seeded config');
  return version;
}

/** The stored automation config of the first project, read through the admin API. */
async function storedConfig(): Promise<{ version: number; text: string }> {
  const s = service();
  const state = (await s.admin('GET', 'state')) as {
    groups: Record<string, { automationConfig: { version: number; text: string } }>;
  };
  const config = state.groups[s.group]?.automationConfig;
  if (!config) throw new Error('no config');
  // What a PUT stored; the service keeps its agents' record beside it.
  return { version: config.version, text: config.text };
}

describe('dbkit config pull', () => {
  it('prints the stored text byte for byte, or writes it with --out', async () => {
    const s = service();
    const { text } = await storedConfig();
    const printed = await dbkit(['config', 'pull', s.group], { env: s.env });
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toBe(text);
    const dir = tempDir();
    const saved = await dbkit(['config', 'pull', s.group, '--out', 'c.json'], { env: s.env, cwd: dir });
    expect(saved.code, saved.stderr).toBe(0);
    expect(readFileSync(join(dir, 'c.json'), 'utf8')).toBe(text);
    expect(saved.stdout).toBe(
      `Pulled version ${seeded()} of the automation config of ${s.group} into c.json. Edit it, then: dbkit config push ${s.group} c.json\n`,
    );
  });

  it('an unknown project: exit 1, one line', async () => {
    const s = service();
    const result = await dbkit(['config', 'pull', '0123456789abcdef01234567'], { env: s.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `dbkit: The service refused the key pair for project 0123456789abcdef01234567: The current user is not in the group, or the group does not exist. API key ${s.publicKey} is not a key of project 0123456789abcdef01234567; use one of its keys (HTTP 401, NOT_IN_GROUP). Check GROUP, or give a key pair of that project: --public-key and --private-key, or DBKIT_PUBLIC_KEY and DBKIT_PRIVATE_KEY.\n`,
    );
  });
});

describe('dbkit config push', () => {
  it('pull → edit → push: the version goes up by one and the exact text is stored', async () => {
    const s = service();
    const dir = tempDir({ 'rs.json': replicaSet });
    // A first push: the file says version 12, the service is at the seeded version v, so it goes in as v + 1.
    const v = seeded();
    const first = await dbkit(['config', 'push', s.group, 'rs.json'], { env: s.env, cwd: dir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(
      `Pushed rs.json to ${s.group}: version ${v} → ${v + 1} (rs.json now says version ${v + 1}).\n`,
    );
    expect(await storedConfig()).toEqual({
      version: v + 1,
      text: replicaSet.replace('"version": 12,', `"version": ${v + 1},`),
    });

    const pulled = await dbkit(['config', 'pull', s.group, '--out', 'c.json'], { env: s.env, cwd: dir });
    expect(pulled.code, pulled.stderr).toBe(0);
    const file = join(dir, 'c.json');
    // An edit by hand: only these bytes change (key order, spacing and all else stay).
    const edited = readFileSync(file, 'utf8').replace(
      '"logRotate": {',
      '"logRotate": {\n        "timeThresholdHrs": 48,',
    );
    expect(edited).toContain('"timeThresholdHrs": 48');
    writeFileSync(file, edited);
    await s.admin('DELETE', 'requests');
    const pushed = await dbkit(['config', 'push', s.group, 'c.json'], { env: s.env, cwd: dir });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stderr).toBe('');
    expect(pushed.stdout).toBe(
      `Pushed c.json to ${s.group}: version ${v + 1} → ${v + 2} (c.json now says version ${v + 2}).\n`,
    );
    const expected = edited.replace(`"version": ${v + 1},`, `"version": ${v + 2},`);
    expect(await storedConfig()).toEqual({ version: v + 2, text: expected });
    expect(readFileSync(file, 'utf8')).toBe(expected);
    expect((await s.requests()).map((line) => line.replace(/\/groups\/\w+/, '/groups/G'))).toEqual([
      'GET /api/public/v1.0/groups/G/automationConfig 200',
      'PUT /api/public/v1.0/groups/G/automationConfig 200',
    ]);

    // The file now says what is stored: pushing it again needs no pull.
    const again = await dbkit(['config', 'push', s.group, 'c.json'], { env: s.env, cwd: dir });
    expect(again.stdout).toBe(
      `Pushed c.json to ${s.group}: version ${v + 2} → ${v + 3} (c.json now says version ${v + 3}).\n`,
    );
  });

  it('refuses a file with errors: the diagnostics of dbkit validate, exit 1, nothing sent', async () => {
    const s = service();
    const dir = tempDir({ 'b.json': broken });
    const validate = await dbkit(['validate', 'b.json'], { cwd: dir });
    const result = await dbkit(['config', 'push', s.group, 'b.json'], { env: s.env, cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(validate.stdout);
    expect(result.stdout).toMatch(/^b\.json:\d+:\d+ error DBK\d+ /m);
    expect(result.stdout).toContain('✖ 7 errors, 3 warnings in 1 file');
    expect(result.stderr).toBe(
      'dbkit: b.json has 7 errors: not pushed, nothing was sent; fix them, or push with --force to let the service decide\n',
    );
    expect(await s.requests()).toEqual([]);
    expect((await storedConfig()).version).toBe(seeded());
  });

  it('masks secrets in the code frames of a refused file', async () => {
    const s = service();
    const withErrors = edit(secure, (doc) => {
      doc.auth.autoUser = 42;
      doc.ldap.bindQueryUser = 7;
    });
    const dir = tempDir({ 's.json': withErrors });
    const result = await dbkit(['config', 'push', s.group, 's.json'], { env: s.env, cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('"********"');
    for (const secret of ['FAKE-automation-password-not-a-secret', 'FAKE-ldap-bind-password']) {
      expect(withErrors).toContain(secret);
      expect(result.stdout + result.stderr).not.toContain(secret);
    }
    expect(await s.requests()).toEqual([]);
  });

  it('--force sends it anyway and shows the service’s 400 diagnostics as dbkit validate does', async () => {
    const s = service();
    const dir = tempDir({ 'b.json': broken });
    const validate = await dbkit(['validate', 'b.json'], { cwd: dir });
    const result = await dbkit(['config', 'push', s.group, 'b.json', '--force'], { env: s.env, cwd: dir });
    expect(result.code).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('dbkit: b.json has 7 errors; sending it anyway (--force)');
    expect(lines[1]).toMatch(
      /^dbkit: The service refused b\.json: The automation configuration has 7 errors; the first is at [^\n]*[^.] \(HTTP 400, AUTOMATION_CONFIG_INVALID\)\. Nothing was changed: fix the errors shown, then push again\.$/,
    );
    expect(lines).toHaveLength(2);
    // Core's findings, placed in the file with their frames: the service and dbkit validate agree line for line.
    const located = (text: string) => text.split('\n').filter((line) => /^b\.json:\d+:\d+ /.test(line));
    expect(located(result.stdout)).toEqual(located(validate.stdout).filter((line) => / DBK\d+ /.test(line)));
    expect(result.stdout).toContain('   | ');
    expect(result.stdout).toContain('✖ 7 errors, 3 warnings in 1 file');
    expect((await s.requests()).map((line) => line.split(' ')[0] + line.slice(line.lastIndexOf(' ')))).toEqual([
      'GET 200',
      'PUT 400',
    ]);
    expect((await storedConfig()).version).toBe(seeded());
  });

  it('someone published since the pull: the 409 is reported clearly, exit 1, nothing changed', async () => {
    const s = service();
    const dir = tempDir({ 'theirs.json': replicaSet });
    const pulled = await dbkit(['config', 'pull', s.group, '--out', 'mine.json'], { env: s.env, cwd: dir });
    expect(pulled.code).toBe(0);
    const theirs = await dbkit(['config', 'push', s.group, 'theirs.json'], { env: s.env, cwd: dir });
    expect(theirs.code, theirs.stderr).toBe(0);
    const before = await storedConfig();
    await s.admin('DELETE', 'requests');
    const mine = readFileSync(join(dir, 'mine.json'), 'utf8');
    const result = await dbkit(['config', 'push', s.group, 'mine.json'], { env: s.env, cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `dbkit: Someone published version ${seeded() + 1} since you pulled version ${seeded()}, so nothing was changed (HTTP 409, AUTOMATION_CONFIG_CONCURRENT_MODIFICATION). Pull again (dbkit config pull ${s.group} --out mine.json), reapply your change and push.\n`,
    );
    expect(await storedConfig()).toEqual(before);
    expect(readFileSync(join(dir, 'mine.json'), 'utf8')).toBe(mine);
    expect((await s.requests()).map((line) => line.split(' ')[0] + line.slice(line.lastIndexOf(' ')))).toEqual([
      'GET 200',
      'PUT 409',
    ]);
  });

  it.for([
    [
      'a file that is not JSON',
      { 'x.json': '{\n  "version": 1,\n}\n' },
      'x.json',
      'dbkit: x.json is not valid JSON: fix the syntax errors shown; nothing was sent\n',
    ],
    ['a missing file', {}, 'nope.json', 'dbkit: cannot read nope.json: no such file; nothing was sent\n'],
  ] as const)('%s: exit 2, nothing sent', async ([, files, name, message]) => {
    const s = service();
    const result = await dbkit(['config', 'push', s.group, name], { env: s.env, cwd: tempDir(files) });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message);
    expect(await s.requests()).toEqual([]);
  });

  it('warnings alone do not stop a push; they are shown', async () => {
    const s = service();
    const withWarning = edit(replicaSet, (doc) => {
      doc.processes[0].hostnmae = doc.processes[0].hostname;
    });
    const dir = tempDir({ 'w.json': withWarning });
    const result = await dbkit(['config', 'push', s.group, 'w.json'], { env: s.env, cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^w\.json:\d+:\d+ warning DBK108 /);
    expect(result.stdout).toContain(`Pushed w.json to ${s.group}: version ${seeded()} → ${seeded() + 1}`);
  });

  describe('an unsafe step from the stored version', () => {
    /** Publishes `text` as the version after the seeded one; returns that version. */
    async function storeFirst(text: string) {
      const s = service();
      const first = await dbkit(['config', 'push', s.group, 'first.json'], {
        env: s.env,
        cwd: tempDir({ 'first.json': text }),
      });
      expect(first.code, first.stderr).toBe(0);
      await s.admin('DELETE', 'requests');
      return seeded() + 1;
    }

    it('two voting members removed at once: the plan’s error placed in FILE, exit 1, nothing changed; --allow-unsafe publishes it', async () => {
      const s = service();
      const stored = await storeFirst(replicaSet);
      const shrunk = edit(replicaSet, (doc) => {
        doc.version = stored;
        doc.replicaSets[0].members.splice(1, 2);
        doc.processes.splice(1, 2);
      });
      const dir = tempDir({ 'small.json': shrunk });
      const before = await storedConfig();
      const result = await dbkit(['config', 'push', s.group, 'small.json'], { env: s.env, cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        /^small\.json:\d+:\d+ error DBK611 Replica set "orders" keeps 1 of its 3 voting members/m,
      );
      expect(result.stdout).toMatch(/^small\.json:\d+:\d+ warning DBK610 /m);
      expect(result.stderr).toMatch(
        new RegExp(
          `^dbkit: The service refused the step from ${s.group} \\(stored version ${stored}\\) to small\\.json: Going from version ${stored} to this configuration is unsafe \\(\\d+ errors?\\); the first: [^\n]*[^.] \\(HTTP 400, AUTOMATION_CONFIG_UNSAFE_TRANSITION\\)\\. Nothing was changed: make the change in smaller steps, or push with --allow-unsafe to publish it anyway\\.\n$`,
        ),
      );
      expect(await storedConfig()).toEqual(before);
      expect(readFileSync(join(dir, 'small.json'), 'utf8')).toBe(shrunk);

      const forced = await dbkit(['config', 'push', s.group, 'small.json', '--allow-unsafe'], { env: s.env, cwd: dir });
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stdout).toContain(`Pushed small.json to ${s.group}: version ${stored} → ${stored + 1}`);
      expect((await storedConfig()).version).toBe(stored + 1);
      expect((await s.requests()).map((line) => line.split(' ')[0] + line.slice(line.lastIndexOf(' ')))).toEqual([
        'GET 200',
        'PUT 400',
        'GET 200',
        'PUT 200',
      ]);
    });

    it('a shard removed with its replica set: the findings about the removed shard are placed in the stored version', async () => {
      const s = service();
      const version = await storeFirst(sharded);
      const stored = (await storedConfig()).text;
      const withoutShard = edit(sharded, (doc) => {
        doc.version = version;
        const [shard] = doc.sharding[0].shards.splice(-1, 1);
        const rs = doc.replicaSets.findIndex((r: { _id: string }) => r._id === shard.rs);
        const [gone] = doc.replicaSets.splice(rs, 1);
        const hosts = new Set(gone.members.map((m: { host: string }) => m.host));
        doc.processes = doc.processes.filter((p: { name: string }) => !hosts.has(p.name));
      });
      const dir = tempDir({ 'less.json': withoutShard });
      const result = await dbkit(['config', 'push', s.group, 'less.json'], { env: s.env, cwd: dir });
      expect(result.code).toBe(1);
      // The shard is in the stored version only: its line and column are there, with that version's code frame.
      const storedName = `${s.group} (stored version ${version})`;
      const line = new RegExp(`^${s.group} \\(stored version ${version}\\):(\\d+):(\\d+) error DBK621 `, 'm').exec(
        result.stdout,
      );
      expect(line, result.stdout).not.toBeNull();
      // The removed shard's object: the line before its `"_id": "shard1"` (1-based: its index).
      const shardObjectLine = stored.split('\n').findIndex((text) => text.includes('"_id": "shard1"'));
      expect(Number(line?.[1])).toBe(shardObjectLine);
      expect(stored.split('\n')[shardObjectLine - 1]?.trim()).toBe('{');
      expect(result.stdout).toContain(`${storedName}:${shardObjectLine}:`);
      expect(result.stdout).toContain('✖ 1 error, 1 warning');
      expect(result.stderr).toContain('--allow-unsafe');
    });
  });
});
