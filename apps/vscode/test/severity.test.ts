import { describe, expect, it } from 'vitest';
import { applySeverityOverrides, codeOf, readSeverityOverrides, Severity } from '../src/lib/severity.ts';

interface D {
  code?: string | number | { value: string | number; target: string };
  severity: number;
  message: string;
}

const diagnostics = (): D[] => [
  { code: 'DBK202', severity: Severity.error, message: 'no such process' },
  { code: 'DBK107', severity: Severity.information, message: 'unknown field' },
  { code: { value: 'DBK303', target: 'https://dbkit.dev/codes#DBK303' }, severity: Severity.warning, message: 'w' },
  { code: 'json/comment', severity: Severity.error, message: 'comment' },
  { severity: Severity.error, message: 'no code' },
];

describe('dbkit.diagnostics.severityOverrides', () => {
  it.for([
    ['error', Severity.error],
    ['warning', Severity.warning],
    ['information', Severity.information],
    ['hint', Severity.hint],
    ['off', 'off'],
    // What users type anyway.
    ['Warning', Severity.warning],
    ['info', Severity.information],
    ['warn', Severity.warning],
    ['none', 'off'],
  ] as const)('"%s" → %s', ([value, expected]) => {
    expect(readSeverityOverrides({ DBK202: value }).overrides.get('DBK202')).toBe(expected);
  });

  it('matches codes case-insensitively and reports what it ignores', () => {
    const { overrides, ignored } = readSeverityOverrides({ dbk107: 'off', DBK202: 'fatal', DBK303: 3, ' ': 'off' });
    expect([...overrides]).toEqual([['DBK107', 'off']]);
    expect(ignored).toEqual(['DBK202: "fatal"', 'DBK303: 3', ' : "off"']);
  });

  it.for([undefined, null, [], 'DBK107=off'])('ignores a setting that is not an object: %j', (raw) => {
    expect(readSeverityOverrides(raw).overrides.size).toBe(0);
  });

  it('hides "off" codes, changes the severity of the others, and leaves the rest alone', () => {
    const { overrides } = readSeverityOverrides({
      DBK107: 'off',
      DBK202: 'warning',
      DBK303: 'error',
      'json/comment': 'hint',
    });
    const out = applySeverityOverrides(diagnostics(), overrides);
    expect(out.map((d) => [codeOf(d.code), d.severity])).toEqual([
      ['DBK202', Severity.warning],
      ['DBK303', Severity.error],
      ['json/comment', Severity.hint],
      [undefined, Severity.error],
    ]);
  });

  it('returns the diagnostics unchanged without overrides', () => {
    const input = diagnostics();
    expect(applySeverityOverrides(input, new Map())).toEqual(input);
  });

  it('uses VS Code’s DiagnosticSeverity numbers (the middleware works on vscode.Diagnostic)', () => {
    // vscode.DiagnosticSeverity: Error = 0, Warning = 1, Information = 2, Hint = 3 (LSP's are 1 to 4).
    expect(Severity).toEqual({ error: 0, warning: 1, information: 2, hint: 3 });
  });

  it.for([
    ['DBK202', 'DBK202'],
    [{ value: 'dbk202', target: 'x' }, 'DBK202'],
    [17, '17'],
    [undefined, undefined],
  ] as const)('reads the code %j as %s', ([code, expected]) => {
    expect(codeOf(code)).toBe(expected);
  });
});
