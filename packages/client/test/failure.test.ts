/**
 * describeFailure, as a person reads it: each kind as one sentence or two, each ending with one full stop, the next
 * step apart (`hint`), the status and error code apart (`reference`). The service's bodies are the real ones
 * (core's `apiError`, as the service sends them), and the errors real calls throw.
 */
import { createServer as createHttpServer } from 'node:http';
import { apiError } from '@dbkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClientFailure,
  closeSentence,
  createClient,
  DbkitApiError,
  DbkitTransportError,
  describeFailure,
} from '../src/index.js';
import { type DbkitServer, seedState, serve, T0 } from './service.js';

const BASE = 'http://127.0.0.1:8080';
const GROUP = '5e2211c17a3e5a48f5497de3';
const REQUEST = `GET ${BASE}/api/public/v1.0/groups/${GROUP}/automationConfig`;

const answered = (status: number, body: unknown) => new DbkitApiError(status, body, REQUEST);
const network = (code: string | undefined, message = 'fetch failed') =>
  new DbkitTransportError(`network failure (${code ?? message})`, 'network', REQUEST, {
    cause: Object.assign(new TypeError(message), code === undefined ? {} : { cause: { code } }),
  });

/** The real service's 401 to a wrong key pair (its detail ends with a full stop; its code says nothing). */
const WRONG_KEY = {
  error: 401,
  reason: 'Unauthorized',
  detail: 'You are not authorized for this resource.',
  errorCode: 'UNEXPECTED_ERROR',
};

describe('describeFailure, kind by kind', () => {
  const cases: readonly { name: string; error: unknown; groupId?: string; expected: ClientFailure }[] = [
    {
      name: 'a wrong key pair: the real 401 body, whose detail ends with a full stop',
      error: answered(401, WRONG_KEY),
      groupId: GROUP,
      expected: {
        kind: 'unauthorized',
        message: `The service rejected the key pair for project ${GROUP}.`,
        hint: 'Check the public and private key.',
        reference: 'HTTP 401',
      },
    },
    {
      name: 'a wrong key pair, the project not given',
      error: answered(401, WRONG_KEY),
      expected: {
        kind: 'unauthorized',
        message: 'The service rejected the key pair.',
        hint: 'Check the public and private key.',
        reference: 'HTTP 401',
      },
    },
    {
      name: 'a 401 with no body (a proxy in front of the service)',
      error: answered(401, ''),
      groupId: GROUP,
      expected: {
        kind: 'unauthorized',
        message: `The service rejected the key pair for project ${GROUP}.`,
        hint: 'Check the public and private key.',
        reference: 'HTTP 401',
      },
    },
    {
      name: 'a 401 USER_UNAUTHORIZED: the service’s reason is worth reading',
      error: answered(401, apiError('USER_UNAUTHORIZED', [])),
      groupId: GROUP,
      expected: {
        kind: 'unauthorized',
        message: `The service rejected the key pair for project ${GROUP}: Current user is not authorized to perform this action.`,
        hint: 'Check the public and private key.',
        reference: 'HTTP 401, USER_UNAUTHORIZED',
      },
    },
    {
      name: 'a 401 NOT_IN_GROUP: a key of another project',
      error: answered(401, apiError('NOT_IN_GROUP', [])),
      groupId: GROUP,
      expected: {
        kind: 'not-in-project',
        message: `The service refused the key pair for project ${GROUP}: The current user is not in the group, or the group does not exist.`,
        hint: 'Check the project id, and use a key pair of that project.',
        reference: 'HTTP 401, NOT_IN_GROUP',
      },
    },
    {
      name: 'a 400 INVALID_ATTRIBUTE',
      error: answered(400, apiError('INVALID_ATTRIBUTE', ['expires'])),
      expected: {
        kind: 'refused',
        message: 'The service refused the request: Invalid attribute expires specified.',
        reference: 'HTTP 400, INVALID_ATTRIBUTE',
      },
    },
    {
      name: 'a 404 SNAPSHOT_NOT_FOUND',
      error: answered(404, apiError('SNAPSHOT_NOT_FOUND', ['0123456789abcdef01234567', 'c1'])),
      expected: {
        kind: 'refused',
        message: 'The service could not find it: No snapshot with ID 0123456789abcdef01234567 exists for cluster c1.',
        reference: 'HTTP 404, SNAPSHOT_NOT_FOUND',
      },
    },
    {
      name: 'a 404 GROUP_NOT_FOUND',
      error: answered(404, apiError('GROUP_NOT_FOUND', [GROUP])),
      expected: {
        kind: 'refused',
        message: `The service could not find it: No group with ID ${GROUP} exists.`,
        reference: 'HTTP 404, GROUP_NOT_FOUND',
      },
    },
    {
      name: 'a 403 IP_ADDRESS_NOT_ON_ACCESS_LIST',
      error: answered(403, apiError('IP_ADDRESS_NOT_ON_ACCESS_LIST', ['10.0.0.7'])),
      expected: {
        kind: 'refused',
        message: 'The service does not allow this: IP address 10.0.0.7 is not allowed to access this resource.',
        reference: 'HTTP 403, IP_ADDRESS_NOT_ON_ACCESS_LIST',
      },
    },
    {
      name: 'a 409 SNAPSHOT_EXPIRY_PASSED',
      error: answered(409, apiError('SNAPSHOT_EXPIRY_PASSED', ['s1', '2026-05-01T00:00:00Z'])),
      expected: {
        kind: 'refused',
        message:
          'The service refused the change: The expiry of snapshot s1 passed at 2026-05-01T00:00:00Z and cannot be edited.',
        reference: 'HTTP 409, SNAPSHOT_EXPIRY_PASSED',
      },
    },
    {
      name: 'a 409 AUTOMATION_CONFIG_CONCURRENT_MODIFICATION, with the service’s hint',
      error: answered(
        409,
        apiError('AUTOMATION_CONFIG_CONCURRENT_MODIFICATION', [], { hint: 'The stored version is 4, not 2.' }),
      ),
      expected: {
        kind: 'refused',
        message:
          'The service refused the change: Another session or user already published changes. The stored version is 4, not 2.',
        reference: 'HTTP 409, AUTOMATION_CONFIG_CONCURRENT_MODIFICATION',
      },
    },
    {
      name: 'a 429 RATE_LIMITED',
      error: answered(429, apiError('RATE_LIMITED', ['/groups', 100, 1])),
      expected: {
        kind: 'refused',
        message: 'The service is limiting requests: Resource /groups is limited to 100 requests every 1 minutes.',
        hint: 'Wait a minute, then try again.',
        reference: 'HTTP 429, RATE_LIMITED',
      },
    },
    {
      name: 'a 500 UNEXPECTED_ERROR',
      error: answered(500, apiError('UNEXPECTED_ERROR', [])),
      expected: {
        kind: 'refused',
        message: 'The service failed: Unexpected error.',
        hint: "Try again; if it fails again, the service's log says why.",
        reference: 'HTTP 500, UNEXPECTED_ERROR',
      },
    },
    {
      name: 'a 503 whose detail has no full stop',
      error: answered(503, { ...apiError('UNEXPECTED_ERROR', []), error: 503, detail: 'Down for maintenance' }),
      expected: {
        kind: 'refused',
        message: 'The service is unavailable: Down for maintenance.',
        hint: 'Try again in a moment.',
        reference: 'HTTP 503, UNEXPECTED_ERROR',
      },
    },
    {
      name: 'an error body with no detail',
      error: answered(400, { error: 400, errorCode: 'INVALID_JSON', reason: 'Bad Request' }),
      expected: { kind: 'refused', message: 'The service refused the request.', reference: 'HTTP 400, INVALID_JSON' },
    },
    {
      name: 'a detail ending in spaces and doubled full stops',
      error: answered(400, { ...apiError('INVALID_JSON', []), detail: 'Received JSON does not match.. \n' }),
      expected: {
        kind: 'refused',
        message: 'The service refused the request: Received JSON does not match.',
        reference: 'HTTP 400, INVALID_JSON',
      },
    },
    {
      name: 'an HTML error page: not the service’s answer, and no HTML in the message',
      error: answered(404, `<html><body>${'<p>not the service</p>'.repeat(100)}</body></html>`),
      expected: {
        kind: 'not-json',
        message: `The answer from ${BASE} is not the service's: a "Not Found" page.`,
        hint: "Check that the address is the service's, without /api/public/v1.0.",
        reference: 'HTTP 404',
      },
    },
    {
      name: 'a gateway’s plain-text error: the service is down, in the gateway’s words cut short',
      error: answered(502, `upstream connect error ${'x'.repeat(400)}`),
      expected: {
        kind: 'unreachable',
        message: `The service at ${BASE} is unavailable: a "Bad Gateway" answer saying "upstream connect error ${'x'.repeat(97)}…".`,
        hint: 'Check that the service is running and that the address is right.',
        reference: 'HTTP 502',
      },
    },
    {
      name: 'nothing listening',
      error: network('ECONNREFUSED'),
      expected: {
        kind: 'unreachable',
        message: `Cannot reach the service at ${BASE}: the connection was refused.`,
        hint: 'Check that the service is running and that the address is right.',
        reference: 'ECONNREFUSED',
      },
    },
    {
      name: 'no such host',
      error: network('ENOTFOUND'),
      expected: {
        kind: 'unreachable',
        message: `Cannot reach the service at ${BASE}: no host has that name.`,
        hint: 'Check that the service is running and that the address is right.',
        reference: 'ENOTFOUND',
      },
    },
    {
      name: 'a network error without a code (a browser’s fetch)',
      error: network(undefined, 'Failed to fetch'),
      expected: {
        kind: 'unreachable',
        message: `Cannot reach the service at ${BASE}: Failed to fetch.`,
        hint: 'Check that the service is running and that the address is right.',
      },
    },
    {
      name: 'no answer in time',
      error: new DbkitTransportError('no answer within 30000 ms', 'timeout', REQUEST),
      expected: {
        kind: 'timeout',
        message: `The service at ${BASE} did not answer in time.`,
        hint: 'It may be overloaded: try again.',
      },
    },
    {
      name: 'cancelled',
      error: new DbkitTransportError('cancelled by the caller', 'aborted', REQUEST),
      expected: { kind: 'aborted', message: 'The request was cancelled.' },
    },
    {
      name: 'a 2xx that is not JSON',
      error: new SyntaxError('Unexpected token < in JSON at position 0'),
      expected: {
        kind: 'not-json',
        message: `The answer from ${BASE} is not the service's: it is not JSON.`,
        hint: "Check that the address is the service's, without /api/public/v1.0.",
      },
    },
  ];

  it.for(cases)('$name', ({ error, groupId, expected }) => {
    const failure = describeFailure(error, BASE, groupId === undefined ? {} : { groupId });
    expect(failure).toEqual(expected);
  });

  it.for(cases)('$name: sentences, one full stop at the end, no code in the words', ({ error, groupId }) => {
    const failure = describeFailure(error, BASE, groupId === undefined ? {} : { groupId });
    for (const text of [failure?.message, failure?.hint]) {
      if (text === undefined) continue;
      expect(text).toMatch(/^[A-Z].*[^.]\.$/s);
      expect(text).not.toMatch(/\.\.|\b[A-Z]+_[A-Z_]+\b|HTTP \d|dbkit:/);
    }
  });

  it('not the client’s error: undefined', () => {
    expect(describeFailure(new TypeError('bug'), BASE)).toBeUndefined();
  });
});

describe('describeFailure over real calls', () => {
  let server: DbkitServer;
  let url: string;
  let group: string;
  let keys: { publicKey: string; privateKey: string };
  beforeAll(async () => {
    const state = seedState(1, new Date(T0));
    const [project] = Object.values(state.groups);
    group = project?.id ?? '';
    keys = { publicKey: project?.keys[0]?.publicKey ?? '', privateKey: project?.keys[0]?.privateKey ?? '' };
    ({ server, url } = await serve(state));
  });
  afterAll(() => server.close());

  const failureOf = async (
    baseUrl: string,
    call: (client: ReturnType<typeof createClient>) => Promise<unknown>,
    privateKey = keys.privateKey,
  ) => {
    const client = createClient({
      baseUrl,
      publicKey: keys.publicKey,
      privateKey,
      retry: { retries: 0 },
      timeoutMs: 5000,
    });
    const error = await call(client).then(
      () => undefined,
      (e: unknown) => e,
    );
    return describeFailure(error, baseUrl, { groupId: group });
  };

  it('a wrong private key: the key pair rejected, and never in the message', async () => {
    const failure = await failureOf(url, (c) => c.automation.status(group), 'not-the-key-0000');
    expect(failure).toEqual({
      kind: 'unauthorized',
      message: `The service rejected the key pair for project ${group}.`,
      hint: 'Check the public and private key.',
      reference: 'HTTP 401',
    });
  });

  it('an unknown alert: the service’s words', async () => {
    const failure = await failureOf(url, (c) => c.alerts.get(group, '0123456789abcdef01234567'));
    expect(failure).toEqual({
      kind: 'refused',
      message:
        'The service could not find it: Cannot find resource Alert with id 0123456789abcdef01234567. List the project’s alerts for their ids.',
      reference: 'HTTP 404, RESOURCE_NOT_FOUND',
    });
  });

  it('no service: unreachable, naming the address', async () => {
    const closed = createHttpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise((resolve) => closed.close(resolve));
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const failure = await failureOf(`http://127.0.0.1:${port}`, (c) => c.automation.status(group));
    expect(failure).toEqual({
      kind: 'unreachable',
      message: `Cannot reach the service at http://127.0.0.1:${port}: the connection was refused.`,
      hint: 'Check that the service is running and that the address is right.',
      reference: 'ECONNREFUSED',
    });
  });

  it('something else answering: not-json', async () => {
    const other = createHttpServer((_request, response) => response.end('<html>hello</html>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    try {
      expect(await failureOf(base, (c) => c.automation.status(group))).toEqual({
        kind: 'not-json',
        message: `The answer from ${base} is not the service's: it is not JSON.`,
        hint: "Check that the address is the service's, without /api/public/v1.0.",
      });
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('closeSentence', () => {
  it.for([
    ['a text without a full stop gets one', 'Version 3 is stale', 'Version 3 is stale.'],
    ['one full stop stays one', 'Version 3 is stale.', 'Version 3 is stale.'],
    ['trailing stops, commas and spaces become one full stop', 'Version 3 is stale.. ;\n', 'Version 3 is stale.'],
    ['lines and runs of spaces become one line', 'Version 3\n  is   stale', 'Version 3 is stale.'],
    ['a question keeps its mark', 'Is the service running?', 'Is the service running?'],
    ['a cut text keeps its ellipsis', 'The service said: no such gr…', 'The service said: no such gr…'],
  ] as const)('%s', ([, text, closed]) => {
    expect(closeSentence(text)).toBe(closed);
  });
});
