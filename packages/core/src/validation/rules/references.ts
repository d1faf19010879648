import type { DiagnosticCode } from '../codes.js';
import type { Collector } from '../context.js';
import type { JsonPath } from '../diagnostic.js';
import type { Declaration } from '../model.js';
import { closestMatches, didYouMean, isObject, type JsonObject, quote } from '../util.js';

/**
 * Reports every item of `doc[section]` whose `key` repeats an earlier item's, pointing at the first one.
 */
export function checkUnique(c: Collector, doc: JsonObject, section: string, key: string, what: string): void {
  const items = doc[section];
  if (!Array.isArray(items)) return;
  const first = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (!isObject(item)) continue;
    const name = item[key];
    if (typeof name !== 'string') continue;
    const earlier = first.get(name);
    if (earlier === undefined) {
      first.set(name, i);
      continue;
    }
    c.report(
      'DBK106',
      [section, i, key],
      `${what.charAt(0).toUpperCase()}${what.slice(1)} ${quote(name)} is already declared at ${section}[${earlier}]: names must be unique, or references to them are ambiguous. Rename one of them.`,
      { related: [{ path: [section, earlier, key], message: `first declaration of ${quote(name)}` }] },
    );
  }
}

/** How to report a name that refers to nothing. */
export interface ReferenceRule {
  readonly code: DiagnosticCode;
  /** What the field refers to, e.g. "a process". */
  readonly target: string;
  /** Where targets are declared, e.g. "processes[].name". */
  readonly declaredIn: string;
}

/**
 * Checks that `name` is declared in one of `maps`. Reports `rule.code` with the closest declared names as
 * suggestions otherwise. Returns the declaration when found.
 */
export function checkReference(
  c: Collector,
  name: string,
  path: JsonPath,
  maps: readonly ReadonlyMap<string, Declaration>[],
  rule: ReferenceRule,
): Declaration | undefined {
  for (const map of maps) {
    const found = map.get(name);
    if (found) return found;
  }
  const candidates = maps.flatMap((map) => [...map.keys()]);
  const suggestions = closestMatches(name, candidates);
  const none = candidates.length === 0 ? ` The document declares none yet.` : '';
  c.report(
    rule.code,
    path,
    `${quote(name)} does not name ${rule.target}: it must match one of ${rule.declaredIn}.${none}${didYouMean(suggestions)}${suggestions.length === 0 && candidates.length > 0 ? ` Use a declared name or add ${rule.target} named ${quote(name)}.` : ''}`,
    { suggestions },
  );
  return undefined;
}
