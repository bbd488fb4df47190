import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginAddressFailures, loginFailures, secondFactorFailures, users } from '../../db/schema';

/**
 * The sign-in lock (DESIGN.md §5, docs/decisions.md 'Sign-in'). Five failed sign-ins in a row of a
 * username from one client address lock the username at that address for LOGIN_LOCK_MINUTES; the
 * same failures also count per username, from every address, and past five they make every
 * sign-in of the username wait a little longer (loginDelayMs): a stranger elsewhere can slow the
 * user down but never keep them out.
 */
export const LOGIN_FAILURE_LIMIT = 5;
/** The first wait past the limit, doubled with each further failure (up to LOGIN_DELAY_MAX_MS). */
const DELAY_BASE_MS = 250;

/** Failures count per lower-cased username, whether a user has that name or not. */
const keyOf = (username: string) => username.trim().toLowerCase();

interface Attempt {
  username: string;
  /** The client address as the server sees it (TRUST_PROXY). */
  address: string;
}

/** Is the username locked at this address now? A lock whose time is over is no lock. */
export async function isLocked(db: Executor, attempt: Attempt): Promise<boolean> {
  const [row] = await db
    .select({ locked: sql<boolean>`coalesce(${loginAddressFailures.lockedUntil} > now(), false)` })
    .from(loginAddressFailures)
    .where(
      and(
        eq(loginAddressFailures.usernameKey, keyOf(attempt.username)),
        eq(loginAddressFailures.address, attempt.address),
      ),
    );
  return row?.locked ?? false;
}

/** The wait before a sign-in of a username that has seen `failures` in its burst. */
export function delayForFailures(failures: number, maxMs: number): number {
  if (failures < LOGIN_FAILURE_LIMIT) return 0;
  return Math.min(maxMs, DELAY_BASE_MS * 2 ** Math.min(failures - LOGIN_FAILURE_LIMIT, 20));
}

/** How long a sign-in of the username waits now, whatever address it comes from. */
export async function loginDelayMs(
  db: Executor,
  options: { username: string; lockMinutes: number; maxMs: number },
): Promise<number> {
  const [row] = await db
    .select({ failures: loginFailures.failures })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.usernameKey, keyOf(options.username)),
        sql`${loginFailures.lastFailureAt} > now() - make_interval(mins => ${options.lockMinutes})`,
      ),
    );
  return delayForFailures(row?.failures ?? 0, options.maxMs);
}

/**
 * Counts a failed sign-in (a wrong password, or a wrong current password on a change) of the
 * username at the address. The fifth in a row from the address locks the username there until
 * `lockMinutes` have passed; after a lock has run out that address's count starts again. The
 * username's own count is of its burst: failures with no pause of `lockMinutes` between them.
 * Answers the burst's count, so that the caller can tell the user when it reaches the limit.
 */
export async function recordFailure(
  db: Executor,
  options: Attempt & { lockMinutes: number },
): Promise<{ burst: number }> {
  const key = keyOf(options.username);
  const lockRunOut = sql`${loginAddressFailures.lockedUntil} is not null and ${loginAddressFailures.lockedUntil} <= now()`;
  const inARow = sql`case when ${lockRunOut} then 1 else ${loginAddressFailures.failures} + 1 end`;
  const [atAddress] = await db
    .insert(loginAddressFailures)
    .values({ usernameKey: key, address: options.address, failures: 1 })
    .onConflictDoUpdate({
      target: [loginAddressFailures.usernameKey, loginAddressFailures.address],
      set: {
        failures: inARow,
        lockedUntil: sql`case when ${inARow} >= ${LOGIN_FAILURE_LIMIT} then now() + make_interval(mins => ${options.lockMinutes}) when ${lockRunOut} then null else ${loginAddressFailures.lockedUntil} end`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ lockedUntil: loginAddressFailures.lockedUntil });
  // Other addresses' locks that have run out mean nothing any more.
  await db
    .delete(loginAddressFailures)
    .where(
      and(
        eq(loginAddressFailures.usernameKey, key),
        ne(loginAddressFailures.address, options.address),
        lte(loginAddressFailures.lockedUntil, sql`now()`),
      ),
    );
  const pauseOver = sql`${loginFailures.lastFailureAt} <= now() - make_interval(mins => ${options.lockMinutes})`;
  const [burst] = await db
    .insert(loginFailures)
    .values({ usernameKey: key, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.usernameKey,
      set: {
        failures: sql`case when ${pauseOver} then 1 else ${loginFailures.failures} + 1 end`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ failures: loginFailures.failures });
  const update: { loginFailures: number; tooManyLoginFailures?: boolean } = {
    loginFailures: burst!.failures,
  };
  if (atAddress!.lockedUntil !== null) update.tooManyLoginFailures = true;
  await db.update(users).set(update).where(sql`lower(${users.username}) = ${key}`);
  return { burst: burst!.failures };
}

/**
 * A successful sign-in clears the username's burst and the lock of its own address; other
 * addresses stay locked until their time runs out. Without an address (an administrator's reset),
 * every count of the username goes, the second factor's too.
 */
export async function clearFailures(db: Executor, username: string, options: { address?: string } = {}) {
  const key = keyOf(username);
  await db.delete(loginFailures).where(eq(loginFailures.usernameKey, key));
  const ofUser = sql`lower(${users.username}) = ${key}`;
  if (options.address === undefined) {
    await db.delete(loginAddressFailures).where(eq(loginAddressFailures.usernameKey, key));
    await db
      .delete(secondFactorFailures)
      .where(sql`${secondFactorFailures.userId} in (select ${users.id} from ${users} where ${ofUser})`);
  } else {
    await db
      .delete(loginAddressFailures)
      .where(
        and(eq(loginAddressFailures.usernameKey, key), eq(loginAddressFailures.address, options.address)),
      );
  }
  await db
    .update(users)
    .set({ loginFailures: 0, tooManyLoginFailures: sql`${lockedNowSql()}` })
    .where(sql`${ofUser} and (${users.loginFailures} <> 0 or ${users.tooManyLoginFailures})`);
}

/**
 * The SPEC.md flag as it is now: the username is locked at some address, or its second factor is
 * locked, and the lock has not run out. Read beside the `users` table.
 */
export function lockedNowSql() {
  return sql<boolean>`(exists (select 1 from ${loginAddressFailures} where ${loginAddressFailures.usernameKey} = lower(${users.username}) and ${loginAddressFailures.lockedUntil} > now()) or exists (select 1 from ${secondFactorFailures} where ${secondFactorFailures.userId} = ${users.id} and ${secondFactorFailures.lockedUntil} > now()))`;
}
