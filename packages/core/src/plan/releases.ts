import { parseServerVersion } from '../validation/util.js';

/**
 * The server's release series in upgrade order. An upgrade goes one step of this ladder at a time, and feature
 * compatibility moves one step at a time (docs/decisions/plan.md, "Each rule rests on a cited source"). Rapid
 * releases (5.1 … 7.3, 8.1 …) are not on it: dbkit does not guess their upgrade paths.
 */
const LADDER = ['2.4', '2.6', '3.0', '3.2', '3.4', '3.6', '4.0', '4.2', '4.4', '5.0', '6.0', '7.0', '8.0'] as const;

/** The position of a release series (`"4.4"`, or the series of `"4.4.12-ent"`) on the ladder, or undefined. */
export function releaseStep(version: unknown): number | undefined {
  if (typeof version !== 'string') return undefined;
  const parsed = parseServerVersion(version);
  if (!parsed) return undefined;
  const [major, minor] = parsed;
  const index = LADDER.indexOf(`${major}.${minor}` as (typeof LADDER)[number]);
  if (index !== -1) return index;
  // Later major releases (9.0, 10.0) continue the ladder; their rapid releases stay unknown.
  if (major > 8 && minor === 0) return LADDER.length - 1 + (major - 8);
  return undefined;
}

/** Compares two full server versions (`7.0.12` vs `7.0.2-ent`) by major, minor, patch; undefined if either has none. */
export function compareVersions(a: unknown, b: unknown): number | undefined {
  if (typeof a !== 'string' || typeof b !== 'string') return undefined;
  const pa = parseServerVersion(a);
  const pb = parseServerVersion(b);
  if (!pa || !pb) return undefined;
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const TLS_LADDER: Readonly<Record<string, number>> = {
  disabled: 0,
  allowTLS: 1,
  allowSSL: 1,
  preferTLS: 2,
  preferSSL: 2,
  requireTLS: 3,
  requireSSL: 3,
};

/** The step of a TLS mode on the rolling procedure (disabled → allow → prefer → require); absent = disabled. */
export function tlsStep(mode: unknown): number | undefined {
  if (mode === undefined) return 0;
  return typeof mode === 'string' ? TLS_LADDER[mode] : undefined;
}
