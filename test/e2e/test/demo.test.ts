import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const demo = join(repoRoot, 'tools', 'demo', 'dist', 'main.js');

function run(args: readonly string[], cwd = repoRoot) {
  const result = spawnSync(process.execPath, [demo, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the README's main job (tools/demo over examples/)", () => {
  it('validates every example, shows the deliberate mistakes and exits 0', () => {
    const { code, stdout, stderr } = run(['examples']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('✔ examples/automation/replica-set.automation.json: 0 error(s), 0 warning(s)');
    expect(stdout).toContain(
      '✖ examples/automation/mistakes/broken.automation.json: 7 error(s), 3 warning(s) (deliberate mistakes)',
    );
    expect(stdout).toMatch(
      /error DBK202 replicaSets\[2\]\.members\[2\]\.host\n\s+"shop-shard1-2" does not name a process/,
    );
    expect(stdout).toContain('Every example behaves as documented.');
  });

  it('exits 1 when a document outside mistakes/ has an error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dbkit-demo-'));
    cpSync(join(repoRoot, 'examples', 'automation', 'replica-set.automation.json'), join(dir, 'ok.automation.json'));
    writeFileSync(
      join(dir, 'bad.automation.json'),
      JSON.stringify({ version: 1, options: {}, dbVersions: [], processes: [] }),
    );
    const { code, stdout } = run([dir]);
    expect(code).toBe(1);
    expect(stdout).toContain('missing the required field "downloadBase"');
    expect(stdout).toContain('Some examples do not behave as documented.');
  });

  it('reports invalid JSON with its line and column, without a stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dbkit-demo-'));
    writeFileSync(join(dir, 'broken.automation.json'), '{\n  "version": 1,\n  "options": {\n}');
    const { code, stdout, stderr } = run([dir]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/broken\.automation\.json(:\d+:\d+)? is not valid JSON/);
    expect(stdout + stderr).not.toMatch(/\n\s+at /);
  });

  it.for([
    [[], 'usage: dbkit-demo'],
    [['no/such/folder'], 'cannot read no/such/folder'],
  ] as const)('exits 2 with a one-line reason for bad usage %j', ([args, message]) => {
    const { code, stderr, stdout } = run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stdout).toBe('');
  });
});
