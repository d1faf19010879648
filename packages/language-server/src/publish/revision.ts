/**
 * The version a published revision carries, the rule `dbkit config push`, the playground and the editor share: one
 * above the version the document was pulled at, so the service's compare-and-set turns a lost update into a 409.
 * Only the value of the top-level `version` changes in the text sent; every other byte is kept.
 */
import { applyEdits, modify } from 'jsonc-parser';

/** A replacement in a text: `length` characters at `offset` become `content`. */
export interface TextReplacement {
  readonly offset: number;
  readonly length: number;
  readonly content: string;
}

/**
 * The document's top-level `version` when it is a whole number; undefined when it names none; `null` when the text
 * is not JSON.
 *
 * @example
 * versionIn('{"version": 7}'); // 7
 * versionIn('{"version": 7,}'); // null
 */
export function versionIn(text: string): number | undefined | null {
  try {
    const version = (JSON.parse(text) as { version?: unknown } | null)?.version;
    return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : undefined;
  } catch {
    return null;
  }
}

/** The edits that set the top-level `version` to `version` (replaced in place, or added). */
function versionEdits(text: string, version: number): TextReplacement[] {
  return modify(text, ['version'], version, { formattingOptions: { insertSpaces: true, tabSize: 2 } }).map((e) => ({
    offset: e.offset,
    length: e.length,
    content: e.content,
  }));
}

/**
 * The text with only the value of the top-level `version` replaced (or added).
 *
 * @example
 * withVersion('{\n  "version": 12\n}\n', 13); // '{\n  "version": 13\n}\n'
 */
export function withVersion(text: string, version: number): string {
  return applyEdits(text, versionEdits(text, version));
}

/** What to send: the version the text was pulled at, the one it is sent as, and the edit that says so. */
export interface NextRevision {
  /** The text's own `version` when the service has it (not above the stored one), else the stored version. */
  readonly base: number;
  /** `base + 1`: the version the text is sent as. */
  readonly version: number;
  /** The edit that makes the text say `version`; empty when it already does. */
  readonly edits: readonly TextReplacement[];
  /** The text to send: the text with `edits` applied. */
  readonly text: string;
}

/**
 * The revision to publish from a document and the stored version. A document that names no version, or a later one
 * than stored (or is not JSON), builds on the stored version.
 *
 * @example
 * nextRevision('{"version": 3}', 5); // { base: 3, version: 4, … }: someone published 4 and 5 meanwhile, so a 409
 * nextRevision('{}', 5).version; // 6
 */
export function nextRevision(text: string, storedVersion: number): NextRevision {
  const pulled = versionIn(text);
  const base = typeof pulled === 'number' && pulled <= storedVersion ? pulled : storedVersion;
  const version = base + 1;
  const edits = pulled === version ? [] : versionEdits(text, version);
  return { base, version, edits, text: applyEdits(text, edits) };
}
