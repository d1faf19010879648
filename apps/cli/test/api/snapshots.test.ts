/**
 * `dbkit snapshots` and `dbkit config-server-snapshots` against the seeded service: tables, --json, filters,
 * paging, the two changes (expiry, doNotDelete), and the service's refusals as exit 1 with one line.
 */
import type { ClusterSnapshot, ConfigServerSnapshot } from '@dbkit/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { dbkit, neverPrinted, tableRows, useService, withoutLinks } from './helpers.js';

const service = useService();

beforeEach(async () => {
  const s = service();
  neverPrinted(s.privateKey);
  await s.reset();
});

const stored = (cluster: string) => {
  const s = service();
  const group = s.state.groups[s.group];
  return Object.values(group?.clusters[cluster]?.snapshots ?? {});
};

describe('dbkit snapshots list', () => {
  it('prints a table of the completed snapshots, newest first, with aligned columns', async () => {
    const s = service();
    const result = await dbkit(['snapshots', 'list', s.group, s.cluster], { env: s.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const rows = tableRows(result.stdout);
    expect(rows[0]).toEqual(['id', 'created', 'complete', 'doNotDelete', 'expires', 'size']);
    const complete = stored(s.cluster).filter((snapshot) => snapshot.complete);
    expect(rows).toHaveLength(complete.length + 1);
    for (const row of rows.slice(1)) {
      const snapshot = complete.find((c) => c.id === row[0]);
      expect(snapshot, row[0]).toBeDefined();
      expect(row[1]).toBe(snapshot?.created.date);
      expect(row[2]).toBe('yes');
      expect(row[3]).toBe(snapshot?.doNotDelete ? 'yes' : 'no');
      expect(row[4]).toBe(snapshot?.expires ?? '-');
      expect(row[5]).toMatch(/^\d+(\.\d)? (B|kB|MB|GB|TB)$/);
    }
    // Aligned: every line starts its second column at the same place.
    const lines = result.stdout.trimEnd().split('\n');
    const at = lines[0]?.indexOf('created');
    for (const line of lines.slice(1)) expect(line.slice(at).startsWith('20')).toBe(true);
  });

  it('--json prints the items as one JSON array, as the service returned them', async () => {
    const s = service();
    const result = await dbkit(['snapshots', 'list', s.group, s.cluster, '--completed', 'all', '--json'], {
      env: s.env,
    });
    expect(result.code, result.stderr).toBe(0);
    const items = JSON.parse(result.stdout) as ClusterSnapshot[];
    expect(items.map((i) => i.id).sort()).toEqual(
      stored(s.cluster)
        .map((i) => i.id)
        .sort(),
    );
    expect(items[0]).toHaveProperty('parts');
  });

  it.for([
    ['true', (c: boolean) => c],
    ['false', (c: boolean) => !c],
    ['all', () => true],
  ] as const)('--completed %s filters on the service', async ([completed, keep]) => {
    const s = service();
    const result = await dbkit(['snapshots', 'list', s.group, s.cluster, '--completed', completed, '--json'], {
      env: s.env,
    });
    expect(result.code, result.stderr).toBe(0);
    const expected = stored(s.cluster).filter((snapshot) => keep(snapshot.complete)).length;
    expect((JSON.parse(result.stdout) as unknown[]).length).toBe(expected);
    expect(await s.requests()).toEqual([
      expect.stringContaining(`/snapshots?completed=${completed}&pageNum=1&itemsPerPage=100 200`),
    ]);
  });

  it('reads every page: --page-size 2 asks for each one and prints them as one table', async () => {
    const s = service();
    const all = stored(s.cluster).length;
    const result = await dbkit(['snapshots', 'list', s.group, s.cluster, '--completed', 'all', '--page-size', '2'], {
      env: s.env,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(tableRows(result.stdout)).toHaveLength(all + 1);
    // No terminal: no progress line.
    expect(result.stderr).toBe('');
    const gets = (await s.requests()).filter((line) => line.includes('/snapshots'));
    expect(gets).toHaveLength(Math.ceil(all / 2));
  });

  it('an empty list says so (table) or prints [] (--json)', async () => {
    const s = service();
    // Seed 1: every snapshot of rs0 is complete.
    expect(stored(s.cluster).every((snapshot) => snapshot.complete)).toBe(true);
    const empty = await dbkit(['snapshots', 'list', s.group, s.cluster, '--completed', 'false'], { env: s.env });
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toBe('No snapshots found.\n');
    const json = await dbkit(['snapshots', 'list', s.group, s.cluster, '--completed', 'false', '--json'], {
      env: s.env,
    });
    expect(json.stdout).toBe('[]\n');
  });
});

describe('dbkit snapshots get, set-expiry, keep', () => {
  it('get prints the fields of one snapshot; --json the object', async () => {
    const s = service();
    const [snapshot] = stored(s.shardedCluster);
    if (!snapshot) throw new Error('no snapshot');
    const text = await dbkit(['snapshots', 'get', s.group, s.shardedCluster, snapshot.id], { env: s.env });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^id +${snapshot.id}\\n`));
    expect(text.stdout).toMatch(new RegExp(`\\ncluster +analytics \\(${s.shardedCluster}\\)\\n`));
    expect(text.stdout).toMatch(new RegExp(`\\ncreated +${snapshot.created.date}\\n`));
    expect(text.stdout).toMatch(/size +\S+ \S+ in 3 parts/);
    expect(text.stdout).toContain('CONFIG_SERVER_REPLICA_SET');
    const json = await dbkit(['snapshots', 'get', s.group, s.shardedCluster, snapshot.id, '--json'], { env: s.env });
    expect(withoutLinks(JSON.parse(json.stdout))).toEqual(withoutLinks(snapshot));
  });

  it('keep sets doNotDelete (and removes the expiry); keep --no sets it false', async () => {
    const s = service();
    const snapshot = stored(s.cluster).find((c) => c.expires !== undefined && !c.doNotDelete);
    if (!snapshot) throw new Error('no expiring snapshot');
    const kept = await dbkit(['snapshots', 'keep', s.group, s.cluster, snapshot.id, '--json'], { env: s.env });
    expect(kept.code, kept.stderr).toBe(0);
    const after = JSON.parse(kept.stdout) as ClusterSnapshot;
    expect(after.doNotDelete).toBe(true);
    expect(after.expires).toBeUndefined();
    const released = await dbkit(['snapshots', 'keep', s.group, s.cluster, snapshot.id, '--no'], { env: s.env });
    expect(released.code, released.stderr).toBe(0);
    expect(released.stdout).toMatch(/doNotDelete +no\n/);
    expect(await s.requests()).toEqual([
      expect.stringMatching(/^PATCH \/api\/.*\/snapshots\/\w+ 200$/),
      expect.stringMatching(/^PATCH \/api\/.*\/snapshots\/\w+ 200$/),
    ]);
  });

  it('set-expiry sets the expiry; a snapshot kept with doNotDelete is refused (exit 1, one line)', async () => {
    const s = service();
    const expiring = stored(s.cluster).find((c) => !c.doNotDelete);
    const pinned = stored(s.cluster).find((c) => c.doNotDelete);
    if (!expiring || !pinned) throw new Error('unexpected seed');
    const ok = await dbkit(['snapshots', 'set-expiry', s.group, s.cluster, expiring.id, '2026-07-01T00:00:00Z'], {
      env: s.env,
    });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/expires +2026-07-01T00:00:00Z\n/);
    const refused = await dbkit(['snapshots', 'set-expiry', s.group, s.cluster, pinned.id, '2026-07-01T00:00:00Z'], {
      env: s.env,
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `dbkit: The service refused the request: Snapshot ${pinned.id} cannot be modified because of invalid fields: expires. The snapshot has doNotDelete true, which keeps it without expiry; send doNotDelete false with expires (HTTP 400, SNAPSHOT_INVALID_FIELDS).\n`,
    );
  });

  it('an unknown snapshot: exit 1, the service’s words, then its status and error code', async () => {
    const s = service();
    const result = await dbkit(['snapshots', 'get', s.group, s.cluster, '0123456789abcdef01234567'], { env: s.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `dbkit: The service could not find it: No snapshot with ID 0123456789abcdef01234567 exists for cluster ${s.cluster} (HTTP 404, SNAPSHOT_NOT_FOUND).\n`,
    );
  });
});

describe('dbkit config-server-snapshots', () => {
  it('list prints the table and --json the array; get one snapshot', async () => {
    const s = service();
    const host = s.state.groups[s.group]?.hosts[s.host];
    const snapshots = Object.values(host?.snapshots ?? {}) as ConfigServerSnapshot[];
    const table = await dbkit(['config-server-snapshots', 'list', s.group, s.host], { env: s.env });
    expect(table.code, table.stderr).toBe(0);
    const rows = tableRows(table.stdout);
    expect(rows[0]).toEqual(['id', 'created', 'complete', 'doNotDelete', 'expires', 'size']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(snapshots.map((c) => c.id));
    const json = await dbkit(['config-server-snapshots', 'list', s.group, s.host, '--json'], { env: s.env });
    expect((JSON.parse(json.stdout) as ConfigServerSnapshot[]).map((c) => c.id)).toEqual(snapshots.map((c) => c.id));
    const [first] = snapshots;
    const one = await dbkit(['config-server-snapshots', 'get', s.group, s.host, first?.id ?? '', '--json'], {
      env: s.env,
    });
    expect(one.code, one.stderr).toBe(0);
    expect(withoutLinks(JSON.parse(one.stdout))).toEqual(withoutLinks(first));
    const fields = await dbkit(['config-server-snapshots', 'get', s.group, s.host, first?.id ?? ''], { env: s.env });
    expect(fields.stdout).toContain(`CONFIG_SERVER`);
    expect(fields.stdout).toContain(':27019');
  });
});
