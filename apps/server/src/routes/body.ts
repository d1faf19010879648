/**
 * Request bodies arrive as text (the service parses them itself, so that malformed JSON is the real service's
 * 400 `INVALID_JSON`, never a framework error page).
 */
import { type ApiErrorBody, apiError } from '@dbkit/core';

export function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : '';
}

/** The body parsed; `parse` is `JSON.parse` or one that gives the same value, and throws the same errors. */
export function readJsonBody(
  body: unknown,
  parse: (text: string) => unknown = JSON.parse,
): { ok: true; value: unknown } | { ok: false; error: ApiErrorBody } {
  const text = bodyText(body);
  if (text.trim() === '') {
    return { ok: false, error: apiError('INVALID_JSON', [], { hint: 'The request has no body; send a JSON object.' }) };
  }
  try {
    return { ok: true, value: parse(text) };
  } catch (error) {
    const where = (error as Error).message.replace(/^.*?(at position \d+).*$/s, '$1');
    return {
      ok: false,
      error: apiError('INVALID_JSON', [], {
        hint: `The body is not valid JSON${where.startsWith('at position') ? ` (${where})` : ''}; send a JSON object.`,
      }),
    };
  }
}
