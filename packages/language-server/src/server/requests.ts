/**
 * dbkit's own requests: the diagnostics of a document the client has not opened (`dbkit/validate`) and the
 * transition plan between two revisions (`dbkit/plan`), each guarded like the LSP handlers.
 */
import type { Diagnostic } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getPlan, type PlanParams, type PlanResult } from '../service/features/plan.js';
import { type ServerContext, safe } from './context.js';

/**
 * Custom request `dbkit/validate`: the diagnostics of a document the client has not opened (the extension's
 * "Validate Workspace" reads each matching file and asks). Params `{ uri, text }`; result `Diagnostic[]`, empty
 * for a document that is not an automation config.
 */
export const VALIDATE_REQUEST = 'dbkit/validate';
export interface ValidateParams {
  readonly uri: string;
  readonly text: string;
  /** Validate even when the uri does not look like an automation config (the user chose the file). */
  readonly force?: boolean;
}

/**
 * Custom request `dbkit/plan`: the transition plan between two revisions (the extension's "Compare with…"). Params
 * `PlanParams` (the two texts with their names, the new one's uri, the plan document's uri); result `PlanResult`:
 * the plan as `dbkit plan` prints it and its diagnostics, or why there is none.
 */
export const PLAN_REQUEST = 'dbkit/plan';

export function registerRequests(server: ServerContext): void {
  server.connection.onRequest(VALIDATE_REQUEST, (params: ValidateParams) =>
    safe(server, VALIDATE_REQUEST, [], () => {
      const document = TextDocument.create(params.uri, 'json', 0, params.text);
      if (params.force !== true && !server.service.isAutomationConfig(document)) return [];
      // Not cached: the client has not opened it, and an open document with the same uri must keep its cache entry.
      return server.service.doValidation(server.service.parse(document, { cache: false }));
    }),
  );

  server.connection.onRequest(PLAN_REQUEST, (params: PlanParams) =>
    safe<PlanResult>(
      server,
      PLAN_REQUEST,
      { ok: false, error: 'dbkit failed while planning; see the dbkit output.' },
      () => describePlan(getPlan(params), server.withPages),
    ),
  );
}

/** A plan's diagnostics with their codes' pages. */
function describePlan(result: PlanResult, withPages: (diagnostics: Diagnostic[]) => Diagnostic[]): PlanResult {
  if (!result.ok) return result;
  withPages(result.planDiagnostics);
  for (const revision of result.revisionDiagnostics) withPages(revision.diagnostics);
  return result;
}
