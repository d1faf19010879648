// The workspace's import graph and the architecture invariants biome cannot express: which way packages depend on
// each other, runtime dependencies in package.json, and another package's src/ reached through a relative path.
import { posix } from 'node:path';
import ts from 'typescript';
import { readRepoFile, repoFiles, workspaceFolders } from './repo.mjs';

/**
 * Each product package's layer: a package may import only packages of a lower layer (core ← schema, client ←
 * language-server ← apps). Folders under `apps/` are the top layer; `tools/` and `test/` sit outside the layering
 * (test helpers and end-to-end suites, never a product's dependency).
 */
export const LAYERS = {
  'packages/core': 0,
  'packages/schema': 1,
  'packages/client': 1,
  'packages/language-server': 2,
};
const APP_LAYER = 3;

/** The runtime dependencies each package may declare, where the architecture limits them. */
export const ALLOWED_RUNTIME_DEPENDENCIES = {
  'packages/core': [],
  'packages/client': ['@dbkit/core'],
};

const RUNTIME_DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/**
 * The modules a source file imports: static imports and re-exports (`import type` too), `import()` and `require()`
 * with a literal, in file order. Comments and strings are skipped, so a JSDoc example is not an import.
 * @example importSpecifiers("import { x } from './x.js'; // import 'y'") // ['./x.js']
 * @param {string} text
 * @returns {string[]}
 */
export function importSpecifiers(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/**
 * A layer, or `undefined` for a folder outside the layering.
 * @param {string} folder
 * @returns {number | undefined}
 */
export function layerOf(folder) {
  if (folder in LAYERS) return LAYERS[/** @type {keyof typeof LAYERS} */ (folder)];
  return folder.startsWith('apps/') ? APP_LAYER : undefined;
}

/**
 * @typedef {{ folder: string, name: string, manifest: Record<string, unknown> }} WorkspacePackage
 * @typedef {{ path: string, specifiers: readonly string[] }} SourceFile
 * @typedef {'layer' | 'runtime-dependency' | 'direction' | 'foreign-src'} Rule
 * @typedef {{ file: string, specifier: string, rule: Rule, message: string }} Violation
 */

/**
 * The workspace package a repository path belongs to, if any.
 * @param {readonly WorkspacePackage[]} packages
 * @param {string} path
 */
function ownerOf(packages, path) {
  return packages.find((pkg) => path === pkg.folder || path.startsWith(`${pkg.folder}/`));
}

/**
 * Where an import lands: the workspace package and the path inside the repository, or `undefined` for a package
 * outside the workspace or a Node built-in.
 * @param {readonly WorkspacePackage[]} packages
 * @param {string} file
 * @param {string} specifier
 * @returns {{ pkg: WorkspacePackage | undefined, path: string } | undefined}
 */
function resolveImport(packages, file, specifier) {
  if (specifier.startsWith('.')) {
    const path = posix.normalize(posix.join(posix.dirname(file), specifier));
    return { pkg: ownerOf(packages, path), path };
  }
  const pkg = packages.find((candidate) => specifier === candidate.name || specifier.startsWith(`${candidate.name}/`));
  return pkg && { pkg, path: pkg.folder + specifier.slice(pkg.name.length) };
}

/**
 * Every way the files and manifests break the import invariants: a product package without a layer, a runtime
 * dependency core or client may not have, an import or runtime dependency of a package at the same layer or above,
 * and an import into another package's `src/` (a package's own tests may import its `src/`).
 * @example checkImportGraph(packages, [{ path: 'packages/schema/src/x.ts', specifiers: ['@dbkit/language-server'] }])
 * // [{ file: 'packages/schema/src/x.ts', specifier: '@dbkit/language-server', rule: 'direction', … }]
 * @param {readonly WorkspacePackage[]} packages
 * @param {readonly SourceFile[]} files
 * @returns {Violation[]}
 */
export function checkImportGraph(packages, files) {
  /** @type {Violation[]} */
  const violations = [];
  for (const pkg of packages) {
    const file = `${pkg.folder}/package.json`;
    if (pkg.folder.startsWith('packages/') && layerOf(pkg.folder) === undefined) {
      violations.push({ file, specifier: '', rule: 'layer', message: `${pkg.folder} has no layer in LAYERS` });
    }
    const allowed = ALLOWED_RUNTIME_DEPENDENCIES[/** @type {keyof typeof ALLOWED_RUNTIME_DEPENDENCIES} */ (pkg.folder)];
    for (const field of RUNTIME_DEPENDENCY_FIELDS) {
      for (const name of Object.keys(/** @type {Record<string, string>} */ (pkg.manifest[field] ?? {}))) {
        if (allowed && !allowed.includes(name)) {
          const only = allowed.length === 0 ? 'none' : allowed.join(', ');
          violations.push({ file, specifier: name, rule: 'runtime-dependency', message: `${field}: allowed ${only}` });
        }
        const target = packages.find((candidate) => candidate.name === name);
        if (target) checkDirection(violations, pkg, target, file, name, field);
      }
    }
  }
  for (const { path, specifiers } of files) {
    const owner = ownerOf(packages, path);
    for (const specifier of specifiers) {
      const target = resolveImport(packages, path, specifier);
      if (!target?.pkg || target.pkg === owner) continue;
      if (owner) checkDirection(violations, owner, target.pkg, path, specifier, 'import');
      const src = `${target.pkg.folder}/src`;
      if (target.path === src || target.path.startsWith(`${src}/`)) {
        const message = `reaches into ${src}/; import ${target.pkg.name}'s exports`;
        violations.push({ file: path, specifier, rule: 'foreign-src', message });
      }
    }
  }
  return violations;
}

/**
 * Reports `from` depending on `to` unless `to` sits on a lower layer; folders outside the layering are free both ways.
 * @param {Violation[]} violations
 * @param {WorkspacePackage} from
 * @param {WorkspacePackage} to
 * @param {string} file
 * @param {string} specifier
 * @param {string} how
 */
function checkDirection(violations, from, to, file, specifier, how) {
  const fromLayer = layerOf(from.folder);
  const toLayer = layerOf(to.folder);
  if (fromLayer === undefined || toLayer === undefined || toLayer < fromLayer) return;
  const message = `${how}: ${from.name} (layer ${fromLayer}) may depend only on lower layers, ${to.name} is ${toLayer}`;
  violations.push({ file, specifier, rule: 'direction', message });
}

/**
 * The repository's workspace packages with their manifests.
 * @returns {WorkspacePackage[]}
 */
export function workspacePackages() {
  return workspaceFolders().map((folder) => {
    const manifest = JSON.parse(readRepoFile(`${folder}/package.json`));
    return { folder, name: manifest.name, manifest };
  });
}

/**
 * The repository's own source files with what each imports.
 * @returns {SourceFile[]}
 */
export function repoSourceFiles() {
  return repoFiles((path) => SOURCE_FILE.test(path)).map((path) => ({
    path,
    specifiers: importSpecifiers(readRepoFile(path)),
  }));
}

/**
 * The import circles among the files of each package's `src/`: every cycle of relative imports (type-only ones
 * too), each listed once from its first file in path order. A circle makes two modules one knot to read and test.
 * @param {readonly SourceFile[]} files
 * @returns {string[][]}
 */
export function importCycles(files) {
  const inSrc = files.filter((file) => /^(packages|apps)\/[^/]+\/src\//.test(file.path));
  const known = new Set(inSrc.map((file) => file.path));
  /** @type {Map<string, string[]>} */
  const edges = new Map();
  for (const file of inSrc) {
    const targets = [];
    for (const specifier of file.specifiers) {
      if (!specifier.startsWith('.')) continue;
      const base = posix.normalize(posix.join(posix.dirname(file.path), specifier));
      const candidates = [
        base,
        base.replace(/\.js$/, '.ts'),
        base.replace(/\.js$/, '.tsx'),
        `${base}.ts`,
        `${base}/index.ts`,
      ];
      const target = candidates.find((candidate) => known.has(candidate));
      if (target !== undefined) targets.push(target);
    }
    edges.set(file.path, targets);
  }
  // Tarjan's strongly connected components: a component of more than one file, or a file importing itself, is a circle.
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return cycles.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}
