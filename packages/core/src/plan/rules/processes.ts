import { isObject, type JsonObject } from '../../validation/util.js';
import { fieldPath, jsonEqual, type Pair, type PlanCollector } from '../context.js';
import { compareVersions, releaseStep, tlsStep } from '../releases.js';
import { type ListNames, planListItems } from '../renames.js';

/** Fields planned by their own rules; every other changed field is a plain change. */
const OWN_FIELDS = new Set([
  'name',
  'version',
  'featureCompatibilityVersion',
  'authSchemaVersion',
  'args2_6',
  'lastRestart',
  'lastCompact',
  'lastResync',
  'lastKmipMasterKeyRotation',
]);

/** One-shot fields: setting one to a new time triggers an action (spec, processes table). */
const ACTIONS = {
  lastRestart: 'a restart',
  lastCompact: 'a compaction (rolling across members)',
  lastKmipMasterKeyRotation: 'a KMIP master key rotation',
  lastResync: 'an initial sync, which first deletes all of the process’s data',
} as const;

const PROCESSES: ListNames = {
  list: 'processes',
  key: 'name',
  noun: 'process',
  was: 'process',
  renamed: (oldName, newName) =>
    `Process ${oldName} is renamed ${newName} on the same host and port: the agent shuts down ${oldName} and starts ${newName} as a new process, and every replica-set member or config server that names ${oldName} must name ${newName} in this revision.`,
};

/** processes[]: additions, removals, renames, server and feature-compatibility versions, TLS modes, one-shot actions. */
export function planProcesses(c: PlanCollector, pair: Pair): void {
  // The very list of the deployed revision (a caller that shares what did not change) plans nothing.
  if (pair.from.processes === pair.to.processes) return;
  // Removals and renames first, then additions, then the processes kept (the order the plan lists them in).
  const { fates } = planListItems(c, pair, PROCESSES, hostSignature);
  for (const fate of fates) {
    if (fate.kind === 'kept') planProcess(c, fate.key, fate.from.item, fate.from.index, fate.to.item, fate.to.index);
  }
}

/** Host and port: a process that keeps them under a new name is a rename. */
function hostSignature(p: JsonObject): string | undefined {
  return typeof p.hostname === 'string' ? JSON.stringify([p.hostname, port(p) ?? null]) : undefined;
}

function port(p: JsonObject): unknown {
  const args = p.args2_6;
  return isObject(args) && isObject(args.net) ? args.net.port : undefined;
}

function planProcess(c: PlanCollector, name: string, a: JsonObject, i: number, b: JsonObject, j: number): void {
  // Most processes of a revision are unchanged: one comparison instead of one per rule.
  if (jsonEqual(a, b)) return;
  const fromPath = ['processes', i];
  const toPath = ['processes', j];
  const who = `process ${c.quote(name)}`;
  const versionMoved = planServerVersion(c, who, a, b, i, j);
  planFeatureCompatibility(c, who, a, b, i, j, versionMoved);
  planAuthSchema(c, who, a, b, i, j);
  planTlsMode(c, who, a, b, i, j);
  for (const [field, action] of Object.entries(ACTIONS)) {
    const value = b[field];
    if (value === undefined || jsonEqual(a[field], value)) continue;
    const path = [...toPath, field];
    c.change('processes', 'action', `${who}: ${field} set, which triggers ${action}`, [...fromPath], path);
    if (field === 'lastResync') {
      c.report(
        'DBK651',
        'to',
        path,
        `Setting lastResync on ${who} triggers ${action}. Make sure the other members hold the data, and resync one member at a time.`,
      );
    } else {
      c.report('DBK650', 'to', path, `Setting ${field} on ${who} triggers ${action}.`);
    }
  }
  const args = changedKeys(a.args2_6, b.args2_6);
  if (args.length > 0) {
    c.change(
      'processes',
      'restart',
      `${who}: options ${c.names(args)} changed (restart)`,
      fieldPath(a, fromPath, 'args2_6'),
      fieldPath(b, toPath, 'args2_6'),
    );
  }
  const others = changedKeys(a, b).filter((k) => !OWN_FIELDS.has(k));
  if (others.length > 0) c.change('processes', 'change', `${who}: ${c.names(others)} changed`, fromPath, toPath);
}

/** Names of the keys whose values differ between two objects (a non-object counts as empty). */
export function changedKeys(a: unknown, b: unknown): string[] {
  const x = isObject(a) ? a : {};
  const y = isObject(b) ? b : {};
  const changed: string[] = [];
  for (const k in x) if (Object.hasOwn(x, k) && !jsonEqual(x[k], y[k])) changed.push(k);
  for (const k in y) if (Object.hasOwn(y, k) && !Object.hasOwn(x, k) && y[k] !== undefined) changed.push(k);
  return changed.sort();
}

function planServerVersion(c: PlanCollector, who: string, a: JsonObject, b: JsonObject, i: number, j: number): number {
  const order = compareVersions(b.version, a.version);
  if (a.version === b.version) return 0;
  const path = ['processes', j, 'version'];
  if (order === undefined) {
    c.change('versions', 'change', `${who}: server version changed`, ['processes', i], ['processes', j]);
    return 0;
  }
  const kind = order > 0 ? 'upgrade' : order < 0 ? 'downgrade' : 'change';
  c.change(
    'versions',
    kind,
    `${who}: server ${c.bare(a.version)} → ${c.bare(b.version)} (${kind})`,
    ['processes', i, 'version'],
    path,
  );
  const stepA = releaseStep(a.version);
  const stepB = releaseStep(b.version);
  if (stepA !== undefined && stepB !== undefined && Math.abs(stepB - stepA) > 1) {
    c.report(
      'DBK603',
      'to',
      path,
      `${who} goes from ${c.bare(a.version)} to ${c.bare(b.version)} in one revision: the server ${kind}s one release series at a time (and feature compatibility with it). Publish each release in between as its own revision.`,
      [{ document: 'from', path: ['processes', i, 'version'], message: `deployed: ${c.bare(a.version)}` }],
    );
  }
  const fcv = a.featureCompatibilityVersion;
  const fcvStep = releaseStep(fcv);
  if (
    order > 0 &&
    stepA !== undefined &&
    stepB !== undefined &&
    stepB > stepA &&
    fcvStep !== undefined &&
    fcvStep < stepA
  ) {
    c.report(
      'DBK606',
      'to',
      path,
      `${who} is upgraded to ${c.bare(b.version)} while its featureCompatibilityVersion is still "${c.bare(fcv)}": a release series can only be upgraded once feature compatibility equals it. Raise featureCompatibilityVersion in an earlier revision.`,
      [
        {
          document: 'from',
          path: ['processes', i, 'featureCompatibilityVersion'],
          message: `deployed: "${c.bare(fcv)}"`,
        },
      ],
    );
  }
  return stepA !== undefined && stepB !== undefined ? stepB - stepA : order;
}

function planFeatureCompatibility(
  c: PlanCollector,
  who: string,
  a: JsonObject,
  b: JsonObject,
  i: number,
  j: number,
  versionMoved: number,
): void {
  const before = a.featureCompatibilityVersion;
  const after = b.featureCompatibilityVersion;
  const changed = !jsonEqual(before, after);
  const path = ['processes', j, 'featureCompatibilityVersion'];
  if (changed && after !== undefined) {
    const stepA = releaseStep(before);
    const stepB = releaseStep(after);
    const kind = stepA === undefined || stepB === undefined ? 'change' : stepB > stepA ? 'upgrade' : 'downgrade';
    c.change(
      'versions',
      kind,
      `${who}: featureCompatibilityVersion ${before === undefined ? 'set to' : `"${c.bare(before)}" →`} "${c.bare(after)}"`,
      before === undefined ? ['processes', i] : ['processes', i, 'featureCompatibilityVersion'],
      path,
    );
    if (stepA !== undefined && stepB !== undefined && Math.abs(stepB - stepA) > 1) {
      c.report(
        'DBK605',
        'to',
        path,
        `${who}'s featureCompatibilityVersion moves from "${c.bare(before)}" to "${c.bare(after)}": it can only move one release at a time. Publish the release in between first.`,
      );
    }
  } else if (changed) {
    c.change(
      'versions',
      'change',
      `${who}: featureCompatibilityVersion removed`,
      ['processes', i, 'featureCompatibilityVersion'],
      ['processes', j],
    );
  }
  if (!changed && versionMoved === 0) return;
  const fcvStep = releaseStep(after);
  const binStep = releaseStep(b.version);
  if (fcvStep !== undefined && binStep !== undefined && fcvStep > binStep) {
    c.report(
      'DBK604',
      'to',
      path,
      `${who} would run ${c.bare(b.version)} with featureCompatibilityVersion "${c.bare(after)}", which is newer than the server: the server does not start. ${versionMoved < 0 ? 'Lower featureCompatibilityVersion in an earlier revision, then downgrade.' : 'Upgrade the server first, and raise featureCompatibilityVersion in a later revision.'}`,
      [{ document: 'to', path: ['processes', j, 'version'], message: `server ${c.bare(b.version)}` }],
    );
  }
}

function planAuthSchema(c: PlanCollector, who: string, a: JsonObject, b: JsonObject, i: number, j: number): void {
  const before = a.authSchemaVersion;
  const after = b.authSchemaVersion;
  if (jsonEqual(before, after) || after === undefined) return;
  const path = ['processes', j, 'authSchemaVersion'];
  c.change('auth', 'change', `${who}: authSchemaVersion ${c.bare(before)} → ${c.bare(after)}`, ['processes', i], path);
  if (typeof before !== 'number' || typeof after !== 'number') return;
  if (after < before) {
    c.report(
      'DBK643',
      'to',
      path,
      `${who}'s authSchemaVersion goes from ${c.bare(before)} to ${c.bare(after)}: upgrading the credential schema replaces the old credentials, so it cannot be undone by lowering the number. Keep ${c.bare(before)}.`,
    );
  } else {
    c.report(
      'DBK642',
      'to',
      path,
      `${who}'s authSchemaVersion goes from ${c.bare(before)} to ${c.bare(after)}: the users' credentials are upgraded, which cannot be undone. Change every process of the cluster in the same revision.`,
    );
  }
}

/** Where a process's TLS mode is: net.tls.mode, else the legacy net.ssl.mode; the process when it has none. */
function tlsModePath(p: JsonObject, j: number): (string | number)[] {
  const args = p.args2_6;
  const net = isObject(args) && isObject(args.net) ? args.net : undefined;
  if (net && isObject(net.tls) && net.tls.mode !== undefined) return ['processes', j, 'args2_6', 'net', 'tls', 'mode'];
  if (net && isObject(net.ssl) && net.ssl.mode !== undefined) return ['processes', j, 'args2_6', 'net', 'ssl', 'mode'];
  return ['processes', j];
}

function tlsMode(p: JsonObject): unknown {
  const args = p.args2_6;
  if (!isObject(args) || !isObject(args.net)) return undefined;
  const { tls, ssl } = args.net;
  if (isObject(tls) && tls.mode !== undefined) return tls.mode;
  return isObject(ssl) ? ssl.mode : undefined;
}

function planTlsMode(c: PlanCollector, who: string, a: JsonObject, b: JsonObject, i: number, j: number): void {
  const before = tlsMode(a);
  const after = tlsMode(b);
  if (jsonEqual(before, after)) return;
  const name = (m: unknown) => (m === undefined ? 'disabled' : c.bare(m));
  const stepA = tlsStep(before);
  const stepB = tlsStep(after);
  c.change('tls', 'restart', `${who}: TLS mode ${name(before)} → ${name(after)}`, ['processes', i], ['processes', j]);
  if (stepA === undefined || stepB === undefined || Math.abs(stepB - stepA) <= 1) return;
  const path = tlsModePath(b, j);
  c.report(
    'DBK630',
    'to',
    path,
    `${who}'s TLS mode goes from ${name(before)} to ${name(after)} in one revision: during the rolling restart, members on different modes cannot connect to each other. Move one step at a time (disabled → allowTLS → preferTLS → requireTLS), one revision per step.`,
  );
}
