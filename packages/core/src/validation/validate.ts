import { Collector } from './context.js';
import type { Diagnostic } from './diagnostic.js';
import { buildReferenceIndex, type ReferenceIndex } from './model.js';
import { checkAuth } from './rules/auth.js';
import { checkAuthSchemaVersions } from './rules/clusters.js';
import { checkStoredCredentials } from './rules/credentials.js';
import { checkIndexConfigs } from './rules/indexConfigs.js';
import { checkProcesses } from './rules/processes.js';
import { checkProcessOptions } from './rules/processOptions.js';
import { checkReplicaSets } from './rules/replicaSets.js';
import { checkKerberos, checkLdap, checkRoles, checkTls } from './rules/security.js';
import { checkBalancer, checkClusterWideConfigurations, checkSharding } from './rules/sharding.js';
import { checkVersionsAndOptions } from './rules/topLevel.js';
import { checkUnionFields } from './rules/unionFields.js';
import { checkShape } from './shape.js';
import { configShape } from './shapes.js';
import { isObject, type JsonObject } from './util.js';

type Rule = (c: Collector, doc: JsonObject, refs: ReferenceIndex) => void;

/** Every rule, in document order so diagnostics come out roughly top to bottom. */
const RULES: readonly Rule[] = [
  checkVersionsAndOptions,
  checkProcesses,
  checkProcessOptions,
  checkReplicaSets,
  checkSharding,
  checkBalancer,
  checkClusterWideConfigurations,
  checkAuthSchemaVersions,
  checkAuth,
  checkStoredCredentials,
  checkLdap,
  checkUnionFields,
  checkTls,
  checkRoles,
  checkKerberos,
  checkIndexConfigs,
];

/**
 * Checks an automation configuration document against every rule of the spec, and the facts about real
 * documents (docs/decisions/validation.md). Works on the parsed JSON value; never throws, whatever it is given.
 *
 * @example
 * const diagnostics = validateAutomationConfig(JSON.parse(text));
 * const errors = diagnostics.filter((d) => d.severity === 'error');
 */
export function validateAutomationConfig(doc: unknown): readonly Diagnostic[] {
  const c = new Collector(doc);
  if (!isObject(doc)) {
    c.report(
      'DBK100',
      [],
      `An automation configuration is a JSON object ({ "version": …, "processes": […], … }), but this document is ${Array.isArray(doc) ? 'an array' : doc === null ? 'null' : `a ${typeof doc}`}.`,
    );
    return c.diagnostics;
  }
  checkShape(c, doc, [], configShape);
  const refs = buildReferenceIndex(doc);
  for (const rule of RULES) {
    try {
      rule(c, doc, refs);
    } catch (error) {
      // A bug in one rule must not hide what the others find, nor crash an editor.
      c.report(
        'DBK199',
        [],
        `dbkit failed while running ${rule.name} (${c.bare(error instanceof Error ? error.message : String(error))}). The other checks ran; please report this with the document.`,
      );
    }
  }
  return c.diagnostics;
}
