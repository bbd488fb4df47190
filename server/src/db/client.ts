import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
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

export interface DatabaseOptions {
  /** postgres://…: a real PostgreSQL; absent: the embedded one. */
  url?: string;
  /** The embedded database's directory; absent: in memory. */
  dir?: string;
  /** PostgreSQL: connections this process keeps open at most. */
  poolSize?: number;
  /** PostgreSQL: a statement running longer is cancelled (0: never). */
  statementTimeoutMs?: number;
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
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    const changes = new IdentityChanges();
    const db = await migrated(pool, changes, options);
    const listener = listenForIdentityChanges({ connectionString: options.url }, changes, options.log);
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
    await pool.query(LISTENED_CHANNELS.map((channel) => `listen ${channel}`).join('; '));
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

/** The drizzle database on a pool, its migrations applied (one instance at a time). */
async function migrated(pool: pg.Pool, changes: IdentityChanges, options: DatabaseOptions): Promise<Db> {
  const db = drizzle(pool, { schema, casing: 'snake_case', logger: identityWriteLogger(changes) });
  const client = await pool.connect();
  try {
    // Several instances may start together: one migrates, the others wait.
    options.log?.info('waiting for the migration lock of the database');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    options.log?.info('applying database migrations');
    await migrate(drizzle(client, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return db as unknown as Db;
}
