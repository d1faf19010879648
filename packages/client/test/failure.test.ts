/** describeFailure over the errors real calls throw: refused, wrong keys, no service, not the service. */
import { createServer as createHttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, describeFailure } from '../src/index.js';
import { type DbkitServer, seedState, serve, T0 } from './service.js';

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
  return describeFailure(error, baseUrl);
};

describe('describeFailure', () => {
  it('a refusal: the service’s code, status and detail', async () => {
    const failure = await failureOf(url, (c) => c.alerts.get(group, '0123456789abcdef01234567'));
    expect(failure).toEqual({
      kind: 'refused',
      message: expect.stringMatching(
        /^the service refused: RESOURCE_NOT_FOUND \(HTTP 404\): Cannot find resource Alert with id 0123456789abcdef01234567\./,
      ),
    });
  });

  it('a wrong private key is unauthorized, and never in the message', async () => {
    const failure = await failureOf(url, (c) => c.automation.status(group), 'not-the-key-0000');
    expect(failure?.kind).toBe('unauthorized');
    expect(failure?.message).not.toContain('not-the-key-0000');
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
      message: `cannot reach http://127.0.0.1:${port} (ECONNREFUSED): is the service running?`,
    });
  });

  it('something else answering: not-json', async () => {
    const other = createHttpServer((_request, response) => response.end('<html>hello</html>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    try {
      expect((await failureOf(base, (c) => c.automation.status(group)))?.kind).toBe('not-json');
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('not the client’s error: undefined', () => {
    expect(describeFailure(new TypeError('bug'), url)).toBeUndefined();
  });
});
