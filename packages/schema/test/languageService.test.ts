/**
 * The schemas as editors see them: vscode-json-languageservice is the engine of VS Code's JSON support and of
 * every editor using vscode-json-languageserver (neovim's jsonls, Helix, Sublime LSP, Zed, Monaco). Documents are
 * associated by file name through the catalog's patterns, exactly as an editor configured with them does.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CompletionItem,
  type Diagnostic,
  DiagnosticSeverity,
  getLanguageService,
  type MarkupContent,
  TextDocument,
} from 'vscode-json-languageservice';
import { AUTOMATION_CONFIG_FILE_MATCH, catalog, schemaFiles } from '../src/index.js';
import { API_EXAMPLES, apiExamplesDir, automationExamplesDir, jsonFilesIn, readText } from './helpers.js';

const service = getLanguageService({
  // Every schema is given inline: an editor following these settings never fetches anything.
  schemaRequestService: (uri) => Promise.reject(new Error(`unexpected schema request: ${uri}`)),
});
service.configure({
  validate: true,
  schemas: schemaFiles.map(({ id, name, fileMatch, schema }) => ({
    uri: id,
    // API documents have no conventional file names; the tests name them `<schema name>.api.json`.
    fileMatch: fileMatch ? [...fileMatch] : [`*.${name}.api.json`],
    schema,
  })),
});

const CURSOR = '|';

/** A document named `fileName`; `text` may hold a `|` cursor, whose offset is returned. */
function open(fileName: string, text: string) {
  const offset = text.indexOf(CURSOR);
  const content = offset >= 0 ? text.slice(0, offset) + text.slice(offset + 1) : text;
  const document = TextDocument.create(`file:///work/${fileName}`, 'json', 1, content);
  const json = service.parseJSONDocument(document);
  return { document, json, position: document.positionAt(Math.max(offset, 0)), content };
}

/** Problems as VS Code reports them, with schema violations as errors (its default shows them as warnings). */
async function problems(fileName: string, text: string): Promise<Diagnostic[]> {
  const { document, json } = open(fileName, text);
  return service.doValidation(document, json, { schemaValidation: 'error' });
}

async function completions(fileName: string, text: string): Promise<CompletionItem[]> {
  const { document, json, position } = open(fileName, text);
  return (await service.doComplete(document, position, json))?.items ?? [];
}

async function hoverText(fileName: string, text: string): Promise<string> {
  const { document, json, position } = open(fileName, text);
  const hover = await service.doHover(document, position, json);
  const contents = hover?.contents;
  const asText = (part: string | { value: string }): string => (typeof part === 'string' ? part : part.value);
  return Array.isArray(contents) ? contents.map(asText).join('\n') : contents ? asText(contents) : '';
}

const messageOf = (problem: Diagnostic): string =>
  typeof problem.message === 'string' ? problem.message : problem.message.value;

const docText = (item: CompletionItem): string =>
  typeof item.documentation === 'string' ? item.documentation : ((item.documentation as MarkupContent)?.value ?? '');

const replicaSet = readText(join(automationExamplesDir, 'replica-set.automation.json'));
const alertList = readText(join(apiExamplesDir, 'alert-list.json'));

describe('valid examples show no problems', () => {
  it.for(jsonFilesIn(automationExamplesDir))('examples/automation/%s', async (file) => {
    expect(await problems(file, readText(join(automationExamplesDir, file)))).toEqual([]);
  });

  it.for(Object.entries(API_EXAMPLES))('examples/api/%s', async ([file, name]) => {
    expect(await problems(`example.${name}.api.json`, readText(join(apiExamplesDir, file)))).toEqual([]);
  });
});

describe('the catalog’s file patterns associate the automation schema', () => {
  const wrong = replicaSet.replace('"processType": "dbd"', '"processType": "mongod"');
  const matching = [
    'prod.automation.json',
    'automation-config.json',
    'prod.automation-config.json',
    'automation-config.staging.json',
    'automationConfig.json',
    'prod.automationConfig.json',
    'automation.config.json',
    'get.automation.config.json',
  ];
  it('every pattern is exercised below', () => {
    expect(catalog.schemas[0]?.fileMatch).toEqual(AUTOMATION_CONFIG_FILE_MATCH);
    expect(matching).toHaveLength(AUTOMATION_CONFIG_FILE_MATCH.length);
  });
  it.for(matching)('%s gets the schema', async (file) => {
    expect((await problems(file, wrong)).map(messageOf)).toEqual([expect.stringMatching(/dbd/)]);
  });
  it.for(['package.json', 'automation.json', 'config.json', 'alert-list.json'])('%s does not', async (file) => {
    expect(await problems(file, wrong)).toEqual([]);
  });
});

/** Mistakes: the replaced text, its replacement, the expected severity and message; the range is the replacement. */
const MISTAKES: readonly (readonly [string, string, string, string, DiagnosticSeverity, RegExp])[] = [
  [
    'vendor processType',
    'rs.automation.json',
    '"processType": "dbd"',
    '"processType": "mongod"',
    DiagnosticSeverity.Error,
    /"dbd", "dbs"/,
  ],
  [
    'priority as a word',
    'rs.automation.json',
    '"priority": 1.0',
    '"priority": "high"',
    DiagnosticSeverity.Error,
    /Incorrect type/,
  ],
  [
    'version as a string',
    'rs.automation.json',
    '"version": 12',
    '"version": "12"',
    DiagnosticSeverity.Error,
    /Incorrect type/,
  ],
  ['votes above 1', 'rs.automation.json', '"votes": 1', '"votes": 2', DiagnosticSeverity.Error, /maximum/],
  [
    'deprecated maxUncompressed',
    'rs.automation.json',
    '"numUncompressed": 5',
    '"maxUncompressed": 5',
    DiagnosticSeverity.Warning,
    /Use `numUncompressed`/,
  ],
  [
    'a non-empty obsolete section',
    'rs.automation.json',
    '"version": 12,',
    '"version": 12, "backupVersions": [{ "name": "7.8.1" }],',
    DiagnosticSeverity.Warning,
    /Obsolete parameter/,
  ],
];

describe('mistakes are underlined where they are', () => {
  it.for(MISTAKES)('%s', async ([, file, before, after, severity, message]) => {
    const text = replicaSet.replace(before, after);
    const offset = text.indexOf(after);
    const found = await problems(file, text);
    expect(found).toHaveLength(1);
    const [problem] = found as [Diagnostic];
    const { document } = open(file, text);
    expect(problem.severity).toBe(severity);
    expect(messageOf(problem)).toMatch(message);
    // The range lies within the edited "key": value text.
    expect(document.offsetAt(problem.range.start)).toBeGreaterThanOrEqual(offset);
    expect(document.offsetAt(problem.range.end)).toBeLessThanOrEqual(offset + after.length);
  });

  it('a missing required field is reported on the object that lacks it', async () => {
    const text = replicaSet.replace('"processType": "dbd",', '');
    const [problem] = await problems('rs.automation.json', text);
    expect(problem && messageOf(problem)).toMatch(/Missing property "processType"/);
    const { document } = open('rs.automation.json', text);
    expect(text.slice(document.offsetAt(problem?.range.start ?? { line: 0, character: 0 }))).toMatch(/^\{|^"/);
  });

  it.for([
    ['empty obsolete sections', '"monitoringVersions": [], "backupVersions": []'],
    ['null in optional fields', '"uiBaseUrl": null, "agentVersion": null, "ssl": { "CAFilePath": null }'],
    [
      'slaveDelay, the name servers before 5.0 need',
      '"replicaSets": [{ "_id": "rs", "members": [{ "_id": 0, "slaveDelay": 0 }] }]',
    ],
  ] as const)('%s are not a problem', async ([, fields]) => {
    const text = `{ "version": 1, "options": { "downloadBase": "/d" }, "dbVersions": [], "processes": [], ${fields} }`;
    expect(await problems('rs.automation.json', text)).toEqual([]);
  });

  it('an unknown field is not a problem', async () => {
    expect(
      await problems('rs.automation.json', replicaSet.replace('"disabled": false,', '"unknownFieldOne": 1,')),
    ).toEqual([]);
  });

  it('an alert with an unknown metric gets one problem, on the metric name', async () => {
    const text = alertList.replace('"metricName": "CONNECTIONS"', '"metricName": "CONNECTIONZ"');
    const found = await problems('page.alert-list.api.json', text);
    expect(found).toHaveLength(1);
    const { document } = open('page.alert-list.api.json', text);
    expect(document.getText(found[0]?.range)).toBe('"CONNECTIONZ"');
  });
});

describe('completion offers values and snippets with their descriptions', () => {
  it('a processType value offers dbd and dbs, described', async () => {
    const text = replicaSet.replace('"processType": "dbd"', `"processType": ${CURSOR}`);
    const items = await completions('rs.automation.json', text);
    const byLabel = new Map(items.map((i) => [i.label, docText(i)]));
    expect([...byLabel.keys()]).toEqual(expect.arrayContaining(['"dbd"', '"dbs"']));
    expect(byLabel.get('"dbd"')).toMatch(/data-bearing database server/);
    expect(byLabel.get('"dbs"')).toMatch(/shard router/);
  });

  it('an auth mechanism offers every known mechanism', async () => {
    const text = `{ "auth": { "deploymentAuthMechanisms": [ ${CURSOR} ] } }`;
    const labels = (await completions('x.automation.json', text)).map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['"SCRAM-SHA-256"', '"MONGODB-X509"', '"PLAIN"', '"GSSAPI"']));
  });

  it('a new item of processes offers the process snippets', async () => {
    const text = `{ "processes": [ ${CURSOR} ] }`;
    const items = await completions('x.automation.json', text);
    const snippet = items.find((i) => i.label === 'New data-bearing process (dbd)');
    expect(snippet?.insertText).toMatch(/"name": "\$\{1:rs0-node-1\}",[\s\S]*"processType": "dbd"/);
    expect(items.map((i) => i.label)).toContain('New shard router (dbs)');
  });

  it.for([
    [
      'replica-set members',
      `{ "replicaSets": [ { "_id": "rs0", "members": [ ${CURSOR} ] } ] }`,
      'New replica-set member',
    ],
    ['users', `{ "auth": { "usersWanted": [ ${CURSOR} ] } }`, 'New user (initPwd)'],
  ] as const)('a new item of %s offers its snippet', async ([, text, label]) => {
    expect((await completions('x.automation.json', text)).map((i) => i.label)).toContain(label);
  });

  it('property names are offered with their descriptions; deprecated and service-managed ones are not', async () => {
    const member = await completions('x.automation.json', `{ "replicaSets": [ { "members": [ { ${CURSOR} } ] } ] }`);
    const labels = member.map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['_id', 'host', 'priority', 'votes', 'secondaryDelaySecs']));
    expect(docText(member.find((i) => i.label === 'priority') as CompletionItem)).toMatch(/0 to 1000/);
    const rotate = await completions('x.automation.json', `{ "processes": [ { "logRotate": { ${CURSOR} } } ] }`);
    expect(rotate.map((i) => i.label)).toContain('numUncompressed');
    expect(rotate.map((i) => i.label)).not.toContain('maxUncompressed');
    const top = (await completions('x.automation.json', `{ ${CURSOR} }`)).map((i) => i.label);
    expect(top).toEqual(expect.arrayContaining(['processes', 'replicaSets', 'auth', 'tls']));
    expect(top).not.toContain('atlasProxies');
    expect(top).not.toContain('monitoringVersions');
  });

  it('an alert’s eventTypeName offers the event types', async () => {
    const text = alertList.replace('"eventTypeName": "HOST_DOWN"', `"eventTypeName": ${CURSOR}`);
    const items = await completions('page.alert-list.api.json', text);
    const outside = items.find((i) => i.label === '"OUTSIDE_METRIC_THRESHOLD"');
    expect(outside).toBeDefined();
    expect(items.length).toBeGreaterThan(100);
  });
});

describe('hover shows the spec’s text', () => {
  it.for([
    [
      'a field',
      `"process${CURSOR}Type": "dbd"`,
      /^Type of process: `dbd` \(data-bearing server\) or `dbs` \(shard router\)\./,
    ],
    ['a value', `"processType": "d${CURSOR}bd"`, /`dbd`: The data\\-bearing database server/],
    [
      'a field with a default',
      `"numUncompressed${CURSOR}": 5`,
      /Maximum number of log files left uncompressed[\s\S]*Default: `5`/,
    ],
    [
      'a field of a replica-set member',
      `"secondaryDelaySecs${CURSOR}": 0`,
      /^Seconds the member lags behind the primary\./,
    ],
  ] as const)('on %s', async ([, hovered, expected]) => {
    const text = replicaSet.replace(hovered.replace(CURSOR, ''), hovered);
    expect(text).toContain(CURSOR);
    expect(await hoverText('rs.automation.json', text)).toMatch(expected);
  });

  it('on a deprecated field: its text and the deprecation', async () => {
    const text = replicaSet.replace('"numUncompressed": 5', `"maxUncompressed${CURSOR}": 5`);
    expect(await hoverText('rs.automation.json', text)).toMatch(
      /^Earlier name of `numUncompressed`[\s\S]*\*\*Deprecated:\*\* Use `numUncompressed`/,
    );
  });
});

it.for(schemaFiles.map((f) => [f.name, f.fileMatch?.[0]?.replace('*', 'x') ?? `x.${f.name}.api.json`] as const))(
  '%s: the language service loads the schema without problems of its own',
  async ([, fileName]) => {
    // An empty object: the only problems are the missing required fields; an unresolved $ref or a malformed
    // schema would add a problem of its own ("$ref … can not be resolved", "Unable to load schema").
    const found = await problems(fileName, '{}');
    expect(found.filter((p) => !/^Missing property/.test(messageOf(p)))).toEqual([]);
  },
);
