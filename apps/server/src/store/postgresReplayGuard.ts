/**
 * The Digest replay guard shared by every instance on one PostgreSQL database: a `(nonce, nc)` pair is first used
 * when its row is inserted, and a replay when the row is already there, whichever instance saw it first. Nonces
 * themselves need no table: instances sharing `nonceSecret` verify each other's HMAC-signed nonces.
 */
import type pg from 'pg';
import type { ReplayGuard } from '../auth/nonces.js';
import { ensureSchema, REPLAY_SCHEMA } from './postgresSchema.js';

/** How often, in the service's clock, rows of expired nonces are deleted. @default 60000 */
const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

export type PostgresReplayGuardOptions = {
  /** @default 60000 */
  readonly sweepIntervalMs?: number;
};

export class PostgresReplayGuard implements ReplayGuard {
  private ready: Promise<void> | undefined;
  private nextSweep = 0;
  private readonly sweepIntervalMs: number;

  /**
   * @param pool A pool on the database the instances share, for example {@link PostgresStore.pool}; the guard
   * never ends it. The table is created on first use.
   * @example
   * const store = await PostgresStore.open(url, { initial });
   * createServer({ store, nonceSecret, replayGuard: new PostgresReplayGuard(store.pool) });
   */
  constructor(
    private readonly pool: pg.Pool,
    options: PostgresReplayGuardOptions = {},
  ) {
    this.sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  }

  private schema(): Promise<void> {
    this.ready ??= ensureSchema(this.pool, REPLAY_SCHEMA).catch((error: unknown) => {
      // The next request tries again (the database may have been briefly unreachable).
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async firstUse(nonce: string, nc: string, expiresAt: number, now: number): Promise<boolean> {
    // Parsed as the memory guard does, so both guards refuse exactly the same answers.
    const count = Number.parseInt(nc, 16);
    if (!Number.isSafeInteger(count) || count < 0) return false;
    await this.schema();
    if (now >= this.nextSweep) {
      this.nextSweep = now + this.sweepIntervalMs;
      // A row whose nonce has expired can never matter again: the nonce itself is refused as stale first.
      await this.pool.query('DELETE FROM dbkit_digest_nc WHERE expires_at <= $1', [now]);
    }
    const inserted = await this.pool.query(
      'INSERT INTO dbkit_digest_nc (nonce, nc, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [nonce, count, expiresAt],
    );
    return inserted.rowCount === 1;
  }
}
