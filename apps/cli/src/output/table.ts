/**
 * Aligned columns for the API commands: a header row, then one row per item, two spaces between columns. Widths
 * count code points, so `→` and `…` take one column like any letter.
 */
import type { Palette } from './color.js';

export interface Column<T> {
  readonly header: string;
  readonly value: (item: T) => string;
  /** Numbers and sizes read better aligned to the right. */
  readonly align?: 'left' | 'right';
}

const width = (text: string) => [...text].length;

function pad(text: string, size: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, size - width(text)));
  return align === 'right' ? fill + text : text + fill;
}

export function formatTable<T>(columns: readonly Column<T>[], items: readonly T[], p: Palette): string {
  const cells = items.map((item) => columns.map((column) => column.value(item)));
  const widths = columns.map((column, index) =>
    Math.max(width(column.header), ...cells.map((row) => width(row[index] ?? ''))),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, index) => {
        const last = index === row.length - 1;
        const align = columns[index]?.align ?? 'left';
        return last && align === 'left' ? cell : pad(cell, widths[index] ?? 0, align);
      })
      .join('  ');
  const header = p.bold(line(columns.map((column) => column.header)));
  return `${[header, ...cells.map(line)].join('\n')}\n`;
}

/** `field  value` lines for one object (`snapshots get`), the names aligned. */
export function formatFields(fields: readonly (readonly [string, string])[], p: Palette): string {
  const size = Math.max(...fields.map(([name]) => width(name)));
  return fields.map(([name, value]) => `${p.dim(pad(name, size, 'left'))}  ${value}\n`).join('');
}
