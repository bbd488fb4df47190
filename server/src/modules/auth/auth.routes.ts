import { auth } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall, registerPublicCall } from '../../http/calls';
import { hasUnseenNotifications } from '../../http/session';
import {
  beginTotp,
  changePasswordSelf,
  clientOf,
  confirmTotp,
  disableTotp,
  endOtherSessions,
  endSession,
  listSessions,
  login,
  logout,
  toSession,
} from './auth.service';

export function registerAuthRoutes(app: FastifyInstance, deps: Deps) {
  registerPublicCall(
    app,
    auth.login,
    (input, request) => login(deps, { ...input, client: clientOf(request) }),
    {
      config: { rateLimit: { max: deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } },
    },
  );

  registerCall(app, deps, auth.logout, async (_input, { actor }) => {
    await logout(deps, actor);
    return {};
  });

  // The session may come from the instance's cache; the bell's state is read now.
  registerCall(app, deps, auth.getSession, async (_input, { actor }) =>
    toSession({ ...actor, hasNewNotifications: await hasUnseenNotifications(deps.db, actor.userId) }),
  );

  registerCall(app, deps, auth.changePasswordSelf, (input, { actor, request }) =>
    changePasswordSelf(deps, {
      actor,
      passwordOld: input.password_old,
      passwordNew: input.password_new,
      client: clientOf(request),
    }),
  );

  registerCall(app, deps, auth.beginTotp, (_input, { actor }) => beginTotp(deps, actor));
  registerCall(app, deps, auth.confirmTotp, (input, { actor, request }) =>
    confirmTotp(deps, { actor, code: input.code, password: input.password, address: request.ip }),
  );
  registerCall(app, deps, auth.disableTotp, async (input, { actor, request }) => {
    await disableTotp(deps, { actor, password: input.password, address: request.ip });
    return {};
  });
  registerCall(app, deps, auth.listSessions, (_input, { actor }) => listSessions(deps, actor));
  registerCall(app, deps, auth.endSession, async (input, { actor }) => {
    await endSession(deps, actor, input.session_id);
    return {};
  });
  registerCall(app, deps, auth.endOtherSessions, (_input, { actor }) => endOtherSessions(deps, actor));
}
