/** Reading and checking one input: the unit of work of both the serial path and the worker pool. */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { Input } from '../inputs.js';
import { type CheckContext, checkText } from './check.js';
import type { FileResult } from './finding.js';

/**
 * One buffer per thread, reused for every file and grown to the largest: `readFileSync` allocates a new buffer per
 * file, and on a VM every fresh page costs a fault, about a third of a run (docs/decisions/cli.md, "Files are read
 * into one reused buffer per thread").
 */
let buffer = Buffer.allocUnsafe(256 * 1024);

/** A file's text, as `readFileSync(path, 'utf8')` gives it (and throwing the same errors). */
function readText(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size + 1 > buffer.length) buffer = Buffer.allocUnsafe(size + 1);
    let length = 0;
    // Until end of file: the size is a hint (the file may grow, or report 0 like those of /proc).
    for (;;) {
      if (length === buffer.length) {
        const larger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(larger, 0, 0, length);
        buffer = larger;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return buffer.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
}

export function checkInput(input: Input, context: CheckContext, stdinText?: string): FileResult {
  let text: string;
  if (input.path === undefined) {
    text = stdinText ?? '';
  } else {
    try {
      text = readText(input.path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? String(error));
      return { name: input.name, status: 'unreadable', reason, findings: [] };
    }
  }
  return checkText(input.name, text, input.explicit, context);
}
