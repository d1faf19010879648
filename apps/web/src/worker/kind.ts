/**
 * Which kind a document is, from its file name and (a quick look at) its `$schema`: an automation config (the
 * schema catalog's file patterns, the language server's rule) or one of the API documents (the file names the VS
 * Code extension associates with each API schema, and the examples' names). Anything else is taken for an
 * automation config: that is what the playground is for, and the user can change the kind.
 */
import { isAutomationConfigFileName } from '@dbkit/schema/fileMatch';
import type { DocumentKind } from './protocol.js';

/** The API document kinds, longest name first so `alert-list` wins over `alert`. */
export const API_KINDS: readonly Exclude<DocumentKind, 'automation-config'>[] = [
  'config-server-snapshot-list',
  'cluster-snapshot-list',
  'config-server-snapshot',
  'cluster-snapshot',
  'snapshot-patch',
  'alert-list',
  'alert',
  'error',
];

/** File names of API documents that do not end in the kind's name (the examples' list pages, the error body). */
const ALIASES: { readonly [fileName: string]: DocumentKind } = {
  'cluster-snapshot-list-page.json': 'cluster-snapshot-list',
  'config-server-snapshot-list-page.json': 'config-server-snapshot-list',
  'error-body.json': 'error',
};

const SCHEMA_PROPERTY = /"\$schema"\s*:\s*"([^"]*)"/;

function kindOfSchemaUrl(url: string): DocumentKind | undefined {
  const file =
    url
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() ?? '';
  const name = file.replace(/\.schema\.json$/, '');
  if (name === 'automation-config') return 'automation-config';
  return API_KINDS.find((kind) => kind === name);
}

export function detectKind(fileName: string, text: string): DocumentKind {
  const schema = SCHEMA_PROPERTY.exec(text.slice(0, 4096));
  const fromSchema = schema ? kindOfSchemaUrl(schema[1]!) : undefined;
  if (fromSchema !== undefined) return fromSchema;
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  if (isAutomationConfigFileName(base)) return 'automation-config';
  const alias = ALIASES[base];
  if (alias !== undefined) return alias;
  const api = API_KINDS.find((kind) => base === `${kind}.json` || base.endsWith(`.${kind}.json`));
  return api ?? 'automation-config';
}

/** Human names of the kinds, for the status line and the kind picker. */
export const KIND_LABELS: { readonly [kind in DocumentKind]: string } = {
  'automation-config': 'Automation config',
  'cluster-snapshot': 'Cluster snapshot',
  'cluster-snapshot-list': 'Cluster snapshot list page',
  'snapshot-patch': 'Snapshot expiry change (PATCH body)',
  'config-server-snapshot': 'Config server snapshot (deprecated)',
  'config-server-snapshot-list': 'Config server snapshot list page (deprecated)',
  alert: 'Alert',
  'alert-list': 'Alert list page',
  error: 'Error body',
};
