/** The reference entries of the DBK3xx codes: limits and conditional rules on values. */
import type { DiagnosticCode } from '../../validation/codes.js';
import type { ValidationCodeDoc } from '../codeDoc.js';
import {
  BOUNDS,
  COLLATION,
  FCV_REQUIRED,
  READ_CONCERN,
  REAL_DOCUMENTS,
  REPEATED_NAMES,
  RISKY_SETTINGS,
  SPEC_AGENT_VERSIONS,
  SPEC_INDEX_CONFIGS,
  SPEC_PROCESSES,
  SPEC_REPLICA_SETS,
} from './sources.js';

const SPEC_LIMITS = { label: 'spec: Limits', path: 'docs/spec-coverage.md#limits' };

/** The path of member `m` of `rs0`. */
const member = (m: number) => ['replicaSets', 0, 'members', m] as const;

/** An index on `shop.orders` in `rs0`, with the given collation. */
function ordersIndex(collation: Record<string, unknown>) {
  return {
    dbName: 'shop',
    collectionName: 'orders',
    rsName: 'rs0',
    key: [['customer', 1]],
    options: { name: 'customer_1' },
    collation,
  };
}

/** An obsolete monitoring agent entry whose `urls.linux` holds `builds`. */
function monitoringAgent(builds: Record<string, string>) {
  return {
    name: '6.6.2.464-1',
    hostname: 'rs0-0.example.net',
    urls: { linux: builds },
    baseUrl: null,
  };
}

const RHEL7_AGENT = 'https://downloads.example.net/monitoring-agent-6.6.2.464-1.rhel7_x86_64.tar.gz';
const LINUX_AGENT = 'https://downloads.example.net/monitoring-agent-6.6.2.464-1.linux_x86_64.tar.gz';

export const limitDocs = {
  DBK301: {
    meaning:
      'A replica-set member’s `priority` is out of range. For a data-bearing member it is below 0 or above 1000; for an arbiter (`arbiterOnly: true`) it is anything but 0 or 1. The code is reported on `replicaSets[].members[].priority`.',
    why: 'The spec limits a member’s priority to 0–1000 for data-bearing members and to 0 or 1 for arbiters; the server rejects a replica-set configuration outside it.',
    sources: [SPEC_LIMITS, SPEC_REPLICA_SETS],
    fix: 'Use a priority from 0 (never primary) to 1000; give an arbiter 0.',
    quickFix: 'Changes the priority to the nearest allowed value: 0 or 1000, and 0 for an arbiter.',
    related: ['DBK302'],
    examples: {
      wrong: {
        document: { edits: [{ at: [...member(2), 'priority'], set: -1 }] },
        at: [...member(2), 'priority'],
      },
      right: {
        document: { edits: [{ at: [...member(2), 'priority'], set: 0 }] },
        at: [...member(2), 'priority'],
      },
    },
  },
  DBK302: {
    meaning:
      'A replica-set member’s `votes` is not a value a member can have. A data-bearing member has 0 or 1 vote; an arbiter (`arbiterOnly: true`) always has 1. The code is reported on `replicaSets[].members[].votes`.',
    why: 'The spec limits a member’s votes to 0 or 1 for data-bearing members and to 1 for arbiters: a member cannot weigh more than one vote in an election.',
    sources: [SPEC_LIMITS, REAL_DOCUMENTS],
    fix: 'Set `votes` to 1 (voting) or 0 (non-voting); an arbiter votes, so give it 1. To favour a member in elections, raise its `priority` instead.',
    quickFix: 'Changes `votes` to 1, or to 0 for a non-voting member.',
    related: ['DBK301', 'DBK610'],
    examples: {
      wrong: {
        document: { edits: [{ at: [...member(0), 'votes'], set: 2 }] },
        at: [...member(0), 'votes'],
      },
      right: {
        document: { edits: [{ at: [...member(0), 'priority'], set: 2 }] },
        at: [...member(0), 'votes'],
      },
    },
  },
  DBK303: {
    meaning:
      'A process’s `defaultRWConcern.defaultWriteConcern` asks more than one instance to acknowledge each write (`w` is a number, or a string of digits, above 1) and sets no `wtimeout`. A named `w` such as `"majority"` or a tag is not counted. The code is reported on the `defaultWriteConcern` object.',
    why: 'Advice: the service accepts it. The spec says to set `wtimeout` when `w` is greater than 1: without it, a write waits forever when fewer than `w` instances acknowledge it.',
    sources: [READ_CONCERN, SPEC_PROCESSES],
    fix: 'Add `wtimeout` in milliseconds, the longest a write may wait for its acknowledgements, e.g. 5000.',
    quickFix: 'Adds `"wtimeout": 5000`; not the preferred fix, as the right timeout depends on the deployment.',
    related: ['DBK104'],
    examples: {
      wrong: {
        document: {
          edits: [{ at: ['processes', 0, 'defaultRWConcern', 'defaultWriteConcern'], set: { w: 2 } }],
        },
        at: ['processes', 0, 'defaultRWConcern', 'defaultWriteConcern'],
      },
      right: {
        document: {
          edits: [{ at: ['processes', 0, 'defaultRWConcern', 'defaultWriteConcern'], set: { w: 2, wtimeout: 5000 } }],
        },
        at: ['processes', 0, 'defaultRWConcern', 'defaultWriteConcern'],
      },
    },
  },
  DBK304: {
    meaning:
      'An index’s `collation` sets `caseLevel: true`, but its `strength` is neither 1 nor 2 (without `strength` it is 3, the default), so `caseLevel` has no effect. The code is reported on `indexConfigs[].collation.caseLevel`.',
    why: 'Advice: the service accepts it. The server manual applies `caseLevel` only at strength 1 or 2; at any other strength the field silently does nothing.',
    sources: [COLLATION, SPEC_INDEX_CONFIGS],
    fix: 'Set `strength` to 1 or 2 if case should count, or remove `caseLevel`.',
    quickFix: 'Removes `caseLevel`.',
    related: ['DBK305', 'DBK313'],
    examples: {
      wrong: {
        document: {
          edits: [{ at: ['indexConfigs', 0], set: ordersIndex({ locale: 'fr', caseLevel: true }) }],
          show: ['indexConfigs', 0, 'collation'],
        },
        at: ['indexConfigs', 0, 'collation', 'caseLevel'],
      },
      right: {
        document: {
          edits: [{ at: ['indexConfigs', 0], set: ordersIndex({ locale: 'fr', strength: 1, caseLevel: true }) }],
          show: ['indexConfigs', 0, 'collation'],
        },
        at: ['indexConfigs', 0, 'collation', 'caseLevel'],
      },
    },
  },
  DBK305: {
    meaning:
      'An index’s `collation` sets `maxVariable`, but `alternate` is not `"shifted"` (without `alternate` it is `"non-ignorable"`, the default), so `maxVariable` has no effect. The code is reported on `indexConfigs[].collation.maxVariable`.',
    why: 'Advice: the service accepts it. The server manual applies `maxVariable` only when `alternate` is `"shifted"`; otherwise the field silently does nothing.',
    sources: [COLLATION, SPEC_INDEX_CONFIGS],
    fix: 'Add `"alternate": "shifted"` if spaces or punctuation should be ignored, or remove `maxVariable`.',
    quickFix: 'Removes `maxVariable`.',
    related: ['DBK304', 'DBK313'],
    examples: {
      wrong: {
        document: {
          edits: [{ at: ['indexConfigs', 0], set: ordersIndex({ locale: 'en', maxVariable: 'punct' }) }],
          show: ['indexConfigs', 0, 'collation'],
        },
        at: ['indexConfigs', 0, 'collation', 'maxVariable'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['indexConfigs', 0],
              set: ordersIndex({ locale: 'en', alternate: 'shifted', maxVariable: 'punct' }),
            },
          ],
          show: ['indexConfigs', 0, 'collation'],
        },
        at: ['indexConfigs', 0, 'collation', 'maxVariable'],
      },
    },
  },
  DBK306: {
    meaning:
      'An entry of `monitoringVersions` or `backupVersions` has a `urls.<platform>` object without a `default` key: it lists download URLs for named builds only. The code is reported on that `urls.<platform>` object.',
    why: 'The spec requires the `default` key in each `urls.<platform>` object: the agent downloads from it when no build-specific URL matches the host.',
    sources: [SPEC_AGENT_VERSIONS, REAL_DOCUMENTS],
    fix: 'Add `"default": "<download URL>"` to the platform’s object; better, empty the obsolete list and manage agents through `agentVersion`.',
    related: ['DBK501'],
    examples: {
      wrong: {
        document: {
          edits: [{ at: ['monitoringVersions', 0], set: monitoringAgent({ rhel7_x86_64: RHEL7_AGENT }) }],
          show: ['monitoringVersions', 0, 'urls'],
        },
        at: ['monitoringVersions', 0, 'urls', 'linux'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['monitoringVersions', 0],
              set: monitoringAgent({ rhel7_x86_64: RHEL7_AGENT, default: LINUX_AGENT }),
            },
          ],
          show: ['monitoringVersions', 0, 'urls'],
        },
        at: ['monitoringVersions', 0, 'urls', 'linux'],
      },
    },
  },
  DBK307: {
    meaning:
      'A process runs server 3.4 or later (its `version`) but has no `featureCompatibilityVersion`: the field is absent, `null` or `""`. The code is reported on the process. Servers before 3.4 have no feature compatibility version, so they need none.',
    why: 'Servers from 3.4 on run with a feature compatibility version, and the spec requires the field; before 3.4 it does not exist, which is why real documents of older servers leave it out.',
    sources: [FCV_REQUIRED, SPEC_PROCESSES],
    fix: 'Add `featureCompatibilityVersion` with the server’s release, `"7.0"` for `7.0.12`.',
    quickFix: 'Adds `featureCompatibilityVersion` with the release of the process’s server version.',
    related: ['DBK308', 'DBK604'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 0, 'featureCompatibilityVersion'], remove: true }] },
        at: ['processes', 0],
      },
      right: {
        document: { edits: [{ at: ['processes', 0, 'featureCompatibilityVersion'], set: '7.0' }] },
        at: ['processes', 0],
      },
    },
  },
  DBK308: {
    meaning:
      'A process’s `featureCompatibilityVersion` is neither the release of its server `version` nor the release before it: for `7.0.12` the accepted values are `"7.0"` and `"6.0"`. A value newer than the server is reported too. The code is reported on `processes[].featureCompatibilityVersion`; a server from 5.0 on with a minor release other than 0, such as 7.1, is not checked.',
    why: 'The service accepts only a feature compatibility version equal to the server’s release or one release older, and does not raise it when the server is upgraded.',
    sources: [FCV_REQUIRED, SPEC_PROCESSES],
    fix: 'Set the server’s release, or the release before it while an upgrade may still be rolled back.',
    quickFix: 'Changes the value to the server’s release or the release before it.',
    related: ['DBK307', 'DBK604', 'DBK606'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 0, 'featureCompatibilityVersion'], set: '5.0' }] },
        at: ['processes', 0, 'featureCompatibilityVersion'],
      },
      right: {
        document: { edits: [{ at: ['processes', 0, 'featureCompatibilityVersion'], set: '6.0' }] },
        at: ['processes', 0, 'featureCompatibilityVersion'],
      },
    },
  },
  DBK309: {
    meaning:
      'A process’s `authSchemaVersion` is an integer other than 3 or 5. The code is reported on `processes[].authSchemaVersion`.',
    why: 'The service documents 3 (servers 2.6) and 5 (servers 3.0 and later) as the values it accepts. dbkit warns rather than fails, as the vendor’s own example document writes another value.',
    sources: [REAL_DOCUMENTS, SPEC_PROCESSES],
    fix: 'Use 5, unless the deployment still holds credentials of server 2.6; then use 3.',
    related: ['DBK210', 'DBK642'],
    examples: {
      wrong: {
        document: { edits: [0, 1, 2].map((i) => ({ at: ['processes', i, 'authSchemaVersion'], set: 1 })) },
        at: ['processes', 0, 'authSchemaVersion'],
      },
      right: {
        document: { edits: [{ at: ['processes', 0, 'authSchemaVersion'], set: 5 }] },
        at: ['processes', 0, 'authSchemaVersion'],
      },
    },
  },
  DBK310: {
    meaning:
      'Two members of one replica set have the same `_id`. The code is reported on the `_id` of the later member and points to the earlier one. Members of different replica sets may share an `_id`.',
    why: 'The server identifies each member of a replica set by its `_id`, so an `_id` must name one member; like every name that must be unique, a repeated one is an error.',
    sources: [
      {
        label: 'decision: Member ids start at 0',
        path: 'docs/decisions/validation.md#member-ids-start-at-0',
      },
      REPEATED_NAMES,
      SPEC_REPLICA_SETS,
    ],
    fix: 'Give the member an `_id` no other member of its replica set uses.',
    related: ['DBK106'],
    examples: {
      wrong: {
        document: { edits: [{ at: [...member(2), '_id'], set: 1 }] },
        at: [...member(2), '_id'],
      },
      right: {
        document: { edits: [{ at: [...member(2), '_id'], set: 2 }] },
        at: [...member(2), '_id'],
      },
    },
  },
  DBK311: {
    meaning:
      'A replica-set member sets both `secondaryDelaySecs` and `slaveDelay`. The code is reported on `replicaSets[].members[].slaveDelay`.',
    why: 'Advice: the service accepts it. The two are one setting: `slaveDelay` is its name before server 5.0, `secondaryDelaySecs` from 5.0 on, and real documents never carry both on one member.',
    sources: [REAL_DOCUMENTS, SPEC_REPLICA_SETS],
    fix: 'Keep `secondaryDelaySecs` for servers 5.0 and later, `slaveDelay` for older ones, and remove the other.',
    related: ['DBK414'],
    examples: {
      wrong: {
        document: {
          edits: [
            { at: [...member(2), 'priority'], set: 0 },
            { at: [...member(2), 'hidden'], set: true },
            { at: [...member(2), 'secondaryDelaySecs'], set: 3600 },
            { at: [...member(2), 'slaveDelay'], set: 3600 },
          ],
        },
        at: [...member(2), 'slaveDelay'],
      },
      right: {
        document: {
          edits: [
            { at: [...member(2), 'priority'], set: 0 },
            { at: [...member(2), 'hidden'], set: true },
            { at: [...member(2), 'secondaryDelaySecs'], set: 3600 },
          ],
        },
        at: [...member(2), 'slaveDelay'],
      },
    },
  },
  DBK312: {
    meaning:
      'A process’s `lastCompact` is a valid ISO 8601 time without a time zone: it ends in neither `Z` nor an offset such as `+01:00`. The code is reported on `processes[].lastCompact`.',
    why: 'Advice: the service accepts it. The spec says a time zone should be given to avoid ambiguity: without one, the time can be read in any zone.',
    sources: [RISKY_SETTINGS, SPEC_PROCESSES],
    fix: 'Add `Z` for UTC, or the offset of the time zone meant, such as `+01:00`.',
    related: ['DBK105'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 0, 'lastCompact'], set: '2026-11-22T02:00:00' }] },
        at: ['processes', 0, 'lastCompact'],
      },
      right: {
        document: { edits: [{ at: ['processes', 0, 'lastCompact'], set: '2026-11-22T02:00:00Z' }] },
        at: ['processes', 0, 'lastCompact'],
      },
    },
  },
  DBK313: {
    meaning:
      'An index’s `collation` has `locale: "simple"` and other fields beside it. The code is reported on `indexConfigs[].collation.locale`.',
    why: 'Advice: the service accepts it. `"simple"` means binary comparison, so no other collation field applies and each one silently does nothing.',
    sources: [COLLATION, SPEC_INDEX_CONFIGS],
    fix: 'Remove the other collation fields, or choose an ICU locale such as `"en"` for them to apply.',
    quickFix: 'Removes every collation field but `locale`.',
    related: ['DBK304', 'DBK305'],
    examples: {
      wrong: {
        document: {
          edits: [{ at: ['indexConfigs', 0], set: ordersIndex({ locale: 'simple', strength: 2 }) }],
          show: ['indexConfigs', 0, 'collation'],
        },
        at: ['indexConfigs', 0, 'collation', 'locale'],
      },
      right: {
        document: {
          edits: [{ at: ['indexConfigs', 0], set: ordersIndex({ locale: 'en', strength: 2 }) }],
          show: ['indexConfigs', 0, 'collation'],
        },
        at: ['indexConfigs', 0, 'collation', 'locale'],
      },
    },
  },
  DBK314: {
    meaning:
      'A number lies outside a range dbkit advises but the service does not require, such as a `logRotate.numUncompressed` below 1, a `percentOfDiskspace` outside 0–100, a negative `secondaryDelaySecs` or a top-level `version` below 0. The message gives the range and the reason. The code is reported on the number.',
    why: 'Advice: the service accepts it. dbkit reports an out-of-range number as an error (DBK104) only where the spec or a cited source states the bound; every other bound is advice, as an unstated limit once failed a real document.',
    sources: [BOUNDS],
    fix: 'Use a value within the range the message names, or keep the value if it is what you mean.',
    related: ['DBK104'],
    examples: {
      wrong: {
        document: {
          edits: [
            {
              at: ['processes', 0, 'logRotate'],
              set: { sizeThresholdMB: 1000, timeThresholdHrs: 24, numUncompressed: 0 },
            },
          ],
          show: ['processes', 0, 'logRotate'],
        },
        at: ['processes', 0, 'logRotate', 'numUncompressed'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['processes', 0, 'logRotate'],
              set: { sizeThresholdMB: 1000, timeThresholdHrs: 24, numUncompressed: 1 },
            },
          ],
          show: ['processes', 0, 'logRotate'],
        },
        at: ['processes', 0, 'logRotate', 'numUncompressed'],
      },
    },
  },
} satisfies Partial<Record<DiagnosticCode, ValidationCodeDoc>>;
