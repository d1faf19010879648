/** The reference entries of the DBK1xx codes: the shape of the document, its fields, types and values. */
import type { DiagnosticCode } from '../../validation/codes.js';
import type { ValidationCodeDoc } from '../codeDoc.js';
import { exampleProcess } from '../example.js';
import {
  BOUNDS,
  COLLATION,
  FCV_REQUIRED,
  MECHANISMS,
  READ_CONCERN,
  REPEATED_NAMES,
  SPEC_BALANCER,
  SPEC_DB_VERSIONS,
  SPEC_DOCUMENT,
  SPEC_INDEX_CONFIGS,
  SPEC_PROCESSES,
  SPEC_REPLICA_SETS,
  SPEC_TOP_LEVEL,
} from './sources.js';

const DECISION_NULL_IS_ABSENT = {
  label: 'decision: Null is absent and each fault is reported once',
  path: 'docs/decisions/validation.md#null-is-absent-and-each-fault-is-reported-once',
};
const DECISION_UNKNOWN_FIELDS = {
  label: 'decision: Unknown fields are info, near misses are warnings',
  path: 'docs/decisions/validation.md#unknown-fields-are-info-near-misses-are-warnings',
};

/** A wanted user of the examples, with authentication off so that only the user's own fields matter. */
function reportingUser(extra: Record<string, unknown>) {
  return {
    disabled: true,
    usersWanted: [
      {
        db: 'admin',
        user: 'reporting',
        roles: [{ db: 'admin', role: 'readAnyDatabase' }],
        initPwd: 'correct-horse-battery',
        ...extra,
      },
    ],
  };
}

/** An index of the examples on `shop.orders`, with the collation given. */
function ordersIndex(collation: Record<string, unknown>) {
  return {
    key: [['sku', 1]],
    rsName: 'rs0',
    dbName: 'shop',
    collectionName: 'orders',
    options: { name: 'sku_fr' },
    collation,
  };
}

export const shapeDocs = {
  DBK100: {
    meaning:
      'The document as a whole is not a JSON object: it is an array, a string, a number, `true`, `false` or `null`. Nothing else is checked, since every field of an automation configuration hangs off that one object. A config saved inside a list (`[ { … } ]`) is the usual case.',
    why: 'The spec’s fields (`version`, `options`, `processes`, …) are the keys of one top-level object, and the service answers a body that is not a JSON object with 400 `INVALID_JSON`.',
    sources: [
      SPEC_TOP_LEVEL,
      {
        label: 'decision: Bad parameters and bodies are 400, never a 500',
        path: 'docs/decisions/service.md#bad-parameters-and-bodies-are-400-never-a-500',
      },
    ],
    fix: 'Make the document the configuration object itself, `{ "version": …, "processes": […], … }`: take it out of the array or string that wraps it.',
    related: ['DBK101'],
    examples: {
      wrong: {
        document: {
          text: '[\n  {\n    "version": 1,\n    "options": { "downloadBase": "/var/lib/automation" },\n    "dbVersions": [],\n    "processes": []\n  }\n]',
        },
        at: [],
      },
      right: {
        document: {
          text: '{\n  "version": 1,\n  "options": { "downloadBase": "/var/lib/automation" },\n  "dbVersions": [],\n  "processes": []\n}',
        },
        at: [],
      },
    },
  },
  DBK101: {
    meaning:
      'An object lacks a field the spec marks Required: the diagnostic points at the object, and the message names the field. Here the process `rs0-1` has no `authSchemaVersion`. The code also covers required fields the spec leaves conditional (`cluster` on a shard router, `_id` and `rs` of a shard, `role` and `db` of a role) and an index whose `key` is empty. `null` in a required field is a wrong type (DBK102), not a missing field.',
    why: 'The spec marks these fields Required, and the service refuses a revision without one: a live service answered a process without `authSchemaVersion` with “The required attribute authSchemaVersion was not specified”.',
    sources: [
      SPEC_PROCESSES,
      SPEC_TOP_LEVEL,
      {
        label: 'decision: Conditional fields the spec leaves open are required',
        path: 'docs/decisions/validation.md#conditional-fields-the-spec-leaves-open-are-required',
      },
    ],
    fix: 'Add the field the message names to the object, with a value of its type.',
    quickFix:
      'Adds the missing field. A process’s `version` and `authSchemaVersion` get the value most processes use, a member’s `_id` the lowest one free in its set; other fields get the schema’s default or an empty value of their type.',
    related: ['DBK102', 'DBK307', 'DBK401'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 1, 'authSchemaVersion'], remove: true }] },
        at: ['processes', 1],
      },
      right: {
        document: { edits: [{ at: ['processes', 1, 'authSchemaVersion'], set: 5 }] },
        at: ['processes', 1],
      },
    },
  },
  DBK102: {
    meaning:
      'A field holds a value of another JSON type than the spec gives it: here the port of `rs0-0` is the string `"27017"`, not a number. The code also reports a number with a fraction where an integer is expected, an object whose values must be strings (`tags`, `horizons`), a section that is not the object or array it should be, and `null` in a required field. `null` in an optional field counts as absent and is not reported.',
    why: 'The spec gives every field a JSON type, and the programs that read the document decode each field as that type: the vendor’s operator reads `net.port` as a number, so a port in quotes is not one it can use.',
    sources: [
      SPEC_DOCUMENT,
      {
        label: 'decision: Core checks every field the schema types',
        path: 'docs/decisions/validation.md#core-checks-every-field-the-schema-types',
      },
      DECISION_NULL_IS_ABSENT,
    ],
    fix: 'Write the value as the type the message asks for: remove the quotes around a number or a boolean, round an integer, wrap an object in `{ }`.',
    related: ['DBK101', 'DBK103'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 0, 'args2_6', 'net', 'port'], set: '27017' }] },
        at: ['processes', 0, 'args2_6', 'net', 'port'],
      },
      right: {
        document: { edits: [{ at: ['processes', 0, 'args2_6', 'net', 'port'], set: 27017 }] },
        at: ['processes', 0, 'args2_6', 'net', 'port'],
      },
    },
  },
  DBK103: {
    meaning:
      'A string field that takes one of a closed set of values holds another one: here `processType` is `"mongod"`, while the allowed values are `"dbd"` and `"dbs"`. Other closed sets are `defaultReadConcern.level`, the collation’s `caseFirst`, `alternate` and `maxVariable`, `clientCertificateMode`, `ldap.bindMethod`, and the `args2_6` options `net.tls.mode`, `sharding.clusterRole` and `systemLog.destination`. The message lists the allowed values and the closest one.',
    why: 'The service accepts only the values of these sets: a process is a data-bearing server (`dbd`) or a shard router (`dbs`), the spec’s neutral names for the only two process types the service accepts.',
    sources: [
      {
        label: 'decision: processType values are dbd and dbs',
        path: 'docs/decisions/validation.md#processtype-values-are-dbd-and-dbs',
      },
      READ_CONCERN,
      COLLATION,
    ],
    fix: 'Use one of the allowed values the message lists; for `processType`, `"dbd"` for a data-bearing server and `"dbs"` for a shard router.',
    quickFix:
      'Offers to change the value to the closest allowed ones (`"dbd"` for `"mongod"`, `"dbs"` for `"mongos"`).',
    related: ['DBK109', 'DBK102'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 0, 'processType'], set: 'mongod' }] },
        at: ['processes', 0, 'processType'],
      },
      right: {
        document: { edits: [{ at: ['processes', 0, 'processType'], set: 'dbd' }] },
        at: ['processes', 0, 'processType'],
      },
    },
  },
  DBK104: {
    meaning:
      'A number lies outside a range the spec or a cited source states. Here the collation of an index on `shop.orders` has `strength` 0, while the comparison levels run from 1 to 5. The other stated ranges are a replica-set member’s `_id` (0 or more) and a process’s `defaultWriteConcern.w` (0 or more).',
    why: 'The server takes only these values: a collation has comparison levels 1 to 5, and a write concern counts the instances that acknowledge a write. Bounds that no source states are advice instead (DBK314).',
    sources: [BOUNDS, SPEC_INDEX_CONFIGS],
    fix: 'Bring the number into the range the message gives: a `strength` from 1 to 5, a member `_id` or a `w` of 0 or more.',
    related: ['DBK314', 'DBK301', 'DBK302'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['indexConfigs', 0], set: ordersIndex({ locale: 'fr', strength: 0 }) }] },
        at: ['indexConfigs', 0, 'collation', 'strength'],
      },
      right: {
        document: { edits: [{ at: ['indexConfigs', 0], set: ordersIndex({ locale: 'fr', strength: 1 }) }] },
        at: ['indexConfigs', 0, 'collation', 'strength'],
      },
    },
  },
  DBK105: {
    meaning:
      'A string does not have the form its field requires. Here the `featureCompatibilityVersion` of `rs0-0` is the full server version `"7.0.12"`, while it must be `"major.minor"`. The other checked forms are the ISO 8601 date and time of `lastCompact`, `lastRestart`, `lastResync` and `lastKmipMasterKeyRotation`, and the 24-hour `"HH:MM"` of a balancer’s `activeWindow.start` and `stop`.',
    why: 'The service reads these strings by their form: a feature compatibility version is a release such as `"7.0"` (the server’s own or the one before), never a patch version; the spec’s times are ISO 8601 and a balancer window is the server’s `"HH:MM"`.',
    sources: [FCV_REQUIRED, SPEC_PROCESSES, SPEC_BALANCER],
    fix: 'Write the string in the form the message shows: `"7.0"` for a feature compatibility version, `"2026-11-22T14:00:00Z"` for a time, `"23:30"` for a balancer window.',
    related: ['DBK307', 'DBK308', 'DBK312'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['processes', 0, 'featureCompatibilityVersion'], set: '7.0.12' }] },
        at: ['processes', 0, 'featureCompatibilityVersion'],
      },
      right: {
        document: { edits: [{ at: ['processes', 0, 'featureCompatibilityVersion'], set: '7.0' }] },
        at: ['processes', 0, 'featureCompatibilityVersion'],
      },
    },
  },
  DBK106: {
    meaning:
      'A name that must be unique is declared twice. Here a fourth process, copied from `rs0-2`, keeps the name `rs0-2`; the diagnostic points at the second declaration and links the first. Names that must be unique are `processes[].name`, `replicaSets[]._id`, `dbVersions[].name`, `sharding[].name` and the shard `_id`s of a cluster.',
    why: 'Other sections refer to these by name (a member’s `host`, a process’s `version`, a shard’s `rs`), so a repeated name makes every reference to it ambiguous; the spec requires the names to be unique.',
    sources: [REPEATED_NAMES, SPEC_PROCESSES],
    fix: 'Rename one of the two, and update the references meant for it.',
    related: ['DBK310', 'DBK417', 'DBK202'],
    examples: {
      wrong: {
        document: {
          edits: [
            {
              at: ['processes', 3],
              set: exampleProcess('rs0-2', { replSetName: 'rs0', hostname: 'rs0-3.example.net', dir: 'rs0-3' }),
            },
          ],
          show: ['processes', 3],
        },
        at: ['processes', 3, 'name'],
      },
      right: {
        document: {
          edits: [
            {
              at: ['processes', 3],
              set: exampleProcess('rs0-3', { replSetName: 'rs0', hostname: 'rs0-3.example.net', dir: 'rs0-3' }),
            },
          ],
          show: ['processes', 3],
        },
        at: ['processes', 3, 'name'],
      },
    },
  },
  DBK107: {
    meaning:
      'An object has a field that neither the spec nor real documents define, and whose name is not close to a known field. Here the wanted user `reporting` has a `team` field. The free-form parts of the document (`args2_6` beyond the options dbkit knows, `customData`, the keys of maps) are never reported.',
    why: 'Advice: the service accepts it. It keeps fields it does not know (a wanted user’s unknown fields survive a read and a write back), but nothing acts on them, so dbkit only notes the field.',
    sources: [DECISION_UNKNOWN_FIELDS, SPEC_DOCUMENT],
    fix: 'Remove the field if nothing reads it; keep data about a user in its `customData`; keep the field if the service documents it.',
    quickFix: 'Offers to remove the field (not preferred: the service keeps unknown fields).',
    related: ['DBK108'],
    examples: {
      wrong: {
        document: {
          edits: [{ at: ['auth'], set: reportingUser({ team: 'analytics' }) }],
          show: ['auth', 'usersWanted', 0],
        },
        at: ['auth', 'usersWanted', 0, 'team'],
      },
      right: {
        document: {
          edits: [{ at: ['auth'], set: reportingUser({ customData: { team: 'analytics' } }) }],
          show: ['auth', 'usersWanted', 0],
        },
        at: ['auth', 'usersWanted', 0, 'team'],
      },
    },
  },
  DBK108: {
    meaning:
      'An object has a field it does not define, and the name is close to a field it does define: at most a third of its letters (and at most 3) differ, or only the case does. Here the member `rs0-2` has `prority`, a misspelling of `priority`. The message names the field it probably means.',
    why: 'Advice: the service accepts it. But the agent ignores unknown fields, so a misspelt field silently does nothing: the setting it was meant to make is never applied.',
    sources: [DECISION_UNKNOWN_FIELDS, SPEC_REPLICA_SETS],
    fix: 'Spell the field as the message suggests.',
    quickFix: 'Renames the field to the known field it most likely means.',
    related: ['DBK107'],
    examples: {
      wrong: {
        document: {
          edits: [
            { at: ['replicaSets', 0, 'members', 2, 'priority'], remove: true },
            { at: ['replicaSets', 0, 'members', 2, 'prority'], set: 2 },
          ],
        },
        at: ['replicaSets', 0, 'members', 2, 'prority'],
      },
      right: {
        document: { edits: [{ at: ['replicaSets', 0, 'members', 2, 'priority'], set: 2 }] },
        at: ['replicaSets', 0, 'members', 2, 'prority'],
      },
    },
  },
  DBK109: {
    meaning:
      'A field whose set of values the service may extend holds a value dbkit does not know: here the build architecture is `"x86_64"`, while the known ones are `amd64`, `ppc64le`, `aarch64` and `s390x`. The open sets are `dbVersions[].builds[].architecture` and the mechanisms of `auth.deploymentAuthMechanisms` and `auth.autoAuthMechanisms`.',
    why: 'Advice: the service may accept the value. Real documents carry architectures and mechanisms the spec does not list, so an unknown one only warns; most often it is a misspelling or another tool’s name for a known value.',
    sources: [
      {
        label: 'decision: Architecture, auth mechanism and TLS sets add the values real documents carry',
        path: 'docs/decisions/core-model.md#architecture-auth-mechanism-and-tls-sets-add-the-values-real-documents-carry',
      },
      MECHANISMS,
      SPEC_DB_VERSIONS,
    ],
    fix: 'Use the known value you mean (`amd64` for 64-bit x86); keep the value only if the service documents it.',
    quickFix: 'Offers to change the value to the closest known ones.',
    related: ['DBK103'],
    examples: {
      wrong: {
        document: { edits: [{ at: ['dbVersions', 0, 'builds', 0, 'architecture'], set: 'x86_64' }] },
        at: ['dbVersions', 0, 'builds', 0, 'architecture'],
      },
      right: {
        document: { edits: [{ at: ['dbVersions', 0, 'builds', 0, 'architecture'], set: 'amd64' }] },
        at: ['dbVersions', 0, 'builds', 0, 'architecture'],
      },
    },
  },
  DBK199: {
    meaning:
      'One of dbkit’s own rules failed while checking the document; the message names the rule and its error. The other rules still ran, so every other diagnostic stands, but the part of the document that rule checks went unchecked.',
    why: 'Validation never throws: editors check half-typed text on every keystroke, so a bug in one rule must not hide what the others find, nor stop the editor.',
    sources: [
      {
        label: 'decision: Validation never throws',
        path: 'docs/decisions/validation.md#validation-never-throws',
      },
    ],
    fix: 'Report the message to dbkit’s maintainers with the document (secrets removed); fix the other diagnostics meanwhile.',
    examples: {
      none: 'It reports a bug in dbkit, not a fault of the document: no correct rule brings it, so no document can show it.',
    },
  },
} satisfies Partial<Record<DiagnosticCode, ValidationCodeDoc>>;
