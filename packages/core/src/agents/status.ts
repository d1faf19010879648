/**
 * Simulated automation agents: what `GET /groups/{PROJECT-ID}/automationStatus` answers at a moment, derived from the
 * accepted revisions of the automation config (each with when it was accepted and the moves it asks of each process),
 * the faults an operator injected, and the time one move takes. Nothing runs in the background: any instance that
 * reads the same stored timeline at the same time answers the same status (docs/decisions/service.md, "Automation
 * status is derived, not run").
 */
import type { AgentMove, ProcessFacts } from './moves.js';

/** One accepted revision of the automation config, as the agents see it. */
export type AutomationRevision = {
  readonly version: number;
  /** When the service accepted it, in epoch milliseconds. */
  readonly acceptedAt: number;
  readonly processes: readonly ProcessFacts[];
  /** The moves each process makes to reach this revision from the one before (core's `agentMoves`). */
  readonly moves: Readonly<Record<string, readonly string[]>>;
};

/** A process whose agent cannot get on, as a broken host would: from `from` until `until` (absent: still stuck). */
export type AgentFault = {
  readonly process: string;
  readonly errorCode: number;
  readonly errorString: string;
  readonly from: number;
  readonly until?: number;
};

/** Everything the status is derived from. */
export type AgentTimeline = {
  /** Oldest first. The oldest is the baseline: every process in it is at its goal. */
  readonly revisions: readonly AutomationRevision[];
  readonly faults: readonly AgentFault[];
  /** How long one move takes, in milliseconds; 0 makes every move instant. */
  readonly stepMs: number;
};

/** One process in the automation status, as the vendor's Go client decodes it (`errorCode` an integer). */
export type ProcessStatus = {
  readonly hostname: string;
  readonly name: string;
  readonly lastGoalVersionAchieved: number;
  /** The moves left to reach the goal, the current one first; empty at the goal. */
  readonly plan: readonly string[];
  /** Present while the process's agent is stuck. */
  readonly errorCode?: number;
  readonly errorString?: string;
};

/** The body of `GET /groups/{PROJECT-ID}/automationStatus`. */
export type AutomationStatus = {
  /** The version of the newest accepted automation config. */
  readonly goalVersion: number;
  readonly processes: readonly ProcessStatus[];
};

/** A time a process was down: stuck, or stopped because the config disables it, until it reached its goal again. */
export type DownPeriod = {
  readonly process: ProcessFacts;
  readonly from: number;
  /** When it reached its goal again; absent while it is still down. */
  readonly until?: number;
};

type Agent = {
  facts: ProcessFacts;
  achieved: number;
  achievedDisabled: boolean;
  goal: AutomationRevision;
  queue: string[];
  /** When the current move started (or restarts, after a fault). */
  moveStart: number;
  fault: AgentFault | undefined;
  downSince: number | undefined;
};

type Event =
  | { readonly at: number; readonly order: number; readonly kind: 'revision'; readonly revision: AutomationRevision }
  | {
      readonly at: number;
      readonly order: number;
      readonly kind: 'fault-start' | 'fault-end';
      readonly fault: AgentFault;
    };

/**
 * The automation status at `now`: the newest revision's processes, each with the last version it reached, the moves
 * it has left, and its error while stuck.
 * @example
 * automationStatusAt({ revisions: [v1, v2], faults: [], stepMs: 1000 }, v2.acceptedAt + 1500);
 * // { goalVersion: 2, processes: [{ name: 'rs0_0', lastGoalVersionAchieved: 1, plan: ['ChangeVersion'], … }] }
 */
export function automationStatusAt(timeline: AgentTimeline, now: number): AutomationStatus {
  const { agents, goal } = simulate(timeline, now);
  if (goal === undefined) return { goalVersion: 0, processes: [] };
  const processes = goal.processes.flatMap((facts) => {
    const agent = agents.get(facts.name);
    if (agent === undefined) return [];
    const status = {
      hostname: facts.hostname,
      name: facts.name,
      lastGoalVersionAchieved: agent.achieved,
      plan: [...agent.queue],
    };
    return agent.fault
      ? [{ ...status, errorCode: agent.fault.errorCode, errorString: agent.fault.errorString }]
      : [status];
  });
  return { goalVersion: goal.version, processes };
}

/** Every time a process was down up to `now`, oldest first: what HOST_DOWN alerts are raised from. */
export function downPeriods(timeline: AgentTimeline, now: number): readonly DownPeriod[] {
  return simulate(timeline, now).periods;
}

function simulate(
  timeline: AgentTimeline,
  now: number,
): { agents: Map<string, Agent>; goal: AutomationRevision | undefined; periods: DownPeriod[] } {
  const step = Math.max(0, timeline.stepMs);
  const agents = new Map<string, Agent>();
  const periods: DownPeriod[] = [];
  const [baseline, ...later] = timeline.revisions;
  let goal = baseline;
  if (baseline === undefined) return { agents, goal, periods };
  for (const facts of baseline.processes) {
    const agent: Agent = {
      facts,
      achieved: baseline.version,
      achievedDisabled: facts.disabled,
      goal: baseline,
      queue: [],
      moveStart: baseline.acceptedAt,
      fault: undefined,
      downSince: undefined,
    };
    agents.set(facts.name, agent);
    updateDown(agent, baseline.acceptedAt, periods);
  }
  const events: Event[] = [
    ...later.map((revision, order) => ({ at: revision.acceptedAt, order, kind: 'revision' as const, revision })),
    ...timeline.faults.flatMap((fault, order) => [
      { at: fault.from, order, kind: 'fault-start' as const, fault },
      ...(fault.until === undefined ? [] : [{ at: fault.until, order, kind: 'fault-end' as const, fault }]),
    ]),
  ]
    .filter((event) => event.at <= now)
    .sort((a, b) => a.at - b.at || rank(a) - rank(b) || a.order - b.order);
  for (const event of events) {
    for (const agent of agents.values()) advance(agent, event.at, step, periods);
    if (event.kind === 'revision') {
      goal = event.revision;
      applyRevision(agents, event.revision, periods);
    } else {
      const agent = agents.get(event.fault.process);
      if (agent !== undefined) applyFault(agent, event, periods);
    }
  }
  for (const agent of agents.values()) advance(agent, now, step, periods);
  for (const agent of agents.values()) {
    if (agent.downSince !== undefined) periods.push({ process: agent.facts, from: agent.downSince });
  }
  periods.sort((a, b) => a.from - b.from);
  return { agents, goal, periods };
}

/** Revisions before faults at the same moment, fault ends before fault starts. */
function rank(event: Event): number {
  return event.kind === 'revision' ? 0 : event.kind === 'fault-end' ? 1 : 2;
}

function applyRevision(agents: Map<string, Agent>, revision: AutomationRevision, periods: DownPeriod[]): void {
  const present = new Set(revision.processes.map((p) => p.name));
  for (const [name, agent] of agents) {
    if (present.has(name)) continue;
    // A process removed from the config leaves the status; a down period it had ends with it.
    if (agent.downSince !== undefined)
      periods.push({ process: agent.facts, from: agent.downSince, until: revision.acceptedAt });
    agents.delete(name);
  }
  for (const facts of revision.processes) {
    const moves = revision.moves[facts.name] ?? [];
    const agent = agents.get(facts.name);
    if (agent === undefined) {
      agents.set(facts.name, {
        facts,
        achieved: 0,
        achievedDisabled: false,
        goal: revision,
        queue: [...moves],
        moveStart: revision.acceptedAt,
        fault: undefined,
        downSince: undefined,
      });
      continue;
    }
    if (agent.queue.length === 0) agent.moveStart = revision.acceptedAt;
    for (const move of moves) if (!agent.queue.includes(move)) agent.queue.push(move);
    agent.facts = facts;
    agent.goal = revision;
  }
  for (const agent of agents.values()) {
    if (agent.goal === revision) reachGoalIfDone(agent, revision.acceptedAt, periods);
  }
}

function applyFault(agent: Agent, event: Event & { kind: 'fault-start' | 'fault-end' }, periods: DownPeriod[]): void {
  if (event.kind === 'fault-start') {
    agent.fault = event.fault;
    // A broken host has to be started again once it is mended.
    if (agent.queue.length === 0) agent.queue.push('Start' satisfies AgentMove);
    agent.moveStart = event.at;
  } else if (agent.fault === event.fault) {
    agent.fault = undefined;
    agent.moveStart = event.at;
  }
  updateDown(agent, event.at, periods);
}

/** Works through the agent's moves up to `until`; a stuck agent makes no progress. */
function advance(agent: Agent, until: number, step: number, periods: DownPeriod[]): void {
  if (agent.fault !== undefined) return;
  while (agent.queue.length > 0 && agent.moveStart + step <= until) {
    agent.moveStart += step;
    agent.queue.shift();
    reachGoalIfDone(agent, agent.moveStart, periods);
  }
}

function reachGoalIfDone(agent: Agent, at: number, periods: DownPeriod[]): void {
  if (agent.queue.length > 0 || agent.fault !== undefined) return;
  agent.achieved = agent.goal.version;
  agent.achievedDisabled = agent.facts.disabled;
  updateDown(agent, at, periods);
}

/** Down while stuck or stopped by the config; up again only once it has reached its goal. */
function updateDown(agent: Agent, at: number, periods: DownPeriod[]): void {
  const down = agent.fault !== undefined || agent.achievedDisabled;
  if (down && agent.downSince === undefined) agent.downSince = at;
  else if (!down && agent.downSince !== undefined && agent.queue.length === 0) {
    periods.push({ process: agent.facts, from: agent.downSince, until: at });
    agent.downSince = undefined;
  }
}
