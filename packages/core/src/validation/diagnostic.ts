import type { DiagnosticCode } from './codes.js';

/** How serious a diagnostic is. */
export const Severity = {
  error: { description: 'The document breaks a rule of the spec: the service rejects it or the deployment breaks.' },
  warning: {
    description: 'The document is accepted, but something is obsolete, ineffective or dangerous, or probably a typo.',
  },
  info: { description: 'Worth knowing; nothing is wrong.' },
} as const;
export type Severity = keyof typeof Severity;

/** Extra meaning an editor can show: struck-through (deprecated) or faded (unnecessary). */
export const DiagnosticTag = {
  deprecated: { description: 'The field or value is deprecated or obsolete.' },
  unnecessary: { description: 'The field has no effect where it is.' },
} as const;
export type DiagnosticTag = keyof typeof DiagnosticTag;

/** A JSON path: object keys and array indices from the document root. `[]` is the root itself. */
export type JsonPath = readonly (string | number)[];

/** The other end of a cross-reference, or another place that explains the diagnostic. */
export interface RelatedInformation {
  readonly path: JsonPath;
  readonly message: string;
}

/**
 * One problem found in a document. Messages say what is wrong, why, and what to do; they never contain the value
 * of a secret field.
 */
export interface Diagnostic {
  /** Stable code, e.g. `DBK202`; see `DiagnosticCode` for its meaning. */
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  /** Where the problem is. For a missing field, the path of the object that lacks it. */
  readonly path: JsonPath;
  /** Other places involved, e.g. the process a duplicate name clashes with. */
  readonly related?: readonly RelatedInformation[];
  readonly tags?: readonly DiagnosticTag[];
  /**
   * Values that would fix the problem, best first (e.g. the closest valid process names for a dangling member
   * host). Editors turn them into quick fixes.
   */
  readonly suggestions?: readonly string[];
}

/**
 * Renders a JSON path the way people write it: `processes[2].args2_6.net`. Keys that are not identifiers are
 * quoted: `clusterWideConfigurations["rs-0"]`.
 */
export function formatJsonPath(path: JsonPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? '(document root)' : out;
}

/**
 * `[...parent, key, ...rest]`, or `[...parent, ...rest]` when `key` is undefined. Rules pass a parent path and a
 * key down and call this only when they report: validation visits every object of large documents, and building
 * a path for each would cost more than the checks themselves.
 */
export function pathTo(
  parent: JsonPath,
  key: string | number | undefined,
  ...rest: readonly (string | number)[]
): JsonPath {
  const out = parent.slice();
  if (key !== undefined) out.push(key);
  for (let i = 0; i < rest.length; i++) out.push(rest[i] as string | number);
  return out;
}
