import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export async function findUserByUsername(db: Executor, username: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return user;
}

export async function findUserById(db: Executor, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

export const LOGIN_FAILURE_LIMIT = 5;

/** Counts a failed login; the fifth in a row locks the account until reset_login_failures. */
export async function recordLoginFailure(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({
      loginFailures: sql`${users.loginFailures} + 1`,
      tooManyLoginFailures: sql`${users.loginFailures} + 1 >= ${LOGIN_FAILURE_LIMIT}`,
    })
    .where(eq(users.id, userId));
}

export async function clearLoginFailures(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ loginFailures: 0, tooManyLoginFailures: false }).where(eq(users.id, userId));
}

export async function setPassword(
  db: Executor,
  userId: number,
  passwordHash: string,
  options: { expired: boolean },
): Promise<void> {
  await db.update(users).set({ passwordHash, passwordExpired: options.expired }).where(eq(users.id, userId));
}
