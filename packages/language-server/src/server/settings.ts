/**
 * Settings, from `initializationOptions` or `workspace/configuration` (section `dbkit`):
 * `{ "dbkit": { "files": { "associations": ["*.acfg.json"] } } }` adds file patterns of automation configs.
 * Anything malformed is ignored (the previous value stays), never a crash.
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
