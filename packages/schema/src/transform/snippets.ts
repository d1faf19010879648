// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${1:…}` are snippet placeholders, not templates.
/**
 * `defaultSnippets` (a VS Code JSON keyword, also read by every editor built on vscode-json-languageservice) for the
 * array items users add most often. Each body holds the item's required fields, with `${n:…}` placeholders to tab
 * through; a string starting with `^` is inserted without quotes (numbers). Values follow the examples' conventions:
 * neutral names, `dbd`/`dbs`, `*.example.net` hosts, `/var/lib/db-automation` (docs/decisions/repository.md,
 * "Example documents are valid per the spec and shaped like real ones").
 */
import { isNode, type SchemaNode } from './walk.js';

interface Snippet {
  readonly label: string;
  readonly description: string;
  readonly body: unknown;
}

/** Snippets by the definition they complete, i.e. the item type of an array users add to. */
export const SNIPPETS: { readonly [definition: string]: readonly Snippet[] } = {
  Process: [
    {
      label: 'New data-bearing process (dbd)',
      description: 'A replica-set member process with its required fields, args2_6 net/storage/systemLog/replication.',
      body: {
        name: '${1:rs0-node-1}',
        processType: 'dbd',
        hostname: '${2:db1.example.net}',
        version: '${3:7.0.12}',
        authSchemaVersion: '^${4:5}',
        featureCompatibilityVersion: '${5:7.0}',
        args2_6: {
          net: { port: '^${6:27017}' },
          storage: { dbPath: '${7:/var/lib/db-automation/rs0-node-1}' },
          systemLog: { destination: 'file', path: '${8:/var/log/db-automation/rs0-node-1.log}' },
          replication: { replSetName: '${9:rs0}' },
        },
      },
    },
    {
      label: 'New shard router (dbs)',
      description: 'A shard router process: names its sharded cluster in "cluster"; no storage or replication.',
      body: {
        name: '${1:router-1}',
        processType: 'dbs',
        hostname: '${2:router1.example.net}',
        version: '${3:7.0.12}',
        authSchemaVersion: '^${4:5}',
        featureCompatibilityVersion: '${5:7.0}',
        cluster: '${6:cluster0}',
        args2_6: {
          net: { port: '^${7:27017}' },
          systemLog: { destination: 'file', path: '${8:/var/log/db-automation/router-1.log}' },
        },
      },
    },
  ],
  ReplicaSet: [
    {
      label: 'New replica set',
      description: 'A replica set with one member; add members for each process of the set.',
      body: {
        _id: '${1:rs0}',
        protocolVersion: '1',
        members: [{ _id: '^${2:0}', host: '${3:rs0-node-1}', priority: '^${4:1}', votes: '^${5:1}' }],
      },
    },
  ],
  ReplicaSetMember: [
    {
      label: 'New replica-set member',
      description: 'A voting, electable member; host names a process in processes[].',
      body: { _id: '^${1:0}', host: '${2:rs0-node-1}', priority: '^${3:1}', votes: '^${4:1}' },
    },
    {
      label: 'New arbiter',
      description: 'An arbiter: votes in elections, holds no data (priority 0, votes 1).',
      body: { _id: '^${1:3}', host: '${2:rs0-arbiter}', arbiterOnly: true, priority: 0, votes: 1 },
    },
  ],
  UserWanted: [
    {
      label: 'New user (initPwd)',
      description: 'A database user created with a cleartext initial password and one role.',
      body: {
        db: '${1:admin}',
        user: '${2:app-user}',
        initPwd: '${3:FAKE-change-me}',
        roles: [{ db: '${4:admin}', role: '${5:readWriteAnyDatabase}' }],
      },
    },
  ],
  DbVersion: [
    {
      label: 'New database version',
      description: 'A dbVersions entry with one Linux build; processes[].version names it.',
      body: {
        name: '${1:7.0.12}',
        builds: [
          {
            platform: '${2:linux}',
            architecture: 'amd64',
            gitVersion: '${3:commit-hash}',
            url: '${4:https://downloads.example.net/db-linux-x86_64-7.0.12.tgz}',
            modules: [],
          },
        ],
      },
    },
  ],
  Shard: [
    {
      label: 'New shard',
      description: 'A shard backed by a replica set declared in replicaSets[].',
      body: { _id: '${1:shard0}', rs: '${2:shard0-rs}', tags: [] },
    },
  ],
  ShardedCluster: [
    {
      label: 'New sharded cluster',
      description: 'A sharded cluster with a config server replica set and one shard.',
      body: {
        name: '${1:cluster0}',
        configServerReplica: '${2:config-rs}',
        shards: [{ _id: '${3:shard0}', rs: '${4:shard0-rs}', tags: [] }],
      },
    },
  ],
  IndexConfig: [
    {
      label: 'New index',
      description: 'An ascending single-field index built on one replica set.',
      body: {
        key: [['${1:field}', '^${2:1}']],
        rsName: '${3:rs0}',
        dbName: '${4:app}',
        collectionName: '${5:orders}',
        options: { name: '${6:field_1}' },
      },
    },
  ],
};

/** Adds the snippets to their definitions; throws when a definition is missing (core renamed a type). */
export function addSnippets(schema: SchemaNode): void {
  const definitions = isNode(schema.definitions) ? schema.definitions : {};
  for (const [name, snippets] of Object.entries(SNIPPETS)) {
    const definition = definitions[name];
    if (!isNode(definition)) throw new Error(`Expected a definition "${name}" to add snippets to.`);
    definition.defaultSnippets = snippets;
  }
}
