/**
 * auth.usersWanted[].scramSha1Creds / scramSha256Creds: the credentials the service stores for a user, checked
 * with scramCredentialsShape. The wanted user's own shape says only that each is an object; auth.ts checks how a
 * user gets a password (and counts stored credentials as one).
 */
import type { Collector } from '../context.js';
import { scramCredentialsShape } from '../securityShapes.js';
import { checkShapeAt } from '../shape.js';
import { isObject, type JsonObject } from '../util.js';
import { conformsTo, quickShape } from './quickShape.js';

const SCRAM_FIELDS = ['scramSha1Creds', 'scramSha256Creds'] as const;
const QUICK = quickShape(scramCredentialsShape);

export function checkStoredCredentials(c: Collector, doc: JsonObject): void {
  const auth = doc.auth;
  // Non-objects (auth, users, credentials) are reported by the shapes of auth and of a wanted user.
  if (isObject(auth) && Array.isArray(auth.usersWanted)) checkEachUser(c, auth.usersWanted);
}

/** The loop alone in its function (see rules/processes.ts). */
function checkEachUser(c: Collector, users: readonly unknown[]): void {
  for (let u = 0; u < users.length; u++) {
    const user = users[u];
    if (!isObject(user)) continue;
    for (let f = 0; f < SCRAM_FIELDS.length; f++) {
      const field = SCRAM_FIELDS[f] as (typeof SCRAM_FIELDS)[number];
      const creds = user[field];
      if (isObject(creds) && !conformsTo(creds, QUICK)) {
        checkShapeAt(c, creds, ['auth', 'usersWanted', u], field, scramCredentialsShape);
      }
    }
  }
}
