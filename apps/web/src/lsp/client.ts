/**
 * The page's side of the language worker: notifications (open, change, close), requests with promised answers,
 * and the diagnostics the worker pushes. No parsing happens here.
 */
import type {
  DiagnosticsReport,
  PageNotification,
  RequestMap,
  RequestMethod,
  WorkerMessage,
} from '../worker/protocol.js';

export interface LanguageClient {
  notify(message: PageNotification): void;
  request<M extends RequestMethod>(method: M, params: RequestMap[M]['params']): Promise<RequestMap[M]['result']>;
  onDiagnostics(listener: (report: DiagnosticsReport) => void): void;
}

/** The part of a `Worker` the client uses (a fake in tests). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerMessage>) => void): void;
}

export function createLanguageClient(worker: WorkerLike): LanguageClient {
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners: ((report: DiagnosticsReport) => void)[] = [];
  worker.addEventListener('message', ({ data }) => {
    if (data.type === 'diagnostics') {
      for (const listener of listeners) listener(data);
      return;
    }
    const waiting = pending.get(data.id);
    if (waiting === undefined) return;
    pending.delete(data.id);
    if ('error' in data) waiting.reject(new Error(data.error));
    else waiting.resolve(data.result);
  });
  return {
    notify: (message) => worker.postMessage(message),
    request(method, params) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ type: 'request', id, method, params });
      });
    },
    onDiagnostics: (listener) => {
      listeners.push(listener);
    },
  };
}
