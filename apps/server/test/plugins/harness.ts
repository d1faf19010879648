/**
 * Test support for the plugins: a fastify instance with `requestState` and only the plugins a test registers, a
 * dummy route or two, on a loopback port, so each test sees what a client of that plugin alone would see.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { MemoryReplayGuard, NonceMinter } from '../../src/auth/nonces.js';
import { Clock } from '../../src/clock.js';
import { Responder } from '../../src/http/respond.js';
import type { DigestSettings } from '../../src/plugins/authentication.js';
import { requestState } from '../../src/plugins/requestState.js';
import { T0 } from '../helpers.js';

export const respond = new Responder({ gitHash: 'a'.repeat(40), versionString: 'dbkit-test' });

export type Served = { readonly url: string; close(): Promise<void> };

/** Starts an instance with `requestState`, then whatever `setup` registers. */
export async function serve(
  setup: (app: FastifyInstance) => void,
  options: Pick<FastifyServerOptions, 'bodyLimit' | 'frameworkErrors'> = {},
): Promise<Served> {
  const app = Fastify({ logger: false, ...options });
  app.register(requestState);
  setup(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** Two projects with one key each: `PUB1:secret1` serves `g1`, `PUB2:secret2` serves `g2`. */
export const KEYS: Readonly<Record<string, { privateKey: string; groupId: string }>> = {
  PUB1: { privateKey: 'secret1', groupId: 'g1' },
  PUB2: { privateKey: 'secret2', groupId: 'g2' },
};

/** Digest settings over {@link KEYS}, on a clock frozen at the seed's time. */
export function digestSettings(): DigestSettings {
  const clock = new Clock();
  clock.set(T0);
  clock.freeze(true);
  return {
    realm: 'dbkit',
    minter: new NonceMinter(Buffer.from('plugin tests'), 'dbkit'),
    replay: new MemoryReplayGuard(),
    findKey: async (publicKey) => (Object.hasOwn(KEYS, publicKey) ? KEYS[publicKey] : undefined),
    specLiteral: false,
    clock,
  };
}
