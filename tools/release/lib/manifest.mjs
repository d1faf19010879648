// What a package.json promises its users, checked against the files of its tarball. Pure functions over plain data:
// a manifest object and a list of package-relative paths.

/**
 * @typedef {Record<string, unknown>} Manifest
 * @typedef {{ field: string, target: string }} Target    `field` as a user reads it: `exports["./explain"].types`
 * @typedef {{ path: string, kind: 'test' | 'test source map' | 'build info' }} Unwanted
 * @typedef {{ field: string, name: string, spec: string }} Leak
 */

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];

/** Whether a workspace package is published: everything not marked `"private": true`. */
export const isPublished = (/** @type {Manifest} */ manifest) => manifest.private !== true;

/** @param {string} label @param {unknown} value @param {Target[]} out */
function collectExports(label, value, out) {
  if (typeof value === 'string') out.push({ field: label, target: value });
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) collectExports(`${label}[${index}]`, item, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) collectExports(`${label}[${JSON.stringify(key)}]`, inner, out);
  }
}

/**
 * Every file the manifest points a user at: `main`, `module`, `types`/`typings`, a string `browser`, `bin` and every
 * target of `exports` (patterns included, `null` targets excluded).
 * @param {Manifest} manifest
 * @returns {Target[]}
 */
export function manifestTargets(manifest) {
  /** @type {Target[]} */
  const out = [];
  for (const field of ['main', 'module', 'types', 'typings', 'browser']) {
    const value = manifest[field];
    if (typeof value === 'string') out.push({ field, target: value });
  }
  const bin = manifest.bin;
  if (typeof bin === 'string') out.push({ field: 'bin', target: bin });
  else if (bin !== null && typeof bin === 'object') {
    for (const [name, target] of Object.entries(bin)) {
      if (typeof target === 'string') out.push({ field: `bin[${JSON.stringify(name)}]`, target });
    }
  }
  if (manifest.exports !== undefined) collectExports('exports', manifest.exports, out);
  return out;
}

const normalize = (/** @type {string} */ path) => path.replace(/^\.\//, '');

/** Whether a target is in the file list. A `*` pattern needs one matching file; `main` may omit `.js`. */
function present(/** @type {Target} */ { field, target }, /** @type {Set<string>} */ files) {
  const path = normalize(target);
  if (path.includes('*')) {
    const [head = '', tail = ''] = path.split('*');
    return [...files].some((file) => file.startsWith(head) && file.endsWith(tail) && file.length > head.length);
  }
  if (path.endsWith('/')) return [...files].some((file) => file.startsWith(path));
  if (files.has(path)) return true;
  // Node's legacy resolution of `main` tries extensions and an index file.
  return field === 'main' && [`${path}.js`, `${path}.json`, `${path}/index.js`].some((file) => files.has(file));
}

/**
 * The targets of `manifest` that `files` (package-relative paths, as packed) does not hold.
 * @param {Manifest} manifest
 * @param {readonly string[]} files
 * @returns {Target[]}
 */
export function missingTargets(manifest, files) {
  const set = new Set(files);
  return manifestTargets(manifest).filter((target) => !present(target, set));
}

/**
 * Whether npm and pnpm pack a target: `files` names it (an entry names a file or a folder; no `files` means
 * everything), or it is `main` or a `bin` file, which npm-packlist packs whatever `files` says.
 * @param {Manifest} manifest
 * @param {Target} target
 */
export function packedByFiles(manifest, { field, target }) {
  const files = manifest.files;
  if (!Array.isArray(files) || field === 'main' || field.startsWith('bin')) return true;
  const path = normalize(target);
  return files.some((entry) => {
    const pattern = normalize(String(entry)).replace(/\/$/, '');
    if (!pattern.includes('*')) return path === pattern || path.startsWith(`${pattern}/`);
    const [head = ''] = pattern.split('*');
    return path.startsWith(head);
  });
}

/** Test files, their source maps, and TypeScript's incremental build state: none belongs in a tarball. */
const UNWANTED = /** @type {const} */ ([
  [/\.tsbuildinfo$/, 'build info'],
  [/(^|\/)(test|tests|__tests__|e2e)\/.*\.map$|\.(test|spec|test-d)\.[cm]?[jt]sx?\.map$/, 'test source map'],
  [/(^|\/)(test|tests|__tests__|e2e)\/|\.(test|spec|test-d)\.([cm]?[jt]sx?|d\.[cm]?ts)$/, 'test'],
]);

/**
 * Files a user has no use for.
 * @param {readonly string[]} files
 * @returns {Unwanted[]}
 */
export function unwantedFiles(files) {
  /** @type {Unwanted[]} */
  const out = [];
  for (const path of files) {
    const match = UNWANTED.find(([pattern]) => pattern.test(path));
    if (match) out.push({ path, kind: match[1] });
  }
  return out;
}

/**
 * Source maps whose `sources` are not in the tarball: an editor's "go to definition" through a declaration map, or a
 * stack trace through a source map, then leads nowhere.
 * @param {readonly { path: string, data: Buffer }[]} entries  package-relative paths and contents
 * @returns {{ path: string, missing: string[] }[]}
 */
export function danglingSourceMaps(entries) {
  const paths = new Set(entries.map((entry) => entry.path));
  /** @type {{ path: string, missing: string[] }[]} */
  const out = [];
  for (const { path, data } of entries) {
    if (!path.endsWith('.map')) continue;
    /** @type {{ sources?: unknown, sourceRoot?: unknown }} */
    let map;
    try {
      map = JSON.parse(data.toString('utf8'));
    } catch {
      continue;
    }
    if (!Array.isArray(map.sources)) continue;
    const base = new URL(`${typeof map.sourceRoot === 'string' ? map.sourceRoot : ''}`, `file:///package/${path}`);
    const missing = map.sources
      .filter((source) => typeof source === 'string' && !/^[a-z]+:/i.test(source))
      .map((source) => new URL(source, base).pathname.replace(/^\/package\//, ''))
      .filter((source) => !paths.has(source));
    if (missing.length > 0) out.push({ path, missing });
  }
  return out;
}

/**
 * Dependencies whose version is still a pnpm protocol (`workspace:`, `catalog:`): npm cannot resolve them, so a
 * user's install fails. `pnpm pack` rewrites them; a leak means the manifest was packed some other way.
 * @param {Manifest} manifest
 * @returns {Leak[]}
 */
export function protocolLeaks(manifest) {
  /** @type {Leak[]} */
  const out = [];
  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest[field];
    if (deps === null || typeof deps !== 'object') continue;
    for (const [name, spec] of Object.entries(deps)) {
      if (typeof spec === 'string' && /^(workspace|catalog):/.test(spec)) out.push({ field, name, spec });
    }
  }
  return out;
}

/**
 * Whether a package is a library (something to `import`), not only a command: it has `exports`, `main` or `types`.
 * @param {Manifest} manifest
 */
export const isLibrary = (manifest) =>
  manifest.exports !== undefined || manifest.main !== undefined || manifest.types !== undefined;

/**
 * Whether the manifest tells npm which Node it needs: without `engines.node`, a user on a Node that cannot
 * require() an ES module gets no warning at install, only ERR_REQUIRE_ESM at run time.
 * @param {Manifest} manifest
 */
export function declaresNode(manifest) {
  const engines = manifest.engines;
  return (
    engines !== null &&
    typeof engines === 'object' &&
    typeof (/** @type {Record<string, unknown>} */ (engines).node) === 'string'
  );
}
