/**
 * The page's side of the language worker: notifications (open, change, close), requests with promised answers
 * (and, for long ones, progress reports and cancellation), and the diagnostics the worker pushes. No parsing
 * happens here.
 */
import type {
  DiagnosticsReport,
  PageNotification,
  ProgressOf,
  RequestMap,
  RequestMethod,
  WorkerMessage,
} from '../worker/protocol.js';

/** For a long request: where its progress reports go, and a signal that cancels it in the worker. */
export interface RequestOptions<M extends RequestMethod> {
  readonly onProgress?: (value: ProgressOf<M>) => void;
  /** Aborting tells the worker to stop; the promise still settles with the worker's answer. */
  readonly signal?: AbortSignal;
}

export interface LanguageClient {
  notify(message: PageNotification): void;
  request<M extends RequestMethod>(
    method: M,
    params: RequestMap[M]['params'],
    options?: RequestOptions<M>,
  ): Promise<RequestMap[M]['result']>;
  onDiagnostics(listener: (report: DiagnosticsReport) => void): void;
}

/** The part of a `Worker` the client uses (a fake in tests). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerMessage>) => void): void;
}

export function createLanguageClient(worker: WorkerLike): LanguageClient {
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; progress(value: never): void }
  >();
  const listeners: ((report: DiagnosticsReport) => void)[] = [];
  worker.addEventListener('message', ({ data }) => {
    if (data.type === 'diagnostics') {
      for (const listener of listeners) listener(data);
      return;
    }
    const waiting = pending.get(data.id);
    if (waiting === undefined) return;
    if (data.type === 'progress') {
      waiting.progress(data.value as never);
      return;
    }
    pending.delete(data.id);
    if ('error' in data) waiting.reject(new Error(data.error));
    else waiting.resolve(data.result);
  });
  return {
    notify: (message) => worker.postMessage(message),
    request(method, params, options = {}) {
      const id = nextId++;
      const { onProgress, signal } = options;
      const cancel = () => worker.postMessage({ type: 'cancel', id } satisfies PageNotification);
      return new Promise((resolve, reject) => {
        const settled = () => signal?.removeEventListener('abort', cancel);
        pending.set(id, {
          resolve: (value) => {
            settled();
            resolve(value as RequestMap[typeof method]['result']);
          },
          reject: (error) => {
            settled();
            reject(error);
          },
          // Reports that cross a cancellation are about what the page no longer shows.
          progress: (value) => {
            if (signal?.aborted !== true) onProgress?.(value);
          },
        });
        worker.postMessage({ type: 'request', id, method, params });
        if (signal?.aborted) cancel();
        else signal?.addEventListener('abort', cancel, { once: true });
      });
    },
    onDiagnostics: (listener) => {
      listeners.push(listener);
    },
  };
}
