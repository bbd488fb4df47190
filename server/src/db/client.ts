import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
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
  close(): Promise<void>;
  /** The embedded database's files as one archive (to copy it); absent on PostgreSQL. */
  dumpDataDir?: () => Promise<Blob>;
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 7_236_001;

export interface DatabaseOptions {
  /** postgres://…: a real PostgreSQL; absent: the embedded one. */
  url?: string;
  /** The embedded database's directory; absent: in memory. */
  dir?: string;
  /** The embedded database: start from this dump of another (tests copy one migrated database). */
  template?: Blob;
  /** PostgreSQL: connections this process keeps open at most. */
  poolSize?: number;
  /** PostgreSQL: a statement running longer is cancelled (0: never). */
  statementTimeoutMs?: number;
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
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: identityWriteLogger(changes) });
    const client = await pool.connect();
    try {
      // Several instances may start together: one migrates, the others wait.
      options.log?.info('waiting for the migration lock of the database');
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      options.log?.info('applying database migrations');
      await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    const listener = listenForIdentityChanges(options.url, changes, options.log);
    await listener.ready;
    attachIdentityChanges(db, changes);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  // The lists' trigram indexes need pg_trgm, which PGlite loads only when asked.
  const extensions = { pg_trgm };
  if (options.dir) {
    const fresh = !existsSync(path.join(options.dir, 'PG_VERSION'));
    options.log?.info(
      { dir: options.dir },
      fresh ? 'creating the embedded database (first start)' : 'opening the embedded database',
    );
  }
  const client = options.dir
    ? await PGlite.create(options.dir, { extensions })
    : await PGlite.create({ extensions, ...(options.template ? { loadDataDir: options.template } : {}) });
  // One process owns the embedded database; its triggers' notices arrive here too.
  const changes = new IdentityChanges();
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: identityWriteLogger(changes) });
  options.log?.info('applying database migrations');
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  for (const channel of LISTENED_CHANNELS)
    await client.listen(channel, (payload) => dispatchNotification(changes, channel, payload));
  attachIdentityChanges(db, changes);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
