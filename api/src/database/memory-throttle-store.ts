import { ThrottleStore, type ThrottleCount } from './throttle-store';

/**
 * `ThrottleStore` in one process's memory, for unit tests of the throttles' rules; the product always counts in
 * PostgreSQL (`PostgresThrottleStore`). The same contract test (api/test/throttle-store.int.spec.ts) holds both.
 */
export class MemoryThrottleStore extends ThrottleStore {
  private readonly counts = new Map<string, ThrottleCount>();

  async add(key: string, points: number, windowMs: number, now: number, slide = false): Promise<ThrottleCount> {
    const live = this.live(key, now);
    const next = live ? { points: live.points + points, expiresAt: slide ? now + windowMs : live.expiresAt } : { points, expiresAt: now + windowMs };
    this.counts.set(key, next);
    return { ...next };
  }

  async get(key: string, now: number): Promise<ThrottleCount | null> {
    const live = this.live(key, now);
    return live ? { ...live } : null;
  }

  async set(key: string, points: number, expiresAt: number): Promise<void> {
    this.counts.set(key, { points, expiresAt });
  }

  async delete(...keys: string[]): Promise<void> {
    for (const key of keys) this.counts.delete(key);
  }

  async deleteUnder(prefix: string): Promise<void> {
    for (const key of [...this.counts.keys()]) if (key.startsWith(prefix)) this.counts.delete(key);
  }

  async countUnder(prefix: string, now: number): Promise<number> {
    return [...this.counts.keys()].filter((key) => key.startsWith(prefix) && this.live(key, now)).length;
  }

  private live(key: string, now: number): ThrottleCount | undefined {
    const found = this.counts.get(key);
    return found && found.expiresAt > now ? found : undefined;
  }
}
