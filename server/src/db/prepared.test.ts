import { and, gte, like, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/app';
import type { Database, Executor } from './client';
import { executeByShape, inlineValues, Placeholders, type StatementValues } from './prepared';
import { rateLimits } from './schema';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`insert into rate_limits (key, window_start, hits)
    select 'prepared-' || n, now(), n from generate_series(1, 9) n`);
});

afterAll(async () => {
  await database?.close();
});

/** Our rate_limits keys whose hits are among `hits` and at least `min`: one shape, any values. */
function hitsQuery(db: Executor, values: StatementValues, hits: number[], min: number) {
  return db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(
      and(
        like(rateLimits.key, 'prepared-%'),
        values.among(rateLimits.hits, 'hits', hits),
        gte(rateLimits.hits, values.value('min', min) as number),
      ),
    )
    .orderBy(rateLimits.key);
}

const keysOf = (rows: Array<{ key: string }>) => rows.map((row) => row.key);

describe('statements prepared per shape', () => {
  it('builds a shape once and runs it with each run’s own values', async () => {
    const runs: Array<[number[], number, string[]]> = [
      [[1, 5, 7], 4, ['prepared-5', 'prepared-7']],
      [[2, 3], 1, ['prepared-2', 'prepared-3']],
      [[9], 10, []],
    ];
    const prepare = vi.fn();
    for (const [hits, min, expected] of runs) {
      const placeholders = new Placeholders();
      const query = hitsQuery(database.db, placeholders, hits, min);
      const built = query.prepare.bind(query);
      query.prepare = ((name: string) => {
        prepare(name);
        return built(name);
      }) as typeof query.prepare;
      const rows = await executeByShape(database.db, 'test hits', query, placeholders.values);
      expect(keysOf(rows)).toEqual(expected);
      // The same statement, its values written in as parameters, finds the same rows.
      expect(keysOf(await hitsQuery(database.db, inlineValues, hits, min))).toEqual(expected);
    }
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(prepare.mock.calls[0]![0]).toMatch(/^shape_[0-9a-f]{24}$/);
  });

  it('fails under test when a shape does not name all its text depends on', async () => {
    const first = new Placeholders();
    await executeByShape(database.db, 'test careless', hitsQuery(database.db, first, [1], 1), first.values);
    const other = new Placeholders();
    const query = database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${other.value('keys', 'prepared-1')}`);
    await expect(executeByShape(database.db, 'test careless', query, other.values)).rejects.toThrow(
      'the statement of shape test careless has another text than when it was prepared',
    );
  });

  it('runs unprepared inside a transaction, on the transaction', async () => {
    let found: string[] = [];
    const rolledBack = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update rate_limits set hits = 100 where key = 'prepared-1'`);
        const placeholders = new Placeholders();
        const query = hitsQuery(tx, placeholders, [100, 2], 50);
        query.prepare = () => {
          throw new Error('prepared inside a transaction');
        };
        found = keysOf(await executeByShape(tx, 'test hits', query, placeholders.values));
        tx.rollback();
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toBeInstanceOf(TransactionRollbackError);
    // The transaction's own write, seen by the statement: it ran on the transaction.
    expect(found).toEqual(['prepared-1']);
  });

  it('matches nothing for no ids, with parameters or a placeholder', async () => {
    const among = (values: StatementValues) =>
      database.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(values.among(rateLimits.hits, 'none', []));
    expect(await among(inlineValues)).toEqual([]);
    const placeholders = new Placeholders();
    expect(await executeByShape(database.db, 'test none', among(placeholders), placeholders.values)).toEqual(
      [],
    );
  });
});
