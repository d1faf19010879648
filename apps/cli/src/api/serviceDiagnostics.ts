/**
 * The diagnostics of the service's 400 `AUTOMATION_CONFIG_INVALID` as findings of the pushed file, so that
 * `dbkit config push` prints them the way `dbkit validate` does: line, column, code frame, secrets masked.
 */
import { parseJsonPath, Severity } from '@dbkit/core';
import type { Finding } from '../validate/finding.js';

export interface ServiceDiagnostic {
  readonly code: string;
  readonly severity: string;
  readonly path: string;
  readonly message: string;
}

export function findingsOf(diagnostics: readonly ServiceDiagnostic[]): Finding[] {
  return diagnostics.map((d) => {
    const path = parseJsonPath(d.path);
    return {
      code: d.code,
      severity: Object.hasOwn(Severity, d.severity) ? (d.severity as Severity) : 'error',
      message: d.message,
      // A path dbkit cannot read points at the document: the finding is still printed, with its code and message.
      path: path.ok ? path.path : [],
      source: 'core',
    };
  });
}
