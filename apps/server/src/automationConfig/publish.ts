/**
 * A PUT of a project's automation config without HTTP: the text parsed and validated with core, the transition from
 * the stored revision planned and refused when unsafe, then the store's compare-and-set with the agents' record
 * written in the same step. The route only turns the outcome into its answer.
 */
import {
  type ApiErrorBody,
  type AutomationConfigErrorBody,
  apiError,
  formatJsonPath,
  type Plan,
  planTransition,
  validateAutomationConfig,
} from '@dbkit/core';
import { reviseAgents } from '../agents.js';
import type { RouteContext } from '../http/context.js';
import { readJsonBody } from '../routes/body.js';
import type { StoredAutomationConfig } from '../state.js';
import type { PutOutcome } from '../store/store.js';

/** What a PUT works with: the store, the clock that dates the agents' revision, and the parsed revisions. */
export type PublishContext = Pick<RouteContext, 'store' | 'clock' | 'configs'>;

export type PutRevisionOptions = {
  /** Store the document even when the transition from the stored revision is unsafe (`?allowUnsafeTransition=true`). */
  readonly allowUnsafeTransition: boolean;
};

/** What became of a PUT; on every refusal nothing stored changed. */
export type PutRevisionOutcome =
  /** Not JSON, not an object, or a document with errors (400 `INVALID_JSON` or `AUTOMATION_CONFIG_INVALID`). */
  | { readonly kind: 'invalid'; readonly error: ApiErrorBody }
  /** A transition core's plan calls unsafe (400 `AUTOMATION_CONFIG_UNSAFE_TRANSITION`). */
  | { readonly kind: 'unsafe'; readonly error: AutomationConfigErrorBody }
  /** The stored version is not older (409 `AUTOMATION_CONFIG_CONCURRENT_MODIFICATION`). */
  | { readonly kind: 'conflict'; readonly current: StoredAutomationConfig; readonly error: ApiErrorBody }
  /** Stored, with the agents' record revised from the config it replaced. */
  | { readonly kind: 'stored'; readonly version: number };

/** The plan from the stored revision, and that revision. */
type Planned = { readonly stored: StoredAutomationConfig; readonly plan: Plan };

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

/**
 * Publishes `text` as the project's automation config: validated, checked against the stored revision (unless
 * `allowUnsafeTransition`), then stored only if its version is higher than the stored one, with the agents' record.
 *
 * @example
 * const outcome = await putRevision(ctx, groupId, text, { allowUnsafeTransition: false });
 * if (outcome.kind === 'stored') console.log(`version ${outcome.version} stored`);
 */
export async function putRevision(
  ctx: PublishContext,
  groupId: string,
  text: string,
  options: PutRevisionOptions,
): Promise<PutRevisionOutcome> {
  const read = readDocument(ctx, text);
  if (!read.ok) return { kind: 'invalid', error: read.error };
  const document = read.value;
  const invalid = invalidConfigBody(document);
  if (invalid !== undefined) return { kind: 'invalid', error: invalid };
  let planned: Planned | undefined;
  if (!options.allowUnsafeTransition) {
    planned = await planFromStored(ctx, groupId, document);
    const unsafe = planned && unsafeTransitionBody(planned.stored, planned.plan);
    if (unsafe !== undefined) return { kind: 'unsafe', error: unsafe };
  }
  const revision = { version: (document as { version: number }).version, text };
  const outcome = await compareAndSet(ctx, groupId, { revision, document }, planned);
  if (!outcome.ok)
    return { kind: 'conflict', current: outcome.current, error: concurrentModification(outcome, revision) };
  ctx.configs.remember(groupId, revision, document);
  return { kind: 'stored', version: revision.version };
}

/** The body parsed against the last revision (the members the client did not change are not parsed again). */
function readDocument(
  ctx: PublishContext,
  text: string,
): { ok: true; value: object } | { ok: false; error: ApiErrorBody } {
  const body = readJsonBody(text, (json) => ctx.configs.parseBody(json));
  if (!body.ok) return body;
  const document = body.value;
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    return {
      ok: false,
      error: apiError('INVALID_JSON', [], { hint: 'The automation configuration is a JSON object.' }),
    };
  }
  return { ok: true, value: document };
}

/**
 * The plan from the stored revision, made once: for the unsafe check, and for the agents' moves when the revision
 * the store replaces is still that one. Undefined when there is nothing to plan from.
 */
async function planFromStored(ctx: PublishContext, groupId: string, document: object): Promise<Planned | undefined> {
  const stored = await ctx.store.getAutomationConfig(groupId);
  const previous = stored && ctx.configs.get(groupId, stored);
  return stored && previous ? { stored, plan: planTransition(previous.document, document) } : undefined;
}

/** The store's compare-and-set, with the agents' record revised from whichever config it replaces. */
function compareAndSet(
  ctx: PublishContext,
  groupId: string,
  next: { readonly revision: StoredAutomationConfig; readonly document: object },
  planned: Planned | undefined,
): Promise<PutOutcome> {
  const acceptedAt = ctx.clock.now();
  return ctx.store.putAutomationConfig(groupId, next.revision, (previous) => {
    const same = planned?.stored.version === previous.version && planned.stored.text === previous.text;
    return reviseAgents(
      { config: previous, document: ctx.configs.get(groupId, previous)?.document },
      { version: next.revision.version, document: next.document },
      acceptedAt,
      same ? planned?.plan : undefined,
    );
  });
}

/** The 409 body: what is stored, and the version to PUT after reading it. */
function concurrentModification(
  outcome: { readonly current: StoredAutomationConfig },
  revision: StoredAutomationConfig,
): ApiErrorBody {
  const next = outcome.current.version + 1;
  return apiError('AUTOMATION_CONFIG_CONCURRENT_MODIFICATION', [], {
    hint: `The stored configuration is at version ${outcome.current.version} and this one says ${revision.version}: GET the current one, apply your change to it and PUT it with version ${next}. Nothing was changed.`,
  });
}
