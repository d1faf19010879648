// What the repository publishes, read from the manifests: never a hard-coded list.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPublished } from './manifest.mjs';

/** The repository root, with a trailing slash. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** tools/release, where the check's own TypeScript, esbuild, publint and attw live. */
export const RELEASE_DIR = fileURLToPath(new URL('../', import.meta.url));

/** Where the published packages live: libraries in packages/, commands, services and the extension in apps/. */
export const PUBLISHED_GROUPS = ['packages', 'apps'];

/** @typedef {{ dir: string, manifest: import('./manifest.mjs').Manifest }} WorkspacePackage  `dir` relative to the root */

/**
 * The workspace packages of the published groups, sorted by folder.
 * @param {string} root
 * @returns {WorkspacePackage[]}
 */
export function readWorkspace(root) {
  return PUBLISHED_GROUPS.flatMap((group) => {
    const base = join(root, group);
    if (!existsSync(base)) return [];
    return readdirSync(base)
      .sort()
      .filter((name) => existsSync(join(base, name, 'package.json')))
      .map((name) => ({
        dir: `${group}/${name}`,
        manifest: JSON.parse(readFileSync(join(base, name, 'package.json'), 'utf8')),
      }));
  });
}

/**
 * The npm packages a release publishes: every workspace package not marked private.
 * @param {readonly WorkspacePackage[]} packages
 */
export const publishedPackages = (packages) => packages.filter((pkg) => isPublished(pkg.manifest));

/**
 * The VS Code extensions: packages whose `engines` name `vscode`. They ship as a .vsix, not on npm.
 * @param {readonly WorkspacePackage[]} packages
 */
export const extensions = (packages) =>
  packages.filter((pkg) => {
    const engines = pkg.manifest.engines;
    return engines !== null && typeof engines === 'object' && 'vscode' in engines;
  });

/**
 * The pnpm command the repository pins (`packageManager`), run through npx as `npm test` runs it.
 * @param {import('./manifest.mjs').Manifest} rootManifest
 * @returns {string[]}
 */
export function pnpmCommand(rootManifest) {
  const pinned = /^pnpm@(\d[^+]*)/.exec(String(rootManifest.packageManager ?? ''))?.[1];
  return ['npx', '--yes', pinned ? `pnpm@${pinned}` : 'pnpm'];
}
