// Bodies are sent as bytes: fastify would append "; charset=utf-8" to the spec's `Content-Type: application/json`
// for a string.
/**
 * Writing responses as the spec says: JSON, compact or `pretty`, wrapped when `envelope` is asked for, with the
 * versioning headers on every response (`X-DB-Service-Version`, `Strict-Transport-Security: max-age=300`,
 * `Vary: Accept-Encoding`), the real service's error body, and core's 401 with the Digest challenge.
 */
import {
  type ApiErrorBody,
  apiError,
  type ErrorCode,
  type ErrorParameters,
  envelope,
  type ListResponse,
  listEnvelope,
  type ServiceVersion,
  serializeBody,
  serviceVersionHeader,
} from '@dbkit/core';
import { unauthorizedResponse } from '@dbkit/core/digest';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The common query parameters of every endpoint, read once per request. */
export type Presentation = { readonly pretty: boolean; readonly envelope: boolean };

/** The query string of a request as single values (the first, when a parameter is repeated). */
export function queryOf(request: FastifyRequest): Record<string, string> {
  const at = request.url.indexOf('?');
  const query: Record<string, string> = {};
  if (at === -1) return query;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(request.url.slice(at + 1));
  } catch {
    return query;
  }
  for (const [key, value] of params) if (!Object.hasOwn(query, key)) query[key] = value;
  return query;
}

export class Responder {
  constructor(private readonly version: ServiceVersion) {}

  private common(reply: FastifyReply): FastifyReply {
    return reply
      .header('X-DB-Service-Version', serviceVersionHeader(this.version))
      .header('Strict-Transport-Security', 'max-age=300')
      .header('Vary', 'Accept-Encoding');
  }

  private write(reply: FastifyReply, status: number, body: unknown, presentation: Presentation): FastifyReply {
    return this.common(reply)
      .code(status)
      .header('Content-Type', 'application/json')
      .send(Buffer.from(serializeBody(body, { pretty: presentation.pretty })));
  }

  /** 200 with one resource; with `envelope`, `{status, content}`. */
  one(reply: FastifyReply, body: unknown, presentation: Presentation): FastifyReply {
    return this.write(reply, 200, presentation.envelope ? envelope(200, body) : body, presentation);
  }

  /** 200 with a JSON text sent exactly as given. */
  raw(reply: FastifyReply, text: string): FastifyReply {
    return this.common(reply).code(200).header('Content-Type', 'application/json').send(Buffer.from(text));
  }

  /**
   * 200 with a list page; with `envelope`, the page plus `status` (docs/decisions/core-model.md, "The list envelope
   * is flat").
   */
  list<T>(reply: FastifyReply, page: ListResponse<T>, presentation: Presentation): FastifyReply {
    return this.write(reply, 200, presentation.envelope ? listEnvelope(200, page) : page, presentation);
  }

  /** An error body (the real service's shape), with `X-Error-Code` as the real service sends it. */
  error(reply: FastifyReply, body: ApiErrorBody, presentation: Presentation = PLAIN): FastifyReply {
    reply.header('X-Error-Code', body.errorCode);
    return this.write(reply, body.error, presentation.envelope ? envelope(body.error, body) : body, presentation);
  }

  /** The error of `code`, presented as the request asked (pretty, envelope). */
  fail<C extends ErrorCode>(reply: FastifyReply, code: C, parameters: ErrorParameters<C>, hint?: string) {
    const body = apiError(code, parameters, hint === undefined ? {} : { hint });
    return this.error(reply, body, reply.request.dbkit?.presentation ?? PLAIN);
  }

  /** The spec's 401: core's challenge, content type, Date, Content-Length, Connection and the real body. */
  unauthorized(
    reply: FastifyReply,
    options: { realm: string; nonce: string; stale: boolean; now: number; specLiteral: boolean },
  ) {
    const response = unauthorizedResponse({
      realm: options.realm,
      nonce: options.nonce,
      stale: options.stale,
      now: options.now,
      style: options.specLiteral ? 'spec-literal' : 'interoperable',
    });
    reply.code(401);
    for (const [name, value] of Object.entries(response.headers)) {
      // Node owns the framing headers; it writes the same values for this fixed body.
      if (name !== 'Content-Length' && name !== 'Connection' && name !== 'Date') reply.header(name, value);
    }
    return this.common(reply).send(Buffer.from(response.body));
  }
}

export const PLAIN: Presentation = { pretty: false, envelope: false };
