/**
 * The language worker: every parse and validation of the playground happens here, off the page's thread. It keeps
 * the open documents, pushes diagnostics shortly after each change, and answers the page's requests with the
 * features of the document's kind. A failing request is answered with an error message (never the document's
 * text: it may hold secrets), and the worker keeps running.
 */
import { automationFeatures } from './automationFeatures.js';
import { applyChanges, type OpenDocument, openDocument } from './documents.js';
import type { Features } from './features.js';
import { detectKind } from './kind.js';
import {
  type DocumentKind,
  type FeatureMethod,
  type PageMessage,
  type RequestMap,
  type RequestMessage,
  type RequestMethod,
  TOOL_METHODS,
  type ToolMethod,
  type WorkerMessage,
} from './protocol.js';

/** How long after the last keystroke the document is validated again. */
const DIAGNOSTICS_DELAY_MS = 120;
/**
 * How long a document's markers are shown, with no edit, before the worker answers what monaco asks for on its own
 * after an edit (folding ranges: a pass over the whole text, ~80 ms at 3 MB). Users type again once they have read
 * the markers; asked for at once, that pass would run just then and hold their keystroke's completion behind it.
 */
const BACKGROUND_QUIET_MS = 300;
/** The requests monaco sends by itself after edits, answered once the document is quiet (`quietAfterMarkers`). */
const BACKGROUND_METHODS: ReadonlySet<RequestMethod> = new Set<RequestMethod>(['foldingRanges']);

// The worker's global scope; the page's tsconfig has the DOM types, not the WebWorker ones.
declare const self: {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: { data: PageMessage }) => void): void;
};

const featuresByKind = new Map<DocumentKind, Features>();
/**
 * The API documents' features (their schemas and a JSON language service of their own), loaded on first use: the
 * page's first markers are an automation config's, and need none of it.
 */
let apiModule: Promise<typeof import('./apiFeatures.js')> | undefined;
async function featuresOf(kind: DocumentKind): Promise<Features> {
  const built = featuresByKind.get(kind);
  if (built !== undefined) return built;
  let features: Features;
  if (kind === 'automation-config') features = automationFeatures();
  else {
    apiModule ??= import('./apiFeatures.js');
    features = (await apiModule).apiFeatures(kind);
  }
  // Two requests may have waited for the module: the first to come back builds the kind's features.
  if (!featuresByKind.has(kind)) featuresByKind.set(kind, features);
  return featuresByKind.get(kind) ?? features;
}

const documents = new Map<string, OpenDocument>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
/** When each document's current markers were posted (none while a validation is pending). */
const validatedAt = new Map<string, number>();

const describe = (error: unknown) => (error instanceof Error ? error.message : 'unknown error');

async function validate(uri: string): Promise<void> {
  timers.delete(uri);
  const open = documents.get(uri);
  if (open === undefined) return;
  const started = performance.now();
  try {
    const diagnostics = await (await featuresOf(open.kind)).diagnostics(open.document);
    // A newer version arrived while this one was validated: its own run reports.
    if (documents.get(uri) !== open) return;
    const durationMs = performance.now() - started;
    validatedAt.set(uri, performance.now());
    self.postMessage({
      type: 'diagnostics',
      uri,
      version: open.document.version,
      kind: open.kind,
      diagnostics,
      durationMs,
    });
  } catch (error) {
    validatedAt.set(uri, performance.now());
    self.postMessage({
      type: 'diagnostics',
      uri,
      version: open.document.version,
      kind: open.kind,
      diagnostics: [
        {
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          severity: 1,
          source: 'dbkit',
          message: `The playground could not validate this document: ${describe(error)}`,
        },
      ],
      durationMs: performance.now() - started,
    });
  }
}

function schedule(uri: string, delay: number): void {
  validatedAt.delete(uri);
  const pending = timers.get(uri);
  if (pending !== undefined) clearTimeout(pending);
  timers.set(
    uri,
    setTimeout(() => void validate(uri), delay),
  );
}

/**
 * Resolves true once `open` has been validated and its markers shown for `BACKGROUND_QUIET_MS` with no edit; false as
 * soon as an edit makes it stale (monaco has then cancelled the request, and drops any answer).
 */
async function quietAfterMarkers(uri: string, open: OpenDocument): Promise<boolean> {
  for (;;) {
    const shown = validatedAt.get(uri);
    const wait = shown === undefined ? BACKGROUND_QUIET_MS : shown + BACKGROUND_QUIET_MS - performance.now();
    if (wait <= 0) return true;
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (documents.get(uri) !== open) return false;
  }
}

const openText = (uri: string) => {
  const open = documents.get(uri);
  if (open === undefined) throw new Error(`no open document ${uri}`);
  return open.document;
};

/** What a tool gets besides its parameters: a signal the page's `cancel` aborts, and a way to report progress. */
interface ToolContext {
  readonly signal: AbortSignal;
  report(value: unknown): void;
}

/**
 * The requests about more than one document's features: plans and the service. Both are loaded on first use, so
 * the worker's first chunk (part of the page's first load) carries neither core's planner nor the client.
 */
const tools: {
  readonly [M in ToolMethod]: (
    params: RequestMap[M]['params'],
    context: ToolContext,
  ) => Promise<RequestMap[M]['result']>;
} = {
  plan: async ({ uri, oldText, oldName }) => (await import('./plan.js')).planBetween(oldText, openText(uri), oldName),
  serviceOpen: async (params) => (await import('./service.js')).openFromService(params),
  servicePush: async ({ uri, allowUnsafeTransition, ...params }) =>
    (await import('./service.js')).pushToService(params, openText(uri), allowUnsafeTransition),
  serviceWatch: async (params, { signal, report }) => (await import('./service.js')).watchGoal(params, report, signal),
};
/** The running tools' cancellations, by request id. */
const running = new Map<number, AbortController>();
const isTool = (request: RequestMessage): request is RequestMessage<ToolMethod> =>
  (TOOL_METHODS as readonly string[]).includes(request.method);

async function answer(request: RequestMessage): Promise<void> {
  if (isTool(request)) {
    const { id } = request;
    const controller = new AbortController();
    running.set(id, controller);
    const context: ToolContext = {
      signal: controller.signal,
      report: (value) => self.postMessage({ type: 'progress', id, value }),
    };
    try {
      const tool = tools[request.method] as (params: unknown, context: ToolContext) => Promise<unknown>;
      self.postMessage({ type: 'response', id, result: await tool(request.params, context) });
    } catch (error) {
      self.postMessage({ type: 'response', id, error: describe(error) });
    } finally {
      running.delete(id);
    }
    return;
  }
  const uri = (request.params as { uri: string }).uri;
  const open = documents.get(uri);
  try {
    if (open === undefined) throw new Error(`no open document ${uri}`);
    if (BACKGROUND_METHODS.has(request.method) && !(await quietAfterMarkers(uri, open))) {
      self.postMessage({ type: 'response', id: request.id, result: null });
      return;
    }
    const handler = (await featuresOf(open.kind))[request.method as FeatureMethod] as (
      document: unknown,
      params: unknown,
    ) => unknown;
    const result = await handler(open.document, request.params);
    self.postMessage({ type: 'response', id: request.id, result: result ?? null });
  } catch (error) {
    self.postMessage({ type: 'response', id: request.id, error: describe(error) });
  }
}

self.addEventListener('message', ({ data }) => {
  switch (data.type) {
    case 'open': {
      const previous = documents.get(data.uri);
      if (previous !== undefined) featuresByKind.get(previous.kind)?.forget(data.uri);
      const kind = data.kind ?? detectKind(data.fileName, data.text);
      documents.set(data.uri, openDocument(data.uri, kind, data.version, data.text));
      schedule(data.uri, 0);
      break;
    }
    case 'change': {
      const open = documents.get(data.uri);
      if (open === undefined) return;
      // Features not loaded yet hold nothing of the document to update.
      const features = featuresByKind.get(open.kind);
      documents.set(
        data.uri,
        applyChanges(open, data.version, data.changes, (document, edit) => features?.edited(document, edit)),
      );
      schedule(data.uri, DIAGNOSTICS_DELAY_MS);
      break;
    }
    case 'close': {
      const open = documents.get(data.uri);
      if (open !== undefined) featuresByKind.get(open.kind)?.forget(data.uri);
      documents.delete(data.uri);
      validatedAt.delete(data.uri);
      break;
    }
    case 'request':
      void answer(data);
      break;
    case 'cancel':
      running.get(data.id)?.abort();
      break;
  }
});

// The automation-config service (vscode-json-languageservice with dbkit's schema) is built now, while the page is
// still fetching and evaluating monaco, so the first document's markers wait only for its own validation.
void featuresOf('automation-config');
