import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema';

interface Hits {
  current: number;
  ttl: number;
}

/**
 * Counts one hit of `key` in its fixed window of `windowMs` and answers the hits so far and the
 * ms left in the window: a single upsert, so instances hitting the same key at once count right.
 */
export async function countHit(db: Executor, key: string, windowMs: number): Promise<Hits> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const expired = sql`${rateLimits.windowStart} + ${window} <= now()`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      ttl: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now())) * 1000)::int`,
    });
  const row = rows[0]!;
  return { current: row.hits, ttl: Math.max(0, row.ttl) };
}

/** Forgets the windows that ended long ago (a key that comes back starts a new one anyway). */
export async function forgetOldRateLimits(db: Executor): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - interval '1 day'`));
}

/**
 * A store for @fastify/rate-limit in the database, so the login limit per client address
 * (DESIGN.md §5) holds across every instance, not per process. Each rate-limited route counts
 * under its own URL.
 */
export function databaseRateLimitStore(db: Executor): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Hits) => void, timeWindow: number): void {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (hits) => callback(null, hits),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, the route itself as `routeInfo`.
      const { routeInfo } = routeOptions as unknown as { routeInfo?: { url?: string } };
      return new DatabaseRateLimitStore(undefined, `${routeInfo?.url ?? ''} `);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
