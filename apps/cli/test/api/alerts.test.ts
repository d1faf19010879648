/** `dbkit alerts list` against the seeded service: the table, --json, --status, and retries on an injected 503. */
import type { Alert } from '@dbkit/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { dbkit, neverPrinted, SCRIPT, tableRows, useService, withoutLinks } from './helpers.js';

const service = useService();

beforeEach(async () => {
  const s = service();
  neverPrinted(s.privateKey);
  await s.reset();
});

const storedAlerts = (): Alert[] => {
  const s = service();
  return Object.values(s.state.groups[s.group]?.alerts ?? {}).map((stored) => stored.alert);
};

describe('dbkit alerts list', () => {
  it('prints every alert of the project in a table: id, status, event, metric/host, created', async () => {
    const s = service();
    const result = await dbkit(['alerts', 'list', s.group], { env: s.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const rows = tableRows(result.stdout);
    expect(rows[0]).toEqual(['id', 'status', 'event', 'metric/host', 'created']);
    const alerts = storedAlerts();
    expect(rows).toHaveLength(alerts.length + 1);
    const threshold = alerts.find((a) => a.eventTypeName === 'OUTSIDE_METRIC_THRESHOLD');
    if (threshold?.eventTypeName !== 'OUTSIDE_METRIC_THRESHOLD') throw new Error('no threshold alert in the seed');
    expect(rows.find((row) => row[0] === threshold.id)).toEqual([
      threshold.id,
      threshold.status,
      'OUTSIDE_METRIC_THRESHOLD',
      `${threshold.metricName} ${threshold.hostnameAndPort}`,
      threshold.created,
    ]);
    const hostDown = alerts.find((a) => a.eventTypeName === 'HOST_DOWN');
    if (hostDown?.eventTypeName !== 'HOST_DOWN') throw new Error('no HOST_DOWN alert in the seed');
    expect(rows.find((row) => row[0] === hostDown.id)?.[3]).toBe(hostDown.hostnameAndPort);
  });

  it.for(['TRACKING', 'OPEN', 'CLOSED'] as const)(
    '--status %s lists only those, as JSON with --json',
    async (status) => {
      const s = service();
      const result = await dbkit(['alerts', 'list', s.group, '--status', status, '--json'], { env: s.env });
      expect(result.code, result.stderr).toBe(0);
      const items = JSON.parse(result.stdout) as Alert[];
      const expected = storedAlerts().filter((a) => a.status === status);
      expect(items.length).toBe(expected.length);
      expect(items.every((a) => a.status === status)).toBe(true);
      expect(withoutLinks(items[0])).toEqual(withoutLinks(expected.find((a) => a.id === items[0]?.id)));
    },
  );

  it('a bad --status is a usage error (exit 2) and sends nothing', async () => {
    const s = service();
    const result = await dbkit(['alerts', 'list', s.group, '--status', 'CANCELLED'], { env: s.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'dbkit: --status takes TRACKING, OPEN, CLOSED, not "CANCELLED"; run dbkit alerts --help for usage\n',
    );
    expect(await s.requests()).toEqual([]);
  });

  it('many pages (--page-size 5) are all read, in order', async () => {
    const s = service();
    const one = await dbkit(['alerts', 'list', s.group, '--json'], { env: s.env });
    await s.admin('DELETE', 'requests');
    const paged = await dbkit(['alerts', 'list', s.group, '--json', '--page-size', '5'], { env: s.env });
    expect(paged.code, paged.stderr).toBe(0);
    expect(JSON.parse(paged.stdout)).toEqual(JSON.parse(one.stdout));
    expect(await s.requests()).toHaveLength(Math.ceil(storedAlerts().length / 5));
  });

  it.skipIf(SCRIPT === undefined)('on a terminal: `page 2 of 6…` while reading, cleared before the table', async () => {
    const s = service();
    const result = await dbkit(['alerts', 'list', s.group, '--page-size', '5'], { env: s.env, terminal: true });
    expect(result.code, result.stdout).toBe(0);
    const pages = Math.ceil(storedAlerts().length / 5);
    const progress = Array.from({ length: pages - 1 }, (_, i) => `\r\u001b[Kpage ${i + 2} of ${pages}…`).join('');
    // The progress line, then the line cleared, then the table with its header in bold.
    expect(result.stdout.startsWith(`${progress}\r\u001b[K\u001b[1mid  `)).toBe(true);
    expect(result.stdout.split('\n')).toHaveLength(storedAlerts().length + 2);
  });

  it('retries an injected 503 and still succeeds (exit 0, nothing on stderr)', async () => {
    const s = service();
    await s.admin('PUT', 'faults', { rules: [{ path: '/alerts', kind: 'status', status: 503, times: 2 }] });
    const result = await dbkit(['alerts', 'list', s.group, '--json'], { env: s.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect((JSON.parse(result.stdout) as unknown[]).length).toBe(storedAlerts().length);
    const statuses = (await s.requests()).map((line) => line.split(' ').at(-1));
    expect(statuses).toEqual(['503', '503', '200']);
  });

  it('a 503 that does not go away: exit 1 with the service’s error on one line', async () => {
    const s = service();
    await s.admin('PUT', 'faults', { rules: [{ path: '/alerts', kind: 'status', status: 503 }] });
    const result = await dbkit(['alerts', 'list', s.group], { env: s.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'dbkit: The service is unavailable: Unexpected error. Injected by /__dbkit/faults (HTTP 503, UNEXPECTED_ERROR). Try again in a moment.\n',
    );
    // The first attempt and the client's three retries.
    expect(await s.requests()).toHaveLength(4);
  });
});

describe('dbkit alerts get and ack', () => {
  it('get prints the alert its self link names; --json the alert as the service answers', async () => {
    const s = service();
    const alert = storedAlerts().find((a) => a.status === 'CLOSED') as Alert & { resolved: string };
    const shown = await dbkit(['alerts', 'get', s.group, alert.id], { env: s.env });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`id            ${alert.id}`);
    expect(shown.stdout).toContain(`resolved      ${alert.resolved}`);
    expect(shown.stdout).toContain('acknowledged  no');
    const json = await dbkit(['alerts', 'get', s.group, alert.id, '--json'], { env: s.env });
    expect(withoutLinks(JSON.parse(json.stdout))).toEqual(withoutLinks(alert));
  });

  it('ack acknowledges until a time with a comment, the key as the user; --clear takes it away', async () => {
    const s = service();
    const alert = storedAlerts().find((a) => a.status === 'OPEN') as Alert;
    const acked = await dbkit(
      ['alerts', 'ack', s.group, alert.id, '--until', '2030-01-01T09:00:00Z', '--comment', 'replacing the disk'],
      { env: s.env },
    );
    expect(acked.code, acked.stderr).toBe(0);
    expect(acked.stdout).toContain(`acknowledged  until 2030-01-01T09:00:00Z by ${s.publicKey}`);
    expect(acked.stdout).toContain('comment       replacing the disk');
    expect(acked.stdout).toContain('status        OPEN');
    const cleared = await dbkit(['alerts', 'ack', s.group, alert.id, '--clear', '--json'], { env: s.env });
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(JSON.parse(cleared.stdout)).not.toHaveProperty('acknowledgedUntil');
  });

  it.each([
    [['--until', 'soon'], '--until takes an ISO 8601 time such as 2026-12-01T09:00:00Z or a date, not "soon"'],
    [[], 'alerts ack needs --until ISO-TIME (or --clear to take the acknowledgement away)'],
    [['--until', '2030-01-01', '--clear'], 'give --until or --clear, not both'],
  ])('ack %j is a usage error (exit 2), nothing sent', async (flags, message) => {
    const s = service();
    const result = await dbkit(['alerts', 'ack', s.group, '0123456789abcdef01234567', ...flags], { env: s.env });
    expect([result.code, result.stderr]).toEqual([2, `dbkit: ${message}; run dbkit alerts --help for usage\n`]);
    expect(await s.requests()).toEqual([]);
  });

  it('an unknown alert: exit 1 with the service’s 404 on one line', async () => {
    const s = service();
    const result = await dbkit(['alerts', 'get', s.group, '0123456789abcdef01234567'], { env: s.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'dbkit: The service could not find it: Cannot find resource Alert with id 0123456789abcdef01234567. List the project’s alerts for their ids (HTTP 404, RESOURCE_NOT_FOUND).\n',
    );
  });
});
