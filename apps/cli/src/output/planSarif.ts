/**
 * `dbkit plan --format sarif`: the plan's diagnostics as SARIF 2.1.0, shaped like `dbkit validate --format sarif`:
 * one run, one rule per `PlanCode`, one result per diagnostic in the file it points into (stdin as the artifact
 * `stdin`), related information as related locations, possibly in the other file.
 */
import { formatJsonPath, PlanCode } from '@dbkit/core';
import type { LocatedPlan, Location } from './planLocated.js';
import {
  artifactLocation,
  rulesOfCodes,
  type SarifRule,
  type SarifTool,
  sarifLevel,
  sarifLog,
  sarifRegion,
} from './sarif.js';

export interface PlanSarifOptions {
  readonly tool: SarifTool;
  /** The folder names are relative to, as a `file://` URI ending in `/`. */
  readonly root: string;
  readonly stdinName: string;
}

export function planSarifRules(): SarifRule[] {
  return rulesOfCodes(PlanCode);
}

export function buildPlanSarif(plan: LocatedPlan, { tool, root, stdinName }: PlanSarifOptions) {
  const rules = planSarifRules();
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const physical = (location: Location) => ({
    artifactLocation: artifactLocation(location.file, stdinName),
    region: sarifRegion(location.range),
  });
  const results = plan.diagnostics.map((d) => ({
    ruleId: d.code,
    ruleIndex: ruleIndex.get(d.code) ?? -1,
    level: sarifLevel(d.severity),
    message: { text: d.message },
    locations: [
      {
        physicalLocation: physical(d.location),
        ...(d.location.path.length > 0
          ? { logicalLocations: [{ fullyQualifiedName: formatJsonPath(d.location.path) }] }
          : {}),
      },
    ],
    ...(d.related
      ? {
          relatedLocations: d.related.map((r, id) => ({
            id,
            physicalLocation: physical(r),
            message: { text: r.message },
          })),
        }
      : {}),
  }));
  return sarifLog(tool, root, rules, results);
}
