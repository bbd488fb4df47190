import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * Tells this process's cache of session lookups (http/session-cache.ts) that what a session token
 * resolves to may have changed: a session revoked or limited, a user's role, language or
 * exclusion, their permissions or companies, a company deactivated.
 *
 * Two sources: every statement this process sends that writes those tables (seen by drizzle's
 * query logger, before the statement runs, so this process never answers from an older lookup),
 * and, on PostgreSQL, the `identity_changed` channel the database's triggers notify once such a
 * change commits (migration 0019), which covers every other instance and `npm run admin`.
 */
export class IdentityChanges {
  #listeners = new Set<() => void>();
  #notificationListeners = new Set<() => void>();
  #committedListeners = new Set<(change: CommittedChange) => void>();
  #liveListeners = new Set<(live: boolean) => void>();
  /** False while changes of other instances may go unseen (the listening connection is down). */
  live = true;

  /**
   * Changes the database announced once they committed (migration 0023), from every instance:
   * what the live updates push to clients (http/live-events.ts).
   */
  subscribeCommitted(listener: (change: CommittedChange) => void): () => void {
    this.#committedListeners.add(listener);
    return () => this.#committedListeners.delete(listener);
  }

  emitCommitted(change: CommittedChange): void {
    for (const listener of this.#committedListeners) listener(change);
  }

  /** Told when changes stop or start being seen (the listening connection went down, came back). */
  subscribeLive(listener: (live: boolean) => void): () => void {
    this.#liveListeners.add(listener);
    return () => this.#liveListeners.delete(listener);
  }

  setLive(live: boolean): void {
    this.live = live;
    for (const listener of this.#liveListeners) listener(live);
  }

  /** Any statement that writes the notifications table (the header bell's state). */
  subscribeNotifications(listener: () => void): void {
    this.#notificationListeners.add(listener);
  }

  emitNotifications(): void {
    for (const listener of this.#notificationListeners) listener();
  }

  subscribe(listener: () => void): void {
    this.#listeners.add(listener);
  }

  emit(): void {
    for (const listener of this.#listeners) listener();
  }
}

/**
 * A change announced on commit: `notifications_changed` names the users whose bell changed
 * (`1,5,9`, or `*` for too many to name); `order_changed` is an order's move as JSON.
 */
export interface CommittedChange {
  channel: 'notifications_changed' | 'order_changed';
  payload: string;
}

/** The channels of committed changes the database announces (migrations 0019, 0022, 0023). */
export const LISTENED_CHANNELS = ['identity_changed', 'notifications_changed', 'order_changed'] as const;

/** One notification of the database, handed to the feed it concerns. */
export function dispatchNotification(changes: IdentityChanges, channel: string, payload: string): void {
  if (channel === 'identity_changed') changes.emit();
  else if (channel === 'notifications_changed') {
    changes.emitNotifications();
    changes.emitCommitted({ channel, payload });
  } else if (channel === 'order_changed') changes.emitCommitted({ channel, payload });
}

const feeds = new WeakMap<object, IdentityChanges>();

export function identityChangesOf(db: object): IdentityChanges | undefined {
  return feeds.get(db);
}

export function attachIdentityChanges(db: object, changes: IdentityChanges): void {
  feeds.set(db, changes);
}

// Statements as drizzle writes them (`update "sessions" set "revoked_at" = …`). An update counts
// when it sets a column the lookup reads; the sliding of a session's idle expiry starts with a
// comment (http/session.ts) and so is not one of them, nor is a user's last summary time.
const IDENTITY_WRITE =
  /^\s*(?:delete\s+from\s+"?(?:sessions|users|companies|user_permissions|user_companies)"?\s|(?:insert\s+into|update)\s+"?(?:user_permissions|user_companies)"?\s)/i;
const IDENTITY_UPDATE = /^\s*update\s+"?(sessions|users|companies)"?\s+set\s+([\s\S]*?)(?:\swhere\s|$)/i;
const IDENTITY_COLUMNS: Record<string, RegExp> = {
  sessions:
    /"?\b(?:revoked_at|limited|second_factor_setup|idle_expires_at|absolute_expires_at|user_id|token_hash)"?\s*=/i,
  users: /"?\b(?:username|fio|email|lang|role_id|excluded)"?\s*=/i,
  companies: /"?\bactive"?\s*=/i,
};

export function isIdentityWrite(query: string): boolean {
  if (IDENTITY_WRITE.test(query)) return true;
  const update = IDENTITY_UPDATE.exec(query);
  return update ? IDENTITY_COLUMNS[update[1]!.toLowerCase()]!.test(update[2]!) : false;
}

/** The drizzle query logger that spots this process's writes of identity tables. */
// Anywhere in the statement: notifications are written by `with … insert into … select`.
const NOTIFICATIONS_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?notifications"?[\s(]/i;

export function isNotificationsWrite(query: string): boolean {
  return NOTIFICATIONS_WRITE.test(query);
}

/** The drizzle query logger that spots this process's writes of identity tables. */
export function identityWriteLogger(changes: IdentityChanges): DrizzleLogger {
  return {
    logQuery(query) {
      if (isIdentityWrite(query)) changes.emit();
      if (isNotificationsWrite(query)) changes.emitNotifications();
    },
  };
}

/** The listening connection is made again after 0.25 s, then twice as long each time, up to 5 s. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;
const reconnectDelay = (attempt: number) =>
  Math.round(Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt) * (0.75 + Math.random() * 0.5));

/**
 * PostgreSQL: one connection of its own LISTENs on LISTENED_CHANNELS. While it is down the
 * changes are not live (the cache answers nothing from memory); once it is back, everything
 * cached before is dropped, since a change may have gone by unseen.
 */
export function listenForIdentityChanges(
  connection: pg.ClientConfig,
  changes: IdentityChanges,
  log?: Partial<Pick<Logger, 'warn'>>,
): { ready: Promise<void>; close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let attempts = 0;
  const retry = () => {
    timer = setTimeout(() => void reconnect(), reconnectDelay(attempts++));
  };

  const down = () => {
    changes.setLive(false);
    changes.emit();
    changes.emitNotifications();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client(connection);
    next.on('notification', (message) =>
      dispatchNotification(changes, message.channel, message.payload ?? ''),
    );
    next.on('error', () => {});
    next.on('end', () => {
      if (closed || client !== next) return;
      client = undefined;
      down();
      log?.warn?.('the connection listening for session changes ended: reconnecting');
      attempts = 0;
      retry();
    });
    try {
      await next.connect();
      await next.query(LISTENED_CHANNELS.map((channel) => `listen ${channel}`).join('; '));
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (attempts > 0)
      log?.warn?.({ attempts }, 'listening for session changes again: the caches start afresh');
    attempts = 0;
    changes.setLive(true);
    changes.emit();
    changes.emitNotifications();
  };
  const reconnect = async () => {
    if (closed) return;
    try {
      await connect();
    } catch {
      if (!closed) retry();
    }
  };
  down();
  return {
    ready: connect().catch(() => {
      if (!closed) retry();
    }),
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
