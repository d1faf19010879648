import type { Alert } from '@dbkit/core';
import { describe, expect, it } from 'vitest';
import { alertDescription, alertSubject, shortTime } from '../src/lib/explorerText.ts';

const base = {
  id: 'a1',
  groupId: 'g1',
  alertConfigId: 'cfg',
  created: '2026-05-31T09:12:00Z',
  updated: '2026-05-31T09:12:00Z',
  links: [],
  status: 'OPEN',
} as const;

describe('the explorer’s words for the API’s data', () => {
  it.for([
    ['2026-07-01T00:00:00Z', '2026-07-01 00:00 UTC'],
    ['2026-07-01T14:30:59+02:00', '2026-07-01 12:30 UTC'],
    ['not a time', 'not a time'],
  ] as const)('shows the moment %s as %s', ([timestamp, shown]) => {
    expect(shortTime(timestamp)).toBe(shown);
  });

  it.for([
    [
      'a threshold alert: its metric and host',
      {
        ...base,
        eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
        metricName: 'CONNECTIONS',
        currentValue: { number: 900, units: 'RAW' },
        hostnameAndPort: 'rs0-1.example.net:27017',
      },
      'CONNECTIONS rs0-1.example.net:27017',
    ],
    [
      'a host alert: its host',
      { ...base, eventTypeName: 'HOST_DOWN', hostnameAndPort: 'h:1', replicaSetName: 'rs0' },
      'h:1',
    ],
    ['a replica set alert: its replica set', { ...base, eventTypeName: 'REPLICA_SET', replicaSetName: 'rs0' }, 'rs0'],
    [
      'a cluster alert: its cluster',
      { ...base, eventTypeName: 'SHARDED_CLUSTER', clusterId: 'c1', clusterName: 'sh0' },
      'sh0',
    ],
  ] as const)('names what %s is about', ([, alert, subject]) => {
    expect(alertSubject(alert as unknown as Alert)).toBe(subject);
  });

  it.for([
    ['an open alert: when it opened', base, 'opened 2026-05-31 09:12 UTC'],
    [
      'a closed one: when it closed',
      { ...base, status: 'CLOSED', resolved: '2026-06-01T08:00:00Z' },
      'closed 2026-06-01 08:00 UTC',
    ],
    [
      'an acknowledged one: until when',
      { ...base, acknowledgedUntil: '2026-06-02T00:00:00Z' },
      'opened 2026-05-31 09:12 UTC · acknowledged until 2026-06-02 00:00 UTC',
    ],
  ] as const)('describes %s', ([, fields, description]) => {
    const alert = { ...fields, eventTypeName: 'HOST_DOWN', hostnameAndPort: 'h:1' } as unknown as Alert;
    expect(alertDescription(alert)).toBe(description);
  });
});
