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

function routeOptions(call: CallDef, config: Record<string, unknown> = {}) {
  const [, tag] = call.path.split('/');
  return {
    schema: {
      body: call.request,
      response: { 200: call.response },
      summary: call.summary,
      tags: [tag ?? 'api'],
    },
    config: { ...config, inputFailures: call.inputFailures },
  };
}

/**
 * Before the schema sees the body: a call made with no body at all takes `{}` (SPEC.md says
 * "no body" for some calls). Text the database cannot hold and bodies nested too deep were
 * refused by the JSON parser (app.ts, json-guard.ts).
 */
async function prepareBody(request: FastifyRequest) {
  if (request.body === undefined || request.body === null) request.body = {};
}

/**
 * Registers one contract call. The session and the call's permission are checked first, from the
 * headers alone, so a caller without them learns nothing about the call's input (401/403 before
 * any 400); then the schema refuses bad input before the handler runs. Checked here, once,
 * whatever the menu of the web app shows.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  deps: Deps,
  call: C,
  handler: (input: CallRequest<C>, ctx: CallContext) => Promise<CallResponse<C>>,
) {
  app.post(call.path, {
    ...routeOptions(call),
    onRequest: async (request) => {
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
    preValidation: prepareBody,
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
    ...routeOptions(call, extra.config),
    preValidation: prepareBody,
    handler: (request) => handler(request.body as CallRequest<C>, request),
  });
}
