/**
 * How the API commands print resources in a terminal: the columns of a snapshot list and an alert list, and the
 * fields of one snapshot. `--json` prints the service's objects unchanged instead.
 */
import type { Alert, ClusterSnapshot, ConfigServerSnapshot } from '@dbkit/core';
import type { Column } from './table.js';

type AnySnapshot = ClusterSnapshot | ConfigServerSnapshot;

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];

/** `4.2 GB`: decimal units, one decimal from kB up. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** The data size of a snapshot: the sum over its parts (the shards and config servers of a sharded cluster). */
export function snapshotBytes(snapshot: AnySnapshot): number {
  return snapshot.parts.reduce((sum, part) => sum + part.dataSizeBytes, 0);
}

const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');

export const SNAPSHOT_COLUMNS: readonly Column<AnySnapshot>[] = [
  { header: 'id', value: (s) => s.id },
  { header: 'created', value: (s) => s.created.date },
  { header: 'complete', value: (s) => yesNo(s.complete) },
  { header: 'doNotDelete', value: (s) => yesNo(s.doNotDelete) },
  { header: 'expires', value: (s) => s.expires ?? '-' },
  { header: 'size', value: (s) => formatBytes(snapshotBytes(s)), align: 'right' },
];

/** What an alert is about: the metric and host of a threshold alert, else the host, replica set or cluster. */
export function alertSubject(alert: Alert): string {
  const fields = alert as Partial<{
    metricName: string;
    hostnameAndPort: string;
    replicaSetName: string;
    clusterName: string;
  }>;
  if (fields.metricName !== undefined) {
    return fields.hostnameAndPort === undefined ? fields.metricName : `${fields.metricName} ${fields.hostnameAndPort}`;
  }
  return fields.hostnameAndPort ?? fields.replicaSetName ?? fields.clusterName ?? '-';
}

export const ALERT_COLUMNS: readonly Column<Alert>[] = [
  { header: 'id', value: (a) => a.id },
  { header: 'status', value: (a) => a.status },
  { header: 'event', value: (a) => a.eventTypeName },
  { header: 'metric/host', value: alertSubject },
  { header: 'created', value: (a) => a.created },
];

/** The fields `alerts get` and `alerts ack` print for one alert. */
export function alertFields(alert: Alert): (readonly [string, string])[] {
  const fields: (readonly [string, string])[] = [
    ['id', alert.id],
    ['status', alert.status],
    ['event', alert.eventTypeName],
    ['subject', alertSubject(alert) || '-'],
    ['created', alert.created],
    ['updated', alert.updated],
  ];
  if (alert.status === 'CLOSED') fields.push(['resolved', alert.resolved]);
  fields.push([
    'acknowledged',
    alert.acknowledgedUntil === undefined
      ? 'no'
      : `until ${alert.acknowledgedUntil} by ${alert.acknowledgingUsername ?? '?'}`,
  ]);
  if (alert.acknowledgementComment) fields.push(['comment', alert.acknowledgementComment]);
  return fields;
}

/** The fields `snapshots get` and `config-server-snapshots get` print for one snapshot. */
export function snapshotFields(snapshot: AnySnapshot): (readonly [string, string])[] {
  const fields: (readonly [string, string])[] = [['id', snapshot.id]];
  if (snapshot.clusterName !== undefined || snapshot.clusterId !== undefined) {
    const name = snapshot.clusterName ?? '';
    const id = snapshot.clusterId ?? '';
    fields.push(['cluster', name && id ? `${name} (${id})` : name || id]);
  }
  fields.push(
    ['created', snapshot.created.date],
    ['complete', yesNo(snapshot.complete)],
    ['doNotDelete', yesNo(snapshot.doNotDelete)],
    ['expires', snapshot.expires ?? '-'],
    [
      'size',
      `${formatBytes(snapshotBytes(snapshot))} in ${snapshot.parts.length} part${snapshot.parts.length === 1 ? '' : 's'}`,
    ],
  );
  for (const part of snapshot.parts) {
    const where = 'replicaSetName' in part ? part.replicaSetName : part.machineId;
    fields.push([`  ${part.typeName}`, `${where}  ${formatBytes(part.dataSizeBytes)}  ${part.dbdVersion}`]);
  }
  return fields;
}
