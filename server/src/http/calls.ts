import {
  BACKGROUND_REFRESH_HEADER,
  type CallDef,
  type CallRequest,
  type CallResponse,
} from '@extranet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from './errors';
import { type Actor, findActor, parseAuthorization, slideSession } from './session';

export interface Deps {
  db: Db;
  config: Config;
}

export interface CallContext {
  actor: Actor;
  request: FastifyRequest;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

function routeOptions(call: CallDef) {
  const [, tag] = call.path.split('/');
  return {
    schema: {
      body: call.request,
      response: { 200: call.response },
      summary: call.summary,
      tags: [tag ?? 'api'],
    },
  };
}

/**
 * Registers one contract call. The schema refuses bad input before the handler runs; the session
 * and the call's permission are checked here, once, whatever the menu of the web app shows.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  deps: Deps,
  call: C,
  handler: (input: CallRequest<C>, ctx: CallContext) => Promise<CallResponse<C>>,
) {
  app.post(call.path, {
    ...routeOptions(call),
    preHandler: async (request) => {
      const token = parseAuthorization(request.headers.authorization);
      const actor = token ? await findActor(deps.db, token) : undefined;
      if (!actor) throw new AppError('unauthorized');
      if (actor.limited && call.access !== 'limited') throw new AppError('forbidden');
      if (call.permission && !call.permission.some((p) => actor.permissions.has(p))) {
        throw new AppError('forbidden');
      }
      const background = request.headers[BACKGROUND_REFRESH_HEADER] === '1';
      if (!call.passive && !background)
        await slideSession(deps.db, actor.sessionId, deps.config.SESSION_IDLE_MINUTES);
      request.actor = actor;
    },
    handler: (request) => handler(request.body as CallRequest<C>, { actor: request.actor!, request }),
  });
}

export function registerPublicCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallRequest<C>, request: FastifyRequest) => Promise<CallResponse<C>>,
  extra: { config?: Record<string, unknown> } = {},
) {
  app.post(call.path, {
    ...routeOptions(call),
    ...extra,
    handler: (request) => handler(request.body as CallRequest<C>, request),
  });
}
