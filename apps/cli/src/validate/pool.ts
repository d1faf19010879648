/**
 * Parallel checking: the main thread and a pool of `node:worker_threads` workers take whole files from one queue.
 * Results come back out of order; the caller puts them back in input order.
 *
 * The main thread checks files too, from the start: its context is already loaded, while a worker must first load
 * core and the schema. So `threads` threads check files (the main thread and `threads - 1` workers), no core
 * idles while the workers start, and no core is shared by two busy threads.
 */
import { Worker } from 'node:worker_threads';
import type { Input } from '../inputs.js';
import type { CheckSettings } from './context.js';
import type { FileResult } from './finding.js';
import type { WorkerTask } from './worker.js';

/** Tasks sent ahead to each worker, so it never waits for the main thread between two files. */
const IN_FLIGHT = 2;

/**
 * @param threads threads that check files, the main thread included (2 or more).
 * @param checkHere checks one input in the main thread.
 */
export function checkInParallel(
  inputs: readonly Input[],
  threads: number,
  settings: CheckSettings,
  checkHere: (input: Input) => FileResult,
  onResult: (index: number, result: FileResult) => void,
): Promise<void> {
  // Largest files first: the last files handed out are the small ones, so all threads finish at about the same time.
  const order = inputs.map((_, index) => index).sort((a, b) => inputs[b]!.size - inputs[a]!.size);
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let next = 0;
    let done = 0;
    let failed = false;
    const finish = (error?: unknown): void => {
      for (const worker of workers) void worker.terminate();
      if (error === undefined) resolve();
      else reject(error);
    };
    const fail = (error: unknown): void => {
      if (failed) return;
      failed = true;
      finish(error);
    };
    const complete = (index: number, result: FileResult): void => {
      onResult(index, result);
      done++;
      if (done === inputs.length) finish();
    };
    const send = (worker: Worker): void => {
      if (next >= order.length) return;
      const index = order[next++]!;
      const task: WorkerTask = { index, input: inputs[index]! };
      worker.postMessage(task);
    };
    // One file at a time, then back to the event loop, so the workers' results are taken (and new files sent)
    // between two files of the main thread.
    const checkOneHere = (): void => {
      if (failed || next >= order.length) return;
      const index = order[next++]!;
      let result: FileResult;
      try {
        result = checkHere(inputs[index]!);
      } catch (error) {
        fail(error);
        return;
      }
      complete(index, result);
      setImmediate(checkOneHere);
    };

    if (inputs.length === 0) {
      finish();
      return;
    }
    const count = Math.max(1, Math.min(threads - 1, inputs.length - 1));
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: settings });
      workers.push(worker);
      worker.on('message', ({ index, result }: { index: number; result: FileResult }) => {
        if (failed) return;
        complete(index, result);
        send(worker);
      });
      worker.on('error', fail);
    }
    // The first files in turn (largest first), so no worker starts with two of the largest.
    for (let k = 0; k < IN_FLIGHT; k++) for (const worker of workers) send(worker);
    setImmediate(checkOneHere);
  });
}
