/**
 * `--format sarif`: SARIF 2.1.0 for GitHub code scanning. One run; the rules are core's `DiagnosticCode` table,
 * plus `json/syntax` and the `schema/<keyword>` rules that occur; one result per finding.
 */
import { DiagnosticCode, formatJsonPath, type Severity } from '@dbkit/core';
import type { FileResult, Range } from '../validate/finding.js';
import { SCHEMA_CODE_PREFIX } from '../validate/schemaFindings.js';
import { SYNTAX_CODE } from '../validate/syntax.js';
import { visibleFindings } from './totals.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

type Level = 'error' | 'warning' | 'note';

export function sarifLevel(severity: Severity): Level {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

export interface SarifRule {
  readonly id: string;
  readonly name: string;
  readonly shortDescription: { readonly text: string };
  readonly defaultConfiguration: { readonly level: Level };
  readonly properties?: { readonly tags: readonly string[] };
}

export interface SarifTool {
  readonly name: string;
  readonly version: string;
  readonly informationUri: string;
}

/** One rule per code of a core code table (`DiagnosticCode`, `PlanCode`), in code order. */
export function rulesOfCodes(
  codes: Readonly<
    Record<
      string,
      { readonly name: string; readonly title: string; readonly severity: Severity; readonly tags?: readonly string[] }
    >
  >,
): SarifRule[] {
  return Object.entries(codes)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, info]) => ({
      id,
      name: info.name,
      shortDescription: { text: info.title },
      defaultConfiguration: { level: sarifLevel(info.severity) },
      ...(info.tags ? { properties: { tags: [...info.tags] } } : {}),
    }));
}

/** Every rule a result can refer to, core's first in code order, then the JSON and JSON Schema ones. */
export function sarifRules(results: readonly FileResult[]): SarifRule[] {
  const rules = rulesOfCodes(DiagnosticCode);
  rules.push({
    id: SYNTAX_CODE,
    name: 'invalid-json',
    shortDescription: { text: 'The file is not valid JSON (comments and trailing commas included).' },
    defaultConfiguration: { level: 'error' },
  });
  const schemaRules = new Map<string, Severity>();
  for (const result of results) {
    for (const f of result.findings) if (f.code.startsWith(SCHEMA_CODE_PREFIX)) schemaRules.set(f.code, f.severity);
  }
  for (const [id, severity] of [...schemaRules].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const keyword = id.slice(SCHEMA_CODE_PREFIX.length);
    rules.push({
      id,
      name: `schema-${keyword}`,
      shortDescription: { text: `The JSON Schema's "${keyword}" keyword fails where core reports nothing.` },
      defaultConfiguration: { level: sarifLevel(severity) },
    });
  }
  return rules;
}

/** A file name as a URI reference relative to %SRCROOT%: each segment percent-encoded. */
export function artifactUri(name: string): string {
  return name.split('/').map(encodeURIComponent).join('/');
}

/** A file's artifact location: relative to %SRCROOT%, or the artifact `stdin`, which has no base. */
export function artifactLocation(name: string, stdinName: string) {
  return name === stdinName ? { uri: 'stdin' } : { uri: artifactUri(name), uriBaseId: '%SRCROOT%' };
}

export function sarifRegion(range: Range) {
  return {
    startLine: range.start.line,
    startColumn: range.start.column,
    endLine: range.end.line,
    endColumn: range.end.column,
  };
}

export interface SarifOptions {
  readonly tool: SarifTool;
  /** The folder names are relative to, as a `file://` URI ending in `/`. */
  readonly root: string;
  readonly stdinName: string;
  readonly quiet: boolean;
}

/** The SARIF log. Stdin has no file: its results point at the artifact `stdin`, with no base. */
export function buildSarif(results: readonly FileResult[], { tool, root, stdinName, quiet }: SarifOptions) {
  const rules = sarifRules(results);
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const sarifResults = [];
  for (const result of results) {
    const location = artifactLocation(result.name, stdinName);
    for (const f of visibleFindings(result, quiet)) {
      sarifResults.push({
        ruleId: f.code,
        ruleIndex: ruleIndex.get(f.code) ?? -1,
        level: sarifLevel(f.severity),
        message: { text: f.message },
        locations: [
          {
            physicalLocation: { artifactLocation: location, region: sarifRegion(f.range) },
            ...(f.path.length > 0 ? { logicalLocations: [{ fullyQualifiedName: formatJsonPath(f.path) }] } : {}),
          },
        ],
        ...(f.related
          ? {
              relatedLocations: f.related.map((r, id) => ({
                id,
                physicalLocation: { artifactLocation: location, region: sarifRegion(r.range) },
                message: { text: r.message },
              })),
            }
          : {}),
      });
    }
  }
  return sarifLog(tool, root, rules, sarifResults);
}

/** The SARIF 2.1.0 log of one run. */
export function sarifLog(tool: SarifTool, root: string, rules: readonly SarifRule[], results: readonly unknown[]) {
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { ...tool, rules } },
        originalUriBaseIds: { '%SRCROOT%': { uri: root } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  } as const;
}
