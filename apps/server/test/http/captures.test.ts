/**
 * The service's responses against the real service's recorded ones (`../shared/corpus/real-api-responses/`):
 * the same error body layout and headers, the same list layout and link style, the same snapshot shape.
 */
import { findCorpus, parseHttpResponses, registerMissingCorpus } from '@dbkit/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigestClient, type Running, start } from '../helpers.js';

const corpus = findCorpus('real-api-responses', ['.json', '.http']);
let service: Running;
let client: DigestClient;
beforeAll(async () => {
  service = await start();
  client = new DigestClient(service.credentials);
});
afterAll(() => service.close());

const keysOf = (text: string) => Object.keys(JSON.parse(text) as object);

describe('responses shaped like the real service', () => {
  if (registerMissingCorpus(it, corpus)) return;

  it('an error is compact, with the real keys in the real order, and X-Error-Code as the real 404s send it [spec:error-body]', async () => {
    const [real] = parseHttpResponses(corpus.read('atlascli-404-GROUP_NOT_FOUND.http'));
    const ours = await client.request(`${service.api}/groups/${service.project.id}/clusters/nope/snapshots`);
    expect(keysOf(ours.text)).toEqual(keysOf(real?.body ?? '{}'));
    expect(ours.text).not.toContain('\n');
    expect(ours.headers.get('x-error-code')).toBe(ours.json<{ errorCode: string }>().errorCode);
    expect(real?.get('X-Error-Code')).toBe('GROUP_NOT_FOUND');
  });

  it('a list has the real keys, and its self link carries the paging parameters after the others, as real links do [spec:list-self-paging] [spec:links-self]', async () => {
    const real = JSON.parse(corpus.read('atlascli-alerts-list-CLOSED.json')) as {
      links: { href: string; rel: string }[];
    };
    const ours = await client.request(
      `${service.api}/groups/${service.project.id}/alerts?status=CLOSED&itemsPerPage=2`,
    );
    expect(keysOf(ours.text).sort()).toEqual(Object.keys(real).sort());
    const realSelf = new URL(real.links.find((link) => link.rel === 'self')?.href ?? '');
    const oursSelf = new URL(ours.json<{ links: { href: string; rel: string }[] }>().links[0]?.href ?? '');
    expect([...oursSelf.searchParams.keys()].slice(-2)).toEqual([...realSelf.searchParams.keys()].slice(-2));
    expect(ours.json<{ links: { rel: string }[] }>().links.map((link) => link.rel)).toContain('next');
    expect(real.links.map((link) => link.rel)).toContain('next');
  });

  it('a snapshot has every field of the vendor client fixture, with the same types [spec:snapshot-fields]', async () => {
    const real = JSON.parse(corpus.read('gomngr-cluster-snapshot.json')) as Record<string, unknown>;
    const cluster = Object.values(service.project.clusters).find((c) => c.name === 'rs0');
    const id = Object.values(cluster?.snapshots ?? {}).find((s) => s.complete)?.id;
    const ours = (
      await client.request(`${service.api}/groups/${service.project.id}/clusters/${cluster?.id}/snapshots/${id}`)
    ).json<Record<string, unknown>>();
    const typeOf = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);
    for (const [key, value] of Object.entries(real)) {
      if (key === 'expires') continue; // absent on a snapshot without expiry
      expect(typeOf(ours[key]), key).toBe(typeOf(value));
    }
  });
});
