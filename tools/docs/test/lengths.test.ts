// The long-function and long-file check: lengths counted as a reader meets them, and the repository within the limits
// but for the listed tables.
import { describe, expect, it } from 'vitest';
import { fileCodeLines, functionLengths, LENGTH_EXEMPTIONS, lengthReport } from '../lib/lengths.mjs';

describe('functionLengths', () => {
  it.for([
    ['a function declaration', 'function f() {\n  return 1;\n}\n', [['f', 1, 3]]],
    [
      'blank and comment-only lines do not count',
      'function f() {\n\n  // why\n  /* more\n   why */\n  return 1;\n}\n',
      [['f', 1, 3]],
    ],
    ['an arrow function takes its variable’s name', 'const g = () => {\n  return 1;\n};\n', [['g', 1, 3]]],
    [
      'a nested function counts in its outer one and is named under it',
      'function outer() {\n  const inner = () => {\n    return 1;\n  };\n  return inner;\n}\n',
      [
        ['outer', 1, 6],
        ['outer › inner', 2, 3],
      ],
    ],
    ['a method takes its own name', 'class C {\n  m() {\n    return 1;\n  }\n}\n', [['m', 2, 3]]],
    ['a callback takes its call’s name', 'app.get("/", (req) => {\n  return req;\n});\n', [['(get callback)', 1, 3]]],
    ['a declaration without a body is no function', 'declare function f(): void;\ninterface I { m(): void }\n', []],
  ] as const)('%s', ([, text, expected]) => {
    expect(functionLengths('x.ts', text).map((f) => [f.name, f.line, f.lines])).toEqual(expected);
  });

  it('counts a string over several lines as code', () => {
    expect(fileCodeLines('x.ts', 'const s = `a\n\nb`;\n// c\n')).toBe(3);
  });

  it.for([
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, not one
    ['a comment after a template with substitutions', 'const s = `a${1}b`;\n/**\n * `x`\n */\nconst t = 1;\n', 2],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, not one
    ['nested templates and braces', 'const s = `a${`b${{ c: 1 }.c}`}d\n\ne`;\n// `f`\n', 3],
  ] as const)('reads %s as a reader does', ([, text, lines]) => {
    expect(fileCodeLines('x.ts', text)).toBe(lines);
  });
});

describe('lengthReport on planted examples', () => {
  const long = { file: 'apps/x/src/a.ts', name: 'long', line: 3, lines: 81 };
  const short = { file: 'apps/x/src/a.ts', name: 'short', line: 90, lines: 80 };
  const table = { file: 'apps/x/src/table.ts', lines: 401 };
  it.for([
    ['a function at the limit passes', [short], [], [], []],
    [
      'a function over the limit fails and says where and what to do',
      [long],
      [],
      [],
      [/a\.ts:3: long is 81 lines.*Split it/],
    ],
    ['a file over the limit fails', [], [table], [], [/table\.ts: 401 lines.*Split it where it holds two ideas/]],
    [
      'a listed function and file pass',
      [long],
      [table],
      [
        { kind: 'function', file: long.file, name: 'long', reason: 'a table' },
        { kind: 'file', file: table.file, reason: 'a table' },
      ],
      [],
    ],
    [
      'a listed function that is short now is stale',
      [short],
      [],
      [{ kind: 'function', file: short.file, name: 'short', reason: 'a table' }],
      [/short is listed as long but is within the limit now/],
    ],
  ] as const)('%s', ([, functions, files, exemptions, problems]) => {
    const report = lengthReport({ functions: [...functions], files: [...files], exemptions });
    expect(report.problems).toHaveLength(problems.length);
    problems.forEach((pattern, i) => {
      expect(report.problems[i]).toMatch(pattern);
    });
  });
});

describe('the repository', () => {
  it('has no function or file over the limit but the listed ones, and no stale listing', () => {
    expect(lengthReport().problems).toEqual([]);
  });

  it('gives every listed exemption a reason', () => {
    for (const exemption of LENGTH_EXEMPTIONS) expect(exemption.reason.length).toBeGreaterThan(20);
  });
});
