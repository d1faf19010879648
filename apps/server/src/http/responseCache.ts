/**
 * Answers to repeated GETs of resources that change only when the store is written (snapshots, config-server
 * snapshots, the automation config), kept per store revision: a hit costs a map lookup instead of reading, sorting
 * and serialising a page again. Authentication and the project check still run for every request; alerts are never
 * cached (their status moves with the clock). Only stores that know every write (one process) have a revision.
 */

export type CachedAnswer = {
  readonly status: number;
  readonly headers: Record<string, string | number | string[] | undefined>;
  readonly body: Buffer;
};

/** The paths whose GET answers depend on stored data alone. */
const CACHEABLE =
  /^\/api\/public\/v1\.0\/groups\/[^/]+\/(clusters\/[^/]+\/snapshots|hosts\/[^/]+\/snapshots|automationConfig)(\/[^/?]+)?(\?|$)/;

export class ResponseCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private revision: number | undefined;

  constructor(private readonly capacity = 256) {}

  /** The key of a request's answer, or undefined when it must not be cached. */
  keyOf(method: string, url: string, origin: string, revision: number | undefined): string | undefined {
    if (revision === undefined || method !== 'GET' || !CACHEABLE.test(url)) return undefined;
    if (revision !== this.revision) {
      this.answers.clear();
      this.revision = revision;
    }
    return `${origin} ${url}`;
  }

  get(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }

  set(key: string, answer: CachedAnswer): void {
    if (this.answers.size >= this.capacity) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    this.answers.set(key, answer);
  }
}
