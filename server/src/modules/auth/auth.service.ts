import { setTimeout as sleep } from 'node:timers/promises';
import type { auth } from '@extranet/contract';
import { isLanguage } from '@extranet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sessions, users } from '../../db/schema';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { type Actor, createSession, findActor, revokeSession, revokeUserSessions } from '../../http/session';
import {
  companiesLetUserIn,
  findUserById,
  findUserByUsername,
  listActiveSessions,
  revokeOtherSessions,
  revokeOwnSession,
  setPassword,
} from './auth.repository';
import { clearFailures, isLocked, LOGIN_FAILURE_LIMIT, loginDelayMs, recordFailure } from './lockout';
import { assertPasswordAllowed, hashPassword, verifyDummy, verifyPassword } from './password';
import {
  acceptedTotpStep,
  checkSecondFactor,
  decryptSecret,
  encryptSecret,
  isSecondFactorRequired,
  newTotpSecret,
  removeSecondFactor,
  replaceRecoveryCodes,
} from './second-factor';
import { queueSignInAlert } from './sign-in-alerts';
import { isSsoRequired } from './sso.repository';

export function toSession(actor: Actor): auth.Session {
  return {
    session_code: actor.token,
    session_limited: actor.limited,
    lang: isLanguage(actor.lang) ? actor.lang : 'en',
    fio: actor.fio,
    username: actor.username,
    email: actor.email,
    user_id: actor.userId,
    role: actor.role,
    has_new_notifications: actor.hasNewNotifications,
    umgr: actor.permissions.has('umgr'),
    cmgr: actor.permissions.has('cmgr'),
    stck: actor.permissions.has('stck'),
    pord: actor.permissions.has('pord'),
    sord: actor.permissions.has('sord'),
    reps: actor.permissions.has('reps'),
    second_factor_setup: actor.secondFactorSetup,
  };
}

export type Client = { userAgent?: string; address: string };

/** Where a request comes from, for the user's list of sessions and the sign-in lock. */
export function clientOf(request: FastifyRequest): Client {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : undefined, address: request.ip };
}

/**
 * A new session of a user who has signed in. A single sign-on (`sso`) is not limited by an expired
 * password it did not use, and one whose provider did a second factor needs no setup of another.
 */
export async function openSession(
  deps: Deps,
  user: { id: number; passwordExpired: boolean; totpEnabledAt: Date | null },
  client: Client,
  sso?: { secondFactorDone: boolean },
): Promise<auth.Session> {
  const secondFactorSetup =
    !user.totpEnabledAt && !sso?.secondFactorDone && (await isSecondFactorRequired(deps.db, user.id));
  const token = await createSession(deps.db, {
    userId: user.id,
    limited: sso ? false : user.passwordExpired,
    secondFactorSetup,
    idleMinutes: deps.config.SESSION_IDLE_MINUTES,
    absoluteDays: deps.config.SESSION_ABSOLUTE_DAYS,
    client,
  });
  const actor = await findActor(deps.db, token);
  if (!actor) throw new AppError('invalid_session');
  return toSession(actor);
}

/**
 * Counts a wrong password of the username at the client's address (lockout.ts), and tells the user
 * by mail when the failures of a burst reach the limit, in one transaction.
 */
async function countWrongPassword(deps: Deps, options: { username: string; address: string }) {
  const lockMinutes = deps.config.LOGIN_LOCK_MINUTES;
  await deps.db.transaction(async (tx) => {
    const { burst } = await recordFailure(tx, { ...options, lockMinutes });
    if (burst === LOGIN_FAILURE_LIMIT) {
      await queueSignInAlert(tx, {
        alert: 'failures',
        user: { username: options.username },
        failures: burst,
        address: options.address,
        lockMinutes,
      });
    }
  });
}

/**
 * Sign-in (DESIGN.md §5, docs/decisions.md 'Sign-in'). Failures count per username whether it
 * exists or not, and every answer before the session costs one password verification, so neither
 * the lock nor the timing tells which usernames exist. A burst of failures from anywhere slows
 * every sign-in of the username; the lock holds at the addresses that failed. A username locked
 * at this address answers too_many_login_failures, unless the request carries the right password
 * and a valid second factor: a lock someone else caused never keeps out a user who has one. Wrong
 * second-factor codes count per user whatever the lock (second-factor.ts).
 */
export async function login(
  deps: Deps,
  options: { username: string; password: string; otp?: string; client: Client },
): Promise<auth.Session> {
  const { db, config, secretKey } = deps;
  const address = options.client.address;
  const attempt = { username: options.username, address };
  const delay = await loginDelayMs(db, {
    username: options.username,
    lockMinutes: config.LOGIN_LOCK_MINUTES,
    maxMs: config.LOGIN_DELAY_MAX_MS,
  });
  if (delay > 0) await sleep(delay);
  const user = await findUserByUsername(db, options.username);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, options.password);
  else await verifyDummy(options.password);
  const locked = await isLocked(db, attempt);

  if (!user || !passwordOk) {
    if (locked) throw new AppError('too_many_login_failures');
    await countWrongPassword(deps, attempt);
    throw new AppError('auth_error');
  }
  const checkCode = (code: string) =>
    checkSecondFactor(db, {
      key: secretKey,
      userId: user.id,
      code,
      lockMinutes: config.LOGIN_LOCK_MINUTES,
      address,
    });
  if (locked) {
    if (!user.totpEnabledAt || options.otp === undefined) throw new AppError('too_many_login_failures');
    if ((await checkCode(options.otp)) !== 'accepted') throw new AppError('too_many_login_failures');
  } else {
    if (user.excluded) throw new AppError('user_excluded');
    if (await isSsoRequired(db, user.id)) throw new AppError('sso_required');
    if (user.totpEnabledAt) {
      if (options.otp === undefined) throw new AppError('second_factor_required');
      const outcome = await checkCode(options.otp);
      if (outcome === 'locked') throw new AppError('too_many_login_failures');
      if (outcome === 'invalid') throw new AppError('second_factor_invalid');
    }
  }
  if (user.excluded) throw new AppError('user_excluded');
  // A company that requires single sign-on refuses its users' passwords, once they are right.
  if (await isSsoRequired(db, user.id)) throw new AppError('sso_required');
  if (!(await companiesLetUserIn(db, user.id))) throw new AppError('company_disabled');
  await clearFailures(db, user.username, { address });
  return openSession(deps, user, options.client);
}

export async function logout(deps: Deps, actor: Actor): Promise<void> {
  await revokeSession(deps.db, actor.sessionId);
}

/**
 * The current password of a signed-in user, asked before a change that a stolen session must not
 * make alone. Wrong ones count like failed sign-ins at the client's address, so a stolen session
 * cannot guess the password.
 */
async function assertCurrentPassword(
  deps: Deps,
  options: { user: { username: string; passwordHash: string }; password: string; address: string },
): Promise<void> {
  const attempt = { username: options.user.username, address: options.address };
  if (await isLocked(deps.db, attempt)) throw new AppError('too_many_login_failures');
  if (!(await verifyPassword(options.user.passwordHash, options.password))) {
    await countWrongPassword(deps, attempt);
    throw new AppError('invalid_password');
  }
}

/** A changed password ends every session of the user; the caller gets a fresh one. */
export async function changePasswordSelf(
  deps: Deps,
  options: { actor: Actor; passwordOld: string; passwordNew: string; client: Client },
): Promise<auth.Session> {
  const user = await findUserById(deps.db, options.actor.userId);
  if (!user) throw new AppError('invalid_session');
  await assertCurrentPassword(deps, { user, password: options.passwordOld, address: options.client.address });
  await clearFailures(deps.db, user.username, { address: options.client.address });
  await assertPasswordAllowed(options.passwordNew, user);
  if (await verifyPassword(user.passwordHash, options.passwordNew)) throw new AppError('dublicate_password');
  const passwordHash = await hashPassword(options.passwordNew);
  await deps.db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash, { expired: false });
    await revokeUserSessions(tx, user.id);
  });
  return openSession(deps, { ...user, passwordExpired: false }, options.client);
}

// ---------------------------------------------------------------- second factor

/** A new secret, pending until confirmed; a second factor already on is not replaced. */
export async function beginTotp(deps: Deps, actor: Actor): Promise<auth.BeginTotpResponse> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('invalid_session');
  if (user.totpEnabledAt) throw new AppError('second_factor_already_on');
  const created = await newTotpSecret(user.username);
  await deps.db
    .update(users)
    .set({ totpSecret: encryptSecret(deps.secretKey, created.secret), totpLastStep: null })
    .where(eq(users.id, user.id));
  return { secret: created.secret, otpauth_url: created.otpauthUrl, qr_svg: created.qrSvg };
}

/**
 * Turns the pending secret on with a first code and the current password (a stolen session alone
 * must not bind the account to an attacker's phone); the setup a company requires is then done.
 * The first code's step counts as used.
 */
export async function confirmTotp(
  deps: Deps,
  options: { actor: Actor; code: string; password: string; address: string },
): Promise<auth.RecoveryCodesResponse> {
  const user = await findUserById(deps.db, options.actor.userId);
  if (!user) throw new AppError('invalid_session');
  if (user.totpEnabledAt) throw new AppError('second_factor_already_on');
  await assertCurrentPassword(deps, { user, password: options.password, address: options.address });
  if (!user.totpSecret) throw new AppError('second_factor_not_set_up');
  const step = await acceptedTotpStep(decryptSecret(deps.secretKey, user.totpSecret), options.code);
  if (step === null) throw new AppError('second_factor_invalid');
  return deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()`, totpLastStep: step })
      .where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ secondFactorSetup: false })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    return { recovery_codes: await replaceRecoveryCodes(tx, deps.secretKey, user.id) };
  });
}

export async function disableTotp(
  deps: Deps,
  options: { actor: Actor; password: string; address: string },
): Promise<void> {
  const user = await findUserById(deps.db, options.actor.userId);
  if (!user) throw new AppError('invalid_session');
  await assertCurrentPassword(deps, { user, password: options.password, address: options.address });
  if (await isSecondFactorRequired(deps.db, user.id)) throw new AppError('second_factor_required_by_company');
  await deps.db.transaction((tx) => removeSecondFactor(tx, user.id));
}

// ---------------------------------------------------------------- sessions

export async function listSessions(deps: Deps, actor: Actor) {
  const rows = await listActiveSessions(deps.db, actor.userId);
  return {
    items: rows.map((row) => ({
      session_id: row.id,
      current: row.id === actor.sessionId,
      user_agent: row.userAgent,
      address: row.address,
      created: row.createdAt,
      last_used: row.lastUsedAt,
    })),
  };
}

export async function endSession(deps: Deps, actor: Actor, sessionId: number): Promise<void> {
  const ended = await revokeOwnSession(deps.db, actor.userId, sessionId);
  if (!ended) throw new AppError('session_not_found');
}

export async function endOtherSessions(deps: Deps, actor: Actor): Promise<{ count: number }> {
  return { count: await revokeOtherSessions(deps.db, actor.userId, actor.sessionId) };
}
