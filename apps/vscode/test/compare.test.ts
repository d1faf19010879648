import { PLAN_REQUEST as SERVER_PLAN_REQUEST } from '@dbkit/language-server/server';
import { describe, expect, it } from 'vitest';
import {
  type GitFacts,
  headAvailability,
  planPath,
  planSummary,
  readFailure,
  relativePath,
  unreadableMessage,
} from '../src/lib/compare.ts';
import { PLAN_REQUEST } from '../src/lib/constants.ts';

describe('dbkit: Compare with…', () => {
  it('offers the Git HEAD version of a tracked file, named as the plan prints it', () => {
    expect(headAvailability({ kind: 'tracked', relativePath: 'deploy/a.automation.json' })).toEqual({
      available: true,
      name: 'HEAD:deploy/a.automation.json',
    });
  });

  it.for([
    [{ kind: 'no-git-extension', web: true }, /not available in VS Code for the Web/, /A file…/],
    [
      { kind: 'no-git-extension', web: false },
      /Git extension \(vscode\.git\) is disabled or missing/,
      /Enable the Git extension/,
    ],
    [{ kind: 'git-disabled' }, /git\.enabled/, /Turn on git\.enabled/],
    [{ kind: 'no-answer', seconds: 15 }, /did not answer within 15 seconds/, /Run the command again in a moment/],
    [{ kind: 'not-on-disk', scheme: 'untitled' }, /not on disk \(untitled:\)/, /Save it in a git repository/],
    [{ kind: 'no-repository' }, /not in a git repository/, /git init/],
    [{ kind: 'no-commit' }, /no commit yet/, /Commit the file first/],
    [{ kind: 'untracked' }, /not tracked by git/, /Commit the file first/],
    [{ kind: 'added' }, /added but not committed/, /Commit the file first/],
  ] as const)('explains why HEAD is not offered: %j', ([facts, reason, hint]) => {
    const head = headAvailability(facts as GitFacts);
    expect(head.available).toBe(false);
    if (head.available) return;
    expect(head.reason).toMatch(reason);
    expect(head.hint).toMatch(hint);
    expect(head.hint).toMatch(/A file…/);
  });

  it.for([
    ['/repo', '/repo/deploy/a.json', 'deploy/a.json'],
    ['/repo/', '/repo/a.json', 'a.json'],
    ['/repo', '/repository/a.json', undefined],
    ['/repo', '/elsewhere/a.json', undefined],
  ] as const)('places %s + %s at %s', ([root, file, expected]) => {
    expect(relativePath(root, file)).toBe(expected);
  });

  it.for([
    ['FileNotFound', 'no such file'],
    ['ENOENT', 'no such file'],
    ['FileIsADirectory', 'a folder, not a file'],
    ['NoPermissions', 'permission denied'],
    [undefined, 'disk on fire'],
  ] as const)('says a read failed with code %s as "%s"', ([code, why]) => {
    expect(readFailure(code, 'disk on fire\n    at read (fs.js:1)')).toBe(why);
  });

  it('says what could not be read, why and what to do, in one line', () => {
    const message = unreadableMessage('old/a.json', 'no such file');
    expect(message).toBe(
      'dbkit: cannot read old/a.json (no such file). Choose a readable automation config and compare again.',
    );
  });

  it('sums a plan up like dbkit plan', () => {
    const counts = { add: 2, change: 3, remove: 0, action: 0, errors: 1, warnings: 1 };
    expect(planSummary('HEAD:a.json', 'a.json', counts)).toBe(
      'dbkit plan: HEAD:a.json → a.json: 2 to add, 3 to change, 0 to remove; 1 error, 1 warning.',
    );
    expect(planSummary('a', 'b', { ...counts, action: 1 })).toContain('0 to remove, 1 action;');
  });

  it('keeps one plan document per compared file', () => {
    expect(planPath('/repo/a.automation.json')).toBe('/repo/a.automation.json.plan');
  });

  it('names the same custom request as the server', () => {
    expect(PLAN_REQUEST).toBe(SERVER_PLAN_REQUEST);
  });
});
