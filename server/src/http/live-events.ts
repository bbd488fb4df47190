import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { orders } from '@extranet/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { type CommittedChange, type IdentityChanges, identityChangesOf } from '../db/identity-changes';
import { type Deps, registerRawRoute } from './calls';
import { AppError, sendFailure } from './errors';
import { type Actor, findActor } from './session';

/**
 * Live updates: one Server-Sent Events stream per open tab (`GET /api/events`), on which the
 * server pushes what changed for that user, so that screens refresh when something moved instead
 * of asking every few seconds:
 *
 * - `notifications`: the user's bell changed (a notification came, was seen, read or deleted);
 * - `order`: an order of the user's companies moved (`{kind, id, progress, status}`, status being
 *   the warehouse's code): its progress or status, its tracking, its exclusion, a new order.
 *
 * Fed by what the database announces once a change commits (migration 0023), on PostgreSQL from
 * every instance through the one listening connection (db/identity-changes.ts), on the embedded
 * database through its own notifications. A change rolled back is never announced.
 *
 * Each stream carries its session's actor: events go only to whom may see them (DESIGN.md §4: an
 * order to users of its consignee's company with the permission of its kind, or role 99; a bell to
 * its user). The actor is read again whenever who a session is may have changed and every
 * RECHECK_MS: a stream whose session ended (logout, revocation, expiry, a limited session) ends.
 */

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Each stream's session is read again this often (also at once on any change of sessions or users). */
const RECHECK_MS = 15_000;
/**
 * Streams one session may hold (LIVE_STREAMS_PER_SESSION, 4: its tabs, one browser shares a
 * session; on HTTP/1.1 a browser opens 6 connections per site, and past 4 streams the API's calls
 * would wait for one: a further tab polls instead) and one user across sessions
 * (LIVE_STREAMS_PER_USER, 16: browsers, devices). Past either: 429. The instance holds at most
 * LIVE_STREAMS_PER_INSTANCE streams (each one an open socket and a share of every event's work):
 * past it 503 with Retry-After, and the tab polls, or reaches another instance, meanwhile.
 */
interface Limits {
  perSession: number;
  perUser: number;
  perInstance: number;
}
/** How long a tab refused for a full instance waits before it asks again (Retry-After, seconds). */
export const FULL_RETRY_AFTER_SECONDS = 30;
/** A client that reads slower than events come is let go past this many unsent bytes. */
const MAX_UNSENT_BYTES = 64 * 1024;
/** A stream ended by a shutdown asks its client to come back after 1 to 4 s. */
const DRAIN_RETRY_MS = 1_000;
const DRAIN_RETRY_SPREAD_MS = 3_000;
/** Sessions read again at once, at most (the rest wait for these). */
const RECHECK_BATCH = 100;

interface LiveStream {
  actor: Actor;
  out: ServerResponse;
  end(): void;
}

interface OrderMove {
  kind: orders.OrderKind;
  id: number;
  company: number | null;
  progress: string;
  status: string | null;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const NOTIFICATIONS_FRAME = frame('notifications', {});

function parseOrderMove(payload: string): OrderMove | undefined {
  try {
    const move = JSON.parse(payload) as OrderMove;
    return move.kind in orders.ORDER_PERMISSION && Number.isInteger(move.id) ? move : undefined;
  } catch {
    return undefined;
  }
}

const mayFollowOrder = (actor: Actor, move: OrderMove) =>
  actor.permissions.has(orders.ORDER_PERMISSION[move.kind]) &&
  (actor.isAdmin || (move.company !== null && actor.companyIds.includes(move.company)));

export class LiveEvents {
  readonly #db: Db;
  readonly #changes: IdentityChanges | undefined;
  readonly #log: FastifyBaseLogger;
  readonly #limits: Limits;
  readonly #streams = new Set<LiveStream>();
  readonly #perSession = new Map<number, number>();
  readonly #perUser = new Map<number, number>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #unsubscribe: Array<() => void> = [];
  #rechecking = false;
  #recheckAgain = false;
  #recheckSoon: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(db: Db, log: FastifyBaseLogger, limits: Limits) {
    this.#db = db;
    this.#limits = limits;
    this.#changes = identityChangesOf(db);
    this.#log = log;
    const changes = this.#changes;
    if (changes) {
      this.#unsubscribe.push(
        changes.subscribeCommitted((change) => this.#dispatch(change)),
        // Changes may have gone by unseen: every stream ends, its client refreshes and reconnects.
        changes.subscribeLive((live) => {
          if (!live) this.#endAll();
        }),
      );
      changes.subscribe(() => this.#scheduleRecheck());
    }
    this.#timers.push(
      setInterval(() => this.#broadcast(':\n\n'), HEARTBEAT_MS),
      setInterval(() => void this.#recheck(), RECHECK_MS),
    );
    for (const timer of this.#timers) timer.unref();
  }

  /** Streams open now (the metrics' live streams gauge). */
  get openStreams(): number {
    return this.#streams.size;
  }

  /** Why a stream cannot be opened for this actor now, if it cannot. */
  refusal(actor: Actor): 'unavailable' | 'full' | 'too_many' | undefined {
    if (this.#stopped || !this.#changes?.live) return 'unavailable';
    if (this.#streams.size >= this.#limits.perInstance) return 'full';
    if ((this.#perSession.get(actor.sessionId) ?? 0) >= this.#limits.perSession) return 'too_many';
    if ((this.#perUser.get(actor.userId) ?? 0) >= this.#limits.perUser) return 'too_many';
    return undefined;
  }

  /**
   * A new stream for the actor on the response (its headers written), written to directly: no
   * stream in between, each event one write to the socket. It ends when the client goes, or its
   * session does.
   */
  open(actor: Actor, out: ServerResponse): void {
    let ended = false;
    const stream: LiveStream = {
      actor,
      out,
      end: () => {
        if (ended) return;
        ended = true;
        this.#streams.delete(stream);
        this.#count(this.#perSession, actor.sessionId, -1);
        this.#count(this.#perUser, actor.userId, -1);
        out.end();
      },
    };
    this.#streams.add(stream);
    this.#count(this.#perSession, actor.sessionId, 1);
    this.#count(this.#perUser, actor.userId, 1);
    out.on('close', stream.end);
    // The first bytes send the headers: the client knows at once that it is connected.
    out.write(': connected\n\n');
  }

  /**
   * The instance is shutting down: each stream is told when to come back (the SSE `retry` field,
   * spread over a few seconds so that the clients do not all return at once, to another instance)
   * and ended; no new one opens.
   */
  drain(): void {
    this.#stopped = true;
    for (const stream of [...this.#streams]) {
      stream.out.write(`retry: ${DRAIN_RETRY_MS + Math.floor(Math.random() * DRAIN_RETRY_SPREAD_MS)}\n\n`);
      stream.end();
    }
  }

  stop(): void {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    clearTimeout(this.#recheckSoon);
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#endAll();
  }

  #count(counts: Map<number, number>, key: number, delta: number): void {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  }

  #endAll(): void {
    for (const stream of [...this.#streams]) stream.end();
  }

  #write(stream: LiveStream, text: string): void {
    if (stream.out.writableLength > MAX_UNSENT_BYTES) {
      stream.end();
      return;
    }
    stream.out.write(text);
  }

  #broadcast(text: string): void {
    for (const stream of this.#streams) this.#write(stream, text);
  }

  #dispatch(change: CommittedChange): void {
    if (change.channel === 'order_changed') {
      const move = parseOrderMove(change.payload);
      if (!move) return;
      const text = frame('order', {
        kind: move.kind,
        id: move.id,
        progress: move.progress,
        status: move.status,
      });
      for (const stream of this.#streams) if (mayFollowOrder(stream.actor, move)) this.#write(stream, text);
      return;
    }
    if (change.payload === '*') {
      this.#broadcast(NOTIFICATIONS_FRAME);
      return;
    }
    const users = new Set(change.payload.split(',').map(Number));
    for (const stream of this.#streams)
      if (users.has(stream.actor.userId)) this.#write(stream, NOTIFICATIONS_FRAME);
  }

  /** Soon, not at once: a change seen as this process sends it is read once it has committed. */
  #scheduleRecheck(): void {
    if (this.#recheckSoon || this.#streams.size === 0) return;
    this.#recheckSoon = setTimeout(() => {
      this.#recheckSoon = undefined;
      void this.#recheck();
    }, 50);
  }

  /**
   * Reads every stream's session again (from the instance's session cache, which any change of
   * sessions or users empties): a session that ended ends its streams; one that changed (its
   * companies, its permissions) filters their events from then on.
   */
  async #recheck(): Promise<void> {
    if (this.#rechecking) {
      this.#recheckAgain = true;
      return;
    }
    this.#rechecking = true;
    try {
      do {
        this.#recheckAgain = false;
        const streams = [...this.#streams];
        for (let i = 0; i < streams.length && !this.#stopped; i += RECHECK_BATCH) {
          await Promise.all(streams.slice(i, i + RECHECK_BATCH).map((stream) => this.#recheckOne(stream)));
        }
      } while (this.#recheckAgain && !this.#stopped);
    } finally {
      this.#rechecking = false;
    }
  }

  async #recheckOne(stream: LiveStream): Promise<void> {
    if (!this.#streams.has(stream)) return;
    try {
      const actor = await findActor(this.#db, stream.actor.token);
      if (!actor || actor.limited || actor.secondFactorSetup) stream.end();
      else stream.actor = actor;
    } catch (error) {
      // The database is unreachable for a moment: the stream stays, the next round asks again.
      this.#log.warn({ err: error }, 'could not read the session of a live stream');
    }
  }
}

/** `GET /api/events`: the stream of live updates of the caller's session. */
export function registerLiveEvents(app: FastifyInstance, deps: Deps): LiveEvents {
  const live = new LiveEvents(deps.db, app.log, {
    perSession: deps.config.LIVE_STREAMS_PER_SESSION,
    perUser: deps.config.LIVE_STREAMS_PER_USER,
    perInstance: deps.config.LIVE_STREAMS_PER_INSTANCE,
  });
  app.addHook('preClose', async () => live.stop());
  registerRawRoute(
    app,
    deps,
    {
      method: 'GET',
      path: '/events',
      summary:
        'Live updates of the session (text/event-stream): `notifications` when the bell changed, `order` ({kind, id, progress, status}) when an order of the user moved',
      sessionOnly: true,
      passive: true,
      compress: false,
    },
    async (request, reply, { actor }) => {
      const refusal = live.refusal(actor);
      if (refusal === 'unavailable') return sendFailure(reply, 503, { code: 'server_unavailable' });
      if (refusal === 'full') {
        reply.header('Retry-After', FULL_RETRY_AFTER_SECONDS);
        return sendFailure(reply, 503, {
          code: 'server_unavailable',
          details: { reason: 'too_many_streams' },
        });
      }
      if (refusal === 'too_many') throw new AppError('rate_limited', { reason: 'too_many_streams' });
      // The stream is this route's own from here: the headers set so far (no-store, helmet's) and
      // its own are written, and events go straight to the socket.
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        // nginx and some other proxies buffer an answer unless told not to.
        'x-accel-buffering': 'no',
      });
      live.open(actor, reply.raw);
      // The access log's line, once the stream ends (Fastify's own hooks leave a taken-over reply).
      reply.raw.once('close', () =>
        request.log.info(
          { method: 'GET', path: '/api/events', status: 200, ms: Math.round(reply.elapsedTime) },
          'request',
        ),
      );
    },
  );
  return live;
}
