import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, ssoSignIns, userCompanies, users } from '../../db/schema';

/** A trip to the provider, found again by its state's hash when the browser comes back. */
export async function insertSsoStart(
  db: Executor,
  values: { stateHash: string; nonce: string; codeVerifier: string; minutes: number },
): Promise<void> {
  await db.delete(ssoSignIns).where(lte(ssoSignIns.expiresAt, sql`now()`));
  await db.insert(ssoSignIns).values({
    stateHash: values.stateHash,
    nonce: values.nonce,
    codeVerifier: values.codeVerifier,
    expiresAt: sql`now() + make_interval(mins => ${values.minutes})`,
  });
}

/** Takes the trip of a state once: a second callback with the same state finds nothing. */
export async function takeSsoStart(db: Executor, stateHash: string) {
  const [row] = await db
    .delete(ssoSignIns)
    .where(and(eq(ssoSignIns.stateHash, stateHash), gt(ssoSignIns.expiresAt, sql`now()`)))
    .returning({ nonce: ssoSignIns.nonce, codeVerifier: ssoSignIns.codeVerifier });
  return row?.nonce && row.codeVerifier ? { nonce: row.nonce, codeVerifier: row.codeVerifier } : undefined;
}

export async function insertSsoHandoff(
  db: Executor,
  values: { handoffHash: string; userId: number; secondFactorDone: boolean; minutes: number },
): Promise<void> {
  await db.insert(ssoSignIns).values({
    handoffHash: values.handoffHash,
    userId: values.userId,
    secondFactorDone: values.secondFactorDone,
    expiresAt: sql`now() + make_interval(mins => ${values.minutes})`,
  });
}

export async function findSsoHandoff(db: Executor, handoffHash: string) {
  const [row] = await db
    .select({ id: ssoSignIns.id, userId: ssoSignIns.userId, secondFactorDone: ssoSignIns.secondFactorDone })
    .from(ssoSignIns)
    .where(and(eq(ssoSignIns.handoffHash, handoffHash), gt(ssoSignIns.expiresAt, sql`now()`)));
  return row?.userId ? { id: row.id, userId: row.userId, secondFactorDone: row.secondFactorDone } : undefined;
}

/** Uses a handoff up; false when a parallel exchange took it first. */
export async function deleteSsoHandoff(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(ssoSignIns).where(eq(ssoSignIns.id, id)).returning({ id: ssoSignIns.id });
  return rows.length > 0;
}

export async function findUserBySsoSubject(db: Executor, subject: string) {
  const [user] = await db.select().from(users).where(eq(users.ssoSubject, subject));
  return user;
}

/** The users with this e-mail address not yet tied to a subject (the caller wants exactly one). */
export async function findUnboundUsersByEmail(db: Executor, email: string) {
  return db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.ssoSubject)))
    .limit(2);
}

/** Ties a user to the subject, unless another subject got there first. */
export async function bindSsoSubject(db: Executor, userId: number, subject: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ssoSubject: subject })
    .where(and(eq(users.id, userId), isNull(users.ssoSubject)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findCompanyIdByName(db: Executor, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  return row?.id;
}

/** Does a company of the user require single sign-on? */
export async function isSsoRequired(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(and(eq(userCompanies.userId, userId), eq(companies.ssoRequired, true)))
    .limit(1);
  return row !== undefined;
}
