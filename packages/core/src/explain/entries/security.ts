/** The reference entries of the DBK4xx codes: authentication, users, TLS, LDAP and roles. */
import type { DiagnosticCode } from '../../validation/codes.js';
import type { ValidationCodeDoc } from '../codeDoc.js';
import type { Edit } from '../example.js';
import { MECHANISMS, REAL_DOCUMENTS, REPEATED_NAMES, SPEC_AUTH } from './sources.js';

const AUTH_ENABLED = {
  label: 'decision: Authentication is enabled unless auth.disabled is true',
  path: 'docs/decisions/validation.md#authentication-is-enabled-unless-authdisabled-is-true',
};
const TLS_USED = {
  label: 'decision: TLS is used when a process sets a TLS mode',
  path: 'docs/decisions/validation.md#tls-is-used-when-a-process-sets-a-tls-mode',
};
const LDAP_IN_USE = {
  label: 'decision: LDAP is in use once it names servers, a bind identity, a query or a mapping',
  path: 'docs/decisions/validation.md#ldap-is-in-use-once-it-names-servers-a-bind-identity-a-query-or-a-mapping',
};

/** Authentication turned on with every field the spec asks for. The secrets are placeholders. */
const AUTH = {
  disabled: false,
  authoritativeSet: false,
  autoUser: 'automation-agent',
  autoPwd: 'not-a-real-password',
  deploymentAuthMechanisms: ['SCRAM-SHA-256'],
  autoAuthMechanisms: ['SCRAM-SHA-256'],
  key: 'not-a-real-keyfile-contents',
  keyfile: '/var/lib/automation/keyfile',
} as const;

/** A wanted user of the application database `shop`, without its password. */
const SHOP_USER = { db: 'shop', user: 'shop-app', roles: [{ db: 'shop', role: 'readWrite' }] } as const;

/** LDAP as the server needs it: servers and the query that finds a user's groups. */
const LDAP = {
  servers: 'ldap1.example.net:389',
  authzQueryTemplate: 'ou=groups,dc=example,dc=net??sub?(member={USER})',
} as const;

/** {@link AUTH} without some of its fields. */
function authWithout(...fields: readonly (keyof typeof AUTH)[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(AUTH).filter(([field]) => !(fields as readonly string[]).includes(field)));
}

/** The base with authentication on: the other edits come after it. */
function withAuth(...edits: readonly Edit[]): readonly Edit[] {
  return [{ at: ['auth'], set: AUTH }, ...edits];
}

/** Every process of the base with a TLS mode. */
const TLS_PROCESSES: readonly Edit[] = [0, 1, 2].map((i) => ({
  at: ['processes', i, 'args2_6', 'net', 'tls'],
  set: { mode: 'requireTLS' },
}));

export const securityDocs = {
  DBK401: {
    meaning:
      'The document has an `auth` object and authentication is enabled (`disabled` is not `true`), but a field authentication needs is missing or empty: `autoUser`, `autoPwd`, `deploymentAuthMechanisms`, `key` or `keyfile`. Each missing field is reported at `auth`. `autoPwd` is not needed when the automation authenticates only with `MONGODB-X509` or `GSSAPI`.',
    why: 'The spec requires these fields whenever authentication is enabled, and `disabled` defaults to false: an `auth` object without `"disabled": true` turns authentication on. The real service asks for `key` and `keyfile` then even where their values go unused.',
    sources: [AUTH_ENABLED, SPEC_AUTH],
    fix: 'Add the missing fields to `auth`, or set `"disabled": true` if the deployment runs without authentication.',
    related: ['DBK419'],
    examples: {
      wrong: {
        document: {
          edits: [{ at: ['auth'], set: authWithout('key', 'keyfile') }],
          show: ['auth'],
        },
        at: ['auth'],
      },
      right: { document: { edits: withAuth(), show: ['auth'] }, at: ['auth'] },
    },
  },
  DBK402: {
    meaning:
      '`auth.autoAuthMechanisms` lists more than one mechanism, and the list is not exactly SCRAM-SHA-1 (or `MONGODB-CR`, its older name) together with `SCRAM-SHA-256`. It is reported at `auth.autoAuthMechanisms`, whether authentication is enabled or not.',
    why: 'The automation connects with one mechanism; the spec allows a second element only when both SCRAM-SHA-1 and SCRAM-SHA-256 are configured.',
    sources: [SPEC_AUTH, MECHANISMS],
    fix: 'Keep the one mechanism the automation user authenticates with. List the other mechanisms the processes accept in `deploymentAuthMechanisms`.',
    related: ['DBK403', 'DBK419', 'DBK109'],
    examples: {
      wrong: {
        document: {
          edits: withAuth(
            { at: ['auth', 'deploymentAuthMechanisms'], set: ['SCRAM-SHA-256', 'PLAIN'] },
            { at: ['auth', 'autoAuthMechanisms'], set: ['SCRAM-SHA-256', 'PLAIN'] },
          ),
          show: ['auth'],
        },
        at: ['auth', 'autoAuthMechanisms'],
      },
      right: {
        document: {
          edits: withAuth(
            { at: ['auth', 'deploymentAuthMechanisms'], set: ['SCRAM-SHA-256', 'PLAIN'] },
            { at: ['auth', 'autoAuthMechanisms'], set: ['SCRAM-SHA-256'] },
          ),
          show: ['auth'],
        },
        at: ['auth', 'autoAuthMechanisms'],
      },
    },
  },
  DBK403: {
    meaning:
      '`auth.newAutoPwd` is set, but the mechanisms the automation uses (`autoAuthMechanisms`, or the older `autoAuthMechanism`) include neither SCRAM-SHA-1 (`MONGODB-CR`) nor `SCRAM-SHA-256`. With no mechanism set it is not reported: the service then falls back to `MONGODB-CR`.',
    why: 'The spec allows `newAutoPwd`, the new automation password the service rotates to without losing its connection, only with SCRAM-SHA-1 or SCRAM-SHA-256 in `autoAuthMechanisms`.',
    sources: [SPEC_AUTH, MECHANISMS],
    fix: 'Remove `newAutoPwd`, or switch the automation to a SCRAM mechanism before rotating its password.',
    related: ['DBK402', 'DBK419'],
    examples: {
      wrong: {
        document: {
          edits: withAuth(
            { at: ['auth', 'deploymentAuthMechanisms'], set: ['PLAIN'] },
            { at: ['auth', 'autoAuthMechanisms'], set: ['PLAIN'] },
            { at: ['auth', 'newAutoPwd'], set: 'another-fake-password' },
          ),
          show: ['auth'],
        },
        at: ['auth', 'newAutoPwd'],
      },
      right: {
        document: { edits: withAuth({ at: ['auth', 'newAutoPwd'], set: 'another-fake-password' }), show: ['auth'] },
        at: ['auth', 'newAutoPwd'],
      },
    },
  },
  DBK404: {
    meaning:
      'A user in `auth.usersWanted` has more than one of `pwd`, `initPwd` and `userSource` (reported at the second one given), or none of them (reported at the user). A user with none is accepted when it is on database `$external` (X.509, LDAP and Kerberos users have no password) or carries the stored `scramSha1Creds` or `scramSha256Creds` of a document read back from the service.',
    why: 'The spec asks for exactly one: `initPwd` assigns a cleartext password, `pwd` only carries the hash of the current one, and `userSource` is no longer supported. Two of them contradict each other; none leaves the user without a password.',
    sources: [SPEC_AUTH, REAL_DOCUMENTS],
    fix: 'Keep one of the three: `initPwd` to set a password, `pwd` to keep the current one.',
    quickFix:
      'For a user with several credentials, offers to keep each one of them and remove the others; none is preferred.',
    related: ['DBK405', 'DBK503'],
    examples: {
      wrong: {
        document: {
          edits: withAuth({
            at: ['auth', 'usersWanted'],
            set: [{ ...SHOP_USER, pwd: '0123456789abcdef0123456789abcdef', initPwd: 'not-a-real-password' }],
          }),
          show: ['auth', 'usersWanted', 0],
        },
        at: ['auth', 'usersWanted', 0, 'initPwd'],
      },
      right: {
        document: {
          edits: withAuth({ at: ['auth', 'usersWanted'], set: [{ ...SHOP_USER, initPwd: 'not-a-real-password' }] }),
          show: ['auth', 'usersWanted', 0],
        },
        at: ['auth', 'usersWanted', 0, 'initPwd'],
      },
    },
  },
  DBK405: {
    meaning:
      'A user in `auth.usersWanted` has a `pwd` that is not a string of 32 hexadecimal digits. Usually it holds a cleartext password.',
    why: 'In the spec, `pwd` is the 32-character hex SCRAM-SHA-1 hash of the current password and is not used to set or change a password; a cleartext password belongs in `initPwd`.',
    sources: [SPEC_AUTH],
    fix: 'To set a password, move it to `initPwd` and remove `pwd`; to keep the current one, give its 32-character hex hash.',
    related: ['DBK404'],
    examples: {
      wrong: {
        document: {
          edits: withAuth({ at: ['auth', 'usersWanted'], set: [{ ...SHOP_USER, pwd: 'not-a-real-password' }] }),
          show: ['auth', 'usersWanted', 0],
        },
        at: ['auth', 'usersWanted', 0, 'pwd'],
      },
      right: {
        document: {
          edits: withAuth({ at: ['auth', 'usersWanted'], set: [{ ...SHOP_USER, initPwd: 'not-a-real-password' }] }),
          show: ['auth', 'usersWanted', 0],
        },
        at: ['auth', 'usersWanted', 0, 'pwd'],
      },
    },
  },
  DBK406: {
    meaning:
      'A user in `auth.usersWanted` has a non-empty `otherDBRoles` object, but its `db` is not `admin`. It is reported at that user’s `otherDBRoles`.',
    why: 'The spec defines `otherDBRoles` only for users of database `admin`; a user of another database takes its roles from `roles`.',
    sources: [SPEC_AUTH, REPEATED_NAMES],
    fix: 'Define the user on database `admin`, or move the roles into `roles` and remove `otherDBRoles`.',
    examples: {
      wrong: {
        document: {
          edits: withAuth({
            at: ['auth', 'usersWanted'],
            set: [{ ...SHOP_USER, initPwd: 'not-a-real-password', otherDBRoles: { reporting: ['read'] } }],
          }),
          show: ['auth', 'usersWanted', 0],
        },
        at: ['auth', 'usersWanted', 0, 'otherDBRoles'],
      },
      right: {
        document: {
          edits: withAuth({
            at: ['auth', 'usersWanted'],
            set: [{ ...SHOP_USER, db: 'admin', initPwd: 'not-a-real-password', otherDBRoles: { reporting: ['read'] } }],
          }),
          show: ['auth', 'usersWanted', 0],
        },
        at: ['auth', 'usersWanted', 0, 'otherDBRoles'],
      },
    },
  },
  DBK407: {
    meaning:
      'A process uses TLS (its `args2_6.net.tls.mode`, or `net.ssl.mode`, is set and not `disabled`), but neither the top-level `tls` nor `ssl` names a CA file in `CAFilePath` or `CAFilePathWindows`. It is reported once, at the TLS mode of the first such process.',
    why: 'The spec requires one of the two CA paths when TLS is used, and the real service rejects a process with a TLS mode in a deployment with no CA file (“SSL is not enabled for this deployment”).',
    sources: [TLS_USED, SPEC_AUTH],
    fix: 'Add `CAFilePath` (Linux and UNIX) or `CAFilePathWindows` to the top-level `tls` object.',
    related: ['DBK408', 'DBK412', 'DBK414'],
    examples: {
      wrong: {
        document: { edits: TLS_PROCESSES, show: ['processes', 0, 'args2_6', 'net'] },
        at: ['processes', 0, 'args2_6', 'net', 'tls', 'mode'],
      },
      right: {
        document: { edits: [{ at: ['tls'], set: { CAFilePath: '/etc/ssl/ca.pem' } }, ...TLS_PROCESSES], show: ['tls'] },
        at: ['processes', 0, 'args2_6', 'net', 'tls', 'mode'],
      },
    },
  },
  DBK408: {
    meaning:
      'The automation needs a client certificate, but neither `tls` nor `ssl` names it in `autoPEMKeyFilePath` or `autoPEMKeyFilePathWindows`. That is the case when authentication is enabled and the automation authenticates with `MONGODB-X509` (reported at `auth.autoAuthMechanisms`, or at `auth`), or when a process uses TLS and `clientCertificateMode` is `REQUIRE` (reported at `clientCertificateMode`).',
    why: 'The spec requires one of the two PEM key paths with TLS or X.509 authentication: an X.509 user authenticates with its certificate, and with `REQUIRE` every connection, the automation’s included, must present one.',
    sources: [TLS_USED, SPEC_AUTH],
    fix: 'Add `autoPEMKeyFilePath` (or `autoPEMKeyFilePathWindows`) with the absolute path of the automation’s PEM key file to `tls`.',
    related: ['DBK407', 'DBK412'],
    examples: {
      wrong: {
        document: {
          edits: [
            { at: ['tls'], set: { CAFilePath: '/etc/ssl/ca.pem', clientCertificateMode: 'REQUIRE' } },
            ...TLS_PROCESSES,
          ],
          show: ['tls'],
        },
        at: ['tls', 'clientCertificateMode'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['tls'],
              set: {
                CAFilePath: '/etc/ssl/ca.pem',
                clientCertificateMode: 'REQUIRE',
                autoPEMKeyFilePath: '/etc/ssl/automation.pem',
              },
            },
            ...TLS_PROCESSES,
          ],
          show: ['tls'],
        },
        at: ['tls', 'clientCertificateMode'],
      },
    },
  },
  DBK409: {
    meaning:
      '`ldap` has `bindQueryUser` without `bindQueryPassword`, or the reverse. It is reported at the one that is set.',
    why: 'The server binds to LDAP as `bindQueryUser` with `bindQueryPassword` to run its queries: one without the other cannot bind.',
    sources: [LDAP_IN_USE, SPEC_AUTH],
    fix: 'Add the missing one: the distinguished name to bind as, or its password.',
    related: ['DBK416'],
    examples: {
      wrong: {
        document: {
          edits: [{ at: ['ldap'], set: { ...LDAP, bindQueryUser: 'cn=dbkit,ou=services,dc=example,dc=net' } }],
          show: ['ldap'],
        },
        at: ['ldap', 'bindQueryUser'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['ldap'],
              set: {
                ...LDAP,
                bindQueryUser: 'cn=dbkit,ou=services,dc=example,dc=net',
                bindQueryPassword: 'not-a-real-password',
              },
            },
          ],
          show: ['ldap'],
        },
        at: ['ldap', 'bindQueryUser'],
      },
    },
  },
  DBK410: {
    meaning:
      '`ldap.servers` is not a comma-separated list of `<host>:<port>`: one of its items is a URL (`ldaps://…`), holds a space or another separator, or is empty. A host without a port and a bracketed IPv6 address (`[::1]:389`) are accepted.',
    why: 'The spec defines `servers` as a comma-separated list of `<host>:<port>`; a scheme, a path or another separator is not part of that form.',
    sources: [LDAP_IN_USE, SPEC_AUTH],
    fix: 'Write each server as `host:port` and separate them with commas, like `ldap1.example.net:636,ldap2.example.net:636`.',
    related: ['DBK416', 'DBK418'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['ldap'], set: { ...LDAP, servers: 'ldaps://ldap1.example.net:636' } }] },
        at: ['ldap', 'servers'],
      },
      right: {
        document: { edits: [{ at: ['ldap'], set: { ...LDAP, servers: 'ldap1.example.net:636' } }] },
        at: ['ldap', 'servers'],
      },
    },
  },
  DBK411: {
    meaning:
      'An entry of `ldap.userToDNMapping` has a `match` that is not a valid ECMAScript regular expression (reported at `match`), or has neither or both of `substitution` and `ldapQuery` (reported at the entry). When `userToDNMapping` is the server’s own form, a string holding the JSON array, the entries inside it are checked the same way and reported at the string.',
    why: 'The spec gives each mapping a `match`, an ECMAScript regular expression, and either a substitution or an LDAP query: the match says which user names it applies to, the other field what they become.',
    sources: [LDAP_IN_USE, SPEC_AUTH],
    fix: 'Fix the pattern, and keep exactly one of `substitution` and `ldapQuery` in each entry.',
    related: ['DBK416'],
    examples: {
      wrong: {
        document: {
          edits: [
            {
              at: ['ldap'],
              set: {
                ...LDAP,
                userToDNMapping: [
                  {
                    match: '(.+)@example\\.net',
                    substitution: 'cn={0},ou=people,dc=example,dc=net',
                    ldapQuery: 'ou=people,dc=example,dc=net??one?(mail={0}@example.net)',
                  },
                ],
              },
            },
          ],
          show: ['ldap', 'userToDNMapping'],
        },
        at: ['ldap', 'userToDNMapping', 0],
      },
      right: {
        document: {
          edits: [
            {
              at: ['ldap'],
              set: {
                ...LDAP,
                userToDNMapping: [{ match: '(.+)@example\\.net', substitution: 'cn={0},ou=people,dc=example,dc=net' }],
              },
            },
          ],
          show: ['ldap', 'userToDNMapping'],
        },
        at: ['ldap', 'userToDNMapping', 0],
      },
    },
  },
  DBK412: {
    meaning:
      'A file path of the top-level `tls` or `ssl` object is not absolute: `CAFilePath` or `autoPEMKeyFilePath` does not start with `/`, or `CAFilePathWindows` or `autoPEMKeyFilePathWindows` does not start with a drive (`C:\\`), a share (`\\\\server`) or an environment variable (`%ProgramData%`).',
    why: 'The spec defines these fields as absolute paths: the agent reads the files on every host.',
    sources: [SPEC_AUTH],
    fix: 'Write the full path, from `/` on Linux and UNIX or from the drive on Windows.',
    related: ['DBK407', 'DBK408'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['tls'], set: { CAFilePath: 'certs/ca.pem' } }], show: ['tls'] },
        at: ['tls', 'CAFilePath'],
      },
      right: {
        document: { edits: [{ at: ['tls'], set: { CAFilePath: '/etc/ssl/certs/ca.pem' } }], show: ['tls'] },
        at: ['tls', 'CAFilePath'],
      },
    },
  },
  DBK413: {
    meaning:
      'An item of `clientSource` or `serverAddress` in an authentication restriction is not an IP address or CIDR range: a host name, or a range with a prefix too long for its address. It is checked in `auth.usersWanted[].authenticationRestrictions`, `roles[].authenticationRestrictions` and `auth.autoAuthRestrictions`.',
    why: 'The spec allows only IP addresses and CIDR ranges in these lists, and the server rejects a restriction that holds anything else.',
    sources: [SPEC_AUTH],
    fix: 'Write the address, like `192.168.1.20`, or the range, like `10.0.0.0/8`, instead of the host name.',
    examples: {
      wrong: {
        document: {
          edits: withAuth({
            at: ['auth', 'usersWanted'],
            set: [
              {
                ...SHOP_USER,
                initPwd: 'not-a-real-password',
                authenticationRestrictions: [{ clientSource: ['app1.example.net'] }],
              },
            ],
          }),
          show: ['auth', 'usersWanted', 0, 'authenticationRestrictions'],
        },
        at: ['auth', 'usersWanted', 0, 'authenticationRestrictions', 0, 'clientSource', 0],
      },
      right: {
        document: {
          edits: withAuth({
            at: ['auth', 'usersWanted'],
            set: [
              {
                ...SHOP_USER,
                initPwd: 'not-a-real-password',
                authenticationRestrictions: [{ clientSource: ['10.0.12.0/24'] }],
              },
            ],
          }),
          show: ['auth', 'usersWanted', 0, 'authenticationRestrictions'],
        },
        at: ['auth', 'usersWanted', 0, 'authenticationRestrictions', 0, 'clientSource', 0],
      },
    },
  },
  DBK414: {
    meaning: 'The document has both a top-level `tls` object and a top-level `ssl` object. It is reported at `ssl`.',
    why: 'Advice: the service accepts both. `ssl` is the older name of `tls` and real documents now carry `tls`; with both, readers disagree on which applies (dbkit takes each file from `tls` first, then from `ssl`).',
    sources: [REAL_DOCUMENTS, SPEC_AUTH],
    fix: 'Move any setting only `ssl` has into `tls`, then remove `ssl`.',
    related: ['DBK407', 'DBK311'],
    examples: {
      wrong: {
        document: {
          edits: [
            { at: ['tls'], set: { CAFilePath: '/etc/ssl/ca.pem' } },
            { at: ['ssl'], set: { CAFilePath: '/etc/ssl/old-ca.pem' } },
          ],
          show: ['ssl'],
        },
        at: ['ssl'],
      },
      right: {
        document: { edits: [{ at: ['tls'], set: { CAFilePath: '/etc/ssl/ca.pem' } }], show: ['tls'] },
        at: ['ssl'],
      },
    },
  },
  DBK415: {
    meaning:
      'The `resource` of a privilege in `roles[].privileges` is none of the three forms: `{"db": …, "collection": …}` with both strings, `{"cluster": true}` or `{"anyResource": true}`. A resource with only `db`, with an extra key, or mixing the forms is reported at that `resource`.',
    why: 'The spec does not show the shape; the real service takes a database and collection (`""` for all its collections), the cluster, or any resource, as the server’s own privilege documents do.',
    sources: [
      {
        label: 'decision: A privilege resource is db and collection, cluster or anyResource',
        path: 'docs/decisions/validation.md#a-privilege-resource-is-db-and-collection-cluster-or-anyresource',
      },
      SPEC_AUTH,
    ],
    fix: 'Rewrite the resource as one of the three forms; for every collection of a database, give `"collection": ""`.',
    examples: {
      wrong: {
        document: {
          edits: [
            {
              at: ['roles'],
              set: [
                {
                  role: 'reportReader',
                  db: 'admin',
                  privileges: [{ resource: { db: 'reporting' }, actions: ['find'] }],
                  roles: [],
                },
              ],
            },
          ],
          show: ['roles', 0, 'privileges', 0],
        },
        at: ['roles', 0, 'privileges', 0, 'resource'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['roles'],
              set: [
                {
                  role: 'reportReader',
                  db: 'admin',
                  privileges: [{ resource: { db: 'reporting', collection: '' }, actions: ['find'] }],
                  roles: [],
                },
              ],
            },
          ],
          show: ['roles', 0, 'privileges', 0],
        },
        at: ['roles', 0, 'privileges', 0, 'resource'],
      },
    },
  },
  DBK416: {
    meaning:
      'The `ldap` object is in use, as it names a bind user or password, an `authzQueryTemplate` or a `userToDNMapping`, but it has no `servers`. It is reported at `ldap`. An empty `"ldap": {}`, or one with only flags and timeouts, is how documents say “no LDAP” and is not reported.',
    why: 'LDAP settings without servers give the server nothing to query. The spec marks `servers` Conditional without saying when; dbkit requires it once LDAP is in use.',
    sources: [LDAP_IN_USE, SPEC_AUTH],
    fix: 'Add `servers` with the LDAP servers as `host:port`, or remove the `ldap` settings.',
    related: ['DBK410', 'DBK409', 'DBK418'],
    examples: {
      wrong: {
        document: {
          edits: [
            {
              at: ['ldap'],
              set: {
                authzQueryTemplate: LDAP.authzQueryTemplate,
                bindQueryUser: 'cn=dbkit,ou=services,dc=example,dc=net',
                bindQueryPassword: 'not-a-real-password',
              },
            },
          ],
          show: ['ldap'],
        },
        at: ['ldap'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['ldap'],
              set: {
                ...LDAP,
                bindQueryUser: 'cn=dbkit,ou=services,dc=example,dc=net',
                bindQueryPassword: 'not-a-real-password',
              },
            },
          ],
          show: ['ldap'],
        },
        at: ['ldap'],
      },
    },
  },
  DBK417: {
    meaning:
      'Two users in `auth.usersWanted` have the same `user` on the same `db`, or two roles in `roles` have the same `role` on the same `db`. It is reported at the `user` (or `role`) of the later one, with the first as related information.',
    why: 'Advice: the service accepts the document, but the two definitions conflict and nothing says which one applies.',
    sources: [REPEATED_NAMES],
    fix: 'Merge the two definitions into one.',
    related: ['DBK106'],
    examples: {
      wrong: {
        document: {
          edits: withAuth({
            at: ['auth', 'usersWanted'],
            set: [
              { ...SHOP_USER, initPwd: 'not-a-real-password' },
              { ...SHOP_USER, roles: [{ db: 'shop', role: 'read' }], initPwd: 'not-a-real-password' },
            ],
          }),
          show: ['auth', 'usersWanted'],
        },
        at: ['auth', 'usersWanted', 1, 'user'],
      },
      right: {
        document: {
          edits: withAuth({
            at: ['auth', 'usersWanted'],
            set: [
              { ...SHOP_USER, initPwd: 'not-a-real-password' },
              {
                ...SHOP_USER,
                user: 'shop-report',
                roles: [{ db: 'shop', role: 'read' }],
                initPwd: 'not-a-real-password',
              },
            ],
          }),
          show: ['auth', 'usersWanted'],
        },
        at: ['auth', 'usersWanted', 1, 'user'],
      },
    },
  },
  DBK418: {
    meaning: '`ldap.servers` is set but `ldap.authzQueryTemplate` is not. It is reported at `ldap`.',
    why: 'Advice: the service accepts it, and LDAP authentication works without it; but LDAP authorization, which the `ldap` object is for, needs this query to find the user’s groups.',
    sources: [LDAP_IN_USE, SPEC_AUTH],
    fix: 'Add `authzQueryTemplate` with the RFC 4516 URL of the query that finds a user’s groups, if the deployment uses LDAP authorization.',
    related: ['DBK416', 'DBK410'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['ldap'], set: { servers: LDAP.servers } }], show: ['ldap'] },
        at: ['ldap'],
      },
      right: { document: { edits: [{ at: ['ldap'], set: LDAP }], show: ['ldap'] }, at: ['ldap'] },
    },
  },
  DBK419: {
    meaning:
      'Authentication is enabled (`auth.disabled` is not `true`) but `authoritativeSet` or `autoAuthMechanisms` is missing. The older single `autoAuthMechanism` counts for `autoAuthMechanisms`. Each missing field is reported at `auth`.',
    why: 'Advice: the service accepts the document and fills a default, `false` for `authoritativeSet` and `MONGODB-CR` (SCRAM-SHA-1) for `autoAuthMechanisms`, as real documents show. The spec still requires both with authentication, and the default may not be what the deployment needs.',
    sources: [REAL_DOCUMENTS, SPEC_AUTH],
    fix: 'Set both explicitly: `authoritativeSet` to `true` or `false`, and `autoAuthMechanisms` to the mechanism the automation uses.',
    related: ['DBK401', 'DBK402'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['auth'], set: authWithout('autoAuthMechanisms') }], show: ['auth'] },
        at: ['auth'],
      },
      right: { document: { edits: withAuth(), show: ['auth'] }, at: ['auth'] },
    },
  },
} satisfies Partial<Record<DiagnosticCode, ValidationCodeDoc>>;
