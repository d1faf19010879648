import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTracked } from '@dbkit/test-process';
import { afterAll } from 'vitest';

export const cliRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = join(cliRoot, '..', '..');
export const bin = join(cliRoot, 'dist', 'main.js');
export const examples = join(repoRoot, 'examples', 'automation');

export function example(name: string): string {
  return readFileSync(join(examples, name), 'utf8');
}

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built binary the way a user does: a child process, no TTY, and neither NO_COLOR nor FORCE_COLOR
 * unless the test sets them (vitest sets FORCE_COLOR for its own output). Asynchronous, so the test's timeout can
 * end a run that hangs, and tracked, so the process is stopped with the test file.
 */
export async function run(
  args: readonly string[],
  options: { cwd?: string; input?: string; env?: Record<string, string> } = {},
): Promise<Run> {
  if (!existsSync(bin)) {
    throw new Error(`${bin} is missing: build the CLI first (npx --yes pnpm@10.34.8 --filter @dbkit/cli... run build)`);
  }
  const env: Record<string, string | undefined> = { ...process.env, ...options.env };
  if (options.env?.NO_COLOR === undefined) delete env.NO_COLOR;
  if (options.env?.FORCE_COLOR === undefined) delete env.FORCE_COLOR;
  const { code, stdout, stderr } = await runTracked(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? repoRoot,
    input: options.input ?? '',
    env,
  });
  return { code, stdout, stderr };
}

/** A fresh temporary folder with the given files (relative path → text). */
const created: string[] = [];
// Every temporary folder a test file made is removed when that file's tests end.
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'dbkit-cli-'));
  created.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

// biome-ignore lint/suspicious/noExplicitAny: test edits reach into arbitrary JSON documents.
export type Json = any;

/** Edits a JSON document given as text and returns it pretty-printed (2 spaces, like the examples). */
export function edit(text: string, change: (doc: Json) => void): string {
  const doc = JSON.parse(text);
  change(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The 1-based line of the first occurrence of `needle` in `text`. */
export function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at === -1) throw new Error(`${needle} not in text`);
  return text.slice(0, at).split('\n').length;
}
