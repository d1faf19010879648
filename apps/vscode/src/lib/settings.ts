/**
 * The `dbkit` settings, read once into a plain object: what the client uses itself and what it hands the server
 * (`initializationOptions`, and the answer to the server's `workspace/configuration` requests for `dbkit`).
 */
import { codesBaseUrl } from './codePages.js';
import { readExtraPatterns } from './patterns.js';
import { readSeverityOverrides, type SeverityOverrides } from './severity.js';

export type TraceLevel = 'off' | 'messages' | 'verbose';

export interface ClientSettings {
  readonly enable: boolean;
  /** Where the diagnostics' code links go (`lib/codePages.ts`). */
  readonly codesBaseUrl: string;
  readonly extraPatterns: readonly string[];
  readonly severityOverrides: SeverityOverrides;
  readonly trace: TraceLevel;
}

/** What `workspace.getConfiguration('dbkit').get(key)` gives; the tests pass a plain object. */
export type ConfigurationReader = (key: string) => unknown;

/** Reads a settings object (`{ enable, files: { associations }, … }`) as a {@link ConfigurationReader}. */
export function readerOf(section: unknown): ConfigurationReader {
  return (key) => {
    let value: unknown = section;
    for (const part of key.split('.')) {
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    }
    return value;
  };
}

/** `uriScheme`: VS Code's own (`vscode.env.uriScheme`), for the links to the extension's pages. */
export function readClientSettings(get: ConfigurationReader, uriScheme = 'vscode'): ClientSettings {
  const trace = get('trace.server');
  return {
    enable: get('enable') !== false,
    codesBaseUrl: codesBaseUrl(get('codes.baseUrl'), uriScheme),
    extraPatterns: readExtraPatterns(get('files.associations')),
    severityOverrides: readSeverityOverrides(get('diagnostics.severityOverrides')).overrides,
    trace: trace === 'messages' || trace === 'verbose' ? trace : 'off',
  };
}

/**
 * The `dbkit` section as the server reads it (`readSettings` in @dbkit/language-server: `files.associations`, and
 * at start `codes.baseUrl`). Only what the server uses, cleaned: severity overrides stay in the client, which
 * applies them.
 */
export interface ServerSection {
  readonly files: { readonly associations: readonly string[] };
  readonly codes: { readonly baseUrl: string };
}

export function serverSection(settings: ClientSettings): ServerSection {
  return { files: { associations: [...settings.extraPatterns] }, codes: { baseUrl: settings.codesBaseUrl } };
}

/** `initializationOptions` of the language client: `{ dbkit: <section> }`, as the server's `readSettings` takes. */
export function initializationOptions(settings: ClientSettings): { readonly dbkit: ServerSection } {
  return { dbkit: serverSection(settings) };
}
