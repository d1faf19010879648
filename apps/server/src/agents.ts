/**
 * The service's side of the simulated agents: what a PUT records for them, the timeline a status is derived from,
 * and the HOST_DOWN alerts their down periods raise. The rules are core's (`agentMoves`, `automationStatusAt`,
 * `downPeriods`, `hostDownAlert`); this file only reads and shapes the stored record.
 */

import type { Alert, Plan } from '@dbkit/core';
import {
  type AgentFault,
  type AgentTimeline,
  type AutomationRevision,
  agentMoves,
  downPeriods,
  hostDownAlert,
  type ProcessFacts,
  processFacts,
} from '@dbkit/core/agents';
import { NO_AGENTS, type StoredAgents, type StoredAutomationConfig, type StoredRevision } from './state.js';

/** How the simulated agents behave. The same for every instance sharing a store. */
export type AgentSettings = {
  /** How long one move takes, in milliseconds; 0 makes convergence instant. */
  readonly stepMs: number;
  /** The notification delays of each project's HOST_DOWN alert configuration, in minutes. */
  readonly hostDownDelaysMinutes: readonly number[];
};

/** A move every two seconds: slow enough to watch a push converge, quick enough not to wait long. */
export const DEFAULT_AGENT_SETTINGS: AgentSettings = { stepMs: 2000, hostDownDelaysMinutes: [5] };

/** Revisions and faults kept per project; older ones are dropped (the oldest kept revision is the baseline). */
export const KEPT_REVISIONS = 100;
export const KEPT_FAULTS = 100;

/** The stored config as the agents' baseline: every process of it counts as at its goal. */
function baseline(config: StoredAutomationConfig, document: unknown): AutomationRevision {
  return { version: config.version, acceptedAt: 0, processes: processFacts(document), moves: {} };
}

/**
 * The agents' record after a PUT accepted at `now`: the new revision, with the moves each process makes from the
 * config it replaces (`plan`: the plan between the two, when the caller has made it already). The first PUT also
 * records the replaced config as the baseline.
 */
export function reviseAgents(
  previous: { readonly config: StoredAutomationConfig; readonly document: unknown },
  next: { readonly version: number; readonly document: unknown },
  now: number,
  plan?: Plan,
): StoredAgents {
  const agents = previous.config.agents ?? NO_AGENTS;
  const stored = agents.revisions.length > 0 ? agents.revisions : [baseline(previous.config, previous.document)];
  const whole = expandRevisions(stored);
  const before = whole[whole.length - 1]!.processes;
  const processes = processFacts(next.document);
  const moves = agentMoves(previous.document, next.document, plan, {
    from: processFacts(previous.document),
    to: processes,
  });
  const revision: StoredRevision = {
    version: next.version,
    acceptedAt: now,
    ...(sameFacts(before, processes) ? {} : { processes }),
    moves: Object.fromEntries(Object.entries(moves).filter(([, list]) => list.length > 0)),
  };
  const kept = [...stored, revision];
  const dropped = Math.max(0, kept.length - KEPT_REVISIONS);
  // The oldest kept revision is the baseline: it keeps its processes whole.
  const head = kept[dropped]!;
  const revisions = kept.slice(dropped);
  if (head.processes === undefined) revisions[0] = { ...head, processes: whole[dropped]!.processes };
  return { revisions, faults: agents.faults };
}

/** The stored revisions whole, as core reads them: each without processes has the revision before's. */
export function expandRevisions(stored: readonly StoredRevision[]): AutomationRevision[] {
  const whole: AutomationRevision[] = [];
  let processes: AutomationRevision['processes'] = [];
  for (const revision of stored) {
    processes = revision.processes ?? processes;
    whole.push(revision.processes === undefined ? { ...revision, processes } : (revision as AutomationRevision));
  }
  return whole;
}

/** Whether two revisions' process facts are the same, process by process and field by field. */
function sameFacts(a: readonly ProcessFacts[], b: readonly ProcessFacts[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    const keys = Object.keys(x) as (keyof ProcessFacts)[];
    if (keys.length !== Object.keys(y).length || keys.some((key) => x[key] !== y[key])) return false;
  }
  return true;
}

/** The timeline of a stored config (`document` is its parsed text, used when no revision is recorded yet). */
export function timelineOf(
  config: StoredAutomationConfig,
  document: () => unknown,
  settings: AgentSettings,
): AgentTimeline {
  const agents = config.agents ?? NO_AGENTS;
  const revisions = agents.revisions.length > 0 ? expandRevisions(agents.revisions) : [baseline(config, document())];
  return { revisions, faults: agents.faults, stepMs: settings.stepMs };
}

/** The record with a fault started for `process` at `at` (an open fault of that process is closed first). */
export function withFault(agents: StoredAgents, fault: Omit<AgentFault, 'from' | 'until'>, at: number): StoredAgents {
  const closed = withoutFault(agents, fault.process, at);
  return { ...closed, faults: [...closed.faults, { ...fault, from: at }].slice(-KEPT_FAULTS) };
}

/** The record with the open fault of `process` ended at `at`. */
export function withoutFault(agents: StoredAgents, process: string, at: number): StoredAgents {
  const faults = agents.faults.map((f) => (f.process === process && f.until === undefined ? { ...f, until: at } : f));
  return { ...agents, faults };
}

/** The HOST_DOWN alerts of a project at `now`, from its agents' down periods. */
export function hostDownAlerts(
  groupId: string,
  timeline: AgentTimeline,
  settings: AgentSettings,
  apiBase: string,
  now: number,
): readonly Alert[] {
  const options = { groupId, notificationDelaysMinutes: settings.hostDownDelaysMinutes, apiBase, now };
  return downPeriods(timeline, now).map((period) => hostDownAlert(period, options));
}
