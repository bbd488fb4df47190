import { LRUCache } from 'lru-cache';
import { identityChangesOf } from '../db/identity-changes';
import type { Actor } from './session';

/**
 * How long this instance answers a session token from memory. Any change to what the token
 * resolves to drops the cache at once, on every instance (db/identity-changes.ts: this process's
 * writes, and the database's notifications of every other's once they commit; while those cannot
 * be heard, nothing is answered from memory); this bound is what is left if a change were missed
 * all the same. A minute, so that an open tab's get_session every 10 s, and its live stream's
 * checks, are answered from memory (docs/decisions.md, "Live updates").
 */
const CACHE_MS = 60_000;
/** The idle expiry is extended at most this often per session and instance (DESIGN.md §5). */
export const TOUCH_EVERY_MS = 60_000;
const MAX_ENTRIES = 20_000;
/**
 * How long a token (session or API key) that resolved to nothing is answered 401 from memory, so
 * that made-up tokens sent again and again cost no query (issue 28). Tokens are 256 random bits:
 * one that is unknown now does not become valid in seconds, and a change of who a token may be
 * (a company or user enabled again) drops these at once like the sessions above, so no instance
 * refuses a valid token for long. Bounded, the oldest forgotten first.
 */
const MISS_MS = 5_000;
const MAX_MISSES = 50_000;

export interface SessionLookup {
  actor: Actor;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

interface Entry {
  actor: Actor;
  /** Epoch milliseconds. */
  until: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

/**
 * A short cache of session lookups, per instance, and when this instance last extended each
 * session's idle expiry. A cached session is used only until its own expiry as last read: past it,
 * the database is asked again (another instance may have extended it).
 */
export class SessionCache {
  #entries = new Map<string, Entry>();
  #touched = new Map<number, number>();
  #generation = 0;
  #live: () => boolean;
  /** Per user, whether they have unseen notifications, and until when (epoch milliseconds). */
  #unseen = new Map<number, { value: boolean; until: number }>();
  #unseenGeneration = 0;
  /** SHA-256 hashes of tokens that resolved to nothing, kept MISS_MS. */
  #misses = new LRUCache<string, true>({ max: MAX_MISSES, ttl: MISS_MS });

  constructor(live: () => boolean) {
    this.#live = live;
  }

  forgetUnseen(): void {
    this.#unseen.clear();
    this.#unseenGeneration++;
  }

  /**
   * Whether the user has unseen notifications, kept like a session: until any write of
   * notifications is seen (this process's statements, other instances' through the database).
   */
  async unseenNotifications(userId: number, read: () => Promise<boolean>): Promise<boolean> {
    const now = Date.now();
    const known = this.#unseen.get(userId);
    if (known && known.until > now && this.#live()) return known.value;
    const generation = this.#unseenGeneration;
    const value = await read();
    if (generation === this.#unseenGeneration && this.#live()) {
      if (this.#unseen.size >= MAX_ENTRIES) this.#unseen.clear();
      this.#unseen.set(userId, { value, until: now + CACHE_MS });
    }
    return value;
  }

  forgetAll(): void {
    this.#entries.clear();
    this.#misses.clear();
    this.#generation++;
  }

  /** The session of a token as this instance holds it in memory, without asking the database. */
  held(token: string): Actor | undefined {
    const now = Date.now();
    const hit = this.#entries.get(token);
    if (hit && hit.until > now && hit.idleExpiresAt > now && hit.absoluteExpiresAt > now && this.#live())
      return hit.actor;
    return undefined;
  }

  /** Whether the token of this hash resolved to nothing a moment ago. */
  isMiss(tokenHash: string): boolean {
    return this.#live() && this.#misses.has(tokenHash);
  }

  /**
   * What `lookup` resolves the token of this hash to; nothing at once, without asking, for a token
   * that resolved to nothing a moment ago.
   */
  async resolve<T>(tokenHash: string, lookup: () => Promise<T | undefined>): Promise<T | undefined> {
    if (this.isMiss(tokenHash)) return undefined;
    const generation = this.#generation;
    const found = await lookup();
    if (found === undefined && generation === this.#generation && this.#live())
      this.#misses.set(tokenHash, true);
    return found;
  }

  async find(
    token: string,
    tokenHash: string,
    lookup: () => Promise<SessionLookup | undefined>,
  ): Promise<Actor | undefined> {
    const now = Date.now();
    const held = this.held(token);
    if (held) return held;
    this.#entries.delete(token);
    // A change seen while the lookup was on its way may not be in what it read: not kept then.
    const generation = this.#generation;
    const found = await this.resolve(tokenHash, lookup);
    if (found && generation === this.#generation && this.#live()) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(token, {
        actor: found.actor,
        until: now + CACHE_MS,
        idleExpiresAt: found.idleExpiresAt.getTime(),
        absoluteExpiresAt: found.absoluteExpiresAt.getTime(),
      });
    }
    return found?.actor;
  }

  /** Whether the session's idle expiry is to be extended now: not within a minute of the last time. */
  claimTouch(sessionId: number): boolean {
    const now = Date.now();
    const last = this.#touched.get(sessionId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return false;
    if (this.#touched.size >= MAX_ENTRIES) {
      for (const [id, at] of this.#touched) if (now - at >= TOUCH_EVERY_MS) this.#touched.delete(id);
      if (this.#touched.size >= MAX_ENTRIES) this.#touched.clear();
    }
    this.#touched.set(sessionId, now);
    return true;
  }
}

const caches = new WeakMap<object, SessionCache>();

/** The cache of the process's database; none for a transaction or a database without a change feed. */
export function sessionCacheOf(db: object): SessionCache | undefined {
  const existing = caches.get(db);
  if (existing) return existing;
  const changes = identityChangesOf(db);
  if (!changes) return undefined;
  const cache = new SessionCache(() => changes.live);
  changes.subscribe(() => cache.forgetAll());
  changes.subscribeNotifications(() => cache.forgetUnseen());
  caches.set(db, cache);
  return cache;
}
