/** Small pure helpers shared by the rules. */

export type JsonObject = { readonly [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON type name of a value, for messages: `string`, `integer`, `number`, `boolean`, `object`, `array`, `null`. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Edit distance (Levenshtein) with an early exit once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/**
 * The candidates closest to `input`, best first: a case-insensitive match, then edit distance within a third of
 * the input's length (at least 1, at most 3). At most `limit` results; large candidate sets are capped so a
 * document full of mistakes stays fast.
 */
export function closestMatches(input: string, candidates: Iterable<string>, limit = 3): readonly string[] {
  const lower = input.toLowerCase();
  const max = Math.min(3, Math.max(1, Math.floor(input.length / 3)));
  const scored: { name: string; score: number }[] = [];
  let seen = 0;
  for (const candidate of candidates) {
    if (++seen > 20_000) break;
    if (candidate === input) continue;
    const candidateLower = candidate.toLowerCase();
    const score =
      candidateLower === lower
        ? 0
        : editDistance(lower, candidateLower, max) + (candidateLower.startsWith(lower) ? 0 : 0.5);
    if (score <= max + 0.5) scored.push({ name: candidate, score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, limit).map((entry) => entry.name);
}

/**
 * "Did you mean …?" text for a list of suggestions, or an empty string. Known names are dbkit's own words; names
 * read from the document are written with `quote` (the collector's, which masks secrets).
 */
export function didYouMean(
  suggestions: readonly string[],
  quote: (suggestion: string) => string = (s) => `"${s}"`,
): string {
  if (suggestions.length === 0) return '';
  return ` Did you mean ${suggestions.map(quote).join(' or ')}?`;
}

/** `major.minor.patch` of a version name such as `4.4.0`, `7.0.12-ent` or `3.2.15`; undefined when it has none. */
export function parseServerVersion(name: string): readonly [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(name);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

/**
 * The feature compatibility versions a server of `major.minor` accepts: its own, and the release before it
 * (4.4 → 4.2, 4.0 → 3.6, 5.0 → 4.4, 8.0 → 7.0). Undefined for rapid releases (e.g. 7.1), where dbkit does not guess.
 */
export function acceptedFeatureCompatibilityVersions(major: number, minor: number): readonly string[] | undefined {
  const own = `${major}.${minor}`;
  if (major <= 4) {
    if (minor >= 2) return [own, `${major}.${minor - 2}`];
    if (major === 4 && minor === 0) return [own, '3.6'];
    return [own];
  }
  if (minor !== 0) return undefined;
  return [own, major === 5 ? '4.4' : `${major - 1}.0`];
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Whether a string is an ISO 8601 date or date and time that also denotes a real instant. */
export function isIsoDateTime(value: string): boolean {
  return isoDateTime.test(value) && !Number.isNaN(Date.parse(value));
}

/** Whether an ISO 8601 string names a time zone (`Z` or an offset). */
export function hasTimeZone(value: string): boolean {
  return /(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(value) && /T|\s/.test(value);
}

/** Four dot-separated numbers of one to three digits, each at most 255; scanned without splitting. */
function isIpv4(text: string): boolean {
  let parts = 0;
  let digits = 0;
  let value = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 46; // the end closes the last part like a "."
    if (code === 46) {
      if (digits === 0 || value > 255) return false;
      parts++;
      digits = 0;
      value = 0;
    } else if (code >= 48 && code <= 57 && digits < 3) {
      value = value * 10 + (code - 48);
      digits++;
    } else return false;
  }
  return parts === 4;
}

function isIpv6(text: string): boolean {
  if (!text.includes(':') || !/^[0-9A-Fa-f:.]+$/.test(text)) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  let count = 0;
  for (const [index, group] of groups.entries()) {
    if (group.includes('.')) {
      if (index !== groups.length - 1 || !isIpv4(group)) return false;
      count += 2;
    } else if (/^[0-9A-Fa-f]{1,4}$/.test(group)) count += 1;
    else return false;
  }
  return halves.length === 2 ? count < 8 : count === 8;
}

/** Whether a string is an IPv4 or IPv6 address, optionally with a CIDR prefix length. */
export function isIpOrCidr(value: string): boolean {
  const slash = value.indexOf('/');
  const address = slash === -1 ? value : value.slice(0, slash);
  const prefix = slash === -1 ? undefined : value.slice(slash + 1);
  const v4 = isIpv4(address);
  const v6 = !v4 && isIpv6(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

/** Whether a path is absolute on Linux or UNIX. */
export function isAbsolutePosixPath(value: string): boolean {
  return value.startsWith('/');
}

/** Whether a path is absolute on Windows (`C:\…`, `C:/…`, `\\server\share`) or starts with an environment variable. */
export function isAbsoluteWindowsPath(value: string): boolean {
  return /^[A-Za-z]:[\\/]/.test(value) || value.startsWith('\\\\') || /^%[A-Za-z_]\w*%/.test(value);
}
