/** The status line: document kind, schema version, error and warning counts, time of the last validation. */
export interface StatusFacts {
  readonly kindLabel: string;
  readonly schemaVersion: string;
  readonly errors: number;
  readonly warnings: number;
  /** When the last validation finished; undefined while the first one runs. */
  readonly validatedAt?: Date;
  /** How long the last validation took in the worker, ms. */
  readonly durationMs?: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function formatStatus(facts: StatusFacts): string {
  const parts = [
    facts.kindLabel,
    `schema ${facts.schemaVersion}`,
    `${plural(facts.errors, 'error')}, ${plural(facts.warnings, 'warning')}`,
  ];
  if (facts.validatedAt === undefined) parts.push('validating…');
  else {
    const time = facts.validatedAt.toTimeString().slice(0, 8);
    const took = facts.durationMs === undefined ? '' : ` (${Math.round(facts.durationMs)} ms)`;
    parts.push(`validated at ${time}${took}`);
  }
  return parts.join(' · ');
}
