/**
 * Events: the values of an alert's `eventTypeName`, the event that triggered the alert, grouped as the service
 * groups them. The spec lists the Backup group's values and a few values "referred to elsewhere"; the values of
 * the other groups come from the real service's per-group list (docs/research domain.md §11).
 */
import { type EnumDefinition, enumGuard, enumValues } from './define.js';

/** The event groups; each description starts with the group's display name. */
export const EventGroup = {
  AGENT: { description: 'Agent: automation, monitoring and backup agents going down, coming up or falling behind.' },
  AUTOMATION_CONFIGURATION: { description: 'Automation Configuration: changes published to the desired state.' },
  BACKUP: { description: 'Backup: snapshots, backup settings, oplog and sync state of backed-up deployments.' },
  BI_CONNECTOR: { description: 'BI Connector: the SQL interface process going down or coming up.' },
  CLUSTER: { description: 'Cluster: shards and shard routers of a sharded cluster.' },
  DATA_EXPLORER_ACCESSED: { description: 'Data Explorer Accessed: data read or changed through the Data Explorer.' },
  HOST: { description: 'Host: state, role, version and metric thresholds of one database process.' },
  ORGANIZATION: { description: 'Organization: API keys, access rules and multi-factor authentication of an org.' },
  PROJECT: { description: 'Project: multi-factor authentication of the project (group) users.' },
  REPLICA_SET: { description: 'Replica Set: primaries, members, elections and configuration of a replica set.' },
  TEAM: { description: 'Team: teams created, changed, or added to and removed from a project.' },
  USER: { description: 'User: invitations and requests to join projects, organizations and teams.' },
} as const satisfies EnumDefinition;

/** A group of alert event types. */
export type EventGroup = keyof typeof EventGroup;

/** Tells whether a value is an {@link EventGroup}. */
export const isEventGroup = enumGuard(EventGroup);

/** Every {@link EventGroup}, in the service's order. */
export const EVENT_GROUP_VALUES = enumValues(EventGroup);

/** An event definition whose `group` must name an {@link EventGroup}; checked at compile time. */
type GroupedEvents = { readonly [name: string]: { readonly description: string; readonly group: EventGroup } };

/** The event types an alert's `eventTypeName` can take, each with the {@link EventGroup} it belongs to. */
export const EventTypeName = {
  // Agent
  AUTOMATION_AGENT_DOWN: { group: 'AGENT', description: 'An automation agent is down: it stopped reporting.' },
  AUTOMATION_AGENT_UP: { group: 'AGENT', description: 'An automation agent that was down reports again.' },
  BACKUP_AGENT_CONF_CALL_FAILURE: {
    group: 'AGENT',
    description: 'A backup agent repeatedly failed to fetch its configuration from the service.',
  },
  BACKUP_AGENT_DOWN: { group: 'AGENT', description: 'A backup agent is down: it stopped reporting.' },
  BACKUP_AGENT_UP: { group: 'AGENT', description: 'A backup agent that was down reports again.' },
  BACKUP_AGENT_VERSION_BEHIND: { group: 'AGENT', description: 'A backup agent runs an outdated version.' },
  BACKUP_AGENT_VERSION_CURRENT: { group: 'AGENT', description: 'A backup agent runs the current version again.' },
  MONITORING_AGENT_DOWN: { group: 'AGENT', description: 'A monitoring agent is down: it stopped reporting.' },
  MONITORING_AGENT_UP: { group: 'AGENT', description: 'A monitoring agent that was down reports again.' },
  MONITORING_AGENT_VERSION_BEHIND: { group: 'AGENT', description: 'A monitoring agent runs an outdated version.' },
  MONITORING_AGENT_VERSION_CURRENT: {
    group: 'AGENT',
    description: 'A monitoring agent runs the current version again.',
  },
  NEW_AGENT: { group: 'AGENT', description: 'A new agent started reporting to the project.' },
  // Automation Configuration
  AUTOMATION_CONFIG_PUBLISHED_AUDIT: {
    group: 'AUTOMATION_CONFIGURATION',
    description: 'A new automation configuration was published for the agents to apply.',
  },
  // Backup (the spec's "Backup group", in the spec's order)
  BAD_CLUSTERSHOTS: { group: 'BACKUP', description: 'Backup has possibly inconsistent sharded cluster snapshots.' },
  CLUSTER_BLACKLIST_UPDATED_AUDIT: {
    group: 'BACKUP',
    description: "The namespace filter list of a sharded cluster's backup was changed.",
  },
  CLUSTER_CHECKKPOINT_UPDATED_AUDIT: {
    group: 'BACKUP',
    description: "The checkpoint interval of a sharded cluster's backup was changed (spelt CHECKKPOINT by the spec).",
  },
  CLUSTER_CREDENTIAL_UPDATED_AUDIT: {
    group: 'BACKUP',
    description: 'The credentials backup uses to read a sharded cluster were changed.',
  },
  CLUSTER_SNAPSHOT_SCHEDULE_UPDATED_AUDIT: {
    group: 'BACKUP',
    description: 'The snapshot schedule of a sharded cluster was changed.',
  },
  CLUSTER_STATE_CHANGED_AUDIT: {
    group: 'BACKUP',
    description: 'Backup of a sharded cluster was started, stopped or terminated.',
  },
  CLUSTER_STORAGE_ENGINE_UPDATED_AUDIT: {
    group: 'BACKUP',
    description: "The storage engine of a sharded cluster's backup was changed.",
  },
  CLUSTERSHOT_DELETED_AUDIT: { group: 'BACKUP', description: 'A sharded cluster snapshot (clustershot) was deleted.' },
  CLUSTERSHOT_EXPIRY_UPDATED_AUDIT: {
    group: 'BACKUP',
    description: 'The expiry of a sharded cluster snapshot (clustershot) was changed.',
  },
  CONSISTENT_BACKUP_CONFIGURATION: {
    group: 'BACKUP',
    description: "The backup configuration matches the deployment's configuration again.",
  },
  GOOD_CLUSTERSHOT: { group: 'BACKUP', description: 'Backup took a consistent sharded cluster snapshot again.' },
  INCONSISTENT_BACKUP_CONFIGURATION: {
    group: 'BACKUP',
    description: "The backup configuration does not match the deployment's configuration.",
  },
  INITIAL_SYNC_FINISHED_AUDIT: { group: 'BACKUP', description: 'Backup finished the initial sync of a deployment.' },
  INITIAL_SYNC_STARTED_AUDIT: { group: 'BACKUP', description: 'Backup started the initial sync of a deployment.' },
  OPLOG_BEHIND: { group: 'BACKUP', description: "Backup's copy of the oplog has fallen behind the deployment." },
  OPLOG_CURRENT: { group: 'BACKUP', description: "Backup's copy of the oplog has caught up with the deployment." },
  RESTORE_REQUESTED_AUDIT: { group: 'BACKUP', description: 'A restore from a snapshot was requested.' },
  RESYNC_PERFORMED: { group: 'BACKUP', description: 'Backup performed a resync of a deployment.' },
  RESYNC_REQUIRED: {
    group: 'BACKUP',
    description: 'Backup needs a resync: its oplog copy fell too far behind to continue.',
  },
  RS_BLACKLIST_UPDATED_AUDIT: {
    group: 'BACKUP',
    description: "The namespace filter list of a replica set's backup was changed.",
  },
  RS_CREDENTIAL_UPDATED_AUDIT: {
    group: 'BACKUP',
    description: 'The credentials backup uses to read a replica set were changed.',
  },
  RS_ROTATE_MASTER_KEY_AUDIT: {
    group: 'BACKUP',
    description: "The encryption master key of a replica set's backup was rotated.",
  },
  RS_SNAPSHOT_SCHEDULE_UPDATED_AUDIT: {
    group: 'BACKUP',
    description: 'The snapshot schedule of a replica set was changed.',
  },
  RS_STATE_CHANGED_AUDIT: {
    group: 'BACKUP',
    description: 'Backup of a replica set was started, stopped or terminated.',
  },
  RS_STORAGE_ENGINE_UPDATED_AUDIT: {
    group: 'BACKUP',
    description: "The storage engine of a replica set's backup was changed.",
  },
  SNAPSHOT_DELETED_AUDIT: { group: 'BACKUP', description: 'A replica set snapshot was deleted.' },
  SNAPSHOT_EXPIRY_UPDATED_AUDIT: { group: 'BACKUP', description: 'The expiry of a replica set snapshot was changed.' },
  SYNC_PENDING_AUDIT: { group: 'BACKUP', description: 'A backup sync of a deployment is waiting to start.' },
  SYNC_REQUIRED_AUDIT: { group: 'BACKUP', description: 'A backup sync of a deployment was marked as required.' },
  BACKUP: {
    group: 'BACKUP',
    description:
      'Alert-table name of a backup alert (carries replicaSetName and sourceTypeName); grouped under Backup by dbkit.',
  },
  // BI Connector
  BI_CONNECTOR_DOWN: { group: 'BI_CONNECTOR', description: 'A BI Connector (SQL interface) process is down.' },
  BI_CONNECTOR_UP: { group: 'BI_CONNECTOR', description: 'A BI Connector (SQL interface) process is up again.' },
  // Cluster
  CLUSTER_MONGOS_IS_MISSING: {
    group: 'CLUSTER',
    description: 'A sharded cluster has no reachable shard router (dbs process).',
  },
  CLUSTER_MONGOS_IS_PRESENT: {
    group: 'CLUSTER',
    description: 'A sharded cluster has a reachable shard router (dbs process) again.',
  },
  SHARD_ADDED: { group: 'CLUSTER', description: 'A shard was added to a sharded cluster.' },
  SHARD_REMOVED: { group: 'CLUSTER', description: 'A shard was removed from a sharded cluster.' },
  SHARDED_CLUSTER: {
    group: 'CLUSTER',
    description:
      'Alert-table name of a sharded cluster alert (carries clusterId and clusterName); grouped under Cluster by dbkit.',
  },
  // Data Explorer Accessed
  DATA_EXPLORER: { group: 'DATA_EXPLORER_ACCESSED', description: 'A user read data through the Data Explorer.' },
  DATA_EXPLORER_CRUD: {
    group: 'DATA_EXPLORER_ACCESSED',
    description: 'A user inserted, changed or deleted data through the Data Explorer.',
  },
  // Host
  ATTEMPT_KILLOP_AUDIT: { group: 'HOST', description: 'A user tried to kill an operation running on the host.' },
  ATTEMPT_KILLSESSION_AUDIT: { group: 'HOST', description: 'A user tried to kill a session on the host.' },
  DB_PROFILER_DISABLE_AUDIT: { group: 'HOST', description: 'The database profiler was turned off on the host.' },
  DB_PROFILER_ENABLE_AUDIT: { group: 'HOST', description: 'The database profiler was turned on on the host.' },
  DISABLE_HOST_AUDIT: { group: 'HOST', description: 'Monitoring of the host was disabled.' },
  HIDE_AND_DISABLE_HOST_AUDIT: { group: 'HOST', description: 'The host was hidden and its monitoring disabled.' },
  HIDE_HOST_AUDIT: { group: 'HOST', description: 'The host was hidden from the deployment view.' },
  HOST_DOWN: { group: 'HOST', description: 'The host is down: its process cannot be reached.' },
  HOST_DOWNGRADED: { group: 'HOST', description: 'The database server on the host was downgraded.' },
  HOST_IP_CHANGED_AUDIT: { group: 'HOST', description: 'The IP address of the host changed.' },
  HOST_NOW_PRIMARY: { group: 'HOST', description: 'The host became the primary of its replica set.' },
  HOST_NOW_SECONDARY: { group: 'HOST', description: 'The host became a secondary of its replica set.' },
  HOST_NOW_STANDALONE: { group: 'HOST', description: 'The host now runs as a standalone, outside any replica set.' },
  HOST_RECOVERED: { group: 'HOST', description: 'The host left the recovering state.' },
  HOST_RECOVERING: { group: 'HOST', description: 'The host entered the recovering state (e.g. resync or rollback).' },
  HOST_SECURITY_CHECKUP_NOT_MET: { group: 'HOST', description: "The host fails the service's security checkup." },
  HOST_SSL_CERTIFICATE_CURRENT: { group: 'HOST', description: 'The TLS certificate of the host is valid again.' },
  HOST_SSL_CERTIFICATE_STALE: { group: 'HOST', description: 'The TLS certificate of the host expires soon.' },
  HOST_UP: { group: 'HOST', description: 'A host that was down can be reached again.' },
  HOST_UPGRADED: { group: 'HOST', description: 'The database server on the host was upgraded.' },
  INSIDE_METRIC_THRESHOLD: { group: 'HOST', description: 'A metric of the host is back within its alert threshold.' },
  NEW_HOST: { group: 'HOST', description: 'A new host was added to or discovered in the project.' },
  OUTSIDE_METRIC_THRESHOLD: {
    group: 'HOST',
    description: 'A metric of the host crossed its alert threshold; the alert carries metricName and currentValue.',
  },
  PAUSE_HOST_AUDIT: { group: 'HOST', description: 'Monitoring of the host was paused.' },
  RESUME_HOST_AUDIT: { group: 'HOST', description: 'Monitoring of a paused host was resumed.' },
  UNDELETE_HOST_AUDIT: { group: 'HOST', description: 'A deleted host was restored to the project.' },
  VERSION_BEHIND: { group: 'HOST', description: 'The host does not run the latest database server version.' },
  VERSION_CHANGED: { group: 'HOST', description: 'The database server version of the host changed.' },
  VERSION_CURRENT: { group: 'HOST', description: 'The host runs the latest database server version again.' },
  // Organization
  ALL_ORG_USERS_HAVE_MFA: {
    group: 'ORGANIZATION',
    description: 'Every user of the organization has multi-factor authentication set up.',
  },
  ORG_API_KEY_ADDED: { group: 'ORGANIZATION', description: 'An API key was added to the organization.' },
  ORG_API_KEY_DELETED: { group: 'ORGANIZATION', description: 'An API key was deleted from the organization.' },
  ORG_EMPLOYEE_ACCESS_RESTRICTED: {
    group: 'ORGANIZATION',
    description: "The vendor's support staff may no longer access the organization's deployments.",
  },
  ORG_EMPLOYEE_ACCESS_UNRESTRICTED: {
    group: 'ORGANIZATION',
    description: "The vendor's support staff may access the organization's deployments again.",
  },
  ORG_PUBLIC_API_ACCESS_LIST_NOT_REQUIRED: {
    group: 'ORGANIZATION',
    description: 'API requests for the organization no longer need to come from an address on its access list.',
  },
  ORG_PUBLIC_API_ACCESS_LIST_REQUIRED: {
    group: 'ORGANIZATION',
    description: 'API requests for the organization must now come from an address on its access list.',
  },
  ORG_RENAMED: { group: 'ORGANIZATION', description: 'The organization was given a new name.' },
  ORG_TWO_FACTOR_AUTH_OPTIONAL: {
    group: 'ORGANIZATION',
    description: 'Two-factor authentication is no longer required for the organization.',
  },
  ORG_TWO_FACTOR_AUTH_REQUIRED: {
    group: 'ORGANIZATION',
    description: 'Two-factor authentication is now required for the organization.',
  },
  ORG_USERS_WITHOUT_MFA: {
    group: 'ORGANIZATION',
    description: 'Some users of the organization have no multi-factor authentication set up.',
  },
  // Project
  ALL_USERS_HAVE_MULTI_FACTOR_AUTH: {
    group: 'PROJECT',
    description: 'Every user of the project has multi-factor authentication set up.',
  },
  USERS_WITHOUT_MULTI_FACTOR_AUTH: {
    group: 'PROJECT',
    description: 'Some users of the project have no multi-factor authentication set up.',
  },
  // Replica Set
  CONFIGURATION_CHANGED: { group: 'REPLICA_SET', description: 'The replica set configuration changed.' },
  ENOUGH_HEALTHY_MEMBERS: { group: 'REPLICA_SET', description: 'The replica set has enough healthy members again.' },
  MEMBER_ADDED: { group: 'REPLICA_SET', description: 'A member was added to the replica set.' },
  MEMBER_REMOVED: { group: 'REPLICA_SET', description: 'A member was removed from the replica set.' },
  MULTIPLE_PRIMARIES: { group: 'REPLICA_SET', description: 'More than one member of the replica set is primary.' },
  NO_PRIMARY: { group: 'REPLICA_SET', description: 'The replica set has no primary.' },
  ONE_PRIMARY: { group: 'REPLICA_SET', description: 'The replica set has exactly one primary again.' },
  TOO_FEW_HEALTHY_MEMBERS: {
    group: 'REPLICA_SET',
    description: "Fewer members are healthy than the alert configuration's threshold.",
  },
  TOO_MANY_ELECTIONS: {
    group: 'REPLICA_SET',
    description: "More elections happened in the period than the alert configuration's threshold.",
  },
  TOO_MANY_UNHEALTHY_MEMBERS: {
    group: 'REPLICA_SET',
    description: "More members are unhealthy than the alert configuration's threshold.",
  },
  REPLICA_SET: {
    group: 'REPLICA_SET',
    description:
      'Alert-table name of a replica set alert (carries hostId and replicaSetName); grouped under Replica Set by dbkit.',
  },
  // Team
  TEAM_ADDED_TO_GROUP: { group: 'TEAM', description: 'A team was given access to the project.' },
  TEAM_CREATED: { group: 'TEAM', description: 'A team was created in the organization.' },
  TEAM_DELETED: { group: 'TEAM', description: 'A team was deleted from the organization.' },
  TEAM_NAME_CHANGED: { group: 'TEAM', description: 'A team was given a new name.' },
  TEAM_REMOVED_FROM_GROUP: { group: 'TEAM', description: 'A team lost its access to the project.' },
  TEAM_ROLES_MODIFIED: { group: 'TEAM', description: 'The roles of a team in the project changed.' },
  TEAM_UPDATED: { group: 'TEAM', description: 'The settings or membership of a team changed.' },
  USER_ADDED_TO_TEAM: { group: 'TEAM', description: 'A user was made a member of a team.' },
  // User
  INVITED_TO_GROUP: { group: 'USER', description: 'A user was invited to the project.' },
  INVITED_TO_ORG: { group: 'USER', description: 'A user was invited to the organization.' },
  JOIN_GROUP_REQUEST_APPROVED_AUDIT: {
    group: 'USER',
    description: "A user's request to join the project was granted.",
  },
  JOIN_GROUP_REQUEST_DENIED_AUDIT: { group: 'USER', description: "A user's request to join the project was refused." },
  JOINED_TEAM: { group: 'USER', description: 'A user became a member of a team.' },
  REMOVED_FROM_TEAM: { group: 'USER', description: 'A user stopped being a member of a team.' },
  REQUESTED_TO_JOIN_GROUP: { group: 'USER', description: 'A user asked to join the project.' },
} as const satisfies EnumDefinition & GroupedEvents;

/** An event type: the value of an alert's `eventTypeName`. */
export type EventTypeName = keyof typeof EventTypeName;

/** Tells whether a value is an {@link EventTypeName}. */
export const isEventTypeName = enumGuard(EventTypeName);

/** Every {@link EventTypeName}, grouped in {@link EventGroup} order. */
export const EVENT_TYPE_NAME_VALUES = enumValues(EventTypeName);

/**
 * The event types of one group, in declaration order.
 *
 * @example
 * eventsInGroup('BI_CONNECTOR'); // ['BI_CONNECTOR_DOWN', 'BI_CONNECTOR_UP']
 */
export function eventsInGroup(group: EventGroup): readonly EventTypeName[] {
  return EVENT_TYPE_NAME_VALUES.filter((name) => EventTypeName[name].group === group);
}
