import type { DiagnosticCode } from './codes.js';

import type { DiagnosticTag, Severity } from './severity.js';

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

/** What {@link formatJsonPath} writes for the empty path. */
const DOCUMENT_ROOT = '(document root)';

/**
 * Renders a JSON path the way people write it: `processes[2].args2_6.net`. Keys that are not identifiers are
 * quoted: `clusterWideConfigurations["rs-0"]`. {@link parseJsonPath} reads the text back.
 */
export function formatJsonPath(path: JsonPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? DOCUMENT_ROOT : out;
}

/** Result of {@link parseJsonPath}: the path, or why the text is not one. */
export type JsonPathParseResult =
  | { readonly ok: true; readonly path: JsonPath }
  | { readonly ok: false; readonly message: string };

type Segment = { readonly value: string | number; readonly end: number };

const IDENTIFIER = /[A-Za-z_$][\w$]*/y;
const INDEX = /\[(\d+)\]/y;
// A JSON string literal with its escapes checked, so that JSON.parse of a match cannot throw.
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON strings may not hold raw control characters.
const QUOTED_KEY = /\[("(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4}))*")\]/y;

/**
 * Reads the text {@link formatJsonPath} writes back into a path, so that a path sent as text (the service's
 * diagnostics) can be placed in a document again: a name first, `.name` after it, `[3]`, `["any key"]`, and
 * `(document root)` for `[]`. Brackets take any JSON string, also a key that would not need them (`["net"]`).
 *
 * @example
 * parseJsonPath('processes[2].args2_6["net"]'); // { ok: true, path: ['processes', 2, 'args2_6', 'net'] }
 * parseJsonPath('a..b'); // { ok: false, message: 'Not a JSON path: "a..b" (at character 2: …)' }
 */
export function parseJsonPath(text: string): JsonPathParseResult {
  if (text === DOCUMENT_ROOT) return { ok: true, path: [] };
  if (text === '') return { ok: false, message: `Not a JSON path: the text is empty (the root is ${DOCUMENT_ROOT}).` };
  const path: (string | number)[] = [];
  let at = 0;
  while (at < text.length) {
    let segment: Segment | undefined;
    if (text[at] === '[') segment = bracketed(text, at);
    else if (at === 0) segment = named(text, at);
    else if (text[at] === '.') segment = named(text, at + 1);
    if (segment === undefined) {
      const expected = at === 0 ? 'a name' : '.name';
      return {
        ok: false,
        message: `Not a JSON path: ${JSON.stringify(text)} (at character ${at + 1}: expected ${expected}, [index] or ["key"]).`,
      };
    }
    path.push(segment.value);
    at = segment.end;
  }
  return { ok: true, path };
}

/** `[3]` or `["key"]` at `at`. */
function bracketed(text: string, at: number): Segment | undefined {
  INDEX.lastIndex = at;
  const index = INDEX.exec(text);
  if (index !== null) return { value: Number(index[1]), end: INDEX.lastIndex };
  QUOTED_KEY.lastIndex = at;
  const key = QUOTED_KEY.exec(text);
  return key === null ? undefined : { value: JSON.parse(key[1] as string) as string, end: QUOTED_KEY.lastIndex };
}

/** The identifier at `at`. */
function named(text: string, at: number): Segment | undefined {
  IDENTIFIER.lastIndex = at;
  const name = IDENTIFIER.exec(text);
  return name === null ? undefined : { value: name[0], end: IDENTIFIER.lastIndex };
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
