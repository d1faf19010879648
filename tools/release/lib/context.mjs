// The state the steps share: where things are, what was packed and installed.

/**
 * @typedef {import('./workspace.mjs').WorkspacePackage} WorkspacePackage
 * @typedef {{ name: string, version: string, dir: string, file: string, size: number, files: { path: string, size: number }[], manifest: import('./manifest.mjs').Manifest }} Tarball
 * @typedef {{
 *   root: string,
 *   releaseDir: string,
 *   work: string,
 *   packDir: string,
 *   consumerDir: string,
 *   vsixDir: string,
 *   workspace: WorkspacePackage[],
 *   packages: WorkspacePackage[],
 *   extension: WorkspacePackage | undefined,
 *   pnpm: string[],
 *   outsideEnv: NodeJS.ProcessEnv,
 *   listFiles: boolean,
 *   tarballs: Tarball[],
 *   installed: boolean,
 *   explained: { code: string, title: string } | undefined,
 * }} Context
 */

/** The valid example the commands validate, from the repository's examples (kept valid by test/e2e). */
export const VALID_EXAMPLE = 'examples/automation/replica-set.automation.json';

/** The last lines of a command's output, for a problem's text. */
export function tail(/** @type {string} */ output, lines = 6) {
  const kept = output.trim().split('\n').slice(-lines).join('\n        ');
  return kept === '' ? '(no output)' : kept;
}
