import {
  type auth,
  isLanguage,
  NOTIFICATION_TYPES,
  type NotificationType,
  PERMISSIONS,
  type Permission,
  ROLE_ADMIN,
  roleRank,
} from '@extranet/contract';
import type { Executor } from '../../db/client';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { type ListQuery, toPage } from '../../http/lists';
import { type Actor, revokeCompanySessions, revokeUserSessions } from '../../http/session';
import { clearFailures } from './lockout';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './password';
import { removeSecondFactor } from './second-factor';
import {
  emailRateExists,
  existingCompanyIds,
  findUserDetails,
  insertUser,
  isUserVisible,
  listCompanies,
  listUsers as listUserRows,
  replaceUserCompanies,
  replaceUserNotificationTypes,
  replaceUserPermissions,
  setCompanySecondFactorRequired,
  setCompanySsoRequired,
  type UserDetails,
  type UserScope,
  updateUser,
  usernameTaken,
} from './users.repository';

/** Role 99 sees every user and company; everyone else only those of their own companies. */
export function scopeOf(actor: Actor): UserScope {
  return actor.isAdmin ? {} : { companyIds: actor.companyIds };
}

/**
 * DESIGN.md §4: the actor has umgr, the target is someone else, the target's role is not above the
 * actor's, and (unless the actor is role 99) every company of the target is one of the actor's.
 * Also, the target holds no permission the actor lacks: whoever can set a user's password can
 * sign in as that user, so managing someone must never reach rights the actor does not hold.
 */
export function isManageable(actor: Actor, target: ManageTarget): boolean {
  if (!actor.permissions.has('umgr') || target.id === actor.userId) return false;
  if (roleRank(target.roleId) > roleRank(actor.role)) return false;
  if (!target.permissions.every((p) => actor.permissions.has(p as Permission))) return false;
  return actor.isAdmin || target.companyIds.every((id) => actor.companyIds.includes(id));
}

interface ManageTarget {
  id: number;
  roleId: number;
  companyIds: number[];
  permissions: readonly string[];
}

const manageTarget = (details: UserDetails): ManageTarget => ({
  id: details.user.id,
  roleId: details.user.roleId,
  companyIds: details.companies.map((c) => c.company_id),
  permissions: details.permissions,
});

/**
 * A user's companies that the actor may see: another company behaves as none (DESIGN.md §4), so a
 * shared user shows only the companies the actor also has; role 99 sees them all.
 */
function visibleCompanies(actor: Actor, companies: auth.Company[]): auth.Company[] {
  return actor.isAdmin ? companies : companies.filter((c) => actor.companyIds.includes(c.company_id));
}

function toProfile(actor: Actor, details: UserDetails): auth.UserProfile {
  const { user } = details;
  return {
    user_id: user.id,
    username: user.username,
    fio: user.fio,
    email: user.email,
    lang: isLanguage(user.lang) ? user.lang : 'en',
    role: user.roleId,
    companies: visibleCompanies(actor, details.companies),
    permissions: details.permissions.filter((p): p is Permission => PERMISSIONS.includes(p as Permission)),
    email_rate: user.emailRateId,
    notifications: details.notifications.filter((n): n is NotificationType =>
      NOTIFICATION_TYPES.includes(n as NotificationType),
    ),
    excluded: user.excluded,
    password_expired: user.passwordExpired,
    too_many_login_failures: details.lockedNow,
    manageable: isManageable(actor, manageTarget(details)),
    second_factor: user.totpEnabledAt !== null,
  };
}

/** A user the actor can see, or invalid_user_id: another company's user behaves as none. */
async function loadVisibleUser(db: Executor, actor: Actor, userId: number): Promise<UserDetails> {
  if (userId !== actor.userId && !(await isUserVisible(db, scopeOf(actor), userId))) {
    throw new AppError('invalid_user_id');
  }
  const details = await findUserDetails(db, userId);
  if (!details) throw new AppError('invalid_user_id');
  return details;
}

async function loadManageableUser(db: Executor, actor: Actor, userId: number): Promise<UserDetails> {
  const details = await loadVisibleUser(db, actor, userId);
  if (!isManageable(actor, manageTarget(details))) {
    throw new AppError('permission_required');
  }
  return details;
}

/** An actor grants only roles, companies and permissions it holds itself. */
async function assertGrantable(
  db: Executor,
  actor: Actor,
  grant: { role: number; companies: number[]; permissions?: Permission[] },
) {
  if (roleRank(grant.role) > roleRank(actor.role))
    throw new AppError('permission_required', { role: grant.role });
  if (grant.role !== ROLE_ADMIN && grant.companies.length === 0) throw new AppError('no_companies_specified');
  const unique = [...new Set(grant.companies)];
  const existing = await existingCompanyIds(db, unique);
  const refused = unique.filter(
    (id) => !existing.includes(id) || (!actor.isAdmin && !actor.companyIds.includes(id)),
  );
  if (refused.length) throw new AppError('company_not_permitted', { companies: refused });
  const lacking = (grant.permissions ?? []).filter((p) => !actor.permissions.has(p));
  if (lacking.length) throw new AppError('permissions_error', { permissions: lacking });
}

export async function listUsers(deps: Deps, actor: Actor, query: auth.ListUsersRequest) {
  const { rows, total } = await listUserRows(deps.db, scopeOf(actor), query);
  return toPage(rows, query, total);
}

export async function listLinkedCompanies(
  deps: Deps,
  actor: Actor,
  query: ListQuery<'name'> & { filters: { company_id_list?: number[]; smart?: string } },
) {
  const { rows, total } = await listCompanies(deps.db, scopeOf(actor), query);
  return toPage(rows, query, total);
}

export async function getProfile(deps: Deps, actor: Actor, userId: number) {
  return toProfile(actor, await loadVisibleUser(deps.db, actor, userId));
}

export function getAddUserDefaults(actor: Actor) {
  return { role: 1, companies: actor.companyIds.length === 1 ? [...actor.companyIds] : [] };
}

/** The user, their companies and permissions are written together: all of them or nothing. */
export async function addUser(deps: Deps, actor: Actor, input: auth.AddUserRequest) {
  await assertPasswordAllowed(input.password, { username: input.username });
  const permissions = [...new Set(input.permissions)];
  await assertGrantable(deps.db, actor, { role: input.role, companies: input.companies, permissions });
  if (await usernameTaken(deps.db, input.username)) throw new AppError('dublicate_username');
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      username: input.username,
      fio: input.fio || null,
      email: input.email ?? null,
      passwordHash,
      passwordExpired: true,
      roleId: input.role,
      lang: actor.lang,
    });
    await replaceUserCompanies(tx, id, [...new Set(input.companies)]);
    await replaceUserPermissions(tx, id, permissions);
    await replaceUserNotificationTypes(tx, id, [...NOTIFICATION_TYPES]);
    return id;
  });
  return { user_id: userId };
}

export async function changeGeneral(
  deps: Deps,
  actor: Actor,
  userId: number,
  input: auth.ChangeGeneralRequest,
) {
  if (userId !== actor.userId) await loadManageableUser(deps.db, actor, userId);
  await updateUser(deps.db, userId, { fio: input.fio || null, email: input.email, lang: input.lang });
}

export async function changeUsername(deps: Deps, actor: Actor, userId: number, username: string) {
  await loadManageableUser(deps.db, actor, userId);
  if (await usernameTaken(deps.db, username, userId)) throw new AppError('dublicate_username');
  await updateUser(deps.db, userId, { username });
}

export async function changeAccess(deps: Deps, actor: Actor, input: auth.ChangeAccessRequest) {
  await loadManageableUser(deps.db, actor, input.user_id);
  const permissions = [...new Set(input.permissions)];
  await assertGrantable(deps.db, actor, { role: input.role, companies: input.companies, permissions });
  // The companies sent replace all of the target's: none is one the actor cannot see, since a user
  // with such a company is not manageable (refused above) and role 99 sees every company.
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, input.user_id, { roleId: input.role });
    await replaceUserCompanies(tx, input.user_id, [...new Set(input.companies)]);
    await replaceUserPermissions(tx, input.user_id, permissions);
  });
}

export async function changeNotifications(
  deps: Deps,
  actor: Actor,
  userId: number,
  input: auth.ChangeNotificationsRequest,
) {
  if (userId !== actor.userId) await loadManageableUser(deps.db, actor, userId);
  if (input.email_rate !== null && !(await emailRateExists(deps.db, input.email_rate))) {
    throw new AppError('malformed_api_request', { email_rate: input.email_rate });
  }
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, userId, { emailRateId: input.email_rate });
    await replaceUserNotificationTypes(tx, userId, [...new Set(input.ntfy_types)]);
  });
}

/** Set by an administrator, the password is expired: the user's next login must change it. */
export async function changePasswordForce(deps: Deps, actor: Actor, userId: number, password: string) {
  const target = await loadManageableUser(deps.db, actor, userId);
  await assertPasswordAllowed(password, target.user);
  if (await verifyPassword(target.user.passwordHash, password)) throw new AppError('dublicate_password');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash, passwordExpired: true });
    await revokeUserSessions(tx, userId);
  });
}

export async function resetLoginFailures(deps: Deps, actor: Actor, userId: number) {
  const target = await loadManageableUser(deps.db, actor, userId);
  await clearFailures(deps.db, target.user.username);
}

/** A lost phone: the user's second factor is turned off and their sessions end. */
export async function resetSecondFactor(deps: Deps, actor: Actor, userId: number) {
  await loadManageableUser(deps.db, actor, userId);
  await deps.db.transaction(async (tx) => {
    await removeSecondFactor(tx, userId);
    await revokeUserSessions(tx, userId);
  });
}

/** Role 99 only: every user of the company must sign in with a second factor (or no longer). */
export async function setCompanySecondFactor(deps: Deps, actor: Actor, companyId: number, required: boolean) {
  if (!actor.isAdmin) throw new AppError('permission_required');
  const updated = await setCompanySecondFactorRequired(deps.db, companyId, required);
  if (!updated) throw new AppError('company_not_permitted', { company_id: companyId });
}

/**
 * Role 99 only: every user of the company must sign in through single sign-on (or no longer).
 * Turning it on ends the company's open sessions (but the administrator's own): they may have been
 * opened with a password, which the rule now refuses.
 */
export async function setCompanySso(deps: Deps, actor: Actor, companyId: number, required: boolean) {
  if (!actor.isAdmin) throw new AppError('permission_required');
  await deps.db.transaction(async (tx) => {
    const updated = await setCompanySsoRequired(tx, companyId, required);
    if (!updated) throw new AppError('company_not_permitted', { company_id: companyId });
    if (required) await revokeCompanySessions(tx, companyId, actor.userId);
  });
}

export async function setUserExcluded(deps: Deps, actor: Actor, userId: number, excluded: boolean) {
  // Nobody disables themselves: their own profile is never manageable.
  await loadManageableUser(deps.db, actor, userId);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, userId, { excluded });
    if (excluded) await revokeUserSessions(tx, userId);
  });
}
