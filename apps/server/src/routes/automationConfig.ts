/**
 * GET and PUT /groups/{PROJECT-ID}/automationConfig (not in the spec; the real service has them, domain.md §9).
 * PUT validates with core's `validateAutomationConfig` and refuses a document with errors (400, with the same codes
 * and paths an editor shows), refuses an unsafe transition from the stored revision (core's `planTransition`; 400
 * unless `?allowUnsafeTransition=true`), keeps unknown fields (the exact text is stored), and accepts only a
 * `version` higher than the stored one: a stale write gets 409 and nothing stored changes. GET returns exactly what
 * was stored.
 */
import {
  type AutomationConfigErrorBody,
  apiError,
  formatJsonPath,
  type Plan,
  planTransition,
  validateAutomationConfig,
} from '@dbkit/core';
import type { FastifyInstance } from 'fastify';
import { reviseAgents } from '../agents.js';
import type { RouteContext } from '../http/context.js';
import type { StoredAutomationConfig } from '../state.js';
import { bodyText, readJsonBody } from './body.js';

type Params = { groupId: string };

/** The 400 body for a document with errors: the error body plus every error and warning, as an editor lists them. */
export function invalidConfigBody(document: unknown): AutomationConfigErrorBody | undefined {
  const diagnostics = validateAutomationConfig(document).filter((d) => d.severity !== 'info');
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const [first] = errors;
  if (first === undefined) return undefined;
  return {
    ...apiError('AUTOMATION_CONFIG_INVALID', [errors.length, formatJsonPath(first.path), first.message], {
      hint: 'Fix the errors listed in diagnostics (dbkit validate shows the same) and PUT again.',
    }),
    diagnostics: diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      path: formatJsonPath(d.path),
      message: d.message,
    })),
  };
}

/**
 * The 400 body for a transition from the stored revision that core's `planTransition` calls unsafe (an error), with
 * every error and warning of the plan. Version codes are left to the store's compare-and-set (409), which is the
 * authority on concurrent writes.
 */
export function unsafeTransitionBody(
  stored: StoredAutomationConfig,
  plan: Plan,
): AutomationConfigErrorBody | undefined {
  const diagnostics = plan.diagnostics.filter((d) => d.severity !== 'info' && !VERSION_CODES.has(d.code));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const [first] = errors;
  if (first === undefined) return undefined;
  return {
    ...apiError('AUTOMATION_CONFIG_UNSAFE_TRANSITION', [stored.version, errors.length, first.message], {
      hint: 'Make the change in smaller revisions, as the diagnostics say, or add ?allowUnsafeTransition=true to PUT it anyway.',
    }),
    diagnostics: diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      path: formatJsonPath(d.path),
      message: d.message,
      document: d.document,
    })),
  };
}

/** The plan's version codes: the store's compare-and-set answers those (409). */
const VERSION_CODES: ReadonlySet<string> = new Set(['DBK601', 'DBK602']);

export function registerAutomationConfig(app: FastifyInstance, base: string, ctx: RouteContext): void {
  const path = `${base}/groups/:groupId/automationConfig`;
  const revisions = ctx.configs;

  app.get<{ Params: Params }>(path, async (request, reply) => {
    const { presentation } = request.dbkit;
    const stored = await ctx.store.getAutomationConfig(request.params.groupId);
    if (stored === undefined) return ctx.respond.fail(reply, 'GROUP_NOT_FOUND', [request.params.groupId]);
    if (!presentation.pretty && !presentation.envelope) {
      // Byte for byte what was stored: unknown fields, key order and number spellings (1.0) are kept.
      return ctx.respond.raw(reply, stored.text);
    }
    return ctx.respond.one(reply, JSON.parse(stored.text) as unknown, presentation);
  });

  app.put<{ Params: Params }>(path, async (request, reply) => {
    const { presentation } = request.dbkit;
    // Parsed against the last revision: the members the client did not change are not parsed again.
    const body = readJsonBody(request.body, (text) => revisions.parseBody(text));
    if (!body.ok) return ctx.respond.error(reply, body.error, presentation);
    const document = body.value;
    if (document === null || typeof document !== 'object' || Array.isArray(document)) {
      return ctx.respond.fail(reply, 'INVALID_JSON', [], 'The automation configuration is a JSON object.');
    }
    const invalid = invalidConfigBody(document);
    if (invalid !== undefined) return ctx.respond.error(reply, invalid, presentation);
    const version = (document as { version: number }).version;
    const { groupId } = request.params;
    // The plan from the stored revision, made once: for the unsafe check, and for the agents' moves when the
    // revision the store replaces is still that one.
    let checked: { readonly stored: StoredAutomationConfig; readonly plan: Plan } | undefined;
    if (request.dbkit.query.allowUnsafeTransition !== 'true') {
      const stored = await ctx.store.getAutomationConfig(groupId);
      const previous = stored && revisions.get(groupId, stored);
      if (stored && previous) {
        checked = { stored, plan: planTransition(previous.document, document) };
        const unsafe = unsafeTransitionBody(stored, checked.plan);
        if (unsafe !== undefined) return ctx.respond.error(reply, unsafe, presentation);
      }
    }
    const revision = { version, text: bodyText(request.body) };
    const acceptedAt = ctx.clock.now();
    const outcome = await ctx.store.putAutomationConfig(groupId, revision, (previous) => {
      const same = checked?.stored.version === previous.version && checked.stored.text === previous.text;
      return reviseAgents(
        { config: previous, document: revisions.get(groupId, previous)?.document },
        { version, document },
        acceptedAt,
        same ? checked?.plan : undefined,
      );
    });
    if (!outcome.ok) {
      const next = outcome.current.version + 1;
      return ctx.respond.fail(
        reply,
        'AUTOMATION_CONFIG_CONCURRENT_MODIFICATION',
        [],
        `The stored configuration is at version ${outcome.current.version} and this one says ${version}: GET the current one, apply your change to it and PUT it with version ${next}. Nothing was changed.`,
      );
    }
    revisions.remember(groupId, revision, document);
    // The real service answers an accepted PUT with an empty object (domain.md §9).
    return ctx.respond.one(reply, {}, presentation);
  });
}
