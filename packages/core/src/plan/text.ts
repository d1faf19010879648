/**
 * The readable plan, `dbkit plan --format text` and the editor's plan document alike: the changes grouped by area
 * and marked like `terraform plan` (`+` add, `-` remove, `~` change, `-/+` rename, `!` one-shot action), each area's
 * diagnostics (with a code frame when the caller rendered one), then the counts and the notes.
 *
 * Pure: the caller places the plan's paths in its documents (a file, a line, a column) and passes a palette; the
 * plain palette gives the text without colours.
 */
import type { JsonPath } from '../validation/diagnostic.js';
import type { Severity } from '../validation/severity.js';
import type { PlanCode } from './planCodes.js';
import { ChangeArea, type ChangeKind } from './types.js';

/** How the text is coloured: ANSI escapes in a terminal, nothing elsewhere ({@link PLAIN_PALETTE}). */
export interface PlanPalette {
  readonly red: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly blue: (text: string) => string;
  readonly green: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly bold: (text: string) => string;
}

const identity = (text: string): string => text;

/** No colour at all: the plan as plain text. */
export const PLAIN_PALETTE: PlanPalette = {
  red: identity,
  yellow: identity,
  blue: identity,
  green: identity,
  dim: identity,
  bold: identity,
};

/** A 1-based line and column (UTF-16 code units), as editors and SARIF count them. */
export interface PlanPosition {
  readonly line: number;
  readonly column: number;
}

/** A path of the plan placed in one of the two documents. `end` is exclusive. */
export interface PlanLocation {
  readonly document: 'from' | 'to';
  /** The document's name as printed (a file name, `<stdin>`, `HEAD:path`…). */
  readonly file: string;
  readonly path: JsonPath;
  readonly range: { readonly start: PlanPosition; readonly end: PlanPosition };
}

export interface LocatedChange {
  readonly area: ChangeArea;
  readonly kind: ChangeKind;
  readonly summary: string;
  readonly from?: PlanLocation;
  readonly to?: PlanLocation;
}

export interface LocatedPlanDiagnostic {
  readonly code: PlanCode;
  readonly severity: Severity;
  readonly message: string;
  readonly location: PlanLocation;
  readonly related?: readonly (PlanLocation & { readonly message: string })[];
  /** A code frame printed under the diagnostic, already rendered (and masked) by the caller; optional. */
  readonly frame?: string;
}

/** A plan whose paths are placed in its two documents, summaries and messages scrubbed of secrets. */
export interface LocatedPlan {
  /** The deployed revision's name. */
  readonly from: string;
  /** The new revision's name. */
  readonly to: string;
  readonly changes: readonly LocatedChange[];
  readonly diagnostics: readonly LocatedPlanDiagnostic[];
  readonly notes: readonly string[];
}

/** The heading `dbkit plan` prints above each area's changes and diagnostics. */
export const PLAN_AREA_TITLES: { readonly [area in ChangeArea]: string } = {
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

/** The order of the areas in a plan: the document's own fields (its version first of all) lead, then core's order. */
export const PLAN_AREA_ORDER: readonly ChangeArea[] = [
  'other',
  ...(Object.keys(ChangeArea) as ChangeArea[]).filter((a) => a !== 'other'),
];

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

function marker(tally: Tally, p: PlanPalette): string {
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

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The colour of a severity's word: red errors, yellow warnings, blue infos. */
export function severityColor(p: PlanPalette, severity: Severity): (text: string) => string {
  return severity === 'error' ? p.red : severity === 'warning' ? p.yellow : p.blue;
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

/** `file:line:col`, 1-based. */
export function formatPlanLocation(location: PlanLocation): string {
  return `${location.file}:${location.range.start.line}:${location.range.start.column}`;
}

/** `Plan: 3 to add, 1 to change, 2 to remove; 1 error, 2 warnings.` (actions and infos only when there are some). */
export function formatPlanCounts(counts: PlanCounts, p: PlanPalette = PLAIN_PALETTE): string {
  const actions = counts.action > 0 ? `, ${plural(counts.action, 'action')}` : '';
  const infos = counts.infos > 0 ? `, ${plural(counts.infos, 'info')}` : '';
  const changes = `${counts.add} to add, ${counts.change} to change, ${counts.remove} to remove${actions}`;
  const errors = plural(counts.errors, 'error');
  const warnings = plural(counts.warnings, 'warning');
  return `${p.bold('Plan:')} ${changes}; ${counts.errors > 0 ? p.red(errors) : errors}, ${counts.warnings > 0 ? p.yellow(warnings) : warnings}${infos}.\n`;
}

/** The rendered plan, and where each diagnostic's first line is in it. */
export interface RenderedPlan {
  readonly text: string;
  /** For each of `plan.diagnostics`, in its order: the 0-based line of the text that starts with its location. */
  readonly diagnosticLines: readonly number[];
}

/**
 * Renders a located plan, and says on which line each diagnostic is printed (the editor puts its problems there).
 *
 * @example
 * const { text } = renderPlanText(located); // no colour
 */
export function renderPlanText(plan: LocatedPlan, p: PlanPalette = PLAIN_PALETTE): RenderedPlan {
  let out = '';
  let lines = 0;
  const write = (piece: string): void => {
    out += piece;
    for (let at = piece.indexOf('\n'); at !== -1; at = piece.indexOf('\n', at + 1)) lines++;
  };
  const diagnosticLines: number[] = new Array<number>(plan.diagnostics.length).fill(0);
  write(`${p.bold('dbkit plan:')} ${plan.from} → ${plan.to}\n`);
  let shown = 0;
  for (const area of PLAN_AREA_ORDER) {
    const changes = plan.changes.filter((c) => c.area === area);
    const diagnostics = plan.diagnostics
      .map((d, index) => ({ d, index }))
      .filter(({ d }) => diagnosticArea(d, plan.changes) === area);
    if (changes.length === 0 && diagnostics.length === 0) continue;
    shown++;
    write(`\n${p.bold(PLAN_AREA_TITLES[area])}\n`);
    for (const change of changes) write(`${marker(KIND_TALLY[change.kind], p)} ${change.summary}\n`);
    for (const { d, index } of diagnostics) {
      const color = severityColor(p, d.severity);
      write('\n');
      diagnosticLines[index] = lines;
      write(`  ${p.bold(formatPlanLocation(d.location))} ${color(d.severity)} ${p.dim(d.code)} ${d.message}\n`);
      for (const r of d.related ?? []) write(`    ${p.dim(`↳ ${formatPlanLocation(r)}`)} ${r.message}\n`);
      if (d.frame !== undefined) write(`${d.frame.replace(/^/gm, '    ')}\n`);
    }
  }
  if (shown === 0) write('\nNo changes: the new revision describes the same deployment.\n');
  write(`\n${formatPlanCounts(countPlan(plan), p)}`);
  if (plan.notes.length > 0) {
    write(`\n${p.bold('Notes:')}\n`);
    for (const note of plan.notes) write(`  - ${note}\n`);
  }
  return { text: out, diagnosticLines };
}

/** The plan as text: {@link renderPlanText}'s text. */
export function formatPlanText(plan: LocatedPlan, p: PlanPalette = PLAIN_PALETTE): string {
  return renderPlanText(plan, p).text;
}
