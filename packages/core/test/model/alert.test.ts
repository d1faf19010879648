import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EventTypeName } from '../../src/enums/events.js';
import type { Alert, AlertEventWithFields, CurrentValue } from '../../src/model/alert.js';
import type { Timestamp } from '../../src/model/link.js';

/** Whether some member of the union T declares the key K. */
type HasKey<T, K extends string> = T extends unknown ? (K extends keyof T ? true : false) : never;

/** What a client typically reads from an alert: only reachable after narrowing on eventTypeName and status. */
function summary(alert: Alert): string {
  const resolved = alert.status === 'CLOSED' ? ` resolved ${alert.resolved}` : '';
  switch (alert.eventTypeName) {
    case 'OUTSIDE_METRIC_THRESHOLD':
      return `${alert.metricName}=${alert.currentValue.number} ${alert.currentValue.units} on ${alert.hostnameAndPort}${resolved}`;
    case 'HOST_DOWN':
      return `${alert.hostnameAndPort} down${resolved}`;
    case 'REPLICA_SET':
      return `replica set ${alert.replicaSetName}${resolved}`;
    case 'SHARDED_CLUSTER':
      return `cluster ${alert.clusterName}${resolved}`;
    case 'BACKUP':
      return `backup of ${alert.sourceTypeName} ${alert.replicaSetName}${resolved}`;
    default:
      return `${alert.eventTypeName}${resolved}`;
  }
}

const common = {
  id: 'a',
  groupId: 'g',
  alertConfigId: 'c',
  created: '2024-06-01T00:00:00Z',
  updated: '2024-06-01T00:05:00Z',
  links: [{ href: 'https://h/api/public/v1.0/groups/g/alerts/a', rel: 'self' }],
} as const;

describe('Alert', () => {
  it('names only event types of the closed set as members with fields', () => {
    expectTypeOf<AlertEventWithFields>().toExtend<EventTypeName>();
  });

  it('gives resolved only to CLOSED alerts [spec:alert-resolved]', () => {
    expectTypeOf<Extract<Alert, { status: 'CLOSED' }>['resolved']>().toEqualTypeOf<Timestamp>();
    expectTypeOf<HasKey<Exclude<Alert, { status: 'CLOSED' }>, 'resolved'>>().toEqualTypeOf<false>();
  });

  it('gives currentValue only to OUTSIDE_METRIC_THRESHOLD alerts [spec:alert-conditional-fields]', () => {
    expectTypeOf<
      Extract<Alert, { eventTypeName: 'OUTSIDE_METRIC_THRESHOLD' }>['currentValue']
    >().toEqualTypeOf<CurrentValue>();
    expectTypeOf<HasKey<Extract<Alert, { eventTypeName: 'HOST_DOWN' }>, 'currentValue'>>().toEqualTypeOf<false>();
  });

  it.for<[string, Alert, string]>([
    [
      'a closed metric alert',
      {
        ...common,
        eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
        status: 'CLOSED',
        resolved: '2024-06-01T00:05:00Z',
        metricName: 'CONNECTIONS',
        currentValue: { number: 1874, units: 'RAW' },
        hostnameAndPort: 'db1.example.com:27017',
      },
      'CONNECTIONS=1874 RAW on db1.example.com:27017 resolved 2024-06-01T00:05:00Z',
    ],
    [
      'an open backup alert',
      { ...common, eventTypeName: 'BACKUP', status: 'OPEN', replicaSetName: 'rs0', sourceTypeName: 'REPLICA_SET' },
      'backup of REPLICA_SET rs0',
    ],
    [
      'a tracking agent alert',
      { ...common, eventTypeName: 'MONITORING_AGENT_DOWN', status: 'TRACKING' },
      'MONITORING_AGENT_DOWN',
    ],
  ])('narrows %s to its fields', ([, alert, expected]) => {
    expect(summary(alert)).toBe(expected);
  });
});
