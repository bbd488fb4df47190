// The outbox (named only by server/src/jobs), inbound warehouse event ids, rate-limit counters.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Work that leaves the process (warehouse sends, emails), claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    /** Idempotency key: one live job per key. */
    key: text().notNull(),
    payload: jsonb().notNull().default({}),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    doneAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.cancelledAt} is null`),
    index().on(t.kind, t.key),
    // One live job per kind and key: enqueue inserts ON CONFLICT DO NOTHING against it.
    uniqueIndex('jobs_live_key_idx')
      .on(t.kind, t.key)
      .where(sql`${t.doneAt} is null and ${t.cancelledAt} is null`),
    // Retention: jobs that ended, by when they ended.
    index('jobs_ended_idx').on(sql`coalesce(${t.doneAt}, ${t.cancelledAt})`),
  ],
);

/** Inbound warehouse events already applied (exactly once). */
export const wmsEvents = pgTable(
  'wms_events',
  {
    id: text().primaryKey(),
    receivedAt: createdAt(),
  },
  (t) => [index().on(t.receivedAt)],
);

/**
 * Hits per rate-limited key (a route and a client address) in the current window, kept in the
 * database so that every instance counts together (DESIGN.md §5: login attempts a minute).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
    hits: integer().notNull().default(0),
  },
  (t) => [index().on(t.windowStart)],
);
