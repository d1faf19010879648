/**
 * `dbkit.diagnostics.severityOverrides`: a code's severity changed, or the diagnostic hidden. Applied by the client
 * (language client middleware for open documents, and `dbkit: Validate Workspace` for the others), so changing the
 * setting needs no server round trip and the server stays one source of plain diagnostics for every editor.
 */

/** VS Code's `DiagnosticSeverity` values (`vscode.DiagnosticSeverity.Error` is 0, …). */
export const Severity = { error: 0, warning: 1, information: 2, hint: 3 } as const;
export type SeverityValue = (typeof Severity)[keyof typeof Severity];
export type SeverityOverride = SeverityValue | 'off';
export type SeverityOverrides = ReadonlyMap<string, SeverityOverride>;

/** Spellings users type besides the setting's own values. */
const ALIASES: Readonly<Record<string, keyof typeof Severity | 'off'>> = {
  info: 'information',
  none: 'off',
  ignore: 'off',
  err: 'error',
  warn: 'warning',
};

export interface ReadOverridesResult {
  readonly overrides: SeverityOverrides;
  /** Entries that were ignored, as `code: value`, for the output channel. */
  readonly ignored: readonly string[];
}

/** Reads the setting's object; codes are matched case-insensitively (`dbk107` is `DBK107`). */
export function readSeverityOverrides(raw: unknown): ReadOverridesResult {
  const overrides = new Map<string, SeverityOverride>();
  const ignored: string[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { overrides, ignored };
  for (const [code, value] of Object.entries(raw)) {
    const name = typeof value === 'string' ? value.trim().toLowerCase() : '';
    const level = name in Severity || name === 'off' ? name : ALIASES[name];
    if (level === undefined || code.trim() === '') {
      ignored.push(`${code}: ${JSON.stringify(value)}`);
      continue;
    }
    overrides.set(normalizeCode(code), level === 'off' ? 'off' : Severity[level as keyof typeof Severity]);
  }
  return { overrides, ignored };
}

function normalizeCode(code: string): string {
  const trimmed = code.trim();
  return /^dbk\d+$/i.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}

/** A diagnostic's code as VS Code carries it: a string, a number, or `{ value, target }`. */
export type DiagnosticCodeLike = string | number | { readonly value: string | number } | undefined;

export function codeOf(code: DiagnosticCodeLike): string | undefined {
  if (code === undefined) return undefined;
  return normalizeCode(String(typeof code === 'object' ? code.value : code));
}

/** The parts of a diagnostic an override reads and writes (a `vscode.Diagnostic` has both). */
export interface OverridableDiagnostic {
  readonly code?: DiagnosticCodeLike;
  severity: number;
}

/**
 * The diagnostics with the overrides applied: `off` removes a diagnostic, a level replaces its severity (the
 * objects are changed in place, as language client middleware does before passing them on). Diagnostics of other
 * sources are left alone: only dbkit's codes are looked up.
 */
export function applySeverityOverrides<T extends OverridableDiagnostic>(
  diagnostics: readonly T[],
  overrides: SeverityOverrides,
): T[] {
  if (overrides.size === 0) return [...diagnostics];
  const out: T[] = [];
  for (const diagnostic of diagnostics) {
    const code = codeOf(diagnostic.code);
    const override = code === undefined ? undefined : overrides.get(code);
    if (override === 'off') continue;
    if (override !== undefined) diagnostic.severity = override;
    out.push(diagnostic);
  }
  return out;
}
