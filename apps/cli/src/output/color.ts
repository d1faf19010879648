/** ANSI colour, on only where it helps: a terminal, or when asked for. */

import type { PlanPalette, Severity } from '@dbkit/core';
import { PLAIN_PALETTE } from '@dbkit/core/internal';

/** Core's plan palette, and whether it colours at all. */
export interface Palette extends PlanPalette {
  readonly enabled: boolean;
}

function paint(code: string): (text: string) => string {
  return (text) => (text === '' ? text : `\u001b[${code}m${text}\u001b[0m`);
}

export function palette(enabled: boolean): Palette {
  if (!enabled) return { enabled, ...PLAIN_PALETTE };
  return {
    enabled,
    red: paint('31'),
    yellow: paint('33'),
    blue: paint('34'),
    green: paint('32'),
    dim: paint('2'),
    bold: paint('1'),
  };
}

export function severityColor(p: Palette, severity: Severity): (text: string) => string {
  return severity === 'error' ? p.red : severity === 'warning' ? p.yellow : p.blue;
}

/**
 * Whether to colour: `--color`/`--no-color` first, then FORCE_COLOR (any value but `0`/`false` forces it on,
 * those force it off), then NO_COLOR (any non-empty value turns it off, https://no-color.org), then whether stdout
 * is a terminal.
 */
export function useColor(
  flag: boolean | undefined,
  env: { readonly [name: string]: string | undefined },
  isTTY: boolean,
): boolean {
  if (flag !== undefined) return flag;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY;
}
