/**
 * The service's answers to a publish as outcomes every front end shows the same way: a client error
 * (`DbkitApiError`, `DbkitTransportError`) is read into plain facts, then mapped by status and error code; the
 * diagnostics of a refused PUT are placed in the document their path points into (the one sent, or the stored one),
 * their messages scrubbed whole of the documents' secrets: a service's text marks no quotations, so, unlike
 * dbkit's own messages, a secret is masked wherever it appears (docs/decisions/validation.md). Light like `locate.ts`: core, jsonc-parser and LSP's plain
 * types only, and no import of the client (its errors are read by their fields).
 */
import { type JsonPath, parseJsonPath, type SecretText, scrubSecrets, secretTextsOf } from '@dbkit/core';
import type { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { rangesOfSpans, type Span, spansOfPaths } from '../service/locate.js';

/** A diagnostic as the service sends it (core's `AutomationConfigErrorBody`). */
export interface RawServiceDiagnostic {
  readonly code: string;
  readonly severity: string;
  readonly path: string;
  readonly message: string;
  readonly document?: 'from' | 'to';
}

/** A service diagnostic placed in its document; `document` says which (a transition's may be in the stored one). */
export type ServiceDiagnostic = Diagnostic & { readonly document: 'from' | 'to' };

/** Why a call did not do what was asked. Each kind is shown with what happened, why, and what to do. */
export type ServiceFailure =
  /** 401: the service does not accept this key pair. */
  | { readonly kind: 'unauthorized'; readonly detail: string }
  /** 403: the key is valid but may not do this. */
  | { readonly kind: 'forbidden'; readonly detail: string }
  /** 404: no project with this id. */
  | { readonly kind: 'not-found'; readonly groupId: string; readonly detail: string }
  /** 409: someone published `stored` since the document was opened at `base`. */
  | {
      readonly kind: 'conflict';
      readonly base: number;
      readonly sent: number;
      readonly stored: number | undefined;
      readonly detail: string;
    }
  /** 400 `AUTOMATION_CONFIG_INVALID`: the service's validator found errors; diagnostics in the sent document. */
  | { readonly kind: 'invalid'; readonly detail: string; readonly diagnostics: readonly ServiceDiagnostic[] }
  /**
   * 400 `AUTOMATION_CONFIG_UNSAFE_TRANSITION`: the plan from the stored revision has errors; some diagnostics point
   * into the stored revision, which comes along so the caller can compare.
   */
  | {
      readonly kind: 'unsafe';
      readonly detail: string;
      readonly diagnostics: readonly ServiceDiagnostic[];
      readonly stored: { readonly text: string; readonly version: number };
    }
  /** The document is not JSON: nothing was sent. */
  | { readonly kind: 'not-json'; readonly detail: string }
  /** The playground's server has no service configured (`--service`). */
  | { readonly kind: 'no-service'; readonly detail: string }
  /** No answer: the service or the network is down, or it timed out. */
  | { readonly kind: 'network'; readonly detail: string }
  /** Any other refusal, with the service's own words. */
  | { readonly kind: 'refused'; readonly status: number; readonly errorCode: string; readonly detail: string };

/** What a failed call tells, whichever class the client threw. */
export type ErrorFacts =
  | {
      readonly type: 'api';
      readonly status: number;
      readonly errorCode: string;
      readonly detail: string;
      readonly diagnostics: readonly RawServiceDiagnostic[];
    }
  | { readonly type: 'transport'; readonly kind: 'timeout' | 'aborted' | 'network'; readonly message: string }
  | { readonly type: 'other'; readonly message: string };

/**
 * Reads the client's errors by their fields (`name`), so this module needs no import of the client.
 *
 * @example
 * failureOf(factsOf(error), { groupId }); // { kind: 'unauthorized', … } for a 401
 */
export function factsOf(error: unknown): ErrorFacts {
  const fields = (error ?? {}) as Record<string, unknown>;
  if (fields.name === 'DbkitApiError' && typeof fields.status === 'number') {
    return {
      type: 'api',
      status: fields.status,
      errorCode: String(fields.errorCode ?? `HTTP_${fields.status}`),
      detail: String(fields.detail ?? ''),
      diagnostics: Array.isArray(fields.diagnostics) ? (fields.diagnostics as RawServiceDiagnostic[]) : [],
    };
  }
  if (fields.name === 'DbkitTransportError') {
    const kind = fields.kind === 'timeout' || fields.kind === 'aborted' ? fields.kind : 'network';
    return { type: 'transport', kind, message: String(fields.message ?? '') };
  }
  return { type: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** What the failure was about, for the messages that need it. */
export interface FailureContext {
  readonly groupId: string;
  /** The version the document was opened at, and the one sent (a push). */
  readonly base?: number;
  readonly sent?: number;
  /** The text of the document sent (before its version was set) and the stored revision, for placing. */
  readonly sentText?: string;
  readonly stored?: { readonly text: string; readonly version: number };
}

const SEVERITY: { readonly [name: string]: DiagnosticSeverity } = { error: 1, warning: 2, info: 3 };

/**
 * Places each diagnostic in its document (`to`: the text sent, `from`: the stored text); one whose path cannot be
 * read, or whose document is not given, lands on the document's start. Messages are scrubbed of `secrets`.
 */
export function placeDiagnostics(
  raw: readonly RawServiceDiagnostic[],
  sent: string | undefined,
  stored: string | undefined,
  secrets: readonly SecretText[] = [],
): ServiceDiagnostic[] {
  const sideOf = (d: RawServiceDiagnostic) => (d.document === 'from' ? 'from' : 'to');
  const pathOf = (d: RawServiceDiagnostic): JsonPath => {
    const parsed = parseJsonPath(d.path);
    return parsed.ok ? parsed.path : [];
  };
  // Each document's paths placed in one batch (its text parsed once, as it may not be valid JSON).
  const rangesIn = (side: 'from' | 'to', text: string | undefined) => {
    const paths = raw.filter((d) => sideOf(d) === side).map(pathOf);
    const spans: Span[] =
      text === undefined ? paths.map(() => ({ offset: 0, length: 0 })) : spansOfPaths({ text }, paths, 'name');
    return rangesOfSpans(text ?? '', spans);
  };
  const ranges = { from: rangesIn('from', stored), to: rangesIn('to', sent) };
  const next = { from: 0, to: 0 };
  return raw.map((d) => {
    const side = sideOf(d);
    return {
      range: ranges[side][next[side]++]!,
      severity: SEVERITY[d.severity] ?? 1,
      code: d.code,
      source: 'dbkit service',
      message: scrubSecrets(d.message, secrets),
      document: side,
    };
  });
}

function secretsOf(...texts: (string | undefined)[]): SecretText[] {
  return texts.flatMap((text) => {
    if (text === undefined) return [];
    try {
      return secretTextsOf(JSON.parse(text) as unknown);
    } catch {
      // Not JSON: no value to collect; the service's messages never carry one either.
      return [];
    }
  });
}

/**
 * The outcome of a failed call: a 409 with the stored version it names, a 400's diagnostics placed in the sent
 * and stored texts of `context`.
 */
export function failureOf(facts: ErrorFacts, context: FailureContext): ServiceFailure {
  if (facts.type === 'transport') {
    const detail =
      facts.kind === 'timeout'
        ? 'The service did not answer in time.'
        : facts.kind === 'aborted'
          ? 'The request was cancelled.'
          : `The service could not be reached (${/\(([^)]*)\)/.exec(facts.message)?.[1] ?? 'network failure'}).`;
    return { kind: 'network', detail };
  }
  if (facts.type === 'other') return { kind: 'network', detail: `The request failed: ${facts.message}` };
  const { status, errorCode, detail } = facts;
  if (errorCode === 'NO_SERVICE') return { kind: 'no-service', detail };
  if (status === 502 || errorCode === 'SERVICE_UNREACHABLE') return { kind: 'network', detail };
  if (status === 401) return { kind: 'unauthorized', detail };
  if (status === 403) return { kind: 'forbidden', detail };
  if (status === 404) return { kind: 'not-found', groupId: context.groupId, detail };
  if (status === 409) {
    const stored = /at version (\d+)/.exec(detail)?.[1];
    return {
      kind: 'conflict',
      base: context.base ?? 0,
      sent: context.sent ?? 0,
      stored: stored === undefined ? undefined : Number(stored),
      detail,
    };
  }
  const storedText = context.stored?.text;
  const place = () =>
    placeDiagnostics(facts.diagnostics, context.sentText, storedText, secretsOf(context.sentText, storedText));
  if (errorCode === 'AUTOMATION_CONFIG_INVALID') return { kind: 'invalid', detail, diagnostics: place() };
  if (errorCode === 'AUTOMATION_CONFIG_UNSAFE_TRANSITION' && context.stored !== undefined)
    return { kind: 'unsafe', detail, diagnostics: place(), stored: context.stored };
  return { kind: 'refused', status, errorCode, detail };
}
