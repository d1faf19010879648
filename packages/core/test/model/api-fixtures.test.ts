/**
 * Type-checks every example API body (examples/api/*.json) and every real captured response (required under CI)
 * (../shared/corpus/real-api-responses/*.json next to the repository) as the core type it is an instance of.
 *
 * Each JSON text becomes the initializer of `export const fixture: <Type> = <json>;` in a virtual source file that
 * imports the real src types, and the TypeScript compiler checks it. Because the JSON is an object literal, the
 * compiler applies excess-property checks (a misspelt or unknown field is reported) and literal checks (a value
 * outside a closed set is reported), so zero diagnostics means the body matches the type exactly.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCorpus, registerMissingCorpus } from '@dbkit/corpus';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../src/api/errors.js';

const CORE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REPO_ROOT = resolve(CORE_ROOT, '../..');
const EXAMPLES_DIR = join(REPO_ROOT, 'examples/api');
const corpus = findCorpus('real-api-responses');
const VIRTUAL_DIR = join(CORE_ROOT, 'test/model');

/** Where each type the fixtures may name is declared (relative to the package's src). */
const TYPE_MODULES: Readonly<Record<string, string>> = {
  ListResponse: 'model/list.js',
  Envelope: 'model/list.js',
  ListEnvelope: 'model/list.js',
  ClusterSnapshot: 'model/snapshot.js',
  SnapshotPatch: 'model/snapshot.js',
  ConfigServerSnapshot: 'model/configServerSnapshot.js',
  Alert: 'model/alert.js',
  ApiErrorBody: 'model/error.js',
};

/** The type of every file in examples/api. A file missing here fails the test: add it. */
const EXAMPLE_TYPES: Readonly<Record<string, string>> = {
  'cluster-snapshot-list-page.json': 'ListResponse<ClusterSnapshot>',
  'cluster-snapshot.json': 'ClusterSnapshot',
  'config-server-snapshot.json': 'ConfigServerSnapshot',
  'alert-list.json': 'ListResponse<Alert>',
  'error-body.json': 'ApiErrorBody',
};

/** A rule mapping real captured responses, by file name, to their type. The first matching rule wins. */
type CorpusRule = {
  readonly pattern: RegExp;
  /** The core type, or `null` when the file is not a body of an API resource dbkit models (with the reason). */
  readonly type: string | null;
  readonly reason?: string;
  /**
   * Diagnostics reported on a JSON line matching this expression are expected, for the reason given: values the
   * related Atlas API sends outside the spec's closed sets. Every other diagnostic still fails the test.
   */
  readonly tolerate?: { readonly line: RegExp; readonly reason: string };
  /**
   * A vendor mock (written by hand for a client's unit test, not recorded): checked against the same type as a
   * capture, with every deviation pinned here, exactly, with its reason. The model is never loosened to fit a mock
   * (docs/decisions/repository.md, "Only recorded traffic widens the model"); `corrected` repairs the first deviation so the test also sees what it hides.
   */
  readonly mock?: {
    readonly reason: string;
    readonly expected: readonly RegExp[];
    readonly corrected?: {
      readonly from: string;
      readonly to: string;
      readonly expected: readonly RegExp[];
    };
  };
};

const ATLAS_ONLY_VALUES = {
  line: /"(eventTypeName|metricName)"\s*:/,
  reason: 'the Atlas API sends event types and metric names outside the spec (e.g. NORMALIZED_SYSTEM_CPU_STEAL)',
} as const;

/** Real captured responses (../shared/corpus/real-api-responses). A file no rule matches fails the test: add one. */
const CORPUS_RULES: readonly CorpusRule[] = [
  { pattern: /^atlascli-alerts?-list/i, type: 'ListResponse<Alert>', tolerate: ATLAS_ONLY_VALUES },
  { pattern: /^atlascli-alert/i, type: 'Alert', tolerate: ATLAS_ONLY_VALUES },
  {
    pattern: /^gomngr-alert-acknowledge-response/,
    type: 'Alert',
    mock: {
      reason:
        'a partial alert written for a client unit test: metricName misspelt ASSERTS_REGULAR (the same test file ' +
        'configures ASSERT_REGULAR), and no alertConfigId or links, which every recorded alert has (its missing ' +
        'hostnameAndPort is no deviation: dbkit already makes it optional, as recorded alerts without a host show)',
      expected: [/:12: Type '"ASSERTS_REGULAR"' is not assignable .* Did you mean '"ASSERT_REGULAR"'\?$/],
      corrected: {
        from: '"ASSERTS_REGULAR"',
        to: '"ASSERT_REGULAR"',
        expected: [/is missing the following properties from type 'AlertCommon': alertConfigId, links$/],
      },
    },
  },
  { pattern: /alerts?-list/i, type: 'ListResponse<Alert>' },
  { pattern: /alert/i, type: 'Alert' },
  { pattern: /config-?server-snapshots?-list/i, type: 'ListResponse<ConfigServerSnapshot>' },
  { pattern: /config-?server-snapshot/i, type: 'ConfigServerSnapshot' },
  { pattern: /snapshots?-list/i, type: 'ListResponse<ClusterSnapshot>' },
  { pattern: /snapshot/i, type: 'ClusterSnapshot' },
  { pattern: /(^atlascli-[45]\d\d)|error/i, type: 'ApiErrorBody' },
  {
    pattern: /automation-?config|automationConfig|put-response/i,
    type: null,
    reason: 'not an API resource of this module',
  },
];

type Fixture = {
  readonly name: string;
  readonly json: string;
  readonly type: string;
  readonly tolerate?: RegExp;
  /** Exactly the diagnostics expected (a pinned vendor mock); absent means none. */
  readonly pinned?: readonly RegExp[];
};
type Checked = Fixture & { readonly diagnostics: readonly string[] };

/** A flat, non-existent file next to this test, so the relative imports of the virtual source resolve. */
function virtualPath(name: string): string {
  return join(VIRTUAL_DIR, `__fixture__${name.replaceAll(/[^A-Za-z0-9.-]/g, '_')}.ts`);
}

function typeNames(typeExpression: string): readonly string[] {
  return [...new Set(typeExpression.match(/[A-Za-z]+/g) ?? [])];
}

/** The virtual source: imports and declaration on line 1, so JSON line N is source line N. */
function virtualSource(fixture: Fixture): string {
  const imports = typeNames(fixture.type)
    .map((name) => {
      const module = TYPE_MODULES[name];
      if (module === undefined) throw new Error(`Add the module of type ${name} to TYPE_MODULES.`);
      const specifier = relative(VIRTUAL_DIR, join(CORE_ROOT, 'src', module)).replaceAll('\\', '/');
      return `import type { ${name} } from '${specifier.startsWith('.') ? specifier : `./${specifier}`}';`;
    })
    .join(' ');
  return `${imports} export const fixture: ${fixture.type} = ${fixture.json.trim()};\n`;
}

/** Type-checks all fixtures in one program against the package's compiler options. */
function typeCheck(fixtures: readonly Fixture[]): readonly Checked[] {
  const configPath = join(CORE_ROOT, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    { noEmit: true, types: [] },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error(`Cannot read ${configPath}.`);
  const sources = new Map(fixtures.map((fixture) => [virtualPath(fixture.name), virtualSource(fixture)]));
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => sources.has(resolve(file)) || fileExists.call(host, file);
  host.readFile = (file) => sources.get(resolve(file)) ?? readFile.call(host, file);
  host.getSourceFile = (file, languageVersion, ...rest) => {
    const text = sources.get(resolve(file));
    return text === undefined
      ? getSourceFile.call(host, file, languageVersion, ...rest)
      : ts.createSourceFile(file, text, languageVersion, true);
  };
  const program = ts.createProgram({ rootNames: [...sources.keys()], options: config.options, host });
  return fixtures.map((fixture) => {
    const sourceFile = program.getSourceFile(virtualPath(fixture.name));
    if (sourceFile === undefined) throw new Error(`The program lost ${fixture.name}.`);
    const lines = fixture.json.trim().split('\n');
    const diagnostics = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]
      .filter((diagnostic) => {
        if (fixture.tolerate === undefined || diagnostic.start === undefined) return true;
        const { line } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start);
        return !fixture.tolerate.test(lines[line] ?? '');
      })
      .map((diagnostic) => {
        const where =
          diagnostic.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
        return `${fixture.name}:${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      });
    return { ...fixture, diagnostics };
  });
}

function jsonFiles(directory: string): readonly string[] {
  return existsSync(directory)
    ? readdirSync(directory)
        .filter((file) => file.endsWith('.json'))
        .sort()
    : [];
}

const exampleFiles = jsonFiles(EXAMPLES_DIR);
const corpusFiles = corpus.files;
const corpusFixtures = corpusFiles.flatMap((file): Fixture[] => {
  const rule = CORPUS_RULES.find((candidate) => candidate.pattern.test(file));
  if (rule === undefined || rule.type === null) return [];
  const json = corpus.read(file);
  const tolerate = rule.tolerate?.line;
  const fixture: Fixture = { name: `corpus/${file}`, json, type: rule.type, ...(tolerate ? { tolerate } : {}) };
  const mock = rule.mock;
  if (mock === undefined) return [fixture];
  const pinned = { ...fixture, pinned: mock.expected };
  if (mock.corrected === undefined) return [pinned];
  const { from, to, expected } = mock.corrected;
  return [
    pinned,
    { ...fixture, name: `${fixture.name} (${to} for ${from})`, json: json.replace(from, to), pinned: expected },
  ];
});

/** Bodies that must fail: each proves that one kind of mistake is reported. */
const NEGATIVE: readonly (Fixture & { readonly expected: RegExp })[] = [
  {
    name: 'wrong-unit',
    type: 'Alert',
    expected: /"PERCENT"/,
    json: JSON.stringify({
      id: 'a',
      groupId: 'g',
      alertConfigId: 'c',
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      status: 'OPEN',
      created: '2024-06-01T00:00:00Z',
      updated: '2024-06-01T00:00:00Z',
      links: [],
      metricName: 'CONNECTIONS',
      currentValue: { number: 5, units: 'PERCENT' },
      hostnameAndPort: 'h:27017',
    }),
  },
  {
    name: 'misspelt-field',
    type: 'SnapshotPatch',
    expected: /'"doNotDelte"' does not exist in type 'SnapshotPatch'/,
    json: '{ "doNotDelte": true }',
  },
  {
    name: 'resolved-on-open-alert',
    type: 'Alert',
    expected: /'"resolved"' does not exist/,
    json: JSON.stringify({
      id: 'a',
      groupId: 'g',
      alertConfigId: 'c',
      eventTypeName: 'MONITORING_AGENT_DOWN',
      status: 'OPEN',
      resolved: '2024-06-01T00:00:00Z',
      created: '2024-06-01T00:00:00Z',
      updated: '2024-06-01T00:00:00Z',
      links: [],
    }),
  },
  {
    name: 'closed-alert-without-resolved',
    type: 'Alert',
    expected: /Property 'resolved' is missing/,
    json: JSON.stringify({
      id: 'a',
      groupId: 'g',
      alertConfigId: 'c',
      eventTypeName: 'MONITORING_AGENT_DOWN',
      status: 'CLOSED',
      created: '2024-06-01T00:00:00Z',
      updated: '2024-06-01T00:00:00Z',
      links: [],
    }),
  },
  {
    name: 'event-field-on-other-event',
    type: 'Alert',
    expected: /'"metricName"' does not exist/,
    json: JSON.stringify({
      id: 'a',
      groupId: 'g',
      alertConfigId: 'c',
      eventTypeName: 'HOST_DOWN',
      status: 'OPEN',
      created: '2024-06-01T00:00:00Z',
      updated: '2024-06-01T00:00:00Z',
      links: [],
      hostnameAndPort: 'h:27017',
      metricName: 'CONNECTIONS',
    }),
  },
  {
    name: 'master-key-without-encryption',
    type: 'ClusterSnapshot',
    expected: /'"masterKeyUUID"' does not exist/,
    json: JSON.stringify({
      id: 's',
      groupId: 'g',
      clusterId: 'c',
      complete: true,
      created: { date: '2024-06-01T00:00:00Z', increment: 1 },
      doNotDelete: false,
      links: [],
      parts: [
        {
          typeName: 'REPLICA_SET',
          replicaSetName: 'rs0',
          clusterId: 'c',
          encryptionEnabled: false,
          masterKeyUUID: 'k',
          dataSizeBytes: 1,
          fileSizeBytes: 1,
          storageSizeBytes: 1,
          dbdVersion: '7.0.0',
        },
      ],
    }),
  },
  {
    name: 'missing-required-field',
    type: 'ClusterSnapshot',
    expected: /Property 'parts' is missing/,
    json: JSON.stringify({
      id: 's',
      groupId: 'g',
      clusterId: 'c',
      complete: true,
      created: { date: '2024-06-01T00:00:00Z', increment: 1 },
      doNotDelete: false,
      links: [],
    }),
  },
  {
    name: 'two-config-server-parts',
    type: 'ConfigServerSnapshot',
    expected: /Source has 2 element\(s\) but target allows only 1/,
    json: JSON.stringify({
      id: '58b6f2c3e4b0a1f2c3d4e5f6',
      groupId: '5e2211c17a3e5a48f5497de3',
      complete: true,
      created: { date: '2017-03-01T12:00:00Z', increment: 1 },
      doNotDelete: false,
      links: [],
      parts: [0, 1].map((index) => ({
        typeName: 'CONFIG_SERVER',
        hostId: `h${index}`,
        completedTime: '2017-03-01T12:01:15Z',
        dataSizeBytes: 1,
        encryptionEnabled: false,
        fileSizeBytes: 1,
        machineId: `cfg${index}.example.com:27019`,
        dbdVersion: '3.2.15',
        storageSizeBytes: 1,
      })),
    }),
  },
  {
    name: 'unknown-error-code',
    type: 'ApiErrorBody',
    expected: /"NOT_A_CODE"/,
    json: '{ "detail": "x", "error": 400, "errorCode": "NOT_A_CODE", "parameters": [], "reason": "Bad Request" }',
  },
];

/** A body of the related Atlas API: its event type is outside the spec's closed set. */
const ATLAS_LIKE_ALERT = JSON.stringify(
  {
    id: 'a',
    groupId: 'g',
    alertConfigId: 'c',
    clusterId: 'k',
    eventTypeName: 'REPLICATION_OPLOG_WINDOW_RUNNING_OUT',
    status: 'CLOSED',
    resolved: '2024-06-01T00:00:00Z',
    created: '2024-06-01T00:00:00Z',
    updated: '2024-06-01T00:00:00Z',
    links: [],
    orgId: 'o',
  },
  null,
  2,
);
const TOLERANCE: readonly Fixture[] = [
  { name: 'atlas-like-tolerated', type: 'Alert', json: ATLAS_LIKE_ALERT, tolerate: ATLAS_ONLY_VALUES.line },
  { name: 'atlas-like-strict', type: 'Alert', json: ATLAS_LIKE_ALERT },
];

const examples = exampleFiles.flatMap((file): Fixture[] => {
  const type = EXAMPLE_TYPES[file];
  return type === undefined
    ? []
    : [{ name: `examples/${file}`, json: readFileSync(join(EXAMPLES_DIR, file), 'utf8'), type }];
});
const checked = new Map(
  typeCheck([...examples, ...corpusFixtures, ...NEGATIVE, ...TOLERANCE]).map((result) => [result.name, result]),
);

describe('examples/api', () => {
  it('has the expected example files, each mapped to a type', () => {
    expect(exampleFiles.filter((file) => EXAMPLE_TYPES[file] === undefined)).toStrictEqual([]);
    expect(exampleFiles).toStrictEqual(Object.keys(EXAMPLE_TYPES).sort());
  });

  it.for(Object.entries(EXAMPLE_TYPES))(
    '%s type-checks as %s [spec:snapshot-fields] [spec:config-server-snapshot-shape] [spec:alert-fields] [spec:link-object]',
    ([file]) => {
      expect(checked.get(`examples/${file}`)?.diagnostics).toStrictEqual([]);
    },
  );

  it('error-body.json is exactly what apiError builds', () => {
    const body: unknown = JSON.parse(readFileSync(join(EXAMPLES_DIR, 'error-body.json'), 'utf8'));
    expect(body).toStrictEqual(
      apiError('SNAPSHOT_INVALID_FIELDS', ['665a3c2e8f1b4a0012d4e901', 'doNotDelete, expires'], {
        hint: 'doNotDelete true removes the expiry, so expires cannot be set with it; send one of the two.',
      }),
    );
  });
});

describe('../shared/corpus/real-api-responses', () => {
  if (registerMissingCorpus(it, corpus)) return;

  it('maps every captured response to a type or to a reason it is skipped', () => {
    expect(corpusFiles.filter((file) => !CORPUS_RULES.some((rule) => rule.pattern.test(file)))).toStrictEqual([]);
  });

  const captures = corpusFixtures.filter((fixture) => fixture.pinned === undefined);
  it.for(captures.map((fixture) => [fixture.name, fixture.type] as const))('%s type-checks as %s', ([name]) => {
    expect(checked.get(name)?.diagnostics).toStrictEqual([]);
  });

  const mocks = corpusFixtures.filter((fixture) => fixture.pinned !== undefined);
  it.for(mocks.map((fixture) => [fixture.name, fixture.type] as const))(
    '%s (vendor mock) deviates from %s exactly as pinned',
    ([name]) => {
      const fixture = mocks.find((candidate) => candidate.name === name);
      const diagnostics = checked.get(name)?.diagnostics ?? [];
      expect(diagnostics).toHaveLength(fixture?.pinned?.length ?? 0);
      for (const [index, pattern] of (fixture?.pinned ?? []).entries()) expect(diagnostics[index]).toMatch(pattern);
    },
  );
});

describe('the check reports mistakes', () => {
  it.for(NEGATIVE.map((fixture) => [fixture.name, fixture.expected] as const))('%s is reported', ([name, expected]) => {
    const diagnostics = checked.get(name)?.diagnostics ?? [];
    expect(diagnostics.join('\n')).toMatch(expected);
  });
});

describe('tolerating Atlas-only values in captured responses', () => {
  it('reports an event type outside the spec on its own line (line 6 of the JSON)', () => {
    expect(checked.get('atlas-like-strict')?.diagnostics).toStrictEqual([
      expect.stringMatching(/^atlas-like-strict:6: Type '"REPLICATION_OPLOG_WINDOW_RUNNING_OUT"' is not assignable/),
    ]);
  });

  it('tolerates only diagnostics on eventTypeName and metricName lines', () => {
    expect(checked.get('atlas-like-tolerated')?.diagnostics).toStrictEqual([]);
  });
});
