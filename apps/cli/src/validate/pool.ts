/**
 * Parallel checking over `node:worker_threads`: a pool of workers that each compile the schema once and read and
 * check whole files. Results come back out of order; the caller puts them back in input order.
 */
import { Worker } from 'node:worker_threads';
import type { Input } from '../inputs.js';
import type { CheckSettings } from './context.js';
import type { FileResult } from './finding.js';
import type { WorkerTask } from './worker.js';

/** Tasks sent ahead to each worker, so it never waits for the main thread between two files. */
const IN_FLIGHT = 2;

export function checkInParallel(
  inputs: readonly Input[],
  jobs: number,
  settings: CheckSettings,
  onResult: (index: number, result: FileResult) => void,
): Promise<void> {
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
    const send = (worker: Worker): void => {
      if (next >= inputs.length) return;
      const task: WorkerTask = { index: next, input: inputs[next]! };
      next++;
      worker.postMessage(task);
    };
    const count = Math.max(1, Math.min(jobs, inputs.length));
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: settings });
      workers.push(worker);
      worker.on('message', ({ index, result }: { index: number; result: FileResult }) => {
        if (failed) return;
        onResult(index, result);
        done++;
        if (done === inputs.length) finish();
        else send(worker);
      });
      worker.on('error', (error) => {
        if (failed) return;
        failed = true;
        finish(error);
      });
      for (let k = 0; k < IN_FLIGHT; k++) send(worker);
    }
    if (inputs.length === 0) finish();
  });
}
