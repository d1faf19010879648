/**
 * Which documents the client hands to dbkit. Files named like automation configs open in the `dbkit-automation`
 * language by the package.json's `filenamePatterns`; the client switches the rest when they open: JSON documents
 * that match a pattern of `dbkit.files.associations`, or whose `$schema` names dbkit's schema. The test is the
 * server's own (`createSelector` of @dbkit/language-server), so client and server always agree.
 */
import { createSelector } from '@dbkit/language-server';
import { AUTOMATION_CONFIG_FILE_MATCH, fileMatchToRegExp } from '@dbkit/schema/fileMatch';
import { LANGUAGE_ID, SWITCHABLE_LANGUAGES } from './constants.js';

/** A document as the client sees it when it opens. */
export interface OpenedDocument {
  readonly uri: string;
  readonly languageId: string;
  /** The path part of the uri, `/`-separated (`vscode.Uri.path`). */
  readonly path: string;
  readonly text: string;
}

/** `dbkit.files.associations` as a clean list: strings only, trimmed, no empty ones, no duplicates. */
export function readExtraPatterns(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    const pattern = item.trim();
    if (pattern !== '' && !out.includes(pattern)) out.push(pattern);
  }
  return out;
}

/**
 * VS Code's `files.associations` entries that send a document to another language on purpose: a user who maps
 * `*.automation.json` (or the file's exact name) to `json` keeps plain JSON. Keys follow VS Code's rule: a
 * pattern with a `/` is matched against the path, one without against the file name.
 */
function userChoseOtherLanguage(path: string, associations: Readonly<Record<string, unknown>>): boolean {
  for (const [pattern, language] of Object.entries(associations)) {
    if (typeof language !== 'string' || language === LANGUAGE_ID) continue;
    if (fileMatchToRegExp(pattern).test(path)) return true;
  }
  return false;
}

export interface SwitchOptions {
  readonly extraPatterns: readonly string[];
  /** VS Code's `files.associations` (pattern → language id). */
  readonly fileAssociations?: Readonly<Record<string, unknown>>;
}

/**
 * JSON Schema files (`*.schema.json`) are never automation configs, though the catalog's `automation-config.*.json`
 * matches dbkit's own `automation-config.schema.json`.
 */
export function isJsonSchemaFile(path: string): boolean {
  return /(?:^|\/)[^/]*\.schema\.json$/i.test(path);
}

/**
 * Returns the test the client runs on every document that opens: the language to switch it to, or undefined to
 * leave it. JSON documents that are automation configs go to `dbkit-automation`; a JSON Schema file that opened in
 * `dbkit-automation` (by the catalog's file patterns) goes back to `json`.
 */
export function createSwitchTest(options: SwitchOptions): (doc: OpenedDocument) => string | undefined {
  const isAutomationConfig = createSelector({ extraPatterns: options.extraPatterns });
  const associations = options.fileAssociations ?? {};
  return (doc) => {
    if (isJsonSchemaFile(doc.path)) return doc.languageId === LANGUAGE_ID ? 'json' : undefined;
    const switched =
      SWITCHABLE_LANGUAGES.includes(doc.languageId) &&
      isAutomationConfig(doc.uri, doc.languageId, doc.text) &&
      !userChoseOtherLanguage(doc.path, associations);
    return switched ? LANGUAGE_ID : undefined;
  };
}

/** A SchemaStore `fileMatch` pattern as a workspace glob (`workspace.findFiles`): anywhere below the folder. */
export function patternToGlob(pattern: string): string {
  const body = pattern.replace(/^\.?\//, '');
  return body.startsWith('**/') ? body : `**/${body}`;
}

/** Whether a file is named like an automation config (catalog or user patterns), not a JSON Schema file. */
export function isAutomationConfigUri(uri: string, path: string, extraPatterns: readonly string[]): boolean {
  return !isJsonSchemaFile(path) && createSelector({ extraPatterns })(uri, 'json', '');
}

/** What `dbkit: Validate Workspace` skips: dependencies, git's folder, JSON Schema files. */
export const VALIDATE_EXCLUDE_GLOB = '{**/node_modules/**,**/.git/**,**/*.schema.json}';

/** The glob `dbkit: Validate Workspace` searches: the catalog's patterns and the user's. */
export function automationConfigGlob(extraPatterns: readonly string[]): string {
  const globs = [...new Set([...AUTOMATION_CONFIG_FILE_MATCH, ...extraPatterns].map(patternToGlob))];
  // Braces with a single alternative are not expanded by every glob engine.
  return globs.length === 1 ? globs[0]! : `{${globs.join(',')}}`;
}
