import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { dropTestDatabase, openTestDatabase } from '../test/app';
import { type Database, migrationsApplied, openDatabase } from './client';

/** The rows of a raw query: each driver answers its own result type. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('database settings', () => {
  it('reads DATABASE_POOL_SIZE and DATABASE_STATEMENT_TIMEOUT_MS, with defaults', () => {
    expect(loadConfig({})).toMatchObject({ DATABASE_POOL_SIZE: 10, DATABASE_STATEMENT_TIMEOUT_MS: 30_000 });
    expect(loadConfig({ DATABASE_POOL_SIZE: '40', DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({
      DATABASE_POOL_SIZE: 40,
      DATABASE_STATEMENT_TIMEOUT_MS: 0,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('cancels a statement past the timeout on PostgreSQL; the embedded database has one connection', async () => {
    const database = await openTestDatabase({ poolSize: 2, statementTimeoutMs: 300 });
    try {
      if (database.kind === 'postgres') {
        const [row] = rowsOf(await database.db.execute(sql`show statement_timeout`));
        expect(row!.statement_timeout).toBe('300ms');
        await expect(database.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({
          cause: expect.objectContaining({ code: '57014' }),
        });
      } else {
        expect(database.kind).toBe('pglite');
        expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
      }
    } finally {
      await database.close();
    }
  });

  it('migrates a new database whatever the statement timeout of the calls', async () => {
    const url = process.env.TEST_DATABASE_URL;
    // A new database, not a copy of the migrated template: every migration runs, at a timeout of
    // 1 ms that most of them would pass on PostgreSQL (the embedded database cancels nothing).
    let database: Database;
    let drop: () => Promise<void>;
    if (url) {
      const name = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const target = new URL(url);
      target.pathname = `/${name}`;
      database = await openDatabase({ url: target.toString(), statementTimeoutMs: 1 });
      drop = () => dropTestDatabase(url, name);
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'extranet-migrate-'));
      database = await openDatabase({ dir, statementTimeoutMs: 1 });
      drop = async () => rmSync(dir, { recursive: true, force: true });
    }
    try {
      expect(await migrationsApplied(database.db)).toBe(true);
      if (database.kind === 'postgres') {
        // The calls keep their timeout.
        const [row] = rowsOf(await database.db.execute(sql`show statement_timeout`));
        expect(row!.statement_timeout).toBe('1ms');
      }
    } finally {
      await database.close();
      await drop();
    }
  });
});
