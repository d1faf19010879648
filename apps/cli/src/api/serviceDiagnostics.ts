/**
 * The diagnostics of the service's 400 `AUTOMATION_CONFIG_INVALID` as findings of the pushed file, so that
 * `dbkit config push` prints them the way `dbkit validate` does: line, column, code frame, secrets masked.
 */
import { type JsonPath, Severity } from '@dbkit/core';
import type { Finding } from '../validate/finding.js';

/**
 * The inverse of core's `formatJsonPath`: `processes[2].args2_6["net"]` → `['processes', 2, 'args2_6', 'net']`,
 * `(document root)` → `[]`. Undefined when the text is not such a path.
 */
export function parseJsonPathText(text: string): JsonPath | undefined {
  if (text === '(document root)') return [];
  const path: (string | number)[] = [];
  const token = /(?:^|\.)([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  let at = 0;
  while (at < text.length) {
    token.lastIndex = at;
    const match = token.exec(text);
    if (match === null) return undefined;
    if (match[1] !== undefined) {
      if (match[0].startsWith('.') === (path.length === 0)) return undefined;
      path.push(match[1]);
    } else if (match[2] !== undefined) path.push(Number(match[2]));
    else path.push(JSON.parse(match[3] ?? '""') as string);
    at = token.lastIndex;
  }
  return path;
}

export interface ServiceDiagnostic {
  readonly code: string;
  readonly severity: string;
  readonly path: string;
  readonly message: string;
}

export function findingsOf(diagnostics: readonly ServiceDiagnostic[]): Finding[] {
  return diagnostics.map((d) => ({
    code: d.code,
    severity: Object.hasOwn(Severity, d.severity) ? (d.severity as Severity) : 'error',
    message: d.message,
    // A path dbkit cannot read points at the document: the finding is still printed, with its code and message.
    path: parseJsonPathText(d.path) ?? [],
    source: 'core',
  }));
}
