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
import { clearFailures, isLocked, recordFailure } from './lockout';
import { assertPasswordAllowed, hashPassword, verifyDummy, verifyPassword } from './password';
import {
  checkSecondFactor,
  decryptSecret,
  encryptSecret,
  isSecondFactorRequired,
  isValidTotp,
  newTotpSecret,
  removeSecondFactor,
  replaceRecoveryCodes,
} from './second-factor';

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

type Client = { userAgent?: string; address?: string };

/** Where a request comes from, for the user's list of sessions. */
export function clientOf(request: FastifyRequest): Client {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : undefined, address: request.ip };
}

async function openSession(
  deps: Deps,
  user: { id: number; passwordExpired: boolean; totpEnabledAt: Date | null },
  client: Client,
): Promise<auth.Session> {
  const secondFactorSetup = !user.totpEnabledAt && (await isSecondFactorRequired(deps.db, user.id));
  const token = await createSession(deps.db, {
    userId: user.id,
    limited: user.passwordExpired,
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
 * Sign-in (DESIGN.md §5, docs/decisions.md 'Sign-in'). Failures count per username whether it
 * exists or not, and every answer before the session costs one password verification, so neither
 * the lock nor the timing tells which usernames exist. A locked username answers
 * too_many_login_failures, unless the request carries the right password and a valid second
 * factor: a lock someone else caused never keeps out a user who has one.
 */
export async function login(
  deps: Deps,
  options: { username: string; password: string; otp?: string },
  client: Client,
): Promise<auth.Session> {
  const { db, config, secretKey } = deps;
  const user = await findUserByUsername(db, options.username);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, options.password);
  else await verifyDummy(options.password);
  const hasSecondFactor = Boolean(user?.totpEnabledAt);

  if (await isLocked(db, options.username)) {
    const passes =
      user && passwordOk && hasSecondFactor && options.otp !== undefined
        ? await checkSecondFactor(db, secretKey, user, options.otp)
        : false;
    if (!passes) throw new AppError('too_many_login_failures');
  } else {
    if (!user || !passwordOk) {
      await recordFailure(db, options.username, config.LOGIN_LOCK_MINUTES);
      throw new AppError('auth_error');
    }
    if (user.excluded) throw new AppError('user_excluded');
    if (hasSecondFactor) {
      if (options.otp === undefined) throw new AppError('second_factor_required');
      if (!(await checkSecondFactor(db, secretKey, user, options.otp))) {
        await recordFailure(db, options.username, config.LOGIN_LOCK_MINUTES);
        throw new AppError('second_factor_invalid');
      }
    }
  }
  if (user!.excluded) throw new AppError('user_excluded');
  if (!(await companiesLetUserIn(db, user!.id))) throw new AppError('company_disabled');
  await clearFailures(db, user!.username);
  return openSession(deps, user!, client);
}

export async function logout(deps: Deps, actor: Actor): Promise<void> {
  await revokeSession(deps.db, actor.sessionId);
}

/**
 * A changed password ends every session of the user; the caller gets a fresh one. Wrong current
 * passwords count like failed sign-ins, so a stolen session cannot guess the password.
 */
export async function changePasswordSelf(
  deps: Deps,
  actor: Actor,
  options: { passwordOld: string; passwordNew: string },
  client: Client,
): Promise<auth.Session> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('invalid_session');
  if (await isLocked(deps.db, user.username)) throw new AppError('too_many_login_failures');
  if (!(await verifyPassword(user.passwordHash, options.passwordOld))) {
    await recordFailure(deps.db, user.username, deps.config.LOGIN_LOCK_MINUTES);
    throw new AppError('invalid_password');
  }
  await clearFailures(deps.db, user.username);
  await assertPasswordAllowed(options.passwordNew, user);
  if (await verifyPassword(user.passwordHash, options.passwordNew)) throw new AppError('dublicate_password');
  const passwordHash = await hashPassword(options.passwordNew);
  await deps.db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash, { expired: false });
    await revokeUserSessions(tx, user.id);
  });
  return openSession(deps, { ...user, passwordExpired: false }, client);
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
    .set({ totpSecret: encryptSecret(deps.secretKey, created.secret) })
    .where(eq(users.id, user.id));
  return { secret: created.secret, otpauth_url: created.otpauthUrl, qr_svg: created.qrSvg };
}

/** Turns the pending secret on with a first code; the setup a company requires is then done. */
export async function confirmTotp(
  deps: Deps,
  actor: Actor,
  code: string,
): Promise<auth.RecoveryCodesResponse> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('invalid_session');
  if (user.totpEnabledAt) throw new AppError('second_factor_already_on');
  if (!user.totpSecret) throw new AppError('second_factor_not_set_up');
  if (!(await isValidTotp(decryptSecret(deps.secretKey, user.totpSecret), code))) {
    throw new AppError('second_factor_invalid');
  }
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: sql`now()` }).where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ secondFactorSetup: false })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    return { recovery_codes: await replaceRecoveryCodes(tx, deps.secretKey, user.id) };
  });
}

export async function disableTotp(deps: Deps, actor: Actor, password: string): Promise<void> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('invalid_session');
  if (await isLocked(deps.db, user.username)) throw new AppError('too_many_login_failures');
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordFailure(deps.db, user.username, deps.config.LOGIN_LOCK_MINUTES);
    throw new AppError('invalid_password');
  }
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
