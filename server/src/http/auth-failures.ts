import { LRUCache } from 'lru-cache';
import type { Executor } from '../db/client';
import { AppError } from './errors';
import { countHit } from './rate-limit-store';

const WINDOW_MS = 60_000;
/** Addresses remembered as over the limit at once, at most (the oldest forgotten first). */
const MAX_BLOCKED = 10_000;

/**
 * Failed authentication per client address (issue 28): a token (session or API key) that the
 * database does not know counts one failure of the request's address, in the shared table of
 * rate-limit windows (one upsert, so every instance counts together, as LOGIN_RATE_LIMIT does).
 * Past `AUTH_FAILURE_RATE_LIMIT` in a minute the address is answered 429 with Retry-After until
 * its window ends, and this instance remembers that: its requests are then refused before any
 * lookup, except those whose session this instance already holds in memory, so made-up tokens
 * cost the database nothing more until the window is over.
 */
export class AuthFailureLimit {
  readonly #limit: number;
  /** Address: until when (epoch milliseconds) it is refused. */
  readonly #blocked = new LRUCache<string, number>({ max: MAX_BLOCKED });

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Refuses the address (429, Retry-After) while it is over the limit. */
  assertNotBlocked(address: string, setRetryAfter: (seconds: number) => void): void {
    const until = this.#blocked.get(address);
    if (until === undefined) return;
    const left = until - Date.now();
    if (left <= 0) {
      this.#blocked.delete(address);
      return;
    }
    setRetryAfter(Math.ceil(left / 1000));
    throw new AppError('rate_limited', { reason: 'authentication_failures' });
  }

  /** Counts a failure of the address; past the limit, refuses it from now to its window's end. */
  async countFailure(db: Executor, address: string, setRetryAfter: (seconds: number) => void): Promise<void> {
    const hits = await countHit(db, `auth-failure ${address}`, WINDOW_MS);
    if (hits.current <= this.#limit) return;
    this.#blocked.set(address, Date.now() + hits.ttl);
    setRetryAfter(Math.max(1, Math.ceil(hits.ttl / 1000)));
    throw new AppError('rate_limited', { reason: 'authentication_failures' });
  }
}
