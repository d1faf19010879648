/** Names the extension shares between its entries, its package.json and its tests. */
export { SCHEMA_VERSION } from '@dbkit/schema/fileMatch';

/** The language the extension contributes; the server serves every document in it. */
export const LANGUAGE_ID = 'dbkit-automation';
/** The languages whose documents the extension may switch to {@link LANGUAGE_ID} when they open. */
export const SWITCHABLE_LANGUAGES: readonly string[] = ['json', 'jsonc'];

/** The client's id: VS Code reads the trace level from `dbkit.trace.server`. */
export const CLIENT_ID = 'dbkit';
export const CLIENT_NAME = 'dbkit Language Server';
/** The settings section (`dbkit.*`). */
export const SECTION = 'dbkit';

export const Command = {
  validateWorkspace: 'dbkit.validateWorkspace',
  openSchema: 'dbkit.openSchema',
  restartServer: 'dbkit.restartServer',
  showOutput: 'dbkit.showOutput',
  compareWith: 'dbkit.compareWith',
  addConnection: 'dbkit.addConnection',
  editConnection: 'dbkit.editConnection',
  removeConnection: 'dbkit.removeConnection',
  refreshServices: 'dbkit.refreshServices',
  openDeployedConfig: 'dbkit.openDeployedConfig',
  pullDeployedConfig: 'dbkit.pullDeployedConfig',
  publish: 'dbkit.publish',
  discardDraft: 'dbkit.discardDraft',
  explainCode: 'dbkit.explainCode',
  keepSnapshot: 'dbkit.keepSnapshot',
  setSnapshotExpiry: 'dbkit.setSnapshotExpiry',
  openAlert: 'dbkit.openAlert',
  acknowledgeAlert: 'dbkit.acknowledgeAlert',
} as const;

/** A context key: whether the active editor shows a deployed config with a draft (the editor title's Discard Draft). */
export const ACTIVE_DRAFT_CONTEXT = 'dbkit.activeEditorHasDraft';

/** The explorer view of the service connections ("dbkit" in the activity bar). */
export const SERVICES_VIEW = 'dbkit.services';

/**
 * The scheme of a deployed automation config opened from a service:
 * `dbkit://<public key>@<host>/<project>/automationConfig.json` (`lib/deployed.ts`). Saving it keeps a draft;
 * Publish sends it.
 */
export const DEPLOYED_SCHEME = 'dbkit';

/**
 * The server's custom request for a document the client has not opened (`VALIDATE_REQUEST` in
 * `@dbkit/language-server/server`; a unit test checks they agree). Not imported: that module would pull the whole
 * server into the extension's bundle.
 */
export const VALIDATE_REQUEST = 'dbkit/validate';

/** The server's custom request for the plan between two revisions (`PLAN_REQUEST` there; tested to agree too). */
export const PLAN_REQUEST = 'dbkit/plan';

/** The scheme of the read-only plan documents "dbkit: Compare with…" opens. */
export const PLAN_SCHEME = 'dbkit-plan';
/** The plan document's language: its `+`/`-`/`~` lines coloured (syntaxes/dbkit-plan.tmLanguage.json). */
export const PLAN_LANGUAGE_ID = 'dbkit-plan';

/** The bundled schema files, relative to the extension's root (copied from @dbkit/schema by the build). */
export const SCHEMA_DIR = 'dist/schemas';
export const AUTOMATION_SCHEMA_FILE = 'automation-config.schema.json';
