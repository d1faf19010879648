/**
 * Which JSON files are automation configurations. Inside a folder, a `.json` file counts when its name matches
 * one of the catalog's file patterns for the automation-config schema, or when its top level has both
 * `processes` and `dbVersions` (the two sections every config has). Files named on the command line, globs and
 * stdin are always validated: the user chose them.
 */

/** Used when the catalog names no pattern for the automation-config schema. */
export const DEFAULT_AUTOMATION_PATTERNS: readonly string[] = ['*.automation.json', 'automation-config.json'];

export function isAutomationConfigValue(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'processes' in value &&
    'dbVersions' in value
  );
}

interface CatalogEntry {
  readonly name?: unknown;
  readonly url?: unknown;
  readonly fileMatch?: unknown;
}

/** The `fileMatch` patterns the catalog (SchemaStore format) gives the automation-config schema. */
export function automationPatterns(catalog: unknown): readonly string[] {
  const schemas = (catalog as { readonly schemas?: unknown } | undefined)?.schemas;
  if (!Array.isArray(schemas)) return DEFAULT_AUTOMATION_PATTERNS;
  const patterns: string[] = [];
  for (const entry of schemas as readonly CatalogEntry[]) {
    const names = `${String(entry.url ?? '')} ${String(entry.name ?? '')}`.toLowerCase();
    if (!names.includes('automation') || !Array.isArray(entry.fileMatch)) continue;
    for (const pattern of entry.fileMatch) if (typeof pattern === 'string') patterns.push(pattern);
  }
  return patterns.length > 0 ? patterns : DEFAULT_AUTOMATION_PATTERNS;
}
