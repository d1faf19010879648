/**
 * The alert resource, as a union discriminated on `eventTypeName` (which conditional fields are present) and on
 * `status` (`resolved` is present exactly when the status is `CLOSED`).
 *
 * The spec's "Present when" column names `HOST_DOWN`, `OUTSIDE_METRIC_THRESHOLD`, `REPLICA_SET`, `SHARDED_CLUSTER`
 * and `BACKUP`; every other event type carries none of the conditional fields. Where real responses show a
 * conditional field missing (a host that is not in a replica set has no `replicaSetName`; responses without `hostId`
 * exist), dbkit makes it optional for that event instead of required.
 *
 * Real responses of the related Atlas API also carry `orgId` and `userAlias`; dbkit accepts both as optional fields
 * on every alert (marked "Not in the spec") so such a response reads without losing them. It does not widen the
 * closed sets: an Atlas-only event type or metric name is still reported.
 */
import type { AlertStatus } from '../enums/alerts.js';
import type { EventTypeName } from '../enums/events.js';
import type { MetricName } from '../enums/metrics.js';
import type { BackupSourceTypeName } from '../enums/snapshots.js';
import type { Unit } from '../enums/units.js';
import type { Link, Timestamp } from './link.js';

/** The event types for which the spec lists conditional fields. Each has its own member of {@link Alert}. */
export type AlertEventWithFields =
  | 'HOST_DOWN'
  | 'OUTSIDE_METRIC_THRESHOLD'
  | 'REPLICA_SET'
  | 'SHARDED_CLUSTER'
  | 'BACKUP';

/** The current value of the metric that triggered an `OUTSIDE_METRIC_THRESHOLD` alert. */
export type CurrentValue = {
  /** Value of the metric. */
  readonly number: number;
  /** Units of the value. */
  readonly units: Unit;
};

/** Fields every alert has, or may have whatever its event. */
export type AlertCommon = {
  /** Alert identifier. */
  readonly id: string;
  /** Project for which the alert was opened. */
  readonly groupId: string;
  /** Alert configuration that triggered the alert. */
  readonly alertConfigId: string;
  /** When the alert opened. */
  readonly created: Timestamp;
  /** When the alert was last updated. */
  readonly updated: Timestamp;
  /** Includes `self`. */
  readonly links: readonly Link[];
  /** Labels set on the alert. */
  readonly tags?: readonly string[];
  /** Present when the alert has been acknowledged: until when. */
  readonly acknowledgedUntil?: Timestamp;
  /** Present when the alert has been acknowledged: the comment left by the user who acknowledged it. */
  readonly acknowledgementComment?: string;
  /** Present when the alert has been acknowledged: the user who acknowledged it. */
  readonly acknowledgingUsername?: string;
  /** Present when notifications have been sent: when the last one was sent. */
  readonly lastNotified?: Timestamp;
  /** Not in the spec: the organization of the project, sent by the related Atlas API. */
  readonly orgId?: string;
  /** Not in the spec: a user-facing alias of the host, sent by the related Atlas API. */
  readonly userAlias?: string;
};

/** `resolved` is present exactly when the alert is `CLOSED`. */
export type AlertResolution =
  | {
      /** The alert's status; `resolved` is present exactly when it is `CLOSED`. */
      readonly status: 'CLOSED';
      /** When the alert closed. */
      readonly resolved: Timestamp;
    }
  | {
      /** The alert's status; `resolved` is present exactly when it is `CLOSED`. */
      readonly status: Exclude<AlertStatus, 'CLOSED'>;
    };

/** The fields of a `HOST_DOWN` alert. */
export type HostDownFields = {
  /** The event that triggered the alert. */
  readonly eventTypeName: 'HOST_DOWN';
  /** Identifier of the host. */
  readonly hostId?: string;
  /** Host name, FQDN, IPv4 or IPv6 address with port. */
  readonly hostnameAndPort: string;
  /** Replica set of the host; absent when the host is not a replica set member. */
  readonly replicaSetName?: string;
};

/** The fields of an `OUTSIDE_METRIC_THRESHOLD` alert. */
export type OutsideMetricThresholdFields = {
  /** The event that triggered the alert. */
  readonly eventTypeName: 'OUTSIDE_METRIC_THRESHOLD';
  /** The measurement type whose value is outside the threshold. */
  readonly metricName: MetricName;
  /** The current value of the metric. */
  readonly currentValue: CurrentValue;
  /** Identifier of the host. */
  readonly hostId?: string;
  /** Host name, FQDN, IPv4 or IPv6 address with port. */
  readonly hostnameAndPort: string;
  /** Replica set of the host; absent when the host is not a replica set member. */
  readonly replicaSetName?: string;
};

/** The fields of a `REPLICA_SET` alert. */
export type ReplicaSetFields = {
  /** The event that triggered the alert. */
  readonly eventTypeName: 'REPLICA_SET';
  /** Identifier of the host. */
  readonly hostId?: string;
  /** Host name, FQDN, IPv4 or IPv6 address with port. */
  readonly hostnameAndPort?: string;
  /** Name of the replica set. */
  readonly replicaSetName: string;
};

/** The fields of a `SHARDED_CLUSTER` alert. */
export type ShardedClusterFields = {
  /** The event that triggered the alert. */
  readonly eventTypeName: 'SHARDED_CLUSTER';
  /** Identifier of the cluster. */
  readonly clusterId: string;
  /** Name of the cluster. */
  readonly clusterName: string;
};

/** The fields of a `BACKUP` alert. */
export type BackupFields = {
  /** The event that triggered the alert. */
  readonly eventTypeName: 'BACKUP';
  /** Name of the replica set. */
  readonly replicaSetName: string;
  /** The kind of deployment backed up: `REPLICA_SET`, `SHARDED_CLUSTER` or `CONFIG_SERVER`. */
  readonly sourceTypeName: BackupSourceTypeName;
};

/** The fields of an alert for any other event: none of the conditional fields. */
export type OtherEventFields = {
  /** The event that triggered the alert. */
  readonly eventTypeName: Exclude<EventTypeName, AlertEventWithFields>;
};

/** The event-specific part of an alert, discriminated on `eventTypeName`. */
export type AlertEventFields =
  | HostDownFields
  | OutsideMetricThresholdFields
  | ReplicaSetFields
  | ShardedClusterFields
  | BackupFields
  | OtherEventFields;

/**
 * An alert of a project, as listed by `GET /groups/{PROJECT-ID}/alerts`.
 *
 * Narrow on `eventTypeName` to reach the event's fields and on `status` to reach `resolved`.
 * @example
 * if (alert.eventTypeName === 'OUTSIDE_METRIC_THRESHOLD') console.log(alert.metricName, alert.currentValue.number);
 * if (alert.status === 'CLOSED') console.log(alert.resolved);
 */
export type Alert = AlertCommon & AlertResolution & AlertEventFields;
