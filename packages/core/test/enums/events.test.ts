import { describe, expect, it } from 'vitest';
import {
  EVENT_GROUP_VALUES,
  EVENT_TYPE_NAME_VALUES,
  EventGroup,
  EventTypeName,
  eventsInGroup,
  isEventGroup,
  isEventTypeName,
} from '../../src/enums/events.js';
import { describeClosedSet } from './closedSet.js';

/** The spec's Events section, "Backup group" bullet, copied verbatim. */
const SPEC_BACKUP_GROUP =
  'BAD_CLUSTERSHOTS, CLUSTER_BLACKLIST_UPDATED_AUDIT, CLUSTER_CHECKKPOINT_UPDATED_AUDIT, CLUSTER_CREDENTIAL_UPDATED_AUDIT, CLUSTER_SNAPSHOT_SCHEDULE_UPDATED_AUDIT, CLUSTER_STATE_CHANGED_AUDIT, CLUSTER_STORAGE_ENGINE_UPDATED_AUDIT, CLUSTERSHOT_DELETED_AUDIT, CLUSTERSHOT_EXPIRY_UPDATED_AUDIT, CONSISTENT_BACKUP_CONFIGURATION, GOOD_CLUSTERSHOT, INCONSISTENT_BACKUP_CONFIGURATION, INITIAL_SYNC_FINISHED_AUDIT, INITIAL_SYNC_STARTED_AUDIT, OPLOG_BEHIND, OPLOG_CURRENT, RESTORE_REQUESTED_AUDIT, RESYNC_PERFORMED, RESYNC_REQUIRED, RS_BLACKLIST_UPDATED_AUDIT, RS_CREDENTIAL_UPDATED_AUDIT, RS_ROTATE_MASTER_KEY_AUDIT, RS_SNAPSHOT_SCHEDULE_UPDATED_AUDIT, RS_STATE_CHANGED_AUDIT, RS_STORAGE_ENGINE_UPDATED_AUDIT, SNAPSHOT_DELETED_AUDIT, SNAPSHOT_EXPIRY_UPDATED_AUDIT, SYNC_PENDING_AUDIT, SYNC_REQUIRED_AUDIT'.split(
    ', ',
  );

/** The spec's Events section, "Values referred to elsewhere" bullet, with the group dbkit puts each in. */
const SPEC_REFERRED_ELSEWHERE: readonly (readonly [string, EventGroup])[] = [
  ['HOST_DOWN', 'HOST'],
  ['OUTSIDE_METRIC_THRESHOLD', 'HOST'],
  ['REPLICA_SET', 'REPLICA_SET'],
  ['SHARDED_CLUSTER', 'CLUSTER'],
  ['BACKUP', 'BACKUP'],
  ['MONITORING_AGENT_DOWN', 'AGENT'],
];

/**
 * Every group with its display name and its values: the spec's Backup group plus the alert-table name BACKUP, and
 * the real service's per-group lists (domain.md §11) plus the alert-table names REPLICA_SET and SHARDED_CLUSTER.
 */
const GROUPS: readonly (readonly [EventGroup, string, readonly string[]])[] = [
  [
    'AGENT',
    'Agent',
    [
      'AUTOMATION_AGENT_DOWN',
      'AUTOMATION_AGENT_UP',
      'BACKUP_AGENT_CONF_CALL_FAILURE',
      'BACKUP_AGENT_DOWN',
      'BACKUP_AGENT_UP',
      'BACKUP_AGENT_VERSION_BEHIND',
      'BACKUP_AGENT_VERSION_CURRENT',
      'MONITORING_AGENT_DOWN',
      'MONITORING_AGENT_UP',
      'MONITORING_AGENT_VERSION_BEHIND',
      'MONITORING_AGENT_VERSION_CURRENT',
      'NEW_AGENT',
    ],
  ],
  ['AUTOMATION_CONFIGURATION', 'Automation Configuration', ['AUTOMATION_CONFIG_PUBLISHED_AUDIT']],
  ['BACKUP', 'Backup', [...SPEC_BACKUP_GROUP, 'BACKUP']],
  ['BI_CONNECTOR', 'BI Connector', ['BI_CONNECTOR_DOWN', 'BI_CONNECTOR_UP']],
  [
    'CLUSTER',
    'Cluster',
    ['CLUSTER_MONGOS_IS_MISSING', 'CLUSTER_MONGOS_IS_PRESENT', 'SHARD_ADDED', 'SHARD_REMOVED', 'SHARDED_CLUSTER'],
  ],
  ['DATA_EXPLORER_ACCESSED', 'Data Explorer Accessed', ['DATA_EXPLORER', 'DATA_EXPLORER_CRUD']],
  [
    'HOST',
    'Host',
    [
      'ATTEMPT_KILLOP_AUDIT',
      'ATTEMPT_KILLSESSION_AUDIT',
      'DB_PROFILER_DISABLE_AUDIT',
      'DB_PROFILER_ENABLE_AUDIT',
      'DISABLE_HOST_AUDIT',
      'HIDE_AND_DISABLE_HOST_AUDIT',
      'HIDE_HOST_AUDIT',
      'HOST_DOWN',
      'HOST_DOWNGRADED',
      'HOST_IP_CHANGED_AUDIT',
      'HOST_NOW_PRIMARY',
      'HOST_NOW_SECONDARY',
      'HOST_NOW_STANDALONE',
      'HOST_RECOVERED',
      'HOST_RECOVERING',
      'HOST_SECURITY_CHECKUP_NOT_MET',
      'HOST_SSL_CERTIFICATE_CURRENT',
      'HOST_SSL_CERTIFICATE_STALE',
      'HOST_UP',
      'HOST_UPGRADED',
      'INSIDE_METRIC_THRESHOLD',
      'NEW_HOST',
      'OUTSIDE_METRIC_THRESHOLD',
      'PAUSE_HOST_AUDIT',
      'RESUME_HOST_AUDIT',
      'UNDELETE_HOST_AUDIT',
      'VERSION_BEHIND',
      'VERSION_CHANGED',
      'VERSION_CURRENT',
    ],
  ],
  [
    'ORGANIZATION',
    'Organization',
    [
      'ALL_ORG_USERS_HAVE_MFA',
      'ORG_API_KEY_ADDED',
      'ORG_API_KEY_DELETED',
      'ORG_EMPLOYEE_ACCESS_RESTRICTED',
      'ORG_EMPLOYEE_ACCESS_UNRESTRICTED',
      'ORG_PUBLIC_API_ACCESS_LIST_NOT_REQUIRED',
      'ORG_PUBLIC_API_ACCESS_LIST_REQUIRED',
      'ORG_RENAMED',
      'ORG_TWO_FACTOR_AUTH_OPTIONAL',
      'ORG_TWO_FACTOR_AUTH_REQUIRED',
      'ORG_USERS_WITHOUT_MFA',
    ],
  ],
  ['PROJECT', 'Project', ['ALL_USERS_HAVE_MULTI_FACTOR_AUTH', 'USERS_WITHOUT_MULTI_FACTOR_AUTH']],
  [
    'REPLICA_SET',
    'Replica Set',
    [
      'CONFIGURATION_CHANGED',
      'ENOUGH_HEALTHY_MEMBERS',
      'MEMBER_ADDED',
      'MEMBER_REMOVED',
      'MULTIPLE_PRIMARIES',
      'NO_PRIMARY',
      'ONE_PRIMARY',
      'TOO_FEW_HEALTHY_MEMBERS',
      'TOO_MANY_ELECTIONS',
      'TOO_MANY_UNHEALTHY_MEMBERS',
      'REPLICA_SET',
    ],
  ],
  [
    'TEAM',
    'Team',
    [
      'TEAM_ADDED_TO_GROUP',
      'TEAM_CREATED',
      'TEAM_DELETED',
      'TEAM_NAME_CHANGED',
      'TEAM_REMOVED_FROM_GROUP',
      'TEAM_ROLES_MODIFIED',
      'TEAM_UPDATED',
      'USER_ADDED_TO_TEAM',
    ],
  ],
  [
    'USER',
    'User',
    [
      'INVITED_TO_GROUP',
      'INVITED_TO_ORG',
      'JOIN_GROUP_REQUEST_APPROVED_AUDIT',
      'JOIN_GROUP_REQUEST_DENIED_AUDIT',
      'JOINED_TEAM',
      'REMOVED_FROM_TEAM',
      'REQUESTED_TO_JOIN_GROUP',
    ],
  ],
];

const ALL_EVENTS = GROUPS.flatMap(([, , names]) => names);

describe('event groups', () => {
  it("are the spec's twelve groups, Backup included [spec:event-groups]", () => {
    expect(EVENT_GROUP_VALUES).toEqual(GROUPS.map(([group]) => group));
  });

  it.for(GROUPS)('%s is described with its display name "%s"', ([group, displayName]) => {
    expect(EventGroup[group].description.startsWith(`${displayName}: `)).toBe(true);
  });

  it.for(GROUPS)('eventsInGroup(%s) returns every value of the group and nothing else', ([group, , names]) => {
    expect(eventsInGroup(group)).toEqual(names);
  });

  it.for(EVENT_GROUP_VALUES)('%s has at least one event', (group) => {
    expect(eventsInGroup(group).length).toBeGreaterThan(0);
  });
});

describe('event type names', () => {
  it('are the 120 values of all groups, without duplicates', () => {
    expect(ALL_EVENTS).toHaveLength(120);
    expect(new Set(ALL_EVENTS).size).toBe(ALL_EVENTS.length);
    expect([...EVENT_TYPE_NAME_VALUES].sort()).toEqual([...ALL_EVENTS].sort());
  });

  it("include all 29 values of the spec's Backup group, in group BACKUP [spec:event-backup-values]", () => {
    expect(SPEC_BACKUP_GROUP).toHaveLength(29);
    for (const name of SPEC_BACKUP_GROUP) {
      expect(isEventTypeName(name) && EventTypeName[name].group).toBe('BACKUP');
    }
  });

  it.for(SPEC_REFERRED_ELSEWHERE)(
    '%s, referred to elsewhere by the spec, is in group %s [spec:event-referenced-values]',
    ([name, group]) => {
      expect(isEventTypeName(name) && EventTypeName[name].group).toBe(group);
    },
  );

  it("keep the spec's spelling CLUSTER_CHECKKPOINT_UPDATED_AUDIT and reject the corrected one", () => {
    expect(isEventTypeName('CLUSTER_CHECKKPOINT_UPDATED_AUDIT')).toBe(true);
    expect(isEventTypeName('CLUSTER_CHECKPOINT_UPDATED_AUDIT')).toBe(false);
  });

  it.for(EVENT_TYPE_NAME_VALUES)('%s names an existing group', (name) => {
    expect(isEventGroup(EventTypeName[name].group)).toBe(true);
  });
});

/** Other spellings and a comma-separated list, which neither set has. */
const ALSO_REJECTED: readonly unknown[] = [
  'host_down',
  'HOST_DOWN ',
  'Replica Set',
  'HOST_DOWN,HOST_UP',
  7,
  ['HOST_DOWN'],
];

describeClosedSet('EventGroup', EventGroup, isEventGroup, { alsoRejects: ALSO_REJECTED });
describeClosedSet('EventTypeName', EventTypeName, isEventTypeName, { alsoRejects: ALSO_REJECTED });
