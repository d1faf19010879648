/**
 * `@dbkit/core/agents`: the simulated automation agents of a reference service: the moves each process makes from
 * one revision to the next, the automation status at a moment, the periods a process is down and the HOST_DOWN
 * alerts they raise. Reading a status (`goalProgress`) is in the package root.
 */
export { type HostDownAlertOptions, hostDownAlert, stableObjectId } from './hostDownAlerts.js';
export { AgentMove, agentMoves, type MoveSource, type ProcessFacts, processFacts } from './moves.js';
export {
  type AgentFault,
  type AgentTimeline,
  type AutomationRevision,
  type AutomationStatus,
  automationStatusAt,
  type DownPeriod,
  downPeriods,
  type ProcessStatus,
} from './status.js';
