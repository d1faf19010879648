/**
 * `dbkit plan --format text`: the changes grouped by area and marked like `terraform plan` (`+` add, `-` remove,
 * `~` change, `-/+` rename, `!` one-shot action), each area's diagnostics with a code frame from the file they point
 * into, then the counts and the notes.
 */
import { ChangeArea, type ChangeKind, type JsonPath, type PlanCode } from '@dbkit/core';
import { type Palette, severityColor } from './color.js';
import { formatLocation, type LocatedChange, type LocatedPlan, type LocatedPlanDiagnostic } from './planLocated.js';
import { plural } from './totals.js';

const AREA_TITLES: { readonly [area in ChangeArea]: string } = {
  processes: 'Processes (processes[])',
  replicaSets: 'Replica sets (replicaSets[])',
  sharding: 'Sharding (sharding[])',
  versions: 'Versions and feature compatibility',
  auth: 'Authentication (auth)',
  tls: 'TLS',
  ldap: 'LDAP (ldap)',
  roles: 'Roles (roles[])',
  indexes: 'Indexes (indexConfigs[])',
  agent: 'Agents',
  other: 'Document',
};

/** How each kind of change is counted and marked. */
type Tally = 'add' | 'remove' | 'change' | 'replace' | 'action';

const KIND_TALLY: { readonly [kind in ChangeKind]: Tally } = {
  add: 'add',
  remove: 'remove',
  change: 'change',
  restart: 'change',
  reconfig: 'change',
  upgrade: 'change',
  downgrade: 'change',
  'rename-as-remove-add': 'replace',
  action: 'action',
};

function marker(tally: Tally, p: Palette): string {
  switch (tally) {
    case 'add':
      return p.green('  +');
    case 'remove':
      return p.red('  -');
    case 'change':
      return p.yellow('  ~');
    case 'replace':
      return `${p.red('-')}/${p.green('+')}`;
    case 'action':
      return p.blue('  !');
    default:
      return tally satisfies never;
  }
}

/**
 * The area of a diagnostic's code family: DBK60x versions, 61x replica sets, 62x sharding, 63x TLS, 64x
 * authentication, 65x the processes' one-shot fields; the top-level version and the planner's own failures the
 * document.
 */
export function codeArea(code: PlanCode): ChangeArea {
  if (code === 'DBK601' || code === 'DBK602') return 'other';
  const family = code.slice(0, 5);
  if (family === 'DBK60') return 'versions';
  if (family === 'DBK61') return 'replicaSets';
  if (family === 'DBK62') return 'sharding';
  if (family === 'DBK63') return 'tls';
  if (family === 'DBK64') return 'auth';
  if (family === 'DBK65') return 'processes';
  return 'other';
}

function isPrefix(prefix: JsonPath, path: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => segment === path[i]);
}

/**
 * The area a diagnostic is printed under. Diagnostics carry no area: it is its code family's, unless no change of
 * that area holds the diagnostic's path while changes of another area do; then the area of the change that holds it
 * most closely (a renamed process's DBK612 goes with the rename under processes, not under replica sets).
 */
export function diagnosticArea(d: LocatedPlanDiagnostic, changes: readonly LocatedChange[]): ChangeArea {
  const family = codeArea(d.code);
  let closest: { area: ChangeArea; depth: number } | undefined;
  for (const change of changes) {
    const at = change[d.location.document];
    if (at === undefined || !isPrefix(at.path, d.location.path)) continue;
    if (change.area === family) return family;
    if (closest === undefined || at.path.length > closest.depth) closest = { area: change.area, depth: at.path.length };
  }
  return closest?.area ?? family;
}

export interface PlanCounts {
  readonly add: number;
  readonly change: number;
  readonly remove: number;
  readonly action: number;
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
}

/** A rename counts as one to add and one to remove, as terraform counts a replacement. */
export function countPlan(plan: LocatedPlan): PlanCounts {
  const counts = { add: 0, change: 0, remove: 0, action: 0, errors: 0, warnings: 0, infos: 0 };
  for (const change of plan.changes) {
    const tally = KIND_TALLY[change.kind];
    if (tally === 'replace') {
      counts.add++;
      counts.remove++;
    } else counts[tally]++;
  }
  for (const d of plan.diagnostics) {
    if (d.severity === 'error') counts.errors++;
    else if (d.severity === 'warning') counts.warnings++;
    else counts.infos++;
  }
  return counts;
}

function formatChange(change: LocatedChange, p: Palette): string {
  return `${marker(KIND_TALLY[change.kind], p)} ${change.summary}\n`;
}

function formatDiagnostic(d: LocatedPlanDiagnostic, p: Palette): string {
  const color = severityColor(p, d.severity);
  let out = `\n  ${p.bold(formatLocation(d.location))} ${color(d.severity)} ${p.dim(d.code)} ${d.message}\n`;
  for (const r of d.related ?? []) out += `    ${p.dim(`↳ ${formatLocation(r)}`)} ${r.message}\n`;
  if (d.frame !== undefined) out += `${d.frame.replace(/^/gm, '    ')}\n`;
  return out;
}

/** `Plan: 3 to add, 1 to change, 2 to remove; 1 error, 2 warnings.` (actions and infos only when there are some). */
export function formatPlanCounts(counts: PlanCounts, p: Palette): string {
  const actions = counts.action > 0 ? `, ${plural(counts.action, 'action')}` : '';
  const infos = counts.infos > 0 ? `, ${plural(counts.infos, 'info')}` : '';
  const changes = `${counts.add} to add, ${counts.change} to change, ${counts.remove} to remove${actions}`;
  const errors = plural(counts.errors, 'error');
  const warnings = plural(counts.warnings, 'warning');
  return `${p.bold('Plan:')} ${changes}; ${counts.errors > 0 ? p.red(errors) : errors}, ${counts.warnings > 0 ? p.yellow(warnings) : warnings}${infos}.\n`;
}

export function formatPlanText(plan: LocatedPlan, p: Palette): string {
  let out = `${p.bold('dbkit plan:')} ${plan.from} → ${plan.to}\n`;
  // The document's own fields (its version first of all) lead; then the areas in core's order.
  const areas = ['other', ...(Object.keys(ChangeArea) as ChangeArea[]).filter((a) => a !== 'other')] as const;
  let shown = 0;
  for (const area of areas) {
    const changes = plan.changes.filter((c) => c.area === area);
    const diagnostics = plan.diagnostics.filter((d) => diagnosticArea(d, plan.changes) === area);
    if (changes.length === 0 && diagnostics.length === 0) continue;
    shown++;
    out += `\n${p.bold(AREA_TITLES[area])}\n`;
    for (const change of changes) out += formatChange(change, p);
    for (const d of diagnostics) out += formatDiagnostic(d, p);
  }
  if (shown === 0) out += '\nNo changes: the new revision describes the same deployment.\n';
  out += `\n${formatPlanCounts(countPlan(plan), p)}`;
  if (plan.notes.length > 0) {
    out += `\n${p.bold('Notes:')}\n`;
    for (const note of plan.notes) out += `  - ${note}\n`;
  }
  return out;
}
