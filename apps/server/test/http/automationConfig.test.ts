/**
 * GET/PUT of the automation config over real HTTP: validation with core (the editor's codes and paths), the exact
 * text kept (unknown fields, number spellings), version compare-and-set (409, nothing lost), body limits.
 */
import { readFileSync } from 'node:fs';
import { formatJsonPath, planTransition, validateAutomationConfig } from '@dbkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_CONFIG_VERSION } from '../../src/seed.js';
import { DigestClient, type Running, start } from '../helpers.js';

const example = readFileSync(
  new URL('../../../../examples/automation/replica-set.automation.json', import.meta.url),
  'utf8',
);
const broken = readFileSync(
  new URL('../../../../examples/automation/mistakes/broken.automation.json', import.meta.url),
  'utf8',
);

let service: Running;
let client: DigestClient;
beforeAll(async () => {
  service = await start();
  client = new DigestClient(service.credentials);
});
afterAll(() => service.close());

const url = () => `${service.api}/groups/${service.project.id}/automationConfig`;
const put = (body: string, target = url()) =>
  client.request(target, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body });
/** The example with `version` set, keeping the rest of the text byte for byte. */
const withVersion = (text: string, version: number) => text.replace(/"version": \d+/, `"version": ${version}`);

describe('automation config', () => {
  it('starts as the seeded deployment, exactly as seeded: the replica sets and clusters the snapshots name', async () => {
    const response = await client.request(url());
    expect([response.status, response.text]).toEqual([200, service.project.automationConfig.text]);
    const config = response.json<{ version: number; replicaSets: { _id: string }[]; sharding: { name: string }[] }>();
    expect(config.version).toBe(SEEDED_CONFIG_VERSION);
    const names = [...config.replicaSets.map((rs) => rs._id), ...config.sharding.map((s) => s.name)];
    expect(names).toEqual(expect.arrayContaining(Object.values(service.project.clusters).map((c) => c.name)));
  });

  it('PUT of a valid document answers {} and GET returns exactly the bytes sent (unknown fields, 1.0 kept) [spec:automation-config-endpoints] [spec:unknown-fields]', async () => {
    const text = withVersion(example, SEEDED_CONFIG_VERSION + 1)
      .replace('"priority": 1,', '"priority": 1.0,')
      .replace('{', '{\n  "unknownFieldOne": {"kept": true},');
    expect(JSON.parse(text)).toHaveProperty('unknownFieldOne');
    const response = await put(text);
    expect([response.status, response.text]).toEqual([200, '{}']);
    const read = await client.request(url());
    expect(read.text).toBe(text);
    expect(read.headers.get('content-type')).toBe('application/json');
  });

  it('refuses a document with errors: 400 with the codes and paths dbkit validate and the editor show; nothing stored [spec:doc-validated]', async () => {
    const before = (await client.request(url())).text;
    const document = JSON.parse(withVersion(broken, 99)) as unknown;
    const response = await put(JSON.stringify(document));
    expect(response.status).toBe(400);
    const body = response.json<{
      errorCode: string;
      diagnostics: { code: string; path: string; severity: string }[];
    }>();
    expect(body.errorCode).toBe('AUTOMATION_CONFIG_INVALID');
    const expected = validateAutomationConfig(document)
      .filter((d) => d.severity !== 'info')
      .map((d) => `${d.severity} ${d.code} ${formatJsonPath(d.path)}`);
    expect(body.diagnostics.map((d) => `${d.severity} ${d.code} ${d.path}`)).toEqual(expected);
    expect(expected.filter((line) => line.startsWith('error')).length).toBeGreaterThan(3);
    expect((await client.request(url())).text).toBe(before);
  });

  it('never echoes a secret of the refused document [spec:secret-fields]', async () => {
    const document = JSON.parse(withVersion(broken, 98)) as { auth?: Record<string, unknown> };
    const secret = 'S3cr3t-autoPwd-value-1234';
    document.auth = { ...(document.auth ?? {}), autoPwd: secret, key: 'k3y-contents-0987654321' };
    const response = await put(JSON.stringify(document));
    expect(response.status).toBe(400);
    expect(response.text).not.toContain(secret);
    expect(response.text).not.toContain('k3y-contents-0987654321');
  });

  it('a version not higher than the stored one gets 409 and the stored document is untouched [spec:automation-config-endpoints] [spec:doc-version-revision]', async () => {
    const stored = (await client.request(url())).text;
    const at = SEEDED_CONFIG_VERSION + 1;
    for (const version of [at, 0]) {
      const response = await put(withVersion(example, version));
      expect(response.status).toBe(409);
      expect(response.json()).toMatchObject({ errorCode: 'AUTOMATION_CONFIG_CONCURRENT_MODIFICATION', error: 409 });
      expect(response.json<{ detail: string }>().detail).toMatch(
        new RegExp(`stored configuration is at version ${at} .* version ${at + 1}`),
      );
    }
    expect((await client.request(url())).text).toBe(stored);
  });

  it('parallel PUTs with the same version: exactly one wins, the others get 409 [spec:doc-version-revision]', async () => {
    const texts = Array.from({ length: 12 }, (_, i) =>
      withVersion(example, SEEDED_CONFIG_VERSION + 2).replace('"downloadBase"', `"x${i}": ${i}, "downloadBase"`),
    );
    const clients = texts.map(() => new DigestClient(service.credentials));
    const responses = await Promise.all(
      texts.map((text, i) =>
        clients[i]?.request(url(), { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: text }),
      ),
    );
    const statuses = responses.map((r) => r?.status).sort();
    expect(statuses).toEqual([200, ...Array(11).fill(409)]);
    const winner = texts[responses.findIndex((r) => r?.status === 200)];
    expect((await client.request(url())).text).toBe(winner);
  });

  it('refuses an unsafe transition from the stored revision (the plan errors), unless allowUnsafeTransition=true', async () => {
    const stored = JSON.parse((await client.request(url())).text) as { version: number };
    const from = JSON.parse(withVersion(example, stored.version + 1)) as { replicaSets: { members: unknown[] }[] };
    expect((await put(JSON.stringify(from))).status).toBe(200);
    const to = structuredClone(from);
    to.replicaSets[0]?.members.splice(1);
    const next = JSON.stringify({ ...to, version: stored.version + 2 });
    const expected = planTransition(from, JSON.parse(next))
      .diagnostics.filter((d) => d.severity !== 'info' && d.code !== 'DBK602')
      .map((d) => `${d.severity} ${d.code} ${d.document} ${formatJsonPath(d.path)}`);
    expect(expected.some((line) => line.startsWith('error DBK611'))).toBe(true);
    const refused = await put(next);
    expect(refused.status).toBe(400);
    const body = refused.json<{
      errorCode: string;
      diagnostics: { code: string; severity: string; document: string; path: string }[];
    }>();
    expect(body.errorCode).toBe('AUTOMATION_CONFIG_UNSAFE_TRANSITION');
    expect(body.diagnostics.map((d) => `${d.severity} ${d.code} ${d.document} ${d.path}`)).toEqual(expected);
    expect(JSON.parse((await client.request(url())).text)).toEqual(from);
    const forced = await put(next, `${url()}?allowUnsafeTransition=true`);
    expect(forced.status).toBe(200);
    expect((await client.request(url())).text).toBe(next);
  });

  it.for([
    ['not JSON', '{"version": ', 'INVALID_JSON'],
    ['an array', '[1]', 'INVALID_JSON'],
    ['an empty body', '', 'INVALID_JSON'],
    [
      'a document without version [spec:doc-version]',
      '{"options": {"downloadBase": "/x"}, "dbVersions": [], "processes": []}',
      'AUTOMATION_CONFIG_INVALID',
    ],
  ] as const)('answers 400 and its error code to %s', async ([, body, code]) => {
    const response = await put(body);
    expect([response.status, response.json<{ errorCode: string }>().errorCode]).toEqual([400, code]);
  });

  it('accepts a body up to the limit and answers 413 beyond it', async () => {
    const small = await start({ bodyLimit: 8192 });
    try {
      const smallClient = new DigestClient(small.credentials);
      const target = `${small.api}/groups/${small.project.id}/automationConfig`;
      const fits = withVersion(example, SEEDED_CONFIG_VERSION + 1);
      expect(Buffer.byteLength(fits)).toBeLessThan(8192);
      const ok = await smallClient.request(target, {
        method: 'PUT',
        body: fits,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(ok.status).toBe(200);
      const tooBig = await smallClient.request(target, {
        method: 'PUT',
        body: fits.replace('{', `{"padding": "${'x'.repeat(5000)}",`),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(tooBig.status).toBe(413);
      expect(tooBig.json()).toMatchObject({ errorCode: 'REQUEST_BODY_TOO_LARGE', parameters: [8192] });
    } finally {
      await small.close();
    }
  });
});
