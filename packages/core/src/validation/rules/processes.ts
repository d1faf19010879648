import type { Collector } from '../context.js';
import type { JsonPath } from '../diagnostic.js';
import type { ReferenceIndex } from '../model.js';
import { checkShape, checkShapeAt } from '../shape.js';
import { defaultRWConcernShape, logRotateShape, processShape, readConcernShape, writeConcernShape } from '../shapes.js';
import {
  acceptedFeatureCompatibilityVersions,
  closestMatches,
  didYouMean,
  hasTimeZone,
  isIsoDateTime,
  isObject,
  type JsonObject,
  parseServerVersion,
} from '../util.js';
import { checkReference, checkUnique, References } from './references.js';

const TIME_FIELDS = ['lastCompact', 'lastRestart', 'lastResync', 'lastKmipMasterKeyRotation'] as const;
const LOG_ROTATE_FIELDS = ['logRotate', 'auditLogRotate'] as const;

/** Every rule on processes[] that needs only the process itself and the reference index. */
export function checkProcesses(c: Collector, doc: JsonObject, refs: ReferenceIndex): void {
  if (Array.isArray(doc.processes)) checkEachProcess(c, doc.processes, refs);
  checkUnique(c, doc, refs, 'processes', 'name', 'the process');
}

/**
 * The loop alone in its function, here and in the other rules: V8 compiles a long loop while it runs (on-stack
 * replacement), and code after the loop that never ran before would throw that compiled code away.
 */
function checkEachProcess(c: Collector, processes: readonly unknown[], refs: ReferenceIndex): void {
  for (let i = 0; i < processes.length; i++) {
    // One path per process; the checks below extend it only when they report.
    const path: JsonPath = ['processes', i];
    const process = checkShape(c, processes[i], path, processShape);
    if (process) checkProcess(c, process, path, refs);
  }
}

function checkProcess(c: Collector, p: JsonObject, path: JsonPath, refs: ReferenceIndex): void {
  // Without any dbVersions section the document is already reported as lacking it; one error, not one per process.
  if (typeof p.version === 'string' && refs.dbVersionsDeclared) {
    checkReference(c, refs, p.version, path, 'version', References.processVersion);
  }
  checkCluster(c, p, path, refs);
  checkAuthSchemaVersion(c, p, path);
  checkFeatureCompatibilityVersion(c, p, path);
  for (let f = 0; f < LOG_ROTATE_FIELDS.length; f++) {
    const field = LOG_ROTATE_FIELDS[f] as (typeof LOG_ROTATE_FIELDS)[number];
    if (p[field] !== undefined && p[field] !== null) checkShapeAt(c, p[field], path, field, logRotateShape);
  }
  if (isObject(p.defaultRWConcern)) {
    // Array literals rather than spreads on paths built for every process: they are cheap even in cold code.
    checkDefaultRWConcern(c, p.defaultRWConcern, ['processes', path[1] as number, 'defaultRWConcern']);
  }
  for (let f = 0; f < TIME_FIELDS.length; f++) {
    const field = TIME_FIELDS[f] as (typeof TIME_FIELDS)[number];
    const value = p[field];
    if (typeof value !== 'string') continue;
    if (!isIsoDateTime(value)) {
      c.report(
        'DBK105',
        [...path, field],
        `"${field}" is ${c.quote(value)}, which is not an ISO 8601 date and time. Write it like "2026-11-22T14:00:00Z".`,
      );
    } else if (!hasTimeZone(value) && field === 'lastCompact') {
      c.report(
        'DBK312',
        [...path, field],
        `"lastCompact" has no time zone, so the time is ambiguous. Add "Z" or an offset such as "+01:00".`,
      );
    }
  }
  if (typeof p.lastResync === 'string') {
    c.report(
      'DBK505',
      [...path, 'lastResync'],
      'Setting "lastResync" to the current time makes the agent run an initial sync on this node at once, which removes the node’s entire data contents. Keep it only if that is what you want.',
    );
  }
  if (isObject(p.args2_6)) checkArgs(c, p.args2_6, path, refs);
}

function checkCluster(c: Collector, p: JsonObject, path: JsonPath, refs: ReferenceIndex): void {
  if (p.processType === 'dbs') {
    if (p.cluster === undefined || p.cluster === null) {
      c.report(
        'DBK101',
        path,
        'A shard router ("processType": "dbs") is missing "cluster": it names the sharded cluster (a sharding[].name) the router serves. Add "cluster".',
      );
    } else if (typeof p.cluster === 'string') {
      checkReference(c, refs, p.cluster, path, 'cluster', References.routerCluster);
    }
  } else if (p.processType === 'dbd' && typeof p.cluster === 'string') {
    c.report(
      'DBK215',
      [...path, 'cluster'],
      '"cluster" is used on shard routers ("dbs") only; a data-bearing process belongs to a cluster through its replica set. It has no effect here.',
    );
  }
}

function checkAuthSchemaVersion(c: Collector, p: JsonObject, path: JsonPath): void {
  const value = p.authSchemaVersion;
  if (typeof value === 'number' && Number.isInteger(value) && value !== 3 && value !== 5) {
    c.report(
      'DBK309',
      [...path, 'authSchemaVersion'],
      `"authSchemaVersion" is ${c.quote(value)}; the service accepts 3 (servers 2.6) and 5 (servers 3.0 and later). Use 5 unless the deployment still has 2.6 credentials.`,
    );
  }
}

/** "major.minor" without leading zeros: how a release prints, so equal texts mean equal releases. */
const RELEASE = /^(?:0|[1-9]\d{0,5})\.(?:0|[1-9]\d{0,5})$/;

/**
 * Whether `fcv` is the release of the server version `version` runs ("8.0" for "8.0.4-ent"), which every server
 * accepts. The common case, checked without parsing the version.
 */
function isOwnRelease(fcv: string, version: string): boolean {
  if (!version.startsWith(fcv)) return false;
  const next = version.charCodeAt(fcv.length);
  return !(next >= 48 && next <= 57) && RELEASE.test(fcv);
}

function checkFeatureCompatibilityVersion(c: Collector, p: JsonObject, path: JsonPath): void {
  const fcv = p.featureCompatibilityVersion;
  if (typeof fcv === 'string' && typeof p.version === 'string' && isOwnRelease(fcv, p.version)) return;
  const version = typeof p.version === 'string' ? parseServerVersion(p.version) : undefined;
  // The operator writes "" for servers before 3.4, where the field does not exist: the same as absent.
  if (fcv === undefined || fcv === null || fcv === '') {
    if (version && (version[0] > 3 || (version[0] === 3 && version[1] >= 4))) {
      c.report(
        'DBK307',
        path,
        `The process runs ${c.quote(p.version)} but has no "featureCompatibilityVersion": servers 3.4 and later need it. Add "featureCompatibilityVersion": ${c.quote(`${version[0]}.${version[1]}`)}.`,
        { suggestions: [`${version[0]}.${version[1]}`] },
      );
    }
    return;
  }
  if (typeof fcv !== 'string') return;
  const fcvPath = [...path, 'featureCompatibilityVersion'];
  if (!/^\d+\.\d+$/.test(fcv)) {
    c.report(
      'DBK105',
      fcvPath,
      `"featureCompatibilityVersion" is ${c.quote(fcv)}; it must be "major.minor", e.g. "7.0".`,
    );
    return;
  }
  if (!version) return;
  const accepted = acceptedFeatureCompatibilityVersions(version[0], version[1]);
  if (accepted && !accepted.includes(fcv)) {
    c.report(
      'DBK308',
      fcvPath,
      `"featureCompatibilityVersion" is ${c.quote(fcv)} but the process runs ${c.quote(p.version)}: the service accepts only ${accepted.map((v) => c.quote(v)).join(' or ')}. Set one of those.`,
      { suggestions: accepted },
    );
  }
}

function checkDefaultRWConcern(c: Collector, value: JsonObject, path: JsonPath): void {
  checkShape(c, value, path, defaultRWConcernShape);
  if (isObject(value.defaultReadConcern)) {
    checkShapeAt(c, value.defaultReadConcern, path, 'defaultReadConcern', readConcernShape);
  }
  const write = value.defaultWriteConcern;
  if (!isObject(write)) return;
  checkShapeAt(c, write, path, 'defaultWriteConcern', writeConcernShape);
  const w = write.w;
  // A string other than a number is "majority" or a custom write-concern tag: nothing to count.
  const count = typeof w === 'number' ? w : typeof w === 'string' && /^\d+$/.test(w) ? Number(w) : undefined;
  if (count !== undefined && count < 0) {
    c.report(
      'DBK104',
      [...path, 'defaultWriteConcern', 'w'],
      `"w" is ${c.quote(count)}; a write concern counts acknowledging instances, so it must be 0 or more.`,
    );
  }
  if (count !== undefined && count > 1 && (write.wtimeout === undefined || write.wtimeout === null)) {
    c.report(
      'DBK303',
      [...path, 'defaultWriteConcern'],
      `"w" is ${c.quote(count)} but "wtimeout" is not set: if fewer than ${c.bare(count)} instances acknowledge, writes wait forever. Add "wtimeout" (milliseconds), e.g. 5000.`,
    );
  }
}

/** args2_6 of the process at `path`. */
function checkArgs(c: Collector, args: JsonObject, path: JsonPath, refs: ReferenceIndex): void {
  const replication = args.replication;
  const replSetName = isObject(replication) ? replication.replSetName : undefined;
  if (typeof replSetName === 'string' && replSetName !== '' && !refs.replicaSets.has(replSetName)) {
    const suggestions = closestMatches(replSetName, refs.replicaSets.keys());
    c.report(
      'DBK216',
      [...path, 'args2_6', 'replication', 'replSetName'],
      `The process runs as a member of replica set ${c.quote(replSetName)}, but replicaSets declares no such set, so the agent never initiates or configures it.${didYouMean(suggestions, (s) => c.quote(s))} Add {"_id": ${c.quote(replSetName)}, "members": […]} to replicaSets, or fix the name.`,
      { suggestions },
    );
  }
  const net = args.net;
  if (isObject(net) && net.unixDomainSocket !== undefined) {
    c.report(
      'DBK506',
      [...path, 'args2_6', 'net', 'unixDomainSocket'],
      'Domain-socket options are not supported through the automation configuration; the agent does not apply them. Remove "unixDomainSocket" and configure the socket on the host.',
    );
  }
}

/** The TLS mode a process's args2_6 asks for (`net.tls.mode`, else the older `net.ssl.mode`), if any. */
export function processTlsMode(process: unknown): string | undefined {
  if (!isObject(process) || !isObject(process.args2_6)) return undefined;
  const net = process.args2_6.net;
  if (!isObject(net)) return undefined;
  const tls = net.tls;
  if (isObject(tls) && typeof tls.mode === 'string') return tls.mode;
  const ssl = net.ssl;
  return isObject(ssl) && typeof ssl.mode === 'string' ? ssl.mode : undefined;
}
