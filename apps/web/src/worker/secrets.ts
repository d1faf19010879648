/**
 * Secrets are never shown: the values of core's secret fields (`autoPwd`, `key`, `initPwd`, …) are collected from
 * both revisions, and every text the page shows from a plan or the service (summaries, messages, notes) has them
 * replaced by a fixed mask, whatever their length. Core already writes no secret into these texts; this is the
 * second line of defence.
 */
import { isSecretField } from '@dbkit/core';

export const MASK = '********';

/** Shorter values are not scrubbed: replacing every "a" or "1" would garble the text and protect nothing. */
const MIN_LENGTH = 3;

/** Every string or number under a secret field, anywhere in the value. */
export function secretValuesOf(value: unknown, found: Set<string> = new Set()): Set<string> {
  const visit = (node: unknown, secret: boolean): void => {
    if (Array.isArray(node)) for (const item of node) visit(item, secret);
    else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) visit(child, secret || isSecretField(key));
    } else if (secret && (typeof node === 'string' || typeof node === 'number')) {
      const text = String(node);
      if (text.length >= MIN_LENGTH) found.add(text);
    }
  };
  visit(value, false);
  return found;
}

/** The text with every secret value replaced by the mask; the longest first, so a secret inside another goes too. */
export function scrub(text: string, secrets: ReadonlySet<string>): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join(MASK);
  return out;
}
