/**
 * Which documents dbkit serves: automation configs, whatever languageId the client sends. A document is one when
 * - the client says so with dbkit's own language id (`dbkit-automation`, the VS Code extension's);
 * - its path matches the schema catalog's patterns (`*.automation.json`, `automation-config.json`, …) or a
 *   pattern the user adds (setting `dbkit.files.associations`);
 * - its top-level `$schema` names dbkit's automation-config schema (by `$id`, or a path ending in the file name).
 * Other documents get no answer at all, so a host's own JSON support keeps them.
 */
import { fileMatchToRegExp, isAutomationConfigFileName, matchesAny } from '@dbkit/schema/fileMatch';

export const AUTOMATION_LANGUAGE_ID = 'dbkit-automation';
export const SCHEMA_FILE_NAME = 'automation-config.schema.json';

export interface SelectionSettings {
  /** Extra fileMatch patterns (SchemaStore syntax) of automation configs. */
  readonly extraPatterns: readonly string[];
}

export const DEFAULT_SELECTION: SelectionSettings = { extraPatterns: [] };

/** The path part of a URI, `/`-separated and decoded. */
function pathOfUri(uri: string): string {
  const withoutQuery = uri.replace(/[?#].*$/, '');
  const path = withoutQuery.replace(/^[a-z][a-z0-9+.-]*:(\/\/[^/]*)?/i, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** How much of the start of a text the selector reads (callers may pass only that much). */
export const SELECTOR_PREFIX = 4096;

/** `"$schema": "…automation-config.schema.json"` near the start of the text (a quick look, not a parse). */
function namesOurSchema(text: string): boolean {
  const match = /"\$schema"\s*:\s*"([^"]*)"/.exec(text.slice(0, SELECTOR_PREFIX));
  return match !== null && match[1]!.replace(/[?#].*$/, '').endsWith(SCHEMA_FILE_NAME);
}

export function createSelector(settings: SelectionSettings = DEFAULT_SELECTION) {
  const extra = settings.extraPatterns.map(fileMatchToRegExp);
  return function isAutomationConfig(uri: string, languageId: string, text: string): boolean {
    if (languageId === AUTOMATION_LANGUAGE_ID) return true;
    const path = pathOfUri(uri);
    return isAutomationConfigFileName(path) || matchesAny(path, extra) || namesOurSchema(text);
  };
}
