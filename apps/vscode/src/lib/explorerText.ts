/**
 * What the explorer says about the API's data in one line: a moment, a snapshot's expiry, what an alert is about and
 * when it opened, how far the agents are. The nodes' descriptions (`explorerItem.ts`) and the actions' confirmations
 * (`explorerActions.ts`) use them.
 */
import {
  type Alert,
  type AutomationStatus,
  type ClusterSnapshot,
  type ConfigServerSnapshot,
  goalProgress,
  isAtGoal,
  isSnapshotExpired,
  isStuck,
  type ProcessStatus,
  parseTimestamp,
} from '@dbkit/core';

/** A moment as people read it, to the minute in UTC: `2026-07-01 00:00 UTC`, `2026-07-01 12:30 UTC`. */
export function shortTime(timestamp: string): string {
  const epochMillis = parseTimestamp(timestamp);
  if (epochMillis === undefined) return timestamp;
  const iso = new Date(epochMillis).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** `complete · expires 2026-07-01 · kept`: what the expiry rules read, in the order a user decides by. */
export function snapshotDescription(snapshot: ClusterSnapshot | ConfigServerSnapshot, now: Date): string {
  const parts = [snapshot.complete ? 'complete' : 'in progress'];
  if (snapshot.expires !== undefined) {
    parts.push(
      isSnapshotExpired(snapshot, now)
        ? `expired ${shortTime(snapshot.expires)}, deleted at the next sweep`
        : `expires ${shortTime(snapshot.expires)}`,
    );
  }
  if (snapshot.doNotDelete) parts.push('kept');
  return parts.join(' · ');
}

/** What an alert is about: the metric and host of a threshold alert, else the host, replica set or cluster. */
export function alertSubject(alert: Alert): string | undefined {
  const fields = alert as Partial<Record<'metricName' | 'hostnameAndPort' | 'replicaSetName' | 'clusterName', string>>;
  if (fields.metricName !== undefined) {
    return fields.hostnameAndPort === undefined ? fields.metricName : `${fields.metricName} ${fields.hostnameAndPort}`;
  }
  return fields.hostnameAndPort ?? fields.replicaSetName ?? fields.clusterName;
}

/** `opened 2026-07-01 09:12 UTC · acknowledged until 2026-07-02`, or when a closed one closed. */
export function alertDescription(alert: Alert): string {
  const parts = [
    alert.status === 'CLOSED' ? `closed ${shortTime(alert.resolved)}` : `opened ${shortTime(alert.created)}`,
  ];
  if (alert.acknowledgedUntil !== undefined) parts.push(`acknowledged until ${shortTime(alert.acknowledgedUntil)}`);
  return parts.join(' · ');
}

/** `14/14 at goal`, or `2 stuck` when an agent reports an error. */
export function statusDescription(status: AutomationStatus): string {
  const progress = goalProgress(status);
  return progress.stuck.length > 0 ? `${progress.stuck.length} stuck` : `${progress.atGoal}/${progress.total} at goal`;
}

/** `reached 7 · at goal`, `reached 6 · ChangeVersion`, or `reached 6 · error 1: …`. */
export function processDescription(process: ProcessStatus, goalVersion: number): string {
  const reached = `reached ${process.lastGoalVersionAchieved}`;
  if (isStuck(process)) return `${reached} · error ${process.errorCode}: ${process.errorString ?? ''}`.trim();
  if (isAtGoal(process, goalVersion)) return `${reached} · at goal`;
  return `${reached} · ${process.plan[0] ?? 'waiting'}`;
}
