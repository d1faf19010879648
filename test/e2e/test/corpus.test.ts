import { formatJsonPath, validateAutomationConfig } from '@dbkit/core';
import { findCorpus, registerMissingCorpus } from '@dbkit/corpus';
import { describe, expect, it } from 'vitest';

/**
 * Real documents from the wild. The project corpus lives beside the clone (`../shared/corpus/…`);
 * DBKIT_CORPUS_DIR points the test at another folder of real documents. Under CI a missing corpus fails.
 */
const corpus = findCorpus('real-automation-configs');

/** The operator's sharded migrate fixtures: 8 processes without authSchemaVersion, routers 6 and 7 bare. */
const EIGHT_PROCESSES_TWO_BARE_ROUTERS = [
  ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `DBK101 processes[${i}]`),
  'DBK101 processes[6]',
  'DBK101 processes[7]',
  'DBK307 processes[6]',
  'DBK307 processes[7]',
  'DBK211 sharding[0].name',
];

/**
 * Every error dbkit reports on a real document, pinned with the reason it is a true violation of the spec.
 * Captures and field dumps must have none; fixtures and fragments may. An error not listed here fails the test.
 */
const PINNED: Readonly<Record<string, { readonly why: string; readonly errors: readonly string[] }>> = {
  'gomngr-automation_config_test-jsonBlob.json': {
    why: 'fragment (a client test blob): no options, no dbVersions, which the spec requires at the top level',
    errors: ['DBK101 (document root)', 'DBK101 (document root)'],
  },
  'mck-bughunt-new-ac.json': {
    why: 'fragment (a PUT body without options and dbVersions, which the spec requires)',
    errors: ['DBK101 (document root)', 'DBK101 (document root)'],
  },
  'mck-migrate-sharded-with-rs-fragment.json': {
    why: 'fragment: no top-level version; dbVersions lacks the 7.0.12-ent the processes run; a sharded cluster without name; configServerReplica naming a replica set the fragment lacks',
    errors: [
      'DBK101 (document root)',
      'DBK201 processes[0].version',
      'DBK201 processes[1].version',
      'DBK101 sharding[0]',
      'DBK205 sharding[0].configServerReplica',
    ],
  },
  'mck-migrate-rs-full-horizons.json': {
    why: 'operator fixture with secrets stripped: auth enabled (SCRAM) without autoPwd, key, keyfile',
    errors: ['DBK401 auth', 'DBK401 auth', 'DBK401 auth'],
  },
  'mck-migrate-to-mck-rs-scram-sha1.json': {
    why: 'operator fixture with secrets stripped by its authors (SCRAM-SHA-1 + MONGODB-CR): no dbVersions; auth enabled without autoPwd, key, keyfile',
    errors: ['DBK101 (document root)', 'DBK401 auth', 'DBK401 auth', 'DBK401 auth'],
  },
  'mck-migrate-to-mck-sc-scram-sha1.json': {
    why: 'operator fixture with secrets stripped by its authors (SCRAM-SHA-1 + MONGODB-CR): no dbVersions; the router lacks authSchemaVersion and cluster, so no router serves the cluster; auth enabled without autoPwd, key, keyfile',
    errors: [
      'DBK101 (document root)',
      'DBK101 processes[4]',
      'DBK101 processes[4]',
      'DBK211 sharding[0].name',
      'DBK401 auth',
      'DBK401 auth',
      'DBK401 auth',
    ],
  },
  'mck-migrate-to-mck-rs-x509-only.json': {
    why: 'minimal operator fixture without dbVersions (autoPwd is rightly not asked for: X.509 needs none)',
    errors: ['DBK101 (document root)'],
  },
  'mck-migrate-to-mck-sc-complex-sharded.json': {
    why: 'operator fixture: no dbVersions; 7 processes without authSchemaVersion (Required); the router lacks cluster (required for dbs) and featureCompatibilityVersion (7.0 server), so no router serves the cluster; auth without autoPwd/key/keyfile; TLS processes without a CA file (the live service rejects that too)',
    errors: [
      'DBK101 (document root)',
      ...[0, 1, 2, 3, 4, 5, 6].map((i) => `DBK101 processes[${i}]`),
      'DBK101 processes[6]',
      'DBK307 processes[6]',
      'DBK211 sharding[0].name',
      'DBK401 auth',
      'DBK401 auth',
      'DBK401 auth',
      'DBK407 processes[0].args2_6.net.tls.mode',
    ],
  },
  'mck-migrate-to-mck-sc-heterogeneous-shards.json': {
    why: 'operator fixture: 8 processes without authSchemaVersion; the 2 routers lack cluster and featureCompatibilityVersion, so no router serves the cluster',
    errors: EIGHT_PROCESSES_TWO_BARE_ROUTERS,
  },
  'mck-migrate-to-mck-sc-search-mongot.json': {
    why: 'operator fixture with the same gaps as the heterogeneous one: no authSchemaVersion, routers without cluster and featureCompatibilityVersion',
    errors: EIGHT_PROCESSES_TWO_BARE_ROUTERS,
  },
  'mck-migrate-to-mck-sc-ldap.json': {
    why: 'minimal operator fixture: no dbVersions; the router lacks authSchemaVersion and cluster, so no router serves the cluster',
    errors: ['DBK101 (document root)', 'DBK101 processes[4]', 'DBK101 processes[4]', 'DBK211 sharding[0].name'],
  },
  'mck-migrate-to-mck-rs-complex.json': {
    why: 'operator fixture with secrets stripped: auth enabled without autoPwd, key, keyfile',
    errors: ['DBK401 auth', 'DBK401 auth', 'DBK401 auth'],
  },
  'mck-migrate-to-mck-rs-member-options.json': {
    why: 'operator fixture: no dbVersions; auth enabled without autoPwd, key, keyfile',
    errors: ['DBK101 (document root)', 'DBK401 auth', 'DBK401 auth', 'DBK401 auth'],
  },
  'mck-om-testdata-automation_config.json': {
    why: 'vendor fixture: "version": null (an integer is required) and pwd values that are not 32-hex hashes',
    errors: [
      'DBK102 version',
      'DBK405 auth.usersWanted[0].pwd',
      'DBK405 auth.usersWanted[1].pwd',
      'DBK405 auth.usersWanted[2].pwd',
    ],
  },
  'mck-om-testdata-deployment_tls.json': {
    why: 'vendor fixture without dbVersions',
    errors: ['DBK101 (document root)'],
  },
  'sarjarapu-ansible-sample.config.cluster-fragment.json': {
    why: 'fragment (an Ansible template): "version": null and no dbVersions',
    errors: ['DBK102 version', 'DBK101 (document root)'],
  },
};

describe('real automation configurations', () => {
  if (registerMissingCorpus(it, corpus)) return;

  it.skipIf(process.env.DBKIT_CORPUS_DIR)('pins only documents that exist (no stale pin)', () => {
    expect(Object.keys(PINNED).filter((file) => !corpus.files.includes(file))).toEqual([]);
  });

  it.for(corpus.files)('%s: every error is a pinned, true violation of the spec', (file) => {
    const diagnostics = validateAutomationConfig(JSON.parse(corpus.read(file)));
    const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${formatJsonPath(d.path)}`);
    const pinned = PINNED[file];
    if (!pinned) {
      expect(errors, 'a real document without pinned errors must produce none').toEqual([]);
      return;
    }
    expect(pinned.why.length).toBeGreaterThan(10);
    expect(errors.sort()).toEqual([...pinned.errors].sort());
  });
});
