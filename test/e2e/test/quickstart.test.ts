/**
 * The README's second command as a user runs it: `dbkit validate examples` (what `npm run demo` runs after building),
 * and the follow-up command the README suggests for the valid examples only.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const dbkit = join(repoRoot, 'apps', 'cli', 'dist', 'main.js');

function run(args: readonly string[]) {
  const result = spawnSync(process.execPath, [dbkit, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the README's main job (dbkit validate examples)", () => {
  it('shows the ten deliberate mistakes with code frames, a summary, and exits 1', () => {
    const { code, stdout, stderr } = run(['validate', 'examples']);
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

  it('never prints a secret of the examples, masked in the code frame instead', () => {
    const { stdout } = run(['validate', 'examples']);
    expect(stdout).toContain('"initPwd": "********"');
    expect(stdout).not.toMatch(/FAKE-/);
  });

  it('exits 0 on the four valid examples', () => {
    const { code, stdout, stderr } = run(['validate', 'examples/automation/*.automation.json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('✔ 0 errors, 0 warnings in 4 files\n');
  });
});
