import type { auth } from '@extranet/contract';
import { isLanguage } from '@extranet/contract';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { type Actor, createSession, findActor, revokeSession, revokeUserSessions } from '../../http/session';
import {
  clearLoginFailures,
  findUserById,
  findUserByUsername,
  recordLoginFailure,
  setPassword,
} from './auth.repository';
import { assertPasswordAllowed, hashPassword, verifyDummy, verifyPassword } from './password';

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
  };
}

async function openSession(deps: Deps, userId: number, limited: boolean): Promise<auth.Session> {
  const token = await createSession(deps.db, {
    userId,
    limited,
    idleMinutes: deps.config.SESSION_IDLE_MINUTES,
    absoluteDays: deps.config.SESSION_ABSOLUTE_DAYS,
  });
  const actor = await findActor(deps.db, token);
  if (!actor) throw new AppError('invalid_session');
  return toSession(actor);
}

export async function login(
  deps: Deps,
  options: { username: string; password: string },
): Promise<auth.Session> {
  const user = await findUserByUsername(deps.db, options.username);
  if (!user) {
    await verifyDummy(options.password);
    throw new AppError('auth_error');
  }
  if (user.tooManyLoginFailures) throw new AppError('too_many_login_failures');
  if (!(await verifyPassword(user.passwordHash, options.password))) {
    await recordLoginFailure(deps.db, user.id);
    throw new AppError('auth_error');
  }
  if (user.excluded) throw new AppError('user_excluded');
  if (user.loginFailures > 0) await clearLoginFailures(deps.db, user.id);
  return openSession(deps, user.id, user.passwordExpired);
}

export async function logout(deps: Deps, actor: Actor): Promise<void> {
  await revokeSession(deps.db, actor.sessionId);
}

/** A changed password ends every session of the user; the caller gets a fresh one. */
export async function changePasswordSelf(
  deps: Deps,
  actor: Actor,
  options: { passwordOld: string; passwordNew: string },
): Promise<auth.Session> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError('invalid_session');
  if (!(await verifyPassword(user.passwordHash, options.passwordOld))) throw new AppError('invalid_password');
  await assertPasswordAllowed(options.passwordNew, user);
  if (await verifyPassword(user.passwordHash, options.passwordNew)) throw new AppError('dublicate_password');
  const passwordHash = await hashPassword(options.passwordNew);
  await deps.db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash, { expired: false });
    await revokeUserSessions(tx, user.id);
  });
  return openSession(deps, user.id, false);
}
