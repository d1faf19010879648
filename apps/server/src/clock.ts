/**
 * The service's time: the machine's clock, or one that tests set, move and freeze (`/__dbkit/clock`), so that
 * TRACKING → OPEN after a notification delay and snapshot expiry can be tested in milliseconds.
 */
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

  constructor(private readonly source: () => number = Date.now) {}

  now(): number {
    return this.frozenAt ?? this.source() + this.offsetMs;
  }

  /** Jumps to `at`; a frozen clock stays frozen there. */
  set(at: number): void {
    if (this.frozenAt !== undefined) this.frozenAt = at;
    else this.offsetMs = at - this.source();
  }

  advance(ms: number): void {
    this.set(this.now() + ms);
  }

  /** Stops time at its current value (true) or lets it run on from there (false). */
  freeze(frozen: boolean): void {
    const now = this.now();
    if (frozen) this.frozenAt = now;
    else {
      this.frozenAt = undefined;
      this.offsetMs = now - this.source();
    }
  }

  get frozen(): boolean {
    return this.frozenAt !== undefined;
  }
}
