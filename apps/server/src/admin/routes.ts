/**
 * The admin API under `/__dbkit/`, off unless enabled (`--admin`): reset to the seed, move the clock, run the
 * expiry sweep, inject latency and faults, make a process's agent stuck, read the request log and the keys. For tests and demos on loopback; it
 * has no authentication of its own, so never enable it on a shared network.
 */
import { parseTimestamp } from '@dbkit/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withFault, withoutFault } from '../agents.js';
import type { Clock } from '../clock.js';
import { rootPlugin } from '../plugins/rootPlugin.js';
import type { ServiceState } from '../state.js';
import type { Store } from '../store/store.js';
import { type Faults, parseFaults } from './faults.js';
import type { RequestLog } from './requestLog.js';

export type AdminContext = {
  readonly store: Store;
  readonly clock: Clock;
  readonly faults: Faults;
  readonly log: RequestLog;
  /** The seed state `reset` returns to. */
  readonly seed: () => ServiceState;
  /** Deletes the snapshots whose expiry has passed; returns how many. */
  readonly sweep: () => Promise<number>;
};

function json(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'application/json')
    .send(JSON.stringify(body, null, 2));
}

function bad(reply: FastifyReply, message: string): FastifyReply {
  return json(reply, 400, { error: 400, reason: 'Bad Request', detail: message });
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string' || body.trim() === '') return {};
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The admin routes, registered by `createServer()` only with `admin: true`. */
export const adminApi = rootPlugin<AdminContext>({ name: 'dbkit-admin' }, (app, ctx) => {
  registerOverview(app, ctx);
  registerReset(app, ctx);
  registerClock(app, ctx);
  registerFaults(app, ctx);
  registerRequestLog(app, ctx);
  registerAgentFaults(app, ctx);
  registerStateExport(app, ctx);
});

const clockState = (clock: Clock) => ({ now: new Date(clock.now()).toISOString(), frozen: clock.frozen });

/** `GET /__dbkit/`: the store, the clock, the faults, and each project in brief (its keys, ids and counts). */
function registerOverview(app: FastifyInstance, ctx: AdminContext): void {
  app.get('/__dbkit/', async (_request, reply) => {
    const state = await ctx.store.exportState();
    const projects = Object.values(state.groups).map((group) => ({
      id: group.id,
      name: group.name,
      keys: group.keys,
      clusters: Object.values(group.clusters).map((c) => ({
        id: c.id,
        name: c.name,
        snapshots: Object.keys(c.snapshots).length,
      })),
      hosts: Object.values(group.hosts).map((h) => ({ id: h.id, hostname: h.hostname })),
      alerts: Object.keys(group.alerts).length,
      automationConfigVersion: group.automationConfig.version,
    }));
    return json(reply, 200, {
      store: ctx.store.description,
      clock: clockState(ctx.clock),
      faults: ctx.faults.current,
      projects,
    });
  });
}

/** `POST /__dbkit/reset`: back to the seed state, without faults. */
function registerReset(app: FastifyInstance, ctx: AdminContext): void {
  app.post('/__dbkit/reset', async (_request, reply) => {
    await ctx.store.reset(ctx.seed());
    ctx.faults.set({ latencyMs: 0, rules: [] });
    return json(reply, 200, { reset: true });
  });
}

/** `/__dbkit/clock`: read, set, move or freeze the clock (then sweep); `POST /__dbkit/sweep`: the sweep alone. */
function registerClock(app: FastifyInstance, ctx: AdminContext): void {
  app.get('/__dbkit/clock', async (_request, reply) => json(reply, 200, clockState(ctx.clock)));

  app.post('/__dbkit/clock', async (request, reply) => {
    const body = parseBody(request.body) as { set?: unknown; advanceMs?: unknown; freeze?: unknown } | undefined;
    if (body === undefined || body === null || typeof body !== 'object') {
      return bad(
        reply,
        'Send a JSON object: {"set": "2026-01-01T00:00:00Z"}, {"advanceMs": 3600000} or {"freeze": true}.',
      );
    }
    if (body.set !== undefined) {
      const at = typeof body.set === 'string' ? parseTimestamp(body.set) : undefined;
      if (at === undefined) return bad(reply, 'set must be an ISO 8601 time with a zone, e.g. "2026-01-01T00:00:00Z".');
      ctx.clock.set(at);
    }
    if (body.advanceMs !== undefined) {
      if (typeof body.advanceMs !== 'number' || !Number.isFinite(body.advanceMs)) {
        return bad(reply, 'advanceMs must be a number of milliseconds (negative moves the clock back).');
      }
      ctx.clock.advance(body.advanceMs);
    }
    if (body.freeze !== undefined) {
      if (typeof body.freeze !== 'boolean') return bad(reply, 'freeze must be true or false.');
      ctx.clock.freeze(body.freeze);
    }
    const swept = await ctx.sweep();
    return json(reply, 200, { ...clockState(ctx.clock), swept });
  });

  app.post('/__dbkit/sweep', async (_request, reply) => json(reply, 200, { swept: await ctx.sweep() }));
}

/** `/__dbkit/faults`: the injected latency and faults, read, set or cleared. */
function registerFaults(app: FastifyInstance, ctx: AdminContext): void {
  app.get('/__dbkit/faults', async (_request, reply) => json(reply, 200, ctx.faults.current));
  app.put('/__dbkit/faults', async (request, reply) => {
    const parsed = parseFaults(parseBody(request.body));
    if (!parsed.ok) return bad(reply, parsed.message);
    ctx.faults.set(parsed.value);
    return json(reply, 200, parsed.value);
  });
  app.delete('/__dbkit/faults', async (_request, reply) => {
    ctx.faults.set({ latencyMs: 0, rules: [] });
    return json(reply, 200, ctx.faults.current);
  });
}

/** `/__dbkit/requests`: the request log, read or cleared. */
function registerRequestLog(app: FastifyInstance, ctx: AdminContext): void {
  app.get('/__dbkit/requests', async (_request, reply) => json(reply, 200, ctx.log.list()));
  app.delete('/__dbkit/requests', async (_request, reply) => {
    ctx.log.clear();
    return json(reply, 200, []);
  });
}

type AgentParams = { Params: { groupId: string; process: string } };

/**
 * `/__dbkit/agents/:groupId/:process/fault`: a process whose agent is stuck, as on a broken host: it reports the
 * error and makes no progress until cleared.
 */
function registerAgentFaults(app: FastifyInstance, ctx: AdminContext): void {
  const faultPath = '/__dbkit/agents/:groupId/:process/fault';

  app.post<AgentParams>(faultPath, async (request, reply) => {
    const { groupId, process } = request.params;
    const body = parseBody(request.body) as { errorCode?: unknown; errorString?: unknown } | undefined;
    if (body === undefined || body === null || typeof body !== 'object') {
      return bad(
        reply,
        'Send a JSON object: {"errorCode": 1, "errorString": "the host does not answer"} (both optional).',
      );
    }
    const errorCode = body.errorCode ?? 1;
    if (typeof errorCode !== 'number' || !Number.isInteger(errorCode) || errorCode === 0) {
      return bad(reply, 'errorCode must be a non-zero integer (the agent reports 0 for no error).');
    }
    const errorString = body.errorString ?? `The agent of ${process} cannot reach its process (injected).`;
    if (typeof errorString !== 'string') return bad(reply, 'errorString must be a string.');
    const fault = { process, errorCode, errorString };
    const at = ctx.clock.now();
    const found = await ctx.store.updateAgents(groupId, (agents) => withFault(agents, fault, at));
    if (!found) return json(reply, 404, { error: 404, reason: 'Not Found', detail: `No project ${groupId}.` });
    return json(reply, 200, { ...fault, from: new Date(at).toISOString() });
  });

  app.delete<AgentParams>(faultPath, async (request, reply) => {
    const { groupId, process } = request.params;
    const at = ctx.clock.now();
    const found = await ctx.store.updateAgents(groupId, (agents) => withoutFault(agents, process, at));
    if (!found) return json(reply, 404, { error: 404, reason: 'Not Found', detail: `No project ${groupId}.` });
    return json(reply, 200, { process, cleared: new Date(at).toISOString() });
  });
}

/** `GET /__dbkit/state`: the whole state, as the store exports it. */
function registerStateExport(app: FastifyInstance, ctx: AdminContext): void {
  app.get('/__dbkit/state', async (_request, reply) => json(reply, 200, await ctx.store.exportState()));
}
