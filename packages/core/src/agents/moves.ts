/**
 * The moves an automation agent makes to bring its process from one revision of the automation configuration to the
 * next, named as the real agent names them where a public source shows the name. Derived from core's
 * `planTransition` (which process a change touches, and how) and the processes' own facts (disabled, auth).
 */
import { planTransition } from '../plan/plan.js';
import type { Plan } from '../plan/types.js';
import { isObject, type JsonObject } from '../validation/util.js';

/**
 * Where a move's name comes from:
 * - `agent`: the agent's own status file, as recorded in the vendor's Kubernetes operator's test data
 *   (mongodb/mongodb-kubernetes-operator, cmd/readiness/testdata/health-status-*.json);
 * - `go-client`: the vendor's Go client's automation status fixture (mongodb/go-client-mongodb-ops-manager,
 *   opsmngr/automation_status_test.go);
 * - `operator`: the vendor's Kubernetes operator's code (mongodb/mongodb-kubernetes, controllers/om);
 * - `dbkit`: no public source shows the move; the name is dbkit's.
 */
export type MoveSource = 'agent' | 'go-client' | 'operator' | 'dbkit';

/** Every move dbkit's simulated agents make: its source and what it does. */
export const AgentMove = {
  Download: { source: 'agent', doc: 'Download the server binaries.' },
  Start: { source: 'agent', doc: 'Start the process.' },
  WaitRsInit: { source: 'agent', doc: 'Wait for the replica set to be initialized by another member.' },
  WaitAllRsMembersUp: { source: 'agent', doc: "Wait until all members of this process' replica set are up." },
  ChangeVersion: { source: 'agent', doc: 'Change the server version: stop, then start on the new binaries.' },
  WaitFeatureCompatibilityVersionCorrect: { source: 'agent', doc: 'Wait for featureCompatibilityVersion to be right.' },
  WaitHasCorrectAutomationCredentials: { source: 'agent', doc: 'Wait for the automation user to be added.' },
  RollingChangeArgs: { source: 'operator', doc: 'Restart with changed options, one member at a time.' },
  UpgradeAuthModeFromAuthOffToAuthTransition: { source: 'operator', doc: 'Turn authentication on: first step.' },
  UpgradeAuthModeFromAuthTransitionToAuthOn: { source: 'operator', doc: 'Turn authentication on: second step.' },
  DowngradeAuthModeFromAuthOnToAuthTransition: { source: 'operator', doc: 'Turn authentication off: first step.' },
  DowngradeAuthModeFromAuthTransitionToAuthOff: { source: 'operator', doc: 'Turn authentication off: second step.' },
  Stop: { source: 'dbkit', doc: 'Shut the process down (it is disabled). The agent has a step of this name.' },
  Restart: { source: 'dbkit', doc: 'Restart the process (lastRestart was set).' },
  Compact: { source: 'dbkit', doc: 'Compact the process’s data (lastCompact was set).' },
  Resync: { source: 'dbkit', doc: 'Delete the data and sync it again from the replica set (lastResync was set).' },
  RotateKmipMasterKey: { source: 'dbkit', doc: 'Rotate the KMIP master key (lastKmipMasterKeyRotation was set).' },
} as const satisfies Record<string, { readonly source: MoveSource; readonly doc: string }>;
export type AgentMove = keyof typeof AgentMove;

/** What the agents need to know of one process of a revision. */
export type ProcessFacts = {
  readonly name: string;
  readonly hostname: string;
  /** `args2_6.net.port`, when the document states it. */
  readonly port?: number;
  readonly disabled: boolean;
  /** The replica set whose member the process is, if any. */
  readonly replicaSetName?: string;
};

/** The processes of an automation config, in document order; items without a name and hostname are skipped. */
export function processFacts(document: unknown): readonly ProcessFacts[] {
  const doc = isObject(document) ? document : {};
  const members = replicaSetOfHost(doc);
  const out: ProcessFacts[] = [];
  for (const p of objects(doc.processes)) {
    if (typeof p.name !== 'string' || typeof p.hostname !== 'string') continue;
    const facts: { -readonly [K in keyof ProcessFacts]: ProcessFacts[K] } = {
      name: p.name,
      hostname: p.hostname,
      disabled: p.disabled === true,
    };
    const port = netPort(p);
    if (port !== undefined) facts.port = port;
    const replicaSetName = members.get(p.name);
    if (replicaSetName !== undefined) facts.replicaSetName = replicaSetName;
    out.push(facts);
  }
  return out;
}

const ACTION_MOVES: Readonly<Record<string, AgentMove>> = {
  lastRestart: 'Restart',
  lastCompact: 'Compact',
  lastResync: 'Resync',
  lastKmipMasterKeyRotation: 'RotateKmipMasterKey',
};

/**
 * The moves each process of `to` makes to go from revision `from` to `to`, keyed by process name, in the order the
 * agent makes them; a process with nothing to do has an empty list, a process that is new in `to` starts with
 * Download and Start (and WaitRsInit when it is a replica-set member, as the vendor's status fixture shows).
 * `plan` is `planTransition(from, to)`, and `facts` the two revisions' `processFacts`, for a caller that has made
 * them already (a service keeps each revision's facts).
 * @example
 * agentMoves(v1, v2); // { rs0_0: ['Download', 'ChangeVersion'], rs0_1: [], rs0_3: ['Download', 'Start', 'WaitRsInit'] }
 */
export function agentMoves(
  from: unknown,
  to: unknown,
  plan: Plan = planTransition(from, to),
  facts: { readonly from: readonly ProcessFacts[]; readonly to: readonly ProcessFacts[] } = {
    from: processFacts(from),
    to: processFacts(to),
  },
): Readonly<Record<string, readonly AgentMove[]>> {
  const before = new Map(facts.from.map((p) => [p.name, p]));
  const after = facts.to;
  const moves = new Map<string, AgentMove[]>(after.map((p) => [p.name, []]));
  const add = (name: string | undefined, ...list: AgentMove[]) => {
    const entry = name === undefined ? undefined : moves.get(name);
    if (entry) for (const move of list) if (!entry.includes(move)) entry.push(move);
  };
  for (const p of after) {
    const was = before.get(p.name);
    if (was === undefined) add(p.name, 'Download', 'Start', ...(p.replicaSetName ? (['WaitRsInit'] as const) : []));
    else if (was.disabled !== p.disabled) add(p.name, p.disabled ? 'Stop' : 'Start');
  }
  // Built when a change needs them: most revisions change few processes and no replica set's members.
  let names: readonly (string | undefined)[] | undefined;
  let replicaSets: readonly (readonly string[])[] | undefined;
  for (const change of plan.changes) {
    const path = change.toPath ?? [];
    if (path[0] === 'processes' && typeof path[1] === 'number' && path.length > 2) {
      names ??= processNames(to);
      const name = names[path[1]];
      if (path[2] === 'version') add(name, 'Download', 'ChangeVersion');
      else if (path[2] === 'featureCompatibilityVersion') add(name, 'WaitFeatureCompatibilityVersionCorrect');
      else if (change.kind === 'restart') add(name, 'RollingChangeArgs');
      else if (change.kind === 'action' && typeof path[2] === 'string' && ACTION_MOVES[path[2]]) {
        add(name, ACTION_MOVES[path[2]] as AgentMove);
      }
    } else if (path[0] === 'replicaSets' && typeof path[1] === 'number' && path[2] === 'members' && path.length === 4) {
      // A member added: the members already running wait for it to come up.
      replicaSets ??= membersOfReplicaSet(to);
      for (const member of replicaSets[path[1]] ?? []) if (before.has(member)) add(member, 'WaitAllRsMembersUp');
    }
  }
  const authMoves = authTransition(from, to);
  if (authMoves.length > 0) for (const p of after) if (before.has(p.name) && !p.disabled) add(p.name, ...authMoves);
  return Object.fromEntries(moves);
}

/** Turning authentication on or off takes two moves on every process; a new automation user, one wait. */
function authTransition(from: unknown, to: unknown): AgentMove[] {
  const a = isObject(from) && isObject(from.auth) ? from.auth : {};
  const b = isObject(to) && isObject(to.auth) ? to.auth : {};
  if (a.disabled === true && b.disabled === false) {
    return ['UpgradeAuthModeFromAuthOffToAuthTransition', 'UpgradeAuthModeFromAuthTransitionToAuthOn'];
  }
  if (a.disabled === false && b.disabled === true) {
    return ['DowngradeAuthModeFromAuthOnToAuthTransition', 'DowngradeAuthModeFromAuthTransitionToAuthOff'];
  }
  if (b.disabled === false && (a.autoUser !== b.autoUser || a.autoPwd !== b.autoPwd)) {
    return ['WaitHasCorrectAutomationCredentials'];
  }
  return [];
}

function objects(value: unknown): readonly JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function processNames(document: unknown): readonly (string | undefined)[] {
  const list = isObject(document) && Array.isArray(document.processes) ? document.processes : [];
  return list.map((p: unknown) => (isObject(p) && typeof p.name === 'string' ? p.name : undefined));
}

/** The member process names of each replica set, by the replica set's index. */
function membersOfReplicaSet(document: unknown): readonly (readonly string[])[] {
  const list = isObject(document) && Array.isArray(document.replicaSets) ? document.replicaSets : [];
  return list.map((rs: unknown) =>
    isObject(rs) ? objects(rs.members).flatMap((m) => (typeof m.host === 'string' ? [m.host] : [])) : [],
  );
}

function replicaSetOfHost(doc: JsonObject): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const rs of objects(doc.replicaSets)) {
    if (typeof rs._id !== 'string') continue;
    for (const m of objects(rs.members)) if (typeof m.host === 'string') out.set(m.host, rs._id);
  }
  return out;
}

function netPort(p: JsonObject): number | undefined {
  const args = p.args2_6;
  const port = isObject(args) && isObject(args.net) ? args.net.port : undefined;
  return typeof port === 'number' ? port : undefined;
}
