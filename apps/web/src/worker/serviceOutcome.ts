/**
 * The service's answers as outcomes the page can show: a client error (`DbkitApiError`, `DbkitTransportError`) is
 * read into plain facts, then mapped by status and error code; the diagnostics of a refused PUT are placed in the
 * document their path points into. Pure: the unit tests feed it the client's real errors.
 */
import { type JsonPath, parseJsonPath, type SecretText, scrubSecrets, secretTextsOf } from '@dbkit/core';
import { type Span, spansOfPaths } from '@dbkit/language-server/locate';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { ServiceDiagnostic, ServiceFailure } from './serviceTypes.js';

/** A diagnostic as the service sends it (core's `AutomationConfigErrorBody`). */
export interface RawServiceDiagnostic {
  readonly code: string;
  readonly severity: string;
  readonly path: string;
  readonly message: string;
  readonly document?: 'from' | 'to';
}

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

/** Reads the client's errors by their fields (`name`), so this module needs no import of the client. */
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
  /** The editor's document (what was sent, before its version was set) and the stored revision, for placing. */
  readonly sentDocument?: TextDocument;
  readonly stored?: { readonly text: string; readonly version: number };
}

const SEVERITY: { readonly [name: string]: DiagnosticSeverity } = { error: 1, warning: 2, info: 3 };

/** Places each diagnostic in its document; one whose path cannot be read lands on the document's start. */
export function placeDiagnostics(
  raw: readonly RawServiceDiagnostic[],
  sent: TextDocument | undefined,
  stored: TextDocument | undefined,
  secrets: readonly SecretText[] = [],
): ServiceDiagnostic[] {
  const sideOf = (d: RawServiceDiagnostic) => (d.document === 'from' ? 'from' : 'to');
  const pathOf = (d: RawServiceDiagnostic): JsonPath => {
    const parsed = parseJsonPath(d.path);
    return parsed.ok ? parsed.path : [];
  };
  // Each document's paths placed in one batch (its text parsed once, as it may not be valid JSON).
  const spansIn = (side: 'from' | 'to', document: TextDocument | undefined): Span[] => {
    const paths = raw.filter((d) => sideOf(d) === side).map(pathOf);
    return document === undefined
      ? paths.map(() => ({ offset: 0, length: 0 }))
      : spansOfPaths({ text: document.getText() }, paths, 'name');
  };
  const spans = { from: spansIn('from', stored), to: spansIn('to', sent) };
  const next = { from: 0, to: 0 };
  return raw.map((d) => {
    const side = sideOf(d);
    const document = side === 'from' ? stored : sent;
    const span = spans[side][next[side]++]!;
    const at = (offset: number) => document?.positionAt(offset) ?? { line: 0, character: 0 };
    return {
      range: { start: at(span.offset), end: at(span.offset + span.length) },
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

/** The outcome of a failed call. */
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
  const storedDocument =
    storedText === undefined ? undefined : TextDocument.create('inmemory://dbkit/stored.json', 'json', 1, storedText);
  const place = () =>
    placeDiagnostics(
      facts.diagnostics,
      context.sentDocument,
      storedDocument,
      secretsOf(context.sentDocument?.getText(), storedText),
    );
  if (errorCode === 'AUTOMATION_CONFIG_INVALID') return { kind: 'invalid', detail, diagnostics: place() };
  if (errorCode === 'AUTOMATION_CONFIG_UNSAFE_TRANSITION' && context.stored !== undefined)
    return { kind: 'unsafe', detail, diagnostics: place(), stored: context.stored };
  return { kind: 'refused', status, errorCode, detail };
}
