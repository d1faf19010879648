import type { JsonPath } from '../../validation/diagnostic.js';
import { isObject, type JsonObject } from '../../validation/util.js';
import { jsonEqual, keyedItems, type Pair, type PlanCollector } from '../context.js';
import { releaseStep } from '../releases.js';
import { type ListNames, planListItems } from '../renames.js';
import { changedKeys } from './processes.js';

const REPLICA_SETS: ListNames = {
  list: 'replicaSets',
  key: '_id',
  noun: 'replica set',
  was: 'replica set',
  renamed: (id, newId) =>
    `Replica set ${id} is renamed ${newId} with the same members: a replica set's name cannot change in place, so the agent removes ${id} and creates ${newId} (each member restarts with the new replSetName). Shards, index configs and processes that name ${id} must name ${newId} in this revision.`,
};

/** replicaSets[]: additions, removals, renames, member reconfiguration, voting changes and forced reconfigs. */
export function planReplicaSets(c: PlanCollector, pair: Pair): void {
  // The very list of the deployed revision plans nothing, unless a set still asks for a forced reconfiguration.
  if (pair.from.replicaSets === pair.to.replicaSets && !asksForce(pair.to.replicaSets)) return;
  // Built once, and only when a replica set kept from the deployed revision changes.
  let versions: ReadonlyMap<string, unknown> | undefined;
  planListItems(c, pair, REPLICA_SETS, hostsSignature, (fate) => {
    // An unchanged set plans nothing, unless it still asks for a forced reconfiguration (DBK613).
    if (fate.to.item.force === undefined && jsonEqual(fate.from.item, fate.to.item)) return;
    versions ??= serverVersions(pair.to);
    planReplicaSet(c, fate.key, fate.from.item, fate.from.index, fate.to.item, fate.to.index, versions);
  });
}

function asksForce(list: unknown): boolean {
  return Array.isArray(list) && list.some((rs: unknown) => isObject(rs) && rs.force !== undefined);
}

/** The sorted member hosts: a replica set that keeps them under a new _id is a rename. */
function hostsSignature(rs: JsonObject): string | undefined {
  const hosts = [...keyedItems(rs.members, (m) => m.host).keys()].sort();
  return hosts.length > 0 ? JSON.stringify(hosts) : undefined;
}

/** Whether a member votes: `votes` defaults to 1 on the server, and arbiters vote. */
function votes(member: JsonObject): boolean {
  return typeof member.votes === 'number' ? member.votes > 0 : true;
}

/** Each process's server version by name and by alias. */
function serverVersions(doc: JsonObject): ReadonlyMap<string, unknown> {
  const out = new Map<string, unknown>();
  for (const p of keyedItems(doc.processes, (x) => x.name).values()) {
    if (typeof p.item.name === 'string') out.set(p.item.name, p.item.version);
    if (typeof p.item.alias === 'string') out.set(p.item.alias, p.item.version);
  }
  return out;
}

const FOUR_FOUR = releaseStep('4.4') ?? 0;

/** Whether every member named runs a server older than 4.4, where a reconfiguration may change several voters. */
function allBefore44(hosts: Iterable<string>, versions: ReadonlyMap<string, unknown>): boolean {
  let any = false;
  for (const host of hosts) {
    const step = releaseStep(versions.get(host));
    if (step === undefined || step >= FOUR_FOUR) return false;
    any = true;
  }
  return any;
}

function planReplicaSet(
  c: PlanCollector,
  id: string,
  a: JsonObject,
  i: number,
  b: JsonObject,
  j: number,
  versions: ReadonlyMap<string, unknown>,
): void {
  const fromPath: JsonPath = ['replicaSets', i];
  const toPath: JsonPath = ['replicaSets', j];
  const before = keyedItems(a.members, (m) => m.host);
  const after = keyedItems(b.members, (m) => m.host);
  const votingChanges: string[] = [];
  let oldVoting = 0;
  let keptVoting = 0;
  for (const [host, m] of before) {
    const now = after.get(host);
    const voted = votes(m.item);
    if (voted) oldVoting++;
    if (!now) {
      c.change(
        'replicaSets',
        'reconfig',
        `replica set ${c.quote(id)}: member ${c.quote(host)} removed`,
        [...fromPath, 'members', m.index],
        undefined,
      );
      if (voted) votingChanges.push(`${c.quote(host)} removed`);
      continue;
    }
    const stillVotes = votes(now.item);
    if (voted && stillVotes) keptVoting++;
    if (voted !== stillVotes) votingChanges.push(`${c.quote(host)} ${stillVotes ? 'given' : 'stripped of'} its vote`);
    const fields = changedKeys(m.item, now.item);
    if (fields.length > 0) {
      c.change(
        'replicaSets',
        'reconfig',
        `replica set ${c.quote(id)}: member ${c.quote(host)} ${c.names(fields)} changed`,
        [...fromPath, 'members', m.index],
        [...toPath, 'members', now.index],
      );
    }
  }
  for (const [host, m] of after) {
    if (before.has(host)) continue;
    c.change('replicaSets', 'reconfig', `replica set ${c.quote(id)}: member ${c.quote(host)} added`, undefined, [
      ...toPath,
      'members',
      m.index,
    ]);
    if (votes(m.item)) votingChanges.push(`${c.quote(host)} added`);
  }
  const membersPath: JsonPath = Array.isArray(b.members) ? [...toPath, 'members'] : toPath;
  if (votingChanges.length > 1 && !allBefore44(after.keys(), versions)) {
    c.report(
      'DBK610',
      'to',
      membersPath,
      `Replica set ${c.quote(id)} changes ${votingChanges.length} voting members in one revision (${votingChanges.join(', ')}): from MongoDB 4.4 a reconfiguration adds or removes at most one voting member. Change one voting member per revision.`,
    );
  }
  const majority = Math.floor(oldVoting / 2) + 1;
  if (oldVoting > 0 && keptVoting < majority) {
    c.report(
      'DBK611',
      'to',
      membersPath,
      `Replica set ${c.quote(id)} keeps ${keptVoting} of its ${oldVoting} voting members, fewer than the old configuration's majority of ${majority}: the new configuration cannot be committed by the members that hold the data, and writes acknowledged by the old majority may be lost. Remove voting members one revision at a time.`,
    );
  }
  planForce(c, id, a, b, i, j);
  const others = changedKeys(a, b).filter((k) => k !== 'members' && k !== 'force' && k !== '_id');
  if (others.length > 0)
    c.change('replicaSets', 'reconfig', `replica set ${c.quote(id)}: ${c.names(others)} changed`, fromPath, toPath);
}

function planForce(c: PlanCollector, id: string, a: JsonObject, b: JsonObject, i: number, j: number): void {
  if (!isObject(b.force) || b.force.currentVersion === undefined) return;
  const path = ['replicaSets', j, 'force', 'currentVersion'];
  const before = isObject(a.force) ? a.force.currentVersion : undefined;
  if (jsonEqual(before, b.force.currentVersion)) {
    c.report(
      'DBK614',
      'to',
      path,
      `force.currentVersion is still set on replica set ${c.quote(id)} from an earlier revision. Remove it once the forced reconfiguration has happened.`,
    );
    return;
  }
  c.change(
    'replicaSets',
    'action',
    `replica set ${c.quote(id)}: forced reconfiguration requested`,
    ['replicaSets', i],
    path,
  );
  c.report(
    'DBK613',
    'to',
    path,
    `This revision sets force.currentVersion on replica set ${c.quote(id)}: the members accept the new configuration without a majority, and majority-committed writes may be rolled back. Use it only to recover a set that lost its majority.`,
  );
}
