import {
  BACKGROUND_REFRESH_HEADER,
  type CallDef,
  type CallRequest,
  type CallResponse,
  type Language,
} from '@extranet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { readerLanguage } from '../i18n';
import { findKeyActor, limitKeyRate, parseBearer, recordKeyUse } from './api-key';
import { AuthFailureLimit } from './auth-failures';
import { AppError } from './errors';
import type { Metrics } from './metrics';
import { type Actor, findActor, hashToken, parseAuthorization, slideSession } from './session';
import { sessionCacheOf } from './session-cache';

export interface Deps {
  db: Db;
  config: Config;
  /** The 32-byte key that encrypts secrets at rest (secret-key.ts). */
  secretKey: Buffer;
  /** The app's own metrics registry and the counters the background work increments. */
  metrics: Metrics;
}

export interface CallContext {
  actor: Actor;
  request: FastifyRequest;
  /** The language the reader's screen shows: names and exports are given in it. */
  lang: Language;
}

const contextOf = (request: FastifyRequest): CallContext => ({
  actor: request.actor!,
  request,
  lang: readerLanguage(request.headers['accept-language'], request.actor!.lang),
});

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

/** Who may make a call, for the OpenAPI document: a session, or also an API key, or anyone. */
function securityOf(call: Pick<CallDef, 'access' | 'sessionOnly'>): Array<Record<string, string[]>> {
  if (call.access === 'public') return [];
  if (call.access === 'limited' || call.sessionOnly) return [{ session: [] }];
  return [{ session: [] }, { apiKey: [] }];
}

function routeOptions(call: CallDef, config: Record<string, unknown> = {}) {
  const [, tag] = call.path.split('/');
  return {
    schema: {
      body: call.request,
      response: { 200: call.response },
      summary: call.summary,
      tags: [tag ?? 'api'],
      security: securityOf(call),
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

const authFailureLimits = new WeakMap<object, AuthFailureLimit>();

function authFailureLimitOf(deps: Deps): AuthFailureLimit {
  let limit = authFailureLimits.get(deps.db);
  if (!limit) {
    limit = new AuthFailureLimit(deps.config.AUTH_FAILURE_RATE_LIMIT);
    authFailureLimits.set(deps.db, limit);
  }
  return limit;
}

/**
 * Who makes the call: a session (`SessionCode`), or an API key (`Bearer`), which is counted
 * against its rate limit before anything else is looked at. Neither: 401. A token that resolved to
 * nothing a moment ago is refused from memory (http/session-cache.ts); one the database does not
 * know counts against its address, which past AUTH_FAILURE_RATE_LIMIT a minute is answered 429
 * before any lookup (http/auth-failures.ts).
 */
async function authenticate(deps: Deps, request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
  const header = request.headers.authorization;
  const secret = parseBearer(header);
  const token = secret ? undefined : parseAuthorization(header);
  if (!secret && !token) throw new AppError('unauthorized');
  const cache = sessionCacheOf(deps.db);
  const held = token ? cache?.held(token) : undefined;
  if (held) return held;
  const limit = authFailureLimitOf(deps);
  const retryAfter = (seconds: number) => reply.header('Retry-After', seconds);
  limit.assertNotBlocked(request.ip, retryAfter);
  const tokenHash = hashToken(secret ?? token!);
  const knownMiss = cache?.isMiss(tokenHash) ?? false;
  let actor: Actor | undefined;
  if (!knownMiss) {
    if (secret) {
      const lookup = () => findKeyActor(deps.db, secret);
      actor = cache ? await cache.resolve(tokenHash, lookup) : await lookup();
    } else actor = await findActor(deps.db, token!);
  }
  if (!actor) {
    // RFC 6750: a refused bearer token says so in the challenge.
    if (secret) reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    if (!knownMiss) await limit.countFailure(deps.db, request.ip, retryAfter);
    throw new AppError('unauthorized');
  }
  if (actor.apiKeyId !== undefined)
    await limitKeyRate(deps.db, actor.apiKeyId, deps.config.API_KEY_RATE_LIMIT, reply);
  return actor;
}

type GateRule = Pick<CallDef, 'access' | 'permission' | 'passive' | 'sessionOnly' | 'personal'>;

/**
 * The gate of every route that needs a session: the session, a limited session's few calls and
 * the permission, checked from the headers alone, before any input is read. An API key makes the
 * calls a full session makes, except a person's own sign-in and access (`sessionOnly`, and the
 * limited session's calls: sign-out, password, second factor), and the calls about its maker as a
 * person (`personal`: discussions, files, profile, notifications) unless it was given the
 * `personal` scope: refused with 403 like a missing permission. A key acts only within what it was
 * given, never with the rest of what its maker may do.
 */
function sessionGate(deps: Deps, rule: GateRule) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = await authenticate(deps, request, reply);
    if (actor.apiKeyId !== undefined) {
      if (rule.sessionOnly || rule.access !== 'session')
        throw new AppError('forbidden', { reason: 'not_for_api_keys' });
      if (rule.personal && !actor.keyScopes?.has('personal'))
        throw new AppError('forbidden', { reason: 'scope_missing', scope: 'personal' });
    } else if ((actor.limited || actor.secondFactorSetup) && rule.access !== 'limited') {
      throw new AppError('forbidden');
    }
    if (rule.permission && !rule.permission.some((p) => actor.permissions.has(p))) {
      throw new AppError('forbidden');
    }
    const background = request.headers[BACKGROUND_REFRESH_HEADER] === '1';
    if (actor.apiKeyId !== undefined) await recordKeyUse(deps.db, actor.apiKeyId);
    else if (!rule.passive && !background)
      await slideSession(deps.db, actor.sessionId, deps.config.SESSION_IDLE_MINUTES);
    request.actor = actor;
  };
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
    onRequest: sessionGate(deps, call),
    preValidation: prepareBody,
    handler: (request) => handler(request.body as CallRequest<C>, contextOf(request)),
  });
}

/**
 * An export call (contract `exportRequest`): checked like any call, answered with a file the
 * handler sends on the reply.
 */
export function registerExport<C extends CallDef>(
  app: FastifyInstance,
  deps: Deps,
  call: C,
  handler: (input: CallRequest<C>, ctx: CallContext & { reply: FastifyReply }) => Promise<unknown>,
) {
  const { schema, config } = routeOptions(call);
  app.post(call.path, {
    schema: { ...schema, response: undefined },
    config,
    onRequest: sessionGate(deps, call),
    preValidation: prepareBody,
    handler: (request, reply) => handler(request.body as CallRequest<C>, { ...contextOf(request), reply }),
  });
}

/**
 * A route that is not a JSON call (a multipart upload, a file download) behind the same session
 * gate as every call: 401 and 403 are answered before a byte of the body is read.
 */
export function registerRawRoute(
  app: FastifyInstance,
  deps: Deps,
  route: {
    method: 'GET' | 'POST';
    path: string;
    summary: string;
    querystring?: ZodType;
    /** Any one of them, as a call's permission. */
    permission?: CallDef['permission'];
    /** A person's own route: refused to API keys (403), like a `sessionOnly` call. */
    sessionOnly?: boolean;
    /** About the person: an API key needs the `personal` scope (403), like a `personal` call. */
    personal?: boolean;
    /** Does not extend the session's idle expiry (DESIGN.md §5), as get_session. */
    passive?: boolean;
    /**
     * false: never compressed (a stream of events must reach the client as it is written; a file
     * keeps its Content-Length).
     */
    compress?: false;
  },
  handler: (request: FastifyRequest, reply: FastifyReply, ctx: { actor: Actor }) => Promise<unknown>,
) {
  const [, tag] = route.path.split('/');
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      summary: route.summary,
      tags: [tag ?? 'api'],
      security: securityOf({ access: 'session', sessionOnly: route.sessionOnly }),
      ...(route.querystring ? { querystring: route.querystring } : {}),
    },
    ...(route.compress === false ? { compress: false } : {}),
    onRequest: sessionGate(deps, {
      access: 'session',
      permission: route.permission,
      sessionOnly: route.sessionOnly,
      personal: route.personal,
      // Opening the stream is the app keeping a screen current: it does not extend the session.
      passive: route.passive,
    }),
    handler: (request, reply) => handler(request, reply, { actor: request.actor! }),
  });
}

/**
 * A route anyone may open that is not a JSON call: the browser's trips to and from a single
 * sign-on provider (a redirect, with the query the provider sends back), rate limited per address.
 */
export function registerPublicRawRoute(
  app: FastifyInstance,
  route: {
    method: 'GET';
    path: string;
    summary: string;
    querystring?: ZodType;
    rateLimit: { max: number; timeWindow: string };
  },
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  const [, tag] = route.path.split('/');
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      summary: route.summary,
      tags: [tag ?? 'api'],
      security: [],
      ...(route.querystring ? { querystring: route.querystring } : {}),
    },
    config: { rateLimit: route.rateLimit },
    handler,
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
