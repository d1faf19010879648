/**
 * The service's side of the simulated agents: what a PUT records for them, the timeline a status is derived from,
 * and the HOST_DOWN alerts their down periods raise. The rules are core's (`agentMoves`, `automationStatusAt`,
 * `downPeriods`, `hostDownAlert`); this file only reads and shapes the stored record.
 */
import {
  type AgentFault,
  type AgentTimeline,
  type Alert,
  type AutomationRevision,
  agentMoves,
  downPeriods,
  hostDownAlert,
  type Plan,
  processFacts,
} from '@dbkit/core';
import { NO_AGENTS, type StoredAgents, type StoredAutomationConfig } from './state.js';

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
  const revisions = agents.revisions.length > 0 ? agents.revisions : [baseline(previous.config, previous.document)];
  const processes = processFacts(next.document);
  const facts = { from: processFacts(previous.document), to: processes };
  const revision: AutomationRevision = {
    version: next.version,
    acceptedAt: now,
    processes,
    moves: agentMoves(previous.document, next.document, plan, facts),
  };
  return { revisions: [...revisions, revision].slice(-KEPT_REVISIONS), faults: agents.faults };
}

/** The timeline of a stored config (`document` is its parsed text, used when no revision is recorded yet). */
export function timelineOf(
  config: StoredAutomationConfig,
  document: () => unknown,
  settings: AgentSettings,
): AgentTimeline {
  const agents = config.agents ?? NO_AGENTS;
  const revisions = agents.revisions.length > 0 ? agents.revisions : [baseline(config, document())];
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
