/**
 * Every endpoint of the spec over real HTTP: lists, paging edges, filters, envelope and pretty, one resource, the
 * PATCH expiry rules with the sweep, the deprecated config-server endpoints, and the alert lifecycle on the clock.
 * Every success body is checked against the JSON Schema generated from core's types.
 */
import { apiSchemas } from '@dbkit/schema';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigestClient, type Reply, type Running, start } from '../helpers.js';

// ajv-formats is CommonJS with `exports.default`.
const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const validators = Object.fromEntries(Object.entries(apiSchemas).map(([name, schema]) => [name, ajv.compile(schema)]));
function conforms(reply: Reply, schema: keyof typeof apiSchemas): void {
  const validate = validators[schema];
  if (validate === undefined) throw new Error(schema);
  expect(validate(reply.json()) ? [] : validate.errors, `${schema} schema`).toEqual([]);
}

let service: Running;
let client: DigestClient;
let cluster: string;
let sharded: string;
let host: string;
beforeAll(async () => {
  service = await start();
  client = new DigestClient(service.credentials);
  const clusters = Object.values(service.project.clusters);
  cluster = clusters.find((c) => c.name === 'rs0')?.id ?? '';
  sharded = clusters.find((c) => c.name === 'analytics')?.id ?? '';
  host = Object.keys(service.project.hosts)[0] ?? '';
});
afterAll(() => service.close());

const get = (path: string) => client.request(`${service.api}/groups/${service.project.id}${path}`);
const patch = (path: string, body: string) =>
  client.request(`${service.api}/groups/${service.project.id}${path}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
type Page = {
  results: { id: string; status?: string; complete?: boolean }[];
  links: { rel: string; href: string }[];
  totalCount: number;
};

describe('lists and paging', () => {
  it.for([
    [
      'defaults: page 1 of 100 [spec:paging-defaults] [spec:list-self-paging]',
      '',
      200,
      { count: 28, self: 'pageNum=1&itemsPerPage=100', rels: ['self'] },
    ],
    [
      'a middle page',
      '?itemsPerPage=5&pageNum=2',
      200,
      { count: 5, self: 'pageNum=2&itemsPerPage=5', rels: ['self', 'next', 'previous'] },
    ],
    [
      'the last page',
      '?itemsPerPage=5&pageNum=6',
      200,
      { count: 3, self: 'pageNum=6&itemsPerPage=5', rels: ['self', 'previous'] },
    ],
    [
      'beyond the last page',
      '?itemsPerPage=5&pageNum=9',
      200,
      { count: 0, self: 'pageNum=9&itemsPerPage=5', rels: ['self', 'previous'] },
    ],
    ['itemsPerPage 500', '?itemsPerPage=500', 200, { count: 28, self: 'pageNum=1&itemsPerPage=500', rels: ['self'] }],
    ['itemsPerPage 501', '?itemsPerPage=501', 400, { parameter: 'itemsPerPage' }],
    ['itemsPerPage 0', '?itemsPerPage=0', 400, { parameter: 'itemsPerPage' }],
    ['pageNum -1', '?pageNum=-1', 400, { parameter: 'pageNum' }],
    ['pageNum abc', '?pageNum=abc', 400, { parameter: 'pageNum' }],
    ['pageNum 0', '?pageNum=0', 400, { parameter: 'pageNum' }],
  ] as const)('alerts, %s', async ([, query, status, expected]) => {
    const response = await get(`/alerts${query}`);
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(response.json()).toMatchObject({
        errorCode: 'INVALID_QUERY_PARAMETER',
        parameters: ['parameter' in expected ? expected.parameter : ''],
      });
      conforms(response, 'error');
      return;
    }
    const page = response.json<Page>();
    expect(page.totalCount).toBe(28);
    if ('count' in expected) {
      expect(page.results).toHaveLength(expected.count);
      expect(page.links.map((link) => link.rel)).toEqual(expected.rels);
      expect(page.links[0]?.href).toBe(
        `${service.api}/groups/${service.project.id}/alerts${query ? `?${expected.self}` : `?${expected.self}`}`,
      );
    }
    conforms(response, 'alert-list');
  });

  it('pages are disjoint and cover the whole set, following next links [spec:list-total-count]', async () => {
    const seen: string[] = [];
    let url: string | undefined = `${service.api}/groups/${service.project.id}/alerts?itemsPerPage=4`;
    while (url !== undefined) {
      const page: Page = (await client.request(url)).json<Page>();
      seen.push(...page.results.map((r) => r.id));
      url = page.links.find((link) => link.rel === 'next')?.href;
    }
    expect(seen).toHaveLength(28);
    expect(new Set(seen).size).toBe(28);
  });

  it.for([
    ['TRACKING', 7],
    ['OPEN', 7],
    ['CLOSED', 7],
  ] as const)('the status filter %s [spec:alerts-status-filter]', async ([status, count]) => {
    const page = (await get(`/alerts?status=${status}`)).json<Page>();
    expect(page.results.map((a) => a.status)).toEqual(Array(count).fill(status));
    expect(page.links[0]?.href).toContain(`status=${status}&pageNum=1&itemsPerPage=100`);
  });

  it.for(['CANCELLED', 'open', ''])('refuses the status filter %j', async (status) => {
    const response = await get(`/alerts?status=${status}`);
    expect([response.status, response.json<{ errorCode: string }>().errorCode]).toEqual([
      400,
      'INVALID_QUERY_PARAMETER',
    ]);
  });

  it.for([
    ['true', (s: { complete?: boolean }) => s.complete === true],
    ['false', (s: { complete?: boolean }) => s.complete === false],
    ['all', () => true],
  ] as const)(
    'cluster snapshots, completed=%s [spec:snapshots-completed-filter] [spec:snapshot-complete]',
    async ([completed, keep]) => {
      const all = Object.values(service.project.clusters[cluster]?.snapshots ?? {});
      const response = await get(`/clusters/${cluster}/snapshots?completed=${completed}`);
      const page = response.json<Page>();
      expect(page.totalCount).toBe(all.filter(keep).length);
      expect(page.results.every(keep)).toBe(true);
      conforms(response, 'cluster-snapshot-list');
    },
  );

  it('completed defaults to true; a bad value is refused [spec:snapshots-completed-filter]', async () => {
    const page = (await get(`/clusters/${cluster}/snapshots`)).json<Page>();
    expect(page.results.every((s) => s.complete === true)).toBe(true);
    expect((await get(`/clusters/${cluster}/snapshots?completed=yes`)).status).toBe(400);
  });
});

describe('the project in the path', () => {
  it('is the groupId of every resource listed under it [spec:project-is-group]', async () => {
    const bodies = [
      ...(await get('/alerts')).json<Page>().results,
      ...(await get(`/clusters/${cluster}/snapshots?completed=all`)).json<Page>().results,
      ...(await get(`/hosts/${host}/snapshots`)).json<Page>().results,
    ] as { groupId?: string }[];
    expect(bodies.length).toBeGreaterThan(10);
    expect(new Set(bodies.map((body) => body.groupId))).toEqual(new Set([service.project.id]));
  });
});

describe('envelope and pretty on every endpoint', () => {
  const endpoints = () =>
    [
      ['alerts', '/alerts', 'list'],
      ['cluster snapshots', `/clusters/${sharded}/snapshots`, 'list'],
      [
        'one cluster snapshot',
        `/clusters/${cluster}/snapshots/${Object.keys(service.project.clusters[cluster]?.snapshots ?? {})[1]}`,
        'one',
      ],
      ['config-server snapshots', `/hosts/${host}/snapshots`, 'list'],
      [
        'one config-server snapshot',
        `/hosts/${host}/snapshots/${Object.keys(service.project.hosts[host]?.snapshots ?? {})[0]}`,
        'one',
      ],
      ['automation config', '/automationConfig', 'one'],
      ['an error (unknown cluster)', '/clusters/000000000000000000000000/snapshots', 'error'],
    ] as const;

  it.for([0, 1, 2, 3, 4, 5, 6])(
    'endpoint #%i [spec:query-pretty] [spec:envelope-single] [spec:envelope-list]',
    async (index) => {
      const [name, path, kind] = endpoints()[index] ?? ['', '', 'one'];
      const plain = await get(path);
      const wrapped = await get(`${path}${path.includes('?') ? '&' : '?'}envelope=true`);
      const pretty = await get(`${path}${path.includes('?') ? '&' : '?'}pretty=true`);
      expect(wrapped.status, name).toBe(plain.status);
      const body = plain.json<Record<string, unknown>>();
      // A list's links carry the request's own parameters (envelope, pretty): compare lists without them.
      const unlinked = (reply: Reply): { rest: Record<string, unknown>; self: string } => {
        const { links, ...rest } = reply.json<Record<string, unknown> & { links: { href: string }[] }>();
        return kind === 'list' ? { rest, self: links[0]?.href ?? '' } : { rest: reply.json(), self: '' };
      };
      if (kind === 'list') {
        // The flat list envelope (docs/decisions/core-model.md, "The list envelope is flat").
        expect(unlinked(wrapped).rest).toEqual({ ...unlinked(plain).rest, status: plain.status });
        expect(unlinked(wrapped).self).toContain('envelope=true');
        expect(unlinked(pretty).self).toContain('pretty=true');
      } else expect(wrapped.json()).toEqual({ status: plain.status, content: body });
      expect(unlinked(pretty).rest).toEqual(unlinked(plain).rest);
      expect(pretty.text).toMatch(/^\{\n {2}"\w+" : /);
      if (name !== 'automation config') expect(plain.text).not.toContain('\n');
    },
  );

  it('refuses envelope and pretty values other than true and false', async () => {
    for (const query of ['envelope=maybe', 'pretty=2']) {
      const response = await get(`/alerts?${query}`);
      expect([response.status, response.json<{ errorCode: string }>().errorCode]).toEqual([
        400,
        'INVALID_QUERY_PARAMETER',
      ]);
    }
  });
});

describe('one snapshot and the expiry rules (PATCH)', () => {
  const snapshotIds = () => Object.values(service.project.clusters[cluster]?.snapshots ?? {});

  it('gets one snapshot; unknown cluster and snapshot are 404 with their codes [spec:snapshot-get] [spec:error-body] [spec:error-status]', async () => {
    const [snapshot] = snapshotIds();
    const response = await get(`/clusters/${cluster}/snapshots/${snapshot?.id}`);
    expect(response.json()).toMatchObject({ id: snapshot?.id, clusterId: cluster });
    conforms(response, 'cluster-snapshot');
    const noSnapshot = await get(`/clusters/${cluster}/snapshots/nope`);
    expect([noSnapshot.status, noSnapshot.json<{ errorCode: string }>().errorCode]).toEqual([
      404,
      'SNAPSHOT_NOT_FOUND',
    ]);
    const noCluster = await get('/clusters/nope/snapshots/x');
    expect([noCluster.status, noCluster.json<{ errorCode: string }>().errorCode]).toEqual([404, 'CLUSTER_NOT_FOUND']);
  });

  it('rule 1: doNotDelete true with expires fails with "invalid fields"; nothing changes [spec:patch-1] [spec:error-invalid-fields]', async () => {
    const snapshot = snapshotIds().find((s) => !s.doNotDelete && s.expires !== undefined);
    const response = await patch(
      `/clusters/${cluster}/snapshots/${snapshot?.id}`,
      '{"doNotDelete": true, "expires": "2027-01-01T00:00:00Z"}',
    );
    expect(response.status).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/cannot be modified because of invalid fields/);
    expect((await get(`/clusters/${cluster}/snapshots/${snapshot?.id}`)).json()).toMatchObject({
      expires: snapshot?.expires,
    });
  });

  it('rule 2: doNotDelete true removes expires [spec:patch-2] [spec:expiry-1] [spec:patch-response]', async () => {
    const snapshot = snapshotIds().find((s) => !s.doNotDelete && s.expires !== undefined);
    const response = await patch(`/clusters/${cluster}/snapshots/${snapshot?.id}`, '{"doNotDelete": true}');
    expect(response.status).toBe(200);
    const body = response.json<{ doNotDelete: boolean; expires?: string }>();
    expect([body.doNotDelete, body.expires]).toEqual([true, undefined]);
    expect((await get(`/clusters/${cluster}/snapshots/${snapshot?.id}`)).json()).not.toHaveProperty('expires');
  });

  it('rules 3 and 4: an expires in the past schedules deletion; it cannot be edited; the sweep deletes it [spec:patch-3] [spec:patch-4] [spec:expiry-2] [spec:expiry-3]', async () => {
    const snapshot = snapshotIds().find((s) => !s.doNotDelete && s.expires === undefined);
    const path = `/clusters/${cluster}/snapshots/${snapshot?.id}`;
    expect((await patch(path, '{"expires": "2026-06-01"}')).json()).toMatchObject({ expires: '2026-06-01T00:00:00Z' });
    const again = await patch(path, '{"expires": "2027-01-01T00:00:00Z"}');
    expect([again.status, again.json<{ errorCode: string }>().errorCode]).toEqual([409, 'SNAPSHOT_EXPIRY_PASSED']);
    expect((await get(path)).status).toBe(200);
    expect(await service.server.sweep()).toBe(1);
    expect((await get(path)).status).toBe(404);
  });

  it.for([
    ['not JSON', '{"expires": ', 'INVALID_JSON'],
    ['an empty body', '', 'INVALID_JSON'],
    ['an array', '[]', 'INVALID_JSON'],
    ['a read-only field', '{"complete": false}', 'ATTRIBUTE_READ_ONLY'],
    ['an unknown field', '{"doNotDelte": true}', 'INVALID_ATTRIBUTE'],
    ['a wrong type', '{"doNotDelete": "yes"}', 'INVALID_JSON_ATTRIBUTE'],
    ['an unreadable time', '{"expires": "next week"}', 'INVALID_JSON_ATTRIBUTE'],
  ] as const)('refuses %s with 400 %s [spec:patch-body] [spec:error-status]', async ([, body, code]) => {
    const [snapshot] = snapshotIds();
    const response = await patch(`/clusters/${cluster}/snapshots/${snapshot?.id}`, body);
    expect([response.status, response.json<{ errorCode: string }>().errorCode]).toEqual([400, code]);
    conforms(response, 'error');
  });
});

describe('deprecated config-server snapshots', () => {
  it('lists and gets them, with Deprecation and Warning headers [spec:config-server-snapshots-list] [spec:config-server-snapshot-get] [spec:config-server-deprecated]', async () => {
    const list = await get(`/hosts/${host}/snapshots`);
    expect(list.json<Page>().totalCount).toBe(4);
    conforms(list, 'config-server-snapshot-list');
    expect(list.headers.get('deprecation')).toBe('@1480377600');
    expect(list.headers.get('warning')).toMatch(/^299 - "Deprecated: .*clusters\/\{CLUSTER-ID\}\/snapshots"$/);
    const id = list.json<Page>().results[0]?.id;
    const one = await get(`/hosts/${host}/snapshots/${id}`);
    conforms(one, 'config-server-snapshot');
    expect(one.headers.get('deprecation')).toBe('@1480377600');
    expect((await get(`/hosts/${host}/snapshots/nope`)).json()).toMatchObject({
      errorCode: 'CONFIG_SNAPSHOT_NOT_FOUND',
    });
    expect((await get('/hosts/nope/snapshots')).json()).toMatchObject({ errorCode: 'NOT_CONFIG_SERVER' });
  });
});

describe('alert lifecycle on the service clock', () => {
  it('TRACKING becomes OPEN once the smallest notification delay has passed, not before [spec:alert-tracking-opens] [spec:alert-smallest-delay]', async () => {
    const tracking = Object.values(service.project.alerts).filter((a) => a.alert.status === 'TRACKING');
    const ids = (page: Page, status: string) => page.results.filter((a) => a.status === status).map((a) => a.id);
    const before = (await get('/alerts?status=TRACKING')).json<Page>();
    expect(before.totalCount).toBe(tracking.length);
    // Half an hour on, no delay has passed yet; 19 hours on, every one has (the seed's delays end 30 to 150 minutes
    // after T0, the last 19 hours after it).
    service.server.clock.advance(29 * 60_000);
    expect(ids((await get('/alerts?status=TRACKING')).json<Page>(), 'TRACKING')).toHaveLength(tracking.length);
    service.server.clock.advance(19 * 60 * 60_000 - 29 * 60_000);
    try {
      const after = (await get('/alerts')).json<Page>();
      expect(ids(after, 'TRACKING')).toEqual([]);
      const opened = after.results.filter((a) => tracking.some((t) => t.alert.id === a.id));
      expect(opened.map((a) => a.status)).toEqual(Array(tracking.length).fill('OPEN'));
    } finally {
      service.server.clock.advance(-19 * 60 * 60_000);
    }
  });
});
