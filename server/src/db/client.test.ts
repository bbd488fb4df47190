import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { dropTestDatabase, openTestDatabase } from '../test/app';
import { migrationsApplied, openDatabase } from './client';

/** How many migrations the build has (drizzle's journal). */
const journalEntries = () =>
  (
    JSON.parse(readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

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

  it('plans each run of a prepared statement for its values, and a page read out of order as SSD reads it', async () => {
    const database = await openTestDatabase();
    try {
      const [plans] = rowsOf(await database.db.execute(sql`show plan_cache_mode`));
      expect(plans!.plan_cache_mode).toBe('force_custom_plan');
      const [pages] = rowsOf(await database.db.execute(sql`show random_page_cost`));
      // PostgreSQL's connections only: the embedded database keeps its defaults (db/client.ts).
      expect(pages!.random_page_cost).toBe(database.kind === 'postgres' ? '1.1' : '4');
    } finally {
      await database.close();
    }
  });

  it('migrates a new database whatever the statement timeout of the calls', async () => {
    const url = process.env.TEST_DATABASE_URL;
    // A new database, not a copy of the migrated template: every migration runs, at a timeout of
    // 1 ms that most of them would pass on PostgreSQL (the embedded database cancels nothing).
    if (url) {
      const name = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
        const target = new URL(url);
        target.pathname = `/${name}`;
        const database = await openDatabase({ url: target.toString(), statementTimeoutMs: 1 });
        await database.close();
        // Read apart, without the timeout: every migration of the build is recorded.
        const check = new pg.Client({ connectionString: target.toString() });
        await check.connect();
        const { rows } = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        await check.end();
        expect(rows[0].n).toBe(journalEntries());
      } finally {
        await admin.end();
        await dropTestDatabase(url, name);
      }
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'extranet-migrate-'));
      try {
        const database = await openDatabase({ dir, statementTimeoutMs: 1 });
        expect(await migrationsApplied(database.db)).toBe(true);
        await database.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
