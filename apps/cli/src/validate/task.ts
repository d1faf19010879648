/** Reading and checking one input: the unit of work of both the serial path and the worker pool. */
import { readFileSync } from 'node:fs';
import type { Input } from '../inputs.js';
import { type CheckContext, checkText } from './check.js';
import type { FileResult } from './finding.js';

export function checkInput(input: Input, context: CheckContext, stdinText?: string): FileResult {
  let text: string;
  if (input.path === undefined) {
    text = stdinText ?? '';
  } else {
    try {
      text = readFileSync(input.path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? String(error));
      return { name: input.name, status: 'unreadable', reason, findings: [] };
    }
  }
  return checkText(input.name, text, input.explicit, context);
}
