/**
 * `dbkit explain` as a user runs it (the built binary, no terminal): one code's entry, the list of every code,
 * colour only when asked for, and one line with exit 2 for a code dbkit does not report.
 */
import { describe, expect, it } from 'vitest';
import { run } from './helpers.js';

describe('dbkit explain', () => {
  it('prints a code’s entry: rule, meaning, why, a wrong and a right example, the fix, severity, related codes', async () => {
    const result = await run(['explain', 'DBK202']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const out = result.stdout;
    expect(out.split('\n')[0]).toBe('DBK202 error unknown-member-host');
    expect(out).toContain('A replica-set member host must name a process (or its alias).');
    const headings = out.split('\n').filter((line) => /^[A-Z][a-z ]+$/.test(line));
    expect(headings).toEqual(['What it means', 'Why', 'Wrong', 'Right', 'How to fix it', 'Severity', 'Related']);
    expect(out).toMatch(/Wrong\nIn `replicaSets\[0\]\.members\[1\]`:\n\n {4}\{\n {6}"_id": 1,\n {6}"host": "rs0-l"/);
    expect(out).toContain('  - spec: replicaSets[n]: docs/spec-coverage.md#replicasetsn');
    // Piped: no colour.
    expect(out).not.toContain('\u001b[');
  });

  it.for(['dbk202', ' DBK202 '])('takes the code in any case (%j)', async (code) => {
    const result = await run(['explain', code]);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('DBK202 error unknown-member-host');
  });

  it('explains a transition code with the deployed and the new revision', async () => {
    const result = await run(['explain', 'DBK604']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /Wrong\nDeployed, in `processes\[0\]`:[\s\S]*"featureCompatibilityVersion": "7\.0"[\s\S]*New revision, in `processes\[0\]`:[\s\S]*"featureCompatibilityVersion": "8\.0"/,
    );
  });

  it('lists every code with its severity and rule', async () => {
    const result = await run(['explain']);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('DBK'));
    expect(lines.length).toBeGreaterThanOrEqual(90);
    expect(lines).toContain('DBK202  error    A replica-set member host must name a process (or its alias).');
    expect(lines.some((line) => /^DBK604 {2}error/.test(line))).toBe(true);
  });

  it('colours with --color, as the rest of the CLI does', async () => {
    const result = await run(['explain', 'DBK202', '--color']);
    expect(result.stdout.split('\n')[0]).toBe(
      '\u001b[1mDBK202\u001b[0m \u001b[31merror\u001b[0m \u001b[2munknown-member-host\u001b[0m',
    );
  });

  it.for([
    [
      ['explain', 'DBK999'],
      'dbkit: DBK999 is not a code dbkit reports (codes are DBK followed by three digits); dbkit explain lists them all.',
    ],
    [
      ['explain', 'DBK202', 'DBK203'],
      'dbkit: unexpected argument DBK203: dbkit explain takes one code; run dbkit --help for usage',
    ],
  ] as const)('%j: one line on stderr, exit 2', async ([args, line]) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${line}\n`);
  });
});
