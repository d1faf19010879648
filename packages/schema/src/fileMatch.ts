/**
 * SchemaStore `fileMatch` patterns, as editors read them: which file names a schema applies to. Shared by the CLI
 * (which files of a folder are automation configs) and the language server (which documents it serves).
 */
import { AUTOMATION_CONFIG_FILE_MATCH } from './files.js';

// This module is the package's light entry (`@dbkit/schema/fileMatch`): no schema is loaded with it.
export { AUTOMATION_CONFIG_FILE_MATCH, SCHEMA_ID_BASE, SCHEMA_VERSION } from './files.js';

/**
 * A `fileMatch` pattern as a regular expression over a `/`-separated path. A pattern without `/` matches the file
 * name; one with `/` matches the end of the path. `**` spans folders, `*` and `?` do not.
 */
export function fileMatchToRegExp(pattern: string): RegExp {
  let source = '';
  const body = pattern.replace(/^\.?\//, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === '*' && body[i + 1] === '*') {
      const slash = body[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`(?:^|/)${source}$`);
}

/** Whether a `/`-separated path matches any of the patterns. */
export function matchesAny(path: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((pattern) => pattern.test(path));
}

const AUTOMATION_PATTERNS = AUTOMATION_CONFIG_FILE_MATCH.map(fileMatchToRegExp);

/** JSON Schema files are never automation configs, though `automation-config.schema.json` fits `automation-config.*.json`. */
const SCHEMA_FILE = /\.schema\.json$/;

/** Whether a `/`-separated path is named like an automation configuration (the catalog's patterns). */
export function isAutomationConfigFileName(path: string): boolean {
  return matchesAny(path, AUTOMATION_PATTERNS) && !SCHEMA_FILE.test(path);
}
