/** What the worker answers for one kind of document: its diagnostics and one handler per request. */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { FeatureMethod, RequestMap, RequestMethod } from './protocol.js';

export type Handler<M extends RequestMethod> = (
  document: TextDocument,
  params: RequestMap[M]['params'],
) => RequestMap[M]['result'] | PromiseLike<RequestMap[M]['result']>;

export type Features = { readonly [M in FeatureMethod]: Handler<M> } & {
  diagnostics(document: TextDocument): Diagnostic[] | PromiseLike<Diagnostic[]>;
  /** Tells the service about an edit so it updates its tree (automation configs); a no-op otherwise. */
  edited(document: TextDocument, edit: { start: number; end: number; newLength: number }): void;
  forget(uri: string): void;
};

/**
 * At most this many folding ranges (monaco's own default limit, `foldingMaximumRegions`): a 3 MB config has tens of
 * thousands, and copying them to the page on every edit would block its thread.
 */
export const FOLDING_RANGE_LIMIT = 5000;
