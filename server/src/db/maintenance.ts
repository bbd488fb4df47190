import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from './client';
import { isDatabaseUnavailable } from './errors';

/**
 * VACUUM (ANALYZE) of every table of the embedded database, one table a statement: PGlite runs
 * PostgreSQL as a single backend, without the autovacuum that a PostgreSQL server runs by itself.
 * Without it the planner's statistics stay those of the database's first day (a search planned
 * for 100 orders at 100,000), dead row versions of changed orders are never reclaimed and no page
 * is marked all-visible for index-only scans. One table at a time, so the calls waiting for the
 * one backend get it between tables (at 100,000 orders a round of 56 tables takes 2–3 s in all).
 * A table that fails is logged and the others go on; the database going away ends the round.
 */
export async function maintainEmbeddedDatabase(db: Executor, log: FastifyBaseLogger): Promise<number> {
  const result = (await db.execute(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  )) as unknown as { rows: Array<{ name: string }> };
  const started = performance.now();
  let done = 0;
  for (const { name } of result.rows) {
    try {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
      done += 1;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      log.warn(
        { table: name, error: (error as Error).message },
        'embedded database maintenance skipped a table',
      );
    }
  }
  log.info(
    { tables: done, ms: Math.round(performance.now() - started) },
    'embedded database vacuumed and analyzed',
  );
  return done;
}
