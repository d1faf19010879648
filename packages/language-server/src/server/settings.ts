/**
 * Settings, from `initializationOptions` or `workspace/configuration` (section `dbkit`):
 * `{ "dbkit": { "files": { "associations": ["*.acfg.json"] } } }` adds file patterns of automation configs.
 * Anything malformed is ignored (the previous value stays), never a crash. `initializationOptions` may also name
 * where the codes' reference pages are: `{ "dbkit": { "codes": { "baseUrl": "http://localhost:5178/codes/" } } }`.
 */
import type { SelectionSettings } from '../service/selection.js';

export interface ServerSettings {
  readonly selection: SelectionSettings;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

export function readSettings(raw: unknown, previous: SelectionSettings): ServerSettings {
  const associations = field(field(field(raw, 'dbkit'), 'files'), 'associations');
  if (!Array.isArray(associations)) return { selection: previous };
  return { selection: { extraPatterns: associations.filter((p): p is string => typeof p === 'string' && p !== '') } };
}

/** The base URL of the codes' reference pages in `initializationOptions`, when it is a URL. */
export function readCodesBaseUrl(raw: unknown): string | undefined {
  const value = field(field(field(raw, 'dbkit'), 'codes'), 'baseUrl');
  if (typeof value !== 'string') return undefined;
  try {
    return new URL(value).href;
  } catch {
    return undefined;
  }
}
