/**
 * What every route handler works with: the store, the clock, the responder, and what the request hooks
 * (`plugins/`) read once per request (query, presentation, the authenticated key).
 */
import type { Link } from '@dbkit/core';
import type { FastifyRequest } from 'fastify';
import type { AgentSettings } from '../agents.js';
import type { Clock } from '../clock.js';
import type { Store } from '../store/store.js';
import type { ParsedRevision } from './parsedRevision.js';
import type { Presentation, Responder } from './respond.js';

export type RequestState = {
  readonly startedAt: number;
  query: Record<string, string>;
  presentation: Presentation;
  publicKey?: string;
  /** The project of the authenticated key: the only one it may read. */
  keyGroupId?: string;
  authFailure?: string;
  /** Where the answer goes in the response cache, when it may be cached. */
  cacheKey?: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    dbkit: RequestState;
  }
}

export type RouteContext = {
  readonly store: Store;
  readonly clock: Clock;
  readonly respond: Responder;
  /** How the simulated agents behave. */
  readonly agents: AgentSettings;
  /** The last stored automation config parsed, shared by the routes that read it. */
  readonly configs: ParsedRevision;
};

/** The scheme, host and port the client used: the origin of every link the service writes. */
export function originOf(request: FastifyRequest): string {
  const host = request.headers.host;
  const safeHost = host !== undefined && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? host : 'localhost';
  return `${request.protocol}://${safeHost}`;
}

/** The request's own URL, absolute: the base of a list's `self`, `next` and `previous` links. */
export function selfUrl(request: FastifyRequest): string {
  return `${originOf(request)}${request.url}`;
}

/** A stored resource with its relative links made absolute for this request's origin. */
export function withOrigin<T extends { readonly links: readonly Link[] }>(resource: T, origin: string): T {
  return {
    ...resource,
    links: resource.links.map((link) => (link.href.startsWith('/') ? { ...link, href: origin + link.href } : link)),
  };
}

/** Newest first, by `created.date` or `created`, then by id for a stable order across pages. */
export function newestFirst<T extends { readonly id: string }>(items: readonly T[], created: (item: T) => string): T[] {
  return [...items].sort((a, b) => {
    // Plain code-unit order: ISO 8601 UTC times and hex ids sort correctly without the cost of localeCompare.
    const [x, y] = [created(a), created(b)];
    if (x !== y) return x < y ? 1 : -1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
