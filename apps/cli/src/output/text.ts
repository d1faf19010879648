/**
 * `--format text`: per finding `file:line:col severity CODE message` and its code frame, a note per skipped file,
 * and a summary line.
 */
import type { FileResult } from '../validate/finding.js';
import { type Palette, severityColor } from './color.js';
import { plural, type Totals, visibleFindings } from './totals.js';

/** Everything printed for one file; empty for a clean file. */
export function formatTextFile(result: FileResult, p: Palette, quiet: boolean): string {
  if (result.status === 'skipped') return quiet ? '' : `${p.dim(`${result.name}: skipped, ${result.reason ?? ''}`)}\n`;
  if (result.status === 'unreadable') return `${result.name}: ${p.red('cannot read')} ${result.reason ?? ''}\n`;
  let out = '';
  for (const f of visibleFindings(result, quiet)) {
    const where = `${result.name}:${f.range.start.line}:${f.range.start.column}`;
    out += `${p.bold(where)} ${severityColor(p, f.severity)(f.severity)} ${p.dim(f.code)} ${f.message}\n`;
    if (f.frame !== undefined) out += `${f.frame}\n\n`;
  }
  return out;
}

/** `✖ 7 errors, 3 warnings in 1 file` (with infos and skipped files when there are any). */
export function formatTextSummary(totals: Totals, p: Palette): string {
  const infos = totals.infos > 0 ? `, ${plural(totals.infos, 'info')}` : '';
  const skipped = totals.skipped > 0 ? ` (${totals.skipped} skipped: not automation configs)` : '';
  const line = `${plural(totals.errors, 'error')}, ${plural(totals.warnings, 'warning')}${infos} in ${plural(totals.files, 'file')}${skipped}`;
  if (totals.errors > 0 || totals.unreadable.length > 0) return `${p.red('✖')} ${line}\n`;
  if (totals.warnings > 0) return `${p.yellow('▲')} ${line}\n`;
  return `${p.green('✔')} ${line}\n`;
}
