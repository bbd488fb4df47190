import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, testConfig } from '../test/app';
import type { Database } from './client';
import { isDatabaseBusy } from './errors';
import { identityChangesOf } from './identity-changes';

/** The rows of a raw query. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Keeps the embedded database busy for a second or so; started at once (drizzle's are lazy). */
const busy = (database: Database) =>
  database.db.execute(sql`select count(*) as n from generate_series(1, 2000000)`).then(() => {});

const warnings: Array<{ fields: unknown; message: string }> = [];
const log = {
  info: () => {},
  warn: (fields: unknown, message: string) => warnings.push({ fields, message }),
};

/** The embedded database in its worker thread, on a copy of the run's migrated template. */
const openEmbedded = (budgetMs = 0): Promise<Database> =>
  openTestDatabase({ embeddedBudgetMs: budgetMs, log: log as never });

describe('the embedded database in its worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmbedded();
    await database.db.execute(sql`create table tally (who int not null, n int not null)`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('leaves the event loop free while a statement runs', async () => {
    const order: string[] = [];
    const slow = busy(database).then(() => order.push('statement'));
    await new Promise((resolve) => setImmediate(resolve));
    order.push('event loop');
    await slow;
    expect(order).toEqual(['event loop', 'statement']);
  });

  it('keeps concurrent transactions apart: each sees its own writes, a rollback undoes only its own', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const outcomes = await Promise.allSettled(
      [1, 2, 3, 4].map((who) =>
        database.db.transaction(async (tx) => {
          for (let i = 0; i < 3; i++) {
            await tx.execute(sql`insert into tally (who, n) values (${who}, ${i})`);
            await pause();
          }
          const [mine] = rowsOf(
            await tx.execute(sql`select count(*)::int as n from tally where who = ${who}`),
          );
          const [all] = rowsOf(await tx.execute(sql`select count(*)::int as n from tally`));
          // Nobody else's uncommitted rows in sight: all rows are its own or committed ones.
          expect(mine!.n).toBe(3);
          expect(all!.n as number).toBeLessThanOrEqual(9);
          if (who === 2) throw new Error('undo');
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const rows = rowsOf(
      await database.db.execute(sql`select who, count(*)::int as n from tally group by who order by who`),
    );
    expect(rows).toEqual([
      { who: 1, n: 3 },
      { who: 3, n: 3 },
      { who: 4, n: 3 },
    ]);
  });

  it('hears the notices of session and notification changes', async () => {
    const changes = identityChangesOf(database.db)!;
    let identity = 0;
    let notifications = 0;
    changes.subscribe(() => identity++);
    changes.subscribeNotifications(() => notifications++);
    await database.db.execute(sql`select pg_notify('identity_changed', '')`);
    await database.db.execute(sql`select pg_notify('notifications_changed', '')`);
    await database.db.execute(sql`select 1`);
    expect(identity).toBeGreaterThan(0);
    expect(notifications).toBeGreaterThan(0);
  });
});

describe('the embedded database under more load than it is meant for', () => {
  let database: Database;
  beforeAll(async () => {
    warnings.length = 0;
    database = await openEmbedded(100);
  });
  afterAll(async () => {
    await database.close();
  });

  it('refuses a query that waited past its budget, and says once in the log to use PostgreSQL', async () => {
    const slow = busy(database);
    const waiting = await database.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(isDatabaseBusy(waiting)).toBe(true);
    await slow;
    const again = busy(database);
    const refused = await database.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(isDatabaseBusy(refused)).toBe(true);
    await again;
    expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('DATABASE_URL');
    expect(warnings[0]!.fields).toMatchObject({ refused: 1 });
  });

  it('answers a call that found the database busy past its budget with server_unavailable', async () => {
    const { app } = await buildApp(testConfig(), { database, jobs: false });
    try {
      const slow = busy(database);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'nobody', password: 'not-a-password' },
      });
      await slow;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ failure: { code: 'server_unavailable' } });
    } finally {
      await app.close();
    }
  });
});
