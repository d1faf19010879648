/**
 * Which JSON files are automation configurations. Inside a folder, a `.json` file counts when its name matches
 * one of the catalog's file patterns for the automation-config schema (`isAutomationConfigFileName` of
 * `@dbkit/schema/fileMatch`; schema files excluded), or when its top level has both
 * `processes` and `dbVersions` (the two sections every config has). Files named on the command line, globs and
 * stdin are always validated: the user chose them.
 */

export function isAutomationConfigValue(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'processes' in value &&
    'dbVersions' in value
  );
}
