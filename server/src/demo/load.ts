import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { loadDemoData } from './demo';

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(users).limit(1);
  return row !== undefined;
}

/** Loads the demo data on a fresh database only: a database with any user is left as it is. */
export async function loadDemoIfEmpty(db: Db, log: FastifyBaseLogger): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const started = Date.now();
  await loadDemoData(db);
  log.info({ ms: Date.now() - started }, 'demo data loaded');
  return true;
}
