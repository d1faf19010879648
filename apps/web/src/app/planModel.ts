/**
 * The plan as the compare view lists it: changes grouped by area (the document's own fields first, then core's
 * areas in order), each marked like `dbkit plan`'s text (`+` add, `-` remove, `~` change, `-/+` a rename, which the
 * agent carries out as a removal plus an addition, `!` a one-shot action), the counts, and the diagnostics errors
 * first. Pure data from the worker's `PlanView`.
 */
import type { ChangeArea, ChangeKind } from '@dbkit/core';
import type { PlanChangeView, PlanDiagnosticView } from '../worker/planTypes.js';

export type Mark = '+' | '-' | '~' | '-/+' | '!';

export const KIND_MARK: { readonly [kind in ChangeKind]: Mark } = {
  add: '+',
  remove: '-',
  change: '~',
  restart: '~',
  reconfig: '~',
  upgrade: '~',
  downgrade: '~',
  'rename-as-remove-add': '-/+',
  action: '!',
};

/** Headings, in the order the groups are listed. */
export const AREA_TITLES: { readonly [area in ChangeArea]: string } = {
  other: 'The document',
  versions: 'Versions and feature compatibility',
  processes: 'Processes',
  replicaSets: 'Replica sets',
  sharding: 'Sharded clusters',
  auth: 'Authentication',
  tls: 'TLS',
  ldap: 'LDAP',
  roles: 'Roles',
  indexes: 'Indexes',
  agent: 'Agents',
};
const AREA_ORDER = Object.keys(AREA_TITLES) as ChangeArea[];

export interface ChangeGroup {
  readonly area: ChangeArea;
  readonly title: string;
  readonly changes: readonly PlanChangeView[];
}

/** The changes by area, areas without changes left out, each area's changes in the plan's order. */
export function groupChanges(changes: readonly PlanChangeView[]): ChangeGroup[] {
  return AREA_ORDER.map((area) => ({
    area,
    title: AREA_TITLES[area],
    changes: changes.filter((c) => c.area === area),
  })).filter((group) => group.changes.length > 0);
}

export interface PlanCounts {
  readonly add: number;
  readonly change: number;
  readonly remove: number;
  readonly actions: number;
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
}

/** A rename counts once to add and once to remove: it is both, for the agent. */
export function countPlan(changes: readonly PlanChangeView[], diagnostics: readonly PlanDiagnosticView[]): PlanCounts {
  const marks = changes.map((c) => KIND_MARK[c.kind]);
  const count = (predicate: (mark: Mark) => boolean) => marks.filter(predicate).length;
  const severity = (s: PlanDiagnosticView['severity']) => diagnostics.filter((d) => d.severity === s).length;
  return {
    add: count((m) => m === '+' || m === '-/+'),
    change: count((m) => m === '~'),
    remove: count((m) => m === '-' || m === '-/+'),
    actions: count((m) => m === '!'),
    errors: severity('error'),
    warnings: severity('warning'),
    infos: severity('info'),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `3 to add, 1 to change, 2 to remove; 1 error, 2 warnings` (actions and infos only when there are some). */
export function formatCounts(counts: PlanCounts): string {
  const changes = [`${counts.add} to add`, `${counts.change} to change`, `${counts.remove} to remove`];
  if (counts.actions > 0) changes.push(plural(counts.actions, 'action'));
  const findings = [plural(counts.errors, 'error'), plural(counts.warnings, 'warning')];
  if (counts.infos > 0) findings.push(plural(counts.infos, 'info'));
  return `${changes.join(', ')}; ${findings.join(', ')}`;
}

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;

/** Errors first, then warnings, then infos; the plan's order within each. */
export function sortDiagnostics(diagnostics: readonly PlanDiagnosticView[]): PlanDiagnosticView[] {
  return diagnostics
    .map((d, index) => ({ d, index }))
    .sort((a, b) => SEVERITY_RANK[a.d.severity] - SEVERITY_RANK[b.d.severity] || a.index - b.index)
    .map(({ d }) => d);
}
