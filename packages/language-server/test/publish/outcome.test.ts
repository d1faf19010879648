/**
 * The service's answers to a publish as outcomes (`publish/outcome.ts`): the client's errors read by their fields,
 * mapped by status and error code, and a refused revision's diagnostics placed in the text they point into, never
 * showing a secret of either document.
 */
import { describe, expect, it } from 'vitest';
import { factsOf, failureOf, placeDiagnostics, type RawServiceDiagnostic } from '../../src/publish/outcome.js';

/** The fields of the client's errors (`DbkitApiError`, `DbkitTransportError`), which is all `factsOf` reads. */
const api = (status: number, body: Record<string, unknown> = {}) => ({
  name: 'DbkitApiError',
  status,
  errorCode: body.errorCode ?? `HTTP_${status}`,
  detail: body.detail ?? '',
  diagnostics: body.diagnostics ?? [],
});
const transport = (message: string, kind: string) => ({ name: 'DbkitTransportError', message, kind });

describe('failureOf', () => {
  it.for([
    { name: '401', error: api(401, { errorCode: 'UNAUTHORIZED' }), kind: 'unauthorized' },
    { name: '403', error: api(403, { errorCode: 'FORBIDDEN', detail: 'no' }), kind: 'forbidden' },
    { name: '404', error: api(404, { errorCode: 'GROUP_NOT_FOUND' }), kind: 'not-found' },
    { name: 'no service', error: api(404, { errorCode: 'NO_SERVICE', detail: 'start it' }), kind: 'no-service' },
    {
      name: '502 from the proxy',
      error: api(502, { errorCode: 'SERVICE_UNREACHABLE', detail: 'down' }),
      kind: 'network',
    },
    {
      name: '409',
      error: api(409, {
        errorCode: 'AUTOMATION_CONFIG_CONCURRENT_MODIFICATION',
        detail: 'The stored configuration is at version 7 and',
      }),
      kind: 'conflict',
    },
    { name: '400 invalid', error: api(400, { errorCode: 'AUTOMATION_CONFIG_INVALID' }), kind: 'invalid' },
    { name: '400 unsafe', error: api(400, { errorCode: 'AUTOMATION_CONFIG_UNSAFE_TRANSITION' }), kind: 'unsafe' },
    { name: '500', error: api(500), kind: 'refused' },
    { name: 'a timeout', error: transport('no answer', 'timeout'), kind: 'network' },
    { name: 'a network failure', error: transport('network failure (ECONNREFUSED)', 'network'), kind: 'network' },
    { name: 'anything else', error: new TypeError('boom'), kind: 'network' },
  ])('$name → $kind', ({ error, kind }) => {
    const failure = failureOf(factsOf(error), {
      groupId: 'g',
      base: 6,
      sent: 7,
      stored: { text: '{"version": 7}', version: 7 },
      sentText: '{"version": 6}',
    });
    expect(failure.kind).toBe(kind);
    if (failure.kind === 'conflict') expect(failure).toMatchObject({ base: 6, sent: 7, stored: 7 });
    if (failure.kind === 'network' && 'kind' in error && error.kind === 'network')
      expect(failure.detail).toContain('ECONNREFUSED');
  });

  it('keeps the stored revision with an unsafe transition, for the caller to compare', () => {
    const stored = { text: '{"version": 7}', version: 7 };
    const failure = failureOf(factsOf(api(400, { errorCode: 'AUTOMATION_CONFIG_UNSAFE_TRANSITION' })), {
      groupId: 'g',
      stored,
    });
    expect(failure).toMatchObject({ kind: 'unsafe', stored });
  });
});

describe('placeDiagnostics', () => {
  const sent =
    '{\n  "version": 8,\n  "auth": { "autoPwd": "hunter22" },\n  "processes": [\n    { "name": "a", "disabled": "yes" }\n  ]\n}\n';
  const stored = '{\n  "version": 7,\n  "processes": [\n    { "name": "gone" }\n  ]\n}\n';
  const raw = (path: string, document?: 'from' | 'to', message = 'm'): RawServiceDiagnostic => ({
    code: 'DBK102',
    severity: 'error',
    path,
    message,
    ...(document ? { document } : {}),
  });
  const lineOf = (text: string, part: string) => text.split('\n').findIndex((line) => line.includes(part));

  it.for([
    { name: 'in the text sent', d: raw('processes[0].disabled', 'to'), line: lineOf(sent, '"disabled"') },
    { name: 'in the text sent by default', d: raw('processes[0].disabled'), line: lineOf(sent, '"disabled"') },
    { name: 'in the stored text', d: raw('processes[0]', 'from'), line: lineOf(stored, '"gone"') },
    { name: 'at the start for a path it cannot read', d: raw('processes[', 'to'), line: 0 },
  ])('places a diagnostic $name', ({ d, line }) => {
    const [placed] = placeDiagnostics([d], sent, stored);
    expect(placed).toMatchObject({
      severity: 1,
      code: 'DBK102',
      source: 'dbkit service',
      document: d.document ?? 'to',
    });
    expect(placed?.range.start.line).toBe(line);
  });

  it('places a diagnostic at the start of a document it is not given', () => {
    const [placed] = placeDiagnostics([raw('processes[0]', 'from')], sent, undefined);
    expect(placed?.range).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  });

  it('counts lines in a text with CRLF line ends', () => {
    const [placed] = placeDiagnostics([raw('processes[0].disabled')], sent.replaceAll('\n', '\r\n'), undefined);
    expect(placed?.range.start.line).toBe(lineOf(sent, '"disabled"'));
  });

  it('scrubs the secrets of both documents from a refused revision’s messages', () => {
    const failure = failureOf(
      factsOf(
        api(400, {
          errorCode: 'AUTOMATION_CONFIG_INVALID',
          diagnostics: [raw('auth.autoPwd', 'to', 'autoPwd "hunter22" is too short')],
        }),
      ),
      { groupId: 'g', sentText: sent, stored: { text: stored, version: 7 } },
    );
    expect(failure.kind === 'invalid' && failure.diagnostics[0]?.message).toBe('autoPwd "********" is too short');
  });
});
