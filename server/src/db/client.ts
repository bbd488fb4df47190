import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedDatabase, WaitingPool } from './embedded';
import {
  attachIdentityChanges,
  dispatchNotification,
  IdentityChanges,
  identityWriteLogger,
  LISTENED_CHANNELS,
  listenForIdentityChanges,
} from './identity-changes';
import { LendingPool } from './lending-pool';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** A repository function takes either the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connections' pool (the metrics read its counts); a WaitingPool for the embedded one. */
  pool: pg.Pool;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 7_236_001;

/**
 * Statements prepared once (db/prepared.ts, the session lookup) are still planned for the values of
 * each run: a plan made for no values in particular would serve a user of one consignee and one
 * of hundreds alike, and a list's indexes are chosen by how many rows the values select.
 */
const PLAN_CACHE_MODE = 'force_custom_plan';

/**
 * A page read out of order costs the planner about what one read in order does, not PostgreSQL's
 * default four times as much: the lists' indexes and rows are in memory or on SSD. At 4 the planner
 * built a common word's whole trigram bitmap rather than walk a date range's index to the count's
 * cap (docs/performance.md, "28 November 2026, session 2"). The embedded database is in memory and
 * was measured with its defaults; it keeps them.
 */
const RANDOM_PAGE_COST = 1.1;

export interface DatabaseOptions {
  /** postgres://…: a real PostgreSQL; absent: the embedded one. */
  url?: string;
  /** The embedded database's directory; absent: in memory. */
  dir?: string;
  /** PostgreSQL: connections this process keeps open at most. */
  poolSize?: number;
  /** PostgreSQL: a statement running longer is cancelled (0: never). */
  statementTimeoutMs?: number;
  /** PostgreSQL: how long a query waits for a connection to be made (0: as long as it takes). */
  connectTimeoutMs?: number;
  /**
   * The embedded database: how long a query may wait for it (behind the others) before the caller
   * gets a DatabaseBusyError (0: no limit). PGlite cannot stop a statement once it runs, so this
   * bounds what a request waits, not what a statement costs.
   */
  embeddedBudgetMs?: number;
  /** Says what a start is waiting on: the migration lock, a new embedded database, migrations. */
  log?: Pick<Logger, 'info'> & Partial<Pick<Logger, 'warn'>>;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new PostgresPool(
      {
        connectionString: options.url,
        max: options.poolSize ?? 10,
        // A connection whose peer went silent (a failover) is noticed by the operating system.
        keepAlive: true,
        options: `-c plan_cache_mode=${PLAN_CACHE_MODE} -c random_page_cost=${RANDOM_PAGE_COST}`,
        ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
        // While the database is away a call waits this long for a connection, then answers 503.
        ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
      },
      options.log,
    );
    const changes = new IdentityChanges();
    const db = await migrated(pool, changes, options);
    const listener = listenForIdentityChanges(
      {
        connectionString: options.url,
        // A connection whose peer went silent (a failover) is noticed, and a new one not waited on forever.
        keepAlive: true,
        ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
      },
      changes,
      options.log,
    );
    await listener.ready;
    attachIdentityChanges(db, changes);
    return {
      db,
      kind: 'postgres',
      pool,
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  if (options.dir) {
    const fresh = !existsSync(path.join(options.dir, 'PG_VERSION'));
    options.log?.info(
      { dir: options.dir },
      fresh ? 'creating the embedded database (first start)' : 'opening the embedded database',
    );
  }
  const embedded = await startEmbeddedDatabase({
    ...(options.dir ? { dir: options.dir } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  // One connection: PGlite has one backend, which the worker lends to one connection at a time.
  const pool = new WaitingPool(
    {
      ...embedded.connectionConfig,
      max: 1,
      idleTimeoutMillis: 0,
    },
    options.log,
  );
  // The one backend notifies itself: the notices come on whichever connection is in use.
  const changes = new IdentityChanges();
  pool.on('connect', (client) => {
    client.on('notification', (message) =>
      dispatchNotification(changes, message.channel, message.payload ?? ''),
    );
  });
  try {
    const db = await migrated(pool, changes, options);
    // The one backend's setting, for every connection the worker lends it to.
    await pool.query(
      [
        `set plan_cache_mode = ${PLAN_CACHE_MODE}`,
        ...LISTENED_CHANNELS.map((channel) => `listen ${channel}`),
      ].join('; '),
    );
    // The start (its connection, migrations) takes what it takes; the budget counts from here.
    pool.watch(options.embeddedBudgetMs ?? 0);
    attachIdentityChanges(db, changes);
    return {
      db,
      kind: 'pglite',
      pool,
      close: async () => {
        await pool.end();
        await embedded.close();
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    await embedded.close();
    throw error;
  }
}

/** At most one warning of lost connections in this time: a restart ends every connection at once. */
const LOST_WARN_EVERY_MS = 5_000;

/**
 * The pool of PostgreSQL connections, made to outlive the database's restarts and failovers.
 *
 * A connection PostgreSQL ends (a restart, a failover, pg_terminate_backend, idle_session_timeout)
 * is an 'error' event of the pool (an idle connection) or of its client (one lent out between two
 * queries); unheard, it would stop the process. The pool drops that connection and makes new ones
 * as they are needed; the queries that were running fail, and their calls answer 503.
 *
 * A client lent out whose connection ends is given back at once: drizzle's transaction() does not
 * release its client when `begin` fails (drizzle-orm 0.45, node-postgres/session.js, `begin` before
 * its try), and each such client would otherwise stay lent out for good, until no connection is left.
 */
class PostgresPool extends LendingPool {
  #lastWarning = Number.NEGATIVE_INFINITY;

  constructor(config: pg.PoolConfig, log: DatabaseOptions['log']) {
    super(config);
    const warn = (error: Error) => {
      if (performance.now() - this.#lastWarning < LOST_WARN_EVERY_MS) return;
      this.#lastWarning = performance.now();
      log?.warn?.({ error: error.message }, 'a database connection was lost: it is made again when needed');
    };
    this.on('error', warn);
    this.on('connect', (client) => client.on('error', warn));
  }

  // The pool's own queries (pool.query) lend with a callback and always give back.
  protected override lend(): Promise<pg.PoolClient> {
    return super.lend().then(releasedWhenEnded);
  }
}

/** The client, given back to its pool (once) if its connection ends while it is lent out. */
function releasedWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const ended = () => {
    if (released) return;
    released = true;
    release(new Error('the connection ended while lent out'));
  };
  client.once('end', ended);
  client.release = (error?: Error | boolean) => {
    client.off('end', ended);
    if (released) return;
    released = true;
    release(error);
  };
  return client;
}

let lastMigrationMs: number | undefined;

/**
 * Whether the database has every migration of this build (drizzle records each one it applies
 * with its folder's time; the last of the journal is this build's newest). A later build's
 * migrations count as applied too. One trivial query: readiness asks it.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  lastMigrationMs ??= Math.max(
    0,
    ...(
      JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
        entries: { when: number }[];
      }
    ).entries.map((entry) => entry.when),
  );
  const result = await db.execute(
    sql`select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
  );
  const [row] = (result as unknown as { rows: { last: string }[] }).rows;
  return Number(row?.last ?? 0) >= lastMigrationMs;
}

/** The drizzle database on a pool, its migrations applied (one instance at a time). */
async function migrated(pool: pg.Pool, changes: IdentityChanges, options: DatabaseOptions): Promise<Db> {
  const db = drizzle(pool, { schema, casing: 'snake_case', logger: identityWriteLogger(changes) });
  const client = await pool.connect();
  try {
    // A migration that rewrites a big table takes minutes, and an instance starting beside the
    // one running it waits for the lock as long: the calls' statement timeout is not theirs. The
    // connection goes back to the pool with the timeout it came with.
    await client.query('set statement_timeout = 0');
    // Several instances may start together: one migrates, the others wait.
    options.log?.info('waiting for the migration lock of the database');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    options.log?.info('applying database migrations');
    await migrate(drizzle(client, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
  return db as unknown as Db;
}
