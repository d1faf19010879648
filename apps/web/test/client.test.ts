// The page's side of the worker (`src/lsp/client.ts`) over a fake worker: answers, progress reports, cancellation.
import { describe, expect, it } from 'vitest';
import { createLanguageClient, type WorkerLike } from '../src/lsp/client.ts';
import type { WorkerMessage } from '../src/worker/protocol.ts';
import type { GoalView, ServiceWatchParams } from '../src/worker/serviceTypes.ts';

/** A worker that records what the page posts and answers what the test tells it to. */
function fakeWorker() {
  const posted: unknown[] = [];
  let listener: ((event: MessageEvent<WorkerMessage>) => void) | undefined;
  const worker: WorkerLike = {
    postMessage: (message) => posted.push(message),
    addEventListener: (_type, l) => {
      listener = l;
    },
  };
  const send = (data: WorkerMessage) => listener?.({ data } as MessageEvent<WorkerMessage>);
  return { worker, posted, send };
}

const params: ServiceWatchParams = {
  baseUrl: 'http://127.0.0.1:1',
  groupId: 'g',
  publicKey: 'p',
  privateKey: 'k',
  version: 7,
  timeoutMs: 1000,
  intervalMs: 100,
};
const view = (line: string): GoalView => ({
  progress: { goalVersion: 7, atGoal: 0, total: 1, done: false, working: [], stuck: [] },
  line,
  processes: [],
});

describe('requests to the worker', () => {
  it('hands each progress report to the request that asked, then its answer', async () => {
    const { worker, posted, send } = fakeWorker();
    const client = createLanguageClient(worker);
    const seen: string[] = [];
    const answer = client.request('serviceWatch', params, { onProgress: (v) => seen.push(v.line) });
    expect(posted).toEqual([{ type: 'request', id: 1, method: 'serviceWatch', params }]);
    send({ type: 'progress', id: 1, value: view('0/1') });
    send({ type: 'progress', id: 2, value: view('another request') });
    send({ type: 'progress', id: 1, value: view('1/1') });
    send({ type: 'response', id: 1, result: { kind: 'goal', version: 7, view: view('1/1') } });
    await expect(answer).resolves.toMatchObject({ kind: 'goal' });
    expect(seen).toEqual(['0/1', '1/1']);
    // A report after the answer has no one to go to.
    send({ type: 'progress', id: 1, value: view('late') });
    expect(seen).toEqual(['0/1', '1/1']);
  });

  it.for([
    { name: 'aborted while running', abortBefore: false },
    { name: 'aborted before it was sent', abortBefore: true },
  ])('tells the worker to cancel a request $name, and drops its later reports', async ({ abortBefore }) => {
    const { worker, posted, send } = fakeWorker();
    const client = createLanguageClient(worker);
    const stop = new AbortController();
    if (abortBefore) stop.abort();
    const seen: string[] = [];
    const answer = client.request('serviceWatch', params, {
      signal: stop.signal,
      onProgress: (v) => seen.push(v.line),
    });
    stop.abort();
    expect(posted.at(-1)).toEqual({ type: 'cancel', id: 1 });
    expect(posted.filter((m) => (m as { type: string }).type === 'cancel')).toHaveLength(1);
    send({ type: 'progress', id: 1, value: view('after the cancel') });
    send({ type: 'response', id: 1, result: { kind: 'stopped', version: 7 } });
    await expect(answer).resolves.toEqual({ kind: 'stopped', version: 7 });
    expect(seen).toEqual([]);
  });

  it('sends no cancel for a request already answered', async () => {
    const { worker, posted, send } = fakeWorker();
    const client = createLanguageClient(worker);
    const stop = new AbortController();
    const answer = client.request('serviceWatch', params, { signal: stop.signal });
    send({ type: 'response', id: 1, result: { kind: 'goal', version: 7, view: view('1/1') } });
    await answer;
    stop.abort();
    expect(posted).toHaveLength(1);
  });
});
