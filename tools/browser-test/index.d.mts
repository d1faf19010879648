/** Flags for Debian's Chromium headless as root in a container, with no network of its own. */
export declare const CHROMIUM_ARGS: readonly string[];
/** Whether a Debian package is installed. */
export declare function debPackageInstalled(name: string): boolean;
/** Installs Debian packages with apt-get (root only; otherwise throws with the command to run). */
export declare function aptInstall(packages: readonly string[]): void;
/** The path of Debian's Chromium, or undefined when it is not installed. */
export declare function chromiumPath(): string | undefined;
/** Debian's Chromium, installed with apt-get the first time; returns its path. */
export declare function ensureChromium(): string;
