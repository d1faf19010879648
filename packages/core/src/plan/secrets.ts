/**
 * The plan's second line of defence for secrets. Core never puts a secret's value in a summary, message or note;
 * whoever shows a plan still scrubs it with the values of both documents' secret fields (`SECRET_FIELDS`), as
 * `dbkit plan` and the editor's plan document do.
 */
import { isObject, isSecretField } from '../validation/util.js';

/** What a secret prints as: a fixed length, so the text does not reveal the secret's length. */
export const SECRET_MASK = '********';

/** A secret's value as text (a string's contents, a number's digits). */
export interface SecretText {
  readonly value: string;
}

/**
 * Every value held by a secret field anywhere in a parsed document: the string or number of `"autoPwd": …`, and
 * every string and number inside an object or array given as a secret field's value (a secret of the wrong type is
 * still a secret). `key` is also an index's key pattern in `indexConfigs`; those are collected too, the safe side.
 *
 * @example
 * secretTextsOf({ auth: { autoPwd: 'hunter22' } }); // [{ value: 'hunter22' }]
 */
export function secretTextsOf(document: unknown): SecretText[] {
  const found: SecretText[] = [];
  const collectAll = (value: unknown): void => {
    if (typeof value === 'string' || typeof value === 'number') found.push({ value: String(value) });
    else if (Array.isArray(value)) for (const item of value) collectAll(item);
    else if (isObject(value)) for (const item of Object.values(value)) collectAll(item);
  };
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (isObject(value)) {
      for (const [name, item] of Object.entries(value)) {
        if (isSecretField(name)) collectAll(item);
        else walk(item);
      }
    }
  };
  walk(document);
  return found;
}

/**
 * Replaces any secret value that made its way into a message with the mask. Values shorter than 4 characters are
 * replaced only where they appear quoted, so a one-letter password does not garble every word.
 *
 * @example
 * scrubSecrets('password "hunter22" rejected', [{ value: 'hunter22' }]); // 'password "********" rejected'
 */
export function scrubSecrets(message: string, secrets: readonly SecretText[]): string {
  let out = message;
  for (const { value } of secrets) {
    if (value === '') continue;
    out = out.split(JSON.stringify(value)).join(`"${SECRET_MASK}"`);
    if (value.length >= 4) out = out.split(value).join(SECRET_MASK);
  }
  return out;
}
