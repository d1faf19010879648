// Where npm took each package from, read from the package-lock.json of the consumer folder.

/**
 * @typedef {{ name?: string, version?: string, resolved?: string, link?: boolean }} LockEntry
 * @typedef {{ packages?: Record<string, LockEntry> }} Lockfile
 * @typedef {{ name: string, problem: 'missing' | 'registry' | 'copy', detail: string }} ResolutionProblem
 */

/** The package name of a lockfile key: `node_modules/a/node_modules/@s/b` → `@s/b`. */
export const lockKeyName = (/** @type {string} */ key) => key.slice(key.lastIndexOf('node_modules/') + 13);

/**
 * Checks that each of `names` was installed once, at the top, from a local tarball: a dbkit package that npm
 * fetched from the registry, or installed a second copy of, is not the one being released.
 * @param {Lockfile} lock
 * @param {readonly string[]} names
 * @returns {ResolutionProblem[]}
 */
export function tarballResolutions(lock, names) {
  const packages = lock.packages ?? {};
  /** @type {ResolutionProblem[]} */
  const problems = [];
  for (const name of names) {
    const top = packages[`node_modules/${name}`];
    if (top === undefined) problems.push({ name, problem: 'missing', detail: 'not installed' });
    else if (!String(top.resolved ?? '').startsWith('file:')) {
      problems.push({ name, problem: 'registry', detail: `resolved from ${top.resolved ?? 'an unknown source'}` });
    }
    for (const key of Object.keys(packages)) {
      if (key !== `node_modules/${name}` && key.endsWith(`/node_modules/${name}`)) {
        problems.push({ name, problem: 'copy', detail: `a second copy at ${key} (${packages[key]?.version})` });
      }
    }
  }
  return problems;
}

/**
 * How many packages npm installed from elsewhere than the given tarballs.
 * @param {Lockfile} lock
 * @param {readonly string[]} names
 */
export function thirdPartyCount(lock, names) {
  const own = new Set(names);
  return Object.keys(lock.packages ?? {}).filter((key) => key !== '' && !own.has(lockKeyName(key))).length;
}
