/**
 * From command-line arguments to the list of inputs: files as given, folders walked for `*.json`, globs expanded
 * with tinyglobby, `-` for stdin. Order is deterministic: arguments in order, each folder's or glob's files sorted;
 * a file reached twice is checked once.
 */
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';

export const STDIN_NAME = '<stdin>';

export interface Input {
  /** Absolute path; undefined for stdin. */
  readonly path: string | undefined;
  /** The name every output prints: relative to the working directory, `/`-separated, or `<stdin>`. */
  readonly name: string;
  /** Named by the user (file, glob match, stdin): validated even if it does not look like an automation config. */
  readonly explicit: boolean;
  /** Size in bytes (0 for stdin), to decide whether parallel work pays. */
  readonly size: number;
}

export type Inputs =
  | { readonly ok: true; readonly inputs: readonly Input[] }
  | { readonly ok: false; readonly error: string };

/** Folders are walked for `.json` files; these are never entered. */
const IGNORED = ['**/node_modules/**', '**/.git/**'];

/** A path as every output prints it: relative to the working directory, `/`-separated. */
export function displayName(cwd: string, path: string): string {
  const name = relative(cwd, path) || path;
  return sep === '/' ? name : name.split(sep).join('/');
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export async function resolveInputs(args: readonly string[], cwd: string): Promise<Inputs> {
  const inputs: Input[] = [];
  const seen = new Set<string>();
  const add = (path: string, explicit: boolean, size: number): void => {
    if (seen.has(path)) return;
    seen.add(path);
    inputs.push({ path, name: displayName(cwd, path), explicit, size });
  };
  let stdin = false;
  for (const arg of args) {
    if (arg === '-') {
      if (stdin) return { ok: false, error: 'stdin (-) is given twice; give it once' };
      stdin = true;
      inputs.push({ path: undefined, name: STDIN_NAME, explicit: true, size: 0 });
      continue;
    }
    const path = resolve(cwd, arg);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isFile()) {
      add(path, true, stat.size);
    } else if (stat?.isDirectory()) {
      const found = await glob('**/*.json', { cwd: path, absolute: true, ignore: IGNORED, dot: false });
      for (const file of found.sort(byCodePoint)) add(file, false, statSync(file).size);
    } else if (stat === undefined && isDynamicPattern(arg)) {
      const pattern = isAbsolute(arg) ? arg : arg.replace(/\\/g, '/');
      const found = await glob(pattern, {
        cwd,
        absolute: true,
        onlyFiles: true,
        ignore: arg.includes('node_modules') ? [] : IGNORED,
      });
      if (found.length === 0)
        return {
          ok: false,
          error: `no file matches ${arg}; check the pattern (quote it so the shell does not expand it)`,
        };
      for (const file of found.sort(byCodePoint)) add(file, true, statSync(file).size);
    } else if (stat === undefined) {
      return {
        ok: false,
        error: `cannot read ${arg}: no such file or folder; give a file, a folder, a glob or - for stdin`,
      };
    } else {
      return { ok: false, error: `cannot read ${arg}: not a file or a folder` };
    }
  }
  return { ok: true, inputs };
}
