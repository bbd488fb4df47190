import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/app';
import type { Database } from './client';
import { isDatabaseUnavailable } from './errors';
import { maintainEmbeddedDatabase } from './maintenance';

let database: Database;
const log = () =>
  ({ info: vi.fn(), warn: vi.fn() }) as never as Parameters<typeof maintainEmbeddedDatabase>[1];
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('the embedded database maintenance', () => {
  it('vacuums and analyzes every table: the planner then knows how many rows each holds', async () => {
    await database.db.execute(sql`insert into rate_limits (key, window_start, hits)
      select 'maintenance-' || n, now(), 1 from generate_series(1, 3000) n`);
    // Half of them changed: dead row versions for the vacuum.
    await database.db.execute(sql`update rate_limits set hits = 2 where key like 'maintenance-%' and hits = 1
      and right(key, 1) in ('0', '2', '4', '6', '8')`);
    const logged = log();
    const tables = await maintainEmbeddedDatabase(database.db, logged);
    const [all] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname = 'public' and c.relkind = 'r'`,
    );
    expect(tables).toBe(all!.n);
    const [windows] = await rowsOf<{ tuples: number; stats: number }>(
      sql`select c.reltuples::int as tuples,
        (select count(*)::int from pg_stats where schemaname = 'public' and tablename = 'rate_limits') as stats
        from pg_class c where c.relname = 'rate_limits'`,
    );
    expect(windows!.tuples).toBeGreaterThanOrEqual(3000);
    expect(windows!.stats).toBeGreaterThan(0);
    expect((logged as unknown as { info: ReturnType<typeof vi.fn> }).info).toHaveBeenCalledWith(
      { tables, ms: expect.any(Number) },
      'embedded database vacuumed and analyzed',
    );
  });

  it('logs a table that fails and goes on, and ends the round when the database goes away', async () => {
    const vacuumed: string[] = [];
    let calls = 0;
    // The tables a, b, c, d: a's vacuum fails, c's finds the database gone.
    const db = {
      execute: async () => {
        calls += 1;
        if (calls === 1) return { rows: ['a', 'b', 'c', 'd'].map((name) => ({ name })) };
        const table = ['a', 'b', 'c', 'd'][calls - 2]!;
        if (table === 'a')
          throw Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
        if (table === 'c') throw Object.assign(new Error('terminating connection'), { code: '57P01' });
        vacuumed.push(table);
        return { rows: [] };
      },
    } as never;
    const logged = log();
    const error = await maintainEmbeddedDatabase(db, logged).catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(vacuumed).toEqual(['b']);
    expect((logged as unknown as { warn: ReturnType<typeof vi.fn> }).warn).toHaveBeenCalledWith(
      { table: 'a', error: 'canceling statement due to lock timeout' },
      'embedded database maintenance skipped a table',
    );
  });
});
