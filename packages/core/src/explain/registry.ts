/** Every code's entry, by code, with what the code's declaration says of it. */
import { PlanCode } from '../plan/planCodes.js';
import { DiagnosticCode } from '../validation/codes.js';
import type { Severity } from '../validation/severity.js';
import type { TransitionCodeDoc, ValidationCodeDoc } from './codeDoc.js';
import { deprecatedDocs } from './entries/deprecated.js';
import { limitDocs } from './entries/limits.js';
import { referenceDocs } from './entries/references.js';
import { securityDocs } from './entries/security.js';
import { shapeDocs } from './entries/shape.js';
import { transitionDocs } from './entries/transitions.js';

/** The entries of the validation codes (DBK1xx–DBK5xx), by code. */
export const VALIDATION_CODE_DOCS: Partial<Record<DiagnosticCode, ValidationCodeDoc>> = {
  ...shapeDocs,
  ...referenceDocs,
  ...limitDocs,
  ...securityDocs,
  ...deprecatedDocs,
};

/** The entries of the transition codes (DBK6xx), by code. */
export const TRANSITION_CODE_DOCS: Partial<Record<PlanCode, TransitionCodeDoc>> = { ...transitionDocs };

/** A code's entry, with what its declaration says of it. */
export type ExplainedCode = {
  readonly code: string;
  readonly name: string;
  readonly title: string;
  readonly severity: Severity;
  /** Whether the code is advice, not a rule: a warning or information the service does not require. */
  readonly advice: boolean;
} & (
  | { readonly kind: 'validation'; readonly doc: ValidationCodeDoc | undefined }
  | { readonly kind: 'transition'; readonly doc: TransitionCodeDoc | undefined }
);

/** A code's declaration, as `DiagnosticCode` and `PlanCode` hold it. */
interface Declared {
  readonly name: string;
  readonly title: string;
  readonly severity: Severity;
}

/** The codes of one declaration table with their entries. */
function explained<K extends string, D>(
  table: Readonly<Record<K, Declared>>,
  docs: Partial<Record<K, D>>,
  kind: ExplainedCode['kind'],
): ExplainedCode[] {
  return (Object.entries(table) as [K, Declared][]).map(
    ([code, { name, title, severity }]) =>
      ({ code, name, title, severity, advice: severity !== 'error', kind, doc: docs[code] }) as ExplainedCode,
  );
}

/** Every code, in code order. */
export function allCodes(): readonly ExplainedCode[] {
  return [
    ...explained(DiagnosticCode, VALIDATION_CODE_DOCS, 'validation'),
    ...explained(PlanCode, TRANSITION_CODE_DOCS, 'transition'),
  ].sort((a, b) => a.code.localeCompare(b.code));
}

/**
 * A code's entry, written in any case (`dbk202`), or undefined for a code dbkit does not report.
 *
 * @example
 * explainCode('dbk202')?.title; // 'A replica-set member host must name a process (or its alias).'
 */
export function explainCode(code: string): ExplainedCode | undefined {
  const wanted = code.trim().toUpperCase();
  return allCodes().find((entry) => entry.code === wanted);
}
