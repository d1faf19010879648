import { formatJsonPath, validateAutomationConfig } from '@dbkit/core';
import { findCorpus, registerMissingCorpus } from '@dbkit/corpus';
import { describe, expect, it } from 'vitest';
import {
  type ASTNode,
  DiagnosticSeverity,
  getLanguageService,
  type JSONDocument,
  TextDocument,
} from 'vscode-json-languageservice';
import { AUTOMATION_CONFIG_FILE } from '../src/files.js';
import { automationConfigSchema } from '../src/index.js';
import { compile, errorLines } from './helpers.js';

/**
 * Real automation configurations. The project corpus lives beside the clone (`../shared/corpus/…`);
 * DBKIT_CORPUS_DIR points the test at another folder. Under CI a missing corpus fails.
 */
const corpus = findCorpus('real-automation-configs');

const missingAuthSchemaVersion = (indices: readonly number[]): string[] =>
  indices.map((i) => `/processes/${i} required authSchemaVersion`);

/**
 * Every schema error on a real document, pinned with the reason it is a true violation of the spec. Only vendor
 * fixtures and fragments are here: live captures and field dumps must validate. These are the same documents and
 * the same violations that `dbkit validate` reports as errors (test/e2e/test/corpus.test.ts), minus the rules a
 * schema cannot state (cross-references, conditions on other fields).
 */
const PINNED: Readonly<Record<string, { readonly why: string; readonly errors: readonly string[] }>> = {
  'gomngr-automation_config_test-jsonBlob.json': {
    why: 'fragment (a client test blob): no options, no dbVersions, which the spec requires at the top level',
    errors: ['(root) required options', '(root) required dbVersions'],
  },
  'mck-bughunt-new-ac.json': {
    why: 'a PUT body the service completed itself (it merged in options and dbVersions): as a document, a fragment without the top-level options and dbVersions the spec requires; the e2e corpus test pins the same two errors',
    errors: ['(root) required options', '(root) required dbVersions'],
  },
  'mck-migrate-sharded-with-rs-fragment.json': {
    why: 'fragment: no top-level version; a sharded cluster without its required name',
    errors: ['(root) required version', '/sharding/0 required name'],
  },
  'mck-migrate-to-mck-rs-member-options.json': {
    why: 'minimal operator fixture without dbVersions',
    errors: ['(root) required dbVersions'],
  },
  'mck-migrate-to-mck-rs-scram-sha1.json': {
    why: 'operator fixture (SCRAM-SHA-1 + MONGODB-CR, secrets stripped by its authors) without dbVersions',
    errors: ['(root) required dbVersions'],
  },
  'mck-migrate-to-mck-sc-scram-sha1.json': {
    why: 'operator fixture (SCRAM-SHA-1 + MONGODB-CR, secrets stripped by its authors): no dbVersions; the router lacks authSchemaVersion',
    errors: ['(root) required dbVersions', ...missingAuthSchemaVersion([4])],
  },
  'mck-migrate-to-mck-rs-x509-only.json': {
    why: 'minimal operator fixture without dbVersions',
    errors: ['(root) required dbVersions'],
  },
  'mck-migrate-to-mck-sc-complex-sharded.json': {
    why: 'operator fixture: no dbVersions; 7 processes without authSchemaVersion (Required for every process)',
    errors: ['(root) required dbVersions', ...missingAuthSchemaVersion([0, 1, 2, 3, 4, 5, 6])],
  },
  'mck-migrate-to-mck-sc-heterogeneous-shards.json': {
    why: 'operator fixture: 8 processes without authSchemaVersion (Required for every process)',
    errors: missingAuthSchemaVersion([0, 1, 2, 3, 4, 5, 6, 7]),
  },
  'mck-migrate-to-mck-sc-search-mongot.json': {
    why: 'operator fixture with the same gap as the heterogeneous one: no authSchemaVersion',
    errors: missingAuthSchemaVersion([0, 1, 2, 3, 4, 5, 6, 7]),
  },
  'mck-migrate-to-mck-sc-ldap.json': {
    why: 'minimal operator fixture: no dbVersions; the router lacks authSchemaVersion',
    errors: ['(root) required dbVersions', ...missingAuthSchemaVersion([4])],
  },
  'mck-om-testdata-automation_config.json': {
    why: 'vendor fixture: "version": null (an integer is required) and pwd values that are not 32-hex SCRAM-SHA-1 hashes',
    errors: [
      '/version type',
      '/auth/usersWanted/0/pwd pattern',
      '/auth/usersWanted/1/pwd pattern',
      '/auth/usersWanted/2/pwd pattern',
    ],
  },
  'mck-om-testdata-deployment_tls.json': {
    why: 'vendor fixture without dbVersions',
    errors: ['(root) required dbVersions'],
  },
  'sarjarapu-ansible-sample.config.cluster-fragment.json': {
    why: 'fragment (an Ansible template): "version": null and no dbVersions',
    errors: ['/version type', '(root) required dbVersions'],
  },
};

const files = corpus.files;
const validate = compile(automationConfigSchema);

describe('real automation configurations validate against the schema', () => {
  if (registerMissingCorpus(it, corpus)) return;

  it.for(files)('%s: every error is a pinned, true violation of the spec (ajv)', (file) => {
    const errors = errorLines(validate(JSON.parse(corpus.read(file))));
    const pinned = PINNED[file];
    if (!pinned) {
      expect(errors, 'a real document without pinned errors must produce none').toEqual([]);
      return;
    }
    expect(pinned.why.length).toBeGreaterThan(10);
    expect(errors.sort()).toEqual([...pinned.errors].sort());
  });
});

/** The JSON path of the innermost property or item at `offset`, as keys and indices. */
function pathAt(node: ASTNode | undefined, offset: number): (string | number)[] {
  if (node?.type === 'object') {
    const property = node.properties.find((p) => offset >= p.offset && offset < p.offset + p.length);
    if (!property) return [];
    const inValue = property.valueNode && offset >= property.valueNode.offset;
    return [property.keyNode.value, ...(inValue ? pathAt(property.valueNode, offset) : [])];
  }
  if (node?.type === 'array') {
    const index = node.items.findIndex((item) => offset >= item.offset && offset < item.offset + item.length);
    return index < 0 ? [] : [index, ...pathAt(node.items[index], offset)];
  }
  return [];
}

describe('real automation configurations in an editor', () => {
  if (registerMissingCorpus(it, corpus)) return;
  const service = getLanguageService({ schemaRequestService: (uri) => Promise.reject(new Error(uri)) });
  service.configure({
    validate: true,
    schemas: [{ uri: AUTOMATION_CONFIG_FILE.id, fileMatch: ['*.automation.json'], schema: automationConfigSchema }],
  });

  it.for(files)(
    '%s: the same errors as ajv; deprecation warnings exactly where dbkit validate warns (DBK50x)',
    async (file) => {
      const text = corpus.read(file);
      const document = TextDocument.create(
        `file:///corpus/${file.replace(/\.json$/, '.automation.json')}`,
        'json',
        1,
        text,
      );
      const json: JSONDocument = service.parseJSONDocument(document);
      const found = await service.doValidation(document, json, { schemaValidation: 'error' });
      const errors = found.filter((p) => p.severity === DiagnosticSeverity.Error);
      expect(errors).toHaveLength(errorLines(validate(JSON.parse(text))).length);
      const warnings = found
        .filter((p) => p.severity === DiagnosticSeverity.Warning)
        .map((p) => formatJsonPath(pathAt(json.root, document.offsetAt(p.range.start))));
      const deprecations = validateAutomationConfig(JSON.parse(text))
        .filter((d) => ['DBK501', 'DBK502', 'DBK503', 'DBK507'].includes(d.code))
        .map((d) => formatJsonPath(d.path));
      expect(warnings.sort()).toEqual(deprecations.sort());
    },
  );
});
