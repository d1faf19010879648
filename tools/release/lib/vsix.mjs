// The VS Code extension's package: what the .vsix holds, and what vsce warned about while making it.
import { unwantedFiles } from './manifest.mjs';

/** @typedef {{ path: string, kind: 'node_modules' | 'test' | 'test source map' }} VsixProblem */

/**
 * Files that must not ship in the .vsix: anything under `node_modules/` (the extension is bundled) and tests.
 * @param {readonly string[]} paths  the archive's entry paths (`extension/dist/extension.js`, …)
 * @returns {VsixProblem[]}
 */
export function vsixProblems(paths) {
  /** @type {VsixProblem[]} */
  const out = [];
  for (const path of paths) {
    if (/(^|\/)node_modules\//.test(path)) out.push({ path, kind: 'node_modules' });
  }
  for (const { path, kind } of unwantedFiles(paths.filter((path) => !/(^|\/)node_modules\//.test(path)))) {
    if (kind !== 'build info') out.push({ path, kind });
  }
  return out;
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * vsce's warnings in its output: its ` WARNING ` lines, and the questions it asks before packaging anyway (which a
 * run without a terminal answers "no").
 * @param {string} output  stdout and stderr of `vsce package`
 * @returns {string[]}
 */
export function vsceWarnings(output) {
  return output
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^WARNING\b/.test(line) || /Do you want to continue\?/.test(line))
    .map((line) => line.replace(/^WARNING\s*/, ''));
}
