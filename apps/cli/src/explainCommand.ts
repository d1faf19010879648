/**
 * `dbkit explain [CODE]`: a code's reference entry in the terminal, offline (core's `@dbkit/core/explain`, the same
 * entries as docs/codes.md and the schema site's `/codes/` pages), coloured like the rest of the CLI and plain when
 * piped. Without a code, every code with its severity and rule.
 */
import { allCodes, type Block, type ExplainedCode, explainCode, explainSections } from '@dbkit/core/explain';
import type { ExplainCommand } from './args.js';
import type { Io } from './io.js';
import { type Palette, palette, severityColor, useColor } from './output/color.js';

/** Inline `code` spans, bold on a terminal and in backticks when plain. */
function inline(text: string, p: Palette): string {
  return p.enabled ? text.replace(/`([^`]+)`/g, (_, code: string) => p.bold(code)) : text;
}

function block(b: Block, p: Palette): string[] {
  switch (b.kind) {
    case 'text':
      return [inline(b.text, p), ''];
    case 'json':
      return [inline(b.caption, p), '', ...b.json.split('\n').map((line) => `    ${p.dim(line)}`), ''];
    case 'sources':
      return [...b.sources.map((s) => `  - ${s.label}: ${s.path}`), ''];
    case 'codes':
      return [...b.codes.map((c) => `  - ${p.bold(c.code)} ${c.title}`), ''];
    default:
      return b satisfies never;
  }
}

/** A code's entry as the terminal prints it. */
export function explainText(entry: ExplainedCode, p: Palette): string {
  const kind = `${severityColor(p, entry.severity)(entry.severity)}${entry.advice ? ' (advice)' : ''}`;
  const lines = [`${p.bold(entry.code)} ${kind} ${p.dim(entry.name)}`, inline(entry.title, p), ''];
  for (const section of explainSections(entry)) {
    lines.push(p.bold(section.heading));
    for (const b of section.blocks) lines.push(...block(b, p));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Every code, one line each: code, severity, rule. */
export function codeList(p: Palette): string {
  const lines = allCodes().map(
    (c) => `${p.bold(c.code)}  ${severityColor(p, c.severity)(c.severity.padEnd(7))}  ${c.title}`,
  );
  return `${lines.join('\n')}\n\n${p.dim('dbkit explain <code> prints one in full, e.g. dbkit explain DBK202.')}\n`;
}

export function runExplain(command: ExplainCommand, io: Io): number {
  const p = palette(useColor(command.color, io.env, io.stdout.isTTY === true));
  if (command.code === undefined) {
    io.stdout.write(codeList(p));
    return 0;
  }
  const entry = explainCode(command.code);
  if (entry === undefined) {
    io.stderr.write(
      `dbkit: ${command.code} is not a code dbkit reports (codes are DBK followed by three digits); dbkit explain lists them all.\n`,
    );
    return 2;
  }
  io.stdout.write(explainText(entry, p));
  return 0;
}
