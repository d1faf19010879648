/**
 * Which values of an automation configuration are secrets: declared once, by path. A path names a place in the
 * document, never a field name alone: `auth.key` is the key file's contents, while the `key` of an index
 * (`indexConfigs[].key`) or of a sharded collection is not a secret, nor is a process named `pwd`.
 */
import type { JsonPath } from '../validation/diagnostic.js';

/**
 * The secrets, as paths from the document's root; `[]` is any item of an array. The first eight are the spec's
 * (`<PASSWORD>`, `<KEY_FILE_CONTENTS>`, and the new key and password of a rotation; `tls` is the name current
 * documents use for `ssl`). The others hold credentials in real documents too: a wanted user's `pwd`, the
 * SCRAM-SHA-1 hash of the password (enough to log in with the old challenge-response mechanism), and the server's
 * own key-file and cluster passwords in `args2_6.net.tls`, or `net.ssl` before server 4.2 (both spellings in
 * either object, as real documents mix them).
 */
export const SECRET_PATHS = [
  'auth.autoPwd',
  'auth.key',
  'auth.usersWanted[].initPwd',
  'ldap.bindQueryPassword',
  'ssl.autoPEMKeyFilePwd',
  'tls.autoPEMKeyFilePwd',
  'auth.newKey',
  'auth.newAutoPwd',
  'auth.usersWanted[].pwd',
  'processes[].args2_6.net.tls.certificateKeyFilePassword',
  'processes[].args2_6.net.tls.clusterPassword',
  'processes[].args2_6.net.tls.PEMKeyPassword',
  'processes[].args2_6.net.ssl.PEMKeyPassword',
  'processes[].args2_6.net.ssl.clusterPassword',
  'processes[].args2_6.net.ssl.certificateKeyFilePassword',
] as const;
export type SecretPath = (typeof SECRET_PATHS)[number];

/**
 * Where a walk of a document stands among the secret paths: after the segments read so far, which keys (or any
 * array item) lead on to a secret, and whether the value here is one. Walkers (a parsed value, a text scanner, a
 * tree) keep one node per open container and step with {@link secretStep}, without building paths.
 */
export interface SecretNode {
  /** The value here is a secret, and so is everything inside it (a secret of the wrong type is still a secret). */
  readonly secret: boolean;
  /** The keys that lead on, when the value here is an object. */
  readonly keys: ReadonlyMap<string, SecretNode>;
  /** Where any item leads, when the value here is an array. */
  readonly items: SecretNode | undefined;
}

interface MutableNode {
  secret: boolean;
  readonly keys: Map<string, MutableNode>;
  items: MutableNode | undefined;
}

function emptyNode(): MutableNode {
  return { secret: false, keys: new Map(), items: undefined };
}

/** The root of the secret paths' trie: the document's value. */
export const SECRET_ROOT: SecretNode = (() => {
  const root = emptyNode();
  for (const path of SECRET_PATHS) {
    let node = root;
    for (const part of path.split('.')) {
      const name = part.endsWith('[]') ? part.slice(0, -2) : part;
      let next = node.keys.get(name);
      if (next === undefined) {
        next = emptyNode();
        node.keys.set(name, next);
      }
      node = next;
      if (part.endsWith('[]')) {
        node.items ??= emptyNode();
        node = node.items;
      }
    }
    node.secret = true;
  }
  return root;
})();

/**
 * The node after one more segment: a key of an object (a string) or an index of an array (a number). Undefined
 * when no secret lies below; a secret node's every descendant is the node itself.
 *
 * @example
 * secretStep(secretStep(SECRET_ROOT, 'auth')!, 'key')?.secret; // true
 * secretStep(SECRET_ROOT, 'indexConfigs'); // undefined
 */
export function secretStep(node: SecretNode, segment: string | number): SecretNode | undefined {
  if (node.secret) return node;
  return typeof segment === 'number' ? node.items : node.keys.get(segment);
}

/**
 * Whether the value at `path` is a secret, or inside one. What every consumer asks: hover, the outline, code
 * frames, the scrubbing of plans and messages.
 *
 * @example
 * isSecretPath(['auth', 'usersWanted', 3, 'initPwd']); // true
 * isSecretPath(['indexConfigs', 0, 'key']); // false
 */
export function isSecretPath(path: JsonPath): boolean {
  let node: SecretNode | undefined = SECRET_ROOT;
  for (const segment of path) {
    node = secretStep(node, segment);
    if (node === undefined) return false;
    if (node.secret) return true;
  }
  return node.secret;
}

/** The last key of every secret path (`autoPwd`, `key`, `PEMKeyPassword`…), for scanners that search text for them. */
export const SECRET_KEYS: readonly string[] = [
  ...new Set(SECRET_PATHS.map((path) => path.slice(path.lastIndexOf('.') + 1))),
];

/** The keys that hold a secret below a node (`PEMKeyPassword`… below `processes`). */
function keysBelow(node: SecretNode, into = new Set<string>()): Set<string> {
  for (const [key, next] of node.keys) {
    if (next.secret) into.add(key);
    else keysBelow(next, into);
  }
  if (node.items !== undefined) keysBelow(node.items, into);
  return into;
}

const namesBelow = new WeakMap<SecretNode, RegExp>();

/**
 * Whether the text from `start` to `end` may hold a secret below `node`: it spells, in quotes, a key that holds one
 * there, or has a `\u` escape (which may spell one). A scanner of valid text reads a container on the way to a
 * secret key by key only when this says so, and skips it otherwise: every process of a deployment whose servers have
 * no key-file password.
 *
 * @example
 * mayHoldSecretBelow(SECRET_ROOT, '{"indexConfigs": [{"key": [["field", 1]]}]}'); // true: "key" may be auth's
 * mayHoldSecretBelow(secretStep(SECRET_ROOT, 'processes')!, '[{"name": "pwd"}]'); // false
 */
export function mayHoldSecretBelow(node: SecretNode, text: string, start = 0, end = text.length): boolean {
  let names = namesBelow.get(node);
  if (names === undefined) {
    names = new RegExp(`"(?:${[...keysBelow(node)].join('|')})"|\\\\u`);
    namesBelow.set(node, names);
  }
  // A slice shares the text's characters: the search stops at `end`.
  return names.test(start === 0 && end === text.length ? text : text.slice(start, end));
}
