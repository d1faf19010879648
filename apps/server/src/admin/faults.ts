/**
 * Latency and faults for tests of clients (`/__dbkit/faults`): a delay on every API request, and rules that answer
 * matching requests with an error status, `429 RATE_LIMITED` (with `Retry-After`), or a reset connection.
 */
export type FaultKind = 'status' | 'rate-limit' | 'reset';

export type FaultRule = {
  /** Requests whose path (without the query) contains this text; empty matches every API request. */
  readonly path: string;
  /** Only this method, when given. */
  readonly method?: string;
  readonly kind: FaultKind;
  /** For `status`: the status to answer with (5xx). */
  readonly status?: number;
  /** For `rate-limit`: the `Retry-After` seconds. */
  readonly retryAfterSeconds?: number;
  /** How many matching requests the rule answers before it is used up; unlimited when absent. */
  readonly times?: number;
};

export type FaultSettings = { readonly latencyMs: number; readonly rules: readonly FaultRule[] };

const KINDS: readonly string[] = ['status', 'rate-limit', 'reset'];

/** Reads a `/__dbkit/faults` body; returns a message saying what is wrong instead of throwing. */
export function parseFaults(body: unknown): { ok: true; value: FaultSettings } | { ok: false; message: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return {
      ok: false,
      message: 'Send a JSON object: {"latencyMs": 0, "rules": [{"path": "/alerts", "kind": "rate-limit"}]}.',
    };
  }
  const { latencyMs = 0, rules = [] } = body as { latencyMs?: unknown; rules?: unknown };
  if (typeof latencyMs !== 'number' || !Number.isFinite(latencyMs) || latencyMs < 0 || latencyMs > 60_000) {
    return { ok: false, message: 'latencyMs must be a number of milliseconds from 0 to 60000.' };
  }
  if (!Array.isArray(rules)) return { ok: false, message: 'rules must be an array of fault rules.' };
  const parsed: FaultRule[] = [];
  for (const [index, rule] of rules.entries()) {
    const r = (rule ?? {}) as Record<string, unknown>;
    if (typeof r.kind !== 'string' || !KINDS.includes(r.kind)) {
      return { ok: false, message: `rules[${index}].kind must be one of ${KINDS.join(', ')}.` };
    }
    if (r.kind === 'status' && (typeof r.status !== 'number' || r.status < 400 || r.status > 599)) {
      return { ok: false, message: `rules[${index}].status must be an HTTP error status from 400 to 599.` };
    }
    if (r.times !== undefined && (!Number.isInteger(r.times) || (r.times as number) < 1)) {
      return { ok: false, message: `rules[${index}].times must be a positive integer.` };
    }
    parsed.push({
      path: typeof r.path === 'string' ? r.path : '',
      ...(typeof r.method === 'string' ? { method: r.method.toUpperCase() } : {}),
      kind: r.kind as FaultKind,
      ...(typeof r.status === 'number' ? { status: r.status } : {}),
      retryAfterSeconds: typeof r.retryAfterSeconds === 'number' && r.retryAfterSeconds >= 0 ? r.retryAfterSeconds : 1,
      ...(typeof r.times === 'number' ? { times: r.times } : {}),
    });
  }
  return { ok: true, value: { latencyMs, rules: parsed } };
}

export class Faults {
  private settings: FaultSettings = { latencyMs: 0, rules: [] };
  private remaining: (number | undefined)[] = [];

  set(settings: FaultSettings): void {
    this.settings = settings;
    this.remaining = settings.rules.map((rule) => rule.times);
  }

  get current(): FaultSettings {
    return this.settings;
  }

  get latencyMs(): number {
    return this.settings.latencyMs;
  }

  /** The rule that answers this request, if any (using up one of its `times`). */
  match(method: string, path: string): FaultRule | undefined {
    for (const [index, rule] of this.settings.rules.entries()) {
      if (rule.method !== undefined && rule.method !== method) continue;
      if (!path.includes(rule.path)) continue;
      const left = this.remaining[index];
      if (left === 0) continue;
      if (left !== undefined) this.remaining[index] = left - 1;
      return rule;
    }
    return undefined;
  }
}
