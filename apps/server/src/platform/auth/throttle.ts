/**
 * Sliding-window throttle in memory (per process): a cap on attempts per address (sign-in, refresh, recovery,
 * sign-up). The growing delays and the temporary lock of sign-in live in loginLimits.ts.
 */
export class Throttle {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records an attempt; false when the key is over its limit in the window. */
  hit(key: string): boolean {
    const t = this.now();
    const recent = (this.hits.get(key) ?? []).filter((x) => t - x < this.windowMs);
    recent.push(t);
    this.hits.set(key, recent);
    if (this.hits.size > 50_000) this.prune(t);
    return recent.length <= this.limit;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(t: number): void {
    for (const [k, v] of this.hits) if (v.every((x) => t - x >= this.windowMs)) this.hits.delete(k);
  }
}
