/**
 * A key serves its own project: any other project in the path, existing or not, is 401 `NOT_IN_GROUP` with a fresh
 * challenge, and the route is never reached.
 */
import { parseDigestChallenge } from '@dbkit/core/digest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authentication, freshChallenge } from '../../src/plugins/authentication.js';
import { projectScope } from '../../src/plugins/projectScope.js';
import { DigestClient } from '../helpers.js';
import { digestSettings, respond, type Served, serve } from './harness.js';

const digest = digestSettings();
let served: Served;
let reached = 0;
beforeAll(async () => {
  served = await serve((app) => {
    app.register(authentication, { ...digest, apiPrefix: '/api/', respond });
    app.register(projectScope, { apiPrefix: '/api/', respond, challenge: () => freshChallenge(digest) });
    const handler = async () => {
      reached++;
      return { reached: true };
    };
    app.get('/api/groups/:groupId/things', handler);
    app.get('/api/things', handler);
  });
});
afterAll(() => served.close());

describe('projectScope', () => {
  it.for([
    ["the key's own project", '/api/groups/g1/things', 200],
    ['a path without a project', '/api/things', 200],
    ['another existing project', '/api/groups/g2/things', 401],
    ['a project that does not exist', '/api/groups/000000000000000000000000/things', 401],
  ] as const)('%s: %i', async ([, path, status]) => {
    reached = 0;
    const response = await new DigestClient('PUB1:secret1').request(`${served.url}${path}`);
    expect(response.status).toBe(status);
    expect(reached).toBe(status === 200 ? 1 : 0);
    if (status === 200) return;
    const project = path.split('/')[3];
    expect(response.json()).toEqual({
      detail: expect.stringContaining(`API key PUB1 is not a key of project ${project}`),
      error: 401,
      errorCode: 'NOT_IN_GROUP',
      parameters: [],
      reason: 'Unauthorized',
    });
    // The credentials were right: a fresh challenge, not stale, so a client does not retry blindly.
    const challenge = parseDigestChallenge(response.headers.get('www-authenticate'));
    expect(challenge.ok && challenge.value.stale).toBe(false);
  });
});
