import { auth, PERMISSION_NAMES, PERMISSIONS, ROLE_NAMES, ROLES, roleRank } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall, registerExport } from '../../http/calls';
import { type ExportColumn, exportStyleOf, sendExport } from '../../http/export';
import { userExportQuery } from './users.repository';
import {
  addUser,
  changeAccess,
  changeGeneral,
  changeNotifications,
  changePasswordForce,
  changeUsername,
  getAddUserDefaults,
  getProfile,
  listLinkedCompanies,
  listUsers,
  resetLoginFailures,
  resetSecondFactor,
  scopeOf,
  setCompanySecondFactor,
  setCompanySso,
  setUserExcluded,
} from './users.service';

const OK = {};

/** The users list's columns, with the companies and language of each user. */
const USER_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'user_id', header: 'auth.users.export.id', type: 'number' },
  { key: 'username', header: 'auth.users.fields.username' },
  { key: 'fio', header: 'auth.users.fields.fio' },
  { key: 'email', header: 'auth.users.fields.email' },
  { key: 'role', header: 'auth.users.fields.role', values: 'auth.roles' },
  { key: 'companies', header: 'auth.users.fields.companies' },
  { key: 'lang', header: 'auth.users.fields.lang', values: 'layout.languages' },
  { key: 'excluded', header: 'auth.users.export.excluded', type: 'boolean' },
];

export function registerUserRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, auth.listLinkedCompanies, (input, { actor }) =>
    listLinkedCompanies(deps, actor, input),
  );
  registerCall(app, deps, auth.listUsers, (input, { actor }) => listUsers(deps, actor, input));
  registerExport(app, deps, auth.exportUsers, (input, { reply, ...ctx }) =>
    sendExport(reply, deps.db, {
      query: userExportQuery(deps.db, scopeOf(ctx.actor), input),
      columns: USER_EXPORT_COLUMNS,
      ...exportStyleOf(input, ctx),
      filename: 'users',
    }),
  );
  registerCall(app, deps, auth.getProfileSelf, (_input, { actor }) => getProfile(deps, actor, actor.userId));
  registerCall(app, deps, auth.getProfileForce, (input, { actor }) => getProfile(deps, actor, input.user_id));
  registerCall(app, deps, auth.getAddUserDefaults, async (_input, { actor }) => getAddUserDefaults(actor));
  registerCall(app, deps, auth.addUser, (input, { actor }) => addUser(deps, actor, input));

  registerCall(app, deps, auth.listRoles, async (input, { actor }) => ({
    items: ROLES.filter((role) => input.view || roleRank(role) <= roleRank(actor.role)).map((role) => ({
      role_id: role,
      name: ROLE_NAMES[role],
    })),
    more: false,
  }));
  registerCall(app, deps, auth.listPermissions, async () => ({
    items: PERMISSIONS.map((perm_id) => ({ perm_id, name: PERMISSION_NAMES[perm_id] })),
    more: false,
  }));

  registerCall(app, deps, auth.changeGeneralSelf, async (input, { actor }) => {
    await changeGeneral(deps, actor, actor.userId, input);
    return OK;
  });
  registerCall(app, deps, auth.changeGeneralForce, async (input, { actor }) => {
    await changeGeneral(deps, actor, input.user_id, input);
    return OK;
  });
  registerCall(app, deps, auth.changeAccess, async (input, { actor }) => {
    await changeAccess(deps, actor, input);
    return OK;
  });
  registerCall(app, deps, auth.changeUsername, async (input, { actor }) => {
    await changeUsername(deps, actor, input.user_id, input.username);
    return OK;
  });
  registerCall(app, deps, auth.changeNotificationsSelf, async (input, { actor }) => {
    await changeNotifications(deps, actor, actor.userId, input);
    return OK;
  });
  registerCall(app, deps, auth.changeNotificationsForce, async (input, { actor }) => {
    await changeNotifications(deps, actor, input.user_id, input);
    return OK;
  });
  registerCall(app, deps, auth.changePasswordForce, async (input, { actor }) => {
    await changePasswordForce(deps, actor, input.user_id, input.password_new);
    return OK;
  });
  registerCall(app, deps, auth.resetLoginFailures, async (input, { actor }) => {
    await resetLoginFailures(deps, actor, input.user_id);
    return OK;
  });
  registerCall(app, deps, auth.disableUser, async (input, { actor }) => {
    await setUserExcluded(deps, actor, input.user_id, true);
    return OK;
  });
  registerCall(app, deps, auth.enableUser, async (input, { actor }) => {
    await setUserExcluded(deps, actor, input.user_id, false);
    return OK;
  });
  registerCall(app, deps, auth.resetSecondFactor, async (input, { actor }) => {
    await resetSecondFactor(deps, actor, input.user_id);
    return OK;
  });
  registerCall(app, deps, auth.setCompanySso, async (input, { actor }) => {
    await setCompanySso(deps, actor, input.company_id, input.required);
    return {};
  });
  registerCall(app, deps, auth.setCompanySecondFactor, async (input, { actor }) => {
    await setCompanySecondFactor(deps, actor, input.company_id, input.required);
    return OK;
  });
}
