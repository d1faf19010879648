import { type Quoter, quoterOf, secretTextsOf } from '../secrets/mask.js';
import { DiagnosticCode } from './codes.js';
import type { Diagnostic, JsonPath, RelatedInformation } from './diagnostic.js';

/** Optional parts of a diagnostic a rule may add. */
export interface ReportExtras {
  readonly related?: readonly RelatedInformation[];
  readonly suggestions?: readonly string[];
}

/**
 * Collects diagnostics for one validation run. The only mutable thing in validation: rules are plain functions
 * that receive it. A message writes the document's text only through {@link Collector.quote} and
 * {@link Collector.bare}, which mask the document's secret values; the rest of a message is dbkit's own words.
 */
export class Collector {
  readonly diagnostics: Diagnostic[] = [];
  private readonly quoter: Quoter;

  /** @param document the document validated, whose secrets are read when a message first quotes it. */
  constructor(document: unknown, quoter: Quoter = quoterOf(() => secretTextsOf(document))) {
    this.quoter = quoter;
  }

  /** A collector for part of the same document (a JSON string inside it), masking the same secrets. */
  nested(): Collector {
    return new Collector(undefined, this.quoter);
  }

  /** A value of the document quoted in a message: its JSON (`"rs0"`, `1500`), secrets masked, long ones shortened. */
  quote(value: unknown): string {
    return this.quoter.quote(value);
  }

  /** Text of the document shown without quotation marks (a key in a path, a number), secrets masked. */
  bare(value: unknown): string {
    return this.quoter.bare(value);
  }

  /** Whether a value of the document holds a secret: such a value is never offered as a suggestion. */
  holdsSecret(text: string): boolean {
    return this.quoter.holdsSecret(text);
  }

  report(code: DiagnosticCode, path: JsonPath, message: string, extras?: ReportExtras): void {
    const info: { severity: Diagnostic['severity']; tags?: Diagnostic['tags'] } = DiagnosticCode[code];
    const diagnostic: {
      -readonly [K in keyof Diagnostic]: Diagnostic[K];
    } = { code, severity: info.severity, message, path };
    if (info.tags) diagnostic.tags = info.tags;
    if (extras?.related && extras.related.length > 0) diagnostic.related = extras.related;
    const suggestions = extras?.suggestions?.filter((s) => !this.holdsSecret(s));
    if (suggestions && suggestions.length > 0) diagnostic.suggestions = suggestions;
    this.diagnostics.push(diagnostic);
  }
}
