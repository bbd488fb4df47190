import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { companiesLetIn } from '../../http/session';

export async function findUserByUsername(db: Executor, username: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return user;
}

/** False when every company of the user is deactivated (http/session.ts). */
export async function companiesLetUserIn(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ ok: companiesLetIn(sql`${userId}`) }).from(sql`(select 1) as one`);
  return row!.ok;
}

export async function findUserById(db: Executor, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

export async function setPassword(
  db: Executor,
  userId: number,
  passwordHash: string,
  options: { expired: boolean },
): Promise<void> {
  await db.update(users).set({ passwordHash, passwordExpired: options.expired }).where(eq(users.id, userId));
}

/** The user's sessions that can still be used, the latest used first. */
export async function listActiveSessions(db: Executor, userId: number) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(100);
}

/** Ends one session of the user's own; false when there is none such. */
export async function revokeOwnSession(db: Executor, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function revokeOtherSessions(
  db: Executor,
  userId: number,
  keepSessionId: number,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}
