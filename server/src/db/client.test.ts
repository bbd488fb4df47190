import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { openTestDatabase } from '../test/app';

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
});
