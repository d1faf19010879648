import { DiagnosticCode } from './codes.js';
import type { Diagnostic, JsonPath, RelatedInformation } from './diagnostic.js';

/** Optional parts of a diagnostic a rule may add. */
export interface ReportExtras {
  readonly related?: readonly RelatedInformation[];
  readonly suggestions?: readonly string[];
}

/**
 * Collects diagnostics for one validation run. The only mutable thing in validation: rules are plain functions
 * that receive it.
 */
export class Collector {
  readonly diagnostics: Diagnostic[] = [];

  report(code: DiagnosticCode, path: JsonPath, message: string, extras?: ReportExtras): void {
    const info: { severity: Diagnostic['severity']; tags?: Diagnostic['tags'] } = DiagnosticCode[code];
    const diagnostic: {
      -readonly [K in keyof Diagnostic]: Diagnostic[K];
    } = { code, severity: info.severity, message, path };
    if (info.tags) diagnostic.tags = info.tags;
    if (extras?.related && extras.related.length > 0) diagnostic.related = extras.related;
    if (extras?.suggestions && extras.suggestions.length > 0) diagnostic.suggestions = extras.suggestions;
    this.diagnostics.push(diagnostic);
  }
}
