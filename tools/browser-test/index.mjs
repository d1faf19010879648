// Debian's Chromium for the end-to-end tests of the VS Code extension and the web playground: one install, one
// set of launch flags. The browser comes from apt (`apt-get install chromium`, as root, only when missing); a
// browser build is never downloaded. playwright-core drives it and gives every launch a fresh profile
// (`--user-data-dir` in a new temporary folder).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const log = (message) => process.stderr.write(`[browser-test] ${message}\n`);

/**
 * Flags that let Debian's Chromium run headless as root in a container, with no network of its own (no QUIC, no
 * background requests, no component updates or sync). playwright-core adds `--headless` and `--user-data-dir`.
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/** Whether a Debian package is installed. */
export function debPackageInstalled(name) {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own field syntax, not a template.
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return status.includes('install ok installed');
  } catch {
    return false;
  }
}

let aptUpdated = false;

/** Installs Debian packages with apt-get (root only; otherwise throws with the command to run). */
export function aptInstall(packages) {
  if (packages.length === 0) return;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(
      `missing Debian packages: ${packages.join(' ')}; run as root: apt-get install -y ${packages.join(' ')}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // The end-to-end suites of two packages may install at the same time (turbo runs them in parallel): the second
  // waits for dpkg's lock instead of failing, then finds the package installed.
  const wait = ['-o', 'DPkg::Lock::Timeout=600'];
  if (!aptUpdated) {
    log('apt-get update');
    execFileSync('apt-get', [...wait, 'update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    aptUpdated = true;
  }
  log(`apt-get install -y ${packages.join(' ')}`);
  execFileSync('apt-get', [...wait, 'install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
}

/** The path of Debian's Chromium, or undefined when it is not installed. */
export function chromiumPath() {
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

/** Debian's Chromium, installed with apt-get the first time; returns its path. */
export function ensureChromium() {
  if (chromiumPath() === undefined) aptInstall(['chromium']);
  const path = chromiumPath();
  if (path === undefined) throw new Error('chromium is not installed (apt-get install -y chromium)');
  return path;
}
