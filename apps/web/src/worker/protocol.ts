/**
 * The messages between the page and the language worker. The page owns the editor and the DOM; the worker owns
 * every parse and validation. Requests carry LSP positions and answer LSP data (`vscode-languageserver-types`);
 * the page converts them to monaco's shapes (`src/lsp/convert.ts`).
 */

import type { ApiSchemaName } from '@dbkit/schema';
import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  FormattingOptions,
  Hover,
  Location,
  LocationLink,
  Position,
  Range,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-types';
import type { PlanView } from './planTypes.js';
import type {
  GoalView,
  ServiceOpenOutcome,
  ServiceParams,
  ServicePushOutcome,
  ServiceWatchOutcome,
  ServiceWatchParams,
} from './serviceTypes.js';

/** What a document is: an automation config (dbkit's service) or an API document (its JSON Schema). */
export type DocumentKind = 'automation-config' | ApiSchemaName;

/** One edit in the previous version's offsets, in the order monaco reports them (safe to apply one by one). */
export interface ContentChange {
  readonly rangeOffset: number;
  readonly rangeLength: number;
  readonly text: string;
}

/** Notifications from the page: the document's life. */
export type PageNotification =
  | {
      readonly type: 'open';
      readonly uri: string;
      readonly fileName: string;
      readonly text: string;
      readonly version: number;
      /** The kind the user chose; undefined: the worker decides from the file name and `$schema`. */
      readonly kind?: DocumentKind;
    }
  | { readonly type: 'change'; readonly uri: string; readonly version: number; readonly changes: ContentChange[] }
  | { readonly type: 'close'; readonly uri: string }
  /** Stops the request `id` early (a watch the page no longer shows); it still answers. */
  | { readonly type: 'cancel'; readonly id: number };

/** The requests the page makes, with their parameters and results. */
export interface RequestMap {
  completion: { params: { uri: string; position: Position }; result: CompletionList | null };
  resolveCompletion: { params: { uri: string; item: CompletionItem }; result: CompletionItem };
  hover: { params: { uri: string; position: Position }; result: Hover | null };
  definition: { params: { uri: string; position: Position }; result: LocationLink[] | null };
  references: { params: { uri: string; position: Position }; result: Location[] | null };
  prepareRename: {
    params: { uri: string; position: Position };
    result: { range: Range; placeholder: string } | { reason: string };
  };
  rename: {
    params: { uri: string; position: Position; newName: string };
    result: WorkspaceEdit | { reason: string };
  };
  codeActions: { params: { uri: string; range: Range }; result: CodeAction[] };
  documentSymbols: { params: { uri: string }; result: (DocumentSymbol | SymbolInformation)[] };
  foldingRanges: { params: { uri: string }; result: FoldingRange[] };
  format: { params: { uri: string; range?: Range; options: FormattingOptions }; result: TextEdit[] };
  /** The transition from an older revision (`oldText`) to the open document: core's `planTransition`, located. */
  plan: { params: { uri: string; oldText: string; oldName: string }; result: PlanView };
  /** Reads a project's automation config from the service (`src/worker/service.ts`, loaded on first use). */
  serviceOpen: { params: ServiceParams; result: ServiceOpenOutcome };
  /** Sends the open document to the service, its `version` one above the version it was opened at. */
  servicePush: {
    params: ServiceParams & { uri: string; allowUnsafeTransition: boolean };
    result: ServicePushOutcome;
  };
  /** Polls the automation status until the pushed version is applied; each status read is a progress report. */
  serviceWatch: { params: ServiceWatchParams; result: ServiceWatchOutcome; progress: GoalView };
}

export type RequestMethod = keyof RequestMap;

/** What a request reports before it answers; only long requests (`serviceWatch`) report. */
export type ProgressOf<M extends RequestMethod> = RequestMap[M] extends { progress: infer P } ? P : never;

/** Requests answered by the worker itself rather than by the features of the document's kind. */
export const TOOL_METHODS = ['plan', 'serviceOpen', 'servicePush', 'serviceWatch'] as const;
export type ToolMethod = (typeof TOOL_METHODS)[number];
/** Requests each kind of document answers (`features.ts`). */
export type FeatureMethod = Exclude<RequestMethod, ToolMethod>;

export interface RequestMessage<M extends RequestMethod = RequestMethod> {
  readonly type: 'request';
  readonly id: number;
  readonly method: M;
  readonly params: RequestMap[M]['params'];
}

/** The validation of one document version, pushed by the worker. */
export interface DiagnosticsReport {
  readonly type: 'diagnostics';
  readonly uri: string;
  readonly version: number;
  readonly kind: DocumentKind;
  readonly diagnostics: Diagnostic[];
  /** How long parsing and validation took in the worker, ms. */
  readonly durationMs: number;
}

export type WorkerMessage =
  | DiagnosticsReport
  /** A report of request `id` before its answer (`ProgressOf` its method). */
  | { readonly type: 'progress'; readonly id: number; readonly value: unknown }
  | { readonly type: 'response'; readonly id: number; readonly result: unknown }
  | { readonly type: 'response'; readonly id: number; readonly error: string };

export type PageMessage = PageNotification | RequestMessage;
