import { describe, expect, it } from 'vitest';
import {
  Architecture,
  AUTH_MECHANISM_VALUES,
  AuthMechanism,
  ClientCertificateMode,
  CollationAlternate,
  CollationCaseFirst,
  CollationMaxVariable,
  isArchitecture,
  isAuthMechanism,
  isClientCertificateMode,
  isCollationAlternate,
  isCollationCaseFirst,
  isCollationMaxVariable,
  isLdapBindMethod,
  isProcessType,
  isReadConcernLevel,
  isScramMechanism,
  isTlsMode,
  LdapBindMethod,
  ProcessType,
  ReadConcernLevel,
  SCRAM_MECHANISM_VALUES,
  ScramMechanism,
  TlsMode,
} from '../../src/enums/automation.js';
import { type ClosedSet, describeClosedSet } from './closedSet.js';

/**
 * Each closed set with its values in order: first those the spec shows, then those domain.md records from real
 * documents where the spec says "not shown" or lists fewer.
 */
const ENUMS: readonly ClosedSet[] = [
  ['Architecture [spec:build-architecture]', Architecture, isArchitecture, ['amd64', 'ppc64le', 'aarch64', 's390x']],
  [
    'ClientCertificateMode [spec:tls-client-certificate-mode]',
    ClientCertificateMode,
    isClientCertificateMode,
    ['OPTIONAL', 'REQUIRE'],
  ],
  ['LdapBindMethod [spec:ldap-bind-method]', LdapBindMethod, isLdapBindMethod, ['simple', 'sasl']],
  [
    'AuthMechanism [spec:auth-mechanism-values]',
    AuthMechanism,
    isAuthMechanism,
    ['SCRAM-SHA-1', 'SCRAM-SHA-256', 'MONGODB-CR', 'MONGODB-X509', 'PLAIN', 'GSSAPI', 'MONGODB-OIDC'],
  ],
  ['ScramMechanism', ScramMechanism, isScramMechanism, ['SCRAM-SHA-1', 'SCRAM-SHA-256']],
  ['ProcessType [spec:process-type]', ProcessType, isProcessType, ['dbd', 'dbs']],
  [
    'ReadConcernLevel [spec:read-concern-level]',
    ReadConcernLevel,
    isReadConcernLevel,
    ['available', 'local', 'majority'],
  ],
  ['CollationCaseFirst [spec:collation-values]', CollationCaseFirst, isCollationCaseFirst, ['upper', 'lower', 'off']],
  [
    'CollationAlternate [spec:collation-values]',
    CollationAlternate,
    isCollationAlternate,
    ['non-ignorable', 'shifted'],
  ],
  ['CollationMaxVariable [spec:collation-values]', CollationMaxVariable, isCollationMaxVariable, ['punct', 'space']],
  [
    'TlsMode',
    TlsMode,
    isTlsMode,
    ['disabled', 'allowTLS', 'preferTLS', 'requireTLS', 'allowSSL', 'preferSSL', 'requireSSL'],
  ],
];

for (const [name, definition, guard, values] of ENUMS) describeClosedSet(name, definition, guard, { values });

describe('values the spec does not show', () => {
  it.for(['amd64', 'ppc64le'])('architecture %s is marked as listed by the spec', (value) => {
    expect(Architecture[value as Architecture].description).toMatch(/listed by the spec/);
  });

  it.for(['aarch64', 's390x'])('architecture %s is marked as seen in real documents only', (value) => {
    expect(Architecture[value as Architecture].description).toMatch(/not listed by the spec/);
  });

  it('explains that MONGODB-CR is the umbrella real tooling uses for SCRAM-SHA-1', () => {
    expect(AuthMechanism['MONGODB-CR'].description).toMatch(/umbrella for SCRAM-SHA-1/);
  });

  it('keeps the wire spelling of mechanisms, rejecting look-alikes real clients never send', () => {
    for (const lookAlike of ['SCRAM_SHA_1', 'scram-sha-256', 'X509', 'MONGODB_X509', 'KERBEROS', 'LDAP', 'OIDC']) {
      expect(isAuthMechanism(lookAlike)).toBe(false);
    }
  });

  it('uses the neutral process types and rejects the vendor names mongod and mongos [spec:process-type]', () => {
    expect(isProcessType('mongod')).toBe(false);
    expect(isProcessType('mongos')).toBe(false);
    expect(ProcessType.dbd.description).toMatch(/mongod/);
    expect(ProcessType.dbs.description).toMatch(/mongos/);
  });

  it.for(['allowSSL', 'preferSSL', 'requireSSL'])('TLS mode %s is described as the older spelling', (value) => {
    expect(TlsMode[value as TlsMode].description).toMatch(/Older spelling/);
  });
});

describe('SCRAM mechanisms', () => {
  it.for(SCRAM_MECHANISM_VALUES)('%s is also an authentication mechanism, described the same way', (value) => {
    expect(isAuthMechanism(value)).toBe(true);
    expect(ScramMechanism[value]).toEqual(AuthMechanism[value]);
  });

  it.for(AUTH_MECHANISM_VALUES.filter((value) => !value.startsWith('SCRAM-')))(
    '%s is not a SCRAM mechanism',
    (value) => {
      expect(isScramMechanism(value)).toBe(false);
    },
  );
});
