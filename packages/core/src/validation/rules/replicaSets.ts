import type { Collector } from '../context.js';
import type { JsonPath } from '../diagnostic.js';
import type { ReferenceIndex } from '../model.js';
import { checkShape, forEachItem } from '../shape.js';
import { forceShape, memberShape, replicaSetShape } from '../shapes.js';
import { isObject, type JsonObject, quote } from '../util.js';
import { checkReference, checkUnique, References } from './references.js';

/** replicaSets[]: shapes, unique ids, members and their limits, member hosts naming processes. */
export function checkReplicaSets(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  // Which replica set first listed each process, to find a process listed by two sets.
  const membership = new Map<string, { readonly rs: unknown; readonly path: JsonPath }>();
  forEachItem(doc.replicaSets, ['replicaSets'], (item, path) => {
    const rs = checkShape(c, item, path, replicaSetShape);
    if (!rs) return;
    const ids = new Map<number, number>();
    forEachItem(rs.members, [...path, 'members'], (memberValue, memberPath, m) => {
      const member = checkShape(c, memberValue, memberPath, memberShape);
      if (!member) return;
      if (typeof member._id === 'number') {
        const earlier = ids.get(member._id);
        if (earlier === undefined) ids.set(member._id, m);
        else {
          c.report(
            'DBK310',
            [...memberPath, '_id'],
            `Member _id ${member._id} is already used by members[${earlier}] of this replica set: the server identifies members by _id. Give this member an unused _id.`,
            {
              related: [
                { path: [...path, 'members', earlier, '_id'], message: `members[${earlier}] uses _id ${member._id}` },
              ],
            },
          );
        }
      }
      checkMemberLimits(c, member, memberPath);
      if (typeof member.host === 'string') checkMemberHost(c, member.host, memberPath, rs, membership, refs);
    });
    if (isObject(rs.force)) {
      checkShape(c, rs.force, [...path, 'force'], forceShape);
      if (rs.force.currentVersion === -1) {
        c.report(
          'DBK504',
          [...path, 'force', 'currentVersion'],
          '"force.currentVersion": -1 forces the replica set to accept a new configuration even though only a minority of members is available; majority-committed writes may be rolled back. Use it only to recover, and remove it afterwards.',
        );
      }
    }
  });
  checkUnique(c, doc, 'replicaSets', '_id', 'the replica set');
}

function checkMemberLimits(c: Collector, member: JsonObject, path: JsonPath): void {
  const arbiter = member.arbiterOnly === true;
  const { priority, votes } = member;
  if (typeof priority === 'number') {
    if (arbiter && priority !== 0 && priority !== 1) {
      c.report(
        'DBK301',
        [...path, 'priority'],
        `An arbiter's "priority" must be 0 or 1, but it is ${priority}: arbiters hold no data and can never become primary. Set it to 0.`,
        { suggestions: ['0'] },
      );
    } else if (!arbiter && (priority < 0 || priority > 1000)) {
      c.report(
        'DBK301',
        [...path, 'priority'],
        `"priority" is ${priority}, outside 0 to 1000: the server rejects the replica-set configuration. Use a value from 0 (never primary) to 1000.`,
        { suggestions: [priority < 0 ? '0' : '1000'] },
      );
    }
  }
  if (typeof votes === 'number') {
    if (arbiter && votes !== 1) {
      c.report(
        'DBK302',
        [...path, 'votes'],
        `An arbiter's "votes" must be 1, but it is ${votes}: an arbiter exists only to vote. Set it to 1 or remove it.`,
        { suggestions: ['1'] },
      );
    } else if (!arbiter && votes !== 0 && votes !== 1) {
      c.report(
        'DBK302',
        [...path, 'votes'],
        `"votes" is ${votes}, but a member has 0 or 1 vote. Set it to 1 (voting) or 0 (non-voting).`,
        { suggestions: ['1', '0'] },
      );
    }
  }
  if (typeof member.secondaryDelaySecs === 'number' && typeof member.slaveDelay === 'number') {
    c.report(
      'DBK311',
      [...path, 'slaveDelay'],
      '"slaveDelay" and "secondaryDelaySecs" are the same setting (old and new name), and both are set. Keep "secondaryDelaySecs" for servers 5.0 and later, "slaveDelay" before.',
    );
  }
}

function checkMemberHost(
  c: Collector,
  host: string,
  memberPath: JsonPath,
  rs: JsonObject,
  membership: Map<string, { readonly rs: unknown; readonly path: JsonPath }>,
  refs: ReferenceIndex,
): void {
  const hostPath = [...memberPath, 'host'];
  const target = checkReference(c, refs, host, memberPath, 'host', References.memberHost);
  if (!target) return;
  const process = target.value;
  const name = typeof process.name === 'string' ? process.name : host;
  const rsId = typeof rs._id === 'string' ? rs._id : undefined;
  if (process.processType === 'dbs') {
    c.report(
      'DBK212',
      hostPath,
      `${quote(host)} is a shard router ("dbs"), which holds no data and cannot be a replica-set member. Name a "dbd" process.`,
      { related: [{ path: target.path, message: `process ${quote(name)} is declared here` }] },
    );
  }
  const earlier = membership.get(name);
  if (earlier) {
    const where = earlier.rs === rs ? 'this replica set' : 'another replica set';
    c.report(
      'DBK213',
      hostPath,
      `Process ${quote(name)} is already a member of ${where}: one server process is one member of one replica set. Give this member its own process.`,
      { related: [{ path: earlier.path, message: `${quote(name)} is listed here too` }] },
    );
  } else membership.set(name, { rs, path: hostPath });
  const args = process.args2_6;
  const replication = isObject(args) ? args.replication : undefined;
  const replSetName = isObject(replication) ? replication.replSetName : undefined;
  if (rsId !== undefined && typeof replSetName === 'string' && replSetName !== rsId) {
    c.report(
      'DBK214',
      hostPath,
      `Process ${quote(name)} has args2_6.replication.replSetName ${quote(replSetName)}, but it is a member of replica set ${quote(rsId)}: the server will not join the set. Make the two names equal.`,
      {
        related: [
          {
            path: [...target.path.slice(0, 2), 'args2_6', 'replication', 'replSetName'],
            message: 'replSetName is set here',
          },
        ],
      },
    );
  }
}
