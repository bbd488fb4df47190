import { auth } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall, registerPublicCall, registerPublicRawRoute } from '../../http/calls';
import { AppError } from '../../http/errors';
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
import { exchangeSsoCode, finishSso, isSecureCookie, SSO_STATE_COOKIE, startSso } from './sso.service';

function stateCookie(deps: Deps, value: string, maxAgeSeconds: number): string {
  // Lax: sent on the provider's top-level redirect back, never on another site's sub-requests.
  const secure = isSecureCookie(deps.config) ? '; Secure' : '';
  return `${SSO_STATE_COOKIE}=${value}; Path=/api/auth/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function registerAuthRoutes(app: FastifyInstance, deps: Deps) {
  registerPublicCall(
    app,
    auth.login,
    (input, request) => login(deps, { ...input, client: clientOf(request) }),
    {
      config: { rateLimit: { max: deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } },
    },
  );

  const ssoRateLimit = { max: deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };
  registerPublicRawRoute(
    app,
    {
      method: 'GET',
      path: '/auth/sso/start',
      summary: 'Sends the browser to the single sign-on provider (OIDC_ISSUER).',
      rateLimit: ssoRateLimit,
    },
    async (request, reply) => {
      try {
        const { url, state } = await startSso(deps);
        reply.header('Set-Cookie', stateCookie(deps, state, 600));
        return reply.redirect(url, 303);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'sso_failed';
        if (!(error instanceof AppError))
          request.log.error({ err: error }, 'single sign-on provider unreachable');
        return reply.redirect(`/login#sso_error=${code}`, 303);
      }
    },
  );
  registerPublicRawRoute(
    app,
    {
      method: 'GET',
      path: '/auth/sso/callback',
      summary:
        'Where the provider sends the browser back; it goes on to the sign-in page with a one-time code.',
      rateLimit: ssoRateLimit,
    },
    async (request, reply) => {
      const search = request.raw.url?.split('?')[1] ?? '';
      const cookieState = cookieOf(request.headers.cookie, SSO_STATE_COOKIE);
      reply.header('Set-Cookie', stateCookie(deps, '', 0));
      let target: string;
      try {
        target = await finishSso(deps, { search, cookieState, log: request.log });
      } catch (error) {
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'single sign-on failed');
        target = `/login#sso_error=${error instanceof AppError ? error.code : 'sso_failed'}`;
      }
      return reply.redirect(target, 303);
    },
  );
  registerPublicCall(
    app,
    auth.ssoExchange,
    (input, request) => exchangeSsoCode(deps, { ...input, client: clientOf(request) }),
    { config: { rateLimit: ssoRateLimit } },
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
