import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Database, migrationsApplied } from '../db/client';
import { sendFailure } from './errors';

/** Readiness gives the database this long to answer its trivial query. */
const READY_QUERY_MS = 2_000;
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * The instance's state as a balancer sees it: serving, or draining from the moment SIGTERM came
 * (readiness 503, new calls refused, running ones finished), until the process exits.
 */
export class Lifecycle {
  #draining = false;
  #inFlight = 0;
  #idle: Array<() => void> = [];
  #onDrain: Array<() => unknown> = [];

  get draining(): boolean {
    return this.#draining;
  }

  /** Done at the start of a drain: live streams closed, the jobs stopping. */
  onDrain(step: () => unknown): void {
    this.#onDrain.push(step);
  }

  /** A call came in; the returned function says it is over (counted once). */
  started(): () => void {
    this.#inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#inFlight--;
      if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
    };
  }

  /**
   * Stops taking work and waits for the calls and job steps running to finish, at most `graceMs`.
   * True when everything finished in time.
   */
  async drain(graceMs: number): Promise<boolean> {
    this.#draining = true;
    const steps = this.#onDrain.map(async (step) => step());
    const calls = new Promise<void>((resolve) => {
      if (this.#inFlight === 0) resolve();
      else this.#idle.push(resolve);
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), graceMs);
    });
    try {
      return await Promise.race([Promise.allSettled([calls, ...steps]).then(() => true), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Why the instance should get no traffic now, if it should not. */
async function unreadiness(lifecycle: Lifecycle, database: Database): Promise<string | undefined> {
  if (lifecycle.draining) return 'shutting down';
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(
      () => resolve(`the database did not answer within ${READY_QUERY_MS} ms`),
      READY_QUERY_MS,
    );
  });
  const answer = migrationsApplied(database.db).then(
    (applied) => (applied ? undefined : 'database migrations are not applied'),
    // Not the driver's message: it names the database's address, and a probe may be public.
    () => 'the database is unavailable',
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /healthz`: the process serves (a liveness probe: touches nothing). `GET /readyz`: the
 * instance should get traffic: its database answers and has this build's migrations, and it is not
 * shutting down (a balancer's health check). Neither is an API call: no session, no log line each.
 *
 * While draining, every other request is answered 503 `server_unavailable` with its connection
 * closed, so that a client or proxy tries another instance; the calls already running finish.
 */
export function registerLifecycleRoutes(
  app: FastifyInstance,
  lifecycle: Lifecycle,
  database: Database,
): void {
  const ends = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', async (request, reply) => {
    if (PROBES.has(request.url.split('?', 1)[0] ?? '')) return;
    if (lifecycle.draining) {
      reply.header('Connection', 'close').header('Retry-After', '1').header('Cache-Control', 'no-store');
      return sendFailure(reply, 503, { code: 'server_unavailable' });
    }
    const ended = lifecycle.started();
    ends.set(request, ended);
    // A stream taken over by its route (the live updates) ends with its connection.
    reply.raw.once('close', ended);
  });
  app.addHook('onResponse', async (request) => ends.get(request)?.());
  const probe = { logLevel: 'warn' as const };
  app.get('/healthz', probe, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', probe, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const reason = await unreadiness(lifecycle, database);
    if (reason) return reply.code(503).send({ status: 'unavailable', reason });
    return { status: 'ready' };
  });
}
