import { auth } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall, registerPublicCall } from '../../http/calls';
import { changePasswordSelf, login, logout, toSession } from './auth.service';

export function registerAuthRoutes(app: FastifyInstance, deps: Deps) {
  registerPublicCall(app, auth.login, (input) => login(deps, input), {
    config: { rateLimit: { max: deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } },
  });

  registerCall(app, deps, auth.logout, async (_input, { actor }) => {
    await logout(deps, actor);
    return {};
  });

  registerCall(app, deps, auth.getSession, async (_input, { actor }) => toSession(actor));

  registerCall(app, deps, auth.changePasswordSelf, (input, { actor }) =>
    changePasswordSelf(deps, actor, { passwordOld: input.password_old, passwordNew: input.password_new }),
  );
}
