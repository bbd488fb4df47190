import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { loadDemoData } from './demo';

/** Loads the demo data on a fresh database only: a database with any user is left as it is. */
export async function loadDemoIfEmpty(db: Db, log: FastifyBaseLogger): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if ((row?.count ?? 0) > 0) return false;
  const started = Date.now();
  await loadDemoData(db);
  log.info({ ms: Date.now() - started }, 'demo data loaded');
  return true;
}
