/**
 * A core diagnostic (a validation's or a plan's) as an LSP diagnostic: its severity, code, source, message, tags,
 * related places and data. The one conversion the document's diagnostics and the plan's share.
 */
import type { DiagnosticTag as CoreDiagnosticTag, Severity } from '@dbkit/core';
import {
  type Diagnostic,
  type DiagnosticRelatedInformation,
  DiagnosticSeverity,
  DiagnosticTag,
  type Range,
} from 'vscode-languageserver-types';

const SEVERITY = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
} as const;

const TAG = { deprecated: DiagnosticTag.Deprecated, unnecessary: DiagnosticTag.Unnecessary } as const;

/** What core's diagnostics of either kind have in common. */
interface CoreDiagnosticFields {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly tags?: readonly CoreDiagnosticTag[];
}

/**
 * The LSP diagnostic of `d` at `range`, reported by `source`; `related` and `data` only when there are some.
 *
 * @example
 * toLspDiagnostic(coreDiagnostic, range, 'dbkit', related, { path: coreDiagnostic.path });
 */
export function toLspDiagnostic(
  d: CoreDiagnosticFields,
  range: Range,
  source: string,
  related: readonly DiagnosticRelatedInformation[] = [],
  data?: unknown,
): Diagnostic {
  return {
    range,
    severity: SEVERITY[d.severity],
    code: d.code,
    source,
    message: d.message,
    ...(related.length > 0 ? { relatedInformation: [...related] } : {}),
    ...(d.tags && d.tags.length > 0 ? { tags: d.tags.map((t) => TAG[t]) } : {}),
    ...(data === undefined ? {} : { data }),
  };
}
