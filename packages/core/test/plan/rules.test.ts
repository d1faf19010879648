/** The transition rules, one table per area: base.json as the deployed revision, edits for the new one. */
import { describeRows, type Edit } from './harness.js';

const tls = (p: number) => ['processes', p, 'args2_6', 'net', 'tls', 'mode'] as const;
const shard0Members = ['replicaSets', 1, 'members'] as const;
const configMembers = ['replicaSets', 0, 'members'] as const;
const threeVotingConfig: readonly Edit[] = [
  ['push', configMembers, { _id: 1, host: 'cfg-1', priority: 1, votes: 1 }],
  ['push', configMembers, { _id: 2, host: 'cfg-2', priority: 1, votes: 1 }],
];

describeRows([
  [
    'the document version (DBK601, DBK602)',
    [
      ['a higher version is a plain change', [], [], { changes: ['other change'] }],
      ['a lower version is refused [spec:doc-version-revision]', [['set', ['version'], 6]], ['DBK601 version']],
      [
        'the same version with a change is a warning',
        [
          ['set', ['version'], 7],
          ['set', ['processes', 0, 'hostname'], 'x.example.net'],
        ],
        ['DBK602 version'],
      ],
      ['the same document is no change at all', [['set', ['version'], 7]], []],
    ],
  ],
  [
    'server versions and feature compatibility (DBK603–DBK606)',
    [
      [
        'one release up is an upgrade',
        [['set', ['processes', 5, 'version'], '3.4.10']],
        [],
        { changes: ['versions upgrade'] },
      ],
      [
        'a patch release down is a downgrade',
        [['set', ['processes', 0, 'version'], '7.0.2']],
        [],
        { changes: ['versions downgrade'] },
      ],
      [
        'skipping a release series is refused',
        [['set', ['processes', 5, 'version'], '4.0.0']],
        ['DBK603 processes[5].version'],
      ],
      [
        'a downgrade below the feature compatibility version is refused',
        [['set', ['processes', 1, 'version'], '6.0.5']],
        ['DBK604 processes[1].featureCompatibilityVersion'],
      ],
      [
        'the downgrade after lowering feature compatibility is fine',
        [['set', ['processes', 2, 'version'], '6.0.5']],
        [],
        { changes: ['versions downgrade'] },
      ],
      [
        'feature compatibility one release up is an upgrade',
        [['set', ['processes', 2, 'featureCompatibilityVersion'], '7.0']],
        [],
        { changes: ['versions upgrade'] },
      ],
      [
        'feature compatibility two releases up and ahead of the binary',
        [['set', ['processes', 2, 'featureCompatibilityVersion'], '8.0']],
        ['DBK605 processes[2].featureCompatibilityVersion', 'DBK604 processes[2].featureCompatibilityVersion'],
      ],
      [
        'upgrading while feature compatibility lags is refused',
        [['set', ['processes', 2, 'version'], '8.0.1']],
        ['DBK606 processes[2].version'],
      ],
      ['upgrading with feature compatibility caught up is fine', [['set', ['processes', 1, 'version'], '8.0.1']], []],
      ['a rapid release is not judged', [['set', ['processes', 1, 'version'], '7.3.1']], []],
    ],
  ],
  [
    'replica-set voting members (DBK610, DBK611)',
    [
      [
        'adding one voting member is a reconfig',
        [['push', shard0Members, { _id: 3, host: 'legacy-0', votes: 1 }]],
        [],
        { changes: ['replicaSets reconfig'] },
      ],
      [
        'adding a non-voting member is fine',
        [['push', shard0Members, { _id: 3, host: 'legacy-0', votes: 0, priority: 0 }]],
        [],
      ],
      [
        'adding two voting members is a warning',
        [
          ['push', shard0Members, { _id: 3, host: 'a', votes: 1 }],
          ['push', shard0Members, { _id: 4, host: 'b' }],
        ],
        ['DBK610 replicaSets[1].members'],
      ],
      [
        'giving a vote and adding a voter is two changes',
        [
          ['set', [...shard0Members, 1, 'votes'], 1],
          ['push', shard0Members, { _id: 4, host: 'b' }],
        ],
        ['DBK610 replicaSets[1].members'],
      ],
      [
        'before 4.4 a reconfiguration may change several voters',
        [
          ['push', ['replicaSets', 2, 'members'], { _id: 4, host: 'cfg-0' }],
          ['push', ['replicaSets', 2, 'members'], { _id: 5, host: 'arb-0' }],
          ['set', ['processes', 0, 'version'], '4.2.1'],
          ['set', ['processes', 3, 'version'], '4.2.1'],
        ],
        [],
        {
          from: [
            ['set', ['processes', 0, 'version'], '4.2.1'],
            ['set', ['processes', 3, 'version'], '4.2.1'],
          ],
        },
      ],
      [
        'a member of unknown version keeps the warning',
        [
          ['push', ['replicaSets', 2, 'members'], { _id: 4, host: 'cfg-0' }],
          ['push', ['replicaSets', 2, 'members'], { _id: 5, host: 'nowhere' }],
        ],
        ['DBK610 replicaSets[2].members'],
      ],
      [
        'removing one of two voters loses the old majority',
        [['delete', [...shard0Members, 2]]],
        ['DBK611 replicaSets[1].members'],
      ],
      [
        'removing one of three voters keeps the majority',
        [['delete', [...configMembers, 2]]],
        [],
        { from: threeVotingConfig },
      ],
      [
        'removing two of three voters',
        [
          ['delete', [...configMembers, 2]],
          ['delete', [...configMembers, 1]],
        ],
        ['DBK610 replicaSets[0].members', 'DBK611 replicaSets[0].members'],
        { from: threeVotingConfig },
      ],
      [
        'stripping a non-voter of nothing: a priority change is a reconfig',
        [['set', [...shard0Members, 0, 'priority'], 3]],
        [],
        { changes: ['replicaSets reconfig'] },
      ],
    ],
  ],
  [
    'renames are removals plus additions (DBK612)',
    [
      [
        'a replica set renamed with the same members',
        [['set', ['replicaSets', 2, '_id'], 'legacy2']],
        ['DBK612 replicaSets[2]._id'],
        { changes: ['replicaSets rename-as-remove-add'] },
      ],
      [
        'a process renamed on the same host and port',
        [['set', ['processes', 5, 'name'], 'legacy-1']],
        ['DBK612 processes[5].name'],
        { changes: ['processes rename-as-remove-add'] },
      ],
      [
        'a process replaced on another host is a removal and an addition',
        [
          ['set', ['processes', 5, 'name'], 'legacy-1'],
          ['set', ['processes', 5, 'hostname'], 'new.example.net'],
        ],
        [],
        { changes: ['processes remove', 'processes add'] },
      ],
      [
        'a cluster renamed with the same config servers',
        [['set', ['sharding', 0, 'name'], 'main2']],
        ['DBK612 sharding[0].name'],
      ],
    ],
  ],
  [
    'forced reconfiguration (DBK613, DBK614)',
    [
      [
        'setting force.currentVersion',
        [['set', ['replicaSets', 0, 'force'], { currentVersion: -1 }]],
        ['DBK613 replicaSets[0].force.currentVersion'],
        { changes: ['replicaSets action'] },
      ],
      [
        'force.currentVersion left set',
        [],
        ['DBK614 replicaSets[0].force.currentVersion'],
        { from: [['set', ['replicaSets', 0, 'force'], { currentVersion: -1 }]] },
      ],
    ],
  ],
  [
    'shards and config servers (DBK620–DBK623)',
    [
      [
        'removing a shard drains it',
        [['set', ['sharding', 0, 'shards'], []]],
        ['DBK620 from:sharding[0].shards[0]'],
        { changes: ['sharding remove'] },
      ],
      [
        'removing a shard listed in draining',
        [
          ['set', ['sharding', 0, 'shards'], []],
          ['set', ['sharding', 0, 'draining'], ['shard0']],
        ],
        ['DBK620 from:sharding[0].shards[0]'],
      ],
      [
        'removing a shard and its replica set at once',
        [
          ['set', ['sharding', 0, 'shards'], []],
          ['delete', ['replicaSets', 1]],
        ],
        ['DBK620 from:sharding[0].shards[0]', 'DBK621 from:sharding[0].shards[0]'],
      ],
      [
        'adding a shard',
        [['push', ['sharding', 0, 'shards'], { _id: 'legacy', rs: 'legacy', tags: [] }]],
        [],
        { changes: ['sharding add'] },
      ],
      [
        'changing the config server replica set',
        [['set', ['sharding', 0, 'configServerReplica'], 'legacy']],
        ['DBK622 sharding[0].configServerReplica'],
      ],
      [
        'removing the config server replica set',
        [['delete', ['sharding', 0, 'configServerReplica']]],
        ['DBK622 sharding[0]'],
      ],
      [
        'adding a replica set to mirrored config servers starts the migration',
        [['set', ['sharding', 0, 'configServerReplica'], 'configRS']],
        ['DBK623 sharding[0].configServerReplica'],
        {
          from: [
            ['delete', ['sharding', 0, 'configServerReplica']],
            ['set', ['sharding', 0, 'configServer'], ['cfg-0']],
          ],
        },
      ],
    ],
  ],
  [
    'TLS modes move one step per revision (DBK630)',
    [
      ['requireTLS to preferTLS', [['set', tls(0), 'preferTLS']], [], { changes: ['tls restart'] }],
      ['requireTLS to disabled', [['set', tls(0), 'disabled']], ['DBK630 processes[0].args2_6.net.tls.mode']],
      [
        'no TLS to requireTLS',
        [['set', ['processes', 5, 'args2_6', 'net', 'tls'], { mode: 'requireTLS' }]],
        ['DBK630 processes[5].args2_6.net.tls.mode'],
      ],
      ['no TLS to allowTLS', [['set', ['processes', 5, 'args2_6', 'net', 'tls'], { mode: 'allowTLS' }]], []],
      [
        'legacy ssl spellings: allowSSL to preferSSL',
        [['set', ['processes', 5, 'args2_6', 'net', 'ssl', 'mode'], 'preferSSL']],
        [],
        { from: [['set', ['processes', 5, 'args2_6', 'net', 'ssl'], { mode: 'allowSSL' }]] },
      ],
      [
        'legacy ssl spellings: allowSSL to requireTLS skips preferTLS',
        [
          ['delete', ['processes', 5, 'args2_6', 'net', 'ssl']],
          ['set', ['processes', 5, 'args2_6', 'net', 'tls'], { mode: 'requireTLS' }],
        ],
        ['DBK630 processes[5].args2_6.net.tls.mode'],
        { from: [['set', ['processes', 5, 'args2_6', 'net', 'ssl'], { mode: 'allowSSL' }]] },
      ],
      [
        'top-level TLS settings are changes',
        [['set', ['tls', 'clientCertificateMode'], 'REQUIRE']],
        [],
        { changes: ['tls change'] },
      ],
    ],
  ],
  [
    'authentication and keys (DBK640–DBK645)',
    [
      [
        'disabling authentication',
        [['set', ['auth', 'disabled'], true]],
        ['DBK640 auth.disabled'],
        { changes: ['auth reconfig'] },
      ],
      [
        'enabling authentication',
        [['set', ['auth', 'disabled'], false]],
        ['DBK640 auth.disabled'],
        { from: [['set', ['auth', 'disabled'], true]] },
      ],
      [
        'adding a mechanism',
        [['push', ['auth', 'deploymentAuthMechanisms'], 'PLAIN']],
        [],
        { changes: ['auth reconfig'] },
      ],
      [
        'replacing every mechanism',
        [['set', ['auth', 'deploymentAuthMechanisms'], ['PLAIN']]],
        ['DBK641 auth.deploymentAuthMechanisms'],
      ],
      ['replacing the key directly', [['set', ['auth', 'key'], 'ANOTHER-KEY']], ['DBK644 auth.key']],
      [
        'starting a key rotation with newKey [spec:new-key]',
        [['set', ['auth', 'newKey'], 'NEWKEY-SECRET-6']],
        [],
        { changes: ['auth action'] },
      ],
      [
        'completing a key rotation [spec:new-key]',
        [
          ['set', ['auth', 'key'], 'NEWKEY-SECRET-6'],
          ['delete', ['auth', 'newKey']],
        ],
        [],
        { from: [['set', ['auth', 'newKey'], 'NEWKEY-SECRET-6']], changes: ['auth action'] },
      ],
      [
        'moving the key file without the key [spec:auth-key-keyfile]',
        [['set', ['auth', 'keyfile'], '/etc/keyfile']],
        ['DBK645 auth.keyfile'],
      ],
      [
        'raising authSchemaVersion',
        [['set', ['processes', 5, 'authSchemaVersion'], 5]],
        ['DBK642 processes[5].authSchemaVersion'],
      ],
      [
        'lowering authSchemaVersion',
        [['set', ['processes', 0, 'authSchemaVersion'], 3]],
        ['DBK643 processes[0].authSchemaVersion'],
      ],
      [
        'adding a user',
        [['push', ['auth', 'usersWanted'], { db: 'admin', user: 'new', roles: [], initPwd: 'INITPWD-SECRET-7' }]],
        [],
        { changes: ['auth add'] },
      ],
      ['removing a user', [['delete', ['auth', 'usersWanted', 1]]], [], { changes: ['auth remove'] }],
    ],
  ],
  [
    'one-shot actions (DBK650, DBK651)',
    [
      ['lastRestart unchanged does nothing', [], []],
      [
        'a new lastRestart restarts',
        [['set', ['processes', 4, 'lastRestart'], '2026-11-23T22:00:00Z']],
        ['DBK650 processes[4].lastRestart'],
        { changes: ['processes action'] },
      ],
      [
        'lastCompact set',
        [['set', ['processes', 1, 'lastCompact'], '2026-11-23T22:00:00Z']],
        ['DBK650 processes[1].lastCompact'],
      ],
      [
        'lastResync set',
        [['set', ['processes', 1, 'lastResync'], '2026-11-23T22:00:00Z']],
        ['DBK651 processes[1].lastResync'],
      ],
      ['removing lastRestart triggers nothing', [['delete', ['processes', 4, 'lastRestart']]], []],
    ],
  ],
]);
