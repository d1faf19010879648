/** A pool worker: builds its own check context once, then checks the inputs it is sent, one message each. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Input } from '../inputs.js';
import { type CheckSettings, createCheckContext } from './context.js';
import { checkInput } from './task.js';

export interface WorkerTask {
  readonly index: number;
  readonly input: Input;
}

const port = parentPort;
if (port === null) throw new Error('worker.js runs only as a worker thread of the dbkit CLI');
const { context } = await createCheckContext(workerData as CheckSettings);
port.on('message', ({ index, input }: WorkerTask) => {
  port.postMessage({ index, result: checkInput(input, context) });
});
