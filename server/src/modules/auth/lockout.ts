import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginFailures, users } from '../../db/schema';

/** Five failed sign-ins in a row lock a username (DESIGN.md §5) for LOGIN_LOCK_MINUTES. */
export const LOGIN_FAILURE_LIMIT = 5;

/** Failures count per lower-cased username, whether a user has that name or not. */
const keyOf = (username: string) => username.trim().toLowerCase();

/** Is the username locked now? A lock whose time is over is no lock. */
export async function isLocked(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ locked: sql<boolean>`coalesce(${loginFailures.lockedUntil} > now(), false)` })
    .from(loginFailures)
    .where(eq(loginFailures.usernameKey, keyOf(username)));
  return row?.locked ?? false;
}

/**
 * Counts a failed sign-in (a wrong password, a wrong second factor, a wrong current password on a
 * change). The fifth in a row locks the username until `lockMinutes` have passed; after a lock has
 * run out the count starts again. The user's flag of SPEC.md follows the lock.
 */
export async function recordFailure(db: Executor, username: string, lockMinutes: number): Promise<void> {
  const key = keyOf(username);
  const expired = sql`${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= now()`;
  const failures = sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`;
  const [row] = await db
    .insert(loginFailures)
    .values({
      usernameKey: key,
      failures: 1,
      lockedUntil: null,
    })
    .onConflictDoUpdate({
      target: loginFailures.usernameKey,
      set: {
        failures,
        lockedUntil: sql`case when ${failures} >= ${LOGIN_FAILURE_LIMIT} then now() + make_interval(mins => ${lockMinutes}) when ${expired} then null else ${loginFailures.lockedUntil} end`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
  await db
    .update(users)
    .set({ loginFailures: row!.failures, tooManyLoginFailures: row!.lockedUntil !== null })
    .where(sql`lower(${users.username}) = ${key}`);
}

/** A successful sign-in, or an administrator's reset, clears the count and the lock. */
export async function clearFailures(db: Executor, username: string): Promise<void> {
  const key = keyOf(username);
  await db.delete(loginFailures).where(eq(loginFailures.usernameKey, key));
  await db
    .update(users)
    .set({ loginFailures: 0, tooManyLoginFailures: false })
    .where(
      sql`lower(${users.username}) = ${key} and (${users.loginFailures} <> 0 or ${users.tooManyLoginFailures})`,
    );
}

/** The SPEC.md flag as it is now: locked, and the lock has not run out. */
export function lockedNowSql(usernameColumn: typeof users.username) {
  return sql<boolean>`exists (select 1 from ${loginFailures} where ${loginFailures.usernameKey} = lower(${usernameColumn}) and ${loginFailures.lockedUntil} > now())`;
}
