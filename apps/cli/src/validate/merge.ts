/**
 * One list from two checks. The JSON Schema is generated from core's types, so most of what it finds core finds
 * too, with a better message, a `DBKnnn` code and suggestions. Core's diagnostic wins wherever both say the same
 * thing; a schema finding stays only where core says nothing about it (a drift between the two, worth seeing).
 */
import type { Diagnostic, JsonPath } from '@dbkit/core';
import type { Finding } from './finding.js';
import type { SchemaFinding } from './schemaFindings.js';

function samePath(a: JsonPath, b: JsonPath): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i]);
}

function isPrefix(prefix: JsonPath, path: JsonPath): boolean {
  return prefix.length < path.length && prefix.every((segment, i) => segment === path[i]);
}

/**
 * Whether core already reports what a schema finding says:
 * - `schema/required` at an object: core reports at that object naming the field in quotes (DBK101 "…missing the
 *   required field "name"…", DBK401, DBK307…), or at the field itself.
 * - `schema/anyOf`, `schema/oneOf` (a summary: "matches none of the shapes"): core reports at that path or below it.
 * - anything else: core reports at the same path, or a wrong type (DBK100/DBK102) above it.
 */
export function coveredByCore(finding: SchemaFinding, core: readonly Diagnostic[]): boolean {
  const field = finding.missingField;
  if (field !== undefined) {
    return core.some(
      (d) =>
        (samePath(d.path, finding.path) && d.message.includes(`"${field}"`)) ||
        samePath(d.path, [...finding.path, field]),
    );
  }
  if (finding.code === 'schema/anyOf' || finding.code === 'schema/oneOf') {
    return core.some((d) => samePath(d.path, finding.path) || isPrefix(finding.path, d.path));
  }
  return core.some(
    (d) =>
      samePath(d.path, finding.path) ||
      ((d.code === 'DBK102' || d.code === 'DBK100') && isPrefix(d.path, finding.path)),
  );
}

/** Core's diagnostics first, in document order as core reports them, then the schema findings core does not cover. */
export function mergeFindings(core: readonly Diagnostic[], schema: readonly SchemaFinding[]): Finding[] {
  const merged: Finding[] = core.map((d) => ({
    code: d.code,
    severity: d.severity,
    message: d.message,
    path: d.path,
    source: 'core',
    ...(d.related ? { related: d.related } : {}),
    ...(d.tags ? { tags: d.tags } : {}),
    ...(d.suggestions ? { suggestions: d.suggestions } : {}),
  }));
  for (const finding of schema) {
    if (!coveredByCore(finding, core)) merged.push(finding);
  }
  return merged;
}
