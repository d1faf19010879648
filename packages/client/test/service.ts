/**
 * The real service for the client's tests, in process on a free loopback port: the only place the client's tests
 * reach into `@dbkit/server` (a devDependency, never shipped).
 */
import { Clock, createServer, type DbkitServer, type ServiceState, seedState } from '@dbkit/server';

export { type DbkitServer, type ServiceState, seedState };

/** The seeded data's time. */
export const T0 = Date.parse('2026-06-01T12:00:00Z');

/**
 * Starts the service on `initialState`: its clock frozen at {@link T0}, or, with `agentStepMs`, running on real time
 * so that its simulated agents converge while a test waits.
 */
export async function serve(
  initialState: ServiceState,
  options: { readonly agentStepMs?: number } = {},
): Promise<{ server: DbkitServer; url: string }> {
  const clock = new Clock();
  clock.set(T0);
  clock.freeze(options.agentStepMs === undefined);
  const agents =
    options.agentStepMs === undefined ? {} : { agents: { stepMs: options.agentStepMs, hostDownDelaysMinutes: [5] } };
  const server = createServer({ initialState, admin: true, clock, sweepIntervalMs: 0, warn: () => {}, ...agents });
  return { server, url: await server.listen(0) };
}
