import { describe, expect, it } from 'vitest';
import { SECRET_PATHS } from '../../src/secrets/paths.js';
import { validateAutomationConfig } from '../../src/validation/validate.js';
import { describeRows, type Edit, makeDoc, type Row } from './harness.js';

const auth: readonly Row[] = [
  [
    'auth disabled needs none of the conditional fields [spec:auth-enabled-fields]',
    [
      [
        'set',
        ['auth'],
        {
          disabled: true,
          autoAuthMechanism: 'MONGODB-CR',
          autoAuthMechanisms: [],
          usersWanted: [],
          usersDeleted: [],
          authoritativeSet: false,
          autoAuthRestrictions: [],
        },
      ],
    ],
    [],
  ],
  ...(['autoUser', 'autoPwd', 'deploymentAuthMechanisms', 'key', 'keyfile'] as const).map(
    (field): Row => [
      `enabled auth requires ${field} [spec:auth-enabled-fields]`,
      [['delete', ['auth', field]]],
      ['DBK401 auth'],
    ],
  ),
  [
    'enabled auth without autoAuthMechanisms (nor the older autoAuthMechanism) falls back to MONGODB-CR: a warning [spec:auth-enabled-defaulted]',
    [
      ['delete', ['auth', 'autoAuthMechanisms']],
      ['delete', ['auth', 'autoAuthMechanism']],
    ],
    ['DBK419 auth'],
  ],
  [
    'enabled auth without authoritativeSet uses its default: a warning [spec:auth-enabled-defaulted]',
    [['delete', ['auth', 'authoritativeSet']]],
    ['DBK419 auth'],
  ],
  [
    'the older single autoAuthMechanism satisfies the requirement [spec:auth-enabled-defaulted]',
    [['delete', ['auth', 'autoAuthMechanisms']]],
    [],
  ],
  [
    'an X.509-only automation user needs no autoPwd [spec:auth-enabled-fields]',
    [
      ['delete', ['auth', 'autoPwd']],
      ['delete', ['auth', 'newAutoPwd']],
      ['set', ['auth', 'autoAuthMechanisms'], ['MONGODB-X509']],
      ['delete', ['auth', 'autoAuthMechanism']],
    ],
    [],
  ],
  [
    'an empty autoPwd counts as missing [spec:auth-enabled-fields]',
    [['set', ['auth', 'autoPwd'], '']],
    ['DBK401 auth'],
  ],
  [
    'more than one autoAuthMechanism only for SCRAM-SHA-1 + SCRAM-SHA-256 [spec:auth-mechanisms-several]',
    [['set', ['auth', 'autoAuthMechanisms'], ['SCRAM-SHA-256', 'MONGODB-X509']]],
    ['DBK402 auth.autoAuthMechanisms'],
  ],
  [
    'MONGODB-CR counts as SCRAM-SHA-1 (real tooling uses it so) [spec:auth-mechanisms-several]',
    [['set', ['auth', 'autoAuthMechanisms'], ['MONGODB-CR', 'SCRAM-SHA-256']]],
    [],
  ],
  [
    'newAutoPwd only with a SCRAM mechanism [spec:new-auto-pwd]',
    [
      ['set', ['auth', 'autoAuthMechanisms'], ['MONGODB-X509']],
      ['delete', ['auth', 'autoAuthMechanism']],
    ],
    ['DBK403 auth.newAutoPwd'],
  ],
  [
    'an unknown mechanism is a warning [spec:auth-mechanism-values]',
    [['set', ['auth', 'deploymentAuthMechanisms'], ['SCRAM-SHA-512']]],
    ['DBK109 auth.deploymentAuthMechanisms[0]'],
  ],
  [
    'a user with pwd and initPwd [spec:users-wanted-password]',
    [['set', ['auth', 'usersWanted', 1, 'initPwd'], 'x']],
    ['DBK404 auth.usersWanted[1].initPwd'],
  ],
  [
    'a user without any password [spec:users-wanted-password]',
    [['delete', ['auth', 'usersWanted', 0, 'initPwd']]],
    ['DBK404 auth.usersWanted[0]'],
  ],
  ['stored SCRAM credentials count as the password [spec:users-wanted-password]', [], []],
  ['$external users need no password [spec:users-wanted-password]', [], []],
  [
    'pwd is a 32-character hex hash [spec:users-wanted-pwd]',
    [['set', ['auth', 'usersWanted', 1, 'pwd'], 'not-a-hash']],
    ['DBK405 auth.usersWanted[1].pwd'],
  ],
  [
    'userSource is deprecated [spec:users-wanted-user-source]',
    [
      ['delete', ['auth', 'usersWanted', 0, 'initPwd']],
      ['set', ['auth', 'usersWanted', 0, 'userSource'], 'admin'],
    ],
    ['DBK503 auth.usersWanted[0].userSource'],
  ],
  [
    'otherDBRoles only for admin users [spec:users-wanted-other-db-roles]',
    [['set', ['auth', 'usersWanted', 1, 'otherDBRoles'], { x: ['read'] }]],
    ['DBK406 auth.usersWanted[1].otherDBRoles'],
  ],
  [
    'users need db, user and roles [spec:users-wanted-fields]',
    [['delete', ['auth', 'usersWanted', 1, 'roles']]],
    ['DBK101 auth.usersWanted[1]'],
  ],
  [
    'the key is "db", not "database" [spec:users-wanted-fields] [spec:unknown-fields]',
    [
      ['set', ['auth', 'usersWanted', 1, 'database'], 'sales'],
      ['delete', ['auth', 'usersWanted', 1, 'db']],
    ],
    ['DBK101 auth.usersWanted[1]', 'DBK107 auth.usersWanted[1].database'],
  ],
  [
    'a duplicate user is a warning',
    [['push', ['auth', 'usersWanted'], { db: 'sales', user: 'report', roles: [], initPwd: 'p' }]],
    ['DBK417 auth.usersWanted[4].user'],
  ],
  [
    'authentication restrictions hold IPs or CIDR ranges [spec:auth-restriction-addresses]',
    [
      [
        'set',
        ['auth', 'usersWanted', 1, 'authenticationRestrictions', 0, 'clientSource'],
        ['10.0.0.0/33', 'app.example.net', '::1', 'fe80::1%eth0'],
      ],
    ],
    [
      'DBK413 auth.usersWanted[1].authenticationRestrictions[0].clientSource[0]',
      'DBK413 auth.usersWanted[1].authenticationRestrictions[0].clientSource[1]',
      'DBK413 auth.usersWanted[1].authenticationRestrictions[0].clientSource[3]',
    ],
  ],
  [
    'usersDeleted entries need user and dbs [spec:users-deleted]',
    [['delete', ['auth', 'usersDeleted', 0, 'dbs']]],
    ['DBK101 auth.usersDeleted[0]'],
  ],
  [
    'usersDeleted dbs is a list of databases [spec:users-deleted]',
    [['set', ['auth', 'usersDeleted', 0, 'dbs'], 'sales']],
    ['DBK102 auth.usersDeleted[0].dbs'],
  ],
  ['auth may be omitted [spec:auth-optional]', [['delete', ['auth']]], []],
  ['newKey is a string [spec:new-key]', [['set', ['auth', 'newKey'], 7]], ['DBK102 auth.newKey']],
  [
    'mechanisms are a list of strings [spec:auth-mechanism-values]',
    [['set', ['auth', 'deploymentAuthMechanisms'], 'SCRAM-SHA-256']],
    ['DBK102 auth.deploymentAuthMechanisms'],
  ],
  [
    "a user's role needs role and db [spec:users-wanted-fields]",
    [['set', ['auth', 'usersWanted', 0, 'roles', 0], { role: 'read' }]],
    ['DBK101 auth.usersWanted[0].roles[0]'],
  ],
  [
    'otherDBRoles values are lists of role names [spec:users-wanted-other-db-roles]',
    [['set', ['auth', 'usersWanted', 0, 'otherDBRoles'], { sales: 'read' }]],
    ['DBK102 auth.usersWanted[0].otherDBRoles.sales'],
  ],
];

const tls: readonly Row[] = [
  [
    'TLS in a process needs a CA file [spec:tls-ca-file]',
    [['delete', ['tls', 'CAFilePath']]],
    ['DBK407 processes[0].args2_6.net.tls.mode'],
  ],
  [
    'the Windows CA path is enough [spec:tls-ca-file]',
    [
      ['delete', ['tls', 'CAFilePath']],
      ['set', ['tls', 'CAFilePathWindows'], 'C:\\certs\\ca.pem'],
    ],
    [],
  ],
  [
    'TLS processes without any tls/ssl section [spec:tls-ca-file]',
    [['delete', ['tls']]],
    ['DBK407 processes[0].args2_6.net.tls.mode'],
  ],
  [
    'no TLS process: no CA file needed [spec:tls-ca-file]',
    [
      ['delete', ['tls', 'CAFilePath']],
      ...[0, 1, 2, 3, 4].map((i): Edit => ['delete', ['processes', i, 'args2_6', 'net', 'tls']]),
    ],
    [],
  ],
  [
    'the legacy ssl name works the same [spec:ssl-section]',
    [
      ['set', ['ssl'], { CAFilePath: '/etc/ssl/ca.pem', autoPEMKeyFilePath: '/etc/ssl/a.pem' }],
      ['delete', ['tls']],
    ],
    [],
  ],
  [
    'both ssl and tls is a warning [spec:ssl-section]',
    [['set', ['ssl'], { CAFilePath: '/etc/ssl/ca.pem' }]],
    ['DBK414 ssl'],
  ],
  [
    'X.509 automation needs a PEM key file [spec:tls-pem-key-file]',
    [
      ['delete', ['tls', 'autoPEMKeyFilePath']],
      ['set', ['auth', 'autoAuthMechanisms'], ['MONGODB-X509']],
      ['delete', ['auth', 'newAutoPwd']],
    ],
    ['DBK408 auth.autoAuthMechanisms'],
  ],
  [
    'REQUIRE client certificates needs a PEM key file [spec:tls-pem-key-file]',
    [
      ['delete', ['tls', 'autoPEMKeyFilePath']],
      ['set', ['tls', 'clientCertificateMode'], 'REQUIRE'],
    ],
    ['DBK408 tls.clientCertificateMode'],
  ],
  [
    'OPTIONAL client certificates need no PEM key file [spec:tls-pem-key-file]',
    [['delete', ['tls', 'autoPEMKeyFilePath']]],
    [],
  ],
  [
    'paths are absolute [spec:tls-paths-absolute]',
    [['set', ['tls', 'CAFilePath'], 'certs/ca.pem']],
    ['DBK412 tls.CAFilePath'],
  ],
  [
    'clientCertificateMode is OPTIONAL or REQUIRE [spec:tls-client-certificate-mode]',
    [['set', ['tls', 'clientCertificateMode'], 'REQUIRED']],
    ['DBK103 tls.clientCertificateMode'],
  ],
  [
    'the Windows PEM key path is enough [spec:tls-pem-key-file]',
    [
      ['delete', ['tls', 'autoPEMKeyFilePath']],
      ['set', ['tls', 'autoPEMKeyFilePathWindows'], 'C:\\certs\\automation.pem'],
      ['set', ['tls', 'clientCertificateMode'], 'REQUIRE'],
    ],
    [],
  ],
];

const ldap: readonly Row[] = [
  ['an empty ldap object means no LDAP [spec:ldap-servers]', [['set', ['ldap'], {}]], []],
  ['LDAP settings need servers [spec:ldap-servers]', [['delete', ['ldap', 'servers']]], ['DBK416 ldap']],
  [
    'servers is host:port, comma-separated [spec:ldap-servers]',
    [['set', ['ldap', 'servers'], 'ldap1.example.net:389; ldap2']],
    ['DBK410 ldap.servers'],
  ],
  [
    'bindQueryUser without bindQueryPassword [spec:ldap-bind-query]',
    [['delete', ['ldap', 'bindQueryPassword']]],
    ['DBK409 ldap.bindQueryUser'],
  ],
  [
    'bindMethod is simple or sasl [spec:ldap-bind-method]',
    [['set', ['ldap', 'bindMethod'], 'kerberos']],
    ['DBK103 ldap.bindMethod'],
  ],
  [
    'authzQueryTemplate missing is a warning [spec:ldap-authz-query]',
    [['delete', ['ldap', 'authzQueryTemplate']]],
    ['DBK418 ldap'],
  ],
  [
    'a mapping with an invalid regular expression [spec:ldap-user-to-dn-mapping]',
    [['set', ['ldap', 'userToDNMapping', 0, 'match'], '(.+']],
    ['DBK411 ldap.userToDNMapping[0].match'],
  ],
  [
    'a mapping with both substitution and ldapQuery [spec:ldap-user-to-dn-mapping]',
    [['set', ['ldap', 'userToDNMapping', 0, 'ldapQuery'], 'q']],
    ['DBK411 ldap.userToDNMapping[0]'],
  ],
  [
    "userToDNMapping may be the server's own form, a string holding the JSON array; its entries are still checked [spec:ldap-user-to-dn-mapping]",
    [['set', ['ldap', 'userToDNMapping'], '[{"match":"(.+","substitution":"uid={0}"}]']],
    ['DBK411 ldap.userToDNMapping'],
  ],
  [
    'an empty userToDNMapping string means no mapping [spec:ldap-user-to-dn-mapping]',
    [['set', ['ldap', 'userToDNMapping'], '']],
    [],
  ],
  [
    'flags alone do not configure LDAP (no servers needed) [spec:ldap-servers]',
    [['set', ['ldap'], { validateLDAPServerConfig: false, timeoutMS: 10000, bindMethod: 'simple' }]],
    [],
  ],
  [
    'userToDNMapping that is neither an array nor a JSON array string [spec:ldap-user-to-dn-mapping]',
    [['set', ['ldap', 'userToDNMapping'], 'uid={0}']],
    ['DBK102 ldap.userToDNMapping'],
  ],
  [
    'userCacheInvalidationPeriod 0 is accepted: the spec states no minimum [spec:ldap-types]',
    [['set', ['ldap', 'userCacheInvalidationPeriod'], 0]],
    [],
  ],
  [
    'a negative userCacheInvalidationPeriod is advice, not an error [spec:ldap-types]',
    [['set', ['ldap', 'userCacheInvalidationPeriod'], -1]],
    ['DBK314 ldap.userCacheInvalidationPeriod'],
  ],
  [
    'timeoutMS is an integer and bindSaslMechanisms a string [spec:ldap-types]',
    [
      ['set', ['ldap', 'timeoutMS'], 1.5],
      ['set', ['ldap', 'bindSaslMechanisms'], ['PLAIN']],
    ],
    ['DBK102 ldap.timeoutMS', 'DBK102 ldap.bindSaslMechanisms'],
  ],
  ['kerberos needs serviceName [spec:kerberos-service-name]', [['set', ['kerberos'], {}]], ['DBK101 kerberos']],
  [
    'kerberos serviceName is a string [spec:kerberos-service-name]',
    [['set', ['kerberos', 'serviceName'], 5]],
    ['DBK102 kerberos.serviceName'],
  ],
];

const roles: readonly Row[] = [
  ['a role needs role and db [spec:role-fields]', [['delete', ['roles', 0, 'db']]], ['DBK101 roles[0]']],
  [
    'privilege resources have one of three shapes [spec:role-privileges]',
    [
      ['set', ['roles', 0, 'privileges', 0, 'resource'], { db: 'sales' }],
      ['set', ['roles', 0, 'privileges', 1, 'resource'], { cluster: false }],
    ],
    ['DBK415 roles[0].privileges[0].resource', 'DBK415 roles[0].privileges[1].resource'],
  ],
  [
    'a duplicate role is a warning',
    [['push', ['roles'], { role: 'salesReader', db: 'sales' }]],
    ['DBK417 roles[1].role'],
  ],
  [
    'inherited roles need role and db [spec:role-inherited]',
    [['set', ['roles', 0, 'roles', 0], { role: 'read' }]],
    ['DBK101 roles[0].roles[0]'],
  ],
  [
    'privilege actions are a list of strings [spec:role-privileges]',
    [['set', ['roles', 0, 'privileges', 0, 'actions'], 'find']],
    ['DBK102 roles[0].privileges[0].actions'],
  ],
  [
    'role authentication restrictions hold IPs or CIDR ranges [spec:auth-restriction-addresses]',
    [['set', ['roles', 0, 'authenticationRestrictions'], [{ clientSource: ['nope'], serverAddress: ['10.0.0.1/40'] }]]],
    [
      'DBK413 roles[0].authenticationRestrictions[0].clientSource[0]',
      'DBK413 roles[0].authenticationRestrictions[0].serverAddress[0]',
    ],
  ],
];

describeRows([
  ['auth', auth],
  ['tls / ssl', tls],
  ['ldap and kerberos', ldap],
  ['roles', roles],
]);

describe('secrets', () => {
  it('never echoes a secret value in any message, even when the field is wrong [spec:secret-fields]', () => {
    const secrets = [
      'AUTOPWD-SECRET-1',
      'KEYFILE-SECRET-CONTENTS',
      'NEWAUTOPWD-SECRET-2',
      'INITPWD-SECRET-3',
      'PEMPWD-SECRET-4',
      'BINDPWD-SECRET-5',
    ];
    const doc = makeDoc([
      ['set', ['auth', 'autoAuthMechanisms'], ['MONGODB-X509']],
      ['set', ['auth', 'usersWanted', 0, 'pwd'], 'INITPWD-SECRET-3'],
      ['delete', ['ldap', 'bindQueryUser']],
      ['set', ['tls', 'autoPEMKeyFilePwd'], ['PEMPWD-SECRET-4']],
      ['set', ['auth', 'autoPWD'], 'AUTOPWD-SECRET-1'],
      ['set', ['auth', 'newKey'], 7],
    ]);
    const diagnostics = validateAutomationConfig(doc);
    expect(diagnostics.length).toBeGreaterThan(3);
    const text = JSON.stringify(diagnostics);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('lists every secret the spec marks, and the credentials real documents carry besides [spec:secret-fields]', () => {
    const spec = [
      'auth.autoPwd',
      'auth.key',
      'auth.usersWanted[].initPwd',
      'ldap.bindQueryPassword',
      'ssl.autoPEMKeyFilePwd',
      'tls.autoPEMKeyFilePwd',
      'auth.newKey',
      'auth.newAutoPwd',
    ];
    expect(SECRET_PATHS.slice(0, spec.length)).toEqual(spec);
    expect(SECRET_PATHS).toContain('auth.usersWanted[].pwd');
    expect(SECRET_PATHS).toContain('processes[].args2_6.net.ssl.PEMKeyPassword');
  });

  /** Edits that make many messages, of many rules: every one must read the same whatever the secrets hold. */
  const damage: readonly Edit[] = [
    ['delete', ['version']],
    ['set', ['processes', 0, 'processType'], 'dbx'],
    ['set', ['processes', 1, 'version'], '9.9'],
    ['set', ['processes', 0, 'bogus'], 1],
    ['set', ['replicaSets', 0, 'members', 0, 'host'], 'nowhere'],
    ['delete', ['auth', 'keyfile']],
    ['set', ['indexConfigs', 0, 'key'], [['field', 1]]],
    ['set', ['indexConfigs', 0, 'collation', 'strength'], 3],
  ];
  const messages = (secrets: readonly Edit[]) =>
    validateAutomationConfig(makeDoc([...damage, ...secrets])).map((d) => [
      d.message,
      ...(d.related ?? []).map((r) => r.message),
    ]);

  it.for(['field', 'process', 'error', 'version', 'replica set', 'is'])(
    'leaves every message intact when a secret is the common word %j',
    (word) => {
      const secrets: Edit[] = [
        ['set', ['auth', 'key'], word],
        ['set', ['auth', 'autoPwd'], word],
        ['set', ['ldap', 'bindQueryPassword'], word],
      ];
      const baseline = messages([]);
      expect(baseline.flat().some((m) => m.includes(`"field"`) || m.includes('required field "version"'))).toBe(true);
      expect(messages(secrets)).toEqual(baseline);
    },
  );

  it('masks a secret value where a message quotes the document, and only there', () => {
    const doc = makeDoc([
      ['set', ['auth', 'key'], 'shard0-0'],
      ['set', ['processes', 0, 'processType'], 'dbx'],
      ['set', ['replicaSets', 0, 'members', 0, 'host'], 'shard0-0x'],
    ]);
    const diagnostics = validateAutomationConfig(doc);
    const text = JSON.stringify(diagnostics);
    expect(text).not.toContain('shard0-0');
    const dangling = diagnostics.find((d) => d.code === 'DBK202');
    expect(dangling?.message).toMatch(/^"\*{8}x" does not name a process: it must match one of processes\[\]\.name/);
    expect(dangling?.message).toContain('Did you mean "********" or "shard0-1"?');
    expect(dangling?.suggestions).toEqual(['shard0-1']);
  });
});
