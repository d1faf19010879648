import { isObject, jsonTypeOf } from '../validation/util.js';
import { type Pair, PlanCollector } from './context.js';
import { planProcesses } from './rules/processes.js';
import { planReplicaSets } from './rules/replicaSets.js';
import { planAuth, planSecuritySettings } from './rules/security.js';
import { planSharding } from './rules/sharding.js';
import { planCatalogue, planVersion } from './rules/topLevel.js';
import type { Plan } from './types.js';

const RULES: readonly (readonly [string, (c: PlanCollector, pair: Pair) => void])[] = [
  ['version', planVersion],
  ['processes', planProcesses],
  ['replicaSets', planReplicaSets],
  ['sharding', planSharding],
  ['auth', planAuth],
  ['tls, ldap and roles', planSecuritySettings],
  ['versions, agent, indexes and other fields', planCatalogue],
];

/**
 * What the agent does when the automation configuration `to` replaces the deployed `from`, and which of those
 * transitions are unsafe or impossible. Accepts any two values and never throws: what it cannot plan is in `notes`.
 * Secret values (`SECRET_PATHS`) never appear in the plan: its texts quote the documents through the collector.
 *
 * @example
 * const plan = planTransition(deployed, next);
 * for (const d of plan.diagnostics) console.log(d.code, formatJsonPath(d.path), d.message);
 */
export function planTransition(from: unknown, to: unknown): Plan {
  const c = new PlanCollector(from, to);
  if (!isObject(from)) c.note(`from is not an object (got ${jsonTypeOf(from)}): nothing was planned.`);
  if (!isObject(to)) c.note(`to is not an object (got ${jsonTypeOf(to)}): nothing was planned.`);
  if (isObject(from) && isObject(to)) {
    const pair: Pair = { from, to };
    for (const [name, rule] of RULES) {
      try {
        rule(c, pair);
      } catch {
        c.report('DBK699', 'to', [], `dbkit failed while planning ${name}; that part of the plan is missing.`);
        c.note(`Planning ${name} failed; that part of the plan is missing.`);
      }
    }
  }
  return { changes: c.changes, diagnostics: c.diagnostics, notes: c.notes };
}
