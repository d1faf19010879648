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

/** Every rule a result can refer to, core's first in code order, then the JSON and JSON Schema ones. */
export function sarifRules(results: readonly FileResult[]): SarifRule[] {
  const rules: SarifRule[] = Object.entries(DiagnosticCode)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, info]) => ({
      id,
      name: info.name,
      shortDescription: { text: info.title },
      defaultConfiguration: { level: sarifLevel(info.severity) },
      ...('tags' in info ? { properties: { tags: [...info.tags] } } : {}),
    }));
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

function region(range: Range) {
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
    const artifactLocation =
      result.name === stdinName ? { uri: 'stdin' } : { uri: artifactUri(result.name), uriBaseId: '%SRCROOT%' };
    for (const f of visibleFindings(result, quiet)) {
      sarifResults.push({
        ruleId: f.code,
        ruleIndex: ruleIndex.get(f.code) ?? -1,
        level: sarifLevel(f.severity),
        message: { text: f.message },
        locations: [
          {
            physicalLocation: { artifactLocation, region: region(f.range) },
            ...(f.path.length > 0 ? { logicalLocations: [{ fullyQualifiedName: formatJsonPath(f.path) }] } : {}),
          },
        ],
        ...(f.related
          ? {
              relatedLocations: f.related.map((r, id) => ({
                id,
                physicalLocation: { artifactLocation, region: region(r.range) },
                message: { text: r.message },
              })),
            }
          : {}),
      });
    }
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { ...tool, rules } },
        originalUriBaseIds: { '%SRCROOT%': { uri: root } },
        columnKind: 'utf16CodeUnits',
        results: sarifResults,
      },
    ],
  } as const;
}
