/**
 * The README's second command as a user runs it: `dbkit validate examples` (what `npm run demo` runs after building),
 * and the follow-up command the README suggests for the valid examples only.
 */
import { join } from 'node:path';
import { runTracked } from '@dbkit/test-process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const dbkit = join(repoRoot, 'apps', 'cli', 'dist', 'main.js');

/** The built CLI as a child process; asynchronous, so the test's timeout can end a run that hangs. */
const run = (args: readonly string[]) =>
  runTracked(process.execPath, [dbkit, ...args], { cwd: repoRoot, env: { ...process.env, NO_COLOR: '1' } });

describe("the README's main job (dbkit validate examples)", () => {
  it('shows the ten deliberate mistakes with code frames, a summary, and exits 1', async () => {
    const { code, stdout, stderr } = await run(['validate', 'examples']);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toContain(
      'examples/automation/mistakes/broken.automation.json:626:19 error DBK202 "shop-shard1-2" does not name a process',
    );
    expect(stdout).toMatch(/> 626 \| +"host": "shop-shard1-2",\n\s+\| +\^{15}/);
    expect(stdout.match(/^examples\/\S+:\d+:\d+ error /gm)).toHaveLength(7);
    expect(stdout.match(/^examples\/\S+:\d+:\d+ warning /gm)).toHaveLength(3);
    expect(stdout).toContain('examples/api/alert-list.json: skipped, not an automation config');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      '✖ 7 errors, 3 warnings in 5 files (5 skipped: not automation configs)',
    );
  });

  it('never prints a secret of the examples, masked in the code frame instead', async () => {
    const { stdout } = await run(['validate', 'examples']);
    expect(stdout).toContain('"initPwd": "********"');
    expect(stdout).not.toMatch(/FAKE-/);
  });

  it('exits 0 on the four valid examples', async () => {
    const { code, stdout, stderr } = await run(['validate', 'examples/automation/*.automation.json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('✔ 0 errors, 0 warnings in 4 files\n');
  });
});
