import type { Collector } from '../context.js';
import { type JsonPath, pathTo } from '../diagnostic.js';
import { processAt, type ReferenceIndex } from '../model.js';
import { checkShape, checkShapeAt } from '../shape.js';
import { forceShape, memberShape, replicaSetShape } from '../shapes.js';
import { isObject, type JsonObject } from '../util.js';
import { checkUnique, findReference, References, reportDanglingReference } from './references.js';

/**
 * Where each process is first listed as a replica-set member, by the index of the process in processes[]: the
 * replica set's index plus one (0 while unlisted) and the member's index. Arrays rather than a map by name: one
 * slot per process, nothing allocated per member.
 */
interface Listings {
  readonly set: Int32Array;
  readonly member: Int32Array;
}

/** What checking any one replica set reads: every set, the reference index, and the listings so far. */
interface SetsScan {
  readonly sets: readonly unknown[];
  readonly refs: ReferenceIndex;
  readonly listings: Listings;
}

/** replicaSets[]: shapes, unique ids, members and their limits, member hosts naming processes. */
export function checkReplicaSets(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  if (Array.isArray(doc.replicaSets)) checkEachReplicaSet(c, doc.replicaSets, refs);
  checkUnique(c, doc, refs, 'replicaSets', '_id', 'the replica set');
}

function checkEachReplicaSet(c: Collector, sets: readonly unknown[], refs: ReferenceIndex): void {
  const count = refs.processList.length;
  const scan: SetsScan = { sets, refs, listings: { set: new Int32Array(count), member: new Int32Array(count) } };
  for (let r = 0; r < sets.length; r++) {
    const path: JsonPath = ['replicaSets', r];
    const rs = checkShape(c, sets[r], path, replicaSetShape);
    if (rs) checkReplicaSet(c, rs, r, scan);
  }
}

function checkReplicaSet(c: Collector, rs: JsonObject, r: number, scan: SetsScan): void {
  const members = rs.members;
  if (Array.isArray(members)) {
    const membersPath: JsonPath = ['replicaSets', r, 'members'];
    const ids = members.length > MAX_SCANNED_MEMBERS ? new Map<number, number>() : undefined;
    for (let m = 0; m < members.length; m++) {
      const member = checkShapeAt(c, members[m], membersPath, m, memberShape);
      if (!member) continue;
      if (typeof member._id === 'number') checkMemberId(c, member._id, members, membersPath, m, ids);
      checkMemberLimits(c, member, membersPath, m);
      if (typeof member.host === 'string') checkMemberHost(c, member.host, membersPath, m, rs, r, scan);
    }
  }
  if (isObject(rs.force)) {
    checkShapeAt(c, rs.force, ['replicaSets', r], 'force', forceShape);
    if (rs.force.currentVersion === -1) {
      c.report(
        'DBK504',
        ['replicaSets', r, 'force', 'currentVersion'],
        '"force.currentVersion": -1 forces the replica set to accept a new configuration even though only a minority of members is available; majority-committed writes may be rolled back. Use it only to recover, and remove it afterwards.',
      );
    }
  }
}

/** Up to this many members (the server allows 50) a scan of the earlier ones costs less than a map per set. */
const MAX_SCANNED_MEMBERS = 64;

/**
 * Reports a member whose _id an earlier member of the set already uses. `ids` maps each _id to its first member
 * in sets too large to scan (undefined for the others).
 */
function checkMemberId(
  c: Collector,
  id: number,
  members: readonly unknown[],
  membersPath: JsonPath,
  m: number,
  ids: Map<number, number> | undefined,
): void {
  const earlier = ids ? firstMemberInMap(ids, id, m) : firstMemberByScan(members, m, id);
  if (earlier === undefined) return;
  c.report(
    'DBK310',
    pathTo(membersPath, m, '_id'),
    `Member _id ${c.quote(id)} is already used by members[${earlier}] of this replica set: the server identifies members by _id. Give this member an unused _id.`,
    {
      related: [{ path: pathTo(membersPath, earlier, '_id'), message: `members[${earlier}] uses _id ${c.quote(id)}` }],
    },
  );
}

function firstMemberInMap(ids: Map<number, number>, id: number, m: number): number | undefined {
  const earlier = ids.get(id);
  if (earlier === undefined) ids.set(id, m);
  return earlier;
}

function firstMemberByScan(members: readonly unknown[], m: number, id: number): number | undefined {
  for (let earlier = 0; earlier < m; earlier++) {
    const other: unknown = members[earlier];
    if (!isObject(other) || typeof other._id !== 'number') continue;
    // The comparison of a map's keys (SameValueZero): NaN matches NaN.
    if (other._id === id || (Number.isNaN(other._id) && Number.isNaN(id))) return earlier;
  }
  return undefined;
}

function checkMemberLimits(c: Collector, member: JsonObject, membersPath: JsonPath, m: number): void {
  const arbiter = member.arbiterOnly === true;
  const { priority, votes } = member;
  if (typeof priority === 'number') {
    if (arbiter && priority !== 0 && priority !== 1) {
      c.report(
        'DBK301',
        pathTo(membersPath, m, 'priority'),
        `An arbiter's "priority" must be 0 or 1, but it is ${c.quote(priority)}: arbiters hold no data and can never become primary. Set it to 0.`,
        { suggestions: ['0'] },
      );
    } else if (!arbiter && (priority < 0 || priority > 1000)) {
      c.report(
        'DBK301',
        pathTo(membersPath, m, 'priority'),
        `"priority" is ${c.quote(priority)}, outside 0 to 1000: the server rejects the replica-set configuration. Use a value from 0 (never primary) to 1000.`,
        { suggestions: [priority < 0 ? '0' : '1000'] },
      );
    }
  }
  if (typeof votes === 'number') {
    if (arbiter && votes !== 1) {
      c.report(
        'DBK302',
        pathTo(membersPath, m, 'votes'),
        `An arbiter's "votes" must be 1, but it is ${c.quote(votes)}: an arbiter exists only to vote. Set it to 1 or remove it.`,
        { suggestions: ['1'] },
      );
    } else if (!arbiter && votes !== 0 && votes !== 1) {
      c.report(
        'DBK302',
        pathTo(membersPath, m, 'votes'),
        `"votes" is ${c.quote(votes)}, but a member has 0 or 1 vote. Set it to 1 (voting) or 0 (non-voting).`,
        { suggestions: ['1', '0'] },
      );
    }
  }
  if (typeof member.secondaryDelaySecs === 'number' && typeof member.slaveDelay === 'number') {
    c.report(
      'DBK311',
      pathTo(membersPath, m, 'slaveDelay'),
      '"slaveDelay" and "secondaryDelaySecs" are the same setting (old and new name), and both are set. Keep "secondaryDelaySecs" for servers 5.0 and later, "slaveDelay" before.',
    );
  }
}

function checkMemberHost(
  c: Collector,
  host: string,
  membersPath: JsonPath,
  m: number,
  rs: JsonObject,
  r: number,
  { sets, refs, listings }: SetsScan,
): void {
  const target = findReference(refs, host, References.memberHost);
  if (target === undefined) {
    reportDanglingReference(c, refs, host, pathTo(membersPath, m, 'host'), References.memberHost);
    return;
  }
  const process = processAt(refs, target);
  const name = typeof process.name === 'string' ? process.name : host;
  const rsId = typeof rs._id === 'string' ? rs._id : undefined;
  if (process.processType === 'dbs') {
    const declaredBy = refs.processes.has(host) ? 'name' : 'alias';
    c.report(
      'DBK212',
      pathTo(membersPath, m, 'host'),
      `${c.quote(host)} is a shard router ("dbs"), which holds no data and cannot be a replica-set member. Name a "dbd" process.`,
      { related: [{ path: ['processes', target, declaredBy], message: `process ${c.quote(name)} is declared here` }] },
    );
  }
  // Listings are per process name: a host naming the alias of a process that has a name counts as that name.
  const slot = name !== host ? (refs.processes.get(name) ?? target) : target;
  const earlierSet = (listings.set[slot] as number) - 1;
  if (earlierSet >= 0) {
    const where = sets[earlierSet] === rs ? 'this replica set' : 'another replica set';
    const earlierPath = ['replicaSets', earlierSet, 'members', listings.member[slot] as number, 'host'];
    c.report(
      'DBK213',
      pathTo(membersPath, m, 'host'),
      `Process ${c.quote(name)} is already a member of ${where}: one server process is one member of one replica set. Give this member its own process.`,
      { related: [{ path: earlierPath, message: `${c.quote(name)} is listed here too` }] },
    );
  } else {
    listings.set[slot] = r + 1;
    listings.member[slot] = m;
  }
  const args = process.args2_6;
  const replication = isObject(args) ? args.replication : undefined;
  const replSetName = isObject(replication) ? replication.replSetName : undefined;
  if (rsId !== undefined && typeof replSetName === 'string' && replSetName !== rsId) {
    c.report(
      'DBK214',
      pathTo(membersPath, m, 'host'),
      `Process ${c.quote(name)} has args2_6.replication.replSetName ${c.quote(replSetName)}, but it is a member of replica set ${c.quote(rsId)}: the server will not join the set. Make the two names equal.`,
      {
        related: [
          { path: ['processes', target, 'args2_6', 'replication', 'replSetName'], message: 'replSetName is set here' },
        ],
      },
    );
  }
}
